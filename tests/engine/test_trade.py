"""富商<交易>'s mechanisms: the effect `ask` (a seat asked at once, the resolution waiting), a prompt's
`default` (不回应视为拒绝), the conditions `given_by_actor` / `gave_actor`, and the status capability
`immune_to_giver` (仅针对该角色的[隐身]; a [团队] skill's source drawn among its team)."""

from __future__ import annotations

from pathlib import Path

from engine import commands as c
from engine import conditions, targeting
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.state import StatusInstance
from tests.engine.builders import act, at, own_board, played

ROLES = ("富商", "黑狼王", "幼狼", "女巫", "白痴", "守卫", "预言家", "通灵师", "猎人")
PLAYERS = "\n".join(f"  - {{name: {n}, role: {r}}}" for n, r in zip("甲乙丙丁戊己庚辛壬", ROLES, strict=True))
REFUSED = f"""ruleset: genshin_165
seed: 1
options: {{自定板子: true}}
players:
{PLAYERS}
script:
  - day: 1
    after:
      - {{by: 甲, skill: 交易, targets: [庚]}}
      - {{by: 庚, skill: 交易应答, choice: 拒绝}}
"""


def _at_trade_answer(target: int) -> Game:
    """A game whose 富商 (seat 1) has sent 交易 on ``target`` and whose answer is now asked."""
    game = own_board(load_ruleset("genshin_165"), ROLES)
    for _ in range(200):
        st = game.st
        if st.phase == "dusk" and game.rs.steps(st.phase)[st.step].name == "黄昏（3）（4）" and st.deadline:
            break
        deadline = game.next_deadline()
        assert deadline is not None
        game.tick(deadline)
    act(game, 1, "交易", target)
    for _ in range(20):
        if game.st.prompt is not None:
            break
        deadline = game.next_deadline()
        assert deadline is not None
        game.tick(deadline)
    return game


def test_ask_waits_for_the_answer_and_a_pass_takes_the_default() -> None:
    game = _at_trade_answer(4)
    prompt = game.st.prompt
    assert prompt is not None and (prompt.seat, prompt.skill) == (4, "交易应答")
    assert not any(s.name == "拒绝交易" for s in game.st.seat(4).statuses)
    result = game.apply(c.Pass(at=at(game), seat=4))
    assert result.accepted and "已按默认选择：拒绝" in result.reply
    assert game.st.prompt is None
    assert any(s.name == "拒绝交易" for s in game.st.seat(4).statuses)
    assert [(s.name, s.source) for s in game.st.seat(1).statuses if s.name == "交易隐身"] == [("交易隐身", 4)]


def test_given_by_actor_and_gave_actor_read_the_status_giver(tmp_path: Path) -> None:
    st = played(tmp_path, REFUSED).st  # 甲 holds [交易隐身] given by 庚 (7), who refused
    given = {"given_by_actor": ["交易隐身"]}
    assert conditions.holds(given, st.seat(1), 7, st)
    assert not conditions.holds(given, st.seat(1), 2, st)
    assert not conditions.holds(given, st.seat(6), 7, st)
    gave = {"gave_actor": ["交易隐身"]}
    assert conditions.holds(gave, st.seat(7), 1, st)
    assert not conditions.holds(gave, st.seat(2), 1, st)
    assert not conditions.holds(gave, st.seat(7), 6, st)


def test_immune_to_giver_shuns_only_the_giver(tmp_path: Path) -> None:
    game = played(tmp_path, REFUSED)
    st, roles = game.st, game.rs.roles
    seer, medium = roles["预言家"].skills["预言"], roles["通灵师"].skills["通灵"]
    assert targeting.reached(game, [1], st.seat(7), seer) == []
    assert targeting.reached(game, [1], st.seat(8), medium) == [1]
    assert targeting.reached(game, [2], st.seat(7), seer) == [2]


def test_a_team_skill_is_shunned_when_its_drawn_source_is_the_giver(tmp_path: Path) -> None:
    game = played(tmp_path, REFUSED)
    st = game.st
    st.seat(1).statuses = [s for s in st.seat(1).statuses if s.name != "交易隐身"]
    st.seat(1).statuses.append(StatusInstance("交易隐身", source=2))
    kill = game.rs.card_tags["群内"].skills["杀人"]
    seen = {tuple(targeting.reached(game, [1], st.seat(3), kill)) for _ in range(40)}
    assert seen == {(), (1,)}  # 随机一群内成为该技能的来源: 乙 (the giver) or 丙
    seer = game.rs.roles["预言家"].skills["预言"]
    assert targeting.reached(game, [1], st.seat(3), seer) == [1]  # 丙's own skill: not the giver's
