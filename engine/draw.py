"""身份配置 drawn by a rule post's own rules (the ruleset's ``draw:`` section), and why a
hand-made board breaks them.

A draw goes in two stages, both from the game's seeded RNG:

1. **Counts.** Each pool's count is fixed (强神：10选4, or 有且仅有 one 验人系), drawn by its odds
   for the player count (165: 1–3 验人系), or free; a pool with ``appears`` is on the board with
   that chance, independently of the others (三方 60%, 不定 40%). The free counts are then one of
   the splits the size bounds allow (村民 ⌈0.5N⌉…round(0.6N)), every split equally likely.
   The stated probabilities therefore hold exactly: the second stage never redraws a count.
2. **Roles.** Given the counts, the board is uniform over the boards that keep every rule
   (有A必有B, inclusion or exclusion on a condition, conditional size bounds, the strength ratio).
   Pools are drawn K of N and a board breaking a rule is drawn again. A strength ratio
   (M216: 村民:狼人 ≈ 1.1–1.2 : 1) accepts few random boards, so the pools of its first camp
   are drawn by counting instead: the rest of the board is kept with a chance proportional to
   the number of ways the first camp can complete it, and the completion is then drawn among
   those ways — still uniform over the valid boards, at about 20 µs a board.

What only comes after the deal is not drawn here: the post's conversions (灯影预言家 and 警察 turning
villagers into more of themselves, 妖狐's servant, 证婚人) and draws from the undealt roles
(变脸者, 双重人格, 盗贼). They belong to a ``conversions`` list applied to the drawn board, which the
role work will add; the rules here judge the board as drawn, before any conversion.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from engine.boards import BadBoard
from engine.ruleset.drawrules import Condition, DrawRules, Pool, PoolRole

MAX_TRIES = 100_000

Counts = tuple[tuple[str, int], ...]  # pool → count, in the pools' order


def draw(rules: DrawRules, n: int, rng: random.Random) -> list[str]:
    """A board for ``n`` players that keeps every rule, in the pools' order."""
    low, high = rules.players
    if not low <= n <= high:
        raise BadBoard(f"本规则随机抽取的板子为{_span(rules)}人，现在有{n}人。")
    counts = draw_counts(rules, n, rng)
    plan = _plan(rules, counts)
    for _ in range(MAX_TRIES):
        board = plan.sample(rng)
        if board is not None:
            return board
    raise BadBoard(f"按规则抽取{MAX_TRIES}次仍抽不出{n}人的板子，请检查规则。")


def draw_counts(rules: DrawRules, n: int, rng: random.Random) -> Counts:
    """Each pool's count: fixed, by its odds, by its chance to appear, then a split of the rest."""
    exact = {e.pool: e.count for e in rules.exactly}
    fixed: dict[str, int] = {}
    for pool in rules.pools:
        if pool.name in exact:
            fixed[pool.name] = exact[pool.name]
        elif pool.count is not None:
            fixed[pool.name] = pool.count
        elif pool.odds:
            fixed[pool.name] = _weighted(_cumulative(pool, n), rng)
    shown = tuple(p.name for p in rules.pools if p.appears is not None and rng.random() < p.appears)
    for pool in rules.pools:
        if pool.appears is not None and pool.name not in shown:
            fixed[pool.name] = 0
    splits = _splits(rules, n, tuple(fixed.items()), shown)
    if not splits:
        raise BadBoard(f"{n}人局按规则分不出各类身份的数量（{rules.text}）。")
    return splits[rng.randrange(len(splits))]


def problem(rules: DrawRules, board: Sequence[str]) -> str | None:
    """Why this board breaks the post's rules (the post's own sentence, then the numbers), or None."""
    n = len(board)
    low, high = rules.players
    if not low <= n <= high:
        return f"{rules.text}（本规则的板子为{_span(rules)}人，这个板子有{n}人）"
    pool_of = _pool_of(rules)
    unknown = [r for r in board if r not in pool_of]
    if unknown:
        return f"{'、'.join(dict.fromkeys(unknown))}不是规则帖中本局可能存在的身份。"
    twice = [f"{r}×{k}" for r, k in Counter(board).items() if k > 1]
    if twice:
        return f"每个身份至多出现一次：{'、'.join(twice)}。"
    found = Counter(pool_of[r].name for r in board)
    counts = {p.name: found[p.name] for p in rules.pools}
    for exactly in rules.exactly:
        if counts[exactly.pool] != exactly.count:
            return f"{exactly.text}（现在有{counts[exactly.pool]}个{exactly.pool}）"
    for pool in rules.pools:
        k = counts[pool.name]
        if pool.count is not None and k != pool.count:
            return f"{pool.text}（现在有{k}个{pool.name}，应为{pool.count}个）"
        possible = [c for c, p in pool.chances(n) if p > 0]
        if pool.odds and k not in possible:
            return f"{pool.text}（{n}人局{pool.name}可能为{'、'.join(map(str, possible))}个，现在有{k}个）"
    return _broken(rules, n, set(board), counts) or _ratio_broken(rules, board)


def convert(rules: DrawRules, board: Sequence[str], rng: random.Random) -> list[str]:
    """该身份出现时…也会变为: each conversion whose role was drawn turns every card of its pools, then
    ``count`` cards more of its camp drawn at random, into that role. The board as drawn kept the
    post's counts; this is the board as dealt."""
    out = list(board)
    pools = _pool_of(rules)
    for conv in rules.converts:
        if conv.role not in out:
            continue
        out = [conv.role if r in pools and pools[r].name in conv.pools else r for r in out]
        others = [i for i, r in enumerate(out) if r != conv.role and r in pools and pools[r].camp == conv.camp]
        for i in sorted(rng.sample(others, min(conv.count, len(others)))):
            out[i] = conv.role
    return out


@cache
def _pool_of(rules: DrawRules) -> dict[str, Pool]:
    return {role.name: pool for pool in rules.pools for role in pool.roles}


def _span(rules: DrawRules) -> str:
    low, high = rules.players
    return str(low) if low == high else f"{low}–{high}"


@cache
def _cumulative(pool: Pool, n: int) -> tuple[tuple[float, int], ...]:
    """The pool's counts with a chance at ``n``, each with the chances up to it added."""
    out, total = [], Fraction(0)
    for count, p in pool.chances(n):
        if p > 0:
            total += p
            out.append((float(total), count))
    return tuple(out)


def _weighted(cumulative: tuple[tuple[float, int], ...], rng: random.Random) -> int:
    x = rng.random()
    return next((count for upto, count in cumulative if x < upto), cumulative[-1][1])


@cache
def _splits(rules: DrawRules, n: int, fixed: tuple[tuple[str, int], ...], shown: tuple[str, ...]) -> tuple[Counts, ...]:
    """Every assignment of the free pools' counts that the (unconditional) size bounds allow."""
    known = dict(fixed)
    free = [p for p in rules.pools if p.name not in known]
    bounds = [(b.pools, math.ceil(b.low(n)), math.floor(b.high(n))) for b in rules.sizes if b.when is None]
    out: list[Counts] = []

    def fits(counts: dict[str, int], complete: bool) -> bool:
        for pools, low, high in bounds:
            if all(p in counts for p in pools):
                if not low <= sum(counts[p] for p in pools) <= high:
                    return False
            elif sum(counts.get(p, 0) for p in pools) > high:
                return False
        return not complete or sum(counts.values()) == n

    def place(i: int, counts: dict[str, int]) -> None:
        if not fits(counts, i == len(free)):
            return
        if i == len(free):
            out.append(tuple((p.name, counts[p.name]) for p in rules.pools))
            return
        pool = free[i]
        left = n - sum(counts.values())
        least = 1 if pool.name in shown else 0
        most = min(len(pool.roles), left)
        for k in [left] if i == len(free) - 1 else range(least, most + 1):
            if least <= k <= len(pool.roles):
                place(i + 1, counts | {pool.name: k})

    if sum(known.values()) <= n and all(k <= len(rules.pool(p).roles) for p, k in known.items()):
        place(0, dict(known))
    return tuple(out)


def _holds(when: Condition, rules: DrawRules, present: set[str], counts: dict[str, int], itself: str = "") -> bool:
    """Whether a rule's condition holds on the board (the role the rule is about not counted)."""
    if when.roles:
        return any(r in present for r in when.roles)
    pool = rules.pool(when.pool)
    total = counts[pool.name]
    if not total:
        return False
    tagged = sum(1 for r in pool.roles if r.name != itself and r.name in present and when.tag in r.tags)
    share = Fraction(tagged, total)
    if when.at_most is not None:
        return share <= when.at_most
    return when.more_than is not None and share > when.more_than


def _broken(rules: DrawRules, n: int, present: set[str], counts: dict[str, int]) -> str | None:
    """The first size bound or requirement the board breaks, as the post says it."""
    for size in rules.sizes:
        if size.when is None or _holds(size.when, rules, present, counts):
            k = sum(counts[p] for p in size.pools)
            low, high = math.ceil(size.low(n)), math.floor(size.high(n))
            if not low <= k <= high:
                return f"{size.text}（{n}人局{'+'.join(size.pools)}应为{low}到{high}个，现在有{k}个）"
    for req in rules.requires:
        if req.when is None:
            if req.role in present and req.needs not in present:
                return f"{req.text}（板子上有{req.role}，没有{req.needs}）"
        elif _holds(req.when, rules, present, counts, req.role):
            if req.forbidden and req.role in present:
                return f"{req.text}（这个板子不能有{req.role}）"
            if not req.forbidden and req.role not in present:
                return f"{req.text}（这个板子必须有{req.role}）"
    return None


def _ratio_broken(rules: DrawRules, board: Sequence[str]) -> str | None:
    ratio = rules.strength
    if ratio is None:
        return None
    first, second = (camp_strength(rules, board, camp) for camp in ratio.camps)
    if second and ratio.low * second <= first <= ratio.high * second:
        return None
    shown = f"{first / second:.3f}" if second else "∞"
    return (
        f"{ratio.text}（{ratio.camps[0]}强度值总和为{first}，{ratio.camps[1]}为{second}，"
        f"比例为{shown}：1，应在{float(ratio.low):g}到{float(ratio.high):g}之间）"
    )


def camp_strength(rules: DrawRules, board: Sequence[str], camp: str) -> int:
    """强度值总和 of the board's roles of that camp."""
    chosen = set(board)
    return sum(r.strength for p in rules.pools if p.camp == camp for r in p.roles if r.name in chosen)


def relevant(rules: DrawRules) -> frozenset[str]:
    """The roles a rule (other than the strength ratio) names or counts."""
    names: set[str] = set()
    conditions = [r.when for r in rules.requires] + [s.when for s in rules.sizes]
    for req in rules.requires:
        names |= {req.role, req.needs}
    for when in conditions:
        if when is not None:
            names |= set(when.roles)
            if when.pool:
                names |= {r.name for r in rules.pool(when.pool).roles if when.tag in r.tags}
    return frozenset(names - {""})


# ---------------------------------------------------------------- the role stage

Entry = tuple[frozenset[str], int]  # the relevant roles drawn, and the strength sum


@cache
def _plan(rules: DrawRules, counts: Counts) -> _Plan:
    pools = [(rules.pool(p), k) for p, k in counts]
    if rules.strength is None:
        return _Plan(rules, pools)
    return _Plan(rules, pools, _Counted.of(rules, pools, sum(k for _, k in counts)))


@dataclass
class _Plan:
    """How boards with these counts are drawn: every pool K of N (a board breaking a rule is
    drawn again), or, with a strength ratio, by counting the boards that keep every rule."""

    rules: DrawRules
    pools: list[tuple[Pool, int]]
    counted: _Counted | None = None

    def __post_init__(self) -> None:
        self.counts = {p.name: k for p, k in self.pools}
        self.n = sum(self.counts.values())

    def sample(self, rng: random.Random) -> list[str] | None:
        """One board, or None when this try is rejected."""
        if self.counted is None:
            drawn = {r.name for p, k in self.pools for r in rng.sample(p.roles, k)}
            if _broken(self.rules, self.n, drawn, self.counts):
                return None
        else:
            drawn = {r.name for r in self.counted.sample(rng)}
        return [r.name for p, _ in self.pools for r in p.roles if r.name in drawn]


@dataclass
class _Camp:
    """One camp's pools, counted by (relevant roles drawn, strength sum)."""

    pools: list[tuple[Pool, int, list[PoolRole], list[dict[tuple[int, int], int]]]]
    splits: dict[Entry, list[tuple[int, tuple[tuple[tuple[PoolRole, ...], int], ...]]]]

    @classmethod
    def of(cls, pools: list[tuple[Pool, int]], named: frozenset[str], weighed: bool) -> _Camp:
        parts = []
        per_pool = []
        for pool, k in pools:
            rel = [r for r in pool.roles if r.name in named]
            irr = [r if weighed else PoolRole(r.name) for r in pool.roles if r.name not in named]
            suffix = _suffix(irr, k)
            buckets = []
            for size in range(min(k, len(rel)) + 1):
                for chosen in itertools.combinations(rel, size):
                    base = sum(r.strength for r in chosen) if weighed else 0
                    buckets += [((chosen, t), base + t, w) for (j, t), w in suffix[0].items() if j == k - size]
            parts.append((pool, k, irr, suffix))
            per_pool.append(buckets)
        splits: dict[Entry, list[tuple[int, tuple[tuple[tuple[PoolRole, ...], int], ...]]]] = {}
        for combo in itertools.product(*per_pool):
            entry = (frozenset(r.name for (chosen, _), _, _ in combo for r in chosen), sum(a for _, a, _ in combo))
            splits.setdefault(entry, []).append((math.prod(w for _, _, w in combo), tuple(p for p, _, _ in combo)))
        return cls(parts, splits)

    def weight(self, entry: Entry) -> int:
        return sum(w for w, _ in self.splits[entry])

    def sample(self, entry: Entry, rng: random.Random) -> list[PoolRole]:
        """The camp's roles, uniform among the ways with these relevant roles and sum."""
        options = self.splits[entry]
        cumulative = list(itertools.accumulate(w for w, _ in options))
        parts = options[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))][1]
        out: list[PoolRole] = []
        for (_, k, irr, suffix), (chosen, t) in zip(self.pools, parts, strict=True):
            out += [*chosen, *_subset(irr, suffix, k - len(chosen), t, rng)]
        return out


@dataclass
class _Counted:
    """Every board with these counts that keeps every rule, counted camp by camp: a draw picks
    one camp entry each (weighted by how many boards it stands for), then the roles within."""

    camps: list[_Camp]
    entries: list[tuple[Entry, ...]]
    cumulative: list[int]

    @classmethod
    def of(cls, rules: DrawRules, pools: list[tuple[Pool, int]], n: int) -> _Counted:
        ratio = rules.strength
        assert ratio is not None
        named = relevant(rules)
        order = list(dict.fromkeys(p.camp for p, _ in pools))
        camps = [_Camp.of([(p, k) for p, k in pools if p.camp == c], named, c in ratio.camps) for c in order]
        counts = {p.name: k for p, k in pools}
        first, second = order.index(ratio.camps[0]), order.index(ratio.camps[1])
        entries, cumulative, total = [], [], 0
        for combo in itertools.product(*(list(c.splits) for c in camps)):
            a, b = combo[first][1], combo[second][1]
            if not (b and ratio.low * b <= a <= ratio.high * b):
                continue
            present = set().union(*(names for names, _ in combo))
            if _broken(rules, n, present, counts) is None:
                total += math.prod(c.weight(e) for c, e in zip(camps, combo, strict=True))
                entries.append(combo)
                cumulative.append(total)
        return cls(camps, entries, cumulative)

    def sample(self, rng: random.Random) -> list[PoolRole]:
        if not self.entries:
            raise BadBoard("按规则没有符合强度比例与全部条件的板子。")
        combo = self.entries[bisect.bisect_right(self.cumulative, rng.randrange(self.cumulative[-1]))]
        return [r for camp, entry in zip(self.camps, combo, strict=True) for r in camp.sample(entry, rng)]


def _suffix(roles: list[PoolRole], k: int) -> list[dict[tuple[int, int], int]]:
    """For each i: how many j-subsets (j ≤ k) of roles[i:] have strength sum t."""
    table: list[dict[tuple[int, int], int]] = [{(0, 0): 1}]
    for role in reversed(roles):
        after = table[0]
        here = dict(after)
        for (j, t), w in after.items():
            if j < k:
                here[(j + 1, t + role.strength)] = here.get((j + 1, t + role.strength), 0) + w
        table.insert(0, here)
    return table


def _subset(
    roles: list[PoolRole], suffix: list[dict[tuple[int, int], int]], j: int, t: int, rng: random.Random
) -> list[PoolRole]:
    """A uniform j-subset of roles with strength sum t."""
    out = []
    for i, role in enumerate(roles):
        if j == 0:
            break
        with_it = suffix[i + 1].get((j - 1, t - role.strength), 0)
        if rng.randrange(suffix[i][(j, t)]) < with_it:
            out.append(role)
            j, t = j - 1, t - role.strength
    return out
