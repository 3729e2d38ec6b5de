"""Selectors and conditions: which seats a rule speaks of, and whether a rule holds.

A condition is a mapping; every key must hold for the seat (see vocabulary.CONDITION_KEYS):

    camp: 狼人阵营 | [..]     actual camp (实际阵营) is one of these, or of their class (三方阵营)
    surface_camp: 狼人阵营    the current card's camp (表面阵营)
    card_camp: 狼人阵营       holds a card in play of this camp
    role: 村民 | [..]         the current card is one of these roles
    hand: 金宝宝              was dealt that named hand
    status: 被吹笛 | [..]     holds one of these statuses
    team: 情侣               is a member of that team
    joined: 狼群             has been a member of that team at some time (已入群)
    alive: true|false       (skill ranges and victory tests assume alive: true)
    self: true|false        is (not) the seat acting
    cards_in_play: 2        this many of its cards are not out
    voted_by_actor: true    the acting seat voted for it today, holding the same current card
    night: 1 | [1, 2]       the game is at night 1 (or one of these)   (about the game, not the seat)
    dealt: 骑士              a 骑士 card was dealt this game    (about the game, not the seat)
    option: {name: value}   the game's options have these values  (about the game)
    any_seat: {...}         some seat, in play or out, meets it   (about the game)
    seats: {at_least: 3, of: {...}}   that many seats, in play or out, meet it   (about the game)
    phase: day              the game is in this phase            (about the game)
    holds: 杀人              holds that skill, not lost, uses left
    mate: {...}             another seat sharing one of its teams meets it
    counter: {空救: {at_least: 2}}   the seat's own counters
    attacked: 指杀           was the target of such an attack tonight
    attacked_actor: 指杀     made (itself or its team) such an attack on the acting seat tonight
    runner_up: true         among the others with the most votes, the acting seat aside (王权)
    voted_actor: [first, last]   cast the first / last valid vote for the acting seat (共亡)
    exiled_today: true      was voted out today
    out_today: true         went out in today's day or dusk (重定时间)
    last_words_spent_today: true   today's 开门 announced 遗言已耗尽   (about the game)
    vote_agrees: 姐妹        voted, not 弃权, as every living member of that team did (默契)
    tag: 接刀                bears that card tag now (kept by engine/knife.py)
    tag_today: 群内          its current card gained that card tag during play this game day (获取[群内]标签的当晚)
    pool: 弱神               its current card was dealt from that draw pool (`become` keeps it)
    read_tonight: {skill, pool | role | camp}   the acting seat's check read it so tonight (耀光)
    first_toucher: {by, order}   used the first, by ``order``, of tonight's skills that reached the acting seat (邪恶)
    first_attacker: {on, kinds}   made tonight's first attack of these kinds on a seat meeting ``on`` (反弹)
    chosen_tonight: 悬赏     the acting seat named it in this phase with that skill (和自己当晚[悬赏]不重复)
    revealed: true|false    its current card is (not) public by [翻牌] (未翻牌)
    not: {...}  any: [...]  all: [...]

Victory tests look at living seats: ``none: sel``, ``every: sel, have: cond``,
``at_least_half: sel``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

from engine import formula, phases
from engine.phases import Phase, game_day
from engine.state import GameState, Seat


def _one_of(value: Any) -> frozenset[str]:
    return frozenset(value) if isinstance(value, list) else frozenset((value,))


Test = Callable[[Seat, int, GameState], bool]
_compiled: dict[int, tuple[dict[str, Any], Test]] = {}


def _camp(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return s.camp in values or st.camp_classes.get(s.camp, "") in values


def _surface_camp(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return s.cards[s.current].camp in values


def _card_camp(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(c.camp in values and not c.out for c in s.cards)


def _role(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return s.cards[s.current].role in values


def _hand(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(h in values for h in s.hands)


def _status(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(x.name in values for x in s.statuses)


def _given_by_actor(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    """Holds one of these statuses, given by the acting seat (暴利: 当前交易对象)."""
    return any(x.name in values and x.source == a for x in s.statuses)


def _gave_actor(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    """Gave the acting seat one of these statuses (交易: the 富商 whose offer it answers)."""
    return a > 0 and any(x.name in values and x.source == s.no for x in st.seat(a).statuses)


def _team(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(t in values for t in s.teams)


def _joined(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(t in values for t in s.joined)


def _dealt(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(c.dealt_as in values or c.role in values for seat in st.seats for c in seat.cards)


def _alive(value: bool, s: Seat, a: int, st: GameState) -> bool:
    return s.alive is value


def _self(value: bool, s: Seat, a: int, st: GameState) -> bool:
    return (s.no == a) is value


def _host_of_actor(value: bool, s: Seat, a: int, st: GameState) -> bool:
    """The seat the acting seat follows (附身, 认亲: its host)."""
    return (a > 0 and st.seat(a).host == s.no) is value


def _farthest(value: bool, s: Seat, a: int, st: GameState) -> bool:
    """跨越千里: one of the seats farthest from the acting seat in the 电梯楼 (首尾相邻, every seat counted)."""
    n, gap = len(st.seats), abs(s.no - a)
    return (a > 0 and min(gap, n - gap) == n // 2) is value


def _out_today(value: bool, s: Seat, a: int, st: GameState) -> bool:
    """Went out in this game day's 正午 or 黄昏 (当天若有角色在[正午]或[黄昏]出局)."""
    went = not s.alive and s.out_phase in {f"{p}:{st.day}" for p in (Phase.ELECTION, Phase.DAY, Phase.DUSK)}
    return went is value


def _last_words_spent_today(value: bool, s: Seat, a: int, st: GameState) -> bool:
    """若当天开门时公布遗言已耗尽: this game day's 开门 announced it."""
    return (st.last_words_spent_day > 0 and st.last_words_spent_day == st.day) is value


def _voted_by_actor(value: bool, s: Seat, a: int, st: GameState) -> bool:
    """潜行: the seat the actor voted for in the last day's vote, while holding its current card."""
    vote = st.last_votes.get(a)
    if vote is None or not a:
        return not value
    actor = st.seat(a)
    return (vote == (s.no, actor.cards[actor.current].id)) is value


def _actor_camp(value: bool, s: Seat, a: int, st: GameState) -> bool:
    return bool(a) and (s.camp == st.seat(a).camp) == value


def _in_roster(value: bool, s: Seat, a: int, st: GameState) -> bool:
    return bool(a) and (s.no in st.seat(a).roster) == value


def _preliminary_out(value: bool, s: Seat, _a: int, st: GameState) -> bool:
    return (s.no in st.preliminary_outs) == value


def _cards_in_play(value: int, s: Seat, a: int, st: GameState) -> bool:
    # a card out tonight counts until 开门 tells of it (through the 竞选日 before it too): a 选择范围 must
    # not show what nobody may know yet
    # (the night's last round's: an earlier round's outs were told as it ended, engine/night_rounds.py)
    last_round = f".{st.night_round + 1}" if st.night_round else ""
    tonight = f"{Phase.NIGHT}:{st.day}{last_round}" if phases.PHASES[st.phase].before_news else ""
    return sum(1 for c in s.cards if not c.out or c.out_phase == tonight) == value


def _night(values: frozenset[int], s: Seat, a: int, st: GameState) -> bool:
    return st.phase == Phase.NIGHT and st.day in values


def _game_day(values: frozenset[int], s: Seat, a: int, st: GameState) -> bool:
    return st.day in values


def _phase(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return (phases.kind(st.phase) or st.phase) in values


def _holds(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    states = {**s.cards[s.current].skills, **s.borrowed}
    return any(
        (state := states.get(name)) is not None and not state.lost and (state.uses is None or state.uses > 0)
        for name in values
    )


def _pool(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return s.cards[s.current].pool in values


def _tag(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(s.no in st.tag_bearers.get(tag, ()) for tag in values)


def _tag_today(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(s.card.tag_days.get(tag) == st.day for tag in values if tag in s.card.tags)


def _uses(bounds: dict[str, Any], s: Seat, a: int, st: GameState) -> bool:
    states = {**s.cards[s.current].skills, **s.borrowed}
    counts: dict[str, int] = {}
    for name in bounds:
        uses = states[name].uses if name in states else None
        if uses is not None:
            counts[name] = uses
    return counter_holds(bounds, counts)


def _status_count(bounds: dict[str, Any], s: Seat, a: int, st: GameState) -> bool:
    return counter_holds(bounds, {name: sum(1 for i in s.statuses if i.name == name) for name in bounds})


def _out_by(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return s.cards[s.current].out_kind in values


def _out_cause(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    """蛊惑师: 使用[蛊惑]击杀 — the seat is out, and by one of these causes."""
    return not s.alive and s.out_cause in values


def _out_by_own_camp(value: bool, s: Seat, a: int, st: GameState) -> bool:
    """薪火相传: the source of its current card's out had its own 实际阵营 (no source: it had not)."""
    camp = s.cards[s.current].out_source_camp
    return (bool(camp) and camp == s.camp) is value


def _counted_skill(value: bool, s: Seat, a: int, st: GameState) -> bool:
    states = {**s.cards[s.current].skills, **s.borrowed}
    return any(state.uses is not None and not state.lost for state in states.values()) is value


def _attacked(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(x.target == s.no and x.kind in values for x in st.attacks)


def _attacked_actor(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    return any(
        x.target == a and x.kind in values and (x.source == s.no or (x.team and x.team in s.teams)) for x in st.attacks
    )


def _first_attacker(test: dict[str, Any], s: Seat, a: int, st: GameState) -> bool:
    on, kinds = compiled(test.get("on")), _one_of(test.get("kinds", []))
    first = next((x for x in st.attacks if x.kind in kinds and on(st.seat(x.target), a, st)), None)
    return first is not None and first.source == s.no


def _first_toucher(test: dict[str, Any], s: Seat, a: int, st: GameState) -> bool:
    """The user of the first of tonight's skills that reached the acting seat, among users meeting
    ``by``: first by ``order`` (damage: one that deals damage; else a draw pool), then by use."""
    by, order = compiled(test.get("by")), list(test.get("order", []))

    def rank(touch: tuple[int, int, bool, str]) -> int:
        _, _, damages, pool = touch
        return next((i for i, word in enumerate(order) if (word == "damage" and damages) or word == pool), len(order))

    mine = [t for t in st.touches if t[0] == a and by(st.seat(t[1]), a, st)]
    return bool(mine) and min(mine, key=rank)[1] == s.no


def _chosen_tonight(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    """和自己当晚[悬赏]不重复: the acting seat named it in this phase with one of these skills, waiting or used."""
    if not a:
        return False
    if any(x.seat == a and x.skill in values and s.no in x.targets for x in st.acts):
        return True
    states = [c.skills.get(name) for c in st.seat(a).cards for name in values]
    return any(x is not None and x.used_on == st.phase_key and s.no in x.last_targets for x in states)


def _vote_agrees(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    votes = dict(st.last_tally)
    mine = votes.get(s.no)
    if mine is None:
        return False
    mates = [o for o in st.seats if o.alive and o.no != s.no and any(t in values for t in o.teams)]
    return all(votes.get(o.no) == mine for o in mates)


def _option(values: dict[str, Any], s: Seat, a: int, st: GameState) -> bool:
    return all(st.options.get(k) == v for k, v in values.items())


def _counter(bounds: dict[str, Any], s: Seat, a: int, st: GameState) -> bool:
    return counter_holds(bounds, {name: s.counters.get(name, 0) for name in bounds})


def _runner_up(value: bool, s: Seat, a: int, st: GameState) -> bool:
    others = {no: n for no, n in st.last_counts.items() if no != a}
    top = max(others.values(), default=0)
    return (top > 0 and others.get(s.no) == top) is value


def _voted_actor(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    voters = [voter for voter, target in st.last_tally if target == a]
    if "any" in values:
        return s.no in voters
    return bool(voters) and (("first" in values and voters[0] == s.no) or ("last" in values and voters[-1] == s.no))


def _chose_actor(value: bool, s: Seat, a: int, st: GameState) -> bool:
    """Named the acting seat as a 选择目标 of a [指定] skill since the night opened."""
    return any(seat == s.no and a in chosen for _, seat, chosen in st.chosen) is value


def _exiled_today(value: bool, s: Seat, a: int, st: GameState) -> bool:
    return (s.no in st.exiled_today) is value


def _moon_event(values: frozenset[str], s: Seat, a: int, st: GameState) -> bool:
    """新月扩展: one of these 新月事件 is in effect."""
    return any(event in values for event in st.moon_now)


def _even_day(value: bool, s: Seat, a: int, st: GameState) -> bool:
    """偶数日: the game day (its night included) is even."""
    return (st.day % 2 == 0) is value


def _read_tonight(want: dict[str, Any], s: Seat, a: int, st: GameState) -> bool:
    """The acting seat's check ``skill`` read this seat tonight as ``pool`` / ``role`` / ``camp`` (耀光: 照耀
    反馈为[狼人系身份]); ``st.readings`` rows are (user, skill, target, role, pool, camp)."""
    wanted = [(i, _one_of(want[k])) for i, k in ((3, "role"), (4, "pool"), (5, "camp")) if k in want]
    return any(
        r[0] == a and r[1] == want.get("skill") and r[2] == s.no and all(r[i] in v for i, v in wanted)
        for r in st.readings
    )


def _revealed(value: bool, s: Seat, a: int, st: GameState) -> bool:
    """[翻牌]: its current card has been made public (未翻牌: false)."""
    return s.cards[s.current].revealed is value


def _mate(inner: Test, s: Seat, a: int, st: GameState) -> bool:
    return any(o.no != s.no and set(o.teams) & set(s.teams) and inner(o, a, st) for o in st.seats)


def _any_seat(inner: Test, s: Seat, a: int, st: GameState) -> bool:
    return any(inner(o, a, st) for o in st.seats)


def _seats(test: dict[str, Any], s: Seat, a: int, st: GameState) -> bool:
    inner = compiled(test.get("of"))
    return sum(1 for o in st.seats if inner(o, a, st)) >= int(test.get("at_least", 1))


def _not(inner: Test, s: Seat, a: int, st: GameState) -> bool:
    return not inner(s, a, st)


def _any(inners: tuple[Test, ...], s: Seat, a: int, st: GameState) -> bool:
    return any(f(s, a, st) for f in inners)


def _all(inners: tuple[Test, ...], s: Seat, a: int, st: GameState) -> bool:
    return all(f(s, a, st) for f in inners)


_SETS = {
    "camp": _camp,
    "surface_camp": _surface_camp,
    "card_camp": _card_camp,
    "role": _role,
    "hand": _hand,
    "status": _status,
    "given_by_actor": _given_by_actor,
    "gave_actor": _gave_actor,
    "team": _team,
    "joined": _joined,
    "dealt": _dealt,
    "phase": _phase,
    "holds": _holds,
    "attacked": _attacked,
    "attacked_actor": _attacked_actor,
    "chosen_tonight": _chosen_tonight,
    "vote_agrees": _vote_agrees,
    "voted_actor": _voted_actor,
    "tag": _tag,
    "tag_today": _tag_today,
    "pool": _pool,
    "out_by": _out_by,
    "out_cause": _out_cause,
    "moon_event": _moon_event,
}
_FLAGS = {
    "alive": _alive,
    "self": _self,
    "host_of_actor": _host_of_actor,
    "farthest": _farthest,
    "out_today": _out_today,
    "last_words_spent_today": _last_words_spent_today,
    "voted_by_actor": _voted_by_actor,
    "runner_up": _runner_up,
    "exiled_today": _exiled_today,
    "even_day": _even_day,
    "chose_actor": _chose_actor,
    "revealed": _revealed,
    "counted_skill": _counted_skill,
    "actor_camp": _actor_camp,
    "out_by_own_camp": _out_by_own_camp,
    "in_roster": _in_roster,
    "preliminary_out": _preliminary_out,
}
_NUMBERS = {"cards_in_play": _cards_in_play}
_MAPPINGS = {
    "option": _option,
    "counter": _counter,
    "read_tonight": _read_tonight,
    "uses": _uses,
    "status_count": _status_count,
    "first_attacker": _first_attacker,
    "first_toucher": _first_toucher,
    "seats": _seats,
}
_NESTED = {"mate": _mate, "any_seat": _any_seat}


def _compile(cond: dict[str, Any]) -> Test:
    """Turn a condition mapping into one function of (seat, actor, state)."""
    tests: list[Test] = []
    for key, value in cond.items():
        if key in _SETS:
            tests.append(partial(_SETS[key], _one_of(value)))
        elif key in _FLAGS:
            tests.append(partial(_FLAGS[key], bool(value)))
        elif key in _NUMBERS:
            tests.append(partial(_NUMBERS[key], int(value)))
        elif key in {"night", "game_day"}:
            test = _night if key == "night" else _game_day
            tests.append(partial(test, frozenset(value if isinstance(value, list) else [value])))
        elif key in _MAPPINGS:
            tests.append(partial(_MAPPINGS[key], dict(value)))
        elif key in _NESTED:
            tests.append(partial(_NESTED[key], compiled(value)))
        elif key == "not":
            tests.append(partial(_not, compiled(value)))
        elif key in {"any", "all"}:
            tests.append(partial(_any if key == "any" else _all, tuple(compiled(c) for c in value)))
        else:  # unknown keys are refused when the ruleset loads
            raise KeyError(key)
    return tests[0] if len(tests) == 1 else partial(_all, tuple(tests))


def compiled(cond: dict[str, Any] | None) -> Test:
    """The compiled form of a condition, made once per condition object."""
    if not cond:
        return lambda s, a, st: True
    entry = _compiled.get(id(cond))
    if entry is None or entry[0] is not cond:
        entry = (cond, _compile(cond))
        _compiled[id(cond)] = entry
    return entry[1]


ACTOR_KEYS = {
    "self",
    "chosen_tonight",
    "voted_by_actor",
    "attacked_actor",
    "runner_up",
    "voted_actor",
    "read_tonight",
    "actor_camp",
    "in_roster",
    "chose_actor",
    "first_attacker",
    "first_toucher",
    "given_by_actor",
    "gave_actor",
}  # keys that read who acts


def uses_actor(cond: dict[str, Any] | str | None) -> bool:
    """Whether a condition's answer depends on the acting seat (else one answer serves all)."""
    if not isinstance(cond, dict):
        return False
    for key, value in cond.items():
        if key in ACTOR_KEYS:
            return True
        if key in {"not", "mate", "any_seat"} and uses_actor(value):
            return True
        if key == "seats" and uses_actor(value.get("of")):
            return True
        if key in {"any", "all"} and any(uses_actor(c) for c in value):
            return True
    return False


def holds(cond: dict[str, Any] | None, seat: Seat, actor: int, st: GameState) -> bool:
    """Whether the seat meets every key of the condition."""
    return compiled(cond)(seat, actor, st)


def select(state: GameState, cond: dict[str, Any] | None, actor: int = 0, alive_only: bool = False) -> list[Seat]:
    test = compiled(cond)
    return [s for s in state.seats if (s.alive or not alive_only) and test(s, actor, state)]


def victory_test(test: dict[str, Any], alive: list[Seat], st: GameState) -> bool:
    """Evaluate one 胜/负 condition over the living seats;
    ``out_at_least`` counts seats out, ``living`` the living, ``red_cards`` 判罚, ``all`` joins tests;
    ``camps_left`` is judged by engine/victory.py."""
    if "some" in test:
        f = compiled(test["some"])
        return any(f(s, 0, st) for s in alive)
    if "all" in test:
        return all(victory_test(part, alive, st) for part in test["all"])
    if "living" in test:
        return len(alive) == int(test["living"])
    if "red_cards" in test:
        f = compiled(test.get("of"))
        return sum(s.penalties["红"] for s in st.seats if f(s, 0, st)) >= int(test["red_cards"])
    if "quiet_days" in test:
        return _quiet_days(int(test["quiet_days"]), compiled(test.get("of")), st)
    if "out_at_least" in test:
        f = compiled(test.get("of"))
        return sum(1 for s in st.seats if not s.alive and f(s, 0, st)) >= _of_players(
            test["out_at_least"], len(st.seats)
        )
    if "none" in test:
        f = compiled(test["none"])
        return not any(f(s, 0, st) for s in alive)
    if "every" in test:
        which, have = compiled(test["every"]), compiled(test.get("have"))
        return all(have(s, 0, st) for s in alive if which(s, 0, st))
    if "at_least_half" in test:
        f = compiled(test["at_least_half"])
        matching = sum(f(s, 0, st) for s in alive)
        return matching * 2 >= len(alive) and len(alive) > 0
    raise KeyError(next(iter(test)))


# A game day's parts in order; the day and its 黄昏 are one (the vote's out is 黄昏（1）'s).
_DAY_ORDER = {Phase.ELECTION: 1, Phase.DAY: 1, Phase.DUSK: 1, Phase.NIGHT: 2, Phase.DAWN: 3}


def _quiet_days(days: int, of: Test, st: GameState) -> bool:
    """No seat meeting ``of`` went out for ``days`` game days: the part of the game day of the last
    such out (else the first day's start) has come round that many days later and closed
    (如有狼人在黄昏出局，那么从此刻开始到下2个黄昏结束这段时间内没有狼出局)."""
    last = (1, -1)
    for s in st.seats:
        if not s.alive and s.out_phase and of(s, 0, st):
            phase = s.out_phase.partition(":")[0]
            last = max(last, (game_day(s.out_phase) or 0, _DAY_ORDER.get(Phase(phase), 0)))
    return (st.day, _DAY_ORDER.get(st.phase, -1)) > (last[0] + days, last[1])


@functools.cache
def _of_players(text: str | int, players: int) -> Fraction:
    """A count given as a number or a formula of the player count N (开局狼人最低人数: round(N * 0.3))."""
    return formula.parse(text)(players)


def game_holds(cond: dict[str, Any] | None, st: GameState) -> bool:
    """A condition on the game (option, dealt, any_seat, phase, night), whatever the seat."""
    return not cond or compiled(cond)(st.seats[0], 0, st)


def counter_holds(test: dict[str, Any], counters: dict[str, int]) -> bool:
    """``if_counter``: every named counter has started and is within its bounds."""
    for name, bounds in test.items():
        if name not in counters:
            return False
        value = counters[name]
        if "at_most" in bounds and value > bounds["at_most"]:
            return False
        if "at_least" in bounds and value < bounds["at_least"]:
            return False
    return True
