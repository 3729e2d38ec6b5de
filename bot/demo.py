"""python -m bot demo <ruleset> [--players N] [--seed S] [--options 选项=值 …]

A whole game on the sandbox, in seconds: the real bot serves on a loopback port, the
sandbox's simulated QQ connects to it as NapCat would, and built-in players make random
legal moves by chat — the director creates the game, everyone signs up, the board is set,
and the game runs to its end. Prints the transcript (who was told what, in order) and the
揭秘; exits 0 when the game finished.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import sys
import tempfile
from collections import Counter

from bot.sandbox.transcript import Entry
from engine.api import Game, Ruleset, RulesetError, load_ruleset, moves
from engine.api import commands as c

NAMES = "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥"
STEP_LIMIT = 3000


def preset_sizes(rs: Ruleset) -> dict[int, str]:
    """Players → the ruleset's preset board for that many."""
    return {len(board.cards) // rs.cards.per_seat: name for name, board in rs.boards.items()}


def board_for(rs: Ruleset, players: int) -> str:
    """The /板子 argument: a preset of that size, a board drawn by the post's own rules (随机), or
    about 30% wolves, one of each other role that acts, and plain villagers for the rest."""
    if players in preset_sizes(rs):
        return preset_sizes(rs)[players]
    if rs.draw is not None and rs.draw.players[0] <= players <= rs.draw.players[1]:
        return "随机"
    usable = [r for r in rs.roles.values() if not r.todo]
    wolf = next(r.name for r in usable if r.camp.startswith("狼") and r.skills)
    plain = next((r.name for r in usable if not r.skills and not r.camp.startswith("狼")), None)
    wolves = max(1, round(players * 0.3))
    roles = [wolf] * wolves
    for role in usable:
        if len(roles) >= players - (1 if plain else 0):
            break
        if role.name != wolf and role.skills and not role.camp.startswith("狼"):
            roles.append(role.name)
    while len(roles) < players:
        roles.append(plain or wolf)
    return " ".join(f"{r}x{n}" if n > 1 else r for r, n in Counter(roles).items())


def as_text(game: Game, cmd: c.Command) -> str:
    """A command as the player would type it."""

    def target(no: int) -> str:
        seat = game.st.seat(no)
        return str(seat.secret) if game.rs.addressing == "secret_number" else str(no)

    if isinstance(cmd, c.Act):
        return " ".join([cmd.skill, *map(target, cmd.targets), *([cmd.choice] if cmd.choice else [])])
    if isinstance(cmd, c.Pass):
        return f"放弃 {cmd.skill or ''}".strip()
    if isinstance(cmd, c.CastVote):
        return f"投票 {target(cmd.target)}" if cmd.target else "弃权"
    raise ValueError(cmd)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def play(ruleset_id: str, players: int, seed: int, option_words: tuple[str, ...] = ()) -> int:
    import uvicorn

    from bot.app import create_app
    from bot.sandbox import host

    port = free_port()
    app = create_app(port=port, bansha_sandbox=True, log_level="WARNING")
    from bot.tables import tables  # the store needs NoneBot initialised first

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    serving = asyncio.create_task(server.serve())
    sandbox = host.current
    assert sandbox is not None
    while sandbox.client is None or not sandbox.client.connected:
        await asyncio.sleep(0.05)
    world, rng = sandbox.world, random.Random(seed)

    async def say(user: int, text: str, group: int | None = None) -> None:
        """Send as ``user``, then wait for the bot's answer and for everything it set off."""
        entry = world.group_message(group, user, text) if group else world.private_message(user, text)
        await sandbox.flush()
        where = {"group_id": group} if group else {"user_id": user}
        assert sandbox.client is not None
        await sandbox.client.wait_for(lambda e: e.is_message_to(**where), 30, since=entry.seq)
        seen = -1
        while seen != len(world.transcript):  # quiet for a moment: the bot has finished
            seen = len(world.transcript)
            await asyncio.sleep(0.05)

    director, main = host.DIRECTOR_ID, host.MAIN_GROUP
    rs = load_ruleset(ruleset_id)
    await say(director, " ".join(("/新建", ruleset_id, *option_words)), main)
    if tables.in_group(main) is None:
        server.should_exit = True
        await serving
        refusal = [e.text for e in world.transcript if e.direction == "action" and e.text]
        print(f"无法新建游戏：{refusal[-1] if refusal else '没有回复'}", file=sys.stderr)
        return 2
    seats = {}
    for i in range(players):
        name = NAMES[i] if i < len(NAMES) else f"角色{i + 1}"
        qq = sandbox.add_player(name)
        seats[i + 1] = qq
        await say(qq, f"/报名 {name}", main)
    await say(director, f"/板子 {board_for(rs, players)}", main)
    await say(director, "/设置 day_open=none speed=3600", main)
    await say(director, "/开始", main)
    table = tables.in_group(main)
    finished = False
    for _ in range(STEP_LIMIT):
        game = table.game if table is not None else None
        if table is None or game is None or table.status != "running":
            finished = table is not None and table.status == "over"
            break
        options = moves(game, game.st.clock.real(game.st.now), rng)
        if game.st.phase == "day" and options and rng.random() < 0.15:
            options = []  # some players never vote
        if options:
            cmd = rng.choice(options)
            await say(seats[cmd.seat], as_text(game, cmd))  # type: ignore[attr-defined]  # moves() makes only seat commands here
        else:
            await say(director, "推进")
    server.should_exit = True
    await serving
    print_transcript(world.transcript, {qq: u.nickname for qq, u in world.users.items()}, world.self_id)
    reveal = [e.text for e in world.transcript if e.direction == "action" and e.text.startswith("【揭秘】")]
    if reveal:
        print("\n" + reveal[-1])
    if not finished:
        print(f"\n游戏未在 {STEP_LIMIT} 步内结束。", file=sys.stderr)
    return 0 if finished and reveal else 1


def print_transcript(entries: list[Entry], nick: dict[int, str], bot: int) -> None:
    """Who was told what, in order: every message of a group or a DM, either way."""
    for e in entries:
        if not e.name.startswith(("message", "send_")) or not e.ok:
            continue
        if e.group_id:
            where = "群"
            who = "机器人" if e.direction == "action" else nick.get(e.user_id or 0, str(e.user_id))
        else:
            where = f"私聊·{nick.get(e.user_id or 0, e.user_id)}"
            who = "机器人" if e.direction == "action" else nick.get(e.user_id or 0, str(e.user_id))
        first, *rest = (e.text or "").split("\n")
        print(f"[{where}] {who}：{first}")
        for line in rest:
            print(f"    {line}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot demo", description=__doc__.split("\n\n")[1])
    parser.add_argument("ruleset")
    parser.add_argument(
        "--players", type=int, help="default: the smallest preset board, the fewest the draw allows, or 9"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--options", nargs="*", default=[], metavar="选项=值", help="the ruleset's options, as /新建 takes them"
    )
    args = parser.parse_args(argv)
    try:
        rs = load_ruleset(args.ruleset)
    except RulesetError as exc:
        print(f"规则集 {args.ruleset} 无法使用：\n{exc}", file=sys.stderr)
        return 2
    sizes = preset_sizes(rs)
    players = args.players or (min(sizes) if sizes else rs.draw.players[0] if rs.draw else 9)
    if sizes and players not in sizes:
        print(f"{rs.name}的预设板型人数：{'、'.join(map(str, sorted(sizes)))}。", file=sys.stderr)
        return 2
    os.environ["BANSHA_DATA_DIR"] = tempfile.mkdtemp(prefix="bansha-demo-")
    os.environ.pop("ONEBOT_ACCESS_TOKEN", None)
    return asyncio.run(play(args.ruleset, players, args.seed, tuple(args.options)))
