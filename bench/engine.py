"""Engine speed: a full night of a 40-seat 秘密数字杀 game, and random full games per second.

    python bench/engine.py [--nights 300] [--seconds 10]

Prints the median and p99 time to resolve a night in which every seat that may act
does (all steps, resolution, deaths, up to 开门), and how many complete random
games (12 and 40 seats) one core plays per second. Then, for every ruleset whose board is
drawn by its post's rules (M216, 165), random full games on drawn boards — or, while some of its
roles are not written yet (165), on 导演 boards of the written ones: games per second and the
median and p99 CPU time of one night (from its opening to the next 开门) under random play. All count the CPU time of this process, not wall time: on a shared machine the wall clock also
counts other tenants.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# run as a script, bench/ would come first on the path and this file would shadow the engine package
sys.path[0] = str(Path(__file__).resolve().parents[1])

from engine import acting, labels, legal  # noqa: E402
from engine import commands as c  # noqa: E402
from engine.autoplay import play  # noqa: E402
from engine.game import Game, check_start  # noqa: E402
from engine.phases import Phase  # noqa: E402
from engine.ruleset.loader import installed_rulesets, load_ruleset  # noqa: E402
from engine.ruleset.model import Ruleset  # noqa: E402
from tests.engine.builders import T0  # noqa: E402
from tests.engine.written_boards import board as written_board  # noqa: E402
from tests.engine.written_boards import written  # noqa: E402

GODS = ("预言家", "女巫", "守卫", "长老", "丘比特", "猎人", "白痴", "吹笛者")


def board(seats: int) -> tuple[str, ...]:
    wolves = seats * 3 // 10
    return ("狼人",) * wolves + GODS + ("村民",) * (seats - wolves - len(GODS))


def start(rs: Ruleset, seats: int, seed: int) -> Game:
    names = tuple(f"角色{i}" for i in range(1, seats + 1))
    return Game.start(rs, c.Start(at=T0, seed=seed, names=names, board=board(seats)))


def at_night(rs: Ruleset, seed: int) -> Game:
    """A 40-seat game standing at the opening of night 1."""
    game = start(rs, 40, seed)
    while not (game.st.phase == "night" and game.st.deadline is not None):
        deadline = game.next_deadline()
        assert deadline is not None
        game.tick(deadline)
    return game


def full_night(game: Game, rng: random.Random) -> None:
    """Every seat that may act does, step after step, until the next day opens."""
    night = game.st.day
    while game.st.phase == "night" and game.st.day == night:
        st = game.st
        now = st.clock.real(st.now)
        if st.prompt is not None:
            seat = st.seat(st.prompt.seat)
            options = (
                labels.successors(game, seat.no)
                if st.prompt.kind == "sheriff"
                else legal.legal_targets(game, seat, game.rs.roles[seat.role].skills[st.prompt.skill])
            )
            game.apply(c.Act(at=now, seat=seat.no, skill=st.prompt.skill, targets=(rng.choice(options).no,)))
            continue
        acted = False
        for seat in st.seats:
            for skill in acting.pending(game, seat):
                options = legal.legal_targets(game, seat, skill)
                targets = tuple(s.no for s in rng.sample(options, min(len(options), skill.targets[0])))
                game.apply(c.Act(at=now, seat=seat.no, skill=skill.name, targets=targets))
                acted = True
        if not acted and game.st.phase == "night":
            deadline = game.next_deadline()
            assert deadline is not None
            game.tick(deadline)


def bench_nights(rs: Ruleset, count: int) -> list[float]:
    base = at_night(rs, seed=1)
    times = []
    for i in range(count):
        game = copy.deepcopy(base)
        rng = random.Random(i)
        began = time.thread_time()
        full_night(game, rng)
        times.append(time.thread_time() - began)
    return times


def bench_games(rs: Ruleset, seats: int, seconds: float) -> tuple[int, float]:
    """Complete random games for ``seconds`` of CPU time (one core: the process's own time)."""
    games, began, seed = 0, time.process_time(), 0
    while time.process_time() - began < seconds:
        game = start(rs, seats, seed)
        for _ in play(game, random.Random(seed)):
            pass
        games += 1
        seed += 1
    return games, time.process_time() - began


def drawn_deal(rs: Ruleset, seed: int) -> c.Start | None:
    """A board drawn by the ruleset's own rules at the fewest players the seed's draw allows."""
    assert rs.draw is not None
    least, most = rs.draw.players
    for n in range(least, most + 1):
        deal = c.Start(at=T0, seed=seed, names=tuple(f"角色{i}" for i in range(1, n + 1)), draw=True)
        if check_start(rs, deal) is None:
            return deal
    return None


def own_deal(rs: Ruleset, seed: int) -> c.Start:
    """A 导演's own board (自定板子, 15–25 seats) of the ruleset's written roles only."""
    roles = written_board(written(rs), seed)
    names = tuple(f"角色{i}" for i in range(1, len(roles) + 1))
    return c.Start(at=T0, seed=seed, names=names, board=roles, options=(("自定板子", True),))


def bench_boards(
    rs: Ruleset, seconds: float, deal_of: Callable[[Ruleset, int], c.Start | None]
) -> tuple[int, float, list[float]]:
    """Random full games on the boards ``deal_of`` gives: games played, CPU seconds, and each night's
    CPU time."""
    games, nights, began, seed = 0, [], time.process_time(), 0
    while time.process_time() - began < seconds:
        seed += 1
        deal = deal_of(rs, seed)
        if deal is None:
            continue  # no board of any size can be drawn from this seed
        game = Game.start(rs, deal)
        night_began = None
        for _ in play(game, random.Random(seed)):
            if game.st.phase == Phase.NIGHT and night_began is None:
                night_began = time.process_time()
            elif game.st.phase != Phase.NIGHT and night_began is not None:
                nights.append(time.process_time() - night_began)
                night_began = None
        games += 1
    return games, time.process_time() - began, sorted(nights)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nights", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    rs = load_ruleset("secret_number")
    times = sorted(bench_nights(rs, args.nights))
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(
        f"40-seat full night ({args.nights} runs): median {statistics.median(times) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"
    )
    for seats in (12, 40):
        games, spent = bench_games(rs, seats, args.seconds / 2)
        print(
            f"random full games, {seats} seats, one core: {games / spent:.1f} games/s ({games} games in {spent:.1f} CPU s)"
        )
    for drawn in installed_rulesets():
        if drawn.draw is None:
            continue
        unfinished = drawn.unfinished()
        if unfinished:  # a drawn board may hold a role not written yet: the 导演's boards of written roles
            kind, deal_of = f"导演 boards of written roles ({len(unfinished)} parts not implemented)", own_deal
        else:
            kind, deal_of = "drawn boards", drawn_deal
        games, spent, nights = bench_boards(drawn, args.seconds / 2, deal_of)
        p99 = nights[min(len(nights) - 1, int(len(nights) * 0.99))] if nights else 0.0
        print(
            f"{drawn.id}, {kind}, one core: {games / spent:.1f} games/s"
            f" ({games} games); a night median {statistics.median(nights or [0.0]) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"
        )


if __name__ == "__main__":
    main()
