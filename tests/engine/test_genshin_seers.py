"""[165] 原神's 验人系 and village roles (000 L172–295) beside the engine pieces they use: a hand-made
board (自定板子) dealing a role still `todo`, the [翻牌] notice in the ruleset's words, a [强制]
reaction to an exile, feedback naming the 实际阵营, guards from one camp, seats counted top (替死),
statuses to the next day's 黄昏."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from engine import cards, guard
from engine import commands as c
from engine.cards import held_skills
from engine.errors import RulesetError
from engine.game import Game, check_start
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import T0, played, run_to

RS = load_ruleset("genshin_165")
ROOT = Path(__file__).resolve().parents[2]


def played_text(text: str) -> Game:
    with tempfile.TemporaryDirectory() as tmp:
        return played(Path(tmp), text)


NAMES = ("甲", "乙", "丙", "丁", "戊")


def _start(roles: tuple[str, ...], **options: object) -> c.Start:
    return c.Start(
        at=T0, seed=1, names=NAMES[: len(roles)], roles=tuple((r,) for r in roles), options=tuple(options.items())
    )


def test_the_post_s_board_still_refuses_a_role_still_todo() -> None:
    refusal = check_start(RS, _start(("预言家", "女巫", "猎人", "黑狼王", "吹笛")))
    assert refusal is not None


def test_the_reveal_notice_names_the_seat_and_role_but_not_the_skill() -> None:
    assert RS.notices.reveal.format(name="甲", skill="决斗", role="骑士") == "甲翻牌，实际身份为骑士。"
    assert load_ruleset("m216_mask").notices.reveal.format(name="甲", skill="决斗", role="骑士") == (
        "甲翻牌发动<决斗>：当前身份为骑士。"
    )


def test_a_reveal_notice_with_an_unknown_field_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "genshin_165"
    shutil.copytree(ROOT / "rulesets" / "genshin_165", target)
    path = target / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("实际身份为{role}", "实际身份为{camp}"), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    assert any("reveal 只能用" in str(p) for p in caught.value.problems)


IDIOT = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 白痴}
  - {name: 乙, role: 灵能}
  - {name: 丙, role: 猎人}
  - {name: 丁, role: 黑狼王}
  - {name: 戊, role: 渊狼}  # a second wolf: 丁's out does not end the game
script:
  - day: 1
    votes: {乙: 甲, 丙: 甲, 丁: 甲}
"""


def test_a_forced_reaction_to_an_exile_fires_without_a_prompt(tmp_path: Path) -> None:
    game = played(tmp_path, IDIOT)
    idiot = game.st.seat(1)
    assert idiot.alive and idiot.card.revealed
    assert idiot.has_status("霸道") and idiot.has_status("大难不死")
    assert not any(e.kind == "timeout" and "白痴" in e.text for e in game.st.log)  # (窥天 is the wolves')


def test_feedback_names_the_subject_s_actual_camp(tmp_path: Path) -> None:
    text = IDIOT.replace("    votes: {乙: 甲, 丙: 甲, 丁: 甲}\n", "    votes: {乙: 丁, 丙: 丁, 甲: 丁}\n")
    text += "  - night: 1\n    acts:\n      - {by: 乙, skill: 感知, targets: [丁]}\n"
    game = played(tmp_path, text)
    feedback = [e.text for e in game.st.log if e.kind == "feedback"]
    assert any("丁是狼人阵营" in line for line in feedback)


def test_a_guard_from_one_camp_stops_only_hits_whose_source_is_of_it() -> None:
    game = Game.start(RS, _start(("守卫", "女巫", "猎魔人", "黑狼王", "吹笛"), 自定板子=True))
    game.grant_status(2, "坚韧（对狼人阵营）", source=1, until="permanent", uses=None, rule="测试")
    target = game.st.seat(2)
    assert guard.first_guard(game, target, guard.Hit(("指杀",), "strike", "指杀", source=4), ()) is not None
    assert guard.first_guard(game, target, guard.Hit(("指杀",), "strike", "指杀", source=3), ()) is None
    assert guard.first_guard(game, target, guard.Hit(("指杀",), "strike", "指杀", source=5), ()) is None
    assert guard.first_guard(game, target, guard.Hit(("指杀",), "strike", "指杀"), ()) is None
    assert guard.first_guard(game, target, guard.Hit(("致死伤害",), "strike", "致死伤害", source=4), ()) is None


SCAPEGOATS = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 替罪羊}
  - {name: 乙, role: 替罪羊}
  - {name: 丙, role: 猎人}
  - {name: 丁, role: 黑狼王}
  - {name: 戊, role: 灵能}
script:
  - day: 1
    acts:
      - {by: 甲, skill: 替死}
      - {by: 乙, skill: 替死}
    votes: {丙: 丁, 戊: 丁}
"""


def test_seats_counted_top_tie_whatever_the_votes() -> None:
    # 多个[替死]发动时，这些角色全部视作最高票平票，可以触发[冤死]: the first 替罪羊 answers the tie.
    game = played_text(SCAPEGOATS)
    assert [s.no for s in game.st.seats if not s.alive] == [1]
    assert any("平票" in e.text and "冤死" in e.text for e in game.st.log)


def test_a_status_to_the_next_day_s_dusk_outlasts_the_dusk_it_was_granted_in() -> None:
    text = SCAPEGOATS.replace("      - {by: 乙, skill: 替死}\n", "")
    text += "    after:\n      - {by: 甲, skill: 迷魂羊肉, targets: [丁]}\n"
    game = played_text(text)
    assert game.st.seat(4).has_status("迷魂")
    run_to(game, "night", 2)
    assert not game.st.seat(4).has_status("迷魂")


BEARS = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 熊}
  - {name: 乙, role: 黑狼王}
  - {name: 丙, role: 熊}
  - {name: 丁, role: 灵能}
  - {name: 戊, role: 熊}
  - {name: 己, role: 女巫}
script:
  - day: 1
"""


def test_a_once_verb_to_the_seats_beside_runs_once_and_waits_for_the_next_dawn() -> None:
    # 甲 and 丙 sit beside the wolf 乙: two roars, at 开门, not at the 黄昏 they were judged in.
    game = played_text(BEARS)
    roars = [e for e in game.st.log if e.kind == "announce" and e.text == "熊咆哮了。"]
    assert len(roars) == 2
    assert ("held", "熊咆哮了。") in game.st.held


def test_a_skill_left_unmade_is_made_at_random_though_not_forced() -> None:
    text = BEARS.replace("{name: 戊, role: 熊}", "{name: 戊, role: 摄梦人}") + "  - night: 1\n"
    game = played_text(text)
    assert any(e.kind == "timeout" and "随机选择" in e.text and "摄梦" in e.text for e in game.st.log)
    assert sum(seat.has_status("梦痕") for seat in game.st.seats) == 1
    assert not RS.roles["摄梦人"].skills["摄梦"].forced


def test_a_mark_to_the_next_night_s_end_outlasts_the_night_it_was_granted_in() -> None:
    text = BEARS.replace("{name: 戊, role: 熊}", "{name: 戊, role: 摄梦人}")
    text += "  - night: 1\n    acts:\n      - {by: 戊, skill: 摄梦, targets: [丁]}\n"
    game = played_text(text)
    assert game.st.seat(4).has_status("梦痕") and not game.st.seat(4).has_status("梦境")
    run_to(game, "night", 2)
    run_to(game, "day", 3)
    assert not game.st.seat(4).has_status("梦痕")


FOX = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 黑狼王}
  - {name: 乙, role: 狐狸}
  - {name: 丙, role: 吹笛}
  - {name: 丁, role: 幼狼}
script:
  - day: 1
  - night: 1
    acts:
      - {by: 乙, skill: 狡黠, targets: [TARGET]}
"""


def test_a_seat_and_its_neighbours_seen_alike_are_told_as_one_side() -> None:
    game = played_text(FOX.replace("TARGET", "丁"))  # 丁 between 丙 (三方) and 甲 (首尾相邻)
    assert any(e.kind == "feedback" and "1号甲、3号丙、4号丁都为<非村民阵营>" in e.text for e in game.st.log)
    assert "狡黠" not in cards_held(game, 2)
    mixed = played_text(FOX.replace("TARGET", "甲"))  # 甲 between 丁 and 乙 (村民)
    assert any(e.kind == "feedback" and "气息杂乱无法分辨" in e.text for e in mixed.st.log)
    assert "狡黠" in cards_held(mixed, 2)


def cards_held(game: Game, no: int) -> list[str]:
    return [s.name for s in held_skills(game, game.st.seat(no))]


SEER = """\
ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 预言家}
  - {name: 乙, role: 灵能}
  - {name: 丙, role: 猎人}
  - {name: 丁, role: 黑狼王}
  - {name: 戊, role: 渊狼}  # a second wolf: 丁's out does not end the game
script:
  - day: 1
  - night: 1
    acts:
      - {by: 甲, skill: 预言, targets: [丁]}
  - day: 2
    votes: {VOTES}
"""


def test_an_out_by_the_vote_sets_off_a_trigger_naming_no_roles_with_that_seat_its_target() -> None:
    game = played_text(SEER.replace("{VOTES}", "{甲: 丁, 乙: 丁}"))
    seer = cards.find(game, game.st.seat(1), "预言")
    assert seer is not None and seer.state.swift == 1 and seer.state.swift_night == 2
    providence = cards.find(game, game.st.seat(1), "天意")
    assert providence is None or providence.state.lost  # <限定>: gone once used
    unvoted = played_text(SEER.replace("{VOTES}", "{乙: 丁, 丙: 丁}"))
    seer = cards.find(unvoted, unvoted.st.seat(1), "预言")
    assert seer is not None and seer.state.swift == 0
