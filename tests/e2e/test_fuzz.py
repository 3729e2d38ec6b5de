"""Random and adversarial messages against ``python -m bot`` over the real OneBot v11 WebSocket.

Every command word with wrong arity and odd numbers, unicode oddities, 100 KB texts, CQ code
as text, malformed and odd segment arrays — from players, strangers and directors, in DMs,
main groups and team groups. Checked: no traceback from our code in the bot's log, every
recognised command word answered (briefly: no 100 KB echo), and a refused command leaves the
store as it was.

    BANSHA_FUZZ_MESSAGES=5000 BANSHA_FUZZ_SEED=7 .venv/bin/python -m pytest -s tests/e2e/test_fuzz.py

runs a long one (the default is short enough for ./scripts/test) and prints its figures.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.sandbox import sent
from engine.ruleset.loader import load_ruleset
from tests.e2e.harness import BOT, ROOT
from tests.e2e.hostile import (
    A_DIR,
    A_LOVERS,
    A_MAIN,
    A_PLAYERS,
    B_DIR,
    B_LOVERS,
    B_MAIN,
    B_PLAYERS,
    STRANGER,
    Wire,
    two_games,
)

MESSAGES = int(os.environ.get("BANSHA_FUZZ_MESSAGES", "120"))
SEED = int(os.environ.get("BANSHA_FUZZ_SEED", "16"))
PLAYER_WORDS = (
    "身份",
    "帮助",
    "投票",
    "改票",
    "弃权",
    "遗言",
    "投降",
    "拒绝投降",
    "拍刀",
    "同意拍刀",
    "拒绝拍刀",
    "放弃",
)
SKILLS = tuple(s.name for s in load_ruleset("secret_number").all_skills())
ACCEPTED = ("已", "报名成功", "板子已设置")  # how the bot's replies to accepted commands begin
ODD = (
    "²",
    "①",
    "٣",
    "３",
    "0",
    "-1",
    "99999999999999999999999",
    "1e-300",
    "nan",
    "inf",
    "#",
    "#٣",
    "#2",
    "@全体成员",
    "[CQ:at,qq=all]",
    "[CQ:image,file=../../etc/passwd]",
    "\u200b",
    "\u202e甲",
    "甲\u0301",
    "😀",
    "ｘ",
    "\x00",
    "\x1b[31m",
    "子",
    "甲",
    "情侣群",
    "狼人x²",
    "speed=nan",
    "step_minutes=99999999999999999999",
    "day_close=25:99",
    "timezone=../../etc",
    "蓝",
    "弃权",
    "出局",
    "判胜",
)
HUGE = "饺" * 100_000
MALFORMED: tuple[Any, ...] = (
    [{"type": "text"}],
    [{"type": "text", "data": None}],
    [{"type": "text", "data": {"text": 123}}],
    [{"data": {"text": "暂停"}}],
    [{"type": "at", "data": {"qq": "abc"}}],
    [{"type": "image", "data": {"file": "x.png"}}],
    [{"type": "face", "data": {"id": "999999"}}],
    [{"type": "reply", "data": {"id": "-1"}}, {"type": "text", "data": {"text": "投票 1"}}],
    [{"type": "text", "data": {"text": "/暂停"}}, {"type": "at", "data": {"qq": "all"}}],
    [],
    {"type": "text", "data": {"text": "身份"}},
    "投票 [CQ:face,id=abc] 1",
    12345,
    None,
)


@dataclass
class Figures:
    messages: int = 0
    malformed: int = 0
    expected_answers: int = 0
    unanswered: int = 0
    long_replies: int = 0
    changed_on_refusal: int = 0
    our_tracebacks: int = 0
    adapter_tracebacks: int = 0


def _places() -> list[tuple[str, int, tuple[int, ...]]]:
    """(dm | group, group id, who may speak there)."""
    everyone = (A_DIR, B_DIR, STRANGER, *A_PLAYERS, *B_PLAYERS)
    return [
        ("dm", 0, everyone),
        ("dm", 0, everyone),
        ("group", A_MAIN, (A_DIR, B_DIR, STRANGER, *A_PLAYERS)),
        ("group", B_MAIN, (B_DIR, A_DIR, STRANGER, *B_PLAYERS)),
        ("group", A_LOVERS, (A_DIR, 21, 22)),
        ("group", B_LOVERS, (B_DIR,)),
    ]


def _words() -> tuple[frozenset[str], frozenset[str]]:
    """(command words, players' words a group only gets a hint for); the plugins need NoneBot."""
    from plugins._common import DIRECTOR_COMMANDS, DM_ONLY, LOBBY_COMMANDS

    return frozenset(LOBBY_COMMANDS + DIRECTOR_COMMANDS), frozenset(DM_ONLY)


def _text(rng: random.Random, commands: frozenset[str]) -> str:
    word = rng.choice((*sorted(commands), *PLAYER_WORDS, *SKILLS, rng.choice(ODD)))
    prefix = rng.choice(("", "", "/", "/", "、", "／", "#2 ", "#1 ", "#99999999999999 "))
    args = [rng.choice(ODD) if rng.random() < 0.7 else str(rng.randrange(-5, 40)) for _ in range(rng.randrange(0, 5))]
    if rng.random() < 0.03:  # a 100 KB word, anywhere: a name, a camp, a setting, a reason
        args.insert(rng.randrange(len(args) + 1), rng.choice((HUGE, HUGE + "=1", "speed=" + HUGE)))
    sep = rng.choice((" ", " ", "\u3000", "\n", "，"))
    return prefix + sep.join([word, *args])


def _answered_word(kind: str, text: str, commands: frozenset[str], dm_only: frozenset[str]) -> str | None:
    """The word the bot must answer, if ``text`` is a command here: in a DM anything said, in
    a group a lobby, director or players' command word after '/'."""
    tag = re.match(r"^#[0-9]{1,9}\s+", text)
    body = text[tag.end() :] if tag else text
    slashed = body.startswith("/")
    first = body.removeprefix("/").split(maxsplit=1)
    if not first:
        return None
    word = first[0]
    if kind == "dm":
        return word  # every DM with words is someone's command: a player's, or a stranger's
    return word if slashed and not tag and (word in commands or word in dm_only) else None


def _raw_event(kind: str, group: int, qq: int, message: Any, serial: int) -> dict[str, Any]:
    event: dict[str, Any] = {
        "time": int(time.time()),
        "self_id": BOT,
        "post_type": "message",
        "message_type": "private" if kind == "dm" else "group",
        "sub_type": "friend" if kind == "dm" else "normal",
        "message_id": 10_000_000 + serial,
        "user_id": qq,
        "message": message,
        "raw_message": str(message)[:200],
        "font": 0,
        "sender": {"user_id": qq, "nickname": str(qq), "role": "member"},
    }
    if kind == "group":
        event["group_id"] = group
    return event


def tracebacks(log: str) -> tuple[int, int]:
    """(tracebacks through our code, tracebacks only in the adapter or NoneBot) in a bot log;
    the start-up frames every traceback begins with (python -m bot) are not ours to count."""
    ours = other = 0
    mine = tuple(str(ROOT / d) for d in ("plugins", "bot", "engine"))
    entry = tuple(str(ROOT / "bot" / f) for f in ("__main__.py", "app.py"))
    for block in re.split(r"(?=Traceback \(most recent call last\))", log)[1:]:
        files = re.findall(r'File "([^"]+)"', block)
        if any(f.startswith(mine) and not f.startswith(entry) for f in files):
            ours += 1
        else:
            other += 1
    return ours, other


async def settled(wire: Wire, quiet: float = 0.05, limit: float = 2.0) -> None:
    """Until the store stays put for ``quiet`` seconds: whatever an unanswered message set off
    has been committed before the next message is judged."""
    deadline = asyncio.get_running_loop().time() + limit
    last = wire.store()
    while asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(quiet)
        now = wire.store()
        if now == last:
            return
        last = now


async def fuzz(wire: Wire, count: int, seed: int) -> Figures:
    rng = random.Random(seed)
    commands, dm_only = _words()
    figures = Figures()
    serial = itertools.count()
    for _ in range(count):
        kind, group, speakers = rng.choice(_places())
        qq = rng.choice(speakers)
        figures.messages += 1
        if rng.random() < 0.1:
            figures.malformed += 1
            await wire.client.send_raw(_raw_event(kind, group, qq, rng.choice(MALFORMED), next(serial)))
            await settled(wire)  # a malformed event may still carry a command (/暂停 + @全体成员)
            continue
        text = _text(rng, commands)
        word = _answered_word(kind, text, commands, dm_only)
        before = wire.store()
        event = await (wire.client.send_private(qq, text) if kind == "dm" else wire.client.send_group(group, qq, text))
        if word is None:
            await settled(wire)
            continue
        figures.expected_answers += 1
        where = sent(user_id=qq) if kind == "dm" else sent(group_id=group)
        try:
            reply = await wire.client.wait_for(where, 10, since=event.seq)
        except TimeoutError:
            figures.unanswered += 1
            print(f"unanswered: {kind} {group} {qq} {text[:80]!r}")
            continue
        if len(reply.text) > 2000:
            figures.long_replies += 1
        accepted = reply.text.startswith(ACCEPTED) and not reply.text.startswith("已经")
        await asyncio.sleep(0.02)
        if not accepted and wire.store() != before:
            figures.changed_on_refusal += 1
            after = wire.store()
            diff = [(b[-3:], a[-3:]) for b, a in zip(before, after, strict=True) if a != b]
            print(f"changed by a refusal: {text[:80]!r} → {reply.text[:80]!r}: {diff}")
    await asyncio.sleep(0.5)
    figures.our_tracebacks, figures.adapter_tracebacks = tracebacks((wire.data / "bot.log").read_text(errors="replace"))
    return figures


async def test_fuzz(tmp_path: Path) -> None:
    async with two_games(tmp_path) as wire:
        figures = await fuzz(wire, MESSAGES, SEED)
        log = (wire.data / "bot.log").read_text(errors="replace")
    print(f"\nfuzz (seed {SEED}): {figures}")
    assert figures.our_tracebacks == 0, log[-6000:]
    assert figures.unanswered == 0, figures
    assert figures.long_replies == 0, figures
    assert figures.changed_on_refusal == 0, figures
    assert figures.expected_answers > MESSAGES // 4, figures  # the run did reach the commands
