"""The 反馈 verbs: what a skill tells its user about the targets (feedback), the skills that reached
the first target tonight (邀舞), tonight's chosen targets (通灵, 灵能), the cards voted out (验尸), the
targets of marked attacks, the seats meeting a condition as one list, whether roles were dealt (窥天),
whether a seat and its neighbours are seen alike (狐狸), and the held notices of one text, told and
rewritten by choice (训熊)."""

from __future__ import annotations

from engine import appearance, auras, cards, conditions, readings, texts
from engine.effect_ctx import Ctx, fill, rule_of
from engine.ruleset.model import Effect


def feedback(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        text = fill(ctx, str(effect.arg), target)
        ctx.game.feedback(ctx.actor, text, rule_of(ctx, effect))
        if ctx.skill is not None and "{seen_" in str(effect.arg):
            readings.note_reading(ctx.game, ctx.actor, ctx.skill.name, target)


def feedback_reached(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """The skills with ``of.tag`` whose 结算目标 the first target was tonight (邀舞), or ``none``."""
    arg = effect.arg
    first = ctx.targets[0] if ctx.targets else 0
    names = readings.reached_by(ctx.game, first, str((arg.get("of") or {}).get("tag", "指定"))) if first else []
    if names:
        text = fill(ctx, str(arg["text"]), first, skills="、".join(f"<{n}>" for n in names))
    else:
        text = fill(ctx, str(arg.get("none", "空")), first or None)
    ctx.game.feedback(ctx.actor, text, rule_of(ctx, effect))


def feedback_reflected(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """Tonight's 反射 of the acting seat, each as its skill and the seat it went to, or ``none``."""
    game, arg = ctx.game, effect.arg
    mine = [(skill, to) for by, skill, to in game.st.reflections if by == ctx.actor]
    for skill, to in mine:
        game.feedback(ctx.actor, fill(ctx, str(arg["text"]), to, skill=skill), rule_of(ctx, effect))
    if not mine:
        game.feedback(ctx.actor, fill(ctx, str(arg.get("none", "空"))), rule_of(ctx, effect))


def feedback_chosen(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """Tonight's chosen targets ([选择目标]) of the skills with a tag or dealing a damage kind,
    each seat once, in the order they were chosen or by seat number."""
    game = ctx.game
    st, rs = game.st, game.rs
    arg = effect.arg
    of = arg.get("of") or {}
    picked: list[int] = []
    for name, seat, chosen in st.chosen:
        holding = cards.find(game, st.seat(seat), name)
        skill = holding.skill if holding else rs.skill(name)
        if skill is None:
            continue
        if "tag" in of and of["tag"] not in skill.tags:
            continue
        if "damage" in of and not any(
            e.verb == "damage" and isinstance(e.arg, dict) and e.arg.get("kind") == of["damage"] for e in skill.effects
        ):
            continue
        picked.extend(chosen)
    seats = list(dict.fromkeys(picked))
    if arg.get("order") == "seat":
        seats.sort()
    if seats:
        text = fill(ctx, str(arg["text"]), targets="、".join(texts.target_label(rs, st.seat(t)) for t in seats))
    else:
        text = str(arg.get("none", "无"))
    game.feedback(ctx.actor, text, rule_of(ctx, effect))


def feedback_exiled(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """The camp of each card voted out in the last day's vote (验尸)."""
    game = ctx.game
    arg = effect.arg
    if game.st.exiled_cards:
        camps = "、".join(cards.card_by_id(game, card_id)[1].camp for card_id in game.st.exiled_cards)
        text = fill(ctx, str(arg["text"]), camp=camps)
    else:
        text = str(arg.get("none", "无"))
    game.feedback(ctx.actor, text, rule_of(ctx, effect))


def feedback_damage(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    arg = effect.arg
    st, rs = ctx.game.st, ctx.game.rs
    marked = list(dict.fromkeys(d.target for d in st.damage if d.kind == arg["kind"]))
    if marked:
        text = arg["text"].format(targets="、".join(texts.target_label(rs, st.seat(t)) for t in marked))
    else:
        text = arg.get("none", "无")
    ctx.game.feedback(ctx.actor, text, rule_of(ctx, effect))


def feedback_list(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    game = ctx.game
    st, rs = game.st, game.rs
    seats = conditions.select(st, effect.arg.get("of"), ctx.actor)
    if seats:
        labels = "、".join(texts.target_label(rs, s) for s in seats)
        text = fill(ctx, str(effect.arg["text"]), targets=labels, count=len(seats))
    else:
        text = str(effect.arg.get("none", "无"))
    game.feedback(ctx.actor, text, rule_of(ctx, effect))


def feedback_dealt(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """For each role the act's choice names, whether a card of it was dealt to a seat (窥天, 询问)."""
    game = ctx.game
    dealt = {c.dealt_as for s in game.st.seats for c in s.cards}
    for role in ctx.skill.picks(ctx.choice) if ctx.skill else ():
        text = str(effect.arg["present" if role in dealt else "absent"])
        game.feedback(ctx.actor, fill(ctx, text, choice=role), rule_of(ctx, effect))


def feedback_acts(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """The skills the first target used tonight and on whom, as {acts}, or ``none`` (隼眼); ``all``:
    every seat's, their users untold (烤乳猪: 不得知发动者的马甲和身份)."""
    game, arg = ctx.game, effect.arg
    first = ctx.targets[0] if ctx.targets else 0
    acts = [
        f"<{name}>" + (f"（对{'、'.join(game.label(t) for t in chosen)}）" if chosen else "")
        for user, name, chosen in game.st.night_acts
        if user == first or arg.get("all")
    ]
    text = (
        fill(ctx, str(arg["text"]), first, acts="、".join(acts))
        if acts
        else fill(ctx, str(arg.get("none", "空")), first or None)
    )
    game.feedback(ctx.actor, text, rule_of(ctx, effect))


def around(ctx: Ctx) -> tuple[list[int], str | None]:
    """The first target and the living seats beside it (电梯楼, 首尾相邻), and the side they are all seen
    on, 村民阵营 or 非村民阵营 (None: mixed) — 狐狸<狡黠>."""
    st = ctx.game.st
    if not ctx.targets:
        return [], None
    seats = [ctx.targets[0], *auras.beside(st, ctx.targets[0])]
    village = {appearance.seen(ctx.game, st.seat(n), "camp") == "村民阵营" for n in seats}
    side = None if len(village) > 1 else ("村民阵营" if village == {True} else "非村民阵营")
    return sorted(seats), side


def feedback_around(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    game = ctx.game
    seats, side = around(ctx)
    if not seats:
        return
    if side is None:
        text = str(effect.arg["mixed"])
    else:
        labels = "、".join(texts.target_label(game.rs, game.st.seat(n)) for n in seats)
        text = fill(ctx, str(effect.arg["alike"]), targets=labels, camp=side)
    game.feedback(ctx.actor, text, rule_of(ctx, effect))


def rewrite_held(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """训熊: the actor is told how many of the next 开门's held notices read the text, then — the first
    such rewrite of that text this phase only (先发动的训熊有效) — they become as many as its choice says."""
    game, text, rule = ctx.game, str(effect.arg), rule_of(ctx, effect)
    count = game.st.held.count(("held", text))
    game.feedback(ctx.actor, f"明天将公示「{text}」{count}次。", rule)
    if not ctx.choice or not ctx.choice.isdigit():
        return
    phase, mark = texts.phase_title(game.st.phase, game.st.day), f"改为公示「{text}」"
    if any(e.kind == "rewrite" and e.phase == phase and mark in e.text for e in game.st.log):
        game.feedback(ctx.actor, "已有先发动的修改，本次修改无效。", rule)
        return
    want = int(ctx.choice)
    game.st.held = [h for h in game.st.held if h != ("held", text)] + [("held", text)] * want
    game.log("rewrite", f"{game.who(ctx.actor)}将明天{mark}{want}次", rule)
    game.feedback(ctx.actor, f"你将明天{mark}{want}次。", rule)
