"""attach's ``followers`` (engine/kit_verbs.py), on 165's 鬼魂新娘<冥婚>: 证婚人随情侣阵营变动 — the 证婚人 follows
the bride's camp as it changes, untold, until its own camp is changed by other means."""

from __future__ import annotations

from pathlib import Path

from engine.game import Game
from tests.engine.builders import played

SCENARIO = Path("tests/scenarios/genshin_165/鬼魂新娘_冥婚证婚人.yaml")
BRIDE, WITNESS = 1, 2


def _wed(tmp_path: Path) -> Game:
    text = SCENARIO.read_text(encoding="utf-8")
    return played(tmp_path, text[: text.index("  - day: 1")])


def test_the_witness_follows_the_brides_camp(tmp_path: Path) -> None:
    game = _wed(tmp_path)
    assert game.st.seat(WITNESS).camp == "鬼魂新娘阵营"
    game.set_camp(BRIDE, "村民阵营", "测试")
    assert game.st.seat(WITNESS).camp == "村民阵营"


def test_a_witness_whose_camp_other_means_changed_follows_no_more(tmp_path: Path) -> None:
    game = _wed(tmp_path)
    game.set_camp(WITNESS, "狼人阵营", "测试")
    game.set_camp(BRIDE, "村民阵营", "测试")
    assert game.st.seat(WITNESS).camp == "狼人阵营"
