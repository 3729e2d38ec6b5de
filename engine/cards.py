"""双身份: a seat's cards — which is current, what skills and tags they give, how they change.

A seat holds its cards in order [first, second] (``Seat.cards``). The current card is the
first not out, in tonight's order when 魔术师 swapped them until dawn; when every card is
out, the last one stays current. The seat holds only the current card's skills (with those
given to it during play, 幸运儿), plus what a card gives even when it is not current (隐匿)
and the skills of the card tags the seat bears ([群内] → 杀人). A card's tags are the seat's
while the card is current: a team joined by a tag is left at once when the tag goes, and
joined when a night opens (the step with ``joins``).

In a one-card ruleset every seat has one card and all of this reduces to "the role's skills".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine import boards, caps, conditions, messages, texts
from engine.context import Context
from engine.errors import Refusal
from engine.phases import PHASES, Phase
from engine.ruleset.model import Role, Skill
from engine.state import Card, Seat, SkillState

POSITIONS = ("第一身份", "第二身份")


@dataclass(frozen=True)
class Held:
    """A skill a seat holds now, its use record, and the card it comes from (None: a tag's)."""

    skill: Skill
    state: SkillState
    card: Card | None


# ---------------------------------------------------------------- which card


def current_index(seat: Seat) -> int:
    """The first card not out in the seat's order (tonight's, if swapped); the last one when all are."""
    order = list(range(len(seat.cards)))
    if seat.swapped:
        order.reverse()
    for index in order:
        if not seat.cards[index].out:
            return index
    return seat.current


def acting_card(game: Context, seat: Seat) -> Card:
    """The card a seat acts with: the current one, or on 竞选日 the one publicly current."""
    if PHASES[game.st.phase].public_card:
        return seat.cards[seat.shown]
    return seat.cards[seat.current]


def position(seat: Seat, card: Card) -> str:
    return POSITIONS[seat.cards.index(card)] if len(seat.cards) > 1 else "身份"


def card_by_id(game: Context, card_id: int) -> tuple[Seat, Card]:
    seat = game.st.seat(card_id // 10)
    return seat, next(c for c in seat.cards if c.id == card_id)


def publicly_in(game: Context, seat: Seat) -> bool:
    """Still in the game as a player may use it: alive, or out tonight before 竞选日's end
    (or, where the ruleset says so, before the night's outs are announced at all)."""
    st = game.st
    if seat.alive or seat.no not in st.night_deaths:
        return seat.alive
    phase = PHASES[st.phase]
    return phase.public_card or (game.rs.notices.unannounced_targetable and phase.news_waits)


def known_out(game: Context, seat: Seat) -> bool:
    """Out, and everyone knows it: a night's outs are announced at 开门 (after 竞选日 where there is one)."""
    return not seat.alive and not (seat.no in game.st.night_deaths and PHASES[game.st.phase].before_news)


# ---------------------------------------------------------------- tags and skills


def tags(game: Context, seat: Seat) -> list[str]:
    """The card tags the seat bears now: its acting card's, and those its other cards in play
    give even when not current — by 隐匿, or given to them during play (接刀) — less those a
    status takes while it lasts (超度)."""
    out = borne(game, seat)
    if not seat.statuses:
        return out
    dropped = caps.names(game, seat, "drops_tags")
    return [t for t in out if t not in dropped]


def borne(game: Context, seat: Seat) -> list[str]:
    """The card tags the seat's cards give it, whatever its statuses take for a time."""
    card = acting_card(game, seat)
    out = [t for t in (*game.rs.roles[card.role].tags, *dealt_tags(game, card)) if t not in card.lost_tags]
    out.extend(card.tags)
    for other in seat.cards:
        if other is not card and not other.out:
            out.extend(hidden_tags(game, other))
    return list(dict.fromkeys(out))


def dealt_tags(game: Context, card: Card) -> list[str]:
    """The tags a card tag's ``roles`` give this card from the deal (the post's header marks)."""
    st = game.st
    return [
        tag.name
        for tag in game.rs.card_tags.values()
        if any(role == card.dealt_as and conditions.game_holds(cond, st) for role, cond in tag.roles)
    ]


def hidden_tags(game: Context, card: Card) -> list[str]:
    """What a card gives its seat when it is not current: 隐匿's tags, and tags given during play."""
    out = [t for skill in game.rs.roles[card.role].skills.values() for t in skill.not_current_tags]
    return out + card.tags


def skill_def(game: Context, card: Card, name: str) -> Skill | None:
    """A card's skill: one taken from another role's kit (that role's), its role's, or one given
    to it during play (defined by any role)."""
    state = card.skills.get(name)
    if state is not None and state.of_role:
        return game.rs.roles[state.of_role].skills.get(name)
    return game.rs.roles[card.role].skills.get(name) or game.rs.skill(name)


def held(game: Context, seat: Seat) -> list[Held]:
    """Every skill the seat holds now (lost or spent ones too), its acting card's first. Tonight a
    seat whose skills another uses (探囊取物) holds none of its card's, nor its team's [团队] skill.

    Remembered while nothing that changes it moves: a change to this seat alone forgets its own,
    any other change every seat's (``Context.changed``)."""
    return _kept(game, seat)[4]


Kept = tuple[bool, int, int, dict[str, "Held"], list["Held"]]


def _kept(game: Context, seat: Seat) -> Kept:
    """The seat's remembered skills: the view they hold for (the public card, the current, the
    shown), then by name and in order. ``Context.changed`` drops them."""
    public = PHASES[game.st.phase].public_card
    kept: Kept | None = game.held_memo.get(seat.no)
    if kept is None or kept[0] is not public or kept[1] != seat.current or kept[2] != seat.shown:
        out = _held(game, seat)
        kept = game.held_memo[seat.no] = (public, seat.current, seat.shown, out, list(out.values()))
    return kept


def _held(game: Context, seat: Seat) -> dict[str, Held]:
    rs = game.rs
    card = acting_card(game, seat)
    out: dict[str, Held] = {}
    lent = seat.no in game.st.lent
    taken = lent_teams(game) if game.st.lent else set()
    mine: Iterable[tuple[str, SkillState]] = card.skills.items()
    if any(state.granted for state in card.skills.values()):  # given during play: in order of receipt
        mine = sorted(mine, key=lambda kv: kv[1].granted)
    for name, state in mine:
        skill = skill_def(game, card, name)
        if skill is None or skill.todo or lent or (skill.team and skill.team.team in taken):
            continue
        out.setdefault(name, Held(skill, state, card))
    for name, state in seat.borrowed.items():
        skill = borrowed_def(game, seat, name)
        if skill is not None:
            out.setdefault(name, Held(skill, state, None))
    for status in seat.statuses:
        for name, skill in rs.statuses[status.name].skills.items():
            if name in seat.skills:
                out.setdefault(name, Held(skill, seat.skills[name], None))
    for other in seat.cards:
        if other is card or other.out:
            continue
        role = rs.roles[other.role]
        for hider in role.skills.values():
            for name in hider.not_current_skills:
                if name in other.skills:
                    out.setdefault(name, Held(role.skills[name], other.skills[name], other))
    for tag in tags(game, seat) if rs.card_tags else ():
        if rs.card_tags[tag].order and game.st.knife.get(tag) != seat.no:
            continue  # an ordered tag's skills are the knife holder's alone (engine/knife.py)
        for name, skill in rs.card_tags[tag].skills.items():
            if name in seat.skills:
                out.setdefault(name, Held(skill, seat.skills[name], None))
    order = rs.order_skill
    if order is not None and order.name in seat.skills:
        out.setdefault(order.name, Held(order, seat.skills[order.name], None))
    return out


def lent_teams(game: Context) -> set[str]:
    """The teams whose [团队] skill a borrower uses tonight: their members cannot."""
    st = game.st
    out = set()
    for borrower in set(st.lent.values()):
        for name in st.seat(borrower).borrowed:
            skill = borrowed_def(game, st.seat(borrower), name)
            if skill is not None and skill.team:
                out.add(skill.team.team)
    return out


def borrowed_def(game: Context, seat: Seat, name: str) -> Skill | None:
    """A skill the seat uses tonight in another's place: the lender's card's definition."""
    lender = next((lender for lender, borrower in game.st.lent.items() if borrower == seat.no), 0)
    if not lender:
        return None
    return skill_def(game, game.st.seat(lender).card, name)


def find(game: Context, seat: Seat, name: str) -> Held | None:
    return _kept(game, seat)[3].get(name)


def usable_out(game: Context, seat: Seat, name: str) -> bool:
    """The seat holds that skill as one it may use out too (鬼情)."""
    holding = find(game, seat, name)
    return holding is not None and holding.state.when_out


def on_card(game: Context, seat: Seat, card_id: int, name: str) -> Held | None:
    """A skill of one card, current or not, out or not (a reaction to that card's out)."""
    card = next((c for c in seat.cards if c.id == card_id), None)
    if card is None or (name not in card.skills and card is seat.card):
        return find(game, seat, name)
    state = card.skills.get(name)
    skill = skill_def(game, card, name)
    return Held(skill, state, card) if state and skill else None


def spent(state: SkillState) -> bool:
    return state.lost or (state.uses is not None and state.uses <= 0)


def usable(game: Context, seat: Seat, holding: Held, among: list[Held] | None = None) -> bool:
    """Not lost, uses left, and the skill it ``requires`` still held on the same card."""
    if spent(holding.state):
        return False
    if holding.skill.requires:
        mine = among if among is not None else held(game, seat)
        needed = next((h for h in mine if h.skill.name == holding.skill.requires), None)
        return needed is not None and not spent(needed.state)
    return True


def held_skills(game: Context, seat: Seat) -> list[Skill]:
    """The skills the seat holds now and may still use (not lost, uses left): its current
    card's, what its other cards give when not current (隐匿), and its card tags'."""
    mine = held(game, seat)
    return [h.skill for h in mine if usable(game, seat, h, mine)]


def offered(game: Context, seat: Seat, holding: Held, among: list[Held] | None = None) -> bool:
    """Offered to its holder in its step: usable, or lost without its holder being told (长寿之命)."""
    state = holding.state
    if state.lost and state.unaware:
        return state.uses is None or state.uses > 0
    return usable(game, seat, holding, among)


def family(game: Context, seat: Seat, skill: Skill) -> list[SkillState]:
    """The use records of a skill and those counted as it (守护之盾 and 幸运儿's), for [厌旧]."""
    names = {skill.name, skill.counts_as} - {""}
    return [h.state for h in held(game, seat) if h.skill.name in names or h.skill.counts_as in names]


def new_states(game: Context, role: str) -> dict[str, SkillState]:
    """A card's skills as dealt: fresh, without those given only during play (<附加>)."""
    return dealt_states(game.rs.roles[role])


def dealt_states(role: Role) -> dict[str, SkillState]:
    return {s.name: SkillState(s.name, s.uses) for s in role.skills.values() if not s.todo and "附加" not in s.tags}


# ---------------------------------------------------------------- changes


def refresh(game: Context, seat: Seat, rule: str) -> None:
    """After an out or a swap: the current card, what the seat is told, the teams it leaves."""
    st = game.st
    before = seat.current
    seat.current = current_index(seat)
    if before != seat.current:
        card = seat.card
        game.changed(seat.no)
        game.log("card", f"{game.who(seat.no)}的当前身份变为{position(seat, card)}{card.role}", rule)
        if game.rs.roles[card.role].counter and not card.counters:
            if PHASES[st.phase].before_news:
                st.at_notice.append(("counter", seat.no, card.id, ""))
            else:
                start_counter(game, seat, card)
    if st.phase == Phase.DAY:  # by day an out is public at once; a night's waits for 开门
        seat.shown = seat.current
    leave_lost_teams(game, seat, rule)


def swap(game: Context, seat: Seat, for_night: bool, rule: str) -> None:
    """捣蛋 (for good) or 交换 (until the night ends): first and second change places."""
    before = {h.skill.name for h in held(game, seat) if usable(game, seat, h)}
    if for_night:
        seat.swapped = not seat.swapped
    else:
        seat.cards.reverse()
        seat.current = len(seat.cards) - 1 - seat.current
        seat.shown = len(seat.cards) - 1 - seat.shown
    game.changed(seat.no)
    game.log("card", f"{game.who(seat.no)}的第一身份与第二身份互换" + ("（至夜晚结束）" if for_night else ""), rule)
    refresh(game, seat, rule)
    after = {h.skill.name for h in held(game, seat) if usable(game, seat, h)}
    if not for_night:
        order = "、".join(f"{position(seat, c)}{c.role}" for c in seat.cards)
        game.tell(seat.no, f"你的第一身份和第二身份被互换（{rule}），持续至游戏结束：{order}。")
    elif before != after:
        game.tell(
            seat.no,
            f"今晚你的第一身份和第二身份互换（{rule}），持续至夜晚结束。当前身份：{seat.card.role}；"
            f"可用技能：{'、'.join(sorted(after)) or '无'}。",
        )


def night_ends(game: Context) -> None:
    """交换 lasts until the night ends: seats swapped for the night are put back."""
    for seat in game.st.seats:
        if seat.swapped:
            seat.swapped = False
            refresh(game, seat, "交换结束")


def card_out(game: Context, seat: Seat, card: Card, cause: str) -> None:
    """One card leaves the game: its statuses end (技能效果只影响当前身份), counters move."""
    st, rs = game.st, game.rs
    card.out = True
    card.out_phase = st.phase_key
    card.out_cause = cause
    if any(not c.out for c in seat.cards):
        game.remove_statuses(seat, lambda s: s.card == card.id)
    else:  # 状态持有者出局: a status that refreshes its giver's skill ends with its holder
        game.remove_statuses(seat, lambda s: bool(rs.statuses[s.name].refreshes))
    for other in st.seats:
        for kept in other.cards:
            counter = rs.roles[kept.role].counter
            if counter is None or counter.name not in kept.counters:
                continue
            for rule in counter.on_card_out:
                if card.role in rule.roles:
                    kept.counters[counter.name] += rule.add
                    game.log(
                        "counter",
                        f"{game.who(other.no)}的{counter.name}{rule.add:+d}（{card.role}出局），剩余{kept.counters[counter.name]}",
                        counter.name,
                    )


def start_counter(game: Context, seat: Seat, card: Card) -> None:
    counter = game.rs.roles[card.role].counter
    if counter is None or card.out or seat.card is not card or counter.name in card.counters:
        return
    card.counters[counter.name] = counter.start
    game.log("counter", f"{game.who(seat.no)}的{card.role}拥有{counter.start}条{counter.name}", counter.name)


# ---------------------------------------------------------------- teams by tag


def tag_of_team(game: Context, team: str) -> str | None:
    return next((t.name for t in game.rs.card_tags.values() if t.team == team), None)


def bears(game: Context, seat: Seat, team: str) -> bool:
    return any(game.rs.card_tags[t].team == team for t in tags(game, seat))


def leave_lost_teams(game: Context, seat: Seat, rule: str) -> None:
    """失去[群内]标签的角色立即移出狼群 (a seat out for good stays: 包括已出局角色)."""
    if not seat.alive:
        return
    for team in list(seat.teams):
        if tag_of_team(game, team) is None or bears(game, seat, team):
            continue
        seat.teams.remove(team)
        game.changed(seat.no)
        game.log("team", f"{game.who(seat.no)}失去[{tag_of_team(game, team)}]标签，移出{team}", rule)
        game.tell(seat.no, f"你已不再拥有[{tag_of_team(game, team)}]标签，移出{team}。")
        group = game.rs.teams[team]
        if group.chat:
            game.say(messages.team(team), f"{seat.name}已移出{team}。", "team")


def join_bearers(game: Context, team: str, rule: str) -> None:
    """当前拥有<杀人>技能的角色加入狼群: the living bearers of the team's tag not in it yet join —
    or, for a team with ``members``, the living seats meeting that condition (单身狼人…共群)."""
    st = game.st
    cond = game.rs.teams[team].members
    if cond is not None:
        fits = conditions.compiled(cond)
        joining = [s.no for s in st.seats if s.alive and team not in s.teams and fits(s, s.no, st)]
    else:
        joining = [s.no for s in st.seats if s.alive and team not in s.teams and bears(game, s, team)]
    if joining:
        game.form_team(team, joining, rule)


def relay(game: Context) -> None:
    """[接刀]: once every card tagged [群内] is out, the bearers of [接刀] learn who held it and take it."""
    st, rs = game.st, game.rs
    for tag in rs.card_tags.values():
        if not tag.relay_of:
            continue
        tagged = [(s, c) for s in st.seats for c in s.cards if tag.relay_of in rs.roles[c.role].tags]
        if not tagged or any(not c.out for _, c in tagged):
            continue
        holders = sorted({s.no for s, _ in tagged})
        for seat in st.seats:
            bearer = next((c for c in seat.cards if not c.out and _gives(game, seat, c, tag.name)), None)
            if not seat.alive or bearer is None or tag.relay_of in bearer.tags:
                continue
            bearer.tags.append(tag.relay_of)
            game.changed(seat.no)
            names = "、".join(texts.target_label(rs, st.seat(n)) for n in holders)
            taken = rs.card_tags[tag.relay_of]
            skills = "、".join(f"<{n}>" for n in taken.skills) or "无"
            joins = f"，将在夜晚开始时进入{taken.team}" if taken.team else ""
            game.tell(
                seat.no,
                f"所有拥有[{tag.relay_of}]标签的身份牌均已出局，你[{tag.name}]：曾拥有[{tag.relay_of}]标签的角色是{names}。"
                f"你获得技能{skills}{joins}。",
            )
            game.log("team", f"{game.who(seat.no)}[{tag.name}]，获得[{tag.relay_of}]", tag.name)


def _gives(game: Context, seat: Seat, card: Card, tag: str) -> bool:
    """Whether this card gives its seat the tag now (as the acting card, or even when not current)."""
    if card is acting_card(game, seat):
        return tag in game.rs.roles[card.role].tags or tag in card.tags
    return tag in hidden_tags(game, card)


# ---------------------------------------------------------------- ordering at the start


def order_prompt(game: Context, seat: Seat, until: str) -> str:
    """The setup's private prompt: the two cards, how to choose, and what silence means."""
    rs = game.rs
    skill = rs.cards.order_skill
    names = [c.role for c in seat.cards]
    default = boards.default_order(rs, tuple(c.dealt_as for c in seat.cards))
    first = next(c.role for c in seat.cards if c.dealt_as == default[0])
    second = next(c.role for c in seat.cards if c.dealt_as == default[1])
    rule = ""
    for role, camp in rs.cards.second:
        if role in names and (not camp or camp == seat.camp):
            rule = f"（{camp}持有{role}时，必须将{role}作为第二身份。）"
    return (
        f"【开局·{rs.cards.order_step}】你的身份牌：{'、'.join(names)}。请发送「{skill} 身份名」选择第一身份，"
        f"另一张为第二身份，游戏开始后不得更改。{rule}截止 {until}；若未回复，第一身份为{first}、第二身份为{second}。"
    )


def choose_first(game: Context, seat: Seat, role: str) -> str:
    """A player's choice of its first card (changeable until the step closes)."""
    rs = game.rs
    skill = rs.cards.order_skill
    names = [c.role for c in seat.cards]
    if role not in names:
        options = "」或「".join(f"{skill} {n}" for n in names)
        raise Refusal(f"你的身份牌是{'、'.join(names)}，没有「{role or '（空）'}」。请发送「{options}」。")
    why = boards.must_be_second(rs, tuple(c.role for c in seat.cards), role)
    if why:
        other = next(n for n in names if n != role)
        raise Refusal(f"{why}。请发送「{skill} {other}」。")
    if seat.cards[0].role != role:
        seat.cards.reverse()
        game.changed(seat.no)
    seat.skills[skill].used += 1
    game.log("order", f"{game.who(seat.no)}选择第一身份{role}", skill)
    return f"已记录：第一身份{seat.cards[0].role}，第二身份{seat.cards[1].role}。截止前可重新发送以更改。"


def settle_order(game: Context) -> None:
    """The choice closes: a silent seat keeps the default order (a card that must be second goes second)."""
    rs, st = game.rs, game.st
    game.changed()
    for seat in st.seats:
        chose = seat.skills.pop(rs.cards.order_skill, None)
        if len(seat.cards) < 2:
            continue
        order = boards.default_order(rs, tuple(c.role for c in seat.cards))
        if order[0] != seat.cards[0].role:
            seat.cards.reverse()
        if chose is not None and not chose.used:
            game.tell(
                seat.no, f"你未在截止前选择，按默认顺序：第一身份{seat.cards[0].role}，第二身份{seat.cards[1].role}。"
            )
        seat.current = seat.shown = 0
        game.log(
            "order", f"{game.who(seat.no)}：第一身份{seat.cards[0].role}，第二身份{seat.cards[1].role}", "身份顺序"
        )
        start_counter(game, seat, seat.card)
