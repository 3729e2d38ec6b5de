"""A game carries the 新月配置 its directors dealt: checked at the start like the deal, kept in the state,
and read from a scenario's ``新月配置``."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import boards, moon
from engine import commands as c
from engine.errors import Refusal
from engine.game import Game, check_start
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset
from engine.scenario.runner import Runner
from engine.scenario.spec import Malformed, read
from tests.engine.builders import T0

BOARD = "14人局"


def moon_on() -> Ruleset:
    """wuyu_town, whose 新月扩展 may be on."""
    rs = load_ruleset("wuyu_town")
    assert True in rs.options["新月扩展"].values
    return rs


def test_an_event_not_written_yet_is_refused_by_name() -> None:
    rs = moon_on()
    problem = check_start(rs, start(rs, (("白羊座", "魔法水晶球"), ("金牛座", "邪恶仪式"), ("双子座", "义结金兰"))))
    assert problem == "新月事件尚未实现：邪恶仪式、义结金兰。"


def test_without_a_configuration_the_director_draws_one_from_the_seed() -> None:
    rs = moon_on()
    assert rs.moon is not None
    cmd = start(rs, ())
    roles = boards.cards_of(rs, BOARD, ())[0]
    drawn = moon.of_game(rs.moon, {}, roles, cmd.seed)
    assert len(drawn) == len(rs.moon.signs) and moon.problem(rs.moon, drawn, roles) is None
    assert drawn == moon.of_game(rs.moon, {}, roles, cmd.seed)  # the same seed, the same draw
    todo = moon.unwritten(rs.moon, drawn)
    assert todo  # most events wait to be written: the draw is refused, naming them
    assert check_start(rs, cmd) == f"新月事件尚未实现（导演随机抽取的新月配置）：{'、'.join(todo)}。"


def start(rs: Ruleset, moon: tuple[tuple[str, str], ...], on: bool = True) -> c.Start:
    names = tuple(f"角色{i}" for i in range(1, len(rs.boards[BOARD].cards) + 1))
    return c.Start(at=T0, seed=3, names=names, template=BOARD, options=(("新月扩展", on),), moon=moon)


def test_the_game_keeps_its_configuration() -> None:
    rs = moon_on()
    game = Game.start(rs, start(rs, (("白羊座", "魔法水晶球"),)))
    assert game.st.moon == {"白羊座": "魔法水晶球"}
    assert game.fingerprint()["moon"] == game.st.moon


@pytest.mark.parametrize(
    ("moon", "on", "why"),
    [
        ((("白羊座", "魔法水晶球"),), False, "新月配置只在新月扩展开启时使用。"),
        ((("白羊座", "魔法水晶球"), ("白羊座", "邪恶仪式")), True, "每个星座只能对应一个新月事件"),
        ((("蛇夫座", "魔法水晶球"),), True, "「蛇夫座」不是星座"),
        ((("白羊座", "流星雨"),), True, "「流星雨」不是新月事件"),
        ((("白羊座", "魔法水晶球"), ("金牛座", "魔法水晶球")), True, "同一个新月事件只能对应一个星座"),
    ],
)
def test_a_wrong_configuration_is_refused_with_the_reason(
    moon: tuple[tuple[str, str], ...], on: bool, why: str
) -> None:
    rs = moon_on()
    problem = check_start(rs, start(rs, moon, on))
    assert problem is not None and why in problem
    with pytest.raises(Refusal):
        Game.start(rs, start(rs, moon, on))


def test_the_configuration_survives_the_store_round_trip() -> None:
    cmd = start(moon_on(), (("白羊座", "魔法水晶球"),))
    assert c.from_dict(cmd.as_dict()) == cmd


def test_a_scenario_names_its_configuration(tmp_path: Path) -> None:
    file = tmp_path / "moon.yaml"
    file.write_text(
        "ruleset: wuyu_town\n新月配置: {白羊座: 魔法水晶球, 金牛座: 邪恶仪式}\n"
        "players:\n  - {name: 甲, role: 狼人}\n  - {name: 乙, role: 村民}\nscript: []\n",
        encoding="utf-8",
    )
    assert read(str(file)).moon == (("白羊座", "魔法水晶球"), ("金牛座", "邪恶仪式"))
    with pytest.raises(Malformed, match="新月配置只在新月扩展开启时使用"):
        Runner(read(str(file)))  # the runner starts the game with it, and 新月扩展 is off


def test_a_scenario_s_configuration_is_a_mapping(tmp_path: Path) -> None:
    file = tmp_path / "moon.yaml"
    file.write_text(
        "ruleset: wuyu_town\n新月配置: [白羊座]\nplayers:\n  - {name: 甲, role: 狼人}\n  - {name: 乙, role: 村民}\nscript: []\n",
        encoding="utf-8",
    )
    with pytest.raises(Malformed, match="新月配置 应为"):
        read(str(file))
