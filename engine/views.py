"""What one seat may be told now: the texts a seat reads are built from here, never from the
true state where the two differ.

A seat knows the skills it holds — a skill lost without being told (长寿之命) still looks held
until it tries it; it sees the seats still in the game as the public does (an out tonight is
not known before 开门); it sees a team as the team's own 通知 introduced it; and it is told the
选择范围 of a skill only when it holds that skill. The ruleset's ``information`` section says
what each audience may know, and from when (tests/engine/audit.py checks every message by it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards, legal, texts
from engine.context import Context

if TYPE_CHECKING:
    from engine.ruleset.model import Skill
    from engine.state import Seat


def in_play(game: Context) -> list[Seat]:
    """The seats still in the game as everyone knows it (an out not yet announced is still in)."""
    return [s for s in game.st.seats if not cards.known_out(game, s)]


def range_text(game: Context, seat: Seat, name: str) -> str:
    """「选择范围：…。」 of a skill the seat holds; nothing for one it does not (its range is not
    the seat's to know: 杀人's would show who the wolves are)."""

    skill = next((s for s in skills_known(game, seat) if s.name == name), None)
    if skill is None or not skill.needs_targets:
        return ""
    return f"选择范围：{texts.options(game.rs, legal.legal_targets(game, seat, skill))}。"


def team_text(game: Context, team: str, members: list[Seat]) -> str:
    """A team as its members are told of it (the team's ``intro``): 狼人 learn only the set of
    their secret numbers, 情侣 each other's names and numbers."""
    rs = game.rs
    labels = (
        [f"{s.name}（{texts.target_label(rs, s)}）" for s in members]
        if rs.addressing == "secret_number"
        else [texts.target_label(rs, s) for s in members]
    )
    return rs.teams[team].intro.format(
        member_secrets="、".join(str(s.secret) for s in sorted(members, key=lambda s: s.secret)),
        member_labels="、".join(labels),
    )


def skills_known(game: Context, seat: Seat) -> list[Skill]:
    """The skills the seat holds as far as it knows: usable ones, and those lost unawares."""
    mine = cards.held(game, seat)
    return [h.skill for h in mine if _looks_usable(h, mine)]


def _looks_usable(holding: cards.Held, mine: list[cards.Held]) -> bool:
    """Uses left, not lost as far as the seat was told, and what it ``requires`` likewise."""
    state = holding.state
    if (state.lost and not state.unaware) or (state.uses is not None and state.uses <= 0):
        return False
    needed = next((h for h in mine if h.skill.name == holding.skill.requires), None)
    return not holding.skill.requires or (needed is not None and _looks_usable(needed, mine))
