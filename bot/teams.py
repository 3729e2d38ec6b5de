"""Team groups (狼群, 情侣群 …): pre-created QQ groups bound to a game's teams.

No OneBot implementation can create a group or invite a member, so a director creates
the group and makes the bot admin; the bot then approves join requests only from the
team's roster, removes anyone else, sets each member's 群名片 to the character name,
posts the roster, and follows every membership change the rules cause.

Removing people is the bot's sharpest tool, so a group is bound only when no game holds it
already (as its main group or a team group), the director binding it is its owner or admin
in QQ, and the bot is admin there. When the bot lacks the rights (or a management call
fails) the directors are told by DM, once, and the group is synced again when rights arrive.
"""

from __future__ import annotations

import time
from typing import Any

from nonebot import logger
from nonebot.adapters.onebot.v11 import ActionFailed, Bot, NetworkError
from nonebot_plugin_orm import get_session
from sqlalchemy import delete

from bot import outbox
from bot.chat import Refused
from bot.outbox import Recipient
from bot.store.models import BindingRow
from bot.tables import Table, tables


def names(table: Table, team: str) -> str:
    members = [p.name for p in table.players if p.qq in table.roster(team)]
    return "、".join(members) or "（暂无）"


MANAGERS = frozenset({"owner", "admin"})
_warned: set[tuple[int, int]] = set()  # (game, group) whose directors were told the bot cannot manage it


class NoRights(Exception):
    """The bot is not admin of a bound group: it manages nothing there until it is."""


def _label(table: Table, team: str) -> str:
    return table.rs.teams[team].group or team


def _free(table: Table, team: str, group_id: int) -> None:
    """Refused when some game already holds this group: as a main group, or another team's group."""
    main = tables.in_group(group_id)
    if main is not None:
        raise Refused(f"群 {group_id} 是第 #{main.id} 局的主群，不能绑定为团队群。请另建一个群。")
    bound = tables.bound_to(group_id)
    if bound is not None and bound != (table, team):
        other, its = bound
        raise Refused(f"群 {group_id} 已绑定为第 #{other.id} 局的{_label(other, its)}，不能再绑定。请另建一个群。")


async def bind(table: Table, team: str, group_id: int, sender: int) -> None:
    """Bind a group the sender manages in QQ and the bot administers; its notes join the table's queue."""
    _free(table, team, group_id)
    bot = outbox.the_bot()
    if bot is None:
        raise Refused("QQ 尚未连接机器人，请稍后再绑定。")
    try:
        present = await _members(bot, group_id)
    except (ActionFailed, NetworkError) as failed:
        raise Refused(
            f"读不到群 {group_id} 的成员（机器人不在这个群里？）：请先邀请机器人入群并设为管理员。"
        ) from failed
    if present.get(sender, {}).get("role") not in MANAGERS:
        raise Refused(f"只有群 {group_id} 的群主或管理员可以把它绑定为团队群：你在这个群里不是。")
    if present.get(int(bot.self_id), {}).get("role") not in MANAGERS:
        raise Refused(
            f"机器人不是群 {group_id} 的管理员，无法审批入群、移出名单外成员、设置群名片。"
            "请在QQ里把机器人设为管理员，然后重新绑定。"
        )
    async with get_session() as session:
        await session.execute(delete(BindingRow).where(BindingRow.game_id == table.id, BindingRow.team == team))
        session.add(BindingRow(game_id=table.id, team=team, group_id=group_id))
        await session.commit()
    table.bindings[team] = group_id
    tables.index(table)
    if table.game is None:
        return  # synced when the game starts
    now = table.roster(team)
    await _sync(table, team, group_id, now, bool(now), present)
    table.rosters[team] = now


async def _members(bot: Bot, group: int) -> dict[int, dict[str, Any]]:
    return {m["user_id"]: m for m in await bot.get_group_member_list(group_id=group)}


async def follow(table: Table, force: bool = False, announce: bool = True) -> None:
    """Bring every bound group in line with its team's roster, when the roster changed
    (``force``: check anyway). ``announce`` posts the roster in the group when it changed.
    The notes it makes (invitations, the roster, warnings) join the table's queue."""
    if table.game is None:
        return
    for team, group in table.bindings.items():
        now = table.roster(team)
        changed = table.rosters.get(team) != now
        if not force and not changed:
            continue
        try:
            await _sync(table, team, group, now, announce and changed and bool(now))
        except NoRights:
            await warn(
                table,
                group,
                f"机器人不是{_label(table, team)}（群 {group}）的管理员：名单外的成员没有移出，群名片没有设置",
            )
            continue
        except ActionFailed as failed:
            await warn(table, group, f"管理{_label(table, team)}（群 {group}）失败：{_wording(failed)}")
            continue
        except NetworkError as failed:
            logger.warning(f"#{table.id} 同步{team}群 {group} 失败：{failed}")
            continue
        table.rosters[team] = now
        _warned.discard((table.id, group))


def _wording(failed: ActionFailed) -> str:
    info = failed.info if isinstance(failed.info, dict) else {}
    return str(info.get("wording") or info.get("message") or "QQ 拒绝了操作")[:100]


async def warn(table: Table, group: int, what: str) -> None:
    """Tell the directors by DM (once, until the group is managed again) that the bot cannot
    manage a bound group; the notes join the table's queue."""
    logger.warning(f"#{table.id} {what}")
    if (table.id, group) in _warned:
        return
    _warned.add((table.id, group))
    text = f"【#{table.id} 导演】{what}。请在QQ里把机器人设为管理员（群设置 → 群管理 → 设置管理员），之后会自动补做。"
    await outbox.store(
        table, [outbox.direct(table, table.seq, Recipient("user", qq), text) for qq in sorted(table.directors)]
    )


async def _sync(
    table: Table,
    team: str,
    group: int,
    members: frozenset[int],
    announce: bool,
    present: dict[int, dict[str, Any]] | None = None,
) -> None:
    """Kick, rename and invite (``present``: the group's member list, when just read); the notes
    are committed and queued. Raises NoRights when the bot is not admin there, before touching anyone."""
    bot = outbox.the_bot()
    if bot is None:
        return
    if present is None:
        present = await _members(bot, group)
    if present.get(int(bot.self_id), {}).get("role") not in MANAGERS:
        raise NoRights
    keep = members | table.directors | {int(bot.self_id)}
    for qq, member in present.items():
        if qq not in keep and member.get("role") == "member":
            await bot.set_group_kick(group_id=group, user_id=qq, reject_add_request=False)
    for qq in members & present.keys():
        await _card(bot, table, group, qq, present[qq].get("card", ""))
    label = _label(table, team)
    invited = table.rosters.get(team, frozenset())
    notes = [
        outbox.direct(  # by DM too: who joins later never sees what the group was told before
            table,
            table.seq,
            Recipient("user", qq),
            f"你是{label}的成员（{names(table, team)}）。请申请加入{label}：群号 {group}（机器人会自动通过）。",
        )
        for qq in sorted(members - present.keys() - invited)
    ]
    if announce:
        notes.append(
            outbox.direct(table, table.seq, Recipient("group", group), f"【{label}】成员：{names(table, team)}。")
        )
    await outbox.store(table, notes)


async def _card(bot: Bot, table: Table, group: int, qq: int, card: str) -> None:
    player = table.seat_of(qq)
    if player is not None and card != player.name:
        await bot.set_group_card(group_id=group, user_id=qq, card=player.name)


def allowed(group_id: int, qq: int) -> tuple[bool, str]:
    """May this QQ be in this group? Only a bound group's roster (and its directors) may."""
    bound = tables.bound_to(group_id)
    if bound is None:
        return True, ""
    table, team = bound
    if qq in table.roster(team) or qq in table.directors:
        return True, ""
    return False, f"你不在本局{_label(table, team)}的名单中。"


async def joined(bot: Bot, group_id: int, qq: int) -> None:
    """Someone entered a bound group: remove them if the rules do not put them there (the
    directors are told when the bot could not)."""
    bound = tables.bound_to(group_id)
    if bound is None or qq == int(bot.self_id):
        return
    table, team = bound
    ok, _ = allowed(group_id, qq)
    try:
        if not ok:
            await bot.set_group_kick(group_id=group_id, user_id=qq, reject_add_request=False)
            logger.info(f"#{table.id} 移出不在名单中的 {qq}（群 {group_id}，{time.strftime('%H:%M:%S')}）")
        else:
            await _card(bot, table, group_id, qq, "")
    except ActionFailed as failed:
        await warn(table, group_id, f"管理{_label(table, team)}（群 {group_id}）失败：{_wording(failed)}")
