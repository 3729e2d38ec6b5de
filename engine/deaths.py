"""出局结算: an attack against the defences, then the out itself and what it drags along.

An attack hits the seat's current card (or the card it names); a status that stops it may
set off effects (``on_stop``: 潜行). Order of one out: an out that presupposes another seat's
(``requires``: 共亡) is dropped while that seat is in; a guard at the out may spare the seat
(犯罪天才, 霸道) or send its giver out instead (爱慕) — engine/guard.py; reactions to
being exiled are offered — the seat's own (装傻), then other seats' (善行); then the card is
out (红牌: every card), the seat is out once no card is left, it is told so and listed for
the public; its statuses on that card end, counters move, the current card moves on and
teams it no longer qualifies for are left. The rest waits in the queue (``AfterOut``), so the
runner's victory check comes first; then, in this order, the
forced triggers on its out (长老's cascade) and on others' (志继), the chained outs and
effects of its teams (殉情, 狼王 loses 冲锋), its reactions (最后一枪 — at the next 开门 when
the trigger says ``at: dawn``), and the sheriff's succession (殉职; at random after the
``random_on`` causes). A seat out twice in one night thus loses both cards.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine import (
    auras,
    cards,
    change,
    conditions,
    effects,
    gained_uses,
    guard,
    headcount,
    kits,
    labels,
    phases,
    prompts,
    queue,
    rosters,
    rounds,
    skill_uses,
    texts,
    use_triggers,
)
from engine.context import Context
from engine.phases import PHASES, Phase
from engine.state import Card, Damage, lasting_until

if TYPE_CHECKING:
    from engine.ruleset.model import Skill
    from engine.state import Seat

NO_REACTIONS = {"红牌"}  # 红牌罚下: every card out, no last words, no skills
SOONEST = {  # which statuses end first, seen from each phase
    "night": ("night_end", "election_end", "day_end"),
    "dawn": ("election_end", "day_end", "night_end"),
    "election": ("election_end", "day_end", "night_end"),
    "day": ("day_end", "night_end"),
    "dusk": ("day_end", "night_end"),
}


def strike(game: Context, damage: Damage) -> None:
    """An attack meets the target's guards (engine/guard.py); the first that stops it is spent."""
    st, rs = game.st, game.rs
    seat = st.seat(damage.target)
    if not seat.alive:
        game.log("hit", f"{damage.cause}指向的{game.who(seat.no)}已出局", damage.cause)
        return
    if damage.card and any(c.id == damage.card and c.out for c in seat.cards):
        game.log("hit", f"{damage.cause}指向的{game.who(seat.no)}的身份牌已出局，无效", damage.cause)
        return
    shield = guard.first_guard(
        game,
        seat,
        guard.Hit((damage.kind,), "strike", damage.kind, damage.source, damage.cause),
        SOONEST.get(game.st.phase, ()),
    )
    if shield is not None:
        name, stops = shield.name, rs.statuses[shield.name].guards
        assert stops is not None
        guard.spend(game, seat, shield)
        note = stops.note or f"[{name}]抵消了{damage.kind}"
        game.log(
            "defence", f"{damage.cause}（{damage.kind}）指向{game.who(seat.no)}：{note}", f"{damage.kind}结算：{name}"
        )
        attacker = [damage.source] if damage.source else []
        effects.run(effects.Ctx(game, actor=seat.no, rule=name, targets=attacker), stops.on_stop)
        return
    queue.push_front(
        game,
        [queue.Out(seat.no, damage.cause, damage.kind, damage.source, card=damage.card, last_words=damage.last_words)],
    )


def _spared(game: Context, seat: Seat, item: queue.Out) -> bool:
    """犯罪天才, 霸道: a guard at the out keeps the seat in (``guards: {at: out}``)."""
    hit = guard.Hit((item.cause, item.kind), "out", source=item.source)
    status = guard.first_guard(game, seat, hit, SOONEST.get(game.st.phase, ()))
    if status is None:
        return False
    stops = game.rs.statuses[status.name].guards
    assert stops is not None
    guard.spend(game, seat, status)
    note = stops.note or f"因[{status.name}]避免出局"
    game.log("spared", f"{game.who(seat.no)}{note}（{item.cause}）", status.name)
    safe = game.rs.vote.safe_notice
    if safe and item.cause == "投票":
        game.public(safe.replace("{target}", texts.public_label(game.rs, seat)))
    elif game.st.phase == Phase.DAY and not game.withheld("状态"):
        game.public(f"{texts.public_label(game.rs, seat)}{note}。")
    effects.run(effects.Ctx(game, actor=seat.no, rule=status.name), stops.on_stop)
    return True


def _stand_in(game: Context, seat: Seat, item: queue.Out) -> bool:
    """爱慕: the status's giver goes out in the seat's place (``guards: {at: out, instead: giver}``)."""
    status = guard.first_guard(
        game, seat, guard.Hit((item.cause, item.kind), "out"), SOONEST.get(game.st.phase, ()), instead=True
    )
    if status is None:
        return False
    guard.spend(game, seat, status)
    game.log("stand_in", f"{game.who(status.source)}代替{game.who(seat.no)}出局（{item.cause}）", status.name)
    queue.push_front(game, [queue.Out(status.source, status.name, "", seat.no)])
    return True


def _next_exiling(game: Context, seat: Seat, item: queue.Out) -> tuple[Seat, Skill] | None:
    """The next reaction to this exile not offered yet: the seat's own (装傻), then others' (善行)."""
    st = game.st
    candidates = [(seat, False)] + [(o, True) for o in st.seats if o.alive and o.no != seat.no]
    for holder, other in candidates:
        for skill in cards.held_skills(game, holder):
            for trigger in skill.triggers:
                causes = trigger.causes or ("投票",)
                if trigger.on != "exiling" or trigger.anyone != other or item.cause not in causes:
                    continue
                if trigger.by is not None and not conditions.holds(trigger.by, seat, holder.no, st):
                    continue  # 护主: only its 认亲对象's exile
                if (holder.no, skill.name) not in item.offered:
                    return holder, skill
    return None


def out(game: Context, item: queue.Out) -> None:
    st, rs = game.st, game.rs
    seat = st.seat(item.seat)
    if not seat.alive:
        return
    if item.requires and st.seat(item.requires).alive:
        game.log("skip", f"{game.who(item.requires)}未出局，{game.who(seat.no)}不因{item.cause}出局", item.cause)
        return
    sheltered = item.cause not in NO_REACTIONS and rosters.spare(game, seat, item.cause)  # 出局结算 2: all resolve
    own = item.cause not in NO_REACTIONS and use_triggers.spare(game, seat, item)  # 光耀加身
    if item.cause not in NO_REACTIONS and (
        _spared(game, seat, item) or _stand_in(game, seat, item) or sheltered or own
    ):
        return
    reaction = None if rounds.active(game) else _next_exiling(game, seat, item)  # 公主不发动善行
    if reaction is not None:
        holder, skill = reaction
        prompts.ask_exiling(game, holder, skill, replace(item, offered=(*item.offered, (holder.no, skill.name))))
        return
    if item.cause in NO_REACTIONS:
        going = [c for c in seat.cards if not c.out]
    else:
        card = next((c for c in seat.cards if c.id == item.card), seat.card) if item.card else seat.card
        if card.out:
            return
        going = [card]
    first = going[0]
    linked = _linked(game, seat, item)
    for card in going:
        cards.card_out(game, seat, card, item.cause)
        skill_uses.on_card_out(card, item.kind, game, item.source)
    seat.alive = any(not c.out for c in seat.cards)
    game.changed()
    if item.cause == "投票":
        st.exiled_cards.append(first.id)
    if item.cause == "投票" or item.kind == "投票出局":
        st.exiled_today.append(seat.no)
    if not seat.alive:
        seat.out_cause = item.cause
        seat.out_phase = st.phase_key
        st.out_order.append(seat.no)
    _tell(game, seat, first, item.cause)
    cards.refresh(game, seat, item.cause)
    _record_public(game, seat, item.cause)
    if not seat.alive:
        for other in st.seats:
            ended = game.remove_statuses(other, lasting_until("source_out", seat.no))
            if ended:
                game.log(
                    "status", f"{game.who(other.no)}的{'、'.join(s.name for s in ended)}因来源出局而取消", item.cause
                )
        gained_uses.count_out(game, seat, item.source, item.kind)
    auras.refresh(game)  # 电梯楼相关效果都排除当前已出局成员
    headcount.check(game)  # 当场上人数变为开局人数的一半及以下时
    for card in going:
        role = rs.roles[card.role]
        effects.run(effects.Ctx(game, actor=seat.no, rule=f"{role.name}出局", card=card), role.on_out)
    if not seat.alive:
        kits.host_out(game, seat)
        rosters.leave_on_out(game, seat)
    cards.relay(game)
    queue.push_front(game, [queue.AfterOut(item, tuple(card.id for card in going)), *linked])


def _linked(game: Context, seat: Seat, item: queue.Out) -> list[object]:
    """[链接]: an out by a skill's attack strikes the giver's other holders with the same attack."""
    st, rs = game.st, game.rs
    passed_on = item.cause in rs.statuses and rs.statuses[item.cause].links  # a link's own strike chains no further
    if item.cause in {"投票", *NO_REACTIONS} or passed_on or not item.source or item.kind not in rs.damage:
        return []
    strikes: list[object] = []
    for mine in seat.statuses:
        if not rs.statuses[mine.name].links:
            continue
        for other in st.seats:
            if (
                other.no != seat.no
                and other.alive
                and any(s.name == mine.name and s.source == mine.source for s in other.statuses)
            ):
                game.log(
                    "chain", f"{mine.name}：{game.who(seat.no)}出局，{game.who(other.no)}承受{item.kind}", mine.name
                )
                strikes.append(queue.Strike(Damage(other.no, item.kind, mine.name, item.source, "")))
    return strikes


def after_out(game: Context, after: queue.AfterOut) -> None:
    """What an out sets off, once the game has been judged on it (宣布胜利会立即终止一切结算):
    the right to last words, the seat's own reactions, others' reactions, the team chain, the
    sheriff's badge."""
    st, rs = game.st, game.rs
    item = after.out
    seat = st.seat(item.seat)
    by_id = {card.id: card for card in seat.cards}
    going = [by_id[card_id] for card_id in after.cards]
    if not seat.alive and item.cause not in NO_REACTIONS and item.last_words and _last_words_now(game):
        _last_words_right(game, seat.no)
    follow: list[object] = []
    reactions: list[object] = []
    for card in going if item.cause not in NO_REACTIONS else []:
        reactions.extend(_reactions(game, seat, card, item.cause, item.source))
    for card in going:
        _others_react(game, seat, card, item.cause, item.source)
    if not seat.alive:
        follow.extend(_team_chain(game, seat, item.cause))
    follow.extend(reactions)
    if st.sheriff == seat.no and rs.sheriff and not seat.alive:
        if item.cause in rs.sheriff.random_on or rounds.active(game):
            _random_sheriff(game, seat, item.cause)
        else:
            follow.append(queue.Ask(seat.no, rs.sheriff.succession, "sheriff"))
    queue.push_front(game, follow)


def _team_chain(game: Context, seat: Seat, cause: str) -> list[object]:
    """殉情 and the like: a member's out takes the others out, or sets off the team's effects."""
    st, rs = game.st, game.rs
    follow: list[object] = []
    for team_name in seat.teams:
        team = rs.teams[team_name]
        if cause in team.chain_except or not conditions.holds(team.chain_if, seat, seat.no, st):
            continue
        if team.on_member_out:
            follow.extend(
                queue.Out(o.no, team.on_member_out, "", seat.no) for o in st.seats if o.alive and team_name in o.teams
            )
        effects.run(effects.Ctx(game, actor=seat.no, rule=team_name), team.on_member_out_effects)
    return follow


def _others_react(game: Context, seat: Seat, card: Card, cause: str, source: int) -> None:
    """Forced triggers of other seats on this card's out (志继: when the seer is out; 悬赏: a seat marked
    by them); one naming no roles answers any out of its causes (天意), from a source meeting its ``by``
    (遗计: 被撕咬杀死). The seat out is the first target."""
    st = game.st
    for other in st.seats:
        if not other.alive or other.no == seat.no:
            continue
        for holding in cards.held(game, other):
            for trigger in holding.skill.triggers:
                if trigger.on != "other_out" or not cards.usable(game, other, holding):
                    continue
                marked = any(s.name == trigger.marked and s.source == other.no for s in seat.statuses)
                anyone = not trigger.roles and not trigger.marked and cause in trigger.causes
                if anyone and trigger.by is not None:
                    anyone = bool(source) and conditions.holds(trigger.by, st.seat(source), other.no, st)
                if card.role in trigger.roles or marked or anyone:
                    game.log(
                        "trigger",
                        f"{card.role}出局，{game.who(other.no)}的{holding.skill.name}触发",
                        holding.skill.name,
                    )
                    ctx = effects.Ctx(
                        game, actor=other.no, skill=holding.skill, targets=[seat.no], rule=holding.skill.name
                    )  # the seat that went out is the first target (传承: 获得该角色的身份技能)
                    effects.run(ctx, trigger.effects if trigger.effects is not None else holding.skill.effects)


def _random_sheriff(game: Context, seat: Seat, cause: str) -> None:
    """警长因红牌罚下而出局后，警徽随机移交."""

    options = labels.successors(game, seat.no)
    if not options:
        game.st.sheriff = None
        game.public("警长空缺。")
        return
    chosen = game.rng().choice(options)
    change.make_sheriff(game, chosen.no, f"警长{cause}，警徽随机移交")


def _reactions(game: Context, seat: Seat, card: Card, cause: str, source: int) -> list[object]:
    """The out card's own triggers: forced ones fire now, others prompt (or wait for 开门); a
    trigger's ``by`` asks the out's source (破伤风: 因[实际阵营]为[狼人阵营]角色的技能出局)."""
    st = game.st
    out: list[object] = []
    owned = [(cards.skill_def(game, card, name), state) for name, state in card.skills.items()]
    if card is seat.card and seat.borrowed:  # skills used in another's place tonight (探囊取物)
        owned += [(cards.borrowed_def(game, seat, name), state) for name, state in seat.borrowed.items()]
    if card is seat.card:  # skills held with a status kept past the out (伪神: 视作拥有[神恩]技能)
        held_with = [game.rs.statuses[s.name].skills for s in seat.statuses]
        owned += [
            (skill, seat.skills[name]) for given in held_with for name, skill in given.items() if name in seat.skills
        ]
    for skill, state in owned:
        if skill is None or (cards.spent(state) and not state.unaware) or seat.no in st.lent:
            continue
        for trigger in skill.triggers:
            if (
                trigger.on != "out"
                or (trigger.causes and cause not in trigger.causes)
                or cause in trigger.except_causes
            ):
                continue
            if trigger.phase and trigger.phase != (phases.kind(st.phase) or "day"):
                continue
            if trigger.by is not None and not (source and conditions.holds(trigger.by, st.seat(source), seat.no, st)):
                continue
            if skill.forced:
                if cards.spent(state):
                    continue
                game.log("trigger", f"{game.who(seat.no)}的{skill.name}触发", skill.name)
                skill_uses.fired(game, cards.Held(skill, state, card))
                todo = trigger.effects if trigger.effects is not None else skill.effects
                effects.run(effects.Ctx(game, actor=seat.no, skill=skill, rule=skill.name, card=card), todo)
            elif trigger.at == "dawn" and PHASES[st.phase].before_news:
                st.at_notice.append(("ask", seat.no, card.id, skill.name))
            else:
                out.append(queue.Ask(seat.no, skill.name, "skill", card.id))
    return out


def _tell(game: Context, seat: Seat, card: Card, cause: str) -> None:
    st = game.st
    when = texts.phase_title(st.phase, st.day)
    game.log(
        "out", f"{game.who(seat.no)}" + (f"的{card.role}" if len(seat.cards) > 1 else "") + f"出局（{cause}）", cause
    )
    if len(seat.cards) < 2:
        game.tell(seat.no, f"你已出局（{when}）。")
    elif cause in NO_REACTIONS:
        game.tell(seat.no, f"你被红牌罚下，两个身份均出局（{when}）。")
    elif seat.alive:
        now = seat.cards[cards.current_index(seat)]
        game.tell(
            seat.no,
            f"你的{cards.position(seat, card)}（{card.role}）出局（{when}）。当前身份变为{cards.position(seat, now)}（{now.role}）。",
        )
    else:
        game.tell(seat.no, f"你的{cards.position(seat, card)}（{card.role}）出局，两个身份均已出局（{when}）。")


def _record_public(game: Context, seat: Seat, cause: str) -> None:
    """Night outs are listed at 开门; day outs are announced at once; 红牌 is announced by 判罚."""
    st, rs = game.st, game.rs
    if cause == "红牌" and rs.notices.red_card_at_once:
        return
    if PHASES[st.phase].news_waits:
        st.night_deaths.append(seat.no)
        return
    label = texts.public_label(rs, seat)
    note = labels.out_note(seat)
    if cause == "投票":
        st.exiled_yesterday.append(seat.no)
        game.public(f"{label}被投票出局{note}。")
    elif rs.notices.day_causes:
        game.public(f"{label}出局（{cause}）{note}。")
    else:
        game.public(f"{label}出局{note}。")
    game.log("notice", f"公示：{label}出局{note}", cause, secret=False)


def _last_words_now(game: Context) -> bool:
    """仅白天或第一夜 (``last_words.phases``; none listed: any time)."""
    st = game.st
    phases = game.rs.last_words.phases
    if not phases:
        return True
    if "day" in phases and PHASES[st.phase].votes:
        return True
    return "first_night" in phases and PHASES[st.phase].news_waits and st.day == 1


def _last_words_right(game: Context, no: int) -> None:
    st = game.st
    if st.last_words_left == 0:
        return
    if st.last_words_left > 0:
        st.last_words_left -= 1
    change.last_words_right(game, no)
