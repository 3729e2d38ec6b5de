"""Boards drawn by the post's rules: each rule kind, and a hand-made board breaking it refused
with the post's own sentence."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from engine import draw
from engine.boards import BadBoard
from engine.formula import parse
from engine.ruleset.drawrules import Condition, DrawRules, Pool, PoolRole, Requirement, StrengthRatio
from engine.ruleset.loader import load_ruleset
from tests.engine import chisquare

M216 = load_ruleset("m216_mask").draw
G165 = load_ruleset("genshin_165").draw
assert M216 is not None and G165 is not None

# village 4+26+12 = 42 over wolves 38: 1.105
M216_BOARD = ["灯影预言家", "巫女", "骑士", "猎魔人", "女巫", "陌客", "长老", "药剂师", "天命人"]
M216_BOARD += ["狼巫", "黑武士", "觉醒狼王", "夜之贵族", "影子"]
# 20 players: 11 villagers, 7 wolves (4 of them [群内]), 吹笛, 混血儿
G165_BOARD = ["预言家", "白痴", "猎人", "守卫", "骑士", "黑商", "魔术师", "摄梦人", "熊", "乌鸦", "企鹅"]
G165_BOARD += ["黑狼王", "幼狼", "黑蝙蝠", "赤狼", "噩梦之影", "圣诞老狼", "食尸鬼", "吹笛", "混血儿"]


def swap(board: list[str], *pairs: tuple[str, str]) -> list[str]:
    out = list(board)
    for old, new in pairs:
        out[out.index(old)] = new
    return out


def test_hand_made_boards_that_keep_the_rules_pass() -> None:
    assert draw.problem(M216, M216_BOARD) is None
    assert draw.problem(G165, G165_BOARD) is None
    # 流光伯爵 without 蚀日侍女 is allowed: 有蚀日侍女必有流光伯爵 goes one way
    assert draw.problem(M216, swap(M216_BOARD, ("女巫", "流光伯爵"))) is None
    # 纯白之女 alone needs no 狼巫; both pairs present; 47 : 40 = 1.175
    board = ["纯白之女", "圣武士", "流光伯爵", "巫女", "骑士", "陌客", "长老", "锈剑骑士", "灵能"]
    assert draw.problem(M216, [*board, "黑武士", "破誓者", "觉醒狼王", "蚀日侍女", "影子"]) is None


@pytest.mark.parametrize(
    ("pairs", "reason"),
    [
        ((("陌客", "警察"),), "验人系有且仅有一个。"),
        ((("陌客", "特工"),), "强神：10选4（现在有5个强神，应为4个）"),
        ((("巫女", "变脸者"),), "村民阵营强度值总和与狼人阵营强度值总和比例约为1.1~1.2：1。（村民阵营强度值总和为46"),
        ((("夜之贵族", "蚀日侍女"),), "有蚀日侍女必有流光伯爵。（板子上有蚀日侍女，没有流光伯爵）"),
        ((("巫女", "白昼学者"),), "有白昼学者必有寂夜导师，有寂夜导师必有白昼学者。（板子上有白昼学者"),
        ((("夜之贵族", "寂夜导师"),), "有白昼学者必有寂夜导师，有寂夜导师必有白昼学者。（板子上有寂夜导师"),
        ((("狼巫", "磁狼"),), "本局存在2个及以上的验人系时，必有该身份。（这个板子必须有狼巫）"),
        ((("陌客", "骑士"),), "每个身份至多出现一次：骑士×2。"),
        ((("陌客", "预言家"),), "预言家不是规则帖中本局可能存在的身份。"),
    ],
)
def test_m216_refuses_a_board_breaking_a_rule_with_its_sentence(
    pairs: tuple[tuple[str, str], ...], reason: str
) -> None:
    assert (draw.problem(M216, swap(M216_BOARD, *pairs)) or "").startswith(reason)


def test_m216_counts_fourteen_players() -> None:
    assert (draw.problem(M216, M216_BOARD[:-1]) or "").startswith("开局4狼1验人系4强神4弱神1不定，共计14人")
    with pytest.raises(BadBoard, match="14人"):
        draw.draw(M216, 15, random.Random(1))


THIRTY = [*G165_BOARD, "通灵师", "女巫", "灵能", "潜行者"]  # 15 villagers
THIRTY += ["白狼王", "渊狼"]  # 9 wolves
THIRTY += ["炸弹", "白眼狼", "影子", "祭品"]  # 6 三方 and 不定


@pytest.mark.parametrize(
    ("board", "reason"),
    [
        (swap(G165_BOARD, ("白痴", "通灵师"), ("猎人", "占卜师")), "本局游戏内将会有1-3个验人系的身份在场"),
        (swap(G165_BOARD, ("吹笛", "鹫狼"), ("混血儿", "隐狼")), "狼人数量不可多于（开局总人数X0.4，四舍五入）"),
        (swap(G165_BOARD, ("企鹅", "妖狐")), "若存在妖狐，村民阵营的初始身份人数一定不会是规则中最低数值。"),
        (swap(G165_BOARD, ("食尸鬼", "养殖者")), "有养殖者必有肉猪。"),
        (swap(G165_BOARD, ("熊", "圣裁者")), "有圣裁者必有上帝使徒"),
        (swap(G165_BOARD, ("熊", "女巫学徒")), "有女巫学徒必有女巫"),
        (swap(G165_BOARD, ("食尸鬼", "狼兄")), "与狼弟互知不共群，有狼兄必有狼弟。"),
        (swap(G165_BOARD, ("食尸鬼", "狼弟")), "与狼兄互知不共群，有狼弟必有狼兄。"),
        (swap(G165_BOARD, ("吹笛", "双子星光")), "有光必有暗"),
        (swap(G165_BOARD, ("吹笛", "告死者")), "告死者有告死者必有慰魂师。"),
        (
            swap(G165_BOARD, ("黑蝙蝠", "鹫狼"), ("赤狼", "隐狼")),
            "若开局的[群内]人数不超过狼人开局总人数的1/3则必有长老狼",
        ),
        (
            swap(G165_BOARD, ("噩梦之影", "长老狼"), ("圣诞老狼", "大野狼")),
            "开局的[群内]人数超过狼人开局总人数的2/3则必没有长老狼",
        ),
        (
            THIRTY,
            "三方与不定阵营数量不可多于5（开局总人数X0.2，四舍五入），但最低可能没有。（30人局三方+不定应为0到5个，现在有6个）",
        ),
    ],
)
def test_165_refuses_a_board_breaking_a_rule_with_its_sentence(board: list[str], reason: str) -> None:
    assert (draw.problem(G165, board) or "").startswith(reason)


def test_165_conditional_rules_hold_only_when_their_condition_does() -> None:
    assert draw.problem(G165, swap(G165_BOARD, ("吹笛", "双子星暗"))) is None  # 暗 without 光
    # two [群内] of seven wolves, 长老狼 not counted: 长老狼 must be there, and is
    few = swap(G165_BOARD, ("黑蝙蝠", "鹫狼"), ("赤狼", "长老狼"))
    assert draw.problem(G165, few) is None
    # 妖狐 with one villager above the least
    assert draw.problem(G165, swap(G165_BOARD, ("混血儿", "妖狐"))) is None


def test_a_seed_gives_one_board() -> None:
    for rules, n in ((M216, 14), (G165, 27)):
        assert draw.draw(rules, n, random.Random(7)) == draw.draw(rules, n, random.Random(7))
        assert len({tuple(draw.draw(rules, n, random.Random(s))) for s in range(20)}) > 15


def _toy(strength: bool) -> DrawRules:
    """A board small enough to list every valid one: 甲 2 of 5, 乙 2 of 4, 丙 1 of 2."""
    a = Pool("甲", "甲阵营", tuple(PoolRole(f"a{i}", s) for i, s in enumerate((1, 2, 2, 3, 3), 1)), "甲：5选2", count=2)
    b = Pool("乙", "乙阵营", tuple(PoolRole(f"b{i}", s) for i, s in enumerate((1, 2, 2, 3), 1)), "乙：4选2", count=2)
    c = Pool("丙", "丙阵营", (PoolRole("c1"), PoolRole("c2")), "丙：2选1", count=1)
    ratio = StrengthRatio("甲比乙为1~1.5：1", ("甲阵营", "乙阵营"), Fraction(1), Fraction(3, 2)) if strength else None
    return DrawRules(
        "共5人",
        (5, 5),
        (a, b, c),
        requires=(
            Requirement("有a5必有b4", "a5", "b4"),
            Requirement("有c2时必有a1", "a1", "a1", Condition(roles=("c2",))),
        ),
        strength=ratio,
    )


@pytest.mark.parametrize("strength", [True, False], ids=["counted", "drawn again"])
def test_every_valid_board_is_equally_likely(strength: bool) -> None:
    rules = _toy(strength)
    pools = [itertools.combinations([r.name for r in p.roles], p.count or 0) for p in rules.pools]
    every = [sum(combo, ()) for combo in itertools.product(*pools)]
    valid = [board for board in every if draw.problem(rules, board) is None]
    assert 5 < len(valid) < len(every)  # the rules do exclude boards
    rng = random.Random(2024)
    seen = Counter(tuple(draw.draw(rules, 5, rng)) for _ in range(200 * len(valid)))
    assert set(seen) == set(valid)
    total = sum(seen.values())
    value = chisquare.statistic([seen[b] for b in valid], [total / len(valid)] * len(valid))
    assert value < chisquare.critical(len(valid) - 1), value


def test_no_board_at_all_is_said_plainly() -> None:
    a = Pool("甲", "甲阵营", (PoolRole("a1", 1),), count=1)
    b = Pool("乙", "乙阵营", (PoolRole("b1", 5),), count=1)
    rules = DrawRules(
        "共2人", (2, 2), (a, b), strength=StrengthRatio("甲比乙为1：1", ("甲阵营", "乙阵营"), Fraction(1), Fraction(1))
    )
    with pytest.raises(BadBoard, match="没有符合"):
        draw.draw(rules, 2, random.Random(0))
    sizes = DrawRules("共3人", (3, 3), (a, b), sizes=())
    with pytest.raises(BadBoard, match="分不出"):
        draw.draw(sizes, 3, random.Random(0))
    assert parse("1")(0) == 1
