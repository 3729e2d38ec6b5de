"""[165] 原神: what the YAML vocabulary cannot say — 占星师<命运洪流>'s free list, and the
[真爱情侣]'s 判定 of 丘比特<丘比特之箭>.

The list names seats with their [实际身份] ("3号=预言家 5号=女巫"): the check says what is wrong with
it; the effect keeps as 结算目标 the seats named, if every one is right, and none otherwise.

The lovers' 判定 goes down the post's list in order and names the first line that holds as the
act's choice, which the skill's effects then follow (`if_choice`).
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


# 如果情侣之一是炸弹，上帝使徒，双子星，证婚人或持有[隐身][真爱情侣]状态，链接情侣无效
VOID_ROLES = ("炸弹", "上帝使徒", "双子星光", "双子星暗")
VOID_STATUSES = ("隐身", "真爱情侣", "证婚人")
VILLAGE, WOLVES, UNSETTLED, LOVERS = "村民阵营", "狼人阵营", "不定阵营", "黑情侣阵营"


def lovers(ctx: EffectCtx) -> None:
    """[真爱情侣]按照以下条目顺次判定: the act's choice becomes the line that holds — 虚情 (another
    role holding the skill: 其他角色获得该技能时…[虚情情侣]), 无效, 不定, 三方, 黑情侣 (狼+村民), 双狼,
    双民. The lover who decides the camp (三方's, the 狼 of 狼+村民) is put first, the acting seat last."""
    game, st = ctx.game, ctx.game.st
    card = st.seat(ctx.actor).card
    if ctx.skill is not None and ctx.skill.name not in game.rs.roles[card.dealt_as].skills:
        ctx.choice = "虚情"
        return
    _judge(ctx, void=True)


def lovers_again(ctx: EffectCtx) -> None:
    """若情侣中途发生阵营改变，按照上述顺序重新判定情侣归属: the same list down from 不定, the link standing
    (〔导演〕 its 无效 line — a lover holding [真爱情侣] — and 虚情 speak of linking, not of the lovers' camp)."""
    _judge(ctx, void=False)


def _judge(ctx: EffectCtx, void: bool) -> None:
    game = ctx.game
    st = game.st
    seats = [st.seat(t) for t in ctx.targets]
    camps = {s.no: VILLAGE if s.no == ctx.actor else s.camp for s in seats}  # 丘比特在情侣性质判定中按照村民阵营计算
    others = [c for c in camps.values() if c not in (VILLAGE, WOLVES, UNSETTLED, LOVERS)]
    if void and any(s.card.role in VOID_ROLES or any(s.has_status(n) for n in VOID_STATUSES) for s in seats):
        verdict = "无效"
    elif UNSETTLED in camps.values():
        verdict = "不定"
    elif others:
        verdict = "三方"
    elif set(camps.values()) == {VILLAGE, WOLVES}:
        verdict = "黑情侣"
    elif set(camps.values()) == {WOLVES}:
        verdict = "双狼"
    elif set(camps.values()) == {VILLAGE}:
        verdict = "双民"
    else:  # 〔导演〕 a lover already of the 黑情侣阵营 (鬼魂新娘's 证婚人 aside): the 黑情侣's line
        verdict = "黑情侣"
    first = {"三方": others[0] if others else "", "黑情侣": WOLVES}.get(verdict, "")
    ctx.targets.sort(key=lambda t: (t == ctx.actor, camps[t] != first))
    ctx.choice = verdict
    game.log("hook", f"情侣判定：{verdict}", ctx.source_name)


HOOKS = {
    "命运洪流名单": check_fate,
    "命运洪流": fate,
    "情侣判定": lovers,
    "情侣重判": lovers_again,
}
