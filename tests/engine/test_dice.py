"""骰点 (engine/dice.py): ``roll: N`` casts one die from the game's seed and ``if_roll: [low, high]`` lets an
effect follow some faces (女巫学徒<实验>: 1-3为研发失败…4-6则研发成功); ``other_used`` fires on another seat's
use of a skill by its 实际身份 (女巫使用过任意药)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import effects, use_triggers
from engine.errors import RulesetError
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Effect
from tests.engine.builders import own_board, run_to

ROOT = Path(__file__).resolve().parents[2]
RS = load_ruleset("genshin_165")
BOARD = ("女巫", "女巫学徒", "预言家", "灵能", "骑士", "黑狼王", "渊狼", "赤狼")


def _faces(seed: int) -> tuple[int, list[str]]:
    game = own_board(RS, BOARD, seed=seed)
    ctx = effects.Ctx(game, actor=2)
    low = Effect("feedback", "低", to="self", if_roll=(1, 3))
    high = Effect("feedback", "高", to="self", if_roll=(4, 6))
    effects.run(ctx, (Effect("roll", 6), low, high))
    return ctx.rolled, [m.text for m in game.out if m.text in {"低", "高"}]


def test_a_die_shows_a_face_and_only_its_effects_follow() -> None:
    for seed in range(1, 9):
        face, told = _faces(seed)
        assert 1 <= face <= 6
        assert told == (["低"] if face <= 3 else ["高"])


def test_the_same_seed_casts_the_same_face() -> None:
    assert _faces(5)[0] == _faces(5)[0]
    assert len({_faces(seed)[0] for seed in range(1, 12)}) > 1


def test_a_bad_if_roll_is_refused_with_its_shape(tmp_path: Path) -> None:
    target = tmp_path / "genshin_165"
    shutil.copytree(ROOT / "rulesets" / "genshin_165", target)
    path = target / "roles_village.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("if_roll: [1, 3]", "if_roll: 3", 1), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    assert any("if_roll 应为骰点范围" in str(p) for p in caught.value.problems)


def test_another_seat_s_potion_tells_the_watcher_only_the_next_night() -> None:
    game = own_board(RS, BOARD, seed=1)
    assert "other_used" in RS.passes
    run_to(game, "night", 1)
    apprentice = game.st.seat(2)
    witch = game.st.seat(1)
    use_triggers.watchers_react(game, witch, "救药")
    assert not apprentice.has_status("研发")
    run_to(game, "night", 2)
    assert apprentice.has_status("研发")
