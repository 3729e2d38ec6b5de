"""Cross-checks once every section is built: each name must refer to something defined, each step
must exist, each text may use only known fields."""

from __future__ import annotations

import string
from typing import Any

from engine.errors import Problem
from engine.phases import SubPhase
from engine.ruleset import model as m
from engine.ruleset.context import Context
from engine.ruleset.steps import places, skill_key
from engine.status_words import ANY, STATUS_CLASSES
from engine.vocabulary import KNOWN_TAGS, TEMPLATE_FIELDS, TIMELINE_KEYS


def cross_check(rs: m.Ruleset, ctx: Context) -> None:
    """References between sections: camps, teams, statuses, steps, skills, hooks, tags, boards."""
    steps = {s.name: s for s in (*rs.setup_steps, *rs.dusk_steps, *rs.night_steps)}
    step_index = {s.name: i for i, s in enumerate(rs.night_steps)}
    placed: set[str] = set()
    for step in steps.values():
        for entry in step.skills:
            _check_entry(rs, ctx, step, entry)
            placed.add(entry)
        for team in step.joins:
            if team not in rs.teams:
                _problem(ctx, rs, f"步骤 {step.name} 的 joins 团队 {team} 未定义")
    for step in steps.values():
        for effect in step.effects:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for role in rs.roles.values():
        if role.camp and role.camp not in rs.camps and not role.todo:
            _problem(ctx, rs, f"身份 {role.name} 的阵营 {role.camp} 未在 camps 中定义", role.where)
        _check_expansions(rs, ctx, role.expansion, (), f"身份 {role.name}", role.where)
        for team in role.teams:
            if team not in rs.teams:
                _problem(ctx, rs, f"身份 {role.name} 的团队 {team} 未在 teams 中定义", role.where)
        for tag in role.tags:
            if tag not in rs.card_tags:
                _problem(ctx, rs, f"身份 {role.name} 的标签 [{tag}] 未在 card_tags 中定义", role.where)
        if role.counter:
            for rule in role.counter.on_card_out:
                _known_roles(rs, ctx, rule.roles, f"身份 {role.name} 的 counter", role.where)
        for skill in role.skills.values():
            _check_skill(rs, ctx, skill, role.skills, placed, steps, step_index)
        for effect in role.on_out:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for card_tag in rs.card_tags.values():
        if card_tag.team and card_tag.team not in rs.teams:
            _problem(ctx, rs, f"标签 [{card_tag.name}] 的团队 {card_tag.team} 未定义", card_tag.where)
        if card_tag.relay_of and card_tag.relay_of not in rs.card_tags:
            _problem(ctx, rs, f"标签 [{card_tag.name}] 的 relay_of [{card_tag.relay_of}] 未定义", card_tag.where)
        for skill in card_tag.skills.values():
            _check_skill(rs, ctx, skill, card_tag.skills, placed, steps, step_index)
        what = f"标签 [{card_tag.name}]"
        _known_roles(rs, ctx, [*(r for r, _ in card_tag.roles), *card_tag.order], what, card_tag.where)
        for status in card_tag.passed_by:
            if status not in rs.statuses:
                _problem(ctx, rs, f"{what} 的 passed_by 状态 {status} 未定义", card_tag.where)
        if card_tag.order and any(r not in card_tag.order for r, _ in card_tag.roles):
            _problem(ctx, rs, f"{what} 的 roles 应都在 order（接刀顺序）中", card_tag.where)
    if rs.sheriff and rs.sheriff.declares and rs.skill(rs.sheriff.declares) is None:
        _problem(ctx, rs, f"sheriff.declares 的技能 {rs.sheriff.declares} 未定义")
    for team_def in rs.teams.values():
        for effect in (*team_def.on_formed, *team_def.on_member_out_effects):
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for sdef in rs.statuses.values():
        for skill in sdef.skills.values():
            _check_skill(rs, ctx, skill, sdef.skills, placed, steps, step_index)
        for effect in sdef.guards.on_stop if sdef.guards else ():
            _check_effect(rs, ctx, effect, steps, step_index, None)
    for camp in rs.victory.priority:
        if camp not in rs.camps:
            _problem(ctx, rs, f"victory.priority 的阵营 {camp} 未定义")
    for camp in rs.victory.joint_loss:
        if camp not in rs.camps:
            _problem(ctx, rs, f"victory.joint_loss 的阵营 {camp} 未定义")
    for name in rs.victory.together:
        if name not in steps:
            _problem(ctx, rs, f"victory.together 的步骤 {name} 未定义")
    for rounds in rs.rounds.values():
        if rounds.option and rounds.option not in rs.options:
            _problem(ctx, rs, f"showdown.{rounds.camp}.rounds 的选项 {rounds.option} 未在 options 中定义")
        for name in (*rounds.acts, *rounds.must, *rounds.hostile, *([rounds.again] if rounds.again else [])):
            if rs.skill(name) is None:
                _problem(ctx, rs, f"showdown.{rounds.camp}.rounds 的技能 {name} 未定义")
    for advice in rs.deal.advice:
        _known_roles(rs, ctx, [r for r, _ in advice.weights], "deal.advice")
    if rs.draw and rs.draw.waived_by:
        option = rs.options.get(rs.draw.waived_by)
        if option is None or set(option.values) != {False, True}:
            _problem(
                ctx,
                rs,
                f"draw.waived_by 的选项 {rs.draw.waived_by} 应在 options 中定义，values: [false, true]",
                rs.draw.where,
            )
    for option in rs.options.values():
        if option.todo and any(v is True for v in option.values):
            _problem(ctx, rs, f"选项 {option.name} 尚未实现（todo），values 不能含 true")
    _check_guards(rs, ctx)
    for sdef in rs.statuses.values():
        for other in sdef.cancels:
            if other not in rs.statuses:
                _problem(ctx, rs, f"状态 {sdef.name} 的 cancels 中 {other} 未定义")
        for name in sdef.caps.get("blocks", ()):
            if rs.skill(name) is None:
                _problem(ctx, rs, f"状态 {sdef.name} 的 blocks 中技能 {name} 未定义", sdef.where)
        for name in sdef.caps.get("spared_by_loans", ()):
            if name not in rs.statuses:
                _problem(ctx, rs, f"状态 {sdef.name} 的 spared_by_loans 中状态 {name} 未定义", sdef.where)
        for tag in sdef.caps.get("blocks_tags", ()):
            if tag not in KNOWN_TAGS:
                _problem(ctx, rs, f"状态 {sdef.name} 的 blocks_tags 中标签 [{tag}] 不是技能标签", sdef.where)
        for key, names in (("immune_to", sdef.immune_to), ("clears", sdef.clears)):
            for name in names:
                if name not in rs.statuses and name not in STATUS_CLASSES and name != ANY:
                    _problem(
                        ctx,
                        rs,
                        f"状态 {sdef.name} 的 {key} 中 {name} 既不是状态也不是状态类别（负面、非负面）",
                        sdef.where,
                    )
        _check_timed(rs, ctx, sdef)
    for victory_rule in rs.victory.rules:
        if victory_rule.camp not in rs.camps:
            _problem(ctx, rs, f"胜负条件的阵营 {victory_rule.camp} 未定义")
    for effects in rs.victory.on_lose.values():
        for effect in effects:
            _check_effect(rs, ctx, effect, steps, step_index, None)
    if rs.last_words.count_role and rs.last_words.count_role not in rs.roles:
        _problem(ctx, rs, f"last_words.count 的身份 {rs.last_words.count_role} 未定义")
    if rs.sheriff:
        for name in rs.sheriff.swallowed_by:
            if rs.skill(name) is None:
                _problem(ctx, rs, f"sheriff.election.swallowed_by 的技能 {name} 未定义")
    _check_cards(rs, ctx, steps)


def _check_expansions(
    rs: m.Ruleset, ctx: Context, expansion: str, waits: tuple[tuple[str, str], ...], what: str, where: str
) -> None:
    for name in (*([expansion] if expansion else []), *(e for e, _ in waits)):
        if name not in rs.options:
            _problem(ctx, rs, f"{what} 的扩展 {name} 未在 options 中定义", where)


def _check_guards(rs: m.Ruleset, ctx: Context) -> None:
    """Every ignored guard and every name of `guard_order` is a status; every guard is in the order."""
    for kind in rs.damage.values():
        for status in (*kind.ignores, *kind.except_):
            if status != ANY and status not in rs.statuses:
                _problem(ctx, rs, f"伤害 {kind.name} 的 ignores/except 中状态 {status} 未定义")
    for name in rs.guard_order:
        if name not in rs.statuses:
            _problem(ctx, rs, f"guard_order 中状态 {name} 未定义")
        elif rs.statuses[name].guards is None:
            _problem(ctx, rs, f"guard_order 中状态 {name} 没有 guards，不抵挡任何伤害")
    unordered = [s.name for s in rs.statuses.values() if s.guards and s.name not in rs.guard_order]
    if rs.guard_order and unordered:
        _problem(
            ctx,
            rs,
            f"有 guards 的状态 {'、'.join(unordered)} 不在 guard_order 中（写入 guard_order，或删去 guard_order 按时限最短者优先）",
        )


def _check_skill(
    rs: m.Ruleset,
    ctx: Context,
    skill: m.Skill,
    siblings: dict[str, m.Skill],
    placed: set[str],
    steps: dict[str, m.Step],
    step_index: dict[str, int],
) -> None:
    _check_expansions(rs, ctx, skill.expansion, skill.waits, f"技能 {skill.name}", skill.where)
    if skill.todo:
        return
    if skill.timing in {"night", "setup"} and not any(places(entry, skill) for entry in placed):
        _problem(ctx, rs, f"技能 {skill.name} 有时段标签但不在 flow 的任何步骤中", skill.where)
    own_step = rs.step_of(skill)
    sub_phases = skill.tags & set(TIMELINE_KEYS)  # [黄昏] … [晨曦]: those sub-phases' steps (变脸: and 开局's)
    if sub_phases == {SubPhase.OPENING}:
        sub_phases = frozenset()
    own_steps = [s for s in (*rs.setup_steps, *rs.dusk_steps, *rs.night_steps, rs.day_step) if s.holds(skill)]
    wrong = [s for s in own_steps if s.sub_phase not in sub_phases]  # 报复[晨曦][黄昏] sits in a step of each
    if sub_phases and wrong:
        tags = "][".join(sorted(sub_phases))
        _problem(
            ctx, rs, f"技能 {skill.name} 有[{tags}]标签，却在{wrong[0].sub_phase}的步骤 {wrong[0].name} 中", skill.where
        )
    if skill.team and skill.team.team not in rs.teams:
        _problem(ctx, rs, f"技能 {skill.name} 的团队 {skill.team.team} 未定义", skill.where)
    if skill.requires and skill.requires not in siblings:
        _problem(ctx, rs, f"技能 {skill.name} requires 的 {skill.requires} 不是同一身份的技能", skill.where)
    for grant in skill.grants:
        if grant.status not in rs.statuses:
            _problem(ctx, rs, f"技能 {skill.name} 授予的状态 {grant.status} 未定义", skill.where)
    for aura in skill.aura:
        if aura.status not in rs.statuses:
            _problem(ctx, rs, f"技能 {skill.name} 的 aura 中状态 {aura.status} 未定义", skill.where)
    for tag in skill.not_current_tags:
        if tag not in rs.card_tags:
            _problem(ctx, rs, f"技能 {skill.name} 的 not_current 标签 [{tag}] 未定义", skill.where)
    for name in skill.not_current_skills:
        if name not in siblings:
            _problem(ctx, rs, f"技能 {skill.name} 的 not_current 技能 {name} 不是同一身份的技能", skill.where)
    if skill.counts_as and rs.skill(skill.counts_as) is None:
        _problem(ctx, rs, f"技能 {skill.name} 的 counts_as {skill.counts_as} 未定义", skill.where)
    if skill.choice_hook and skill.choice_hook not in rs.hooks:
        _problem(
            ctx,
            rs,
            f"技能 {skill.name} 的 choice_hook {skill.choice_hook!r} 未在 hooks.py 的 HOOKS 中定义",
            skill.where,
        )
    triggered = [e for t in skill.triggers for e in (t.effects or ())]
    for effect in (*skill.effects, *skill.on_lost_after_use, *skill.on_trigger, *triggered):
        _check_effect(rs, ctx, effect, steps, step_index, own_step)
    for trigger in skill.triggers:
        _known_roles(rs, ctx, trigger.roles, f"技能 {skill.name} 的 trigger.roles", skill.where)
        for name in trigger.skills:
            if rs.skill(name) is None:
                _problem(ctx, rs, f"技能 {skill.name} 的 trigger.skills 中 {name} 未定义", skill.where)
    if skill.default is not None and not skill.choices and skill.choice_of != "disguise":
        _problem(ctx, rs, f"技能 {skill.name} 有 default 但没有 choices", skill.where)


def _known_roles(rs: m.Ruleset, ctx: Context, roles: Any, what: str, where: str = "") -> None:
    for role in dict.fromkeys(roles):
        if role not in rs.roles:
            _problem(ctx, rs, f"{what} 中的身份 {role} 未定义", where)


def _check_cards(rs: m.Ruleset, ctx: Context, steps: dict[str, m.Step]) -> None:
    """双身份 sections: the order step, hands, the deal's rules and the boards name what exists."""
    order = rs.cards
    if order.order_step and order.order_step not in {s.name for s in rs.setup_steps}:
        _problem(ctx, rs, f"cards.order.step {order.order_step} 不是 flow.setup 中的步骤", order.where)
    _known_roles(rs, ctx, [role for role, _ in order.second], "cards.order.second", order.where)
    for _, camp in order.second:
        if camp and camp not in rs.camps:
            _problem(ctx, rs, f"cards.order.second 的阵营 {camp} 未定义", order.where)
    for hand in rs.hands.values():
        _known_roles(rs, ctx, [r for p in hand.pairs for r in p], f"组合 {hand.name}", hand.where)
        for option, pairs in hand.also:
            if option not in rs.options:
                _problem(ctx, rs, f"组合 {hand.name} 的 also 选项 {option} 未在 options 中定义", hand.where)
            _known_roles(rs, ctx, [r for p in pairs for r in p], f"组合 {hand.name}", hand.where)
    for forbidden in rs.deal.forbidden:
        for side in forbidden.pair:
            _known_roles(rs, ctx, _card_condition_roles(side), "deal.forbidden", forbidden.where)
    for name in rs.deal.hand_counts:
        if name not in rs.hands:
            _problem(ctx, rs, f"deal.hands 的组合 {name} 未在 hands 中定义")
    for a, b, _ in rs.deal.apart:
        _known_roles(rs, ctx, (a, b), "deal.apart", rs.deal.where)
    for board in rs.boards.values():
        _known_roles(rs, ctx, board.cards, f"板型 {board.name}", board.where)
        for key, _ in board.options:
            if key not in rs.options:
                _problem(ctx, rs, f"板型 {board.name} 的选项 {key} 未在 options 中定义", board.where)
        for sub in board.substitutions.values():
            what = f"板型 {board.name} 的替换 {sub.name}"
            roles = [r for pair in sub.replace for r in pair] + [*sub.choose, *([sub.to] if sub.to else [])]
            _known_roles(rs, ctx, roles, what, sub.where)
            for key, _ in sub.options:
                if key not in rs.options:
                    _problem(ctx, rs, f"{what} 的选项 {key} 未在 options 中定义", sub.where)


def _card_condition_roles(cond: dict[str, Any]) -> list[str]:
    roles = cond.get("role", [])
    out = list(roles) if isinstance(roles, list) else [roles]
    if isinstance(cond.get("not"), dict):
        out.extend(_card_condition_roles(cond["not"]))
    return out


def _check_effect(
    rs: m.Ruleset,
    ctx: Context,
    effect: m.Effect,
    steps: dict[str, m.Step],
    step_index: dict[str, int],
    own_step: m.Step | None,
) -> None:
    arg = effect.arg
    _check_fields(rs, ctx, effect)
    if effect.verb == "damage":
        kind = arg.get("kind") if isinstance(arg, dict) else None
        if kind not in rs.damage:
            _problem(ctx, rs, f"damage 的 kind {kind!r} 未在 damage 中定义", effect.where)
        at = arg.get("at") if isinstance(arg, dict) else None
        if at is not None:
            if at not in steps:
                _problem(ctx, rs, f"damage.at 的步骤 {at!r} 不存在", effect.where)
            elif (
                own_step is not None
                and own_step.name in step_index
                and step_index.get(at, -1) <= step_index[own_step.name]
            ):
                _problem(ctx, rs, f"damage.at 的步骤 {at} 不在技能所在步骤 {own_step.name} 之后", effect.where)
    elif effect.verb in {"status", "add_status_uses"}:
        name = arg.get("name", arg.get("status")) if isinstance(arg, dict) else arg
        if name not in rs.statuses:
            _problem(ctx, rs, f"状态 {name!r} 未在 statuses 中定义", effect.where)
    elif effect.verb == "join_team" and arg not in rs.teams:
        _problem(ctx, rs, f"团队 {arg!r} 未定义", effect.where)
    elif effect.verb == "set_camp" and isinstance(arg, str) and arg not in rs.camps:
        _problem(ctx, rs, f"阵营 {arg!r} 未定义", effect.where)
    elif effect.verb == "hook" and arg not in rs.hooks:
        _problem(ctx, rs, f"钩子 {arg!r} 未在 hooks.py 的 HOOKS 中定义", effect.where)
    elif effect.verb == "grant_skill" and arg != "choice":
        for name in arg.values() if isinstance(arg, dict) else [arg]:
            if rs.skill(str(name)) is None:
                _problem(ctx, rs, f"grant_skill 的技能 {name!r} 未定义", effect.where)
    elif effect.verb == "ask" and rs.skill(str(arg)) is None:
        _problem(ctx, rs, f"ask 的技能 {arg!r} 未定义", effect.where)
    elif effect.verb == "become" and arg not in {"choice", "target"} and arg not in rs.roles:
        _problem(ctx, rs, f"become 的身份 {arg!r} 未定义（或写 choice、target）", effect.where)
    elif effect.verb == "notify_team" and isinstance(arg, dict) and arg.get("team") not in rs.teams:
        _problem(ctx, rs, f"notify_team 的团队 {arg.get('team')!r} 未定义", effect.where)
    elif (
        effect.verb in {"gain_tag", "lose_tag"}
        and (tag := arg.get("tag") if isinstance(arg, dict) else arg) not in rs.card_tags
    ):
        _problem(ctx, rs, f"{effect.verb} 的标签 {tag!r} 未在 card_tags 中定义", effect.where)
    elif effect.verb == "add_counter" and not isinstance(arg, str):
        _problem(ctx, rs, "add_counter 应为计数的名称", effect.where)
    elif effect.verb == "extra_night" and arg not in {step.name for step in rs.night_steps}:
        _problem(ctx, rs, f"extra_night 的步骤 {arg!r} 不是夜晚的步骤（额外一轮夜晚到该步骤为止）", effect.where)


def _check_fields(rs: m.Ruleset, ctx: Context, effect: m.Effect) -> None:
    """The {fields} of a message text are ones the engine fills (or a counter's name)."""
    arg = effect.arg
    keys = ("present", "absent") if effect.verb == "feedback_dealt" else ("text", "none")
    texts = [arg] if isinstance(arg, str) else [arg.get(k) for k in keys] if isinstance(arg, dict) else []
    if effect.verb not in {
        "feedback",
        "notify",
        "announce",
        "feedback_chosen",
        "feedback_damage",
        "feedback_exiled",
        "feedback_list",
        "feedback_dealt",
        "notify_team",
        "share_feedback",
        "feedback_acts",
        "flag",
    }:
        return
    counters = {r.counter.name for r in rs.roles.values() if r.counter}
    for text in texts:
        if not isinstance(text, str):
            continue
        try:
            fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        except ValueError:
            _problem(ctx, rs, f"文字 {text!r} 的花括号不成对", effect.where)
            continue
        numbered = {f for f in fields if f.startswith("target_") and f.removeprefix("target_").isdigit()}
        for name in sorted(fields - set(TEMPLATE_FIELDS) - counters - numbered):
            _problem(
                ctx, rs, f"文字中不认识的 {{{name}}}（可用：{'、'.join(TEMPLATE_FIELDS)}，或计数的名称）", effect.where
            )


def _check_entry(rs: m.Ruleset, ctx: Context, step: m.Step, entry: str) -> None:
    """A step's skill: defined, and by one role only where several define the name differently."""
    role, name = skill_key(entry)
    if role in rs.roles and rs.roles[role].todo and not rs.roles[role].skills:
        return  # a role still to be written: its place in the order is kept, its skill comes with it
    if rs.entry_skill(entry) is None:
        owner = f"身份 {role} 的" if role else ""
        _problem(ctx, rs, f"步骤 {step.name} 引用了未定义的{owner}技能 {name}", step.where)
    elif not role and (roles := rs.ambiguous(name)):
        _problem(
            ctx,
            rs,
            f"步骤 {step.name} 的技能 {name} 有歧义：{'、'.join(roles)}各自定义了不同的 {name}，"
            f"应写作 {'、'.join(f'{r}<{name}>' for r in roles)}",
            step.where,
        )


def _problem(ctx: Context, rs: m.Ruleset, message: str, where: str = "") -> None:
    if where and ":" in where:
        file, line = where.rsplit(":", 1)
        ctx.problems.append(Problem(file, int(line), message))
    else:
        ctx.problems.append(Problem(rs.directory, 0, message))


def _check_timed(rs: m.Ruleset, ctx: Context, sdef: m.StatusDef) -> None:
    """A status acting in time names steps of the timeline, a damage kind, statuses and a skill that exist."""
    steps = {step.name for step in (*rs.dusk_steps, *rs.night_steps)}
    if sdef.again is not None:
        if sdef.again.kind not in rs.damage:
            _problem(ctx, rs, f"状态 {sdef.name} 的 again.kind {sdef.again.kind} 不是 damage 中的伤害种类", sdef.where)
        for name in sdef.again.at:
            if name not in steps:
                _problem(ctx, rs, f"状态 {sdef.name} 的 again.at 中步骤 {name} 不在黄昏或夜晚的步骤中", sdef.where)
    if sdef.every is not None and sdef.every.step not in steps:
        _problem(ctx, rs, f"状态 {sdef.name} 的 every.step {sdef.every.step} 不在黄昏或夜晚的步骤中", sdef.where)
    for name in sdef.echoes:
        if name not in rs.statuses:
            _problem(ctx, rs, f"状态 {sdef.name} 的 echoes 中状态 {name} 未定义", sdef.where)
    if sdef.refreshes and rs.skill(sdef.refreshes) is None:
        _problem(ctx, rs, f"状态 {sdef.name} 的 refreshes 中技能 {sdef.refreshes} 未定义", sdef.where)
