"""Texts and small reads several rule modules share: a trigger's words, a command's syntax, the
sheriff's label and successors, a seat's out note, and the vote arithmetic of 最早最多."""

from __future__ import annotations

from engine import caps, cards, texts
from engine.context import Context
from engine.ruleset.model import Skill
from engine.state import Seat


def earliest_highest(weighted: list[tuple[int, int]]) -> tuple[int, int]:
    """Given (target, weight) in time order: the target that first reached the final top count."""
    final: dict[int, int] = {}
    for target, weight in weighted:
        final[target] = final.get(target, 0) + weight
    top = max(final.values())
    running: dict[int, int] = {}
    for target, weight in weighted:
        running[target] = running.get(target, 0) + weight
        if running[target] >= top and final[target] == top:
            return target, top
    raise AssertionError("unreachable: some target reaches the top count")


TRIGGER_WORDS = {
    "out": "出局后",
    "exiling": "因投票即将出局时",
    "step_open": "步骤开始时",
    "tie": "投票平票时",
    "top": "获得投票最多时",
    "targeted": "成为技能目标时",
    "vote_end": "投票结束后",
    "tally": "计票时",
    "other_out": "其他角色出局时",
    "other_used": "其他角色发动技能时",
}


def trigger_text(skill: Skill) -> str:
    """When a reaction may be sent, in the post's words (every trigger the vocabulary has)."""
    if skill.trigger is None:
        return "触发时"
    if skill.trigger.on == "exiling" and skill.trigger.anyone:
        return "有角色因投票即将出局时"
    return TRIGGER_WORDS.get(skill.trigger.on, "触发时")


def syntax(skill_name: str, needs_targets: bool) -> str:
    """How to send a skill: 「预言 目标」, or just 「暗示」 for one that takes no target."""
    return f"「{skill_name} 目标」" if needs_targets else f"「{skill_name}」"


def successors(game: Context, sheriff: int) -> list[Seat]:
    """Whom the sheriff may hand over to: every seat it knows to be in, itself aside (an out
    tonight is not known before 开门; the badge it gets passes on once that out is announced)."""
    return [
        s
        for s in game.st.seats
        if not cards.known_out(game, s) and s.no != sheriff and not caps.has(game, s, "no_sheriff")
    ]


def sheriff_label(game: Context, seat: int) -> str:
    rs = game.rs
    if rs.sheriff and rs.sheriff.public_label == "secret":
        return f"秘密数字{game.st.seat(seat).secret}"
    return texts.public_label(rs, game.st.seat(seat))


def out_note(seat: Seat) -> str:
    """With two cards, whether the seat lost one or is out for good (its cards stay secret)."""
    if len(seat.cards) < 2:
        return ""
    return "（两个身份均已出局）" if not seat.alive else "（出局一次）"
