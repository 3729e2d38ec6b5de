"""Using skills: who may act in a step, the legal targets, recording and resolving acts.

A seat's skills are what engine/cards.py says it holds now (its current card's, 隐匿,
card tags). Reactions that wait for one seat (最后一枪, 殉职, 装傻) are in engine/prompts.py.
Every refusal says what was wrong and what would be right.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, cast

from engine import cards, conditions, effects, prompts, rounds, targeting, texts, timeline, views
from engine import commands as c
from engine.cards import Held
from engine.errors import Refusal
from engine.phases import PHASES, Phase
from engine.prompts import successors
from engine.ruleset.model import Skill, Step
from engine.state import Act, Card, Seat

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["legal_targets", "pending", "successors", "unavailable"]


# ---------------------------------------------------------------- what a seat may do


PERSONAL_TAGS = frozenset({"无私", "绝情", "喜新", "厌旧"})  # tags that make a range depend on who uses it


def legal_targets(game: Game, seat: Seat, skill: Skill) -> list[Seat]:
    """[选择范围]: seats still in the game meeting the skill's range and its tags' constraints."""
    st = game.st
    if not skill.tags & PERSONAL_TAGS and not conditions.uses_actor(skill.range) and not skill.among_out:
        key: tuple[object, ...] = (st.version, st.phase_key, st.step, skill.name)  # the same for every holder
        cached = game.memo.get(key)
        if cached is None:
            in_range = conditions.compiled(skill.range)
            cached = game.memo[key] = [o for o in st.seats if cards.publicly_in(game, o) and in_range(o, seat.no, st)]
        return cast(list[Seat], cached)
    holding = cards.find(game, seat, skill.name)
    state = holding.state if holding else None
    key = (st.version, st.phase_key, st.step, seat.no, skill.name, state.used if state else 0)
    cached = game.memo.get(key)
    if cached is not None:
        return cast(list[Seat], cached)
    excluded: set[int] = set()
    if "无私" in skill.tags:
        excluded.add(seat.no)
    if state is not None:
        if "绝情" in skill.tags:
            excluded.update(state.ever_targets)
        if "喜新" in skill.tags:
            excluded.update(state.last_targets)
        if "厌旧" in skill.tags:
            yesterday = f"{st.phase}:{st.day - 1}"
            for kin in cards.family(game, seat, skill):
                for used_on, targets in ((kin.used_on, kin.last_targets), kin.before):
                    if used_on == yesterday:
                        excluded.update(targets)
    in_range = conditions.compiled(skill.range)
    present = (lambda o: not o.alive) if skill.among_out else (lambda o: cards.publicly_in(game, o))
    out = [o for o in st.seats if present(o) and o.no not in excluded and in_range(o, seat.no, st)]
    game.memo[key] = out
    return out


def unavailable(game: Game, seat: Seat, skill: Skill) -> str | None:
    """Why the seat cannot use this skill in the current step, or None."""
    st, rs = game.st, game.rs
    if not cards.publicly_in(game, seat):
        return "你已出局"
    lost = not_held(game, seat, skill)
    if lost:
        return lost
    if not skill.forced and any(rs.statuses[s.name].silenced for s in seat.statuses):
        return "你处于[沉默]状态，不能发动非强制技能"
    blocking = [s.name for s in seat.statuses if skill.name in rs.statuses[s.name].blocks]
    if blocking:
        return f"你处于[{blocking[0]}]状态，不能发动{skill.name}（{rs.statuses[blocking[0]].text}）"
    if skill.only_if and not conditions.holds(skill.only_if, seat, seat.no, st):
        return f"现在不满足{skill.name}的发动条件（{skill.text}）"
    if st.phase == Phase.ELECTION and not skill.during_election:
        return f"竞选日不能发动{skill.name}"
    if "翻牌" in skill.tags and cards.acting_card(game, seat).revealed:
        return f"你的当前身份已经公开，无法再翻牌发动{skill.name}"
    outside = timeline.outside_noon(game, skill)
    if outside:
        return outside
    late = _too_late(game, skill)
    if late:
        return late
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
    holding = cards.find(game, seat, skill.name)
    if holding and holding.state.used_on == st.phase_key:
        return f"{title}已经发动过{skill.name}"
    cooling = timeline.cooling(game, seat, skill)
    if cooling:
        return cooling
    if holding and skill.per_nights and holding.state.used_on.startswith(f"{Phase.NIGHT}:") and st.phase == Phase.NIGHT:
        block = (st.day - 1) // skill.per_nights
        used = int(holding.state.used_on.split(":")[1])
        if (used - 1) // skill.per_nights == block:
            first = block * skill.per_nights + 1
            return f"{skill.name}每{skill.per_nights}晚只能发动一次，第{first}-{first + skill.per_nights - 1}晚已在第{used}晚发动过"
    for other in skill.exclusive:
        queued = any(a.seat == seat.no and a.skill == other for a in st.acts)
        other_held = cards.find(game, seat, other)
        if queued or (other_held and other_held.state.used_on == st.phase_key):
            return f"{title}已发动{other}，不能再发动{skill.name}"
    return None


def _too_late(game: Game, skill: Skill) -> str | None:
    """关门前N分钟内不能发动 (荣耀)."""
    st = game.st
    if not skill.not_last_minutes or st.phase != Phase.DAY or st.deadline is None:
        return None
    if st.deadline - st.now <= timedelta(minutes=skill.not_last_minutes):
        return f"关门前{skill.not_last_minutes}分钟内不能发动{skill.name}（关门时间 {game.deadline_text(st.deadline)}）"
    return None


def not_held(game: Game, seat: Seat, skill: Skill) -> str | None:
    """Why the seat no longer holds this skill, or None (a skill lost unawares still looks held)."""
    mine = cards.held(game, seat)
    holding = next((h for h in mine if h.skill.name == skill.name), None)
    if holding is None:
        return f"你没有技能{skill.name}"
    state = holding.state
    if state.lost and not state.unaware:
        return f"你已失去技能{skill.name}"
    if state.uses is not None and state.uses <= 0:
        return f"{skill.name}为限定技能，已经发动过" if skill.uses == 1 else f"{skill.name}的次数已用完"
    if not cards.offered(game, seat, holding, mine):
        return f"你已失去技能{skill.name}（失去{skill.requires}后一同失去）"
    card = holding.card
    counter = game.rs.roles[card.role].counter if card else None
    if card and counter and counter.name not in card.counters:
        return f"{card.role}的{counter.name}尚未开始计数"
    return None


def _in_current_step(game: Game, skill: Skill) -> bool:
    st = game.st
    phase = PHASES[st.phase]
    if st.deadline is None or st.work or not (phase.stepped or phase.votes):
        return False
    if st.phase == Phase.ELECTION:
        return skill.timing == "day"
    return skill.name in game.rs.steps(st.phase)[st.step].skills


def open_actors(game: Game, step: Step) -> None:
    """As a step opens: <强制> skills without a choice act at once (通灵); every other
    (seat, skill) that may act in the step is checked in full once and waited for."""
    st = game.st
    st.waiting = []
    for seat in st.seats:
        for card in seat.cards:
            if card.out and card.out_phase == st.phase_key:
                _fire_after_out(game, seat, card, step)
        if not seat.alive:
            continue
        mine = cards.held(game, seat)
        for holding in mine:
            skill = holding.skill
            if skill.name not in step.skills:
                continue
            if skill.automatic:
                usable = cards.usable(game, seat, holding, mine)
                if usable and skill.trigger and skill.trigger.on == "step_open" and not_held(game, seat, skill) is None:
                    use(game, seat, holding, [], None)
            elif rounds.rests(game, skill):  # 轮次决胜: not used, or used by itself at the step's end
                continue
            elif cards.offered(game, seat, holding, mine) and unavailable(game, seat, skill) is None:
                st.waiting.append((seat.no, skill.name))
    _seat_deadlines(game, step)


def _seat_deadlines(game: Game, step: Step) -> None:
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
            if holding.skill.name in step.skills and holding.skill.automatic:
                minutes = holding.skill.minutes_in(st.phase)
                if minutes and holding.state.used_on == st.phase_key:
                    until = st.step_opened + timedelta(minutes=minutes)
                    st.seat_deadlines[no] = min(st.seat_deadlines[no], until)
    if st.seat_deadlines:
        st.deadline = max(st.seat_deadlines.values())


def expire_seats(game: Game) -> bool:
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


def _fire_after_out(game: Game, seat: Seat, card: Card, step: Step) -> None:
    """A skill that still fires the night its card went out (灵尾)."""
    counter = game.rs.roles[card.role].counter
    if counter is not None and counter.name not in card.counters:
        return  # a card whose count never started has nothing to report
    for name, state in card.skills.items():
        skill = cards.skill_def(game, card, name)
        if skill and skill.out_tonight and skill.automatic and name in step.skills and not cards.spent(state):
            use(game, seat, Held(skill, state, card), [], None)


def pending(game: Game, seat: Seat) -> list[Skill]:
    """The skills this seat may still use or pass in the current step."""
    st = game.st
    if not PHASES[st.phase].stepped or not seat.alive:
        return []
    out = []
    for no, name in st.waiting:
        holding = cards.find(game, seat, name) if no == seat.no else None
        if holding and spent_this_phase(game, seat, holding.skill) is None:
            out.append(holding.skill)
    return out


def anyone_pending(game: Game) -> bool:
    """Whether the step must still wait: someone may act (the day always runs to 关门)."""
    st = game.st
    if PHASES[st.phase].votes:
        return True
    return any(st.seat(no).alive for no, _ in st.waiting)


def _done(game: Game, seat: Seat, skills: list[str]) -> None:
    """The seat used or passed these skills; an exclusive one it can no longer use goes too."""
    st = game.st
    kept = []
    for no, name in st.waiting:
        if no == seat.no:
            holding = cards.find(game, seat, name)
            if name in skills or holding is None or spent_this_phase(game, seat, holding.skill):
                continue
        kept.append((no, name))
    st.waiting = kept


def _skill_line(game: Game, seat: Seat, skill: Skill) -> str:
    holding = cards.find(game, seat, skill.name)
    bits = [skill.name]
    if skill.needs_targets:
        count = skill.targets[0] if skill.targets[0] == skill.targets[1] else f"{skill.targets[0]}-{skill.targets[1]}"
        bits.append(f"（选{count}个目标，选择范围：{texts.options(game.rs, legal_targets(game, seat, skill))}）")
    words = choice_words(game, seat, skill)
    if words and skill is not game.rs.order_skill:
        bits.append(f"（选择：{'/'.join(words)}）")
    if holding and holding.state.uses is not None and skill.uses != 1:
        bits.append(f"（剩余{holding.state.uses}次）")
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
        if PHASES[st.phase].votes:
            skills = [
                s
                for s in views.skills_known(game, seat)
                if s.timing == "day" and cards.publicly_in(game, seat) and unavailable(game, seat, s) is None
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


def _syntax(game: Game, seat: Seat, skill: Skill) -> str:
    """What to send for this skill: its name, 目标 where it takes targets, 选择 where it takes a word."""
    if not skill.needs_targets and (choice_words(game, seat, skill) or skill.choice_hook):
        return f"「{skill.name} 选择」"
    if skill.needs_targets and (choice_words(game, seat, skill) or skill.choice_hook):
        return f"「{skill.name} 目标 选择」"
    return prompts.syntax(skill.name, skill.needs_targets)


# ---------------------------------------------------------------- resolution


def decided_acts(game: Game, step: Step) -> list[Act]:
    """The step's acts in rule order: team choices decided, forced choices made for the silent;
    skills given during play (幸运儿) in the order they were received."""
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
        forced = skill.forced or rounds.must(game, skill)
        if skill.default is not None or (forced and (skill.needs_targets or skill.choices or skill.choice_of)):
            out.extend(_forced_defaults(game, skill, {a.seat for a in acts}))
    return sorted(out, key=lambda a: _received(game, a))


def _received(game: Game, act: Act) -> int:
    holding = cards.find(game, game.st.seat(act.seat), act.skill)
    return holding.state.granted if holding else 0


def _team_decision(game: Game, skill: Skill, acts: list[Act]) -> Act | None:
    """The team's choice: 最早达到最高票数 (earliest_highest) or the last one made (latest)."""
    assert skill.team is not None
    st = game.st
    choices = [a for a in sorted(acts, key=lambda a: (a.at, a.order)) if a.targets and st.seat(a.seat).alive]
    if not choices:
        if any(cards.find(game, seat, skill.name) for seat in st.alive()):  # held, but nobody chose
            game.log("team", f"{skill.team.team}没有选择{skill.name}的目标", skill.name)
        return None
    if skill.team.decide == "latest":
        last = choices[-1]
        game.log(
            "team",
            f"{skill.team.team}{skill.name}：以最后提交的{game.who(last.seat)}→{game.who(last.targets[0])}为准",
            skill.name,
        )
        return last
    target, tally = earliest_highest([(a.targets[0], 1) for a in choices])
    first = next(a for a in choices if a.targets[0] == target)
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
    """A choice left unmade at the deadline: the skill's ``default``, or for a <强制> one a random
    choice (logged, and flagged to the directors where the ruleset gives silence a card)."""
    st = game.st
    out = []
    for seat in st.seats:
        if seat.no in acted or skill not in game.held_skills(seat) or unavailable(game, seat, skill):
            continue
        if skill.default is not None:
            game.log("timeout", f"{game.who(seat.no)}未选择{skill.name}，按默认：{skill.default}", skill.name)
            game.tell(seat.no, f"你未选择{skill.name}，按默认：{skill.default}。")
            st.order += 1
            out.append(Act(seat.no, skill.name, (), skill.default, st.now, st.order))
            continue
        options = legal_targets(game, seat, skill)
        count = min(skill.targets[0], len(options))
        aimed = rounds.aim(game, skill)
        if aimed is not None:  # 轮次决胜: 猎人、女巫、刺客必定杀狼
            targets: tuple[int, ...] = (aimed,)
        else:
            targets = tuple(sorted(s.no for s in game.rng().sample(options, count)))
        words = choice_words(game, seat, skill)
        choice = game.rng().choice(words) if words else None
        made = "、".join([*(game.label(t) for t in targets), *([choice] if choice else [])])
        game.log("timeout", f"{game.who(seat.no)}未在时限内发动强制技能{skill.name}，随机选择{made}", skill.name)
        if aimed is None:
            game.tell(seat.no, f"你未在时限内发动{skill.name}，已随机选择：{made}。")
            game.flag_silence(seat.no, skill.name)
        st.order += 1
        out.append(Act(seat.no, skill.name, targets, choice, st.now, st.order))
    return out


def choice_words(game: Game, seat: Seat, skill: Skill) -> tuple[str, ...]:
    """The words a ``choice`` may be: the skill's list, the undealt cards (偷换), or skill names (迷梦)."""
    if skill.choice_of == "spare":
        return tuple(dict.fromkeys(game.st.spare_cards))
    if skill.choice_of == "skill":
        return tuple(s.name for s in game.rs.all_skills() if not s.forced and not s.todo and s.timing == "night")
    return skill.choices


def resolve(game: Game, act: Act) -> None:
    seat = game.st.seat(act.seat)
    holding = cards.find(game, seat, act.skill)
    if holding is None or cards.spent(holding.state):
        game.log("skip", f"{game.who(seat.no)}已不再持有{act.skill}，不结算", act.skill)
        return
    if not holding.skill.team and not seat.alive:
        game.log("skip", f"{game.who(seat.no)}已出局，{act.skill}不结算", act.skill)
        return
    use(game, seat, holding, list(act.targets), act.choice)


def use(game: Game, seat: Seat, holding: Held, chosen: list[int], choice: str | None) -> effects.Ctx:
    """Spend a use and carry out the effects: on the [结算目标], after tonight's redirections."""
    st, rs = game.st, game.rs
    skill, state = holding.skill, holding.state
    if state.uses is not None:
        state.uses -= 1
    state.used += 1
    if state.used_on and state.used_on != st.phase_key:
        state.before = (state.used_on, state.last_targets)
    state.used_on = st.phase_key
    state.last_targets = tuple(chosen)
    state.ever_targets = tuple(dict.fromkeys((*state.ever_targets, *chosen)))
    targets = [st.redirects.get(t, t) for t in chosen] if "指定" in skill.tags else list(chosen)
    if "指定" in skill.tags and chosen:
        st.chosen.append((skill.name, seat.no, tuple(chosen)))
    aimed = f"对{'、'.join(game.who(t) for t in chosen)}" if chosen else ""
    moved = f"（结算目标：{'、'.join(game.who(t) for t in targets)}）" if targets != chosen else ""
    game.log(
        "act", f"{game.who(seat.no)}{aimed}发动{skill.name}{moved}" + (f"（{choice}）" if choice else ""), skill.name
    )
    card = holding.card or cards.acting_card(game, seat)
    if "翻牌" in skill.tags and not card.revealed:
        card.revealed = True
        game.public(f"{seat.name}翻牌发动<{skill.name}>：当前身份为{card.role}。")
        game.log("reveal", f"{game.who(seat.no)}翻牌：{card.role}", skill.name, secret=False)
    ctx = effects.Ctx(game, actor=seat.no, skill=skill, targets=targets, choice=choice, chosen=chosen, card=card)
    void = targeting.void_reason(game, seat, skill, chosen)
    if void:  # 花蝴蝶抱走女巫，药不会起任何作用，且仍然失去该药: what it does to its user still happens
        game.log("void", f"{game.who(seat.no)}的{skill.name}无效（{void}）", void)
        ctx.targets = []
        effects.run(ctx, tuple(e for e in skill.effects if e.to == "self"))
        return ctx
    ctx.targets = targeting.reached(game, targets)
    if ctx.targets != targets:
        game.log("reach", f"{skill.name}的结算目标：{'、'.join(game.who(t) for t in ctx.targets) or '无'}", skill.name)
    effects.run(ctx, skill.effects)
    targeting.fire_targeted(game, seat, skill, ctx.targets)
    if st.phase == Phase.ELECTION and rs.sheriff and skill.name in rs.sheriff.swallowed_by:
        from engine import election

        election.swallow(game, seat, skill.name)
    return ctx


# ---------------------------------------------------------------- commands


def _playing(game: Game) -> None:
    if game.st.phase == Phase.OVER:
        raise Refusal("游戏已经结束。")
    if game.st.clock.paused:
        raise Refusal("游戏已暂停，请等待导演继续。")


def _find(game: Game, seat: Seat, name: str) -> Held:
    holding = cards.find(game, seat, name)
    if holding is None:
        mine = "、".join(s.name for s in views.skills_known(game, seat)) or "无"
        raise Refusal(f"你没有技能「{name}」。你现在持有的技能：{mine}。")
    return holding


def check_targets(game: Game, seat: Seat, skill: Skill, targets: tuple[int, ...]) -> None:
    legal = legal_targets(game, seat, skill)
    low, high = skill.targets
    if high == 0 and targets:
        raise Refusal(f"{skill.name}不需要选择目标：发送{prompts.syntax(skill.name, False)}即可。")
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


def check_choice(game: Game, seat: Seat, skill: Skill, choice: str | None) -> None:
    """A fixed list of words (交易's 验人/毒药/守护), or free text a hook reads (心算, 点睛)."""
    if skill.choice_hook:
        why = game.rs.hooks[skill.choice_hook](game, seat, choice or "")
        if why:
            raise Refusal(why)
        return
    words = choice_words(game, seat, skill)
    if words and skill is not game.rs.order_skill and choice not in words:
        raise Refusal(f"{skill.name}需要选择：{'、'.join(words)}。例如「{skill.name} … {words[0]}」。")


def act(game: Game, cmd: c.Act) -> str:
    _playing(game)
    st = game.st
    seat = game.named_seat(cmd.seat)
    if st.prompt is not None and st.prompt.seat == seat.no:
        return prompts.answer(game, seat, cmd)
    holding = _find(game, seat, cmd.skill)
    skill = holding.skill
    if skill.automatic:
        raise Refusal(f"{skill.name}是强制技能，会自动发动，无需操作。")
    lost = not_held(game, seat, skill) or spent_this_phase(game, seat, skill)
    if lost:
        raise Refusal(f"不能发动{skill.name}：{lost}。")
    if skill.trigger and skill.timing == "reaction":
        raise Refusal(f"{skill.name}只在触发时发动（{prompts.trigger_text(skill)}），现在不能发动。")
    if skill.only_if and not conditions.holds(skill.only_if, seat, seat.no, st):
        raise Refusal(f"现在不满足{skill.name}的发动条件（{skill.text}）。")
    if not _in_current_step(game, skill):
        raise Refusal(f"现在不是{skill.name}的发动时间（{_when(game, skill)}）。当前：{now_text(game)}。")
    reason = unavailable(game, seat, skill)
    if reason:
        raise Refusal(f"现在不能发动{skill.name}：{reason}。")
    if skill is game.rs.order_skill:
        reply = cards.choose_first(game, seat, cmd.choice or "")
        _done(game, seat, [skill.name])
        _close_if_done(game)
        return reply
    check_targets(game, seat, skill, cmd.targets)
    check_choice(game, seat, skill, cmd.choice)
    if holding.state.unaware:  # 得到“确定”答案的时候，导演才会给出反馈“你已经失去技能”
        _done(game, seat, [skill.name])
        game.feedback(seat.no, f"你已经失去技能{skill.name}。", skill.name)
        _close_if_done(game)
        return f"已记录：{skill.name}。"
    st.order += 1
    new = Act(seat.no, skill.name, cmd.targets, cmd.choice, st.now, st.order)
    if PHASES[st.phase].votes:
        use(game, seat, holding, list(cmd.targets), cmd.choice)
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
        + (f"：{'、'.join(game.who(t) for t in cmd.targets)}" if cmd.targets else "")
        + (f"（{cmd.choice}）" if cmd.choice else ""),
        skill.name,
    )
    if skill.team and game.rs.teams[skill.team.team].chat and skill.team.team in seat.teams:
        from engine.messages import team

        game.say(team(skill.team.team), f"{seat.name}选择{skill.name}：{aimed}。", "team")
    until = game.deadline_text(st.deadline) if st.deadline else ""
    what = aimed + (f"（选择：{cmd.choice}）" if cmd.choice else "")  # the seat's choice, not a fact of its target
    reply = f"已记录：{skill.name}" + (f" → {what}" if what else "") + ("（已更改）" if replaced else "") + "。"
    if not _close_if_done(game) and until:
        reply += f"截止 {until} 前可重新提交以更改；本步骤的其他人都提交后，步骤会提前结束。"
    return reply


def _close_if_done(game: Game) -> bool:
    if anyone_pending(game):
        return False
    from engine import flow

    flow.close_step(game)
    return True


def _when(game: Game, skill: Skill) -> str:
    step = game.rs.step_of(skill.name)
    if step is None:
        return "白天" if skill.timing == "day" else "触发时"
    return f"{step.sub_phase}·{step.name}"


def now_text(game: Game) -> str:
    st = game.st
    if PHASES[st.phase].stepped and st.deadline is not None:
        return f"{texts.phase_title(st.phase, st.day)}·{game.rs.steps(st.phase)[st.step].name}"
    if st.phase == Phase.DAWN:
        return f"{texts.phase_title(Phase.NIGHT, st.day)}已结束，等待开门"
    if st.deadline is None and st.phase != Phase.OVER:
        return f"{texts.phase_title(st.phase, st.day)}结算中"
    return texts.phase_title(st.phase, st.day)


def pass_(game: Game, cmd: c.Pass) -> str:
    _playing(game)
    st = game.st
    seat = game.named_seat(cmd.seat)
    if st.prompt is not None and st.prompt.seat == seat.no:
        return prompts.decline(game, seat)
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


def last_words(game: Game, cmd: c.LastWords) -> str:
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
