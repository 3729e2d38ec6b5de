"""165's 胜负判定: conditions judged as each 阶段 ends, 屠城 at once, and the 警长's camp in a 僵持."""

from __future__ import annotations

from engine import commands as c
from engine.game import Game
from engine.phases import Phase
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import at, new_game, own_board, run_to

# 甲 乙 [群内], 丙 a 狼 without a tag, then four 村民: 7 players, round(7 × 0.3) = 2 狼人 out loses.
BOARD = ("噬时狼妃", "狼祭司", "机械狼", "上帝使徒", "赏金猎人", "锈剑骑士", "圣女")


def genshin_game() -> Game:
    return own_board(load_ruleset("genshin_165"), BOARD)


def kill(game: Game, seat: int) -> None:
    assert game.apply(c.Ruling(at=at(game), what="kill", seat=seat)).accepted


def test_a_loss_met_by_day_waits_for_the_end_of_the_stage() -> None:
    game = genshin_game()
    run_to(game, "day", 1)
    kill(game, 1)
    kill(game, 2)
    assert game.st.lost_camps == [] and game.st.winner is None and game.st.phase == Phase.DAY
    deadline = game.next_deadline()
    assert deadline is not None
    game.tick(deadline)  # 关门: the day is over
    assert game.st.lost_camps == ["狼人阵营"]
    assert game.st.winner == "村民阵营"


def test_the_living_all_of_one_camp_win_at_once() -> None:
    game = genshin_game()
    run_to(game, "day", 1)
    for seat in (1, 2, 3):
        kill(game, seat)
    assert game.st.phase == Phase.OVER and game.st.winner == "村民阵营"
    assert any("场上仅有一个阵营的角色存活" in e.text for e in game.st.log if e.kind == "victory")


def test_a_stalemate_gives_the_win_to_the_sheriffs_camp() -> None:
    game = genshin_game()
    run_to(game, "day", 1)
    refused = game.apply(c.Ruling(at=at(game), what="stalemate"))
    assert not refused.accepted and "现在没有警长" in refused.reply
    game.st.sheriff = 3
    game.st.lost_camps.append("狼人阵营")
    refused = game.apply(c.Ruling(at=at(game), what="stalemate"))
    assert not refused.accepted and "狼人阵营已经判负" in refused.reply
    game.st.lost_camps.clear()
    result = game.apply(c.Ruling(at=at(game), what="stalemate", reason="多方僵持"))
    assert result.accepted and game.st.winner == "狼人阵营"
    assert any(m.text == "【游戏结束】狼人阵营获胜。" for m in result.messages)


def test_a_ruleset_without_the_rule_refuses_a_stalemate() -> None:
    game = new_game()
    run_to(game, "day", 1)
    refused = game.apply(c.Ruling(at=at(game), what="stalemate"))
    assert not refused.accepted and "本规则没有僵持时的判胜规则" in refused.reply
    assert game.st.winner is None


def test_two_red_cards_in_a_camp_lose_it_as_the_stage_ends() -> None:
    game = genshin_game()
    run_to(game, "day", 1)
    assert game.apply(c.Penalize(at=at(game), seat=4, card="红", reason="测试")).accepted
    assert game.st.lost_camps == []
    for _ in range(3):  # 累计三张黄牌合并为一张红牌
        assert game.apply(c.Penalize(at=at(game), seat=5, card="黄", reason="测试")).accepted
    assert game.st.lost_camps == [] and game.st.phase == Phase.DAY
    deadline = game.next_deadline()
    assert deadline is not None
    game.tick(deadline)
    assert game.st.lost_camps == ["村民阵营"] and game.st.winner == "狼人阵营"
