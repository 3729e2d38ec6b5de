"""Property: random 双身份 games from the presets, with garbage mixed in, never crash; a
refused command changes nothing; replaying the accepted log reproduces state and messages."""

from __future__ import annotations

import random

import pytest

from engine import commands as c
from engine.game import Game
from tests.engine.builders import NAMES, T0, dual_identity
from tests.engine.random_play import play_and_check

PRESETS = [
    ("6人局", ()),
    ("6人局", ("骑士白狼王", "唐伯虎")),
    ("6人局", ("石像鬼守墓人", "魔术师")),
    ("7人局", ("术数学徒",)),
    ("7人局", ("骑士白狼王", "唐伯虎:替罪羊")),
    ("8人局一", ()),
    ("8人局一", ("魔术师",)),
    ("8人局二", ()),
]


def garbage(game: Game, rng: random.Random) -> c.Command:
    now = game.st.clock.real(game.st.now)
    n = len(game.st.seats)
    seat = rng.randint(0, n + 1)
    return rng.choice(
        [
            c.Act(
                at=now,
                seat=seat,
                skill=rng.choice(["杀人", "自爆", "神风突击", "决斗", "第一身份", "交易", "心算", "点睛", "冤死"]),
                targets=tuple(rng.randint(0, n + 1) for _ in range(rng.randint(0, 2))),
                choice=rng.choice([None, "毒药", "狼人", "狼人阵营 2 相加 5", "1号第一", "女巫"]),
            ),
            c.Pass(at=now, seat=seat),
            c.CastVote(at=now, seat=seat, target=rng.randint(0, n + 1)),
            c.Surrender(at=now, seat=rng.randint(1, n), agree=rng.random() < 0.8),
            c.Showdown(at=now, seat=rng.randint(1, n), plan=rng.choice(["", "全杀"]), agree=rng.random() < 0.8),
            c.Penalize(at=now, seat=rng.randint(1, n), card=rng.choice(["蓝", "黄", "红"])),
            c.Ruling(at=now, what=rng.choice(["kill", "revive", "hopeless"]), seat=seat, arg="村民阵营"),
        ]
    )


@pytest.mark.parametrize(("template", "substitutions"), PRESETS)
def test_random_games_never_crash_and_replay_exactly(template: str, substitutions: tuple[str, ...]) -> None:
    rs = dual_identity()
    players = len(rs.boards[template].cards) // 2
    for seed in range(4):
        first = c.Start(at=T0, seed=seed, names=NAMES[:players], template=template, substitutions=substitutions)
        play_and_check(rs, first, garbage, garbage_rate=0.1, steps=500)
