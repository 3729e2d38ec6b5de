"""Soak: several games at once over the real OneBot v11 WebSocket while ``python -m bot`` is
SIGKILLed at random moments — right after an action is sent, right after its 已记录, in the
middle of a delivery, during start-up, during the catch-up after connecting.

Players make random legal moves by chat; the driver learns each game's state the way the
bot recovers it, by replaying the bot's command log from its SQLite file with the engine.
Checked at the end: every acknowledged action is in the log the bot replays; every deadline
missed while the bot was down has fired shortly after the restart; no outbox message was
delivered twice except across a kill; nothing stays undelivered.

    BANSHA_SOAK_KILLS=60 BANSHA_SOAK_SEED=3 .venv/bin/python -m pytest -s tests/e2e/test_soak.py

runs a long one (the default is short enough for ./scripts/test) and prints its figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import pickle
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.demo import as_text
from bot.sandbox import SandboxClient, World, sent
from engine import commands as c
from engine.autoplay import moves
from engine.game import Game
from engine.replay import replay
from engine.ruleset.loader import load_ruleset
from tests.databases import read
from tests.e2e.harness import BOT, DIRECTOR, BotProcess, attach

KILLS = int(os.environ.get("BANSHA_SOAK_KILLS", "5"))
SEED = int(os.environ.get("BANSHA_SOAK_SEED", "16"))
GAMES = 3
PLAYERS = 6
BOARD = "/板子 狼人x2 预言家 女巫 村民x2"
SPEED = 600  # a 30-minute step takes three seconds
GRACE = 5.0  # seconds a missed deadline may take to fire once the bot is back
RS = load_ruleset("secret_number")
KILL_AT = ("after_send", "after_ack", "mid_delivery")  # taken in turn, so a short run has each
RESTART_WITH = ("startup", "catch_up", "plain")


@dataclass
class Soak:
    data: Path
    world: World
    process: BotProcess
    client: SandboxClient | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(SEED))
    kills: Counter[str] = field(default_factory=Counter)
    marks: list[int] = field(default_factory=list)  # transcript length at each kill
    acked: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (game, payload)
    missed: list[tuple[int, float]] = field(default_factory=list)  # (game, restart time) a deadline passed while down
    late: list[str] = field(default_factory=list)
    batches: int = 0
    restarts: int = 0
    planned: int = 0  # kills around a move so far

    # ---------------------------------------------------------------- the bot's store

    def games(self) -> dict[int, tuple[str, Game | None]]:
        """Each game's status and, when running, its state replayed from the bot's log."""
        out: dict[int, tuple[str, Game | None]] = {}
        for game_id, status in read(self.process.database, "SELECT id, status FROM bansha_game"):
            log = [c.from_dict(p) for p in self.logged(game_id)]
            out[game_id] = (status, replay(RS, log)[0] if log else None)
        return out

    def seats(self, game_id: int) -> dict[int, int]:
        return dict(read(self.process.database, "SELECT seat, qq FROM bansha_player WHERE game_id=:g", g=game_id))

    def logged(self, game_id: int) -> list[dict[str, Any]]:
        rows = read(
            self.process.database,
            "SELECT payload FROM bansha_command WHERE game_id=:g AND undone=:no ORDER BY seq",
            g=game_id,
            no=False,
        )
        return [json.loads(p) if isinstance(p, str) else p for (p,) in rows]

    def outbox(self) -> list[tuple[int, str, int, int, str, float | None]]:
        return read(
            self.process.database,
            "SELECT o.game_id, o.to_kind, o.to_id, o.to_seat, o.text, o.sent_at FROM bansha_outbox o ORDER BY o.id",
        )

    # ---------------------------------------------------------------- the bot's life

    async def connect(self) -> None:
        self.client = await attach(self.process, self.world)

    async def kill(self, why: str) -> None:
        self.process.kill()
        self.kills[why] += 1
        self.marks.append(len(self.world.transcript))
        if self.client is not None:
            with contextlib.suppress(Exception):
                await self.client.kill()
        self.client = None

    async def restart(self) -> None:
        """Down for a while (deadlines pass), then back, maybe killed again while starting up
        or while catching up."""
        await asyncio.sleep(self.rng.uniform(0, 3))
        due = self.deadlines_due()
        how = RESTART_WITH[self.restarts % len(RESTART_WITH)]
        self.restarts += 1
        self.process.start()
        if how == "startup":
            await asyncio.sleep(self.rng.uniform(0.2, 1.5))
            await self.kill("startup")
            self.process.start()
        await self.connect()
        if how == "catch_up":
            mark = len(self.world.transcript)
            assert self.client is not None
            with contextlib.suppress(TimeoutError):
                await self.client.wait_for(
                    lambda e: e.direction == "action" and e.name.startswith("send_"), 3, since=mark
                )
                await self.kill("catch_up")
                self.process.start()
                await self.connect()
        back = time.time()
        self.missed += [(game_id, back) for game_id in due]

    def deadlines_due(self) -> list[int]:
        """Games whose deadline has passed (while the bot is down)."""
        now = datetime.now(UTC)
        return [
            game_id
            for game_id, (status, game) in self.games().items()
            if status == "running" and game is not None and (d := game.next_deadline()) is not None and d <= now
        ]


def prepare(world: World) -> None:
    world.add_user(DIRECTOR, "导演")
    world.befriend(DIRECTOR)


async def open_games(soak: Soak, batch: int) -> None:
    """A batch of GAMES new games, each in its own main group with its own players, started."""
    for g in range(GAMES):
        group = 500 + batch * GAMES + g
        players = [10_000 + 100 * (batch * GAMES + g) + i for i in range(PLAYERS)]
        soak.world.create_group(group, f"主群{group}", owner_id=DIRECTOR)
        soak.world.add_member(group, BOT, role="admin")
        for qq in players:
            soak.world.add_user(qq, f"玩家{qq}")
            soak.world.befriend(qq)
            soak.world.add_member(group, qq)
        await say(soak, group, DIRECTOR, "/新建 secret_number", "已新建")
        for i, qq in enumerate(players):
            await say(soak, group, qq, f"/报名 玩家{i}", "报名成功")
        await say(soak, group, DIRECTOR, BOARD, "板子已设置")
        await say(soak, group, DIRECTOR, f"/设置 speed={SPEED} day_open=none", "已设置")
        await say(soak, group, DIRECTOR, "/开始", "已开局")


async def say(soak: Soak, group: int, qq: int, text: str, expect: str) -> None:
    assert soak.client is not None
    event = await soak.client.send_group(group, qq, text)
    await soak.client.wait_for(sent(group_id=group, containing=expect), 20, since=event.seq)


async def step(soak: Soak) -> None:
    """One random legal move in one running game, maybe with a kill around it; a new batch of
    games when every game has ended."""
    running = [(gid, game) for gid, (status, game) in soak.games().items() if status == "running" and game]
    if not running:
        await open_games(soak, soak.batches)
        soak.batches += 1
        return
    game_id, game = soak.rng.choice(running)
    options = moves(game, datetime.now(UTC), soak.rng)
    if not options:
        await asyncio.sleep(0.3)  # nobody can act: the deadline will close the step
        return
    cmd = soak.rng.choice(options)
    seat = getattr(cmd, "seat", 0)
    qq = soak.seats(game_id)[seat]
    kill = KILL_AT[soak.planned % len(KILL_AT)] if soak.rng.random() < 0.25 else None
    soak.planned += kill is not None
    preview = Game(RS, pickle.loads(pickle.dumps(game.st))).apply(cmd)  # what its 已记录 says
    ack = preview.reply.split("。")[0] if preview.accepted and preview.reply.startswith("已记录") else None
    assert soak.client is not None
    event = await soak.client.send_private(qq, as_text(game, cmd))
    if kill == "after_send":
        await asyncio.sleep(soak.rng.uniform(0, 0.05))
        await soak.kill(kill)
        return
    try:
        reply = await soak.client.wait_for(sent(user_id=qq), 15, since=event.seq)
    except TimeoutError:
        soak.late.append(as_text(game, cmd))
        return
    if ack is not None and reply.text.startswith(ack):  # this command's own 已记录, not an older one's
        payload = {k: v for k, v in cmd.as_dict().items() if k not in {"at", "reason", "by_director"}}
        soak.acked.append((game_id, payload))
    if kill == "after_ack":
        await soak.kill(kill)
    elif kill == "mid_delivery":  # the next message the bot sends after the ack
        with contextlib.suppress(TimeoutError):
            await soak.client.wait_for(
                lambda e: e.direction == "action" and e.name.startswith("send_"), 2, since=reply.seq + 1
            )
        await soak.kill(kill)


def deliveries(world: World, start: int = 0, end: int | None = None) -> Counter[tuple[str, int, str]]:
    out: Counter[tuple[str, int, str]] = Counter()
    for entry in world.transcript[start:end]:
        if entry.direction == "action" and entry.ok and entry.name in {"send_private_msg", "send_group_msg"}:
            out["group" if entry.group_id else "user", entry.group_id or entry.user_id or 0, entry.text] += 1
    return out


@dataclass
class Figures:
    kills: dict[str, int]
    acknowledged: int
    lost: int
    missed_deadlines: int
    unfired: int
    duplicates_across_kills: int
    duplicates_within_a_connection: int
    undelivered: int
    unanswered: int


def unfired(soak: Soak) -> int:
    """Deadlines missed while the bot was down that have still not fired GRACE seconds after
    it came back: their game's next deadline still lies before that restart."""
    now, count = datetime.now(UTC), 0
    for game_id, back in soak.missed:
        status, game = soak.games()[game_id]
        if status == "running" and game is not None and (d := game.next_deadline()) is not None:
            count += d.timestamp() < back and now.timestamp() - back > GRACE
    return count


async def pause_all(soak: Soak) -> None:
    """The directors pause every game, so no new deadline fires while the outbox is checked."""
    assert soak.client is not None
    for game_id, (status, _) in soak.games().items():
        if status == "running":
            event = await soak.client.send_private(DIRECTOR, f"暂停 #{game_id}")
            await soak.client.wait_for(sent(user_id=DIRECTOR), 15, since=event.seq)


def check(soak: Soak, late: int) -> Figures:
    missing = [
        (game_id, payload)
        for game_id, payload in soak.acked
        if not any(all(row.get(k) == v for k, v in payload.items()) for row in soak.logged(game_id))
    ]
    for game_id, payload in missing:
        print(f"lost in #{game_id}: {payload}")
    lost = len(missing)
    rows = soak.outbox()
    seats = {gid: soak.seats(gid) for gid in {r[0] for r in rows}}
    expected: Counter[tuple[str, int, str]] = Counter()
    for game_id, kind, to_id, to_seat, text, _ in rows:
        for part in [text] if len(text) <= 1800 else []:  # long texts go out in parts
            expected[kind, seats[game_id][to_seat] if to_seat else to_id, part] += 1
    # a message sent within one connection more often than the outbox holds it is a duplicate;
    # across a kill, one delivery may repeat (marked sent only after its calls succeeded)
    bounds = [0, *soak.marks, len(soak.world.transcript)]
    within = 0
    for start, end in itertools.pairwise(bounds):
        for key, n in deliveries(soak.world, start, end).items():
            if key in expected and n > expected[key]:
                within += n - expected[key]
                print(f"sent {n}× within one connection, stored {expected[key]}×: {key[0]} {key[1]} {key[2][:60]!r}")
    total = deliveries(soak.world)
    across = sum(max(0, total[k] - n) for k, n in expected.items()) - within
    undelivered = sum(1 for r in rows if r[5] is None) + sum(1 for k in expected if total[k] == 0)
    return Figures(
        dict(soak.kills),
        len(soak.acked),
        lost,
        len(soak.missed),
        late,
        max(0, across),
        within,
        undelivered,
        len(soak.late),
    )


async def test_soak(tmp_path: Path) -> None:
    process = BotProcess(tmp_path)
    soak = Soak(tmp_path, World(BOT), process)
    process.start()
    try:
        prepare(soak.world)
        await soak.connect()
        while sum(soak.kills.values()) < KILLS:
            if soak.client is None:
                await soak.restart()
            await step(soak)
        if soak.client is None:
            await soak.restart()
        await asyncio.sleep(GRACE + 1)  # everything due fires
        late = unfired(soak)
        await pause_all(soak)
        await asyncio.sleep(3)  # and goes out
        figures = check(soak, late)
    finally:
        if soak.client is not None:
            await soak.client.close()
        process.stop()
    print(f"\nsoak (seed {SEED}): {figures}")
    assert figures.lost == 0, figures
    assert figures.unfired == 0, figures
    assert figures.undelivered == 0, figures
    assert figures.duplicates_within_a_connection == 0, figures  # repeats only across a kill
    assert figures.unanswered == 0, figures
    assert figures.acknowledged > 0, figures
