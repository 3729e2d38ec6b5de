"""出局结算: an attack against the defences, then the out itself and what it drags along.

Order of one out: reactions to being exiled (装傻) are offered first; then the seat
is out, told so and listed for the public; statuses it gave that last "until its
source is out" end (吹笛); the victory check runs; then, in this order, the forced
triggers on its out (长老's cascade), the chained outs of its teams (殉情), its own
reactions (最后一枪), and the sheriff's succession (殉职).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import acting, effects, texts, victory
from engine.state import Damage, StatusInstance

if TYPE_CHECKING:
    from engine.flow import Out
    from engine.game import Game

UNTIL_ORDER = {"night_end": 0, "day_end": 1}
NO_REACTIONS = {"红牌"}  # 红牌罚下: no last words, no skills


def strike(game: Game, damage: Damage) -> None:
    """An attack meets the target's defences in the ruleset's order for its kind."""
    from engine import flow

    st, rs = game.st, game.rs
    seat = st.seat(damage.target)
    if not seat.alive:
        game.log("hit", f"{damage.cause}指向的{game.who(seat.no)}已出局", damage.cause)
        return
    for name in rs.damage[damage.kind].defences:
        shield = _shortest(seat.statuses, name)
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
    flow.push_front(game, [flow.Out(seat.no, damage.cause, damage.kind, damage.source)])


def _shortest(statuses: list[StatusInstance], name: str) -> StatusInstance | None:
    """[守护：X] 会优先消耗掉时限较短的状态."""
    matching = [s for s in statuses if s.name == name]
    if not matching:
        return None
    return min(matching, key=lambda s: UNTIL_ORDER.get(s.until, 9))


def out(game: Game, item: Out) -> None:
    from engine import flow

    st, rs = game.st, game.rs
    seat = st.seat(item.seat)
    if not seat.alive:
        return
    if not item.checked and item.cause == "投票":
        for skill in game.held_skills(seat):
            if skill.trigger and skill.trigger.on == "exiling":
                acting.ask_exiling(game, seat, skill, item)
                return
    seat.alive = False
    game.changed()
    seat.card.out = True
    seat.out_cause = item.cause
    seat.out_phase = st.phase_key
    st.out_order.append(seat.no)
    game.log("out", f"{game.who(seat.no)}出局（{item.cause}）", item.cause)
    game.tell(seat.no, f"你已出局（{texts.phase_title(st.phase, st.day)}）。")
    _record_public(game, seat.no, item.cause)
    for other in st.seats:
        ended = game.remove_statuses(other, lambda s: s.until == "source_out" and s.source == seat.no)
        if ended:
            game.log("status", f"{game.who(other.no)}的{'、'.join(s.name for s in ended)}因来源出局而取消", item.cause)
    role = rs.roles[seat.role]
    effects.run(effects.Ctx(game, actor=seat.no, rule=f"{role.name}出局"), role.on_out)
    if victory.check(game):
        return
    if item.cause not in NO_REACTIONS:
        _last_words_right(game, seat.no)
    follow: list[object] = []
    reactions: list[object] = []
    for skill in game.held_skills(seat) if item.cause not in NO_REACTIONS else []:
        trigger = skill.trigger
        if trigger is None or trigger.on != "out" or (trigger.causes and item.cause not in trigger.causes):
            continue
        if skill.forced:
            ctx = effects.Ctx(game, actor=seat.no, skill=skill, rule=skill.name)
            game.log("trigger", f"{game.who(seat.no)}的{skill.name}触发", skill.name)
            effects.run(ctx, skill.effects)
        else:
            reactions.append(flow.Ask(seat.no, skill.name, "skill"))
    for team_name in seat.teams:
        team = rs.teams[team_name]
        if team.on_member_out:
            follow.extend(
                flow.Out(o.no, team.on_member_out, "", seat.no) for o in st.seats if o.alive and team_name in o.teams
            )
    follow.extend(reactions)
    if st.sheriff == seat.no and rs.sheriff:
        follow.append(flow.Ask(seat.no, rs.sheriff.succession, "sheriff"))
    flow.push_front(game, follow)


def _record_public(game: Game, no: int, cause: str) -> None:
    """Night outs are listed at 开门 in order; day outs are announced at once."""
    st, rs = game.st, game.rs
    seat = st.seat(no)
    if st.phase in {"night", "dawn"}:
        st.night_deaths.append(no)
        return
    label = texts.public_label(rs, seat)
    if cause == "投票":
        st.exiled_yesterday.append(no)
        game.public(f"{label}被投票出局。")
    elif rs.notices.day_causes:
        game.public(f"{label}出局（{cause}）。")
    else:
        game.public(f"{label}出局。")
    game.log("notice", f"公示：{label}出局", cause, secret=False)


def _last_words_right(game: Game, no: int) -> None:
    st = game.st
    if st.last_words_left <= 0:
        return
    st.last_words_left -= 1
    st.seat(no).last_words_right = True
    game.tell(no, "你可以留下遗言：发送「遗言 内容」，将在下一个白天开门时公示（禁止使用Discuz!代码）。")
