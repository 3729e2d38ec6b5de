"""表面阵营 / 表面身份 (engine/appearance.py): the role's appearance, then the statuses' in grant
order, the last writer winning unless an earlier one is final; the truth never changes."""

from __future__ import annotations

from dataclasses import replace

from engine import appearance
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import StatusDef
from engine.ruleset.status_parts import Appearance
from engine.state import StatusInstance
from tests.engine.builders import new_game

WOLF = 1  # seat 1 of the builders' board is a 狼人


def game_with(**seen: Appearance) -> Game:
    game = new_game()
    rs = game.rs
    statuses = {**rs.statuses, **{name: StatusDef(name, appears=a) for name, a in seen.items() if name != "狼人"}}
    roles = {**rs.roles, "狼人": replace(rs.roles["狼人"], appears=seen.get("狼人"))}
    game.rs = replace(rs, statuses=statuses, roles=roles, seen_words={"村民阵营": "好人", "else": "坏人"})
    return game


def test_the_truth_is_seen_when_nothing_says_otherwise() -> None:
    game = game_with()
    wolf = game.st.seat(WOLF)
    assert appearance.seen(game, wolf, "camp") == "狼人阵营" and appearance.seen(game, wolf, "role") == "狼人"
    assert (
        appearance.seen_camp_word(game, wolf) == "坏人" and appearance.seen_camp_word(game, game.st.seat(3)) == "好人"
    )


def test_the_last_appearance_gained_wins_and_the_truth_stays() -> None:
    game = game_with(狼人=Appearance(camp="村民阵营"), 伪装=Appearance(role="村民"), 暴露=Appearance(camp="狼人阵营"))
    wolf = game.st.seat(WOLF)
    assert appearance.seen_camp_word(game, wolf) == "好人"  # the role's own (乱民<伪装>)
    wolf.statuses = [StatusInstance("暴露"), StatusInstance("伪装")]
    assert (appearance.seen(game, wolf, "camp"), appearance.seen(game, wolf, "role")) == ("狼人阵营", "村民")
    game.rs.statuses["洗白"] = StatusDef("洗白", appears=Appearance(camp="村民阵营"))
    wolf.statuses.append(StatusInstance("洗白"))
    assert appearance.seen(game, wolf, "camp") == "村民阵营"  # 最后发动的技能所造成的表面身份更换生效
    wolf.statuses.reverse()
    assert appearance.seen(game, wolf, "camp") == "狼人阵营"
    assert (wolf.camp, wolf.card.role) == ("狼人阵营", "狼人")


def test_a_final_appearance_holds_against_later_ones() -> None:
    game = game_with(判定=Appearance(camp="非村民阵营", final=True), 雪隐=Appearance(camp="村民阵营"))
    seat = game.st.seat(3)
    seat.statuses = [StatusInstance("判定"), StatusInstance("雪隐")]
    assert appearance.seen_camp_word(game, seat) == "坏人"
    seat.statuses.reverse()
    assert appearance.seen_camp_word(game, seat) == "坏人"


def test_wuyu_roles_say_how_they_are_seen_in_their_own_blocks() -> None:
    rs = load_ruleset("wuyu_town")
    assert rs.roles["乱民"].appears == Appearance(camp="村民阵营")
    assert rs.statuses["雪隐"].appears == Appearance(camp="村民阵营")
    assert rs.statuses["判定非村民"].appears == Appearance(camp="非村民阵营", final=True)
    seer = rs.roles["预言家"].skills["预言"]
    assert [e.arg for e in seer.effects if e.verb == "feedback"] == ["{target}：{seen_camp}"]  # 魔法水晶球 aside
