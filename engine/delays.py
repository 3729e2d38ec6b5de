"""Held a day (165 凝滞: 效果延迟到下一天的同一时刻结算): a status with the ``delays`` capability holds
the acts its holder uses, the [指定] acts chosen on it, and the votes it casts and receives. A held
act keeps the [结算目标] it had when it was held (从选择目标过度到结算效果期间不会延迟) and resolves
when the same step closes one day later, once only (发动者和被发动者都有凝滞，也只延迟1天结算); its
user is told it waits. A held vote is counted in the next day's count (当天投的票数放在下一天结算)."""

from __future__ import annotations

from dataclasses import replace

from engine import caps
from engine.context import Context
from engine.ruleset.model import Skill
from engine.state import Act, Delayed, Vote


def is_held(game: Context, act: Act, skill: Skill) -> bool:
    """The act waits a day: its user holds ``delays``, or it is [指定] and a chosen target does."""
    st = game.st
    if act.settled is not None:  # already held once
        return False
    if caps.has(game, st.seat(act.seat), "delays"):
        return True
    return "指定" in skill.tags and any(caps.has(game, st.seat(t), "delays") for t in act.targets)


def hold(game: Context, act: Act, settled: list[int], step: str = "") -> None:
    """Keep the act, with its [结算目标], for this step (by day: ``step``) of the next day; its user is
    told it waits."""
    st = game.st
    step = step or game.rs.steps(st.phase)[st.step].name
    st.delayed.append(Delayed(st.day + 1, str(st.phase), step, replace(act, settled=tuple(settled))))
    aimed = f"对{'、'.join(game.who(t) for t in act.targets)}" if act.targets else ""
    game.log("delay", f"{game.who(act.seat)}{aimed}的{act.skill}因[凝滞]延迟到下一天的{step}结算", "凝滞")
    game.tell(act.seat, f"你的<{act.skill}>因[凝滞]延迟到下一天的同一时刻（{step}）结算。")


def waiting(game: Context, seat: int, skill: str) -> bool:
    """The seat's act of this skill is held for the next day."""
    return any(d.act.seat == seat and d.act.skill == skill and d.day > game.st.day for d in game.st.delayed)


def due(game: Context, step: str = "") -> list[Act]:
    """The acts held a day ago for the step now closing (by day: ``step``), in the order they were held."""
    st = game.st
    step = step or game.rs.steps(st.phase)[st.step].name
    now = [d for d in st.delayed if (d.day, d.phase, d.step) == (st.day, str(st.phase), step)]
    st.delayed = [d for d in st.delayed if d not in now and d.day >= st.day]
    return [d.act for d in now]


def counted_votes(game: Context, votes: list[Vote]) -> list[Vote]:
    """Today's count: today's votes less those cast by or for a ``delays`` holder (kept for tomorrow),
    with yesterday's held votes whose target is still in the game."""
    st = game.st
    kept: list[Vote] = []
    for vote in votes:
        held = caps.has(game, st.seat(vote.voter), "delays") or (
            vote.target is not None and caps.has(game, st.seat(vote.target), "delays")
        )
        if held:
            st.delayed_votes.append((st.day + 1, vote))
            to = f"投给{game.who(vote.target)}" if vote.target else "弃权"
            game.log("delay", f"{game.who(vote.voter)}{to}的票因[凝滞]放在下一天结算", "凝滞")
        else:
            kept.append(vote)
    due_now = [v for day, v in st.delayed_votes if day == st.day]
    st.delayed_votes = [(day, v) for day, v in st.delayed_votes if day > st.day]
    for vote in due_now:
        if vote.target is not None and st.seat(vote.target).alive:
            game.log("delay", f"{game.who(vote.voter)}前一天投给{game.who(vote.target)}的票在今天结算", "凝滞")
            kept.append(vote)
    return kept
