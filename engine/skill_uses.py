"""How often a skill may still be used, beyond its plain count: [迅捷（次数）] uses past the cool-down,
counts that effects change (+1, an extra cost, a count below zero, 刷新至初始), [排斥] lifted for a
night, and the [亡语] window that opens when its card goes out.

002 词条说明: [迅捷（次数）] "可无视冷却时间发动且不会产生冷却时间…次数可以叠加"; [亡语] "只能在出局后，
下一个可发动时点结束阶段之前使用"; [次数] "当次数为0或负数时，不可发动".
"""

from __future__ import annotations

from engine import cards
from engine.cards import Held
from engine.context import Context
from engine.phases import Phase, game_day
from engine.state import Card, Seat, SkillState

SWIFT = "迅捷"
LAST_WORDS = "亡语"


def swift_left(game: Context, held: Held) -> int | None:
    """Uses past the cool-down the skill has now: None for a bare [迅捷] (no count), else a count."""
    if SWIFT in held.skill.tags:
        return None
    state = held.state
    if not state.swift:
        return 0
    if state.swift_night and not (game.st.phase == Phase.NIGHT and game.st.day == state.swift_night):
        return 0
    return state.swift


def cooled(game: Context, state: SkillState) -> bool:
    """Whether the skill is still cooling down from a use today (or this phase)."""
    st = game.st
    if state.used_on == st.phase_key:
        return True
    return game.rs.cooldown == "game_day" and game_day(state.used_on) == st.day


def swift_covers(game: Context, seat: Seat, held: Held) -> bool:
    """[迅捷]: one more use now, past the cool-down, with the uses already queued in this step counted."""
    left = swift_left(game, held)
    if left == 0:
        return False
    queued = sum(1 for a in game.st.acts if a.seat == seat.no and a.skill == held.skill.name)
    if held.state.uses is not None and queued >= held.state.uses:
        return False  # no use left for one more
    waiting = queued if cooled(game, held.state) else max(queued - 1, 0)  # queued uses that will need [迅捷]
    return left is None or left > waiting


def spend_swift(game: Context, held: Held) -> None:
    """A use past the cool-down spends one counted [迅捷]; "次数为0时本标签失效"."""
    state = held.state
    if SWIFT not in held.skill.tags and state.swift > 0 and cooled(game, state):
        state.swift -= 1
        game.log("skill", f"{held.skill.name}无视冷却发动（迅捷剩余{state.swift}次）", held.skill.name)


def excluded(game: Context, held: Held) -> bool:
    """Whether the skill counts as [排斥] now (时波增幅 lifts the tag for one night)."""
    st = game.st
    if "排斥" not in held.skill.tags:
        return False
    return not (held.state.unexcluded_night and st.phase == Phase.NIGHT and st.day == held.state.unexcluded_night)


def boost(game: Context, target: int, name: str, swift: int, rule: str) -> None:
    """时波增幅: the seat's skill gains [迅捷N] and loses [排斥] until this night ends."""
    st = game.st
    held = cards.find(game, st.seat(target), name)
    if held is None:
        return
    night = st.day
    state = held.state
    state.swift = (state.swift if state.swift_night == night else 0) + swift
    state.swift_night = night
    state.unexcluded_night = night
    game.changed(target)
    game.log("skill", f"{game.who(target)}的{name}获得[迅捷{swift}]并移除[排斥]，持续至夜晚结束", rule)


def add_uses(game: Context, target: int, name: str, by: int, rule: str) -> None:
    """The seat's skill of that name gains (or, by < 0, loses) uses; a count may go below zero.
    A seat not holding it gains it with that many uses (亲传: 结算目标获得1次[报复]技能)."""
    seat = game.st.seat(target)
    held = cards.find(game, seat, name)
    if held is None or held.state.lost:
        if by <= 0 or game.rs.skill(name) is None:
            return
        game.grant_skill(target, name, rule)
        held = cards.find(game, seat, name)
        assert held is not None
        held.state.uses = by
    elif held.state.uses is None:
        return  # a skill without a count stays without one
    else:
        held.state.uses += by
    game.changed(target)
    game.log("skill", f"{game.who(target)}的{name}次数{by:+d}，剩余{held.state.uses}次", rule)


def deal(game: Context) -> None:
    """At the deal, a skill with ``dealt_uses`` starts with that count of the seats dealt (亡灵低语[X]:
    X为初始参与人数); a card gaining it later keeps its ``uses``."""
    n = len(game.st.seats)
    for seat in game.st.seats:
        for card in seat.cards:
            for name, state in card.skills.items():
                skill = cards.skill_def(game, card, name)
                if skill is not None and skill.dealt_uses is not None:
                    state.uses = int(skill.dealt_uses(n))


def refresh(game: Context, target: int, name: str, rule: str) -> None:
    """刷新至初始: the skill's uses are its initial count again, and it is ready at once."""
    held = cards.find(game, game.st.seat(target), name)
    if held is None:
        return
    held.state.uses = held.skill.uses
    held.state.used_on = ""
    game.changed(target)
    game.log("skill", f"{game.who(target)}的{name}刷新至初始", rule)


def fired(game: Context, held: Held) -> None:
    """A [强制] trigger with a count spends a use as it fires: [强制][限定] 只会触发一次触发效果."""
    if held.skill.uses is not None and held.state.uses is not None:
        held.state.uses -= 1
        game.changed()


def counted(game: Context, seat: Seat) -> list[str]:
    """The seat's skills with a count (次数技能), still held."""
    return [h.skill.name for h in cards.held(game, seat) if h.skill.uses is not None and not h.state.lost]


# ---------------------------------------------------------------- [亡语]


def step_key(game: Context) -> str:
    return f"{game.st.phase_key}/{game.st.step}"


def on_card_out(card: Card, kind: str, game: Context, source: int = 0) -> None:
    """A card going out opens its [亡语] skills' window and keeps the kind and source camp of its out for them."""
    for name, state in card.skills.items():
        skill = cards.skill_def(game, card, name)
        if skill is not None and LAST_WORDS in skill.tags:
            card.out_kind = kind
            card.out_source_camp = game.st.seat(source).camp if source else ""
            state.last_step = ""


def last_words_open(game: Context, seat: Seat, held: Held) -> bool:
    """An [亡语] skill: its card is out, and the first step it could be used in since has not closed."""
    card = held.card or seat.card
    if not card.out:
        return False
    return held.state.last_step in {"", step_key(game)}


def enter_step(game: Context, seat: Seat, held: Held) -> bool:
    """As a step holding an [亡语] skill opens for a seat out: the window is this step, or it has passed."""
    if not last_words_open(game, seat, held):
        return False
    held.state.last_step = step_key(game)
    return True
