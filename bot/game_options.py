"""A game's options (variants, expansions, house rules) as the lobby sets and shows them.

``/新建 wuyu_town 新月扩展=开`` and ``/设置 轮次决胜=开`` name an option of the ruleset with its value;
a yes/no option named alone is switched on. The engine's start check still has the last word.
"""

from __future__ import annotations

from nonebot_plugin_orm import get_session
from sqlalchemy import update

from bot import chat
from bot.chat import Refused
from bot.store.models import GameRow
from bot.tables import Table
from engine.api import Option, Ruleset

YES = {"true", "开", "是", "1", "on", "yes"}
NO = {"false", "关", "否", "0", "off", "no"}


def is_option(rs: Ruleset, word: str) -> bool:
    """Whether a /设置 word names one of the ruleset's options (the rest are time settings)."""
    return chat.term(word).partition("=")[0] in rs.options


def parse(rs: Ruleset, words: list[str]) -> dict[str, object]:
    """``新月扩展=开 狼人胜负条件=1.1`` → typed values; refused, with what would be right, on any bad word."""
    values: dict[str, object] = {}
    for word in words:
        key, sep, raw = chat.term(word).partition("=")
        option = rs.options.get(key)
        if option is None:
            known = "、".join(rs.options) or "无"
            raise Refused(
                f"规则集 {rs.id} 没有选项「{chat.quote(key)}」（可用：{known}）。写法：选项=值，例如 {example(rs)}"
            )
        if not sep and True not in option.values:
            raise Refused(f"选项 {key} 需要写明取值：{key}={'/'.join(map(shown, option.values))}")
        values[key] = _value(option, raw if sep else "开")
    return values


def _value(option: Option, raw: str) -> object:
    for value in option.values:
        words = (YES if value else NO) if isinstance(value, bool) else {str(value)}
        if raw.lower() in words:
            return value
    if not option.values:
        return raw
    todo = f"（{option.name}尚未实现：{option.todo}）" if option.todo else ""
    allowed = "、".join(map(shown, option.values))
    raise Refused(f"选项 {option.name} 的值应为：{allowed}，「{chat.quote(raw)}」不是{todo}。")


def shown(value: object) -> str:
    """A value as the lobby writes it: 开/关 for yes/no."""
    if isinstance(value, bool):
        return "开" if value else "关"
    return str(value)


def example(rs: Ruleset) -> str:
    first = next(iter(rs.options.values()), None)
    return f"{first.name}={shown(first.values[-1] if first.values else first.default)}" if first else "（无选项）"


def describe(rs: Ruleset, chosen: dict[str, object] | None = None) -> str:
    """Each option with its value (the chosen one, else the default), its choices, and whether it waits."""
    parts = []
    for option in rs.options.values():
        value = (chosen or {}).get(option.name, option.default)
        choices = f"（可选：{'/'.join(map(shown, option.values))}）" if len(option.values) > 1 else ""
        todo = "（尚未实现）" if option.todo else ""
        parts.append(f"{option.name}={shown(value)}{choices}{todo}")
    return "，".join(parts)


async def set_options(table: Table, words: list[str]) -> str:
    """/设置 with option words, in the lobby: checked, stored, then kept on the table."""
    values = parse(table.rs, words)
    async with table.lock:
        if table.status != "lobby":
            raise Refused("游戏已经开始，选项（扩展、变体）不能再改。")
        merged = table.options | values
        async with get_session() as session:
            await session.execute(update(GameRow).where(GameRow.id == table.id).values(options=merged))
            await session.commit()
        table.options = merged
    return "已设置选项：" + "，".join(f"{k}={shown(v)}" for k, v in values.items()) + "。"
