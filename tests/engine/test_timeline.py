"""The timeline: typed phases and their properties, the `timeline:` section, 黄昏 steps, deadlines from 关门."""

from __future__ import annotations

import pickle
import re
import shutil
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from engine import commands as c
from engine import legal, texts
from engine.errors import RulesetError
from engine.game import Game
from engine.phases import PHASES, SUB_PHASES, Phase, SubPhase
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset
from engine.scenario.runner import Failed, Runner
from engine.scenario.spec import read
from engine.schedule import noon_refusal
from tests.engine.builders import BOARD, NAMES, T0, act, run_to

ROOT = Path(__file__).resolve().parents[2]
TZ = ZoneInfo("Asia/Shanghai")

# secret_number's night, cut into sub-phases and counted from 关门, its guard moved to a 黄昏 step
TIMELINE = """flow:
  first: day
timeline:
  开局:
    - {step: 丘比特, skills: [丘比特之箭]}
  黄昏:
    - {step: 守卫, skills: [守护之盾, 隔音之盾], after_close: 10}
  早夜:
    - {step: 吹笛者, skills: [吹笛], after_close: 30}
  深夜:
    - {step: 狼人, skills: [杀人], after_close: 80}
  凌晨:
    - {step: 女巫, skills: [通灵, 救药, 毒药], after_close: 90}
    - {step: 预言家, skills: [预言], after_close: 95}
    - {step: 指杀结算, after_close: 100}
    - {step: 毒药结算, after_close: 100}

schedule:"""


def _with_timeline(tmp_path: Path, timeline: str = TIMELINE) -> Path:
    target = tmp_path / "timed"
    shutil.copytree(ROOT / "rulesets" / "secret_number", target)
    path = target / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^flow:\n.*?^schedule:", timeline, text, count=1, flags=re.S | re.M)
    path.write_text(text, encoding="utf-8")
    return target


def _game(rs: Ruleset) -> Game:
    return Game.start(
        rs,
        c.Start(
            at=T0,
            seed=1,
            names=NAMES,
            roles=tuple((r,) for r in BOARD),
            secrets=tuple(range(1, len(BOARD) + 1)),
        ),
    )


def _local(moment: datetime | None) -> datetime:
    assert moment is not None
    return moment.astimezone(TZ)


def test_every_phase_has_properties_and_keeps_its_persisted_value() -> None:
    assert set(PHASES) == set(Phase)
    assert Phase("election") == "election" and Phase.NIGHT == "night"
    assert pickle.loads(pickle.dumps(Phase.DUSK)) is Phase.DUSK
    assert [p for p, props in PHASES.items() if props.votes] == [Phase.ELECTION, Phase.DAY]
    assert [p for p, props in PHASES.items() if props.stepped] == [Phase.SETUP, Phase.DUSK, Phase.NIGHT]
    # every sub-phase's steps run in a phase that steps, but the day's (正午, 白天), which is the vote
    assert set(SUB_PHASES) == set(SubPhase)
    assert {s for s, phase in SUB_PHASES.items() if not PHASES[phase].stepped} == {SubPhase.NOON, SubPhase.DAY}
    assert SUB_PHASES[SubPhase.DUSK] == Phase.DUSK and SUB_PHASES[SubPhase.MORNING] == Phase.NIGHT


def test_phase_titles_come_from_the_table() -> None:
    titles = [texts.phase_title(p, 2) for p in Phase]
    assert titles == ["开局", "竞选日", "第2天", "第2天黄昏", "第2夜", "第2夜后", "游戏结束"]
    assert texts.phase_title(Phase.DAWN, 0) == "开局结束"


def test_the_simple_posts_get_the_default_timeline() -> None:
    rs = load_ruleset("secret_number")
    assert [s.sub_phase for s in rs.setup_steps] == [SubPhase.OPENING]
    assert {s.sub_phase for s in rs.night_steps} == {SubPhase.NIGHT}
    assert rs.day_step.sub_phase == SubPhase.DAY
    assert rs.dusk_steps == () and not rs.counts_from_close


def test_m216_timeline_is_read_as_the_post_orders_it() -> None:
    rs = load_ruleset("m216_mask")
    assert [s.name for s in rs.dusk_steps] == ["黄昏1", "黄昏2"]
    assert [(s.name, s.sub_phase, s.after_close) for s in rs.night_steps][:3] == [
        ("早夜1", SubPhase.EARLY_NIGHT, 30),
        ("早夜2", SubPhase.EARLY_NIGHT, 40),
        ("午夜", SubPhase.MIDNIGHT, 60),
    ]
    assert [s.name for s in rs.night_steps][-2:] == ["晨曦1", "晨曦2"]
    assert [s.after_close for s in (*rs.dusk_steps, *rs.night_steps)] == [10, 20, 30, 40, 60, 70, 80, 90, 100, 110, 120]


def test_165_timeline_counts_every_step_from_close() -> None:
    rs = load_ruleset("genshin_165")
    assert rs.counts_from_close
    assert [s.after_close for s in rs.dusk_steps] == [10, 20]
    assert rs.night_steps[-1].sub_phase == SubPhase.MORNING and rs.night_steps[-1].after_close == 120


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        (
            "{step: 吹笛者, skills: [吹笛], after_close: 30}",
            "{step: 吹笛者, skills: [吹笛]}",
            "每个步骤都应有 after_close",
        ),
        ("after_close: 30}", "after_close: 5}", "不减"),
        (
            "{step: 丘比特, skills: [丘比特之箭]}",
            "{step: 丘比特, skills: [丘比特之箭], after_close: 5}",
            "开局步骤没有关门",
        ),
        ("flow:\n  first: day", "flow:\n  first: day\n  night: []", "flow.night 的步骤应写在 timeline"),
        ("  深夜:\n", "  子夜:\n", "子夜"),
    ],
)
def test_timeline_mistakes_are_refused_with_a_reason(tmp_path: Path, old: str, new: str, reason: str) -> None:
    assert old in TIMELINE
    with pytest.raises(RulesetError) as caught:
        load_ruleset(_with_timeline(tmp_path, TIMELINE.replace(old, new, 1)))
    assert any(reason in str(p) for p in caught.value.problems), caught.value.problems


def test_a_sub_phase_tag_must_sit_in_its_sub_phase(tmp_path: Path) -> None:
    ruleset = _with_timeline(tmp_path)
    roles = ruleset / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    assert "吹笛:" in text
    text = re.sub(r"(吹笛:\n(?:.*\n)*?\s+tags: \[)夜晚", r"\1深夜", text, count=1)
    roles.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    assert any("有[深夜]标签，却在早夜的步骤 吹笛者" in str(p) for p in caught.value.problems), caught.value.problems


def _step(game: Game) -> str:
    st = game.st
    return f"{st.phase}:{game.rs.steps(st.phase)[st.step].name}"


def test_close_opens_dusk_then_the_night_with_deadlines_from_close(tmp_path: Path) -> None:
    rs = load_ruleset(_with_timeline(tmp_path))
    game = _game(rs)
    run_to(game, "dusk", 1)
    st = game.st
    closed = T0.replace(hour=22)
    assert _step(game) == "dusk:守卫"
    assert _local(st.step_opened) == closed
    assert _local(st.deadline) == closed + timedelta(minutes=10)
    guard = BOARD.index("守卫") + 1
    assert act(game, guard, "守护之盾", 1, minutes=2).accepted
    assert act(game, guard, "隔音之盾", 2, minutes=3).accepted
    # the guard is done at 22:05 and nobody holds 吹笛: the 狼人 step still closes 80 minutes after 关门
    assert _step(game) == "night:狼人"
    assert _local(st.deadline) == closed + timedelta(minutes=80)
    run_to(game, "day", 2)
    assert [e.text for e in st.log if e.kind == "phase"][-2:] == ["第1夜开始", "第2天开门"]


def test_a_late_step_does_not_push_later_ones_back(tmp_path: Path) -> None:
    rs = load_ruleset(_with_timeline(tmp_path))
    game = _game(rs)
    run_to(game, "dusk", 1)
    closed = T0.replace(hour=22)
    game.tick(closed + timedelta(minutes=50))  # 黄昏's deadline (22:10) is processed 40 minutes late
    assert _step(game) == "night:狼人"
    assert _local(game.st.deadline) == closed + timedelta(minutes=80)  # not 22:50 + a step's time
    game.tick(closed + timedelta(minutes=200))  # far past every deadline of the night: each closes at once
    assert game.st.phase == Phase.DAWN


def test_the_simple_posts_still_count_each_step_from_its_opening() -> None:
    game = _game(load_ruleset("secret_number"))
    run_to(game, "night", 1)
    st = game.st
    assert st.step_opened is not None and st.deadline == st.step_opened + timedelta(minutes=30)


def test_dusk_is_daytime_for_conditions_and_titles(tmp_path: Path) -> None:
    rs = load_ruleset(_with_timeline(tmp_path))
    game = _game(rs)
    run_to(game, "dusk", 1)
    assert PHASES[game.st.phase].kind == "day"
    assert texts.phase_title(game.st.phase, game.st.day) == "第1天黄昏"
    assert not PHASES[game.st.phase].votes
    assert any(m.text.startswith("【第1天黄昏·守卫】") for m in game.out)


def test_patience_keeps_a_skill_off_game_day_one(tmp_path: Path) -> None:
    """[忍耐]——此技能竞选日和第一个夜晚不可发动 (secret_number's day 1 is its 竞选日)."""
    target = tmp_path / "patient"
    shutil.copytree(ROOT / "rulesets" / "secret_number", target)
    roles = target / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    assert '        tags: [夜晚, 指定]\n        effects:\n          - {feedback: "{target}：村民阵营"' in text
    text = text.replace(
        "        tags: [夜晚, 指定]\n        effects:\n          - {feedback",
        "        tags: [夜晚, 指定, 忍耐]\n        effects:\n          - {feedback",
        1,
    )
    roles.write_text(text, encoding="utf-8")
    rs = load_ruleset(target)
    assert rs.skill("预言") is not None and rs.skill("预言").only_if == {"not": {"game_day": 1}}  # type: ignore[union-attr]
    game = _game(rs)
    seer = BOARD.index("预言家") + 1
    skill = rs.skill("预言")
    assert skill is not None and skill.only_if == {"not": {"game_day": 1}}
    run_to(game, "night", 1)
    reason = legal.unavailable(game, game.st.seat(seer), skill)
    assert reason is not None and "发动条件" in reason
    night_one = _told_until(game, seer, lambda: game.st.phase == Phase.DAY)
    assert not any("你可以发动" in t for t in night_one)  # not asked on night 1: its step passed it by
    run_to(game, "night", 2)
    night_two = _told_until(game, seer, lambda: _step(game) == "night:预言家")
    assert any("你可以发动" in t and "预言" in t for t in night_two)
    assert legal.unavailable(game, game.st.seat(seer), skill) is None
    assert act(game, seer, "预言", 1).accepted


def _told_until(game: Game, seat: int, reached: Callable[[], bool]) -> list[str]:
    """Tick deadline by deadline until ``reached``; what the seat was told on the way."""
    told: list[str] = []
    while not reached():
        deadline = game.next_deadline()
        assert deadline is not None
        told += [m.text for m in game.tick(deadline) if m.to.seat == seat]
    return told


NOON = ("09:00", "21:00", "20:00")


def test_the_noon_window_is_an_hour_shorter_on_a_closing_day() -> None:
    monday, tuesday_close = datetime(2026, 1, 5, tzinfo=TZ), datetime(2026, 1, 6, 22, 0, tzinfo=TZ)
    at = lambda h, m=0: monday.replace(hour=h, minute=m)  # noqa: E731
    assert noon_refusal(NOON, "Asia/Shanghai", at(9), tuesday_close) is None
    assert noon_refusal(NOON, "Asia/Shanghai", at(20, 30), tuesday_close) is None  # Monday does not close
    early = noon_refusal(NOON, "Asia/Shanghai", at(8, 59), tuesday_close)
    assert early is not None and "09:00至21:00" in early and "现在是08:59" in early
    assert noon_refusal(NOON, "Asia/Shanghai", at(21), tuesday_close) is not None
    closing_monday = monday.replace(hour=22)
    assert noon_refusal(NOON, "Asia/Shanghai", at(19, 59), closing_monday) is None
    refused = noon_refusal(NOON, "Asia/Shanghai", at(20, 0), closing_monday)
    assert refused is not None and "20:00" in refused and "现在是20:00" in refused


def test_a_noon_skill_is_refused_outside_its_window(tmp_path: Path) -> None:
    target = tmp_path / "noon"
    shutil.copytree(ROOT / "rulesets" / "secret_number", target)
    roles = target / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    villager = "  村民:\n    camp: 村民阵营\n    text: 没有技能。\n"
    assert villager in text
    skill = "    skills:\n      祈祷:\n        text: 祈祷[正午]\n        tags: [正午]\n        effects: [{feedback: 已祈祷}]\n"
    roles.write_text(text.replace(villager, villager + skill), encoding="utf-8")
    ruleset = target / "ruleset.yaml"
    text = ruleset.read_text(encoding="utf-8")
    noon = '  noon: {from: "09:00", until: "21:00", closing_day: "20:00"}\n'
    ruleset.write_text(text.replace("schedule:\n", "schedule:\n" + noon, 1), encoding="utf-8")
    game = _game(load_ruleset(target))
    first, second = (no for no, role in enumerate(BOARD, 1) if role == "村民")
    run_to(game, "day", 1)  # 12:00, closing at 22:00 the same day: the window ends at 20:00
    assert game.apply(c.Act(at=T0.replace(hour=19, minute=30), seat=first, skill="祈祷", targets=())).accepted
    late = game.apply(c.Act(at=T0.replace(hour=20, minute=15), seat=second, skill="祈祷", targets=()))
    assert not late.accepted and "[正午]" in late.reply and "20:00" in late.reply


# the guard's shields in 黄昏 and again in 早夜: one game day, two phases
SHIELDS = TIMELINE.replace(
    "    - {step: 吹笛者, skills: [吹笛], after_close: 30}",
    "    - {step: 守卫夜, skills: [守护之盾], after_close: 20}\n    - {step: 吹笛者, skills: [吹笛], after_close: 30}",
)


def _guard_game(tmp_path: Path, timeline: str, repel: bool = False) -> Game:
    target = _with_timeline(tmp_path, timeline)
    if repel:
        roles = target / "roles.yaml"
        text = roles.read_text(encoding="utf-8")
        assert text.count("tags: [夜晚, 指定, 绝情]") == 2
        roles.write_text(text.replace("tags: [夜晚, 指定, 绝情]", "tags: [夜晚, 指定, 绝情, 排斥]"), encoding="utf-8")
    return _game(load_ruleset(target))


def _until_step(game: Game, name: str) -> None:
    _told_until(game, 1, lambda: game.st.deadline is not None and _step(game) == name)


GUARD = BOARD.index("守卫") + 1


def test_the_phase_cooldown_lets_a_skill_go_again_that_night(tmp_path: Path) -> None:
    game = _guard_game(tmp_path, SHIELDS)
    _until_step(game, "dusk:守卫")
    assert act(game, GUARD, "守护之盾", 1).accepted
    assert act(game, GUARD, "隔音之盾", 2).accepted
    _until_step(game, "night:守卫夜")
    assert game.st.day == 1
    assert act(game, GUARD, "守护之盾", 3).accepted


def test_a_game_day_cooldown_holds_across_its_phases(tmp_path: Path) -> None:
    game = _guard_game(tmp_path, SHIELDS.replace("  first: day\n", "  first: day\n  cooldown: game_day\n"))
    _until_step(game, "dusk:守卫")
    assert act(game, GUARD, "守护之盾", 1).accepted
    assert act(game, GUARD, "隔音之盾", 2).accepted
    run_to(game, "night", 1)
    shield = game.rs.skill("守护之盾")
    assert shield is not None
    reason = legal.unavailable(game, game.st.seat(GUARD), shield)
    assert reason is not None and "第1个游戏日已经发动过守护之盾" in reason
    told = _told_until(game, GUARD, lambda: game.st.phase == Phase.DAWN)
    assert not any("守卫夜" in t for t in told)  # the step passes the guard by
    run_to(game, "dusk", 2)
    assert act(game, GUARD, "守护之盾", 3).accepted  # 每次天数更新时冷却完毕


def test_one_repelling_skill_a_day(tmp_path: Path) -> None:
    game = _guard_game(tmp_path, TIMELINE, repel=True)
    _until_step(game, "dusk:守卫")
    assert act(game, GUARD, "守护之盾", 1).accepted
    second = act(game, GUARD, "隔音之盾", 2)
    assert not second.accepted and "每天只能发动一个[排斥]技能" in second.reply and "守护之盾" in second.reply
    run_to(game, "dusk", 2)
    _until_step(game, "dusk:守卫")
    assert act(game, GUARD, "隔音之盾", 2).accepted


def test_an_unknown_cooldown_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset(_with_timeline(tmp_path, TIMELINE.replace("  first: day\n", "  first: day\n  cooldown: week\n")))
    assert any("cooldown 应为 phase" in str(p) for p in caught.value.problems)


# 守卫 and 吹笛者 in one step: 隔音之盾 stops a 吹笛 that resolves after it, unless the step is 互不影响
ONE_STEP = TIMELINE.replace(
    "    - {step: 吹笛者, skills: [吹笛], after_close: 30}",
    "    - {step: 守卫吹笛, skills: [隔音之盾, 吹笛], after_close: 30}",
)
PIPER_BOARD = tuple("吹笛者" if i == BOARD.index("村民") else r for i, r in enumerate(BOARD))


def _piped(tmp_path: Path, timeline: str) -> set[str]:
    game = Game.start(
        load_ruleset(_with_timeline(tmp_path, timeline)),
        c.Start(at=T0, seed=1, names=NAMES, roles=tuple((r,) for r in PIPER_BOARD), secrets=tuple(range(1, 11))),
    )
    guard, piper = PIPER_BOARD.index("守卫") + 1, PIPER_BOARD.index("吹笛者") + 1
    run_to(game, "dusk", 1)
    assert act(game, guard, "守护之盾", 1).accepted
    _until_step(game, "night:守卫吹笛")
    assert act(game, guard, "隔音之盾", 3).accepted
    assert act(game, piper, "吹笛", 3).accepted
    run_to(game, "day", 2)
    return {s.name for s in game.st.seat(3).statuses}


def test_an_ordered_step_resolves_each_act_on_the_last(tmp_path: Path) -> None:
    assert (
        _piped(tmp_path, ONE_STEP) == set()
    )  # 隔音 first: the 吹笛 finds its target shielded (隔音 ends with the night)


def test_a_simultaneous_step_resolves_each_act_on_the_state_as_it_closed(tmp_path: Path) -> None:
    together = ONE_STEP.replace("after_close: 30}", "after_close: 30, simultaneous: true}")
    assert together != ONE_STEP
    assert _piped(tmp_path, together) == {"被吹笛"}  # 互不影响: the 吹笛 did not see this step's 隔音


# the seer's step moved to 晨曦: a night block's `after` act, as SCENARIO_FORMAT's sub-phase rules say
MORNING = TIMELINE.replace("    - {step: 预言家, skills: [预言], after_close: 95}\n", "").replace(
    "    - {step: 毒药结算, after_close: 100}\n",
    "    - {step: 毒药结算, after_close: 100}\n  晨曦:\n    - {step: 预言家, skills: [预言], after_close: 110}\n",
)
SCENARIO = """ruleset: {ruleset}
players:
  - {{name: 甲, role: 狼人, secret: 1}}
  - {{name: 乙, role: 狼人, secret: 2}}
  - {{name: 丙, role: 预言家, secret: 3}}
  - {{name: 丁, role: 女巫, secret: 4}}
  - {{name: 戊, role: 守卫, secret: 5}}
  - {{name: 己, role: 猎人, secret: 6}}
  - {{name: 庚, role: 村民, secret: 7}}
  - {{name: 辛, role: 村民, secret: 8}}
script:
  - day: 1
    after:
      - {{by: 戊, skill: 守护之盾, targets: [庚]}}
  - expect: {{status: {{庚: [守护]}}}}
  - night: 1
    acts:
      - {{by: 甲, skill: 杀人, targets: [庚]}}
      - {{by: 乙, skill: 杀人, targets: [庚]}}
    after:
      - {{by: 丙, skill: 预言, targets: [甲]}}
  - expect: {{alive: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛], private: {{丙: [非村民阵营]}}}}
"""


def test_the_runner_submits_dusk_and_morning_acts_when_their_steps_open(tmp_path: Path) -> None:
    assert MORNING.count("晨曦") == 1
    ruleset = _with_timeline(tmp_path, MORNING)
    file = tmp_path / "sub_phases.yaml"
    file.write_text(SCENARIO.format(ruleset=ruleset), encoding="utf-8")
    runner = Runner(read(str(file)))
    runner.run()
    guard = next(e for e in runner.game.st.log if e.kind == "act" and "守护之盾" in e.text)
    seer = next(e for e in runner.game.st.log if e.kind == "act" and "预言" in e.text)
    assert (guard.phase, seer.phase) == ("第1天黄昏", "第1夜")


def test_the_runner_says_when_a_dusk_act_never_comes(tmp_path: Path) -> None:
    ruleset = _with_timeline(tmp_path, MORNING)
    file = tmp_path / "late.yaml"
    file.write_text(SCENARIO.format(ruleset=ruleset).replace("skill: 守护之盾", "skill: 预言", 1), encoding="utf-8")
    with pytest.raises(Failed, match="预言' never reached: step 预言家 never opened"):
        Runner(read(str(file))).run()


def test_a_step_keeps_the_place_of_a_role_still_to_be_written_but_not_of_a_role_that_is_not_there(
    tmp_path: Path,
) -> None:
    target = tmp_path / "m216"
    shutil.copytree(ROOT / "rulesets" / "m216_mask", target)
    ruleset = target / "ruleset.yaml"
    text = ruleset.read_text(encoding="utf-8")
    assert "        - 灵能<感知>\n" in text
    ruleset.write_text(text.replace("        - 灵能<感知>\n", "        - 灵能者<感知>\n"), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    assert any("步骤 深夜1 引用了未定义的身份 灵能者 的技能 感知" in str(p) for p in caught.value.problems)
