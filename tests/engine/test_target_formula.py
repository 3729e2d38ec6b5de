"""`targets` as a formula of the living seats (天狗吞月: 5名玩家与当夜存活人数的1/3（向下取整）中的较小者),
and a skill given during play bringing the statuses held with it (不归)."""

from __future__ import annotations

from pathlib import Path

from engine import legal
from tests.engine.builders import played


def board(n: int) -> str:
    seats = "\n".join(f"  - {{name: 角色{i}, role: {'预言家' if i > 2 else '狙击手'}}}" for i in range(2, n + 1))
    return f"""\
ruleset: genshin_165
options: {{自定板子: true}}
players:
  - {{name: 角色1, role: 大天狗}}
{seats}
script:
  - setup: true
    acts:
      - {{by: 角色1, skill: 家国抉择, choice: 远征}}
"""


def test_the_count_follows_the_living_seats_and_stops_at_five(tmp_path: Path) -> None:
    game = played(tmp_path, board(7))
    skill = game.rs.skill("天狗吞月")
    assert skill is not None and skill.needs_targets and not skill.automatic
    assert legal.target_count(game, skill) == (2, 2)
    game.st.seat(7).alive = False
    assert legal.target_count(game, skill) == (2, 2)
    game.st.seat(6).alive = False
    assert legal.target_count(game, skill) == (1, 1)
    big = played(tmp_path, board(18))
    assert legal.target_count(big, skill) == (5, 5)


def test_a_fixed_count_is_the_skills_own(tmp_path: Path) -> None:
    game = played(tmp_path, board(7))
    skill = game.rs.skill("狙击")
    assert skill is not None and legal.target_count(game, skill) == (1, 1)


def test_a_skill_given_in_play_brings_its_statuses(tmp_path: Path) -> None:
    game = played(tmp_path, board(7))
    assert "不归" in game.st.seat(1).card.skills
    assert any(s.name == "不归" for s in game.st.seat(1).statuses)
