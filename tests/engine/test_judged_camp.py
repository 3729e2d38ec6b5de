"""The surface layer beyond camp and role (engine/appearance.py): 表面带刀, a face drawn from the
roles dealt to nobody, the camp a skill judging the 实际阵营 takes (陌客, 愚面), and the effect
keys reading them; and what tonight's acts leave for later skills (engine/readings.py)."""

from __future__ import annotations

from dataclasses import replace

from engine import appearance, conditions, readings
from engine import commands as c
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Effect, StatusDef
from engine.ruleset.status_parts import Appearance
from engine.state import StatusInstance
from tests.engine.builders import NAMES, T0

BOARD = ("纯白之女", "狼巫", "灵能", "陌客")  # seats 1..4


def m216(roles: tuple[str, ...] = BOARD, seed: int = 1) -> Game:
    rs = load_ruleset("m216_mask")
    start = c.Start(
        at=T0, seed=seed, names=NAMES[: len(roles)], roles=tuple((r,) for r in roles), options=(("自定板子", True),)
    )
    return Game.start(rs, start)


def with_status(game: Game, name: str, seen: Appearance) -> None:
    game.rs = replace(game.rs, statuses={**game.rs.statuses, name: StatusDef(name, appears=seen)})


def test_the_stranger_is_judged_a_wolf_only_by_village_askers() -> None:
    game = m216()
    stranger = game.st.seat(4)
    assert stranger.camp == "村民阵营"
    assert appearance.judged_camp(game, stranger, 1) == "狼人阵营"  # 纯白之女: 村民阵营
    assert appearance.judged_camp(game, stranger, 2) == "村民阵营"  # 狼巫 judges the truth
    assert appearance.judged_camp(game, stranger, 0) == "村民阵营"  # the rules themselves


def test_the_stranger_wears_a_wolf_face_dealt_to_nobody_the_same_each_time() -> None:
    game = m216()
    stranger = game.st.seat(4)
    face = appearance.seen(game, stranger, "role")
    assert game.rs.roles[face].camp == "狼人阵营" and face != "狼巫"
    assert appearance.seen(game, stranger, "role") == face
    assert appearance.seen(game, stranger, "camp") == "狼人阵营" and appearance.seen_pool(game, stranger) == "狼人"
    faces = {appearance.seen(m216(seed=s), m216(seed=s).st.seat(4), "role") for s in range(1, 12)}
    assert len(faces) > 1 and "狼巫" not in faces


def test_the_seen_knife_starts_from_the_truth() -> None:
    game = m216()
    seer = game.st.seat(1)
    assert appearance.seen(game, seer, "knife") == "无刀"
    seer.card.tags.append("接刀")
    assert appearance.seen(game, seer, "knife") == "有刀"
    with_status(game, "藏刀", Appearance(knife="无刀"))
    seer.statuses.append(StatusInstance("藏刀"))
    assert appearance.seen(game, seer, "knife") == "无刀"


def test_a_reversal_swaps_the_two_camps_for_other_askers_only() -> None:
    game = m216()
    with_status(game, "愚面", Appearance(judged="reverse"))
    wolf, seer = game.st.seat(2), game.st.seat(1)
    wolf.statuses.append(StatusInstance("愚面", granted_on="night:1"))
    seer.statuses.append(StatusInstance("愚面", granted_on="night:1"))
    assert appearance.judged_camp(game, wolf, 1) == "村民阵营"
    assert appearance.judged_camp(game, seer, 2) == "狼人阵营"
    assert appearance.judged_camp(game, wolf, 2) == "狼人阵营"  # 被其他技能判定: not its own skills
    stranger = game.st.seat(4)
    stranger.statuses.append(StatusInstance("愚面", granted_on="night:1"))
    assert appearance.judged_camp(game, stranger, 1) == "村民阵营"  # the reversal came last: 狼人 → 村民


def test_a_third_camp_reversed_is_one_of_the_two_drawn_once() -> None:
    game = m216()
    with_status(game, "愚面", Appearance(judged="reverse"))
    lone = game.st.seat(3)
    lone.camp = "不定阵营"
    lone.statuses.append(StatusInstance("愚面", granted_on="night:2"))
    first = appearance.judged_camp(game, lone, 1)
    assert first in {"村民阵营", "狼人阵营"}
    assert all(appearance.judged_camp(game, lone, asker) == first for asker in (1, 2, 4))
    drawn = set()
    for day in range(1, 30):
        lone.statuses = [StatusInstance("愚面", granted_on=f"night:{day}")]
        drawn.add(appearance.judged_camp(game, lone, 1))
    assert drawn == {"村民阵营", "狼人阵营"}


def test_effect_keys_read_the_seen_the_actor_and_the_judged_camp() -> None:
    game = m216()
    seen_wolf = Effect("feedback", "x", if_seen={"pool": "狼人"})
    assert appearance.effect_passes(game, seen_wolf, 4, 1, 4)  # 陌客's face
    assert not appearance.effect_passes(game, seen_wolf, 3, 1, 3)
    assert not appearance.effect_passes(game, Effect("feedback", "x", if_seen={"camp": ["村民阵营"]}), 2, 1, 2)
    reversed_seat = Effect("feedback", "x", if_actor={"status": "反位"})
    assert not appearance.effect_passes(game, reversed_seat, 3, 1, 3)
    game.st.seat(1).statuses.append(StatusInstance("反位"))
    assert appearance.effect_passes(game, reversed_seat, 3, 1, 3)
    judged = Effect("damage", {"kind": "穿透"}, if_judged=("狼人阵营",))
    assert appearance.effect_passes(game, judged, 4, 1, 4) and not appearance.effect_passes(game, judged, 4, 2, 4)
    assert not appearance.effect_passes(game, judged, None, 1, 0)  # no target: nothing to judge


def test_tonights_readings_and_reached_skills_are_kept_where_a_skill_reads_them() -> None:
    game = m216()
    assert "readings" in game.rs.records  # 耀光 and 光明湮灭 read tonight's checks
    readings.note_reading(game, 1, "照耀", 4)
    cond = {"read_tonight": {"skill": "照耀", "pool": "狼人"}}
    assert conditions.holds(cond, game.st.seat(4), 1, game.st)
    assert not conditions.holds(cond, game.st.seat(4), 2, game.st)  # another seat's check
    assert not conditions.holds({"read_tonight": {"skill": "照耀", "pool": "验人系"}}, game.st.seat(4), 1, game.st)
    readings.forget(game)
    assert not conditions.holds(cond, game.st.seat(4), 1, game.st)


def test_nothing_is_kept_where_no_skill_reads_it() -> None:
    game = m216()
    game.rs = replace(game.rs, records=frozenset())
    readings.note_reading(game, 1, "照耀", 4)
    readings.note_reached(game, game.rs.roles["纯白之女"].skills["照耀"], 1, [4])
    assert game.st.readings == [] and game.st.reached == []
    assert load_ruleset("wuyu_town").records == frozenset()


def test_reached_skills_are_named_once_in_order_by_tag() -> None:
    game = m216()
    game.rs = replace(game.rs, records=frozenset({"reached"}))
    skills = game.rs.roles["纯白之女"].skills
    readings.note_reached(game, skills["照耀"], 1, [4])
    readings.note_reached(game, game.rs.roles["狼巫"].skills["黑暗侦测"], 2, [4, 3])
    readings.note_reached(game, skills["照耀"], 1, [4])
    assert readings.reached_by(game, 4, "指定") == ["照耀", "黑暗侦测"]
    assert readings.reached_by(game, 3, "指定") == ["黑暗侦测"]
    assert readings.reached_by(game, 3, "团队") == [] and readings.reached_by(game, 2, "指定") == []
