"""轮次决胜 (雾雨小镇's 点刀): a camp's plan played out by the bot, the worst case assumed for it.

Once every asked member agrees to the camp's 拍刀 and the ruleset's ``rounds`` option is on,
the next ``nights`` nights (the current one first) are played with only the ``acts`` skills;
the ``must`` ones may not be passed and are made at random when left unmade; the ``hostile``
ones go by themselves at the first seat of ``against`` in seat order (猎人、女巫、刺客必定杀狼).
Each day between has no discussion and no vote: the first living seat of ``against`` is voted
out, one more while a living seat holds the ``again`` skill (口吃法官必定发动暗示), and no one
answers an exile (公主不发动善行). When the nights are over and the camp has not won, it is lost.
"""

from __future__ import annotations

from engine import cards, conditions, queue
from engine.context import Context
from engine.events import RoundsLost
from engine.phases import Phase
from engine.ruleset.model import Rounds, Skill


def active(game: Context) -> Rounds | None:
    st = game.st
    return game.rs.rounds.get(st.rounds_camp) if st.rounds_left else None


def switched_on(game: Context, camp: str) -> bool:
    rounds = game.rs.rounds.get(camp)
    return rounds is not None and (not rounds.option or bool(game.st.options.get(rounds.option)))


def begin(game: Context, camp: str) -> None:
    """Every member agreed: the nights of the plan start (tonight, or the night after today)."""
    st = game.st
    rounds = game.rs.rounds[camp]
    st.rounds_camp, st.rounds_left = camp, rounds.nights
    st.rounds_from = (
        st.day if st.phase in {Phase.NIGHT, Phase.DAY, Phase.DUSK} else st.day + 1
    )  # tonight, or the night after today
    game.public(
        f"【轮次决胜】{camp}发起轮次决胜：接下来{rounds.nights}个夜晚只进行刀法与"
        f"{'、'.join(n for n in rounds.acts if n not in _kills(game, rounds))}，白天不再讨论投票。"
    )
    game.say_directors(f"【轮次决胜】{camp}全员同意，机器人按规则结算接下来的{rounds.nights}个夜晚。")
    game.log("rounds", f"{camp}发起轮次决胜（{rounds.nights}晚）", "轮次决胜", secret=False)
    if st.phase == Phase.DAY and st.deadline is not None and not st.work:
        queue.end_phase(game, skip_day=False)


def _kills(game: Context, rounds: Rounds) -> set[str]:
    return {n for n in rounds.acts if (s := game.rs.skill(n)) is not None and s.team is not None}


def rests(game: Context, skill: Skill) -> bool:
    """A skill not used in these nights (or used by itself: ``hostile``)."""
    rounds = active(game)
    return rounds is not None and not skill.automatic and skill.name not in rounds.acts


def must(game: Context, skill: Skill) -> bool:
    rounds = active(game)
    return rounds is not None and (skill.name in rounds.must or skill.name in rounds.hostile)


def aim(game: Context, skill: Skill) -> int | None:
    """The seat a ``hostile`` skill goes at: the first living seat of ``against``."""
    rounds = active(game)
    if rounds is None or skill.name not in rounds.hostile:
        return None
    return next(iter(victims(game, 1)), None)


def victims(game: Context, count: int) -> list[int]:
    rounds = active(game)
    assert rounds is not None
    fits = conditions.compiled(rounds.against)
    return [s.no for s in game.st.seats if s.alive and fits(s, 0, game.st)][:count]


def night_over(game: Context, night: int) -> bool:
    """Night ``night`` is over: one fewer left; the last one over and no win: the camp is lost.
    True while the plan goes on (the day is the bot's)."""
    st = game.st
    rounds = active(game)
    if rounds is None or night < st.rounds_from:
        return False
    st.rounds_left -= 1
    if st.rounds_left:
        return True
    game.log("rounds", f"{rounds.camp}未能在{rounds.nights}晚内达成胜利条件", "轮次决胜", secret=False)
    game.emit(RoundsLost(rounds.camp, f"轮次决胜：{rounds.nights}晚内未能达成胜利条件"))
    return False


def day(game: Context) -> None:
    """The plan's day: the worst case's exiles, then night."""
    st = game.st
    rounds = active(game)
    assert rounds is not None
    again = [
        (seat, h)
        for seat in st.alive()
        for h in cards.held(game, seat)
        if h.skill.name == rounds.again and cards.usable(game, seat, h)
    ]
    out = victims(game, 2 if again else 1)
    for seat, holding in again[:1]:
        if len(out) > 1:  # the skill is spent as if used (口吃法官<暗示><限定>)
            if holding.state.uses is not None:
                holding.state.uses -= 1
            holding.state.used += 1
            game.log("rounds", f"{game.who(seat.no)}必定发动{rounds.again}", "轮次决胜")
    game.public(f"【第{st.day}天·轮次决胜】不进行讨论与投票。")
    queue.push_front(game, [queue.Out(no, "投票", "投票出局") for no in out])
    queue.end_phase(game, skip_day=False)
