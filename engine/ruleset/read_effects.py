"""What skills, statuses, teams and steps are written in: the effects (one verb each, with `to`,
`if` and the other effect keys) and the conditions on seats, checked as they are read."""

from __future__ import annotations

from typing import Any

from engine.ruleset import model as m
from engine.ruleset.context import Context
from engine.ruleset.yamlsrc import Node, Seq, file_of, line_of
from engine.status_words import UNTILS
from engine.vocabulary import (
    CONDITION_KEYS,
    DAMAGE_KEYS,
    EFFECT_KEYS,
    EFFECT_VERBS,
    GAME_CONDITIONS,
    NOTICE_KINDS,
    OUT_KEYS,
)


def read_effects(node: Node, key: str, ctx: Context, what: str) -> tuple[m.Effect, ...]:
    raw = node.get(key)
    if raw is None:
        return ()
    if not isinstance(raw, Seq):
        ctx.err(node, key, f"{what}.{key} 应为效果列表")
        return ()
    effects = []
    for i, item in enumerate(raw):
        enode = ctx.mapping(item, raw, i, "效果")
        if enode is None:
            continue
        verbs = [k for k in enode if k in EFFECT_VERBS]
        extra = [k for k in enode if k not in EFFECT_VERBS and k not in EFFECT_KEYS]
        if len(verbs) != 1 or extra:
            ctx.err(
                raw,
                i,
                f"{what}.{key}[{i}] 应恰有一个效果动词（{'、'.join(sorted(EFFECT_VERBS))}），"
                f"外加可选的 {' / '.join(EFFECT_KEYS)}；实际：{'、'.join(map(str, enode))}",
            )
            continue
        for cond_key in ("if", "unless", "if_target", "if_any_target", "if_all_targets", "if_actor"):
            if cond_key in enode and not (isinstance(enode[cond_key], str) and enode[cond_key] in GAME_CONDITIONS):
                read_condition(enode[cond_key], enode, cond_key, ctx)
        if "if_counter" in enode:
            _counter_test(enode["if_counter"], enode, ctx)
        if "if_seen" in enode:
            seen = ctx.mapping(enode["if_seen"], enode, "if_seen", "if_seen")
            if seen is not None:
                ctx.keys(seen, {"camp", "role", "pool", "knife"}, "if_seen")
        _verb_arg(verbs[0], enode, ctx)
        to = enode.get("to", "targets")
        if isinstance(to, str):
            if to not in {"targets", "self", "first_target", "chosen"}:
                ctx.err(enode, "to", "to 应为 targets、self、first_target、chosen 或一个选择条件")
        elif isinstance(to, Node) and "beside" in to:
            ctx.keys(to, {"beside", "among"}, "to")
            if to["beside"] != "self":
                ctx.err(to, "beside", "beside 只可为 self（发动者电梯楼两侧的角色）")
            read_condition(to.get("among"), to, "among", ctx)
        elif isinstance(to, Node) and "below" in to:
            ctx.keys(to, {"below", "among"}, "to")
            if to["below"] != "self":
                read_condition(to["below"], to, "below", ctx)
            read_condition(to.get("among"), to, "among", ctx)
        elif isinstance(to, Node) and "random" in to:
            ctx.keys(to, {"random", "among"}, "to")
            if not (isinstance(to["random"], int) and to["random"] >= 1):
                ctx.err(to, "random", "random 应为人数（从 1 起），例如 2")
            read_condition(to.get("among"), to, "among", ctx)
        else:
            read_condition(to, enode, "to", ctx)
        pick = enode.get("pick") or []
        if not (isinstance(pick, list) and all(isinstance(p, int) and p >= 1 for p in pick)):
            ctx.err(enode, "pick", "pick 应为目标的位置列表（从 1 起），例如 [1, 2]")
            pick = []
        if not isinstance(enode.get("random", 1), int) or enode.get("random", 1) < 1:
            ctx.err(enode, "random", "random 应为正整数（随机选取的对象数）")
        if enode.get("delay", "next_night") not in {"next_night", "next_noon"}:
            ctx.err(enode, "delay", "delay 只可为 next_night 或 next_noon")
        if enode.get("notice", "公示") not in NOTICE_KINDS:
            ctx.err(enode, "notice", f"notice 应为公告的种类：{'、'.join(NOTICE_KINDS)}")
        effects.append(
            m.Effect(
                verb=verbs[0],
                arg=enode[verbs[0]],
                to=to,
                when=enode.get("if"),
                unless=enode.get("unless"),
                rule=str(enode.get("rule", "")),
                where=f"{file_of(raw)}:{line_of(raw, i)}",
                if_target=enode.get("if_target"),
                if_counter=enode.get("if_counter"),
                if_choice=ctx.names(enode, "if_choice"),
                if_role_is_choice=enode.get("if_role_is_choice") is True,
                if_choice_camp=ctx.text(enode, "if_choice_camp"),
                if_any_target=enode.get("if_any_target"),
                if_all_targets=enode.get("if_all_targets"),
                pick=tuple(pick),
                random=enode.get("random", 0) if isinstance(enode.get("random", 0), int) else 0,
                delay=ctx.text(enode, "delay"),
                if_seen=enode.get("if_seen"),
                if_actor=enode.get("if_actor"),
                if_judged=ctx.names(enode, "if_judged"),
                notice=ctx.text(enode, "notice"),
                held=ctx.flag(enode, "held"),
                if_roll=_if_roll(enode, ctx),
            )
        )
    return tuple(effects)


def _if_roll(enode: Node, ctx: Context) -> tuple[int, ...]:
    """``if_roll: [low, high]``: the faces of the run's die the effect follows (1-3为研发失败)."""
    raw = enode.get("if_roll")
    if raw is None:
        return ()
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(n, int) and n >= 1 for n in raw)):
        ctx.err(enode, "if_roll", "if_roll 应为骰点范围 [最小, 最大]，例如 [1, 3]")
        return ()
    return (raw[0], raw[1])


# The verbs that change a count: their keys, the key that names what they change (if required), the
# key of the number, and what the named key should hold.
COUNT_VERBS = {
    "add_uses": ({"skill", "by"}, "skill", "by", "技能名，或 choice（发动时的选择）"),
    "boost": ({"swift", "skill"}, "", "swift", ""),
    "add_status_uses": ({"status", "by"}, "status", "by", "状态名"),
}


def _verb_arg(verb: str, enode: Node, ctx: Context) -> None:
    """The argument shapes of the verbs whose arguments have keys of their own."""
    arg = enode[verb]
    if verb == "damage":
        node = ctx.mapping(arg, enode, verb, "damage")
        if node is not None:
            ctx.keys(node, DAMAGE_KEYS, "damage")
            if node.get("night", "next") != "next":
                ctx.err(node, "night", "damage.night 只可为 next")
            if node.get("source", "target") != "target":
                ctx.err(node, "source", "damage.source 只可为 target")
    elif verb == "out" and isinstance(arg, Node):
        ctx.keys(arg, OUT_KEYS, "out")
        if arg.get("if_out", "self") != "self":
            ctx.err(arg, "if_out", "out.if_out 只可为 self")
    elif verb == "lose_skills" and isinstance(arg, Node):
        ctx.keys(arg, {"skills", "told"}, "lose_skills")
    elif verb == "feedback_dealt":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"present", "absent"}, verb)
    elif verb == "feedback_acts":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"text", "none", "all"}, verb)
    elif verb == "share_feedback":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"skill", "text", "none"}, verb)
            if not node.get("skill") or not node.get("text"):
                ctx.err(node, "skill", "share_feedback 需要 skill（技能名）与 text（含 {feedback}）")
    elif verb == "feedback_around":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"alike", "mixed"}, verb)
            for key in ("alike", "mixed"):
                if key not in node:
                    ctx.err(node, None, f"feedback_around 须写 {key}")
    elif verb in {"notify_team", "feedback_list"}:
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"team", "text"} if verb == "notify_team" else {"of", "text", "none"}, verb)
            if verb == "feedback_list":
                read_condition(node.get("of"), node, "of", ctx)
    elif verb == "ban_skill" and arg != "choice":
        ctx.err(enode, verb, "ban_skill 只可为 choice（发动时选择的技能）")
    elif verb == "turn_back":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"users"}, verb)
            read_condition(node.get("users"), node, "users", ctx)
    elif verb == "pull":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"users", "within"}, verb)
            if not isinstance(node.get("within"), int):
                ctx.err(node, "within", "pull.within 应为整数（电梯楼距离）")
            read_condition(node.get("users"), node, "users", ctx)
    elif verb == "attach":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"tags", "kit", "camps", "both_out", "learned", "followers"}, verb)
    elif verb in {"take_kit", "learn"} and isinstance(arg, Node):
        keys = (
            {"from", "among", "tags"}
            if verb == "take_kit"
            else {"from", "among", "look", "lent", "seen", "identity", "role"}
        )
        ctx.keys(arg, keys, verb)
        if arg.get("from", "random") not in {"random", "self"}:
            ctx.err(arg, "from", "take_kit.from 只可为 random（从 among 中随机一名）或 self（自己置顶的底牌）")
        if arg.get("role", "choice") != "choice":
            ctx.err(arg, "role", "learn.role 只可为 choice（所选的身份）")
        read_condition(arg.get("among"), arg, "among", ctx)
    elif verb == "set_camp" and isinstance(arg, Node):
        ctx.keys(arg, {"like", "most_out"}, verb)
    elif verb == "put_face" and isinstance(arg, Node):
        ctx.keys(arg, {"lend", "other"}, verb)
    elif verb == "hand_over" and arg != "all":
        ctx.err(enode, verb, "hand_over 只可为 all")
    elif verb in COUNT_VERBS:
        keys, named, number, need = COUNT_VERBS[verb]
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, keys, verb)
            if named and not node.get(named):
                ctx.err(node, named, f"{verb} 需要 {named}：{need}")
            count = node.get(number, 1)
            if not isinstance(count, int) or isinstance(count, bool):
                ctx.err(node, number, f"{verb} 的次数应为整数")
    elif verb == "borrow_skills" and arg != "night":
        ctx.err(enode, verb, "borrow_skills 只可为 night")
    elif verb == "status" and isinstance(arg, Node):
        ctx.keys(arg, {"name", "until", "uses", "look", "giver"}, "status")
        if arg.get("look", "choice") != "choice":
            ctx.err(arg, "look", "status.look 只可为 choice（发动时选择的伪装）")
        if arg.get("giver", "target") != "target":
            ctx.err(arg, "giver", "status.giver 只可为 target（技能的结算目标作为状态来源）")
        if arg.get("until", "permanent") not in UNTILS:
            ctx.err(arg, "until", f"until 应为 {'、'.join(UNTILS)} 之一")
    elif verb == "swap_cards" and arg not in {"permanent", "night"}:
        ctx.err(enode, verb, "swap_cards 应为 permanent 或 night")
    elif verb == "feedback_reflected":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"text", "none"}, verb)
    elif verb == "feedback_reached":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"of", "text", "none"}, verb)
            ctx.keys(ctx.mapping(node.get("of"), node, "of", "of") or Node(), {"tag"}, "feedback_reached.of")
    elif verb in {"feedback_chosen", "feedback_exiled"}:
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"of", "order", "text", "none"} if verb == "feedback_chosen" else {"text", "none"}, verb)
            if verb == "feedback_chosen":
                of = ctx.mapping(node.get("of"), node, "of", "of") or Node()
                ctx.keys(of, {"tag", "damage"}, "feedback_chosen.of")
                if node.get("order", "act") not in {"act", "seat"}:
                    ctx.err(node, "order", "order 应为 act（行动顺序）或 seat（编号顺序）")
    elif verb == "roster_move" and arg not in {"add", "remove"}:
        ctx.err(enode, verb, "roster_move 应为 add 或 remove")
    elif verb == "roster_shelter":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"kind", "backlash"}, verb)
    elif verb == "roll":
        _roll(arg, enode, ctx)
    elif verb == "take_legacy" and arg != "choice":
        ctx.err(enode, verb, "take_legacy 只可为 choice（发动时选择的技能池技能）")
    elif verb == "gather_legacy":
        ctx.keys(ctx.mapping(arg, enode, verb, verb) or Node(), {"kill"}, verb)
    elif verb == "seize_kit":
        node = ctx.mapping(arg, enode, verb, verb)
        if node is not None:
            ctx.keys(node, {"while"}, verb)
            if not node.get("while"):
                ctx.err(node, "while", "seize_kit 需要 while：技能持续期间发动者持有的状态名")


def _roll(arg: Any, enode: Node, ctx: Context) -> None:
    """``roll: N`` (N ≥ 2 faces) or ``{sides, name, once}``."""
    if isinstance(arg, int) and not isinstance(arg, bool):
        if arg < 2:
            ctx.err(enode, "roll", "roll 应为骰子的面数（至少 2），例如 6")
        return
    node = ctx.mapping(arg, enode, "roll", "roll")
    if node is None:
        return
    ctx.keys(node, {"name", "sides", "once"}, "roll")
    sides = node.get("sides")
    if not node.get("name") or not isinstance(sides, int) or isinstance(sides, bool) or sides < 2:
        ctx.err(node, None, "roll 需要 name（计数名）与 sides（骰子面数，至少为2）")
        return
    once = ctx.mapping(node.get("once"), node, "once", "roll.once") if "once" in node else None
    for face, to in (once or {}).items():
        if not all(str(v).isdigit() and 1 <= int(v) <= sides for v in (face, to)):
            ctx.err(once, face, f"roll.once 的点数应为 1 到 {sides} 之间的整数")


def _counter_test(value: Any, parent: Node, ctx: Context) -> None:
    node = ctx.mapping(value, parent, "if_counter", "if_counter")
    for name, test in (node or {}).items():
        tnode = ctx.mapping(test, node, name, "if_counter")
        if tnode is not None:
            ctx.keys(tnode, {"at_most", "at_least"}, f"if_counter.{name}")


def read_condition(value: Any, parent: Any, key: str | int, ctx: Context) -> None:
    """Check a selector/condition mapping's keys recursively."""
    if isinstance(value, str) and value in GAME_CONDITIONS:
        return
    node = ctx.mapping(value, parent, key, "条件")
    if node is None:
        return
    for k, v in node.items():
        if k not in CONDITION_KEYS:
            ctx.err(node, k, f"条件中不认识的键 {k!r}（可用：{'、'.join(CONDITION_KEYS)}）")
        elif k in {"not", "mate", "any_seat"}:
            read_condition(v, node, k, ctx)
        elif k in {
            "option",
            "counter",
            "read_tonight",
            "uses",
            "status_count",
            "first_attacker",
            "first_toucher",
            "seats",
        } and (not isinstance(v, dict)):
            ctx.err(node, k, f"{k} 应为映射")
        elif k == "first_toucher":
            ctx.keys(v, {"by", "order"}, "first_toucher")
            if "by" in v:
                read_condition(v["by"], v, "by", ctx)
        elif k == "first_attacker":
            ctx.keys(v, {"on", "kinds"}, "first_attacker")
            if "on" in v:
                read_condition(v["on"], v, "on", ctx)
        elif k == "seats":
            ctx.keys(v, {"at_least", "of"}, "seats")
            read_condition(v.get("of"), v, "of", ctx)
        elif k == "read_tonight":
            ctx.keys(v, {"skill", "pool", "role", "camp"}, "read_tonight")
            if "skill" not in v:
                ctx.err(node, k, "read_tonight 须写 skill：当晚进行查验的技能名")
        elif k in {"any", "all"}:
            if not isinstance(v, list):
                ctx.err(node, k, f"{k} 应为条件列表")
            else:
                for i, sub in enumerate(v):
                    read_condition(sub, v, i, ctx)
