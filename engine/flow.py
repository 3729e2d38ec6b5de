"""The timeline: phases and their ordered steps, deadlines, and the resolution queue.

A step collects actions, then closes at its deadline (each waiting seat may have its own,
shorter one) or as soon as every seat that may act has acted or passed. Closing queues the
step's resolution as work items (each act in rule order, then the attacks marked for this
step and this night, in the step's ``resolves`` order, then the step's own ``effects``),
then the opening of the next step. A step with ``joins`` lets into each team the bearers of
its tag or the seats meeting its ``members``, as it opens. A day's vote is followed by what
it sets off (顺从, 暗示), then the 红牌 given meanwhile; 暗示 opens another round of it. A work item may stop the queue to
wait for a reaction (最后一枪, 殉职, 装傻); the queue is part of the state, so a game can
be saved mid-night. Where the sheriff election has a day of its own (竞选日), it comes
between a night's end and the day whose opening announces that night's outs.

This is the dispatcher: the work items are engine/queue.py's and the events engine/events.py's;
``HANDLERS`` says what each item does and ``LISTENERS`` what each event sets off at once. The
runner judges victory after every item. Rule modules below never import this one.

Where the ruleset has a ``timeline:``, 关门 opens 黄昏's steps before the night (engine/phases.py
says what each phase is), and a step with ``after_close`` closes N minutes after 关门 rather than
N minutes after it opened: ``st.step_opened`` stays at 关门 for those steps, so a waiting prompt
(殉职, 最后一枪) delays nothing after it, and a step opening after its deadline closes at once.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from engine import (
    acting,
    auras,
    camp_triggers,
    cards,
    change,
    deaths,
    durations,
    effects,
    election,
    faces,
    gain_triggers,
    learning,
    legacy,
    messages,
    moon_events,
    night_rounds,
    noon_rounds,
    notices,
    prompts,
    queue,
    readings,
    rounds,
    skill_uses,
    timed_statuses,
    together,
    use_triggers,
    using,
    victory,
    views,
    voting,
)
from engine.context import Context
from engine.events import (
    CampChanged,
    CampLost,
    RoundsLost,
    SkillGained,
    SkillsLost,
    SkillUsed,
    StatusEnded,
    TagGained,
    TeamFormed,
)
from engine.phases import PHASES, Phase, SubPhase
from engine.queue import (
    AfterOut,
    AfterUse,
    AfterVote,
    Ask,
    CloseStep,
    EndPhase,
    OpenNext,
    Out,
    Resolve,
    ResolveMarked,
    StepEffects,
    Strike,
    Tally,
    push_front,
)
from engine.schedule import close_deadline, day_closing, day_opening, step_deadline

MEMO_LIMIT = 20_000


def run(game: Context) -> None:
    """Work through the queue until it is empty, a prompt waits, or the game is over."""
    st = game.st
    while st.work and st.prompt is None and st.phase != Phase.OVER:
        item = st.work.popleft()
        HANDLERS[type(item)](game, item)
        victory.check(game)  # 游戏状态满足胜利条件之一，游戏立即结束


def expire(game: Context) -> None:
    """A deadline was reached: a prompt's answer defaults, a seat's own limit passes, or the step closes."""
    st = game.st
    if st.prompt is not None:
        prompts.timeout(game)
    elif st.phase == Phase.DAWN:
        open_day(game)
    elif PHASES[st.phase].stepped and acting.expire_seats(game) and acting.anyone_pending(game):
        return
    else:
        queue.close_step(game)


# ---------------------------------------------------------------- beginning and phases


def begin(game: Context) -> None:
    """After the deal: the opening steps (开局), then the ruleset's first phase."""
    st = game.st
    st.phase, st.day, st.step = Phase.SETUP, 0, -1
    push_front(game, [OpenNext()])


def _open_next(game: Context, _item: OpenNext) -> None:
    rs, st = game.rs, game.st
    steps = rs.steps(st.phase)
    if night_rounds.round_ends(game):  # 长夜漫漫: the night runs again
        night_rounds.next_round(game)
        return
    if PHASES[st.phase].stepped and st.step + 1 < len(steps):
        st.step += 1
        open_step(game)
        return
    if st.phase == Phase.SETUP and rs.first == Phase.NIGHT:
        _open_night(game, 1)
    elif st.phase == Phase.DAY and st.another_round:
        voting.open_round(game)
    elif st.phase == Phase.DAY and rs.dusk_steps:  # 关门: 黄昏's steps before the night
        st.phase, st.step = Phase.DUSK, 0
        open_step(game)
    elif st.phase in {Phase.DAY, Phase.DUSK}:
        if st.phase == Phase.DUSK:
            durations.end_at(game, "dusk_end")  # 至下一个[黄昏]阶段结束
            faces.end_at_dusk(game)
        change.end_of("day_end", game)
        _open_night(game, st.day if rs.first == Phase.DAY else st.day + 1)
    elif st.phase == Phase.ELECTION:
        election.close(game)
        open_discussion(game)
    else:  # after the opening steps, or after a night: wait for 开门
        if st.phase == Phase.NIGHT:
            change.end_of("night_end", game)
        st.phase, st.step = Phase.DAWN, 0
        st.deadline = day_opening(st.settings, st.now)
        st.step_opened = st.now
        if st.deadline <= st.now:
            open_day(game)


def _end_phase(game: Context, item: EndPhase) -> None:
    """No vote today: nobody was voted for (潜行) and no card was voted out (验尸)."""
    st = game.st
    st.votes, st.last_votes, st.exiled_cards = {}, {}, []
    if game.rs.counts_from_close:  # the day ends now: what counts from 关门 counts from here
        st.step_opened = st.now
    push_front(game, [OpenNext()])
    if st.phase == Phase.ELECTION and item.skip_day:
        election.close(game)
        st.phase = Phase.DAY  # the skipped day ends as it opens, once its notices are out
        notices.publish(game, f"【第{st.day}天】跳过第一天讨论，直接进入黑夜。")


def _open_night(game: Context, number: int) -> None:
    st = game.st
    st.phase, st.day, st.step, st.night_round = Phase.NIGHT, number, 0, 0
    st.night_deaths, st.preliminary_outs = [], []
    st.chosen = []
    readings.forget(game)
    game.log("phase", f"第{number}夜开始", secret=False)
    durations.end_at(game, "night_start")  # 在下一个夜晚开始前
    learning.night_opens(game)
    legacy.end_at_night(game)  # 遗泽: 持续到第二天[夜晚]开始前
    moon_events.refresh(game)
    effects.run_deferred(game)
    if not game.rs.night_steps:
        push_front(game, [OpenNext()])
        return
    open_step(game)


def open_day(game: Context) -> None:
    """开门 (or 竞选日 first): the dawn notices, then the day's discussion and vote until 关门
    (轮次决胜: the bot's day instead)."""
    st = game.st
    planned = rounds.night_over(game, st.day)  # st.day is still the night that just ended
    if st.phase == Phase.OVER:
        return
    st.day = st.day + 1 if game.rs.first == Phase.DAY else st.day
    if election.due(game):
        election.begin(game)
    else:
        open_discussion(game, planned)


def open_discussion(game: Context, planned: bool = False) -> None:
    """The day proper: the dawn notices, then discussion and the vote until 关门 (``planned``:
    轮次决胜's day, with neither)."""
    st = game.st
    st.phase, st.step = Phase.DAY, 0
    st.step_opened = st.now
    st.deadline = day_closing(st.settings, st.now, st.day >= game.rs.schedule.weekend_from_day)
    st.acts, st.waiting, st.votes = [], [], {}
    st.vote_round, st.exiled_today = 1, []
    voting.open_early(game)  # [狂躁]
    game.log("phase", f"第{st.day}天开门", secret=False)
    durations.end_at(game, "noon_start")  # 持续至下一个[正午]阶段开始
    moon_events.refresh(game)
    effects.run_deferred(game, "next_noon")  # 从下一个正午开始 (巫蛊之术's 反噬)
    auras.refresh(game)
    if planned:
        notices.publish(game, f"【第{st.day}天开门】")
        st.exiled_yesterday = []
        rounds.day(game)
        return
    notices.publish(game, f"【第{st.day}天开门】关门时间：{game.deadline_text(st.deadline)}。")
    st.exiled_yesterday = []
    using.resolve_held_by_day(game)  # [凝滞]: yesterday's held day skills
    acting.announce_step(game)


# ---------------------------------------------------------------- steps


def open_step(game: Context) -> None:
    rs, st = game.rs, game.st
    steps = rs.steps(st.phase)
    step = steps[st.step]
    if step.after_close is None:
        st.step_opened = st.now
        st.deadline = step_deadline(st.settings, st.phase, st.now, step.minutes)
    else:  # st.step_opened stays at 关门: a late step does not push the later ones back
        assert st.step_opened is not None
        st.deadline = max(st.now, close_deadline(st.step_opened, step.after_close))
    st.acts = []
    if step.sub_phase == SubPhase.MORNING and (st.step == 0 or steps[st.step - 1].sub_phase != SubPhase.MORNING):
        durations.end_at(game, "dawn_start")  # 持续至[晨曦]阶段开始
    auras.refresh(game)
    if len(game.memo) > MEMO_LIMIT:  # keys carry the version and the step; old ones only take room
        game.memo.clear()
    for team in step.joins:
        cards.join_bearers(game, team, step.text or step.name)
    if any(seat.alive and cards.find(game, seat, name) for seat in st.seats for name in step.previews):
        _preview(game, step.name)
    acting.open_actors(game, step)
    if not acting.anyone_pending(game):
        st.deadline = None
        push_front(game, [CloseStep()])
        return
    acting.announce_step(game)


def _preview(game: Context, step: str) -> None:
    """初步出局名单: the attacks marked for ``step`` are resolved on a copy of the game (its messages
    dropped, stopping at a prompt), and the seats in play it puts out are the list (死灵咒)."""
    st = game.st
    trial = type(game)(game.rs, copy.deepcopy(st))
    trial.st.work.clear()
    trial.st.work.append(ResolveMarked(step))
    run(trial)
    st.preliminary_outs = [s.no for s in st.seats if s.alive and not trial.st.seat(s.no).alive]
    game.changed()


def _close(game: Context, _item: CloseStep) -> None:
    rs, st = game.rs, game.st
    st.deadline = None
    if st.phase == Phase.DAY:
        push_front(game, [Tally(), AfterVote(), OpenNext()])
        return
    if st.phase == Phase.ELECTION:
        push_front(game, [Tally(), OpenNext()])
        return
    step = rs.steps(st.phase)[st.step]
    if st.phase == Phase.SETUP and step.name == rs.cards.order_step:
        cards.settle_order(game)
    decided = using.now_or_later(game, acting.decided_acts(game, step))
    items: list[object] = (
        [together.ResolveTogether(tuple(decided))] if step.simultaneous else [Resolve(a) for a in decided]
    )
    items.append(ResolveMarked(step.name))
    if step.effects:
        items.append(StepEffects(step.name))
    items.append(OpenNext())
    push_front(game, items)
    timed_statuses.at_close(game, step.name)  # 疾病 at 晨曦: struck before the step's acts resolve


def _resolve(game: Context, item: Resolve) -> None:
    using.resolve(game, item.act)


def _resolve_marked(game: Context, item: ResolveMarked) -> None:
    st = game.st
    step = next((s for s in game.rs.steps(st.phase) if s.name == item.step), None)
    order = step.resolves if step else ()
    due = [d for d in st.damage if d.at_step == item.step and d.night in {0, st.day}]
    st.damage = [d for d in st.damage if d not in due]
    marked = due
    if order:  # 幼狼<牺牲>: right after the outs of the cause it chose
        marked.sort(
            key=lambda d: (
                order.index(d.after) + 0.5
                if d.after in order
                else (order.index(d.cause) if d.cause in order else len(order))
            )
        )
    push_front(game, [Strike(d) for d in marked])


def _step_effects(game: Context, item: StepEffects) -> None:
    step = next(s for s in game.rs.steps(game.st.phase) if s.name == item.step)
    effects.run(effects.Ctx(game, actor=0, rule=step.name), step.effects)


def _after_vote(game: Context, _item: AfterVote) -> None:
    st = game.st
    items: list[object] = voting.after_vote(game)
    items.extend(Out(no, "红牌") for no in st.red_cards)
    items.extend(moon_events.after_vote(game))  # 任命 again, then 决策 (新月扩展)
    st.red_cards = []
    push_front(game, items)


def _tally(game: Context, _item: Tally) -> None:
    if game.st.phase == Phase.ELECTION:
        election.tally(game)
    else:
        voting.tally(game)
        noon_rounds.after_count(game)


def _strike(game: Context, item: Strike) -> None:
    deaths.strike(game, item.damage)


def _out(game: Context, item: Out) -> None:
    deaths.out(game, item)


def _after_out(game: Context, item: AfterOut) -> None:
    deaths.after_out(game, item)


def _after_use(game: Context, item: AfterUse) -> None:
    use_triggers.after_use(game, item)


def _ask(game: Context, item: Ask) -> None:
    prompts.raise_prompt(game, item)


HANDLERS: dict[type, Callable[[Context, Any], None]] = {
    CloseStep: _close,
    Resolve: _resolve,
    ResolveMarked: _resolve_marked,
    Strike: _strike,
    Out: _out,
    AfterOut: _after_out,
    AfterUse: _after_use,
    Ask: _ask,
    Tally: _tally,
    AfterVote: _after_vote,
    StepEffects: _step_effects,
    OpenNext: _open_next,
    EndPhase: _end_phase,
    together.ResolveTogether: together.resolve,
    moon_events.VoteEnd: moon_events.vote_end,
}


def _team_formed(game: Context, event: TeamFormed) -> None:
    """A team's ``on_formed`` effects, then its introduction to the members (or its chat)."""
    team = game.rs.teams[event.team]
    everyone = [game.st.seat(no) for no in event.members]
    effects.run(effects.Ctx(game, actor=0, targets=list(event.members), rule=event.rule), team.on_formed)
    if team.intro:
        intro = views.team_text(game, event.team, everyone)
        if team.chat:
            game.say(messages.team(event.team), intro, "team")
        else:
            for seat in everyone:
                game.tell(seat.no, intro, "team")


def _skills_lost(game: Context, event: SkillsLost) -> None:
    """失效: a lost skill used before runs its ``on_lost_after_use``."""
    seat = game.st.seat(event.seat)
    for name in event.skills:
        skill = cards.skill_def(game, seat.card, name)
        if skill is not None and skill.on_lost_after_use and seat.card.skills[name].used:
            rule = f"{name}失效"
            effects.run(effects.Ctx(game, actor=event.seat, skill=skill, rule=rule), skill.on_lost_after_use)


def _skill_used(game: Context, event: SkillUsed) -> None:
    election.swallow(game, game.st.seat(event.seat), event.skill)


def _status_ended(game: Context, event: StatusEnded) -> None:
    name = game.rs.statuses[event.status].refreshes
    skill_uses.refresh(game, event.source, name, f"[{event.status}]消失")


def _tag_gained(game: Context, event: TagGained) -> None:
    seat = game.st.seat(event.seat)
    for holding in cards.held(game, seat):
        for trigger in holding.skill.triggers:
            if trigger.on == "tag_gained" and event.tag in trigger.tags and not cards.spent(holding.state):
                game.log(
                    "trigger", f"{game.who(seat.no)}获得[{event.tag}]标签，{holding.skill.name}触发", holding.skill.name
                )
                todo = trigger.effects if trigger.effects is not None else holding.skill.effects
                effects.run(effects.Ctx(game, actor=seat.no, skill=holding.skill, rule=holding.skill.name), todo)


def _camp_lost(game: Context, event: CampLost) -> None:
    rule = f"{event.camp}判负"
    effects.run(effects.Ctx(game, actor=0, rule=rule), game.rs.victory.on_lose.get(event.camp, ()))


def _rounds_lost(game: Context, event: RoundsLost) -> None:
    change.lose_camp(game, event.camp, event.reason)
    victory.check(game)


LISTENERS: dict[type, Callable[[Context, Any], None]] = {
    TeamFormed: _team_formed,
    SkillsLost: _skills_lost,
    SkillUsed: _skill_used,
    SkillGained: gain_triggers.gained,
    CampChanged: camp_triggers.camp_changed,
    StatusEnded: _status_ended,
    TagGained: _tag_gained,
    RoundsLost: _rounds_lost,
    CampLost: _camp_lost,
}
