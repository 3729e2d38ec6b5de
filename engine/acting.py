"""Acting in a step: who may act and is waited for, recording acts and passes, a team's decided
act, the defaults of forced skills left unmade, and last words.

What a seat may use and the checks of a command's targets are engine/legal.py's; spending a use
and carrying out its effects is engine/using.py's. A seat's skills are what engine/cards.py says
it holds now (its current card's, 隐匿, card tags). Reactions that wait for one seat (最后一枪,
殉职, 装傻) are in engine/prompts.py; the game's command table sends a prompted seat's act there.
Every refusal says what was wrong and what would be right.
"""

from __future__ import annotations

from datetime import timedelta

from engine import (
    cards,
    conditions,
    control,
    haunting,
    labels,
    legal,
    messages,
    queue,
    rounds,
    skill_uses,
    stealing,
    texts,
    using,
    views,
)
from engine import commands as c
from engine.cards import Held
from engine.context import Context
from engine.errors import Refusal
from engine.phases import PHASES, Phase
from engine.ruleset.model import Skill
from engine.ruleset.steps import Step, places
from engine.state import Act, Card, Seat

__all__ = ["pending"]


# ---------------------------------------------------------------- what a seat may do


def _in_current_step(game: Context, skill: Skill) -> bool:
    st = game.st
    phase = PHASES[st.phase]
    if st.deadline is None or st.work or not (phase.stepped or phase.votes):
        return False
    if st.phase == Phase.ELECTION:
        return skill.timing == "day"
    return game.rs.steps(st.phase)[st.step].holds(skill)


def open_actors(game: Context, step: Step) -> None:
    """As a step opens: <强制> skills without a choice act at once (通灵); every other
    (seat, skill) that may act in the step is checked in full once and waited for."""
    st = game.st
    st.waiting = []
    for seat in st.seats:
        for card in seat.cards:
            if card.out and card.out_phase == st.phase_key:
                _fire_after_out(game, seat, card, step)
        if not seat.alive:
            _wait_last_words(game, seat, step)
            _wait_when_out(game, seat, step)
            continue
        seen: set[str] = set()
        mine = cards.held(game, seat)
        while fresh := [h for h in mine if h.skill.name not in seen and step.holds(h.skill)]:
            seen.update(h.skill.name for h in fresh)
            for holding in fresh:
                _open_for(game, seat, holding, mine)
            mine = cards.held(game, seat)  # a skill given by one fired here is offered here too (献祭选择)
    _seat_deadlines(game, step)


def _open_for(game: Context, seat: Seat, holding: Held, mine: list[Held]) -> None:
    """One held skill of the opening step: fired at once (a step_open trigger), or waited for."""
    st, skill = game.st, holding.skill
    if skill.automatic:
        usable = cards.usable(game, seat, holding, mine)
        if (
            usable
            and skill.trigger
            and skill.trigger.on == "step_open"
            and legal.not_held(game, seat, skill) is None
            and (not skill.only_if or conditions.holds(skill.only_if, seat, seat.no, st))
        ):
            using.use(game, seat, holding, [], None)
    elif rounds.rests(game, skill):  # 轮次决胜: not used, or used by itself at the step's end
        return
    elif cards.offered(game, seat, holding, mine) and legal.unavailable(game, seat, skill) is None:
        st.waiting.append((seat.no, skill.name))


def _seat_deadlines(game: Context, step: Step) -> None:
    """Each waiting seat's own limit: the least ``minutes`` of its skills here (else the step's), from
    the step's opening (or from 关门, for a step with ``after_close``)."""
    st = game.st
    assert st.step_opened is not None
    default = step.minutes or (st.settings["setup_minutes"] if st.phase == Phase.SETUP else st.settings["step_minutes"])
    if step.after_close is not None:
        default = step.after_close
    st.seat_deadlines = {}
    for no, name in st.waiting:
        skill = cards.find(game, st.seat(no), name)
        minutes = (skill.skill.minutes_in(st.phase) if skill else None) or default
        until = st.step_opened + timedelta(minutes=minutes)
        st.seat_deadlines[no] = min(st.seat_deadlines.get(no, until), until)
    for no in st.seat_deadlines:  # a forced feedback opening the step (通灵) sets its holder's limit
        for holding in cards.held(game, st.seat(no)):
            if step.holds(holding.skill) and holding.skill.automatic:
                minutes = holding.skill.minutes_in(st.phase)
                if minutes and holding.state.used_on == st.phase_key:
                    until = st.step_opened + timedelta(minutes=minutes)
                    st.seat_deadlines[no] = min(st.seat_deadlines[no], until)
    if st.seat_deadlines:
        st.deadline = max(st.seat_deadlines.values())


def expire_seats(game: Context) -> bool:
    """A waiting seat's own limit passed: it is taken to pass. True when something expired."""
    st = game.st
    due = [no for no, until in st.seat_deadlines.items() if until <= st.now and any(n == no for n, _ in st.waiting)]
    for no in due:
        names = [name for n, name in st.waiting if n == no]
        st.waiting = [(n, name) for n, name in st.waiting if n != no]
        game.log("timeout", f"{game.who(no)}未在时限内发动{'、'.join(names)}，视为放弃", names[0])
        game.tell(no, f"你未在时限内发动{'、'.join(names)}，视为放弃。")
    for no in due:
        del st.seat_deadlines[no]
    return bool(due)


def _fire_after_out(game: Context, seat: Seat, card: Card, step: Step) -> None:
    """A skill that still fires the night its card went out (灵尾)."""
    counter = game.rs.roles[card.role].counter
    if counter is not None and counter.name not in card.counters:
        return  # a card whose count never started has nothing to report
    for name, state in card.skills.items():
        skill = cards.skill_def(game, card, name)
        if skill and skill.out_tonight and skill.automatic and step.holds(skill) and not cards.spent(state):
            using.use(game, seat, Held(skill, state, card), [], None)


def _wait_last_words(game: Context, seat: Seat, step: Step) -> None:
    """[亡语]: a seat out is waited for in the first step since its out that holds such a skill."""
    for holding in cards.held(game, seat):
        skill = holding.skill
        if skill_uses.LAST_WORDS not in skill.tags or not step.holds(skill):
            continue
        if skill_uses.enter_step(game, seat, holding) and legal.unavailable(game, seat, skill) is None:
            game.st.waiting.append((seat.no, skill.name))


def _wait_when_out(game: Context, seat: Seat, step: Step) -> None:
    """鬼情: a seat out is waited for with the skills it may use out (以此获得的技能即使自己已出局也可以使用)."""
    mine = cards.held(game, seat)
    for holding in mine:
        skill = holding.skill
        if not holding.state.when_out or skill.automatic or not step.holds(skill):
            continue
        if cards.offered(game, seat, holding, mine) and legal.unavailable(game, seat, skill) is None:
            game.st.waiting.append((seat.no, skill.name))


def _waits(game: Context, no: int, name: str) -> bool:
    """A waiting seat still counts: in the game, or out with an [亡语] skill or one it may use out."""
    seat = game.st.seat(no)
    if seat.alive:
        return True
    holding = cards.find(game, seat, name)
    return holding is not None and (skill_uses.LAST_WORDS in holding.skill.tags or holding.state.when_out)


def pending(game: Context, seat: Seat) -> list[Skill]:
    """The skills this seat may still use or pass in the current step."""
    st = game.st
    if not PHASES[st.phase].stepped:
        return []
    out = []
    for no, name in st.waiting:
        holding = cards.find(game, seat, name) if no == seat.no and _waits(game, no, name) else None
        if holding and legal.spent_this_phase(game, seat, holding.skill) is None:
            out.append(holding.skill)
    return out


def anyone_pending(game: Context) -> bool:
    """Whether the step must still wait: someone may act (the day always runs to 关门)."""
    st = game.st
    if PHASES[st.phase].votes:
        return True
    return any(_waits(game, no, name) for no, name in st.waiting)


def _done(game: Context, seat: Seat, skills: list[str]) -> None:
    """The seat used or passed these skills; an exclusive one it can no longer use goes too."""
    st = game.st
    kept = []
    for no, name in st.waiting:
        if no == seat.no:
            holding = cards.find(game, seat, name)
            if name in skills or holding is None or legal.spent_this_phase(game, seat, holding.skill):
                continue
        kept.append((no, name))
    st.waiting = kept


def _skill_line(game: Context, seat: Seat, skill: Skill) -> str:
    holding = cards.find(game, seat, skill.name)
    bits = [skill.name]
    if skill.needs_targets:
        low, high = legal.target_count(game, skill)
        count = low if low == high else f"{low}-{high}"
        bits.append(f"（选{count}个目标，选择范围：{texts.options(game.rs, legal.legal_targets(game, seat, skill))}）")
    words = legal.choice_words(game, seat, skill)
    if words and skill.choice_max > 1:  # 阴魂不散: 最多五个
        bits.append(f"（选择最多{skill.choice_max}个，用「、」隔开：{'/'.join(words)}）")
    elif words and skill is not game.rs.order_skill:
        bits.append(f"（选择：{'/'.join(words)}）")
    if holding and holding.state.uses is not None and skill.uses != 1:
        bits.append(f"（剩余{holding.state.uses}次）")
    if holding and skill_uses.swift_left(game, holding):  # 迅捷剩余次数
        bits.append(f"（迅捷剩余{skill_uses.swift_left(game, holding)}次）")
    if skill.forced:
        bits.append("（强制）")
    return "".join(bits)


def announce_step(game: Context) -> None:
    """Tell each seat that may act now what it may do and until when."""
    st = game.st
    if st.deadline is None:
        return
    title = texts.phase_title(st.phase, st.day)
    step = game.rs.steps(st.phase)[st.step]
    until = game.deadline_text(st.deadline)
    for seat in st.seats:
        if PHASES[st.phase].votes:
            skills = [
                s
                for s in views.skills_known(game, seat)
                if s.timing == "day" and cards.publicly_in(game, seat) and legal.unavailable(game, seat, s) is None
            ]
        else:
            skills = pending(game, seat)
        if not skills:
            continue
        if game.rs.order_skill in skills:
            game.tell(seat.no, cards.order_prompt(game, seat, until), "prompt")
            continue
        lines = "；".join(_skill_line(game, seat, s) for s in skills)
        how = "或".join(_syntax(game, seat, s) for s in skills)
        if PHASES[st.phase].votes:  # a day skill is used when sent; there is nothing to pass
            game.tell(seat.no, f"【{title}】你可以发动：{lines}。截止 {until}。发送{how}发动。", "prompt")
        else:
            game.tell(
                seat.no, f"【{title}·{step.name}】你可以发动：{lines}。截止 {until}。发送{how}，或「放弃」。", "prompt"
            )


def _syntax(game: Context, seat: Seat, skill: Skill) -> str:
    """What to send for this skill: its name, 目标 where it takes targets, 选择 where it takes a word."""
    if skill.choice_of == "disguise":
        aimed = "目标 " if skill.needs_targets else ""
        if skill.look_if:  # 隐狼: the options, with 表面阵营/表面身份/表面带刀/ before them when one needs it
            options = "/".join(skill.choices[: skill.extras or 1])
            return f"「{skill.name} {aimed}{options}」（选{'、'.join(skill.look_if)}时在前面写 表面阵营/表面身份/表面带刀/）"
        return f"「{skill.name} {aimed}表面阵营/表面身份/表面带刀」"
    if skill.choice_of == "role_skill":  # 堕落: 宣言一个技能，且宣言使用者初始身份
        return f"「{skill.name} 身份<技能>」（例如「{skill.name} 预言家<预言>」）"
    if skill.message:  # 报信; 情书 names its 目标 first
        aimed = "目标 " if skill.needs_targets else ""
        return f"「{skill.name} {aimed}内容」（{skill.message}字以内）"
    if not skill.needs_targets and (legal.choice_words(game, seat, skill) or skill.choice_hook):
        return f"「{skill.name} 选择」"
    if skill.needs_targets and (legal.choice_words(game, seat, skill) or skill.choice_hook):
        return f"「{skill.name} 目标 选择」"
    return labels.syntax(skill.name, skill.needs_targets)


# ---------------------------------------------------------------- resolution


def decided_acts(game: Context, step: Step) -> list[Act]:
    """The step's acts in rule order: team choices decided, forced choices made for the silent;
    skills given during play (幸运儿) in the order they were received."""
    st = game.st
    out: list[Act] = []
    for entry in step.skills:
        skill = game.rs.entry_skill(entry)
        if skill is None:
            continue
        acts = sorted((a for a in st.acts if a.skill == skill.name and _placed(game, entry, a)), key=lambda a: a.order)
        if skill.team:
            decided = _team_decision(game, skill, acts)
            if decided:
                out.append(decided)
            continue
        out.extend(acts)
        forced = skill.forced or skill.at_random or rounds.must(game, skill)
        if skill.default is not None or (forced and (skill.needs_targets or skill.choices or skill.choice_of)):
            out.extend(_forced_defaults(game, skill, {a.seat for a in acts}))
    return sorted(out, key=lambda a: _received(game, a))


def _placed(game: Context, entry: str, act: Act) -> bool:
    """The act is one of this step entry's: the definition its seat holds (else the first) is the entry's."""
    holding = cards.find(game, game.st.seat(act.seat), act.skill)
    skill = holding.skill if holding else game.rs.skill(act.skill)
    return skill is not None and places(entry, skill)


def _received(game: Context, act: Act) -> int:
    holding = cards.find(game, game.st.seat(act.seat), act.skill)
    return holding.state.granted if holding else 0


def _team_decision(game: Context, skill: Skill, acts: list[Act]) -> Act | None:
    """The team's choice: 最早达到最高票数 (earliest_highest) or the last one made (latest)."""
    assert skill.team is not None
    st = game.st
    made = (lambda a: bool(a.targets)) if skill.needs_targets else (lambda a: bool(a.choice))  # 窥天: a choice only
    choices = [a for a in sorted(acts, key=lambda a: (a.at, a.order)) if made(a) and st.seat(a.seat).alive]
    if not choices:
        if any(cards.find(game, seat, skill.name) for seat in st.alive()):  # held, but nobody chose
            game.log("team", f"{skill.team.team}没有选择{skill.name}的目标", skill.name)
        return None
    if skill.team.decide == "latest" or not skill.needs_targets:
        last = choices[-1]
        what = game.who(last.targets[0]) if last.targets else last.choice
        game.log("team", f"{skill.team.team}{skill.name}：以最后提交的{game.who(last.seat)}→{what}为准", skill.name)
        return last
    target, tally = labels.earliest_highest([(a.targets[0], 1) for a in choices])
    first = next(a for a in choices if a.targets[0] == target)
    votes = "，".join(f"{game.who(a.seat)}→{game.label(a.targets[0])}" for a in choices)
    game.log(
        "team",
        f"{skill.team.team}{skill.name}：{votes}；最早达到最高票数（{tally}票）的是{game.who(target)}",
        skill.name,
    )
    return Act(first.seat, skill.name, (target,), first.choice, first.at, first.order)


def _forced_defaults(game: Context, skill: Skill, acted: set[int]) -> list[Act]:
    """A choice left unmade at the deadline: the skill's ``default``, or for a <强制> or ``at_random``
    one a random choice (logged, and flagged to the directors where the ruleset gives silence a card)."""
    st = game.st
    out = []
    for seat in st.seats:
        if seat.no in acted or skill not in cards.held_skills(game, seat) or legal.unavailable(game, seat, skill):
            continue
        if skill.default is not None:
            game.log("timeout", f"{game.who(seat.no)}未选择{skill.name}，按默认：{skill.default}", skill.name)
            game.tell(seat.no, f"你未选择{skill.name}，按默认：{skill.default}。")
            st.order += 1
            out.append(Act(seat.no, skill.name, (), skill.default, st.now, st.order))
            continue
        options = legal.legal_targets(game, seat, skill)
        count = min(legal.target_count(game, skill)[0], len(options))
        aimed = rounds.aim(game, skill)
        if aimed is not None:  # 轮次决胜: 猎人、女巫、刺客必定杀狼
            targets: tuple[int, ...] = (aimed,)
        else:
            targets = tuple(sorted(s.no for s in game.rng().sample(options, count)))
        words = legal.choice_words(game, seat, skill)
        choice = game.rng().choice(words) if words else None
        made = "、".join([*(game.label(t) for t in targets), *([choice] if choice else [])])
        game.log("timeout", f"{game.who(seat.no)}未在时限内发动强制技能{skill.name}，随机选择{made}", skill.name)
        if aimed is None:
            game.tell(seat.no, f"你未在时限内发动{skill.name}，已随机选择：{made}。")
            game.flag_silence(seat.no, skill.name)
        st.order += 1
        out.append(Act(seat.no, skill.name, targets, choice, st.now, st.order))
    return out


# ---------------------------------------------------------------- commands


def playing(game: Context) -> None:
    """Refused while the game is over or paused."""
    if game.st.phase == Phase.OVER:
        raise Refusal("游戏已经结束。")
    if game.st.clock.paused:
        raise Refusal("游戏已暂停，请等待导演继续。")


def _find(game: Context, seat: Seat, name: str) -> Held:
    holding = cards.find(game, seat, name)
    if holding is None:
        mine = "、".join(s.name for s in views.skills_known(game, seat)) or "无"
        raise Refusal(f"你没有技能「{name}」。你现在持有的技能：{mine}。")
    return holding


def act(game: Context, cmd: c.Act) -> str:
    playing(game)
    st = game.st
    sender = game.named_seat(cmd.seat)
    seat = stealing.re_aimed(game, sender, cmd.skill) or control.acting_seat(game, sender, cmd.skill)
    holding = _find(game, seat, cmd.skill)
    skill = holding.skill
    if skill.automatic:
        raise Refusal(f"{skill.name}是强制技能，会自动发动，无需操作。")
    lost = legal.not_held(game, seat, skill) or legal.spent_this_phase(game, seat, skill)
    if lost:
        raise Refusal(f"不能发动{skill.name}：{lost}。")
    if skill.trigger and skill.timing == "reaction":
        raise Refusal(f"{skill.name}只在触发时发动（{labels.trigger_text(skill)}），现在不能发动。")
    if skill.only_if and not conditions.holds(skill.only_if, seat, seat.no, st):
        raise Refusal(f"现在不满足{skill.name}的发动条件（{skill.text}）。")
    if not _in_current_step(game, skill):
        raise Refusal(f"现在不是{skill.name}的发动时间（{_when(game, skill)}）。当前：{now_text(game)}。")
    reason = legal.unavailable(game, seat, skill)
    if reason:
        raise Refusal(f"现在不能发动{skill.name}：{reason}。")
    if skill is game.rs.order_skill:
        reply = cards.choose_first(game, seat, cmd.choice or "")
        _done(game, seat, [skill.name])
        _close_if_done(game)
        return reply
    legal.check_targets(game, seat, skill, cmd.targets)
    legal.check_choice(game, seat, skill, cmd.choice)
    if holding.state.unaware:  # 得到“确定”答案的时候，导演才会给出反馈“你已经失去技能”
        _done(game, seat, [skill.name])
        game.feedback(seat.no, f"你已经失去技能{skill.name}。", skill.name)
        _close_if_done(game)
        return f"已记录：{skill.name}。"
    st.order += 1
    new = Act(seat.no, skill.name, cmd.targets, cmd.choice, st.now, st.order)
    if PHASES[st.phase].votes:
        used = using.use_or_hold(game, seat, holding, new)
        return (
            f"已发动{skill.name}"
            + (f"：{'、'.join(game.label(t) for t in cmd.targets)}" if cmd.targets else "")
            + ("。" if used else "，因[凝滞]延迟到下一天结算。")
        )
    replaced = any(a.seat == seat.no and a.skill == skill.name for a in st.acts)
    if replaced and skill_uses.swift_covers(game, seat, holding):  # [迅捷]: one more use, not a change
        replaced, st.acts = False, [*st.acts, new]
    else:
        st.acts = [a for a in st.acts if not (a.seat == seat.no and a.skill == skill.name)] + [new]
    if not skill_uses.swift_covers(game, seat, holding):  # else it still waits: one more [迅捷] use, or 放弃
        _done(game, seat, [skill.name])
    aimed = "、".join(game.label(t) for t in cmd.targets)
    game.log(
        "choose",
        f"{game.who(seat.no)}选择{skill.name}"
        + (f"：{'、'.join(game.who(t) for t in cmd.targets)}" if cmd.targets else "")
        + (f"（{cmd.choice}）" if cmd.choice else ""),
        skill.name,
    )
    if skill.team and game.rs.teams[skill.team.team].chat and skill.team.team in seat.teams:
        game.say(messages.team(skill.team.team), f"{seat.name}选择{skill.name}：{aimed}。", "team")
    until = game.deadline_text(st.deadline) if st.deadline else ""
    what = aimed + (f"（选择：{cmd.choice}）" if cmd.choice else "")  # the seat's choice, not a fact of its target
    haunting.tell_act(game, seat.no, skill.name, what)
    stealing.tell_act(game, seat.no, skill, what)
    reply = f"已记录：{skill.name}" + (f" → {what}" if what else "") + ("（已更改）" if replaced else "") + "。"
    if not _close_if_done(game) and until:
        reply += f"截止 {until} 前可重新提交以更改；本步骤的其他人都提交后，步骤会提前结束。"
    return reply


def _close_if_done(game: Context) -> bool:
    if anyone_pending(game):
        return False
    queue.close_step(game)
    return True


def _when(game: Context, skill: Skill) -> str:
    step = game.rs.step_of(skill)
    if step is None:
        return "白天" if skill.timing == "day" else "触发时"
    return f"{step.sub_phase}·{step.name}"


def now_text(game: Context) -> str:
    st = game.st
    if PHASES[st.phase].stepped and st.deadline is not None:
        return f"{texts.phase_title(st.phase, st.day)}·{game.rs.steps(st.phase)[st.step].name}"
    if st.phase == Phase.DAWN:
        return f"{texts.phase_title(Phase.NIGHT, st.day)}已结束，等待开门"
    if st.deadline is None and st.phase != Phase.OVER:
        return f"{texts.phase_title(st.phase, st.day)}结算中"
    return texts.phase_title(st.phase, st.day)


def pass_(game: Context, cmd: c.Pass) -> str:
    playing(game)
    st = game.st
    seat = control.acting_seat(game, game.named_seat(cmd.seat), cmd.skill or "")
    mine = pending(game, seat)
    if cmd.skill:
        mine = [s for s in mine if s.name == cmd.skill]
    passable = [s for s in mine if not s.forced and not rounds.must(game, s)]
    if not passable:
        if mine:
            raise Refusal(f"{mine[0].name}是强制技能，不能放弃，必须选择目标。")
        raise Refusal(f"你现在没有可以放弃的技能。当前：{now_text(game)}。")
    where = now_text(game)
    _done(game, seat, [s.name for s in passable])
    for skill in passable:
        st.acts = [a for a in st.acts if not (a.seat == seat.no and a.skill == skill.name)]
    game.log("pass", f"{game.who(seat.no)}放弃{'、'.join(s.name for s in passable)}", "放弃")
    _close_if_done(game)
    return f"已放弃：{'、'.join(s.name for s in passable)}（{where}）。"


def last_words(game: Context, cmd: c.LastWords) -> str:
    seat = game.named_seat(cmd.seat)
    if game.st.phase == Phase.OVER:
        raise Refusal("游戏已经结束。")
    if not seat.last_words_right:
        raise Refusal("你没有留遗言的权利（遗言只给靠前出局、收到遗言通知的角色）。")
    if seat.last_words_published:
        raise Refusal("你的遗言已经公示，不能再修改。")
    text = cmd.text.strip()
    if not text:
        raise Refusal("遗言不能为空。格式：遗言 <内容>")
    if (
        "[" in text
        and "]" in text
        and any(tag in text.lower() for tag in ("[b]", "[color", "[size", "[url", "[img", "[i]", "[u]"))
    ):
        raise Refusal("遗言中禁止使用Discuz!代码，请去掉 [b] [color] 等标记后重新发送。")
    seat.last_words = text
    game.log("last_words", f"{game.who(seat.no)}的遗言：{text}", "遗言")
    st = game.st
    if PHASES[st.phase].votes and seat.out_phase != st.phase_key:
        # 〔导演〕公示…遗言 at 开门: a night's out whose day opened at once has its 遗言 published on arrival
        seat.last_words_published = True
        game.say_public(f"【遗言】{seat.name}的遗言：{text}")
        return "已记录遗言，并已在主群公示（今天的开门公示已经发出）。"
    return "已记录遗言，将在下一个白天开门时公示（公示前可重新发送以修改）。"
