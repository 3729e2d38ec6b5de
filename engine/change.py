"""Changes several rule modules make to the state: a card becoming another role, a new sheriff,
another vote round, a camp lost, and what ends with a phase (statuses lasting 'tonight' or 'today', tonight's
swaps, loans and marked attacks).

The primitives every rule uses (grant or remove a status, set a camp, form a team, lose or gain
a skill) are ``engine.context.Context``'s; like them, a change here bumps ``st.version`` itself
where it changes what a condition reads.
"""

from __future__ import annotations

from fractions import Fraction

from engine import caps, cards, conditions, control, durations, identity, labels, queue, targeting
from engine.context import Context
from engine.events import CampLost
from engine.state import lasting_until


def become(game: Context, target: int, role: str, rule: str, keep_camp: bool = False) -> None:
    """The seat's current card becomes another role, its skills fresh (偷换, 志继, 顺从)."""
    seat = game.st.seat(target)
    card = seat.card
    old = card.role
    for name in card.skills:
        game.remove_statuses(seat, lasting_until(f"skill:{name}"))
    card.dealt = card.dealt or old
    card.role = role
    card.skills = cards.new_states(game, role)
    card.camp = game.rs.roles[role].camp
    unsettled = game.rs.camps[card.camp].unsettled if card.camp in game.rs.camps else False
    game.changed(target)
    game.log("card", f"{game.who(target)}的身份由{old}变为{role}", rule)
    for skill in game.rs.roles[role].skills.values():
        if skill.name in card.skills:
            game.hold_grants(target, skill, rule)
    if not keep_camp and not unsettled:  # a card whose camp an opening choice settles (混血儿) leaves it be
        set_camp(game, target, card.camp, rule)
    if seat.alive:
        game.tell(target, f"你的身份变为{role}（{rule}）。\n" + identity.identity_text(game, seat), "identity")


def set_camp(game: Context, target: int, camp: str, rule: str) -> None:
    """转变阵营 by a skill or a new card, unless a status keeps the seat's camp (神恩: 不会…转变阵营)."""
    seat = game.st.seat(target)
    kept = caps.giving(game, seat, "keeps_camp")
    if kept and seat.camp != camp:
        game.log("camp", f"{game.who(target)}因[{kept[0]}]不会转变阵营（{camp}）", rule)
        return
    game.set_camp(target, camp, rule)


def most_out(game: Context, camps: list[str]) -> str:
    """The camp with the larger share of its seats as dealt now out (献祭唤醒: 检查当前已出局好人阵营角色/
    狼人阵营角色占比开局双方对应阵营人数的百分比); a tie is drawn from the game's seed."""
    st, roles = game.st, game.rs.roles
    shares: dict[str, Fraction] = {}
    for camp in camps:
        dealt = sum(1 for s in st.seats if roles[s.cards[0].dealt_as].camp == camp)
        out = sum(1 for s in st.seats if not s.alive and s.camp == camp)
        shares[camp] = Fraction(out, dealt) if dealt else Fraction(0)
    top = max(shares.values())
    most = [camp for camp in camps if shares[camp] == top]
    return most[0] if len(most) == 1 else game.rng().choice(most)


def last_words_right(game: Context, no: int) -> None:
    """The seat may leave a 遗言 and is told how."""
    game.st.seat(no).last_words_right = True
    game.tell(
        no, "你可以留下遗言：发送「遗言 内容」，在白天开门时公示，开门后才发送的立即公示（禁止使用Discuz!代码）。"
    )


def vote_again(game: Context, rule: str) -> None:
    """暗示: once this round has resolved, another round of the day's vote opens."""
    game.st.another_round = True
    game.log("vote", f"{rule}：再次发起一轮投票", rule, secret=False)


def revive(game: Context, target: int, rule: str) -> None:
    """复活: an out seat is back in the game, its statuses as they were at its out (所有状态按出局时为准)."""
    seat = game.st.seat(target)
    seat.alive, seat.card.out, seat.out_cause = True, False, ""
    cards.refresh(game, seat, rule)
    game.changed()
    game.log("revive", f"{game.who(target)}复活", rule)


def make_sheriff(game: Context, seat: int, rule: str) -> None:
    st, rs = game.st, game.rs
    st.sheriff = seat
    assert rs.sheriff is not None
    game.tell(seat, "你成为了警长。" + (rs.sheriff.text if rs.sheriff.text and "告知" not in rs.sheriff.text else ""))
    game.public(f"警长：{labels.sheriff_label(game, seat)}。")
    game.log("sheriff", f"{game.who(seat)}成为警长", rule)
    declares = rs.skill(rs.sheriff.declares) if rs.sheriff.declares else None
    if declares and (not declares.only_if or conditions.holds(declares.only_if, st.seat(seat), seat, st)):  # 任命
        game.grant_skill(seat, rs.sheriff.declares, rule)
        queue.push_front(game, [queue.Ask(seat, rs.sheriff.declares, "skill")])


def end_of(until: str, game: Context) -> None:
    """Statuses that last 'tonight' or 'today' end; marked attacks and tonight's swaps too."""
    st = game.st
    if until == "night_end":
        _tell_still_held(game)
    durations.end_at(game, until)
    if until == "night_end":
        game.st.damage = [d for d in game.st.damage if d.night > st.day]
        game.st.redirects.clear()
        cards.night_ends(game)
        targeting.night_ends(game)
        control.release(game)
        st.haunts.clear()
        st.watches.clear()
        st.steals.clear()
        st.stolen.clear()
        st.seized.clear()
        st.piped.clear()


def _tell_still_held(game: Context) -> None:
    """The statuses gained tonight whose holders are told as the night ends: those still held."""
    st = game.st
    for no, name in dict.fromkeys(st.told_at_night_end):
        if st.seat(no).has_status(name):
            game.tell(no, game.rs.statuses[name].told)
    st.told_at_night_end = []


def lose_camp(game: Context, camp: str, reason: str) -> None:
    """A camp is lost (判负): it can no longer win; its ``on_lose`` effects follow at once."""
    st = game.st
    if camp in st.lost_camps:
        return
    st.lost_camps.append(camp)
    game.changed()
    game.log("lose", f"{camp}判负：{reason}", "胜负判定")
    game.emit(CampLost(camp))
