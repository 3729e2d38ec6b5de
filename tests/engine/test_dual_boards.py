"""身份配置 of 双身份: presets and substitutions, and explicit deals checked by the same rules."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import boards
from engine import commands as c
from engine.errors import Refusal
from engine.game import Game, check_start
from tests.engine.builders import NAMES, T0, dual_identity


def start(names: int = 6, **fields: object) -> c.Start:
    return c.Start(at=T0, seed=3, names=NAMES[:names], **fields)  # type: ignore[arg-type]


def test_a_preset_deals_its_cards_two_to_a_seat() -> None:
    game = Game.start(dual_identity(), start(7, template="7人局"))
    held = Counter(card.dealt_as for seat in game.st.seats for card in seat.cards)
    assert held == Counter(dual_identity().boards["7人局"].cards)
    assert all(len(seat.cards) == 2 for seat in game.st.seats)
    assert 1 <= sum("金宝宝" in seat.hands for seat in game.st.seats) <= 2


def test_substitutions_swap_cards_and_switch_options() -> None:
    rs = dual_identity()
    deck, options = boards.cards_of(rs, "6人局", ("骑士白狼王", "唐伯虎"))
    assert {"骑士", "白狼王", "唐伯虎"} <= set(deck) and not {"潜行者", "狼人"} & set(deck)
    assert deck.count("村民") == 4 and options == {"唐伯虎金宝宝": True}
    game = Game.start(rs, start(6, template="6人局", substitutions=("唐伯虎",)))
    assert game.st.options["唐伯虎金宝宝"] is True


def test_the_director_names_the_card_a_substitution_leaves_to_them() -> None:
    problem = check_start(dual_identity(), start(7, template="7人局", substitutions=("唐伯虎",)))
    assert problem and "唐伯虎:女巫/潜行者/守卫/替罪羊" in problem and "以导演解释为准" in problem
    assert check_start(dual_identity(), start(7, template="7人局", substitutions=("唐伯虎:替罪羊",))) is None


@pytest.mark.parametrize(
    ("names", "fields", "reason"),
    [
        (6, {"template": "9人局"}, "没有板型「9人局」。可用：6人局、7人局、8人局一、8人局二"),
        (6, {"template": "8人局二", "substitutions": ("魔术师",)}, "8人局二没有替换方式「魔术师」"),
        (6, {"template": "6人局", "substitutions": ("骑士白狼王", "石像鬼守墓人")}, "板子上已没有潜行者"),
        (7, {"template": "6人局"}, "板子有12张身份牌，但有7名角色报名（每名角色2张）"),
        (6, {}, "请给出身份"),
    ],
)
def test_bad_presets_are_refused_with_the_reason(names: int, fields: dict[str, object], reason: str) -> None:
    problem = check_start(dual_identity(), start(names, **fields))
    assert problem is not None and reason in problem


GOOD = (
    ("狼人", "村民"),
    ("村民", "村民"),
    ("预言家", "村民"),
    ("女巫", "守卫"),
    ("隐狼", "潜行者"),
    ("复制人", "村民"),
)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            {2: ("预言家", "隐狼"), 4: ("村民", "潜行者")},
            "第3个角色（预言家+隐狼）是禁止出现的组合【预言家 + 狼人阵营身份】",
        ),
        ({0: ("狼人", "隐狼"), 4: ("村民", "潜行者")}, "禁止出现的组合【狼人阵营身份 + 狼人阵营身份】"),
        (
            {1: ("村民", "守卫"), 5: ("复制人", "潜行者"), 4: ("隐狼", "村民"), 3: ("女巫", "村民")},
            "金宝宝有0个，应为1到2个",
        ),
        ({2: ("预言家", "女巫"), 3: ("村民", "村民"), 4: ("隐狼", "村民")}, "金宝宝有3个"),
        ({3: ("魔术师", "守卫"), 2: ("捣蛋鬼", "村民")}, "魔术师不会和捣蛋鬼同时存在"),
        ({5: ("复制人", "复制人")}, "复制人须与另一张非复制人的身份牌搭配"),
        ({1: ("村民",)}, "第2个角色有1张身份牌，应为2张"),
        ({1: ("村民", "幸运儿")}, "没有身份：幸运儿"),
    ],
)
def test_an_explicit_deal_is_checked_like_a_dealt_one(change: dict[int, tuple[str, ...]], reason: str) -> None:
    hands = [change.get(i, hand) for i, hand in enumerate(GOOD)]
    problem = check_start(dual_identity(), start(6, roles=tuple(hands)))
    assert problem is not None and reason in problem, problem
    with pytest.raises(Refusal):
        Game.start(dual_identity(), start(6, roles=tuple(hands)))


def test_a_copycat_may_copy_a_wolf() -> None:
    hands = list(GOOD)
    hands[0] = ("复制人", "狼人")
    hands[5] = ("村民", "村民")
    game = Game.start(dual_identity(), start(6, roles=tuple(hands)))
    assert [c.role for c in game.st.seat(1).cards] == ["狼人", "狼人"]
    assert game.st.seat(1).cards[0].dealt == "复制人" and game.st.seat(1).camp == "狼人阵营"


def test_the_bot_reads_a_preset_from_chat() -> None:
    rs = dual_identity()
    assert boards.parse(rs, "7人局+魔术师 + 唐伯虎：替罪羊") == ("7人局", ("魔术师", "唐伯虎:替罪羊"))
    listing = boards.describe(rs)
    assert "6人局：狼人、隐狼、预言家、女巫、潜行者、守卫、复制人、村民×5" in listing
    assert "+唐伯虎（需指定：唐伯虎:女巫/猎人/守卫/奇迹商人/九尾狐/魔术师）" in listing
