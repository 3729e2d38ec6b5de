"""Using a skill: resolve a queued act, spend a use, follow the targeting chain (redirects,
reach, void), carry out the effects, then the triggers of the seats it reached (咒缚, 共亡).
A use is announced as ``events.SkillUsed``, for the rules that answer any use (吞警徽)."""

from __future__ import annotations

from engine import cards, conditions, delays, effects, phases, readings, skill_uses, targeting, use_triggers
from engine.cards import Held
from engine.context import Context
from engine.errors import Refusal
from engine.events import SkillUsed
from engine.ruleset.model import Skill
from engine.state import Act, Seat

NOON = "正午"  # where a held day skill waits: the next day's 正午, as it opens


def resolve(game: Context, act: Act) -> None:
    seat = game.st.seat(act.seat)
    holding = cards.find(game, seat, act.skill)
    piped = any(no == seat.no and name == act.skill for _, no, name in game.st.piped)  # 混乱2: 无视次数限制
    if holding is None or (cards.spent(holding.state) and not piped):
        game.log("skip", f"{game.who(seat.no)}已不再持有{act.skill}，不结算", act.skill)
        return
    kept = skill_uses.LAST_WORDS in holding.skill.tags or holding.state.when_out
    if not holding.skill.team and not seat.alive and not kept:
        game.log("skip", f"{game.who(seat.no)}已出局，{act.skill}不结算", act.skill)
        return
    use(game, seat, holding, list(act.targets), act.choice, act.settled)


def now_or_later(game: Context, acts: list[Act]) -> list[Act]:
    """The closing step's acts to resolve now: the acts held a day ago for it first, then its own
    less those [凝滞] holds, which wait a day with the [结算目标] they reach now."""
    st = game.st
    out = delays.due(game)
    for act in acts:
        holding = cards.find(game, st.seat(act.seat), act.skill)
        if holding is None or not delays.is_held(game, act, holding.skill):
            out.append(act)
            continue
        delays.hold(game, act, settle(game, st.seat(act.seat), holding.skill, list(act.targets)))
    return out


def use_or_hold(game: Context, seat: Seat, holding: Held, act: Act) -> bool:
    """A day skill sent: used at once, or held by [凝滞] for the next day's 正午 (False), with the
    [结算目标] it reaches now; one such act of a skill a day."""
    skill = holding.skill
    if delays.waiting(game, seat.no, skill.name):
        raise Refusal(f"你的<{skill.name}>已因[凝滞]延迟到下一天结算，今天不能再发动。")
    if not delays.is_held(game, act, skill):
        use(game, seat, holding, list(act.targets), act.choice)
        return True
    delays.hold(game, act, settle(game, seat, skill, list(act.targets)), NOON)
    return False


def resolve_held_by_day(game: Context) -> None:
    """开门: the day skills held yesterday resolve, in the order they were held."""
    for act in delays.due(game, NOON):
        resolve(game, act)


def settle(game: Context, seat: Seat, skill: Skill, chosen: list[int]) -> list[int]:
    """[选择目标] → [结算目标]: 时间逆流, tonight's swaps, pulls, 反射, in that order."""
    st = game.st
    targets = targeting.turned_back(game, seat, skill, list(chosen))
    targets = [st.redirects.get(t, t) for t in targets] if "指定" in skill.tags else targets
    targets = targeting.pulled(game, seat, skill, targets)
    return targeting.reflected(game, seat, skill, targets)


def use(
    game: Context,
    seat: Seat,
    holding: Held,
    chosen: list[int],
    choice: str | None,
    settled: tuple[int, ...] | None = None,
) -> effects.Ctx:
    """Spend a use and carry out the effects: on the [结算目标], after tonight's redirections (or on
    those an act held a day reached when it was held)."""
    st = game.st
    skill, state = holding.skill, holding.state
    skill_uses.spend_swift(game, holding)
    if state.uses is not None:
        state.uses -= 1
    state.used += 1
    if state.used_on and state.used_on != st.phase_key:
        state.before = (state.used_on, state.last_targets)
    state.used_on = st.phase_key
    state.last_targets = tuple(chosen)
    state.ever_targets = tuple(dict.fromkeys((*state.ever_targets, *chosen)))
    targets = settle(game, seat, skill, chosen) if settled is None else list(settled)
    if "指定" in skill.tags and chosen:
        st.chosen.append((skill.name, seat.no, tuple(chosen)))
    readings.note_act(game, skill, seat.no, chosen)
    aimed = f"对{'、'.join(game.who(t) for t in chosen)}" if chosen else ""
    moved = f"（结算目标：{'、'.join(game.who(t) for t in targets)}）" if targets != chosen else ""
    game.log(
        "act", f"{game.who(seat.no)}{aimed}发动{skill.name}{moved}" + (f"（{choice}）" if choice else ""), skill.name
    )
    card = holding.card or cards.acting_card(game, seat)
    if "翻牌" in skill.tags and not card.revealed:
        card.revealed = True
        game.reveal(seat.name, skill.name, card.role)
        game.log("reveal", f"{game.who(seat.no)}翻牌：{card.role}", skill.name, secret=False)
    ctx = effects.Ctx(game, actor=seat.no, skill=skill, targets=targets, choice=choice, chosen=chosen, card=card)
    void = targeting.void_reason(game, seat, skill, chosen)
    if void:  # 花蝴蝶抱走女巫，药不会起任何作用，且仍然失去该药: what it does to its user still happens
        game.log("void", f"{game.who(seat.no)}的{skill.name}无效（{void}）", void)
        ctx.targets = []
        effects.run(ctx, tuple(e for e in skill.effects if e.to == "self"))
        return ctx
    head = st.work[0] if st.work else None
    ctx.targets = targeting.reached(game, targets, seat, skill)
    if ctx.targets != targets:
        game.log("reach", f"{skill.name}的结算目标：{'、'.join(game.who(t) for t in ctx.targets) or '无'}", skill.name)
    effects.run(ctx, skill.effects)
    readings.note_reached(game, skill, seat.no, ctx.targets)  # after its own effects: 邀舞 does not name itself
    readings.note_touch(game, skill, seat.no, ctx.targets)
    fire_targeted(game, seat, skill, ctx.targets)
    game.emit(SkillUsed(seat.no, skill.name))
    use_triggers.queue_after_use(game, seat, skill.name, head)
    use_triggers.watchers_react(game, seat, skill.name)
    return ctx


def fire_targeted(game: Context, user: Seat, skill: Skill, targets: list[int]) -> None:
    """Each seat reached whose skill is set off by being targeted (咒缚, 共亡) reacts now, in order."""
    st = game.st
    for no in targets:
        seat = st.seat(no)
        if no == user.no or not seat.alive:
            continue
        for holding in cards.held(game, seat):
            for trigger in holding.skill.triggers:
                if trigger.on != "targeted" or cards.spent(holding.state):
                    continue
                if trigger.skills and skill.name not in trigger.skills:
                    continue
                if trigger.unforced and skill.forced:
                    continue
                if trigger.phase and trigger.phase != (phases.kind(st.phase) or "night"):
                    continue
                if trigger.by and not conditions.holds(trigger.by, user, no, st):
                    continue
                game.log(
                    "trigger",
                    f"{game.who(no)}成为{game.who(user.no)}的<{skill.name}>的目标，{holding.skill.name}触发",
                    holding.skill.name,
                )
                ctx = effects.Ctx(game, actor=no, skill=holding.skill, targets=[user.no], rule=holding.skill.name)
                skill_uses.fired(game, holding)
                effects.run(ctx, trigger.effects if trigger.effects is not None else holding.skill.effects)
