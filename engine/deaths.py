"""出局结算: an attack against the defences, then the out itself and what it drags along.

An attack hits the seat's current card (or the card it names). Order of one out: reactions
to being exiled (装傻) are offered first; then the card is out (红牌: every card), the seat
is out once no card is left, it is told so and listed for the public; its statuses on that
card end, counters move, the current card moves on and teams it no longer qualifies for
are left; the victory check runs; then, in this order, the forced triggers on its out
(长老's cascade), the chained outs of its teams (殉情), its reactions (最后一枪 — at the next
开门 when the trigger says ``at: dawn``), and the sheriff's succession (殉职). A seat out
twice in one night thus loses both cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards, effects, notices, prompts, texts, victory
from engine.state import Card, Damage, StatusInstance

if TYPE_CHECKING:
    from engine.flow import Out
    from engine.game import Game
    from engine.state import Seat

NO_REACTIONS = {"红牌"}  # 红牌罚下: every card out, no last words, no skills
SOONEST = {  # which statuses end first, seen from each phase
    "night": ("night_end", "election_end", "day_end"),
    "dawn": ("election_end", "day_end", "night_end"),
    "election": ("election_end", "day_end", "night_end"),
    "day": ("day_end", "night_end"),
}


def strike(game: Game, damage: Damage) -> None:
    """An attack meets the target's defences in the ruleset's order for its kind."""
    from engine import flow

    st, rs = game.st, game.rs
    seat = st.seat(damage.target)
    if not seat.alive:
        game.log("hit", f"{damage.cause}指向的{game.who(seat.no)}已出局", damage.cause)
        return
    if damage.card and any(c.id == damage.card and c.out for c in seat.cards):
        game.log("hit", f"{damage.cause}指向的{game.who(seat.no)}的身份牌已出局，无效", damage.cause)
        return
    for name in rs.damage[damage.kind].defences:
        shield = _shortest(game, seat.statuses, name)
        if shield is None:
            continue
        if shield.uses is not None:
            shield.uses -= 1
            if shield.uses <= 0:
                game.remove_statuses(seat, lambda s, used=shield: s is used)
        note = rs.statuses[name].note or f"[{name}]抵消了{damage.kind}"
        game.log(
            "defence", f"{damage.cause}（{damage.kind}）指向{game.who(seat.no)}：{note}", f"{damage.kind}结算：{name}"
        )
        return
    flow.push_front(
        game,
        [flow.Out(seat.no, damage.cause, damage.kind, damage.source, card=damage.card, last_words=damage.last_words)],
    )


def _shortest(game: Game, statuses: list[StatusInstance], name: str) -> StatusInstance | None:
    """[守护：X] 会优先消耗掉时限较短的状态: the one that ends soonest goes first."""
    matching = [s for s in statuses if s.name == name]
    if not matching:
        return None
    soonest = SOONEST.get(game.st.phase, ())
    return min(matching, key=lambda s: soonest.index(s.until) if s.until in soonest else len(soonest))


def out(game: Game, item: Out) -> None:
    from engine import flow

    st, rs = game.st, game.rs
    seat = st.seat(item.seat)
    if not seat.alive:
        return
    if not item.checked and item.cause == "投票":
        for skill in game.held_skills(seat):
            if skill.trigger and skill.trigger.on == "exiling":
                prompts.ask_exiling(game, seat, skill, item)
                return
    if item.cause in NO_REACTIONS:
        going = [c for c in seat.cards if not c.out]
    else:
        card = next((c for c in seat.cards if c.id == item.card), seat.card) if item.card else seat.card
        if card.out:
            return
        going = [card]
    first = going[0]
    for card in going:
        cards.card_out(game, seat, card, item.cause)
    seat.alive = any(not c.out for c in seat.cards)
    game.changed()
    if item.cause == "投票":
        st.exiled_cards.append(first.id)
    if not seat.alive:
        seat.out_cause = item.cause
        seat.out_phase = st.phase_key
        st.out_order.append(seat.no)
    _tell(game, seat, first, item.cause)
    cards.refresh(game, seat, item.cause)
    _record_public(game, seat, item.cause)
    if not seat.alive:
        for other in st.seats:
            ended = game.remove_statuses(other, lambda s: s.until == "source_out" and s.source == seat.no)
            if ended:
                game.log(
                    "status", f"{game.who(other.no)}的{'、'.join(s.name for s in ended)}因来源出局而取消", item.cause
                )
    for card in going:
        role = rs.roles[card.role]
        effects.run(effects.Ctx(game, actor=seat.no, rule=f"{role.name}出局", card=card), role.on_out)
    cards.relay(game)
    if victory.check(game):
        return
    if not seat.alive and item.cause not in NO_REACTIONS and item.last_words and _last_words_now(game):
        _last_words_right(game, seat.no)
    follow: list[object] = []
    reactions: list[object] = []
    for card in going if item.cause not in NO_REACTIONS else []:
        reactions.extend(_reactions(game, seat, card, item.cause))
    if not seat.alive:
        for team_name in seat.teams:
            team = rs.teams[team_name]
            if team.on_member_out:
                follow.extend(
                    flow.Out(o.no, team.on_member_out, "", seat.no)
                    for o in st.seats
                    if o.alive and team_name in o.teams
                )
    follow.extend(reactions)
    if st.sheriff == seat.no and rs.sheriff and not seat.alive:
        follow.append(flow.Ask(seat.no, rs.sheriff.succession, "sheriff"))
    flow.push_front(game, follow)


def _reactions(game: Game, seat: Seat, card: Card, cause: str) -> list[object]:
    """The out card's own triggers: forced ones fire now, others prompt (or wait for 开门)."""
    from engine import flow

    st = game.st
    out: list[object] = []
    for name, state in card.skills.items():
        skill = cards.skill_def(game, card, name)
        trigger = skill.trigger if skill else None
        if skill is None or trigger is None or trigger.on != "out" or cards.spent(state):
            continue
        if (trigger.causes and cause not in trigger.causes) or cause in trigger.except_causes:
            continue
        if skill.forced:
            game.log("trigger", f"{game.who(seat.no)}的{skill.name}触发", skill.name)
            effects.run(effects.Ctx(game, actor=seat.no, skill=skill, rule=skill.name, card=card), skill.effects)
        elif trigger.at == "dawn" and st.phase in {"night", "dawn", "election"}:
            st.at_notice.append(("ask", seat.no, card.id, skill.name))
        else:
            out.append(flow.Ask(seat.no, skill.name, "skill", card.id))
    return out


def _tell(game: Game, seat: Seat, card: Card, cause: str) -> None:
    st = game.st
    when = texts.phase_title(st.phase, st.day) if st.phase != "election" else "竞选日"
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


def _record_public(game: Game, seat: Seat, cause: str) -> None:
    """Night outs are listed at 开门; day outs are announced at once; 红牌 is announced by 判罚."""
    st, rs = game.st, game.rs
    if cause == "红牌" and rs.notices.red_card_at_once:
        return
    if st.phase in {"night", "dawn"}:
        st.night_deaths.append(seat.no)
        return
    label = texts.public_label(rs, seat)
    note = notices.out_note(seat)
    if cause == "投票":
        st.exiled_yesterday.append(seat.no)
        game.public(f"{label}被投票出局{note}。")
    elif rs.notices.day_causes:
        game.public(f"{label}出局（{cause}）{note}。")
    else:
        game.public(f"{label}出局{note}。")
    game.log("notice", f"公示：{label}出局{note}", cause, secret=False)


def _last_words_now(game: Game) -> bool:
    """仅白天或第一夜 (``last_words.phases``; none listed: any time)."""
    st = game.st
    phases = game.rs.last_words.phases
    if not phases:
        return True
    if "day" in phases and st.phase in {"day", "election"}:
        return True
    return "first_night" in phases and st.phase in {"night", "dawn"} and st.day == 1


def _last_words_right(game: Game, no: int) -> None:
    st = game.st
    if st.last_words_left == 0:
        return
    if st.last_words_left > 0:
        st.last_words_left -= 1
    st.seat(no).last_words_right = True
    game.tell(no, "你可以留下遗言：发送「遗言 内容」，将在下一个白天开门时公示（禁止使用Discuz!代码）。")
