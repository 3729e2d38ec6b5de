"""表面阵营 / 表面身份: how a seat is seen by checks, kept apart from the truth.

What a check sees starts from the truth — the seat's actual camp (实际阵营) and its current
card's role — and each appearance then writes over it, in the order they were gained (165:
最后发动的技能所造成的表面身份更换生效): first the role's own ``appears:`` (乱民<伪装>: seen as
村民阵营), then the 底牌 on top (变脸: [表面身份]变为置顶的身份, ``Seat.face``), then each held
status's ``appears:`` in grant order (侦探<犯罪天才>'s 判定村民 / 判定非村民), or the
伪装 chosen with it (雪狼<雪隐>: ``choice_of: disguise``, the status effect's ``look: choice``). An appearance marked ``final`` holds against those gained after it (a
ruleset's reading where one skill *decides* the feedback). Nothing here rewrites the truth:
victory, teams and the 揭秘帖 keep reading the actual camp and role.

Feedback reads the result through the fields ``{seen_camp}`` (worded by the ruleset's
``seen_words``: wuyu's 村民阵营 / 非村民阵营) and ``{seen_role}``. The field ``{surface_camp}``
is another fact: the current card's own camp, which the 双身份 post calls 表面阵营.

Beside camp and role, a check may see 表面带刀 (``{seen_knife}``: 有刀 / 无刀, from the truth of
002 L379, written over by ``knife``), and a role drawn from those dealt to nobody (``undealt``: 陌客's
wolf face). Skills that judge the 实际阵营 (not a check's 表面信息) ask ``judged_camp``: the truth,
unless a ``judged`` layer makes it another camp for that asker (陌客 for village skills, 愚面's
reversal, 仆役).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine import conditions
from engine.ruleset.status_parts import Appearance

if TYPE_CHECKING:
    from engine.context import Context
    from engine.ruleset.model import Effect, Skill
    from engine.state import Seat


def seen(game: Context, seat: Seat, aspect: str) -> str:
    """The seat's camp, role or 带刀 (``aspect``: camp | role | knife) as a check sees it now."""
    value = _truth(game, seat, aspect)
    fixed = False
    for layer, _ in _layers(game, seat):
        written = _written(game, seat, layer, aspect)
        if not written or fixed:
            continue
        value, fixed = written, layer.final
    return value


def seen_camp_word(game: Context, seat: Seat) -> str:
    """The seen camp in the ruleset's words: ``seen_words`` names it, or its ``else``, or the camp itself."""
    camp = seen(game, seat, "camp")
    words = game.rs.seen_words
    return words.get(camp, words.get("else", camp))


def seen_pool(game: Context, seat: Seat) -> str:
    """The pool (验人系, 狼人 …) of the role a check sees: 狼人系身份, 验人系身份."""
    role = game.rs.roles.get(seen(game, seat, "role"))
    return role.pool if role is not None else ""


def seen_matches(game: Context, seat: Seat, want: dict[str, Any]) -> bool:
    """Whether what a check sees matches every key of ``want`` ({camp, role, pool, knife}, each a name or a list)."""
    for aspect, value in want.items():
        names = value if isinstance(value, list) else [value]
        found = seen_pool(game, seat) if aspect == "pool" else seen(game, seat, aspect)
        if found not in names and not (aspect == "camp" and game.st.camp_classes.get(found) in names):
            return False
    return True


def effect_passes(game: Context, effect: Effect, subject: int | None, actor: int, first: int) -> bool:
    """An effect's ``if_seen`` (what a check sees in the subject), ``if_actor`` (the acting seat) and
    ``if_judged`` (the first target's 实际阵营 as the acting seat's skill judges it)."""
    st = game.st
    if effect.if_seen is not None and not (subject and seen_matches(game, st.seat(subject), effect.if_seen)):
        return False
    if effect.if_actor is not None and not (actor and conditions.holds(effect.if_actor, st.seat(actor), actor, st)):
        return False
    if effect.if_judged:
        judged = judged_camp(game, st.seat(first), actor) if first else ""
        return bool(first) and (judged in effect.if_judged or st.camp_classes.get(judged) in effect.if_judged)
    return True


def judged_camp(game: Context, seat: Seat, asker: int) -> str:
    """The seat's 实际阵营 as a skill of ``asker`` judges it: the truth, then each ``judged`` layer
    whose ``judged_by`` the asker meets, in grant order, the last one deciding (〔导演〕 when 仆役,
    陌客 and 愚面 meet, the latest wins: 愚面 reverses what the earlier ones made it)."""
    st = game.st
    value = seat.camp
    for layer, granted in _layers(game, seat):
        if not layer.judged or not asker:
            continue
        if asker == seat.no and layer.judged == "reverse":
            continue  # 被其他技能判定: not its own
        if layer.judged_by is not None and not conditions.holds(layer.judged_by, st.seat(asker), asker, st):
            continue
        value = _reversed(game, seat, value, granted) if layer.judged == "reverse" else layer.judged
    return value


def _reversed(game: Context, seat: Seat, camp: str, granted: str) -> str:
    """按照相反的阵营判定: the ruleset's first two camps swap; any other (三方或不定) is one of them at
    random, drawn once for that grant (the same answer to every skill until it ends)."""
    pair = list(game.rs.camps)[:2]
    if camp in pair and len(pair) == 2:
        return pair[1] if camp == pair[0] else pair[0]
    return random.Random(f"{game.st.seed}:{seat.no}:{granted}").choice(pair)


KNIVES = ("有刀", "无刀")


def _parts(choice: str | None) -> list[str]:
    return (choice or "").split("/")


def look_of(game: Context, choice: str | None) -> tuple[str, ...]:
    """A 伪装 choice's look: 表面阵营/表面身份/表面带刀, first (the parts after them are extras: 坚韧);
    none when the choice begins with no camp (隐狼 without 选项2)."""
    parts = _parts(choice)
    return tuple(parts[:3]) if parts[0] in game.rs.camps else ()


def look_extras(game: Context, choice: str | None) -> tuple[str, ...]:
    parts = _parts(choice)
    return tuple(parts[3:] if parts[0] in game.rs.camps else [p for p in parts if p])


def look_problem(game: Context, choice: str | None, skill: Skill) -> str:
    """What is wrong with a 伪装 choice ("阵营/身份/带刀", then the skill's ``choices`` as extras), or ""."""
    rs = game.rs
    extras, got = skill.choices, look_extras(game, choice)
    if skill.extras and (len(got) != skill.extras or len(set(got)) != len(got) or set(got) - set(extras)):
        return f"应从{'、'.join(extras)}中选择{skill.extras}项，以/分隔，例如「{'/'.join(extras[: skill.extras])}」。"
    if skill.look_if and not set(got) & set(skill.look_if):
        return "" if not look_of(game, choice) else f"只有选择{'、'.join(skill.look_if)}时才可写伪装。"
    camp, role, knife = (*look_of(game, choice), "", "", "")[:3]
    example = f"例如「村民阵营/{next(iter(rs.roles))}/无刀」" + (f"，可加「/{extras[0]}」" if extras else "")
    if camp not in rs.camps:
        return f"伪装应写作「表面阵营/表面身份/表面带刀」，{example}；阵营应为{'、'.join(rs.camps)}之一。"
    if role not in rs.roles:
        return f"伪装的表面身份「{role}」不是本规则的身份，{example}。"
    if knife not in KNIVES:
        return f"伪装的表面带刀应为有刀或无刀，{example}。"
    wrong = [x for x in got if x not in extras]
    if wrong:
        return f"伪装之后只可加{'、'.join(extras) or '（无）'}，「{wrong[0]}」不可，{example}。"
    return ""


def _layers(game: Context, seat: Seat) -> list[tuple[Appearance, str]]:
    """The appearances on the seat, the role's first, then its statuses' in grant order, each with
    the phase key of its grant."""
    rs = game.rs
    out: list[tuple[Appearance, str]] = []
    role = rs.roles[seat.card.role].appears
    if role is not None:
        out.append((role, ""))
    if seat.face:  # 变脸: [表面身份]变为置顶的身份; 双重人格: 表面阵营 too
        draw = rs.roles[seat.card.role].faces
        camp = rs.roles[seat.face].camp if draw is not None and draw.shows_camp else ""
        out.append((Appearance(camp=camp, role=seat.face), seat.face_on))
    for status in seat.statuses:
        layer = rs.statuses[status.name].appears
        if status.look:  # 伪装 chosen with the status (雪隐)
            layer = Appearance(camp=status.look[0], role=status.look[1], knife=status.look[2])
        if layer is not None:
            out.append((layer, status.granted_on))
    return out


def _truth(game: Context, seat: Seat, aspect: str) -> str:
    if aspect == "camp":
        return seat.camp
    if aspect == "role":
        return seat.card.role
    card = seat.card
    tags = {*card.tags, *game.rs.roles[card.role].tags}
    # A seat's own skill states include every card tag's skills, held or not (engine/game.py): 杀人 counts
    # on the card, or as the knife an ordered tag gives its holder (engine/knife.py).
    holds_kill = any(n == "杀人" and not s.lost for n, s in card.skills.items()) or seat.no in game.st.knife.values()
    return "有刀" if tags & {"群内", "接刀"} or holds_kill else "无刀"  # 实际带刀 (002 L379)


def _written(game: Context, seat: Seat, layer: Appearance, aspect: str) -> str:
    if aspect == "role" and layer.undealt:
        return _undealt_role(game, seat, layer.undealt)
    return str(getattr(layer, aspect))


def _undealt_role(game: Context, seat: Seat, camp: str) -> str:
    """A role of ``camp`` dealt to nobody in this game, drawn once for the seat (the same every time)."""
    dealt = {c.dealt_as for s in game.st.seats for c in s.cards}
    roles = [r.name for r in game.rs.roles.values() if r.camp == camp and r.name not in dealt]
    if not roles:
        return ""
    return random.Random(f"{game.st.seed}:{seat.no}:{camp}").choice(roles)
