"""The effect vocabulary: what a skill's 结算效果 can do, one verb per entry.

    damage: {kind, at?, cause?, last_words?}   mark an attack for step ``at``, or strike now
    status: name | {name, until?, uses?}   grant a status (until: night_end, day_end,
                                    election_end, source_out, permanent)
    remove_status: name
    feedback: text                  反馈 to the acting seat, about each subject
    feedback_damage: {kind, text, none}   反馈 the targets of marked attacks
    feedback_chosen: {of, order, text, none}   反馈 tonight's chosen targets (通灵, 灵能)
    feedback_exiled: {text, none}   反馈 the camp of the cards voted out last day (验尸)
    notify: text                    通知 to each subject
    announce: text                  公示 (held until 开门 at night)
    rewrite_held: text              the actor is told the held notices of text; the first this phase sets their count
    join_team: name                 the subjects form/join a team (then its on_formed)
    set_camp: camp | {like: first_target} | {most_out: [camps]}
    lose_skills: all | [names]      the subjects lose skills (装傻's after-effect fires)
    grant_skill: name | {choice: name}   the subjects' current cards gain a skill (幸运儿)
    swap_cards: permanent | night   the subjects' first and second cards change places
    redirect: true                  tonight's later [指定] skills aimed at one target hit the other
    end_day: true                   the day (竞选日: and the day after it) ends at once
    out: {cause}                    the subject is out at once, no defence applies
    cancel_out: true                (a reaction to 'exiling') the exile does not happen
    hand_over_sheriff: true         the acting seat, if sheriff, must pass the badge
    hook: name                      a Python hook from the ruleset's hooks.py
    become: role | choice           the subjects' current card becomes that role (偷换, 志继)
    swap_roles: true                the actor and the first target swap their cards' roles (顺从)
    borrow_skills: night            the actor uses the first target's skills tonight (探囊取物)
    predict: true                   迷梦: the first target's use of the chosen skill on the second is void
    notify_team: {team, text}       通知 a team group
    feedback_list: {of, text, none} 反馈 the seats meeting `of` as one list
    feedback_dealt: {present, absent}   反馈 whether each role the choice names was dealt (窥天)
    add_counter: name               one more on the subjects' counter (空救)
    flag: text                      tell the directors (a card to give)
    vote_again: true                another vote round of today opens (暗示)
    feedback_reached: {of, text, none}   反馈 the skills whose 结算目标 the first target was tonight (邀舞)
    feedback_reflected: {text, none}     反馈 tonight's 反射 of the acting seat, skill and seat each (镜)
    duel: true                      御前决斗: two [结算目标] are the only ones the next day's vote counts
    attach: {tags}                  the actor binds itself to the first target (影子<附身>)
    hand_over: all                  the actor's skills go to the subjects (天命人<薪火相传>)
    inherit: true                   the actor takes the first target's kit fresh, and its role as 表面身份 (传承)
    add_uses / refresh_skill / boost   a skill's count, 刷新至初始, [迅捷N] (engine/skill_uses.py)
    reveal: true | false            the subjects' current cards are turned face up (昭示) / down (重新盖伏)
    take_kit: true | {from, among, tags}   the subjects take the first target's (or a drawn seat's) kit, fresh
    seize_kit: {while}              the actor takes each subject's kit, fresh, while it holds that status
    declare: true                   堕落: the actor re-aims tonight's use of the 身份<技能> its choice names
    revive: true                    the subjects, out, are back in the game (复活, 重定时间)
    control: true                   the actor 操纵夺舍 the subjects tonight (engine/control.py)
    haunt: true                     阴魂不散 on the skills the act's choice names (engine/haunting.py)
    watch: true                     the actor is told the subjects' every act and feedback tonight (附体)
    steal: true                     tonight the actor re-aims the subjects' acts and takes their 反馈 (偷盗)
    learn: {look, lent, seen, identity, role}   the actor learns the first target (role: choice, the role chosen): its kit as the 学习表 writes it (engine/learning.py)
    roster_move: add | remove       the subjects join / leave the actor's 名单 (下蛊, engine/rosters.py)
    roster_shelter: {kind, backlash}   tonight the actor's 名单 but the target are spared (巫蛊之术)
    roll: N | {sides, name, once}   cast a die from the game's seed: if_roll / {roll}; with name, a card counter (engine/dice.py)
    gather_legacy / take_legacy     遗计池: the subjects' kits join it; the choice's skill is taken (engine/legacy.py)

Every entry may carry ``to`` (targets | self | first_target | chosen | a selector |
{below, among} | {random, among} | {beside, among}; a verb done once runs if some seat so picked passes),
``if`` / ``unless`` (a condition on each subject, or a game condition),
``if_target`` (a condition on the first target), ``if_any_target``, ``if_all_targets``, ``if_choice``, ``if_choice_camp``,
``if_role_is_choice``,
``if_counter`` (the acting card's counters), ``if_seen`` / ``if_actor`` / ``if_judged``, ``pick`` (targets by place), ``delay``
(next_night, next_noon) and ``rule``. Templates: {target} {targets} {target_1}… {name} {role}
{camp} {surface_camp} {seen_camp} {seen_role} {seen_knife} {self_name} {self_secret} {choice} {member_secrets} {member_labels}, and
the acting card's counters by name ({尾巴}).
"""

from __future__ import annotations

from dataclasses import replace

from engine import (
    appearance,
    cards,
    change,
    conditions,
    day_verbs,
    dice,
    feedback_verbs,
    kit_verbs,
    messages,
    queue,
    targeting,
)
from engine.context import Context
from engine.effect_ctx import Ctx, fill, rule_of, subjects
from engine.ruleset.model import Effect
from engine.state import Attack, Damage, SkillState

ONCE_VERBS = {
    "feedback_damage",
    "rewrite_held",
    "roll",
    "take_legacy",
    "feedback_chosen",
    "feedback_exiled",
    "announce",
    "cancel_out",
    "hand_over_sheriff",
    "hook",
    "redirect",
    "end_day",
    "swap_roles",
    "borrow_skills",
    "predict",
    "notify_team",
    "feedback_list",
    "feedback_dealt",
    "feedback_around",
    "vote_again",
    "extra_noon",
    "extra_night",
    "speakers",
    "feedback_reached",
    "feedback_reflected",
    "duel",
    "attach",
    "put_face",
    "roster_shelter",
    "haunt",
    "learn",
    "ban_skill",
    "feedback_acts",
    "declare",
    "pipe",
}


def run(ctx: Ctx, effects: tuple[Effect, ...]) -> None:
    """Carry out the effects in order; the outs they cause resolve next, in the same order."""
    for effect in effects:
        _run_one(ctx, effect)
    queued, ctx.queued = ctx.queued, []
    queue.push_front(ctx.game, queued)


def _extras_chosen(ctx: Ctx, words: tuple[str, ...]) -> bool:
    """A 伪装 choice's extras include one of the words (雪隐 …/坚韧, 隐狼<伪装>'s options)."""
    if ctx.skill is None or ctx.skill.choice_of != "disguise":
        return False
    return bool(set(appearance.look_extras(ctx.game, ctx.choice)) & set(words))


def _passes(ctx: Ctx, effect: Effect, subject: int | None) -> bool:
    st = ctx.game.st
    if effect.if_roll and not dice.rolled_in(ctx, effect):
        return False
    if effect.if_choice and ctx.choice not in effect.if_choice and not _extras_chosen(ctx, effect.if_choice):
        return False
    if effect.if_role_is_choice and (not subject or st.seat(subject).card.dealt_as != ctx.choice):
        return False
    if effect.if_choice_camp:
        role = ctx.game.rs.roles.get(ctx.choice or "")
        if role is None or role.camp != effect.if_choice_camp:
            return False
    if effect.if_any_target is not None and not any(
        conditions.holds(effect.if_any_target, st.seat(t), ctx.actor, st) for t in ctx.targets
    ):
        return False
    if effect.if_all_targets is not None and not all(
        conditions.holds(effect.if_all_targets, st.seat(t), ctx.actor, st) for t in ctx.targets
    ):
        return False
    for cond, wanted in ((effect.when, True), (effect.unless, False)):
        if cond is None:
            continue
        if isinstance(cond, str):
            ok = _game_condition(ctx, cond)
        elif subject is None:
            ok = conditions.holds(cond, st.seat(ctx.actor), ctx.actor, st) if ctx.actor else False
        else:
            ok = conditions.holds(cond, st.seat(subject), ctx.actor, st)
        if ok != wanted:
            return False
    if effect.if_target is not None:
        first = ctx.targets[0] if ctx.targets else 0
        if not first or not conditions.holds(effect.if_target, st.seat(first), ctx.actor, st):
            return False
    if effect.if_counter is not None:
        return ctx.card is not None and conditions.counter_holds(effect.if_counter, ctx.card.counters)
    first = ctx.targets[0] if ctx.targets else 0
    return appearance.effect_passes(ctx.game, effect, subject, ctx.actor, first)


def _game_condition(ctx: Ctx, name: str) -> bool:
    """Conditions about the effect as a whole (see vocabulary.GAME_CONDITIONS)."""
    st = ctx.game.st
    if name == "camps_differ":
        return len({st.seat(t).camp for t in ctx.targets}) > 1
    if name == "acting_card_in_play":
        return ctx.card is not None and not ctx.card.out
    if name == "one_target":
        return len(ctx.targets) == 1
    if name == "any_targets":
        return bool(ctx.targets)
    if name == "two_targets":
        return len(ctx.targets) == 2
    if name == "two_unswapped":  # 后发动的交换若结算到先交换的结算目标，交换发动无效
        return len(ctx.targets) == 2 and all(st.redirects.get(t, t) == t for t in ctx.targets)
    if name == "choice_dealt":  # 询问: 场上（开局身份表）是否有此身份牌, 底牌身份 included
        return any(ctx.choice in (c.dealt_as, c.role) for o in st.seats for c in o.cards) or any(
            ctx.choice in o.faces for o in st.seats
        )
    if name == "around_alike":
        return feedback_verbs.around(ctx)[1] is not None
    raise KeyError(name)


def _run_one(ctx: Ctx, effect: Effect) -> None:
    if effect.delay:  # carried out as the next night (next_noon: 正午) opens
        if effect.if_choice:  # the act's choice is judged now (机械重定时间: 是否开启2次投票)
            if ctx.choice not in effect.if_choice and not _extras_chosen(ctx, effect.if_choice):
                return
            effect = replace(effect, if_choice=())
        waiting = replace(effect, delay="") if effect.delay == "next_night" else effect
        if waiting.arg == "choice":  # the act's choice is fixed now (镜像: the skill it copies)
            waiting = replace(waiting, arg=ctx.choice or "")
        ctx.game.st.deferred.append((ctx.actor, waiting, rule_of(ctx, effect)))
        return
    if effect.verb in ONCE_VERBS and isinstance(effect.to, dict):  # once, if some seat `to` picks passes (熊)
        if any(_passes(ctx, effect, s) for s in subjects(ctx, effect)):
            VERBS[effect.verb](ctx, effect, [])
        return
    if effect.verb in ONCE_VERBS or effect.verb == "join_team":
        seats = subjects(ctx, effect) if effect.verb == "join_team" else []
        first = ctx.targets[0] if ctx.targets else None
        if _passes(ctx, effect, first if effect.verb != "join_team" else None):
            VERBS[effect.verb](ctx, effect, seats)
        return
    chosen = [s for s in subjects(ctx, effect) if _passes(ctx, effect, s)]
    if effect.random and len(chosen) > effect.random:
        chosen = sorted(ctx.game.rng().sample(chosen, effect.random))
    if chosen:
        VERBS[effect.verb](ctx, effect, chosen)


def _damage(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg = effect.arg
    cause = arg.get("cause") or ctx.source_name
    for target in subjects:
        source = target if arg.get("source") == "target" else ctx.actor  # 殉情: 视为殉情者自己
        # a skill of a card already out (竞选日, before the night is announced) hits nothing of its seat
        card = ctx.card.id if target == ctx.actor and ctx.card is not None and ctx.card.out else 0
        team = ctx.skill.team.team if ctx.skill and ctx.skill.team else ""
        night = ctx.game.st.day + 1 if arg.get("night") == "next" else 0
        damage = Damage(
            target,
            arg["kind"],
            cause,
            source,
            arg.get("at") or "",
            card,
            bool(arg.get("last_words", True)),
            night=night,
            team=team,
            after=(ctx.choice or "") if arg.get("after") == "choice" else str(arg.get("after", "")),
        )
        if not night:
            ctx.game.st.attacks.append(Attack(target, arg["kind"], source, team))
        if damage.at_step:
            ctx.game.st.damage.append(damage)
            ctx.game.log(
                "mark",
                f"{ctx.game.who(ctx.actor)}的{cause}指向{ctx.game.who(target)}（{arg['kind']}，于{damage.at_step}结算）",
                rule_of(ctx, effect),
            )
        else:
            ctx.queued.append(queue.Strike(damage))


def _status(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg = effect.arg if isinstance(effect.arg, dict) else {"name": effect.arg}
    look = appearance.look_of(ctx.game, ctx.choice) if arg.get("look") == "choice" else ()
    if arg.get("look") == "choice" and not look:
        return  # a 伪装 status without a 伪装 chosen (潜藏: 不设置)
    giver = ctx.actor
    if arg.get("giver") == "target":
        if not ctx.targets:
            return  # 蛊惑: no target to stand in
        giver = ctx.targets[0]
    for target in subjects:
        ctx.game.grant_status(
            target,
            arg["name"],
            source=giver,
            until=arg.get("until", "permanent"),
            uses=arg.get("uses"),
            rule=rule_of(ctx, effect),
        )
        mine = [s for s in ctx.game.st.seat(target).statuses if s.name == arg["name"] and s.source == giver]
        if look and mine:  # 雪隐: the 伪装 the actor chose, the latest grant's
            mine[-1].look = look
        gained = ctx.game.rs.statuses[arg["name"]].on_gain
        if gained and mine:  # 亡灵: 获得该状态瞬间
            run(Ctx(ctx.game, actor=ctx.actor, targets=[target], rule=arg["name"]), gained)


def _remove_status(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        seat = ctx.game.st.seat(target)
        ctx.game.remove_statuses(seat, lambda s: s.name == effect.arg)
        ctx.game.log("status", f"{ctx.game.who(target)}失去状态[{effect.arg}]", rule_of(ctx, effect))


def _grant_skill(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg, chosen = effect.arg, ctx.choice or ""
    name = chosen if arg == "choice" else arg.get(chosen) if isinstance(arg, dict) else str(arg)  # choice: 镜像
    if not name:
        return
    for target in subjects:
        ctx.game.grant_skill(target, str(name), rule_of(ctx, effect))


def _swap_cards(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        cards.swap(ctx.game, ctx.game.st.seat(target), effect.arg == "night", rule_of(ctx, effect))


def _redirect(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """交换 with two targets: tonight's later [指定] skills aimed at one resolve on the other."""
    if len(ctx.targets) != 2:
        return
    game = ctx.game
    a, b = ctx.targets
    redirects = game.st.redirects
    for source in {*redirects, a, b}:
        now = redirects.get(source, source)
        redirects[source] = b if now == a else a if now == b else now
    game.log(
        "redirect", f"今晚之后以{game.who(a)}或{game.who(b)}为选择目标的[指定]技能，结算目标互换", rule_of(ctx, effect)
    )


def _notify(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        ctx.game.tell(target, fill(ctx, str(effect.arg), target))


def _announce(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    text = fill(ctx, str(effect.arg), ctx.targets[0] if ctx.targets else None)  # {target}: the first target
    if effect.held and not ctx.game.withheld(effect.notice or "公示"):  # 下一个游戏日白天将公示
        ctx.game.st.held.append(("held", text))
    elif not ctx.game.withheld(effect.notice or "公示"):
        ctx.game.public(text)
    ctx.game.log("announce", text, rule_of(ctx, effect), secret=False)


def _join_team(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    ctx.game.form_team(str(effect.arg), subjects, rule_of(ctx, effect))


def _set_camp(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    camp = _camp_named(ctx, effect.arg)
    for target in subjects if camp else []:
        change.set_camp(ctx.game, target, camp, rule_of(ctx, effect))


def _camp_named(ctx: Ctx, arg: object) -> str:
    """set_camp's camp: named; the first target's or the acting seat's; that of its 底牌 on top (主人格);
    the one with the larger share out (献祭唤醒). "": none to take."""
    game = ctx.game
    if not isinstance(arg, dict):
        return str(arg)
    if "most_out" in arg:
        return change.most_out(game, [str(c) for c in arg["most_out"]])
    like = arg.get("like")
    if like == "first_target":
        return game.st.seat(ctx.targets[0]).camp if ctx.targets else ""
    if like == "self":
        return game.st.seat(ctx.actor).camp if ctx.actor else ""
    face = game.st.seat(ctx.actor).face if ctx.actor and like == "face" else ""
    return game.rs.roles[face].camp if face else ""


def _lose_skills(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg = effect.arg if isinstance(effect.arg, dict) else {"skills": effect.arg}
    which = arg.get("skills", "all")
    for target in subjects:
        ctx.game.lose_skills(
            target, None if which == "all" else tuple(which), rule_of(ctx, effect), told=bool(arg.get("told", True))
        )


def _out(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg = effect.arg if isinstance(effect.arg, dict) else {}
    cause = arg.get("cause", ctx.source_name)
    requires = ctx.actor if arg.get("if_out") == "self" else 0
    for target in subjects:
        ctx.queued.append(queue.Out(target, cause, str(arg.get("kind", "")), ctx.actor, requires=requires))


def _become(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    role: str | None = str(effect.arg)
    if effect.arg == "target":
        role = ctx.game.st.seat(ctx.targets[0]).card.role if ctx.targets else ""
    elif effect.arg == "choice":
        role = ctx.choice
    if not role:
        return
    for target in subjects:
        change.become(ctx.game, target, role, rule_of(ctx, effect))


def _swap_roles(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    if not ctx.targets or not ctx.actor:
        return
    game, other = ctx.game, ctx.targets[0]
    mine, theirs = game.st.seat(ctx.actor).card.role, game.st.seat(other).card.role
    change.become(game, ctx.actor, theirs, rule_of(ctx, effect))
    change.become(game, other, mine, rule_of(ctx, effect), keep_camp=True)


def _borrow(game: Context, actor: int, lender_no: int, rule: str) -> None:
    """The actor uses the lender's card's skills tonight, fresh; the lender holds none of them."""
    st = game.st
    lender, seat = st.seat(lender_no), st.seat(actor)
    card = lender.card
    defs = [(n, d) for n in card.skills if (d := cards.skill_def(game, card, n)) is not None and not d.todo]
    for name, skill in defs:
        state = card.skills[name]
        if state.used and skill.on_lost_after_use:  # 怪盗探囊已发动<装傻>的白痴，白痴立即出局
            run(Ctx(game, actor=lender_no, skill=skill, rule=rule), skill.on_lost_after_use)
    st.lent[lender_no] = actor
    seat.borrowed = {name: SkillState(name, skill.uses) for name, skill in defs}
    for _, skill in defs:
        game.hold_grants(actor, skill, rule)
    names = "、".join(f"<{n}>" for n, _ in defs) or "无"
    game.feedback(actor, f"{game.label(lender_no)}原本拥有的技能：{names}。今晚由你代替其行使。", rule)
    game.changed()


def _borrow_skills(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    if ctx.targets:
        _borrow(ctx.game, ctx.actor, ctx.targets[0], rule_of(ctx, effect))


def _predict(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    targeting.predict(ctx.game, ctx.actor, ctx.chosen, ctx.choice or "", rule_of(ctx, effect))


def _notify_team(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    game = ctx.game
    name = str(effect.arg["team"])
    text = fill(ctx, str(effect.arg["text"]), ctx.targets[0] if ctx.targets else None)
    if game.rs.teams[name].chat:
        game.say(messages.team(name), text, "team")
    else:
        for seat in game.st.seats:
            if seat.alive and name in seat.teams:
                game.tell(seat.no, text, "team")
    game.log("notify", f"通知{name}：{text}", rule_of(ctx, effect))


def _add_counter(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    game = ctx.game
    for target in subjects:
        seat = game.st.seat(target)
        seat.counters[str(effect.arg)] = seat.counters.get(str(effect.arg), 0) + 1
        game.changed()
        game.log(
            "counter", f"{game.who(target)}的{effect.arg}累计{seat.counters[str(effect.arg)]}次", rule_of(ctx, effect)
        )


def _flag(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    for target in subjects:
        text = fill(ctx, str(effect.arg), target)
        ctx.game.say_directors(text)
        ctx.game.log("flag", text, rule_of(ctx, effect))


def _share_feedback(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    """Every 反馈 the acting seat's skill ``skill`` gave it so far, told to each subject as one list (凝望)."""
    arg = effect.arg
    given = ctx.game.feedback_given(ctx.actor, str(arg["skill"]))
    text = fill(ctx, str(arg["text"]), feedback="\n".join(given)) if given else fill(ctx, str(arg.get("none", "空")))
    for target in subjects:
        ctx.game.tell(target, text)


def _pull(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg = effect.arg if isinstance(effect.arg, dict) else {}
    for center in subjects:
        targeting.pull(
            ctx.game, ctx.actor, center, int(arg.get("within", 0)), arg.get("users") or {}, rule_of(ctx, effect)
        )


def _ban_skill(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    """鹰袭: tonight no seat may use the skill the act's choice names; each seat holding it is told it
    cannot (会得到通知当晚不能发动该技能), not by which skill: that would tell a 鹫狼 is on the board."""
    game, name, rule = ctx.game, ctx.choice or "", rule_of(ctx, effect)
    if not name:
        return
    game.st.bans.append(name)
    game.log("ban", f"今晚<{name}>被封锁", rule)
    for seat in game.st.seats:
        if seat.alive and cards.find(game, seat, name) is not None:
            game.tell(seat.no, f"今晚你不能发动<{name}>。")


def _turn_back(ctx: Ctx, effect: Effect, subjects: list[int]) -> None:
    arg = effect.arg if isinstance(effect.arg, dict) else {}
    for center in subjects:
        targeting.turn_back(ctx.game, ctx.actor, center, arg.get("users") or {}, rule_of(ctx, effect))


def _hook(ctx: Ctx, effect: Effect, _subjects: list[int]) -> None:
    ctx.game.rs.hooks[str(effect.arg)](ctx)


VERBS = {
    "damage": _damage,
    "status": _status,
    "remove_status": _remove_status,
    "feedback": feedback_verbs.feedback,
    "rewrite_held": feedback_verbs.rewrite_held,
    "roll": dice.roll,
    "feedback_damage": feedback_verbs.feedback_damage,
    "notify": _notify,
    "announce": _announce,
    "join_team": _join_team,
    "set_camp": _set_camp,
    "lose_skills": _lose_skills,
    "grant_skill": _grant_skill,
    "swap_cards": _swap_cards,
    "redirect": _redirect,
    "end_day": day_verbs.end_day,
    "feedback_chosen": feedback_verbs.feedback_chosen,
    "feedback_exiled": feedback_verbs.feedback_exiled,
    "out": _out,
    "cancel_out": day_verbs.cancel_out,
    "hand_over_sheriff": day_verbs.hand_over_sheriff,
    "hook": _hook,
    "feedback_around": feedback_verbs.feedback_around,
    "become": _become,
    "swap_roles": _swap_roles,
    "borrow_skills": _borrow_skills,
    "predict": _predict,
    "notify_team": _notify_team,
    "feedback_list": feedback_verbs.feedback_list,
    "feedback_dealt": feedback_verbs.feedback_dealt,
    "add_counter": _add_counter,
    "flag": _flag,
    "vote_again": day_verbs.vote_again,
    "last_words": day_verbs.last_words,
    "extra_noon": day_verbs.extra_noon,
    "extra_night": day_verbs.extra_night,
    "speakers": day_verbs.speakers,
    "gain_tag": kit_verbs.gain_tag,
    "lose_tag": kit_verbs.lose_tag,
    "share_feedback": _share_feedback,
    "pull": _pull,
    "feedback_reached": feedback_verbs.feedback_reached,
    "feedback_reflected": feedback_verbs.feedback_reflected,
    "turn_back": _turn_back,
    "ban_skill": _ban_skill,
    "feedback_acts": feedback_verbs.feedback_acts,
    "duel": day_verbs.duel,
    "attach": kit_verbs.attach,
    "hand_over": kit_verbs.hand_over,
    "inherit": kit_verbs.inherit,
    "add_uses": kit_verbs.add_uses,
    "add_status_uses": kit_verbs.add_status_uses,
    "refresh_skill": kit_verbs.refresh_skill,
    "boost": kit_verbs.boost,
    "reveal": kit_verbs.reveal,
    "revive": kit_verbs.revive,
    "put_face": kit_verbs.put_face,
    "control": kit_verbs.take_control,
    "haunt": kit_verbs.haunt,
    "watch": kit_verbs.watch,
    "roster_move": kit_verbs.roster_move,
    "roster_shelter": kit_verbs.roster_shelter,
    "take_kit": kit_verbs.take_kit,
    "seize_kit": kit_verbs.seize_kit,
    "declare": kit_verbs.declare,
    "pipe": kit_verbs.pipe,
    "ask": kit_verbs.ask,
    "learn": kit_verbs.learn,
    "steal": kit_verbs.steal,
    "gather_legacy": kit_verbs.gather_legacy,
    "take_legacy": kit_verbs.take_legacy,
}


def run_deferred(game: Context, delay: str = "") -> None:
    """The effects that waited for this night (``next_noon``: this 正午) to open (惩戒, 激励; 巫蛊之术's 反噬)."""
    st = game.st
    waiting = [w for w in st.deferred if w[1].delay == delay]
    st.deferred = [w for w in st.deferred if w[1].delay != delay]
    for actor, effect, rule in waiting:
        run(Ctx(game, actor=actor, rule=rule), (replace(effect, delay=""),))
