"""When a skill is ready, by the timeline: cool-downs that end with the game day, [排斥], [正午]'s window.

Today's posts cool a skill down per phase (``used_on`` is the phase key, checked in
engine/acting.py); the big posts reset every skill 每次天数更新时 (``flow.cooldown: game_day``) and
allow one [排斥] skill a day. Both read the game day apart from the phase, so a skill used in 黄昏
is still spent that night. [正午] skills keep to ``schedule.noon`` (engine/schedule.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards, skill_uses
from engine.phases import Phase, game_day
from engine.ruleset.model import Skill
from engine.schedule import noon_refusal
from engine.state import Seat

if TYPE_CHECKING:
    from engine.context import Context


def cooling(game: Context, seat: Seat, skill: Skill) -> str | None:
    """Why the skill is still cooling down this game day, or None."""
    st = game.st
    mine = cards.held(game, seat)
    own = next((h for h in mine if h.skill.name == skill.name), None)
    excluding = skill_uses.excluded(game, own) if own else "排斥" in skill.tags
    daily = (game.rs.cooldown == "game_day" and not skill.forced) or excluding
    if not daily:
        return None
    for held in mine:
        queued = any(a.seat == seat.no and a.skill == held.skill.name for a in st.acts)
        if game_day(held.state.used_on) != st.day and not queued:
            continue
        if held.skill.name == skill.name and not queued and not skill_uses.swift_covers(game, seat, held):
            return f"第{st.day}个游戏日已经发动过{skill.name}，下次天数更新时冷却完毕"
        if held.skill.name != skill.name and excluding and skill_uses.excluded(game, held):
            return f"每天只能发动一个[排斥]技能，第{st.day}个游戏日已发动{held.skill.name}"
    return None


def outside_noon(game: Context, skill: Skill) -> str | None:
    """Why a [正午] skill may not be used now (outside the ruleset's clock window), or None."""
    st, noon = game.st, game.rs.schedule.noon
    if noon is None or "正午" not in skill.tags:
        return None
    return noon_refusal(noon, st.settings["timezone"], st.now, st.deadline if st.phase == Phase.DAY else None)
