"""变脸 (002 L193–194): 变脸者 puts one of its 底牌 (engine/kits.py ``deal_faces``) on top; 双重人格
shows one on top without its skills (``show_on_top``).

The card on top lends its role's skills — fresh, each resolved in that role's own step (its
definition, ``SkillState.of_role``) — until the next [黄昏] ends; its role is the seat's
[表面身份] (engine/appearance.py reads ``Seat.face``) and the kit a taker gets (engine/kits.py
``kit_role``). Each 底牌 goes on top once.
〔导演〕 A card put on top in a [黄昏] lasts to the end of the next game day's [黄昏] (下一次), so its
night skills serve that night; a new card on top ends the former's skills at once; the last card
stays on top (表面身份, a taker's kit) after its skills end, until another replaces it.
"""

from __future__ import annotations

from engine import kits
from engine.context import Context
from engine.state import Seat, lasting_until


def unused(seat: Seat) -> tuple[str, ...]:
    """The 底牌 not yet put on top: the words a ``choice_of: faces`` choice may be."""
    return tuple(name for name in seat.faces if name not in seat.faces_used)


def put_on_top(game: Context, actor: int, role: str, rule: str) -> None:
    """The actor's 底牌 ``role`` goes on top: the former card's skills end, this one's are gained fresh."""
    seat = game.st.seat(actor)
    if role not in unused(seat):
        return
    _drop(game, seat, rule)
    seat.face, seat.face_on = role, game.st.phase_key
    seat.faces_used.append(role)
    seat.face_skills = kits.take_kit(game, actor, role, rule)
    skills = "、".join(f"<{n}>" for n in seat.face_skills) or "无"
    game.feedback(actor, f"你将底牌{role}置顶，获得其技能：{skills}，持续至下一次[黄昏]结束。", rule)


def show_on_top(game: Context, actor: int, role: str, other: bool, rule: str) -> None:
    """双重人格: a 底牌 goes on top without its skills, as often as it is chosen — the one the choice
    names, or (``other``) the one not on top now (必须选择另外一张身份牌置顶)."""
    seat = game.st.seat(actor)
    if other:
        role = next((name for name in seat.faces if name != seat.face), "")
    if role not in seat.faces or role == seat.face:
        return
    seat.face, seat.face_on = role, game.st.phase_key
    game.changed(actor)
    game.log("face", f"{game.who(actor)}将底牌{role}置顶", rule)
    game.feedback(actor, f"你将底牌{role}置顶，表面身份为{role}，表面阵营为{game.rs.roles[role].camp}。", rule)


def end_at_dusk(game: Context) -> None:
    """A [黄昏] ends: the skills of each card put on top before it (not in it) end."""
    for seat in game.st.seats:
        if seat.face_skills and seat.face_on != game.st.phase_key:
            _drop(game, seat, "变脸")
            game.tell(seat.no, f"置顶底牌{seat.face}的技能已结束。")


def _drop(game: Context, seat: Seat, rule: str) -> None:
    """The skills the card on top lent end: gone from the card, with the statuses they gave."""
    names, seat.face_skills = seat.face_skills, []
    for name in names:
        state = seat.card.skills.get(name)
        if state is not None and state.of_role == seat.face:
            del seat.card.skills[name]
            game.remove_statuses(seat, lasting_until(f"skill:{name}"))
    if names:
        game.log("skill", f"{game.who(seat.no)}置顶底牌{seat.face}的技能结束：{'、'.join(names)}", rule)
        game.changed(seat.no)
