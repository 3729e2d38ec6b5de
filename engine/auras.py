"""Auras: statuses a skill keeps on its holder's neighbours in the 电梯楼 (守护灵光: 圣武士和当天电梯楼相邻的
[村民阵营]角色获得[秩序]; 邪祟灵光). 电梯楼相关效果都排除当前已出局成员，并且首尾算作相邻 (002 L430), so
the neighbours change as seats go out: ``refresh`` recomputes every aura as a step opens, as the day
opens and after each out, taking away what no aura gives any more and granting what is new (its
``until`` is ``aura:<skill>``, its source the holder). A holder out gives the auras of the skills it
may use out (鬼情: 以此获得的技能即使自己已出局也可以使用或者有效)."""

from __future__ import annotations

from functools import partial
from typing import Any

from engine import cards, conditions
from engine.context import Context
from engine.ruleset.model import Skill
from engine.state import GameState, Seat, StatusInstance

Key = tuple[int, str, int, str]  # (holder of the status, status, giver, until)


def beside(st: GameState, no: int) -> list[int]:
    """The living seats next to seat ``no``, one on each side, seats out skipped, first and last adjacent."""
    living = [s.no for s in st.seats if s.alive or s.no == no]
    if len(living) < 2:
        return []
    at = living.index(no)
    return list(dict.fromkeys(n for n in (living[at - 1], living[(at + 1) % len(living)]) if n != no))


def _picked(st: GameState, holder: int, to: Any) -> list[int]:
    if to == "self":
        return [holder]
    among = conditions.compiled(to.get("among"))
    return [n for n in beside(st, holder) if among(st.seat(n), holder, st)]


def _ended(no: int, keep: set[Key], status: StatusInstance) -> bool:
    return status.until.startswith("aura:") and (no, status.name, status.source, status.until) not in keep


def _giving(game: Context, seat: Seat) -> list[Skill]:
    """The skills whose auras the seat gives: those it holds while in; once out, those usable out
    (鬼情: 以此获得的技能即使自己已出局也可以使用或者有效)."""
    if seat.alive:
        return cards.held_skills(game, seat)
    mine = cards.held(game, seat)
    return [h.skill for h in mine if h.state.when_out and cards.usable(game, seat, h, mine)]


def refresh(game: Context) -> None:
    """Every aura's statuses as the seats now stand: the ones no longer given end, new ones are granted."""
    if "aura" not in game.rs.passes:
        return
    st = game.st
    wanted: list[Key] = []
    for seat in st.seats:
        for skill in _giving(game, seat):
            for aura in skill.aura:
                wanted += [(n, aura.status, seat.no, f"aura:{skill.name}") for n in _picked(st, seat.no, aura.to)]
    keep = set(wanted)
    for seat in st.seats:
        for status in game.remove_statuses(seat, partial(_ended, seat.no, keep)):
            game.log("status", f"{game.who(seat.no)}不再因{status.until[5:]}持有[{status.name}]", status.until[5:])
    held = {(seat.no, s.name, s.source, s.until) for seat in st.seats for s in seat.statuses}
    for no, name, source, until in dict.fromkeys(wanted):
        if (no, name, source, until) not in held:
            game.grant_status(no, name, source=source, until=until, uses=None, rule=until[5:], quiet=True)
