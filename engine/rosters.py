"""名单 (巫女, 002 L144): a list of seats its holder keeps and is told of as it changes.

At the deal a holder draws ⌈人数/per⌉ other seats from the game's seed; an out seat leaves
every list; an effect moves a seat out of or into the acting seat's list (下蛊). Each change
is told to the holder at once (持有名单的角色会即时得知名单内角色的变化情况). 巫蛊之术 (``roster_shelter``)
spares tonight's outs of list members but its target, re-dealing each as an attack on the target.
"""

from __future__ import annotations

from engine import phases, queue, texts
from engine.context import Context
from engine.ruleset.model import Effect
from engine.state import Damage, Seat, Shelter


def _label(game: Context, no: int) -> str:
    return texts.public_label(game.rs, game.st.seat(no))


def _listing(game: Context, holder: Seat) -> str:
    return "、".join(_label(game, no) for no in holder.roster) or "无"


def deal(game: Context) -> None:
    """Each holder of a role with a ``roster`` draws its 名单: ⌈人数/per⌉ seats, itself aside."""
    st = game.st
    for seat in st.seats:
        draw = game.rs.roles[seat.card.role].roster
        if draw is None:
            continue
        others = [o.no for o in st.seats if o.no != seat.no]
        count = min(-(-len(st.seats) // draw.per), len(others))
        seat.roster = sorted(st.rng.sample(others, count))
        game.tell(seat.no, f"你的名单：{_listing(game, seat)}。")
        game.log("deal", f"{game.who(seat.no)}的名单：{_listing(game, seat)}", seat.card.role)


def with_kit(game: Context, taker: int, role: str) -> None:
    """其他角色获得巫女技能时: a taker of the role's skills without a list draws ⌈当前存活人数/per⌉ other
    living seats."""
    st = game.st
    draw, seat = game.rs.roles[role].roster, st.seat(taker)
    if draw is None or seat.roster:
        return
    others = [o.no for o in st.seats if o.alive and o.no != taker]
    count = min(-(-len(st.alive()) // draw.per), len(others))
    seat.roster = sorted(st.rng.sample(others, count))
    game.changed(taker)
    game.tell(taker, f"你获得{role}的名单：{_listing(game, seat)}。")
    game.log("roster", f"{game.who(taker)}获得{role}的名单：{_listing(game, seat)}", role)


def leave_on_out(game: Context, out: Seat) -> None:
    """出局的角色会自动移出名单: each list holding the seat loses it; its holder is told."""
    for holder in game.st.seats:
        if out.no in holder.roster:
            holder.roster.remove(out.no)
            game.changed(holder.no)
            game.tell(holder.no, f"{_label(game, out.no)}出局，移出名单。当前名单：{_listing(game, holder)}。")
            game.log("roster", f"{game.who(out.no)}出局，移出{game.who(holder.no)}的名单", "名单")


def edit(game: Context, holder_no: int, no: int, *, add: bool, rule: str) -> None:
    """The seat moves into (``add``) or out of the holder's list, if it is not there already."""
    holder = game.st.seat(holder_no)
    if (no in holder.roster) == add:
        return
    if add:
        holder.roster = sorted([*holder.roster, no])
    else:
        holder.roster.remove(no)
    game.changed(holder_no)
    move = "移入" if add else "移出"
    game.tell(holder_no, f"{_label(game, no)}被{move}名单（{rule}）。当前名单：{_listing(game, holder)}。")
    game.log("roster", f"{game.who(no)}被{move}{game.who(holder_no)}的名单", rule)


def shelter_tonight(game: Context, holder: int, target: int, skill: str, kind: str, status: str) -> None:
    """巫蛊之术's 发动效果: tonight the holder's list members but the target are spared (see ``spare``)."""
    st = game.st
    st.shelters = [s for s in st.shelters if s.night == st.day] + [Shelter(holder, target, st.day, skill, kind, status)]
    game.log("shelter", f"{game.who(holder)}的{skill}：当晚名单内除结算目标以外的角色免于出局", skill)


def spare(game: Context, seat: Seat, cause: str) -> bool:
    """出局结算 2: a list member but the target, going out tonight, is spared; the target (if any) takes
    a ``kind`` hit for it, inserted first; more than one spared, or one of another 实际阵营 than the
    target, costs the holder the skill and gives it ``status`` from the next 正午 (反噬)."""
    st = game.st
    if phases.kind(st.phase) != "night":
        return False
    shelters = [
        s for s in st.shelters if s.night == st.day and seat.no in st.seat(s.holder).roster and seat.no != s.target
    ]
    for shelter in shelters:
        shelter.spared.append(seat.no)
        game.log("spared", f"{game.who(seat.no)}因{shelter.skill}免于出局（{cause}）", shelter.skill)
        target = st.seat(shelter.target) if shelter.target else None
        if target is not None and target.alive:
            damage = Damage(target.no, shelter.kind, shelter.skill, shelter.holder, at_step="")
            queue.push_front(game, [queue.Strike(damage)])
        other_camp = target is not None and target.alive and target.camp != seat.camp
        if not shelter.backlash and (len(shelter.spared) > 1 or other_camp):
            _backlash(game, shelter)
    return bool(shelters)


def _backlash(game: Context, shelter: Shelter) -> None:
    """失去[巫蛊之术]技能，并且发动者从下一个正午开始，永久获得[疾病]状态."""
    shelter.backlash = True
    game.lose_skills(shelter.holder, (shelter.skill,), shelter.skill)
    grant = Effect("status", shelter.status, to="self", rule=shelter.skill, delay="next_noon")
    game.st.deferred.append((shelter.holder, grant, shelter.skill))
    game.log(
        "backlash",
        f"{game.who(shelter.holder)}的{shelter.skill}反噬：下一个正午起永久获得[{shelter.status}]",
        shelter.skill,
    )
