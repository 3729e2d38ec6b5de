"""[165] 原神: what the YAML vocabulary cannot say — 占星师<命运洪流>'s free list.

The list names seats with their [实际身份] ("3号=预言家 5号=女巫"): the check says what is wrong with
it; the effect keeps as 结算目标 the seats named, if every one is right, and none otherwise.
"""

from __future__ import annotations

from engine.api import Context, EffectCtx, Seat

FATE_FORMAT = "命运洪流写法：列出马甲与其[实际身份]，可以包括已出局角色，例如「命运洪流 3号=预言家 5号=女巫」。"


def _fate(game: Context, text: str) -> dict[int, str] | str:
    """The seats named with the role given to each, or what is wrong with the list."""
    pairs = text.replace("，", " ").replace(",", " ").replace("＝", "=").split()
    if not pairs:
        return FATE_FORMAT
    roles = {name for name, role in game.rs.roles.items() if role.dealt}
    named: dict[int, str] = {}
    for pair in pairs:
        who, sep, role = pair.partition("=")
        if not sep or not who or not role:
            return f"「{pair}」不是「马甲=身份」的写法。{FATE_FORMAT}"
        seat = game.target_from_text(who)
        if seat is None:
            return f"「{who}」不是本局的角色。{FATE_FORMAT}"
        if seat in named:
            return f"{game.label(seat)}写了两次。{FATE_FORMAT}"
        if role not in roles:
            return f"「{role}」不是本规则中的身份。{FATE_FORMAT}"
        named[seat] = role
    return named


def check_fate(game: Context, seat: Seat, text: str) -> str | None:
    parsed = _fate(game, text)
    return parsed if isinstance(parsed, str) else None


def fate(ctx: EffectCtx) -> None:
    """全部正确: the seats named become the 结算目标 of the effects after it; otherwise none."""
    game = ctx.game
    named = _fate(game, ctx.choice or "")
    assert not isinstance(named, str)  # the check refused it before
    right = all(game.st.seat(no).cards[0].role == role for no, role in named.items())
    game.log("hook", f"命运洪流{'全部正确' if right else '有错误'}", "命运洪流")
    ctx.targets = sorted(named) if right else []


HOOKS = {
    "命运洪流名单": check_fate,
    "命运洪流": fate,
}
