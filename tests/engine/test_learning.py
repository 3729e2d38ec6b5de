"""学习 (engine/learning.py) and the learner's table (engine/ruleset/learned_table.py): a row's skills
come with their own role's definition, a row not written tells the directors, a role the table leaves
out gives its own kit, the look copies the target's, lent skills end as the next night opens, a row
reading a host gives the row of the role that host was dealt, one following faces tracks the card on top,
one copying faces hands the learner copies of the 底牌 and asks at once for one, 训熊's rewrite of the
held notices counts only the first time, and a learned skill keeps its own range beside a same-named skill of another role."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine import cards, effects, faces, feedback_verbs, kits, learning, legal, messages, queue
from engine.game import Game
from engine.ruleset import learned_table, yamlsrc
from engine.ruleset.context import Context
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Effect
from tests.engine.builders import own_board, run_to

RS = load_ruleset("genshin_165")
ID = learning.Learning(identity=True)
BOARD = ("机械狼", "守卫", "雪狼", "预言家", "黑狼王", "幼狼", "女巫", "猎人")


def _game() -> Game:
    game = own_board(RS, BOARD)
    run_to(game, "night", 1)
    game.out.clear()
    return game


def _directors(game: Game) -> list[str]:
    return [m.text for m in game.out if m.to == messages.DIRECTORS]


def test_a_rows_skills_keep_their_own_roles_definition() -> None:
    game = _game()
    assert learning.learn(game, 1, 2, "学习", ID) == ["深渊"]
    state = game.st.seat(1).card.skills["深渊"]
    assert state.of_role == "渊狼" and "模式选择" not in game.st.seat(1).card.skills
    assert _directors(game) == []


def test_a_row_not_written_tells_the_directors_and_gives_only_its_skills(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(RS.learned, "雪狼", replace(RS.learned["雪狼"], todo="只能选择其他目标"))
    game = _game()
    assert learning.learn(game, 1, 3, "学习", ID) == ["雪隐", "暴风雪"]  # its row's skills, the rest not written
    told = _directors(game)
    assert len(told) == 1 and "雪狼" in told[0] and "只能选择其他目标" in told[0], told


def test_a_role_left_out_gives_its_own_kit_and_the_look_is_the_targets() -> None:
    game = _game()
    assert "预言" in learning.learn(game, 1, 4, "学习", learning.Learning(look="机械"))
    mine = [s for s in game.st.seat(1).statuses if s.name == "机械"]
    assert [s.look for s in mine] == [("村民阵营", "预言家", "无刀")]


def test_lent_skills_end_as_the_next_night_opens() -> None:
    game = _game()
    learning.learn(game, 1, 4, "食尸", learning.Learning(lent=True))
    learning.night_opens(game)  # the same night: nothing ends
    assert "预言" in game.st.seat(1).card.skills
    run_to(game, "night", 2)
    assert "预言" not in game.st.seat(1).card.skills and game.st.seat(1).lent == []


def _told(game: Game, seat: int) -> list[str]:
    return [m.text for m in game.out if m.to == messages.seat(seat)]


def test_a_host_row_gives_the_row_of_the_role_the_host_was_dealt() -> None:
    game = own_board(RS, ("机械狼", "混血儿", "守卫", "预言家", "黑狼王", "幼狼", "女巫", "猎人"))
    run_to(game, "night", 1)
    kits.attach(game, 2, 3, (), "认亲", kit=False)
    game.out.clear()
    assert learning.learn(game, 1, 2, "学习", ID) == ["深渊"]  # 守卫's row, not 混血儿's nothing
    told = _told(game, 1)
    assert "被混者的初始身份为守卫。" in told and not any("3号" in t for t in told), told


def test_a_host_row_without_a_host_gives_nothing() -> None:
    game = own_board(RS, ("机械狼", "影子", "守卫", "预言家", "黑狼王", "幼狼", "女巫", "猎人"))
    run_to(game, "night", 1)
    game.st.seat(2).host = 0
    game.out.clear()
    assert learning.learn(game, 1, 2, "学习", ID) == []
    assert any(t.endswith("尚无影子主人。") for t in _told(game, 1)), _told(game, 1)


def test_a_faces_row_follows_the_card_on_top() -> None:
    game = own_board(RS, ("机械狼", "变脸者", "守卫", "预言家", "黑狼王", "幼狼", "女巫", "猎人"))
    run_to(game, "night", 1)
    changer = game.st.seat(2)
    changer.faces = ["守卫", "猎人"]
    assert learning.learn(game, 1, 2, "学习", ID) == []  # 尚未变脸则无技能
    faces.put_on_top(game, 2, "守卫", "变脸")
    learning.follow_faces(game)
    assert "深渊" in game.st.seat(1).card.skills  # the 守卫's row, not the 守卫's kit
    run_to(game, "night", 2)  # past 黄昏: the card stays on top, and so does his kit
    assert "深渊" in game.st.seat(1).card.skills
    faces.put_on_top(game, 2, "猎人", "变脸")
    learning.follow_faces(game)
    mine = game.st.seat(1).card.skills
    assert "深渊" not in mine and "最后一枪" in mine, sorted(mine)


def test_a_copying_row_hands_over_the_cards_and_asks_for_one_at_once() -> None:
    game = own_board(RS, ("机械狼", "双重人格", "守卫", "预言家", "黑狼王", "幼狼", "女巫", "猎人"))
    run_to(game, "night", 1)
    two = game.st.seat(2)
    two.faces, two.face = ["守卫", "黑狼王"], "守卫"
    assert learning.learn(game, 1, 2, "学习", ID) == ["主人格"]  # 双重人格's row, not the 守卫 on top
    me = game.st.seat(1)
    assert me.faces == ["守卫", "黑狼王"] and me.face == "" and two.faces == ["守卫", "黑狼王"]
    held = cards.find(game, me, "主人格")
    assert held is not None and held.skill.role == "机械狼"
    assert legal.choice_words(game, me, held.skill) == ("守卫", "黑狼王")
    asks = [a for a in game.st.work if isinstance(a, queue.Ask) and a.seat == 1]
    assert [a.skill for a in asks] == ["主人格"], game.st.work


def test_a_learned_skill_keeps_its_own_range_beside_a_same_named_one() -> None:
    game = own_board(RS, ("机械狼", "圣裁者", "上帝使徒", "预言家", "黑狼王", "幼狼", "女巫", "猎人"))
    run_to(game, "night", 1)
    assert "裁决" in learning.learn(game, 1, 2, "学习", ID)
    game.grant_status(3, "机械裁决目标", source=1, until="night_end", uses=None, rule="异端")
    ranges = {}
    for no in (2, 1):  # the 圣裁者's first, as the steps ask the seats in order
        held = cards.find(game, game.st.seat(no), "裁决")
        assert held is not None
        ranges[no] = [o.no for o in legal.legal_targets(game, game.st.seat(no), held.skill)]
    assert ranges == {1: [3], 2: []}, ranges  # 圣裁者<裁决> reads [裁决目标], 机械狼<裁决> [机械裁决目标]


@pytest.mark.parametrize(
    ("row", "why"),
    [
        ("无此身份: {skills: [预言]}", "学习表的身份 无此身份 未定义"),
        ("守卫: {skills: [渊狼<无此技能>]}", "学习表 守卫 的技能 渊狼<无此技能> 未定义"),
        ("守卫: {text: 守卫}", "应写 skills"),
    ],
)
def test_a_bad_row_is_refused(tmp_path: Path, row: str, why: str) -> None:
    file = tmp_path / "table.yaml"
    file.write_text(f"learned:\n  {row}\n", encoding="utf-8")
    ctx = Context()
    learned_table.learned(yamlsrc.load(file, "table.yaml"), RS, ctx)
    assert any(why in str(p) for p in ctx.problems), ctx.problems


def test_rewrite_held_tells_the_count_and_only_the_first_rewrite_counts() -> None:
    game = _game()
    game.st.held = [("held", "熊咆哮了。"), ("held", "别的公示。")]
    verb = Effect("rewrite_held", "熊咆哮了。")
    feedback_verbs.rewrite_held(effects.Ctx(game, actor=1, choice="2", rule="训熊"), verb, [])
    feedback_verbs.rewrite_held(effects.Ctx(game, actor=2, choice="0", rule="训熊"), verb, [])
    assert game.st.held.count(("held", "熊咆哮了。")) == 2 and ("held", "别的公示。") in game.st.held
    assert "明天将公示「熊咆哮了。」1次。" in _told(game, 1)
    assert "已有先发动的修改，本次修改无效。" in _told(game, 2) and "明天将公示「熊咆哮了。」2次。" in _told(game, 2)
