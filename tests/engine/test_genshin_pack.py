"""165's wolf pack: the [群内] team's one 杀人, 缴械 on one member shutting it for all, 超度 taking one
member's, and the [接刀] relay that holds the kill only while no [群内] is in and free; on hand-made
boards whose roles still to be written play without skills."""

from __future__ import annotations

from dataclasses import replace

from engine import cards, knife, legal
from engine import commands as c
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import T0, run_to, run_to_step

BOARD = ("黑狼王", "幼狼", "女巫", "白痴", "猎人", "骑士", "熊", "石像鬼")


def start(*board: str) -> Game:
    names = tuple("甲乙丙丁戊己庚辛壬癸"[: len(board)])
    cmd = c.Start(at=T0, seed=1, names=names, roles=tuple((r,) for r in board), options=(("自定板子", True),))
    return Game.start(load_ruleset("genshin_165"), cmd)


def why_not_kill(game: Game, no: int) -> str | None:
    seat = game.st.seat(no)
    held = cards.find(game, seat, "杀人")
    return legal.unavailable(game, seat, held.skill) if held else "不持有杀人"


def at_the_kill(*board: str) -> Game:
    game = start(*board)
    run_to_step(game, "深夜")
    return game


def test_every_member_may_send_the_one_kill() -> None:
    game = at_the_kill(*BOARD)
    assert why_not_kill(game, 1) is None and why_not_kill(game, 2) is None
    assert "狼群" in game.st.seat(1).teams and "狼群" not in game.st.seat(8).teams


def test_disarmed_member_shuts_the_kill_for_the_whole_group() -> None:
    game = at_the_kill(*BOARD)
    game.grant_status(2, "缴械", source=3, until="night_end", uses=None, rule="test", quiet=True)
    assert "你处于[缴械]状态" in (why_not_kill(game, 2) or "")
    assert "狼群中有角色处于[缴械]状态，整个狼群不能发动杀人" in (why_not_kill(game, 1) or "")
    game.remove_statuses(game.st.seat(2), lambda s: s.name == "缴械")
    assert why_not_kill(game, 1) is None


def test_frozen_member_is_disarmed_too() -> None:
    game = at_the_kill(*BOARD)
    game.grant_status(1, "冰冻", source=3, until="night_end", uses=None, rule="test", quiet=True)
    assert "整个狼群不能发动杀人" in (why_not_kill(game, 2) or "")


def test_a_disarmed_seat_out_of_the_game_no_longer_shuts_the_kill() -> None:
    game = at_the_kill(*BOARD)
    game.grant_status(2, "缴械", source=3, until="permanent", uses=None, rule="test", quiet=True)
    game.st.seat(2).alive = False
    game.changed()
    assert why_not_kill(game, 1) is None


def test_a_released_member_loses_the_tag_and_the_kill_its_mates_keep_it() -> None:
    game = at_the_kill(*BOARD)
    game.grant_status(2, "超度", source=3, until="night_end", uses=None, rule="test", quiet=True)
    assert "群内" not in cards.tags(game, game.st.seat(2))
    assert why_not_kill(game, 2) == "不持有杀人"
    assert why_not_kill(game, 1) is None
    game.remove_statuses(game.st.seat(2), lambda s: s.name == "超度")
    assert why_not_kill(game, 2) is None  # 直到状态消除才还原


def test_the_relay_waits_while_a_group_member_is_in_and_free() -> None:
    game = at_the_kill("黑狼王", "幼狼", "石像鬼", "寂夜导师", "女巫", "白痴", "猎人", "骑士")
    knife.update(game)
    assert game.st.knife.get("接刀", 0) == 0 and why_not_kill(game, 3) == "不持有杀人"
    game.grant_status(1, "超度", source=5, until="night_end", uses=None, rule="test", quiet=True)
    game.grant_status(2, "超度", source=5, until="night_end", uses=None, rule="test", quiet=True)
    knife.update(game)
    assert game.st.knife.get("接刀", 0) == 0  # a passing 超度 is not 永久的[业炎/净化]


def test_the_first_relay_bearer_takes_the_kill_once_the_group_is_out_and_gives_it_back() -> None:
    game = at_the_kill("黑狼王", "幼狼", "寂夜导师", "石像鬼", "女巫", "白痴", "猎人", "骑士")
    out(game, 1, 2)
    knife.update(game)
    assert game.st.knife["接刀"] == 4  # 石像鬼 comes before 寂夜导师 in the order (L718)
    assert why_not_kill(game, 4) is None and why_not_kill(game, 3) == "不持有杀人"
    assert any(m.to.seat == 4 and "你[接刀]：你现在持有技能<杀人>" in m.text for m in game.out)
    game.st.seat(2).alive = True  # revived: 不再接刀，由[群内]进行出刀
    game.changed()
    knife.update(game)
    assert game.st.knife.get("接刀", 0) == 0 and why_not_kill(game, 4) == "不持有杀人"
    assert any(m.to.seat == 4 and "你不再[接刀]" in m.text for m in game.out)


def test_a_group_all_under_a_permanent_purge_hands_the_kill_on_until_it_clears() -> None:
    game = at_the_kill("黑狼王", "幼狼", "石像鬼", "女巫", "白痴", "猎人", "骑士")
    game.grant_status(1, "业炎", source=4, until="permanent", uses=None, rule="test", quiet=True)
    knife.update(game)
    assert game.st.knife.get("接刀", 0) == 0
    game.grant_status(2, "净化", source=4, until="permanent", uses=None, rule="test", quiet=True)
    knife.update(game)
    assert game.st.knife["接刀"] == 3 and why_not_kill(game, 3) is None
    game.remove_statuses(game.st.seat(2), lambda s: s.name == "净化")
    knife.update(game)
    assert game.st.knife.get("接刀", 0) == 0


def out(game: Game, *nos: int) -> None:
    for no in nos:
        seat = game.st.seat(no)
        seat.alive, seat.out_phase, seat.out_cause = False, game.st.phase_key, "测试"
    game.changed()


def scholar_at_night() -> Game:
    """狼学者 at 深夜, his 诡辩 played without its part still to be written (票数+1)."""
    rs = load_ruleset("genshin_165")
    scholar = rs.roles["狼学者"]
    live = replace(scholar, skills={"诡辩": replace(scholar.skills["诡辩"], todo=None)})
    names = tuple("甲乙丙丁戊己庚辛")
    board = ("狼学者", "幼狼", "女巫", "白痴", "猎人", "骑士", "熊", "守卫")
    cmd = c.Start(at=T0, seed=1, names=names, roles=tuple((r,) for r in board), options=(("自定板子", True),))
    game = Game.start(replace(rs, roles={**rs.roles, "狼学者": live}), cmd)
    run_to_step(game, "深夜")
    return game


def test_a_guess_names_any_role_and_strikes_only_a_seat_dealt_it() -> None:
    game = scholar_at_night()
    wrong = game.apply(c.Act(at=game.st.now, seat=1, skill="诡辩", targets=(3,), choice="预言家学徒"))
    assert not wrong.accepted and "诡辩需要选择" in wrong.reply
    assert game.apply(c.Act(at=game.st.now, seat=1, skill="诡辩", targets=(3,), choice="白痴")).accepted
    run_to(game, "day", 2)
    assert "迷魂" not in {s.name for s in game.st.seat(3).statuses}


def test_a_right_guess_leaves_the_target_entranced_for_good() -> None:
    game = scholar_at_night()
    assert game.apply(c.Act(at=game.st.now, seat=1, skill="诡辩", targets=(3,), choice="女巫")).accepted
    run_to(game, "day", 2)
    held = [s for s in game.st.seat(3).statuses if s.name == "迷魂"]
    assert held and held[0].until == "permanent"
    assert not any(m.to.seat == 1 and "迷魂" in m.text for m in game.out)
