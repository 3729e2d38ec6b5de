"""Deal conversions (draw.converts: 灯影预言家, 警察 turn other cards into themselves), the secret
split of a role's cards (正位 / 反位) with its public count, and the 未翻牌 range condition."""

from __future__ import annotations

import random
from collections import Counter

from engine import commands as c
from engine import conditions, draw
from engine import game as game_module
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import NAMES, T0

RS = load_ruleset("m216_mask")
assert RS.draw is not None
RULES = RS.draw
BASE = ["狼巫", "假面", "噩梦之影", "磁狼", "巫女", "骑士", "猎魔人", "女巫", "陌客", "长老", "灵能", "官员", "影子"]


def test_the_lantern_seer_turns_one_villager_into_itself() -> None:
    board = ["灯影预言家", *BASE]
    dealt = draw.convert(RULES, board, random.Random(1))
    counts = Counter(dealt)
    assert counts["灯影预言家"] == 2 and len(dealt) == len(board)
    changed = [r for r in board if r not in dealt]
    assert len(changed) == 1 and RS.roles[changed[0]].camp == "村民阵营"
    assert all(counts[r] == 1 for r in board if RS.roles[r].camp != "村民阵营")
    assert {tuple(draw.convert(RULES, board, random.Random(s))) for s in range(20)} != {tuple(dealt)}


def test_the_police_turn_two_villagers_into_police() -> None:
    dealt = draw.convert(RULES, ["警察", *BASE], random.Random(2))
    assert Counter(dealt)["警察"] == 3
    assert [r for r in dealt if RS.roles[r].camp != "村民阵营"] == [r for r in BASE if RS.roles[r].camp != "村民阵营"]


def test_a_board_without_them_is_dealt_as_drawn_and_the_rng_untouched() -> None:
    rng = random.Random(3)
    before = rng.getstate()
    board = ["纯白之女", *BASE]
    assert draw.convert(RULES, board, rng) == board and rng.getstate() == before


def test_a_drawn_start_deals_the_converted_board() -> None:
    names = tuple(f"角色{i}" for i in range(1, 15))
    for seed in range(60):
        deal = game_module._deal(RS, c.Start(at=T0, seed=seed, names=names, draw=True), random.Random(seed))[0]
        roles = Counter(r for hand in deal for r in hand)
        assert len(deal) == 14 and roles["灯影预言家"] in {0, 2} and roles["警察"] in {0, 3}
        if roles["灯影预言家"] or roles["警察"]:
            return
    raise AssertionError("no board with 灯影预言家 or 警察 in 60 seeds")


def lanterns(n: int, seed: int = 1) -> Game:
    roles = ("灯影预言家",) * n + ("狼巫", "灵能")
    start = c.Start(
        at=T0, seed=seed, names=NAMES[: len(roles)], roles=tuple((r,) for r in roles), options=(("自定板子", True),)
    )
    return Game.start(RS, start)


def test_the_split_is_even_secret_and_its_counts_public() -> None:
    for n, seed in ((2, 1), (3, 1), (3, 2), (1, 4)):
        game = lanterns(n, seed)
        held = Counter(x.name for s in game.st.seats[:n] for x in s.statuses if x.name in {"正位", "反位"})
        assert sum(held.values()) == n and max(held.values()) - min(held.get("正位", 0), held.get("反位", 0)) <= 1
        public = [m.text for m in game.out if m.as_dict()["to"] == "public"]
        assert f"本局有{held.get('正位', 0)}个正位，{held.get('反位', 0)}个反位灯影预言家。" in public
        told = [m.text for m in game.out if m.as_dict()["to"] == "seat"]
        assert not any("[正位]" in t or "[反位]" in t for t in told)
    assert len({tuple(x.name for s in lanterns(3, seed).st.seats[:3] for x in s.statuses) for seed in range(8)}) > 1


def test_a_revealed_card_leaves_the_unrevealed_range() -> None:
    game = lanterns(2)
    seat = game.st.seat(3)
    assert conditions.holds({"revealed": False}, seat, 1, game.st)
    seat.card.revealed = True
    assert not conditions.holds({"revealed": False}, seat, 1, game.st)
    assert conditions.holds({"revealed": True}, seat, 1, game.st)
