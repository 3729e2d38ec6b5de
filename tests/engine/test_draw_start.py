"""A game started with a drawn board: dealt from the game's seed, the same on replay, shown to
the directors only; a hand-made board breaking the draw rules is refused at the start."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from engine import commands as c
from engine import draw, messages
from engine.errors import Refusal
from engine.game import Game, check_start
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset
from tests.engine.builders import NAMES, T0

ROOT = Path(__file__).resolve().parents[2]
POOLS = {"狼人": "狼", "预言家": "神", "女巫": "神", "长老": "神", "守卫": "神", "猎人": "神", "白痴": "神"}
POOLS |= {"吹笛者": "三方", "村民": "民"}
DRAW = """\
draw:
  text: 4到5人，1狼3神。
  players: [4, 5]
  pools:
    狼: {text: 狼人1个, count: 1}
    神: {text: 神职6选3, count: 3}
    三方: {text: 吹笛者可能出现, appears: 50%}
    民: {text: 村民}
  requires:
    - {text: 有女巫必有预言家。, roles: [女巫, 预言家]}
"""


@pytest.fixture(scope="module")
def drawn_rules(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """secret_number with a draw section: its roles in pools (村民 once: a pool draws each role once)."""
    target = tmp_path_factory.mktemp("draw") / "drawn"
    shutil.copytree(ROOT / "rulesets" / "secret_number", target)
    roles = target / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    for role, pool in POOLS.items():
        text = text.replace(f"\n  {role}:\n", f"\n  {role}:\n    pool: {pool}\n", 1)
    roles.write_text(text, encoding="utf-8")
    (target / "draw.yaml").write_text(DRAW, encoding="utf-8")
    return load_ruleset(target)


def start(rs: Ruleset, n: int, seed: int, **kw: object) -> c.Start:
    return c.Start(at=T0, seed=seed, names=NAMES[:n], **kw)  # type: ignore[arg-type]


def test_a_drawn_board_is_dealt_from_the_seed(drawn_rules: Ruleset) -> None:
    assert drawn_rules.draw is not None
    game = Game.start(drawn_rules, start(drawn_rules, 5, 11, draw=True))
    dealt = Counter(card.role for seat in game.st.seats for card in seat.cards)
    assert dealt == Counter(draw.draw(drawn_rules.draw, 5, random.Random(11)))
    assert draw.problem(drawn_rules.draw, list(dealt.elements())) is None
    again = Game.start(drawn_rules, start(drawn_rules, 5, 11, draw=True))
    assert [s.cards for s in again.st.seats] == [s.cards for s in game.st.seats]
    notes = [m for m in game.out if "【随机板子】" in m.text]
    assert len(notes) == 1 and notes[0].to == messages.DIRECTORS
    boards = {
        tuple(sorted(s.cards[0].role for s in Game.start(drawn_rules, start(drawn_rules, 5, seed, draw=True)).st.seats))
        for seed in range(12)
    }
    assert len(boards) > 3


def test_a_hand_made_board_must_keep_the_draw_rules(drawn_rules: Ruleset) -> None:
    board = ("狼人", "女巫", "守卫", "猎人", "村民")
    assert (
        check_start(drawn_rules, start(drawn_rules, 5, 1, board=board))
        == "板子不符合规则：有女巫必有预言家。（板子上有女巫，没有预言家）"
    )
    assert check_start(drawn_rules, start(drawn_rules, 5, 1, board=("狼人", "预言家", "女巫", "猎人", "村民"))) is None
    with pytest.raises(Refusal, match="有女巫必有预言家"):
        Game.start(drawn_rules, start(drawn_rules, 5, 1, roles=tuple((r,) for r in board)))


def test_a_draw_needs_draw_rules_and_a_supported_size(drawn_rules: Ruleset) -> None:
    assert (
        check_start(load_ruleset("secret_number"), start(drawn_rules, 5, 1, draw=True))
        == "规则集 secret_number 没有随机板子的规则（draw）。"
    )
    assert check_start(drawn_rules, start(drawn_rules, 8, 1, draw=True)) == "本规则随机抽取的板子为4–5人，现在有8人。"
    # the big posts' roles are not playable yet: their drawn boards are refused plainly
    assert (check_start(load_ruleset("m216_mask"), start(drawn_rules, 10, 1, draw=True)) or "").startswith(
        "本规则随机抽取的板子为14人"
    )


def test_the_big_posts_check_a_hand_made_board_before_saying_its_roles_wait() -> None:
    m216 = load_ruleset("m216_mask")
    board = ("灯影预言家", "巫女", "骑士", "猎魔人", "女巫", "陌客", "长老", "药剂师", "天命人")
    board += ("狼巫", "黑武士", "觉醒狼王", "夜之贵族", "影子")
    names = tuple(f"角色{i}" for i in range(1, 15))
    wrong = tuple("警察" if r == "陌客" else r for r in board)
    assert check_start(m216, c.Start(at=T0, seed=1, names=names, board=wrong)) == (
        "板子不符合规则：验人系有且仅有一个。（现在有2个验人系）"
    )
    # 巫女 was the board's last role still `todo`: with every M216 role written, the post's board starts.
    assert check_start(m216, c.Start(at=T0, seed=1, names=names, board=board)) is None


def test_under_the_directors_own_board_option_a_hand_made_board_keeps_only_the_counts() -> None:
    m216 = load_ruleset("m216_mask")
    names = tuple(f"角色{i}" for i in range(1, 7))
    board = ("灯影预言家", "警察", "骑士", "狼巫", "黑武士", "影子")
    assert (check_start(m216, c.Start(at=T0, seed=1, names=names, board=board)) or "").startswith("板子不符合规则：")
    own = c.Start(at=T0, seed=1, names=names, board=board, options=(("自定板子", True),))
    assert check_start(m216, own) is None
    assert (check_start(m216, replace(own, board=board[:5])) or "") == "板子有5个身份，但有6名角色报名。"


def test_the_directors_own_board_may_hold_a_role_not_written_yet_and_the_directors_are_told(tmp_path: Path) -> None:
    target = tmp_path / "m216"
    shutil.copytree(ROOT / "rulesets" / "m216_mask", target)
    with (target / "roles_relay.yaml").open("a", encoding="utf-8") as roles:
        roles.write("  新身份: {camp: 村民阵营, pool: 弱神, strength: 1, todo: 技能尚未实现}\n")
    rs = load_ruleset(target)
    names = tuple(f"角色{i}" for i in range(1, 7))
    board = ("灯影预言家", "骑士", "新身份", "狼巫", "黑武士", "影子")
    assert check_start(rs, c.Start(at=T0, seed=1, names=names, board=board)) is not None
    own = c.Start(at=T0, seed=1, names=names, board=board, options=(("自定板子", True),))
    assert check_start(rs, own) is None
    game = Game.start(rs, own)
    told = [m.text for m in game.out if m.to == messages.DIRECTORS]
    assert "【注意】以下身份尚未实现，本局按无技能进行：新身份。" in told, told
    assert not any("尚未实现" in m.text for m in game.out if m.to != messages.DIRECTORS)
