"""The verbs of kits and of what a seat holds: a bound host (附身), a kit inherited, handed over or
taken fresh (传承, 薪火相传, 光耀加身), a 底牌 put on top, control (操纵夺舍), a watched night
(阴魂不散) or seat (附体), a role learned (学习), seats' acts stolen (偷盗), a card turned (翻牌) or a seat brought back (复活), a seat asked at once (交易), a seat made to use a skill (混乱2), a 名单, and a skill's count (次数,
刷新至初始, [迅捷]), and a card tag gained or lost ([接刀]). engine/effects.py maps each verb to its function here."""

from __future__ import annotations

from engine import (
    cards,
    change,
    conditions,
    control,
    faces,
    haunting,
    kits,
    knife,
    learning,
    legacy,
    legal,
    queue,
    rosters,
    skill_uses,
    stealing,
    texts,
)
from engine.effect_ctx import Ctx, rule_of, subjects
from engine.events import TagGained
from engine.ruleset.model import Effect
from engine.state import loan_key


def attach(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    arg = effect.arg if isinstance(effect.arg, dict) else {}
    if arg.get("followers") and ctx.actor:  # the subjects follow the acting seat's camp (证婚人随情侣阵营变动)
        for no in subjects(ctx, effect):
            if no != ctx.actor:
                kits.attach(ctx.game, no, ctx.actor, (), rule_of(ctx, effect), kit=False)
    elif ctx.targets and ctx.actor:
        kit, camps = bool(arg.get("kit", True)), {str(k): str(v) for k, v in dict(arg.get("camps") or {}).items()}
        tags, both_out, learned = tuple(arg.get("tags", ())), bool(arg.get("both_out")), bool(arg.get("learned"))
        kits.attach(ctx.game, ctx.actor, ctx.targets[0], tags, rule_of(ctx, effect), kit, camps, both_out, learned)


def inherit(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    if ctx.targets and ctx.actor:
        kits.inherit(ctx.game, ctx.actor, ctx.targets[0], rule_of(ctx, effect))


def hand_over(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        if ctx.actor and target != ctx.actor:
            kits.hand_over(ctx.game, ctx.actor, target, rule_of(ctx, effect))


def take_control(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        control.take(ctx.game, ctx.actor, target, rule_of(ctx, effect))


def haunt(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    if ctx.actor and ctx.skill and ctx.choice:
        haunting.haunt(ctx.game, ctx.actor, ctx.skill.picks(ctx.choice), rule_of(ctx, effect))


def watch(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """附体: the acting seat watches the subjects; ``actor``: each subject watches the acting seat (夺舍)."""
    if not ctx.actor:
        return
    if effect.arg == "actor":
        for target in subjects:
            haunting.watch(ctx.game, target, [ctx.actor], rule_of(ctx, effect))
    else:
        haunting.watch(ctx.game, ctx.actor, subjects, rule_of(ctx, effect))


def steal(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    if ctx.actor:
        stealing.steal(ctx.game, ctx.actor, subjects, rule_of(ctx, effect))


def declare(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """堕落: the acting seat declares the 身份<技能> its choice names for the coming night."""
    if ctx.actor and ctx.choice:
        stealing.declare(ctx.game, ctx.actor, ctx.choice, rule_of(ctx, effect))


def pipe(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """混乱2: the first target uses the X-th skill of its [实际身份] (the choice ends with X) on the other
    targets tonight, when it is a [指定] skill taking that many targets and its user meets ``holder``;
    〔导演〕 otherwise the use is spent for nothing, and the acting seat is told nothing either way."""
    game, arg = ctx.game, effect.arg if isinstance(effect.arg, dict) else {}
    digits = "".join(ch for ch in (ctx.choice or "") if ch.isdigit())
    if not ctx.actor or len(ctx.chosen) < 1 or len(digits) < 2:
        return
    user, aims, x = game.st.seat(ctx.chosen[0]), tuple(ctx.chosen[1:]), int(digits[1:])
    role = game.rs.roles.get(user.cards[user.current].role)
    kit = list(role.skills.values()) if role else []
    skill = kit[x - 1] if 0 < x <= len(kit) else None
    if skill is None or "指定" not in skill.tags:
        return
    low, high = legal.target_count(game, skill)
    if not low <= len(aims) <= high or not conditions.holds(arg.get("holder") or {}, user, ctx.actor, game.st):
        return
    stealing.pipe(game, ctx.actor, user, skill, aims, rule_of(ctx, effect))


def reveal(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """昭示: the subjects' current cards are turned face up ([翻牌]), or face down again with
    ``false`` (重新盖伏); a post that shows it says so with ``announce``."""
    up = effect.arg is not False
    for target in subjects:
        card = ctx.game.st.seat(target).card
        if card.revealed is not up:
            card.revealed = up
            ctx.game.changed(target)
            ctx.game.log(
                "reveal", f"{ctx.game.who(target)}的身份牌{'被翻开' if up else '重新盖伏'}", rule_of(ctx, effect)
            )


def ask(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """The subjects holding the skill are asked at once to use it, in order; the resolution waits."""
    name = str(effect.arg)
    st = ctx.game.st
    asked = [no for no in subjects if st.seat(no).alive and cards.find(ctx.game, st.seat(no), name)]
    queue.push_front(ctx.game, [queue.Ask(no, name, "skill") for no in asked])


def take_kit(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """获取技能: the subjects take the first target's whole kit, fresh (光耀加身), or that of a seat drawn
    among those meeting ``among`` (献祭唤醒), with the giver's card tags named in ``tags``."""
    game, arg = ctx.game, effect.arg if isinstance(effect.arg, dict) else {}
    rule = rule_of(ctx, effect)
    for giver in _givers(ctx, arg, subjects):
        host = game.st.seat(giver)
        own = game.rs.roles[kits.kit_role(host)].tags if giver == ctx.actor else cards.tags(game, host)
        borne = [t for t in own if t in arg.get("tags", ())]
        for target in subjects:
            if giver == target:  # 主人格: its own 底牌 on top
                role = kits.kit_role(host)
                skills = "、".join(f"<{n}>" for n in kits.take_kit(game, target, role, rule)) or "无"
                game.tell(target, f"你获得置顶身份{role}的身份技能（初始状态）：{skills}。")
            else:
                kits.take_from(game, target, giver, rule)
            seat = game.st.seat(target)
            gained = [t for t in borne if t not in seat.card.tags]
            if gained and giver == target:
                knife.take_role_tags(game, seat, kits.kit_role(host), gained, rule)
            elif gained:
                knife.inherit(game, seat, host, gained, rule)
            if gained:
                game.tell(target, "你获得标签" + "".join(f"[{t}]" for t in gained) + "。")


def _givers(ctx: Ctx, arg: dict[str, object], takers: list[int]) -> list[int]:
    """Whose kit an act gives: the first target's, the acting seat's own (``from: self``), or that of a
    seat drawn from the game's seed among those meeting ``among``, the takers aside (``from: random``)."""
    if arg.get("from") == "self":
        return [ctx.actor] if ctx.actor else []
    if arg.get("from") != "random":
        return ctx.targets[:1]
    among = arg.get("among")
    pool = [s.no for s in conditions.select(ctx.game.st, among if isinstance(among, dict) else None, ctx.actor)]
    pool = [no for no in pool if no not in takers]
    return [ctx.game.rng().choice(pool)] if pool else []


def seize_kit(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """夺魂: the acting seat takes each subject's kit, fresh, held while it holds the status ``while``."""
    status = str(effect.arg["while"])
    seat = ctx.game.st.seat(ctx.actor) if ctx.actor else None
    lasting = [s for s in seat.statuses if s.name == status] if seat else []
    if seat is None or not lasting:
        return
    held = seat.loans.setdefault(loan_key(lasting[-1]), [])
    for giver in subjects:
        gained = kits.take_from(ctx.game, seat.no, giver, rule_of(ctx, effect))
        held.extend(n for n in gained if n not in held)


def learn(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """学习, 食尸: the acting seat learns the first target, a seat drawn, or the role its choice names
    (engine/learning.py)."""
    arg = effect.arg if isinstance(effect.arg, dict) else {}
    if arg.get("role") == "choice":
        if ctx.actor and ctx.choice:
            learning.gain_role(ctx.game, ctx.actor, ctx.choice, rule_of(ctx, effect))
        return
    for giver in _givers(ctx, arg, [ctx.actor]) if ctx.actor else []:
        how = learning.Learning(
            str(arg.get("look", "")), bool(arg.get("lent")), bool(arg.get("seen")), bool(arg.get("identity"))
        )
        learning.learn(ctx.game, ctx.actor, giver, rule_of(ctx, effect), how)


def revive(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """复活: the subjects still out are back in the game; the public is told (at 开门 for a night's)."""
    game = ctx.game
    for target in subjects:
        if game.st.seat(target).alive:
            continue
        change.revive(game, target, rule_of(ctx, effect))
        game.tell(target, "你复活了。")  # not by which skill: that would tell its role is on the board
        if not game.withheld("复活"):
            game.public(f"{texts.public_label(game.rs, game.st.seat(target))}复活。")


def roster_move(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """下蛊: the subjects move into (add) or out of (remove) the acting seat's 名单."""
    for target in subjects:
        rosters.edit(ctx.game, ctx.actor, target, add=effect.arg == "add", rule=rule_of(ctx, effect))


def roster_shelter(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """巫蛊之术: tonight the acting seat's 名单 members but the first target are spared their outs."""
    arg = effect.arg if isinstance(effect.arg, dict) else {}
    target = ctx.targets[0] if ctx.targets else 0
    skill = ctx.skill.name if ctx.skill else rule_of(ctx, effect)
    rosters.shelter_tonight(ctx.game, ctx.actor, target, skill, str(arg.get("kind", "")), str(arg.get("backlash", "")))


def skill_named(ctx: Ctx, name: object) -> str:
    """A skill named in an effect, or the act's choice (``choice``: 指定一个自己的技能)."""
    return (ctx.choice or "") if name == "choice" else str(name)


def add_uses(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    name = skill_named(ctx, effect.arg["skill"])
    for target in subjects:
        skill_uses.add_uses(ctx.game, target, name, int(effect.arg.get("by", 1)), rule_of(ctx, effect))


def add_status_uses(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """The subjects' counted status of that name gains ``by`` uses; one spent or never held is
    granted anew with that many, from the acting seat (喂食: 其[守护]状态的次数增加1)."""
    game, name, by = ctx.game, str(effect.arg["status"]), int(effect.arg.get("by", 1))
    for target in subjects:
        seat = game.st.seat(target)
        held = next((s for s in seat.statuses if s.name == name and s.uses is not None), None)
        if held is None:
            game.grant_status(target, name, source=ctx.actor, until="permanent", uses=by, rule=rule_of(ctx, effect))
            continue
        held.uses = (held.uses or 0) + by
        game.changed(target)
        game.log("status", f"{game.who(target)}的[{name}]次数+{by}，现为{held.uses}", rule_of(ctx, effect))


def refresh_skill(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        for name in refreshed(ctx, effect.arg, target):
            skill_uses.refresh(ctx.game, target, name, rule_of(ctx, effect))


def refreshed(ctx: Ctx, name: object, target: int) -> list[str]:
    """The skills a refresh names; ``kit``: its [实际身份]'s own (天命所归), the refreshing one left out."""
    if name != "kit":
        return [skill_named(ctx, name)]
    seat = ctx.game.st.seat(target)
    own = ctx.game.rs.roles[seat.cards[seat.current].role].skills
    return [n for n in own if not (ctx.skill and n == ctx.skill.name)]


def boost(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        name = str(effect.arg.get("skill") or ctx.choice or "")
        skill_uses.boost(ctx.game, target, name, int(effect.arg.get("swift", 1)), rule_of(ctx, effect))


def put_face(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    arg = effect.arg if isinstance(effect.arg, dict) else {}
    if not ctx.actor:
        return
    if arg.get("lend", True) is False:
        faces.show_on_top(ctx.game, ctx.actor, ctx.choice or "", bool(arg.get("other")), rule_of(ctx, effect))
    elif ctx.choice:
        faces.put_on_top(ctx.game, ctx.actor, ctx.choice, rule_of(ctx, effect))
        learning.follow_faces(ctx.game, rule_of(ctx, effect))


def gather_legacy(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """遗计: the subjects' kits join the acting seat's pool (engine/legacy.py)."""
    for out in subjects:
        legacy.gather(ctx.game, ctx.actor, out, str(effect.arg.get("kill", "")), rule_of(ctx, effect))


def take_legacy(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """遗泽: the acting seat takes the pool's skill its choice names."""
    if ctx.choice:
        legacy.take(ctx.game, ctx.actor, ctx.choice, rule_of(ctx, effect))


def gain_tag(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """The subjects' current cards gain a card tag (噩梦之影: 第一次使用恐惧时，将获得[接刀]标签); last: their
    place in its order is after every other bearer (接刀顺序为其他的所有持有[接刀]标签的角色出局)."""
    arg = effect.arg if isinstance(effect.arg, dict) else {"tag": effect.arg}
    name, st = str(arg["tag"]), ctx.game.st
    for target in subjects:
        card = st.seat(target).card
        if name in card.lost_tags:
            card.lost_tags.remove(name)
        if arg.get("last"):
            st.knife_places[target] = len(ctx.game.rs.card_tags[name].order) + 1
        if name not in card.tags:
            card.tags.append(name)
            card.tag_days[name] = st.day
            ctx.game.changed(target)
            ctx.game.log("knife", f"{ctx.game.who(target)}获得[{name}]标签", rule_of(ctx, effect))
            ctx.game.emit(TagGained(target, name))
    knife.update(ctx.game)


def lose_tag(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """The subjects' current cards lose a card tag, their role's own too (石像鬼<凝望>: 丢失[接刀]标签;
    情侣中的狼人将不会获得本来的[群内]或[接刀]标签)."""
    for target in subjects:
        seat = ctx.game.st.seat(target)
        card = seat.card
        if str(effect.arg) in cards.borne(ctx.game, seat):
            if str(effect.arg) in card.tags:
                card.tags.remove(str(effect.arg))
            if str(effect.arg) not in card.lost_tags:
                card.lost_tags.append(str(effect.arg))
            ctx.game.changed(target)
            ctx.game.log("knife", f"{ctx.game.who(target)}失去[{effect.arg}]标签", rule_of(ctx, effect))
    knife.update(ctx.game)
