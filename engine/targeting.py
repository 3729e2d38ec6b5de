"""The targeting chain of one act: whether it has any effect, and whom it reaches.

void        the user's skill has no effect on others, still spent: its user holds a
            ``void_acts`` status (花蝴蝶<拥抱>), a living member of its [团队] does, or a
            prediction named this very act (梦魇<迷梦>)
reached     the [结算目标] without the seats no skill affects (``immune``), each followed by
            the seats whose status follows it (``follows_source``: skills on 花蝴蝶 reach
            the seat she hugs as well)

What the seats reached set off (妖狐<咒缚>, 地雷<共亡>) is engine/using.py's; a seat using another's
skills tonight (怪盗<探囊取物>) is the ``borrow_skills`` verb's (engine/effects.py), and its loan
ends here at the night's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import caps
from engine.context import Context
from engine.state import Seat, lasting_until

if TYPE_CHECKING:
    from engine.ruleset.model import Skill


def void_reason(game: Context, seat: Seat, skill: Skill, chosen: list[int]) -> str:
    """Why this act has no effect on others (the rule), or ""."""
    st = game.st
    voiding = caps.giving(game, seat, "void_acts")
    if not skill.forced and voiding:
        return voiding[0]
    if skill.team:
        for mate in st.seats:
            if mate.alive and skill.team.team in mate.teams and (voiding := caps.giving(game, mate, "void_acts")):
                return voiding[0]
    if chosen and not skill.forced:
        team = skill.team.team if skill.team else ""
        for prediction in st.predictions:
            user, name, target, rule = prediction
            if name == skill.name and target == chosen[0] and (user == seat.no or team in st.seat(user).teams):
                st.predictions.remove(prediction)
                return rule
    return ""


def reached(game: Context, targets: list[int]) -> list[int]:
    """The seats an act on these targets affects, in order (immune ones out, followers in)."""
    st = game.st
    out: list[int] = []
    for target in targets:
        if not caps.has(game, st.seat(target), "immune"):
            out.append(target)
        for other in st.seats if game.rs.uses_status_flag("follows_source") else ():
            follows = [
                s for s in other.statuses if s.source == target and s.name in caps.giving(game, other, "follows_source")
            ]
            if follows and other.no not in out and other.no != target:
                out.append(other.no)
    return list(dict.fromkeys(out))


def predict(game: Context, actor: int, chosen: list[int], skill: str, rule: str) -> None:
    """迷梦: the first chosen seat's use of ``skill`` on the second tonight will be void."""
    if len(chosen) == 2:
        game.st.predictions.append((chosen[0], skill, chosen[1], rule))
        game.log("predict", f"{game.who(actor)}预测{game.who(chosen[0])}对{game.who(chosen[1])}使用{skill}", rule)


def night_ends(game: Context) -> None:
    """Borrowed skills go back; statuses held with them end."""
    st = game.st
    for seat in st.seats:
        if seat.borrowed:
            for name in seat.borrowed:
                game.remove_statuses(seat, lasting_until(f"skill:{name}", seat.no))
            seat.borrowed = {}
    if st.lent:
        game.changed()
    st.lent.clear()
    st.predictions.clear()
    st.attacks.clear()
