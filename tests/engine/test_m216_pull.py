"""磁狼<磁吸> (the ``pull`` verb, engine/targeting.py ``pulled``): tonight the [指定] skills of the
村民阵营 seats within 6 of the chosen seat, counting living seats round the 电梯楼, resolve on the
磁狼; several 磁吸 make each 磁狼 a [结算目标]; the user is told. A 噩梦之影 dealt to the 村民阵营
stands in for a villager with a [指定] skill used after 早夜1 (his 恐惧, 早夜2)."""

from __future__ import annotations

from dataclasses import replace

from engine import targeting
from engine.game import Game
from engine.ruleset.model import Ruleset
from tests.engine.builders import act, run_to_step
from tests.engine.test_knife import VILLAGERS, m216, out, start

FILLERS = ("灵能", "官员", "锈剑骑士", "药剂师", "潜行者", "天命人", "乌鸦", "长老")  # none acts in 早夜2


def village_nightmare() -> Ruleset:
    rs = m216()
    roles = {n: replace(r, todo=None) if n in FILLERS else r for n, r in rs.roles.items()}
    roles["噩梦之影"] = replace(roles["噩梦之影"], camp="村民阵营")
    return replace(rs, roles=roles)


def fear_after_pull(board: tuple[str, ...], center: int) -> tuple[Game, str]:
    game = start(*board, rs=village_nightmare())
    run_to_step(game, "早夜1")
    for no, seat in enumerate(game.st.seats, 1):
        if seat.role == "磁狼":
            assert act(game, no, "磁吸", center).accepted
    run_to_step(game, "早夜2")
    user = next(no for no, s in enumerate(game.st.seats, 1) if s.role == "噩梦之影")
    target = next(no for no, s in enumerate(game.st.seats, 1) if s.role == "纯白之女")
    result = act(game, user, "恐惧", target)
    assert result.accepted
    return game, "".join(m.text for m in result.messages if m.to.seat == user)


def feared(game: Game) -> list[str]:
    return [e.text for e in game.st.log if e.kind == "status" and "恐惧" in e.text]


def test_a_village_act_near_the_chosen_seat_resolves_on_the_magnet() -> None:
    game, told = fear_after_pull(("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS), center=4)
    assert "你的<恐惧>的结算目标被改变为1号甲。" in told and "磁吸" not in told  # the skill would tell his 身份
    assert feared(game) == ["1号甲（磁狼）获得状态[恐惧]"]


def test_several_magnets_are_each_a_target() -> None:
    game, told = fear_after_pull(("磁狼", "磁狼", "噩梦之影", *VILLAGERS), center=4)
    assert "结算目标被改变为1号甲、2号乙" in told
    assert feared(game) == ["1号甲（磁狼）获得状态[恐惧]", "2号乙（磁狼）获得状态[恐惧]"]


def test_seven_seats_away_is_out_of_reach_six_is_within() -> None:
    far = ("磁狼", "恶灵骑士", *VILLAGERS, *FILLERS[:3], "噩梦之影", *FILLERS[3:])  # 噩梦之影 is seat 9
    game, told = fear_after_pull(far, center=2)  # 2 → 9: seven seats either way round 14
    assert told == "" and feared(game) == ["3号丙（纯白之女）获得状态[恐惧]"]
    near = ("磁狼", "恶灵骑士", *VILLAGERS, *FILLERS[:2], "噩梦之影", *FILLERS[2:])  # seat 8: six away
    game, told = fear_after_pull(near, center=2)
    assert "结算目标被改变为1号甲" in told and feared(game) == ["1号甲（磁狼）获得状态[恐惧]"]


def test_the_ring_counts_living_seats_only() -> None:
    game = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS)
    assert targeting.ring_distance(game.st, 1, 6) == 1  # 首尾算作相邻
    assert targeting.ring_distance(game.st, 1, 4) == 3
    out(game, 2, 3)
    assert targeting.ring_distance(game.st, 1, 4) == 1
    assert targeting.ring_distance(game.st, 1, 3) is None
