"""The effect vocabulary: what a skill's 结算效果 can do, one verb per entry.

    damage: {kind, at?, cause?}     mark an attack for step ``at``, or strike now
    status: name | {name, until?, uses?}   grant a status (until: night_end, day_end,
                                    source_out, permanent)
    remove_status: name
    feedback: text                  反馈 to the acting seat, about each subject
    feedback_damage: {kind, text, none}   反馈 the targets of marked attacks (通灵)
    notify: text                    通知 to each subject
    announce: text                  公示 (held until 开门 at night)
    join_team: name                 the subjects form/join a team (then its on_formed)
    set_camp: camp | {like: first_target}
    lose_skills: all | [names]      the subjects lose skills (装傻's after-effect fires)
    out: {cause}                    the subject is out at once, no defence applies
    cancel_out: true                (a reaction to 'exiling') the exile does not happen
    hand_over_sheriff: true         the acting seat, if sheriff, must pass the badge
    hook: name                      a Python hook from the ruleset's hooks.py

Every entry may carry ``to`` (targets | self | first_target | a selector),
``if`` / ``unless`` (a condition on each subject, or a game condition) and ``rule``.
Templates: {target} {targets} {name} {self_name} {self_secret} {member_secrets} {member_labels}.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import conditions, texts
from engine.ruleset.model import Effect, Skill
from engine.state import Damage

if TYPE_CHECKING:
    from engine.game import Game

ONCE_VERBS = {"feedback_damage", "announce", "cancel_out", "hand_over_sheriff", "hook"}


@dataclass
class Ctx:
    """Who acts, with which skill, on whom; what the effects decided."""

    game: Game
    actor: int  # seat number; 0 when the rules themselves act
    skill: Skill | None = None
    targets: list[int] = field(default_factory=list)
    choice: str | None = None
    rule: str = ""
    cancelled: bool = False

    @property
    def source_name(self) -> str:
        return self.skill.name if self.skill else self.rule


def run(ctx: Ctx, effects: tuple[Effect, ...]) -> None:
    for effect in effects:
        _run_one(ctx, effect)


def _subjects(ctx: Ctx, effect: Effect) -> list[int]:
    st = ctx.game.st
    if effect.to == "targets":
        return list(ctx.targets)
    if effect.to == "self":
        return [ctx.actor] if ctx.actor else []
    if effect.to == "first_target":
        return ctx.targets[:1]
    return [s.no for s in conditions.select(st, effect.to, ctx.actor)]  # type: ignore[arg-type]


def _passes(ctx: Ctx, effect: Effect, subject: int | None) -> bool:
    st = ctx.game.st
    for cond, wanted in ((effect.when, True), (effect.unless, False)):
        if cond is None:
            continue
        if isinstance(cond, str):
            ok = conditions.game_condition(cond, st, ctx.targets)
        elif subject is None:
            ok = conditions.holds(cond, st.seat(ctx.actor), ctx.actor) if ctx.actor else False
        else:
            ok = conditions.holds(cond, st.seat(subject), ctx.actor)
        if ok != wanted:
            return False
    return True


def _run_one(ctx: Ctx, effect: Effect) -> None:
    if effect.verb in ONCE_VERBS or effect.verb == "join_team":
        subjects = _subjects(ctx, effect) if effect.verb == "join_team" else []
        first = ctx.targets[0] if ctx.targets else None
        if _passes(ctx, effect, first if effect.verb != "join_team" else None):
            VERBS[effect.verb](ctx, effect, subjects)
        return
    chosen = [s for s in _subjects(ctx, effect) if _passes(ctx, effect, s)]
    if chosen:
        VERBS[effect.verb](ctx, effect, chosen)


def fill(ctx: Ctx, text: str, subject: int | None = None, **extra: Any) -> str:
    game = ctx.game
    rs, st = game.rs, game.st
    values: dict[str, Any] = dict(extra)
    if subject:
        seat = st.seat(subject)
        values.setdefault("target", texts.target_label(rs, seat))
        values.setdefault("name", seat.name)
    values.setdefault("targets", "、".join(texts.target_label(rs, st.seat(t)) for t in ctx.targets))
    if ctx.actor:
        me = st.seat(ctx.actor)
        values.setdefault("self_name", me.name)
        values.setdefault("self_secret", me.secret)
    try:
        return text.format(**values)
    except (KeyError, IndexError):
        return text


def _rule(ctx: Ctx, effect: Effect) -> str:
    return effect.rule or ctx.source_name


def _damage(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg = effect.arg
    cause = arg.get("cause") or ctx.source_name
    for target in subjects:
        damage = Damage(target, arg["kind"], cause, ctx.actor, arg.get("at") or "")
        if damage.at_step:
            ctx.game.st.damage.append(damage)
            ctx.game.log(
                "mark",
                f"{ctx.game.who(ctx.actor)}的{cause}指向{ctx.game.who(target)}（{arg['kind']}，于{damage.at_step}结算）",
                _rule(ctx, effect),
            )
        else:
            ctx.game.strike(damage)


def _status(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg = effect.arg if isinstance(effect.arg, dict) else {"name": effect.arg}
    for target in subjects:
        ctx.game.grant_status(
            target,
            arg["name"],
            source=ctx.actor,
            until=arg.get("until", "permanent"),
            uses=arg.get("uses"),
            rule=_rule(ctx, effect),
        )


def _remove_status(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        seat = ctx.game.st.seat(target)
        ctx.game.remove_statuses(seat, lambda s: s.name == effect.arg)
        ctx.game.log("status", f"{ctx.game.who(target)}失去状态[{effect.arg}]", _rule(ctx, effect))


def _feedback(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        text = fill(ctx, str(effect.arg), target)
        ctx.game.feedback(ctx.actor, text, _rule(ctx, effect))


def _feedback_damage(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    arg = effect.arg
    st, rs = ctx.game.st, ctx.game.rs
    marked = list(dict.fromkeys(d.target for d in st.damage if d.kind == arg["kind"]))
    if marked:
        text = arg["text"].format(targets="、".join(texts.target_label(rs, st.seat(t)) for t in marked))
    else:
        text = arg.get("none", "无")
    ctx.game.feedback(ctx.actor, text, _rule(ctx, effect))


def _notify(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        ctx.game.tell(target, fill(ctx, str(effect.arg), target))


def _announce(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    ctx.game.public(fill(ctx, str(effect.arg)))
    ctx.game.log("announce", fill(ctx, str(effect.arg)), _rule(ctx, effect), secret=False)


def _join_team(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    ctx.game.form_team(str(effect.arg), subjects, _rule(ctx, effect))


def _set_camp(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg = effect.arg
    st = ctx.game.st
    if isinstance(arg, dict):
        source = ctx.targets[:1] if arg.get("like") == "first_target" else []
        if not source:
            return
        camp = st.seat(source[0]).camp
    else:
        camp = str(arg)
    for target in subjects:
        ctx.game.set_camp(target, camp, _rule(ctx, effect))


def _lose_skills(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        ctx.game.lose_skills(target, None if effect.arg == "all" else tuple(effect.arg), _rule(ctx, effect))


def _out(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    cause = effect.arg.get("cause", ctx.source_name) if isinstance(effect.arg, dict) else ctx.source_name
    for target in subjects:
        ctx.game.queue_out(target, cause, source=ctx.actor)


def _cancel_out(ctx: Ctx, _effect: Effect, _subjects: list[int]) -> None:
    ctx.cancelled = True


def _hand_over_sheriff(ctx: Ctx, _effect: Effect, _subjects: list[int]) -> None:
    if ctx.game.st.sheriff == ctx.actor:
        ctx.game.ask_succession(ctx.actor)


def _hook(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    ctx.game.rs.hooks[str(effect.arg)](ctx)


VERBS = {
    "damage": _damage,
    "status": _status,
    "remove_status": _remove_status,
    "feedback": _feedback,
    "feedback_damage": _feedback_damage,
    "notify": _notify,
    "announce": _announce,
    "join_team": _join_team,
    "set_camp": _set_camp,
    "lose_skills": _lose_skills,
    "out": _out,
    "cancel_out": _cancel_out,
    "hand_over_sheriff": _hand_over_sheriff,
    "hook": _hook,
}
