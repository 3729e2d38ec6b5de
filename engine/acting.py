"""Using skills: who may act in a step, the legal targets, recording and resolving acts,
and the prompts that wait for a reaction (最后一枪, 殉职, 装傻).

Every refusal says what was wrong and what would be right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import commands as c
from engine import conditions, effects, texts
from engine.errors import Refusal
from engine.ruleset.model import Skill, Step
from engine.schedule import prompt_deadline
from engine.state import Act, Prompt, Seat

if TYPE_CHECKING:
    from engine.flow import Ask
    from engine.game import Game


# ---------------------------------------------------------------- what a seat may do


def legal_targets(game: Game, seat: Seat, skill: Skill) -> list[Seat]:
    """[选择范围]: living seats meeting the skill's range and its tags' constraints."""
    st = game.st
    state = seat.card.skills.get(skill.name)
    key = (st.version, st.phase_key, st.step, seat.no, skill.name, state.used if state else 0)
    cached = game.memo.get(key)
    if cached is not None:
        return cached
    excluded: set[int] = set()
    if "无私" in skill.tags:
        excluded.add(seat.no)
    if state is not None:
        if "绝情" in skill.tags:
            excluded.update(state.ever_targets)
        if "喜新" in skill.tags or ("厌旧" in skill.tags and state.used_on == f"{st.phase}:{st.day - 1}"):
            excluded.update(state.last_targets)
    in_range = conditions.compiled(skill.range)
    out = [o for o in st.seats if o.alive and o.no not in excluded and in_range(o, seat.no)]
    game.memo[key] = out
    return out


def unavailable(game: Game, seat: Seat, skill: Skill) -> str | None:
    """Why the seat cannot use this skill in the current step, or None."""
    if not seat.alive:
        return "你已出局"
    lost = not_held(game, seat, skill)
    if lost:
        return lost
    if not skill.forced and any(game.rs.statuses[s.name].silenced for s in seat.statuses):
        return "你处于[沉默]状态，不能发动非强制技能"
    spent = spent_this_phase(game, seat, skill)
    if spent:
        return spent
    if skill.needs_targets and len(legal_targets(game, seat, skill)) < skill.targets[0]:
        return f"{skill.name}没有足够的可选目标"
    return None


def spent_this_phase(game: Game, seat: Seat, skill: Skill) -> str | None:
    """Used already this day or night, or shut out by an exclusive skill used (救药 / 毒药)."""
    st = game.st
    title = texts.phase_title(st.phase, st.day)
    if seat.card.skills[skill.name].used_on == st.phase_key:
        return f"{title}已经发动过{skill.name}"
    for other in skill.exclusive:
        queued = any(a.seat == seat.no and a.skill == other for a in st.acts)
        other_state = seat.card.skills.get(other)
        if queued or (other_state and other_state.used_on == st.phase_key):
            return f"{title}已发动{other}，不能再发动{skill.name}"
    return None


def not_held(game: Game, seat: Seat, skill: Skill) -> str | None:
    """Why the seat's current card no longer holds this skill, or None."""
    state = seat.card.skills.get(skill.name)
    if state is None:
        return f"你没有技能{skill.name}"
    if state.lost:
        return f"你已失去技能{skill.name}"
    if state.uses is not None and state.uses <= 0:
        return f"{skill.name}为限定技能，已经发动过" if skill.uses == 1 else f"{skill.name}的次数已用完"
    if skill.requires and game.rs.roles[seat.role].skills[skill.requires] not in game.held_skills(seat):
        return f"你已失去技能{skill.name}（失去{skill.requires}后一同失去）"
    return None


def _in_current_step(game: Game, skill: Skill) -> bool:
    st = game.st
    if st.deadline is None or st.work or st.phase not in {"setup", "night", "day"}:
        return False
    return skill.name in game.rs.steps(st.phase)[st.step].skills


def open_actors(game: Game, step: Step) -> None:
    """As a step opens: <强制> skills without a choice act at once (通灵); every other
    (seat, skill) that may act in the step is checked in full once and waited for."""
    st = game.st
    st.waiting = []
    for seat in st.seats:
        if not seat.alive or seat.role not in step.roles:
            continue
        for skill in game.held_skills(seat):
            if skill.name not in step.skills:
                continue
            if skill.automatic:
                if skill.trigger and skill.trigger.on == "step_open":
                    _use(game, seat, skill, [], None)
            elif unavailable(game, seat, skill) is None:
                st.waiting.append((seat.no, skill.name))


def pending(game: Game, seat: Seat) -> list[Skill]:
    """The skills this seat may still use or pass in the current step."""
    st = game.st
    if st.phase not in {"setup", "night"} or not seat.alive:
        return []
    role = game.rs.roles[seat.role]
    return [
        role.skills[name]
        for no, name in st.waiting
        if no == seat.no and spent_this_phase(game, seat, role.skills[name]) is None
    ]


def anyone_pending(game: Game) -> bool:
    """Whether the step must still wait: someone may act (the day always runs to 关门)."""
    st = game.st
    if st.phase == "day":
        return True
    return any(st.seat(no).alive for no, _ in st.waiting)


def _done(game: Game, seat: Seat, skills: list[str]) -> None:
    """The seat used or passed these skills; an exclusive one it can no longer use goes too."""
    st = game.st
    role = game.rs.roles[seat.role]
    st.waiting = [
        (no, name)
        for no, name in st.waiting
        if no != seat.no or (name not in skills and spent_this_phase(game, seat, role.skills[name]) is None)
    ]


def _skill_line(game: Game, seat: Seat, skill: Skill) -> str:
    state = seat.card.skills[skill.name]
    bits = [skill.name]
    if skill.needs_targets:
        count = skill.targets[0] if skill.targets[0] == skill.targets[1] else f"{skill.targets[0]}-{skill.targets[1]}"
        bits.append(f"（选{count}个目标，选择范围：{texts.options(game.rs, legal_targets(game, seat, skill))}）")
    if state.uses is not None and skill.uses != 1:
        bits.append(f"（剩余{state.uses}次）")
    if skill.forced:
        bits.append("（强制）")
    return "".join(bits)


def announce_step(game: Game) -> None:
    """Tell each seat that may act now what it may do and until when."""
    st = game.st
    if st.deadline is None:
        return
    title = texts.phase_title(st.phase, st.day)
    step = game.rs.steps(st.phase)[st.step]
    until = game.deadline_text(st.deadline)
    for seat in st.seats:
        skills = (
            pending(game, seat)
            if st.phase != "day"
            else [s for s in game.held_skills(seat) if s.timing == "day" and unavailable(game, seat, s) is None]
        )
        if not skills:
            continue
        lines = "；".join(_skill_line(game, seat, s) for s in skills)
        where = title if st.phase == "day" else f"{title}·{step.name}"
        game.tell(seat.no, f"【{where}】你可以发动：{lines}。截止 {until}。发送「技能名 目标」，或「放弃」。", "prompt")


# ---------------------------------------------------------------- resolution


def decided_acts(game: Game, step: Step) -> list[Act]:
    """The step's acts in rule order: team choices decided, forced choices made for the silent."""
    st = game.st
    out: list[Act] = []
    for name in step.skills:
        acts = sorted((a for a in st.acts if a.skill == name), key=lambda a: a.order)
        skill = game.rs.skill(name)
        if skill is None:
            continue
        if skill.team:
            decided = _team_decision(game, skill, acts)
            if decided:
                out.append(decided)
            continue
        out.extend(acts)
        if skill.forced and skill.needs_targets:
            out.extend(_forced_defaults(game, skill, {a.seat for a in acts}))
    return out


def _team_decision(game: Game, skill: Skill, acts: list[Act]) -> Act | None:
    """最早达到最高票数: each member's latest choice; the first target to reach the top count."""
    assert skill.team is not None
    st = game.st
    choices = [a for a in acts if a.targets and st.seat(a.seat).alive]
    if not choices:
        game.log("team", f"{skill.team.team}没有选择{skill.name}的目标", skill.name)
        return None
    target, tally = earliest_highest([(a.targets[0], 1) for a in sorted(choices, key=lambda a: (a.at, a.order))])
    first = next(a for a in sorted(choices, key=lambda a: (a.at, a.order)) if a.targets[0] == target)
    votes = "，".join(f"{game.who(a.seat)}→{game.label(a.targets[0])}" for a in choices)
    game.log(
        "team",
        f"{skill.team.team}{skill.name}：{votes}；最早达到最高票数（{tally}票）的是{game.who(target)}",
        skill.name,
    )
    return Act(first.seat, skill.name, (target,), first.choice, first.at, first.order)


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


def _forced_defaults(game: Game, skill: Skill, acted: set[int]) -> list[Act]:
    """A <强制> choice left unmade at the deadline is made at random (logged as such)."""
    st = game.st
    out = []
    for seat in st.seats:
        if seat.no in acted or skill not in game.held_skills(seat) or unavailable(game, seat, skill):
            continue
        options = legal_targets(game, seat, skill)
        count = min(skill.targets[0], len(options))
        targets = tuple(sorted(s.no for s in game.rng().sample(options, count)))
        game.log(
            "timeout",
            f"{game.who(seat.no)}未在时限内发动强制技能{skill.name}，随机选择{'、'.join(game.label(t) for t in targets)}",
            skill.name,
        )
        game.tell(seat.no, f"你未在时限内发动{skill.name}，已随机选择：{'、'.join(game.label(t) for t in targets)}。")
        st.order += 1
        out.append(Act(seat.no, skill.name, targets, None, st.now, st.order))
    return out


def resolve(game: Game, act: Act) -> None:
    seat = game.st.seat(act.seat)
    skill = game.rs.roles[seat.role].skills.get(act.skill)
    if skill is None:
        return
    if not skill.team and not seat.alive:
        game.log("skip", f"{game.who(seat.no)}已出局，{skill.name}不结算", skill.name)
        return
    _use(game, seat, skill, list(act.targets), act.choice)


def _use(game: Game, seat: Seat, skill: Skill, targets: list[int], choice: str | None) -> effects.Ctx:
    st = game.st
    state = seat.card.skills[skill.name]
    if state.uses is not None:
        state.uses -= 1
    state.used += 1
    state.used_on = st.phase_key
    state.last_targets = tuple(targets)
    state.ever_targets = tuple(dict.fromkeys((*state.ever_targets, *targets)))
    aimed = f"对{'、'.join(game.who(t) for t in targets)}" if targets else ""
    game.log("act", f"{game.who(seat.no)}{aimed}发动{skill.name}" + (f"（{choice}）" if choice else ""), skill.name)
    ctx = effects.Ctx(game, actor=seat.no, skill=skill, targets=targets, choice=choice)
    effects.run(ctx, skill.effects)
    return ctx


# ---------------------------------------------------------------- commands


def _seat(game: Game, no: int) -> Seat:
    if not 1 <= no <= len(game.st.seats):
        raise Refusal("没有这个座位。")
    return game.st.seat(no)


def _playing(game: Game) -> None:
    if game.st.phase == "over":
        raise Refusal("游戏已经结束。")
    if game.st.clock.paused:
        raise Refusal("游戏已暂停，请等待导演继续。")


def _find_skill(game: Game, seat: Seat, name: str) -> Skill:
    skill = game.rs.roles[seat.role].skills.get(name)
    if skill is None or skill.todo:
        mine = "、".join(s.name for s in game.held_skills(seat)) or "无"
        raise Refusal(f"你没有技能「{name}」。你现在持有的技能：{mine}。")
    return skill


def _check_targets(game: Game, seat: Seat, skill: Skill, targets: tuple[int, ...]) -> None:
    legal = legal_targets(game, seat, skill)
    low, high = skill.targets
    wanted = str(low) if low == high else f"{low}到{high}"
    if not (low <= len(targets) <= high):
        raise Refusal(
            f"{skill.name}需要选择{wanted}个目标，你选了{len(targets)}个。选择范围：{texts.options(game.rs, legal)}。"
        )
    if len(set(targets)) != len(targets):
        raise Refusal(f"{skill.name}的目标不能重复。选择范围：{texts.options(game.rs, legal)}。")
    legal_nos = {s.no for s in legal}
    for t in targets:
        if not 1 <= t <= len(game.st.seats):
            raise Refusal(f"没有这个目标。选择范围：{texts.options(game.rs, legal)}。")
        if t not in legal_nos:
            raise Refusal(f"{game.label(t)}不在{skill.name}的选择范围内。选择范围：{texts.options(game.rs, legal)}。")
    if skill.choices:
        return


def act(game: Game, cmd: c.Act) -> str:
    _playing(game)
    st = game.st
    seat = _seat(game, cmd.seat)
    if st.prompt is not None and st.prompt.seat == seat.no:
        return _answer_prompt(game, seat, cmd)
    skill = _find_skill(game, seat, cmd.skill)
    if skill.choices and cmd.choice not in skill.choices:
        raise Refusal(f"{skill.name}需要选择：{'、'.join(skill.choices)}。")
    if skill.automatic:
        raise Refusal(f"{skill.name}是强制技能，会自动发动，无需操作。")
    lost = not_held(game, seat, skill) or spent_this_phase(game, seat, skill)
    if lost:
        raise Refusal(f"不能发动{skill.name}：{lost}。")
    if skill.trigger and skill.timing == "reaction":
        raise Refusal(f"{skill.name}只在触发时发动（{_trigger_text(skill)}），现在不能发动。")
    if not _in_current_step(game, skill):
        raise Refusal(f"现在不是{skill.name}的发动时间（{_when(game, skill)}）。当前：{_now_text(game)}。")
    reason = unavailable(game, seat, skill)
    if reason:
        raise Refusal(f"现在不能发动{skill.name}：{reason}。")
    _check_targets(game, seat, skill, cmd.targets)
    st.order += 1
    new = Act(seat.no, skill.name, cmd.targets, cmd.choice, st.now, st.order)
    if st.phase == "day":
        _use(game, seat, skill, list(cmd.targets), cmd.choice)
        return (
            f"已发动{skill.name}" + (f"：{'、'.join(game.label(t) for t in cmd.targets)}" if cmd.targets else "") + "。"
        )
    replaced = any(a.seat == seat.no and a.skill == skill.name for a in st.acts)
    st.acts = [a for a in st.acts if not (a.seat == seat.no and a.skill == skill.name)] + [new]
    _done(game, seat, [skill.name])
    aimed = "、".join(game.label(t) for t in cmd.targets)
    game.log(
        "choose",
        f"{game.who(seat.no)}选择{skill.name}"
        + (f"：{'、'.join(game.who(t) for t in cmd.targets)}" if cmd.targets else ""),
        skill.name,
    )
    if skill.team and game.rs.teams[skill.team.team].chat:
        from engine.messages import team

        game.say(team(skill.team.team), f"{seat.name}选择{skill.name}：{aimed}。", "team")
    until = game.deadline_text(st.deadline) if st.deadline else ""
    reply = f"已记录：{skill.name}" + (f" → {aimed}" if aimed else "") + ("（已更改）" if replaced else "") + "。"
    if not anyone_pending(game):
        from engine import flow

        flow.close_step(game)
    elif until:
        reply += f"截止 {until} 前可重新提交以更改。"
    return reply


def _trigger_text(skill: Skill) -> str:
    assert skill.trigger is not None
    return {"out": "出局后", "exiling": "因投票即将出局时", "step_open": "步骤开始时"}[skill.trigger.on]


def _when(game: Game, skill: Skill) -> str:
    step = game.rs.step_of(skill.name)
    if step is None:
        return "白天" if skill.timing == "day" else "触发时"
    return f"{texts.PHASE_NAMES[step.phase]}·{step.name}"


def _now_text(game: Game) -> str:
    st = game.st
    if st.phase in {"setup", "night"} and st.deadline is not None:
        return f"{texts.phase_title(st.phase, st.day)}·{game.rs.steps(st.phase)[st.step].name}"
    if st.phase == "dawn":
        return f"{texts.phase_title('night', st.day)}已结束，等待开门"
    if st.deadline is None and st.phase != "over":
        return f"{texts.phase_title(st.phase, st.day)}结算中"
    return texts.phase_title(st.phase, st.day)


def pass_(game: Game, cmd: c.Pass) -> str:
    _playing(game)
    st = game.st
    seat = _seat(game, cmd.seat)
    if st.prompt is not None and st.prompt.seat == seat.no:
        return _decline_prompt(game, seat)
    mine = pending(game, seat)
    if cmd.skill:
        mine = [s for s in mine if s.name == cmd.skill]
    passable = [s for s in mine if not s.forced]
    if not passable:
        if mine:
            raise Refusal(f"{mine[0].name}是强制技能，不能放弃，必须选择目标。")
        raise Refusal(f"你现在没有可以放弃的技能。当前：{_now_text(game)}。")
    where = _now_text(game)
    _done(game, seat, [s.name for s in passable])
    for skill in passable:
        st.acts = [a for a in st.acts if not (a.seat == seat.no and a.skill == skill.name)]
    game.log("pass", f"{game.who(seat.no)}放弃{'、'.join(s.name for s in passable)}", "放弃")
    if not anyone_pending(game):
        from engine import flow

        flow.close_step(game)
    return f"已放弃：{'、'.join(s.name for s in passable)}（{where}）。"


def last_words(game: Game, cmd: c.LastWords) -> str:
    seat = _seat(game, cmd.seat)
    if game.st.phase == "over":
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
    return "已记录遗言，将在下一个白天开门时公示（公示前可重新发送以修改）。"


# ---------------------------------------------------------------- prompts


def raise_prompt(game: Game, item: Ask) -> None:
    st = game.st
    seat = st.seat(item.seat)
    if item.kind == "sheriff":
        if st.sheriff != seat.no:
            return
        options = successors(game, seat.no)
        if not options:
            st.sheriff = None
            game.log("sheriff", "没有可以继任的角色，警长空缺", item.skill)
            game.public("警长空缺。")
            return
        minutes = None
    else:
        skill = game.rs.roles[seat.role].skills.get(item.skill)
        if skill is None or skill not in game.held_skills(seat):
            return
        if skill.needs_targets and not legal_targets(game, seat, skill):
            return
        options = legal_targets(game, seat, skill)
        minutes = skill.minutes
    st.prompt = Prompt(seat.no, item.skill, item.kind, prompt_deadline(st.settings, st.now, minutes))
    until = game.deadline_text(st.prompt.deadline)
    if item.kind == "sheriff":
        text = f"你需要选择继任警长（{item.skill}）：选择范围：{texts.options(game.rs, options)}。截止 {until}。发送「{item.skill} 目标」。"
    else:
        text = f"你可以发动{item.skill}：选择范围：{texts.options(game.rs, options)}。截止 {until}。发送「{item.skill} 目标」，或「放弃」。"
    game.tell(seat.no, text, "prompt")
    game.log("prompt", f"等待{game.who(seat.no)}决定{item.skill}", item.skill)


def ask_exiling(game: Game, seat: Seat, skill: Skill, out_item: object) -> None:
    """Offer a reaction to being exiled (装傻) before the exile happens."""
    st = game.st
    st.prompt = Prompt(
        seat.no, skill.name, "exiling", prompt_deadline(st.settings, st.now, skill.minutes), data={"out": out_item}
    )
    until = game.deadline_text(st.prompt.deadline)
    game.tell(
        seat.no,
        f"你因投票即将出局，可以发动{skill.name}：发送「{skill.name}」发动，或「放弃」。截止 {until}。",
        "prompt",
    )
    game.log("prompt", f"等待{game.who(seat.no)}决定是否发动{skill.name}", skill.name)


def successors(game: Game, sheriff: int) -> list[Seat]:
    return [
        s
        for s in game.st.seats
        if s.alive and s.no != sheriff and not any(game.rs.statuses[x.name].no_sheriff for x in s.statuses)
    ]


def _answer_prompt(game: Game, seat: Seat, cmd: c.Act) -> str:
    st = game.st
    prompt = st.prompt
    assert prompt is not None
    if cmd.skill != prompt.skill:
        raise Refusal(f"现在需要你决定{prompt.skill}（发送「{prompt.skill} 目标」或「放弃」），不能发动{cmd.skill}。")
    if prompt.kind == "sheriff":
        options = successors(game, seat.no)
        if len(cmd.targets) != 1 or cmd.targets[0] not in {s.no for s in options}:
            raise Refusal(f"请选择一名继任警长。选择范围：{texts.options(game.rs, options)}。")
        st.prompt = None
        from engine import voting

        voting.make_sheriff(game, cmd.targets[0], f"{prompt.skill}：{game.who(seat.no)}移交")
        return f"已移交警长：{game.label(cmd.targets[0])}。"
    skill = game.rs.roles[seat.role].skills[prompt.skill]
    _check_targets(game, seat, skill, cmd.targets)
    st.prompt = None
    ctx = _use(game, seat, skill, list(cmd.targets), cmd.choice)
    if prompt.kind == "exiling":
        _continue_exile(game, prompt, cancelled=ctx.cancelled)
    aimed = "、".join(game.label(t) for t in cmd.targets)
    return f"已发动{skill.name}" + (f" → {aimed}" if aimed else "") + "。"


def _decline_prompt(game: Game, seat: Seat) -> str:
    st = game.st
    prompt = st.prompt
    assert prompt is not None
    if prompt.kind == "sheriff" and game.rs.sheriff and game.rs.sheriff.timeout != "none":
        raise Refusal(
            f"{prompt.skill}是强制的，必须选择继任警长。选择范围：{texts.options(game.rs, successors(game, seat.no))}。"
        )
    st.prompt = None
    game.log("pass", f"{game.who(seat.no)}放弃{prompt.skill}", prompt.skill)
    if prompt.kind == "exiling":
        _continue_exile(game, prompt, cancelled=False)
    return f"已放弃{prompt.skill}。"


def _continue_exile(game: Game, prompt: Prompt, cancelled: bool) -> None:
    from dataclasses import replace

    from engine import flow

    if not cancelled:
        flow.push_front(game, [replace(prompt.data["out"], checked=True)])


def prompt_timeout(game: Game) -> None:
    st = game.st
    prompt = st.prompt
    assert prompt is not None
    st.prompt = None
    seat = st.seat(prompt.seat)
    if prompt.kind == "sheriff":
        options = successors(game, seat.no)
        if game.rs.sheriff and game.rs.sheriff.timeout == "random" and options:
            chosen = game.rng().choice(options)
            game.tell(seat.no, f"你未在时限内选择继任警长，已随机移交给{game.label(chosen.no)}。")
            from engine import voting

            voting.make_sheriff(game, chosen.no, f"{prompt.skill}超时，随机移交")
        else:
            st.sheriff = None
            game.public("警长空缺。")
        return
    game.log("timeout", f"{game.who(seat.no)}未在时限内决定{prompt.skill}，视为放弃", prompt.skill)
    game.tell(seat.no, f"你未在时限内决定{prompt.skill}，视为放弃。")
    if prompt.kind == "exiling":
        _continue_exile(game, prompt, cancelled=False)
