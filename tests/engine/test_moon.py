"""engine/moon.py: which events a board may use, a 新月配置's problems, and the 导演's balanced draw."""

from __future__ import annotations

import random

import pytest

from engine import moon
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Moon

BOARD = [
    "狼人",
    "狼人",
    "狼人",
    "狼王",
    "预言家",
    "女巫",
    "猎人",
    "长老",
    "白痴",
    "村民",
    "村民",
    "村民",
    "村民",
    "村民",
]


@pytest.fixture(scope="module")
def wuyu() -> Moon:
    rs_moon = load_ruleset("wuyu_town").moon
    assert rs_moon is not None
    return rs_moon


def test_an_event_is_not_used_without_the_roles_it_needs_or_beside_one_it_excludes(wuyu: Moon) -> None:
    names = {e.name for e in moon.usable(wuyu, BOARD)}
    assert {"猎人的愤怒", "王对王", "白痴的疯狂", "信任是无价的"} <= names
    assert not names & {"皇室婚礼大典", "替罪鸳鸯"}
    with_prince = {e.name for e in moon.usable(wuyu, [*BOARD, "王子", "公主"])}
    assert "皇室婚礼大典" in with_prince and "信任是无价的" not in with_prince


@pytest.mark.parametrize(
    ("config", "why"),
    [
        ({"蛇夫座": "邪恶仪式"}, "「蛇夫座」不是星座"),
        ({"白羊座": "月食"}, "「月食」不是新月事件"),
        ({"白羊座": "替罪鸳鸯"}, "替罪鸳鸯不能用于这个板子：身份配置中没有替罪羊"),
        ({"白羊座": "邪恶仪式", "金牛座": "邪恶仪式"}, "同一个新月事件只能对应一个星座：邪恶仪式"),
        ({"白羊座": "招魂术", "金牛座": "假面舞会"}, "招魂术不会与假面舞会同时出现在新月配置中"),
    ],
)
def test_a_wrong_configuration_says_what_is_wrong(wuyu: Moon, config: dict[str, str], why: str) -> None:
    assert (moon.problem(wuyu, config, BOARD) or "").startswith(why)


def test_a_prince_board_refuses_trust_with_the_reason(wuyu: Moon) -> None:
    assert (
        moon.problem(wuyu, {"白羊座": "信任是无价的"}, [*BOARD, "王子"])
        == "信任是无价的不能用于这个板子：身份配置中有王子。"
    )


@pytest.mark.parametrize("seed", range(30))
def test_the_draw_gives_every_sign_a_usable_event_and_balances_the_influence(wuyu: Moon, seed: int) -> None:
    config = moon.deal(wuyu, BOARD, random.Random(seed))
    assert list(config) == list(wuyu.signs)
    assert moon.problem(wuyu, config, BOARD) is None
    assert abs(moon.influence(wuyu, config)) <= wuyu.balance


def test_the_draw_is_the_seed_s_and_varies_with_it(wuyu: Moon) -> None:
    assert moon.deal(wuyu, BOARD, random.Random(3)) == moon.deal(wuyu, BOARD, random.Random(3))
    assert len({tuple(moon.deal(wuyu, BOARD, random.Random(s)).values()) for s in range(10)}) > 1


def test_with_fewer_usable_events_than_signs_the_first_signs_get_them(wuyu: Moon) -> None:
    small = Moon(wuyu.option, wuyu.signs, wuyu.balance, {k: wuyu.events[k] for k in ("邪恶仪式", "义结金兰", "招魂术")})
    config = moon.deal(small, BOARD, random.Random(0))
    assert list(config) == ["白羊座", "金牛座", "双子座"] and sorted(config.values()) == sorted(small.events)


def test_the_description_marks_each_influence_and_the_sum(wuyu: Moon) -> None:
    assert moon.describe(wuyu, {"白羊座": "邪恶仪式", "金牛座": "义结金兰"}) == (
        "白羊座→邪恶仪式（-）、金牛座→义结金兰（+）；影响力之和 0"
    )
    assert moon.describe(wuyu, {"白羊座": "义结金兰", "金牛座": "魔法水晶球"}).endswith("影响力之和 +2")
    assert moon.describe(wuyu, {"白羊座": "邪恶仪式"}).endswith("影响力之和 -1")
