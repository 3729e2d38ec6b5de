"""雾雨小镇: presets and the board's advice, incompatible boards, 盗贼's spare cards, 投降's limits,
the win priorities, and random play that never crashes and replays exactly."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from engine import boards, victory
from engine import commands as c
from engine.errors import Refusal, RulesetError
from engine.game import Game, check_start
from engine.messages import To
from engine.ruleset.day_parts import VictoryRule
from engine.ruleset.loader import RULESETS_DIR, load_ruleset
from engine.ruleset.model import Ruleset
from tests.engine.builders import T0
from tests.engine.random_play import play_and_check

NAMES = tuple(f"角色{i}" for i in range(1, 23))


@pytest.fixture(scope="module")
def rs() -> Ruleset:
    return load_ruleset("wuyu_town")


def start(rs: Ruleset, roles: list[str], seed: int = 1, **kw: object) -> Game:
    return Game.start(
        rs,
        c.Start(at=T0, seed=seed, names=NAMES[: len(roles)], roles=tuple((r,) for r in roles), **kw),  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("size", range(14, 23))
def test_every_preset_deals_from_the_start_command(rs: Ruleset, size: int) -> None:
    game = Game.start(rs, c.Start(at=T0, seed=size, names=NAMES[:size], template=f"{size}人局"))
    dealt = Counter(s.card.dealt_as for s in game.st.seats)
    assert dealt == Counter(rs.boards[f"{size}人局"].cards)
    assert game.st.last_words_left == dealt["狼人"]


def test_the_advice_is_a_warning_to_the_directors(rs: Ruleset) -> None:
    game = Game.start(rs, c.Start(at=T0, seed=3, names=NAMES[:16], template="16人局"))
    said = [m.text for m in game.out if m.to.kind is To.DIRECTORS]
    assert any("影响力之和：+0" in t for t in said), said
    # 16人局: 3 knives kill the 大特 (预言家、女巫、守卫) against 4 wolves
    assert any("杀死所有大特" in t and "当前为-1" in t for t in said), said
    assert not any("村民的数量" in t for t in said)  # 4 wolves + 3 = 7 villagers
    board = ["狼人"] * 3 + ["村民"] * 4 + ["乌鸦", "锈刃骑士", "预言家", "女巫", "守卫", "白狼", "妖狐"]
    warnings = boards.advice(rs, board)
    assert any("影响力之和为+0" in w for w in warnings) is False  # 乌鸦+ 锈刃骑士+ 白狼- 妖狐-: balanced
    assert any("只选白狼、雪狼、吹笛者与妖狐之一" in w for w in warnings)


@pytest.mark.parametrize(
    ("pair", "why"),
    [
        (("白狼", "雪狼"), "白狼与雪狼不能同时出现"),
        (("怪盗", "花蝴蝶"), "怪盗与花蝴蝶不能同时出现"),
        (("两姐妹", "盗贼"), "两姐妹和盗贼不能同时出现"),
        (("丘比特", "丘比特②"), "丘比特与丘比特②不能同时出现"),
        (("吹笛者", "吹笛者②"), "吹笛者与吹笛者②不能同时出现"),
    ],
)
def test_incompatible_roles_are_refused_with_the_reason(rs: Ruleset, pair: tuple[str, str], why: str) -> None:
    board = ["狼人", "狼人", "预言家", "村民", "村民", "村民", *pair]
    spare = ("村民", "狼人") if "盗贼" in pair else ()
    problem = check_start(rs, c.Start(at=T0, names=NAMES[: len(board)], board=(*board, *spare)))
    assert problem is not None and why in problem
    with pytest.raises(Refusal, match=why):
        start(rs, board, spare=spare)


def test_the_thief_is_always_dealt_and_two_cards_are_left(rs: Ruleset) -> None:
    board = ("盗贼", "狼人", "狼人", "狼人", "预言家", "女巫", "村民", "村民", "村民")
    assert "额外身份供盗贼挑选，应有11个" in (check_start(rs, c.Start(at=T0, names=NAMES[:9], board=board)) or "")
    for seed in range(200):
        game = Game.start(rs, c.Start(at=T0, seed=seed, names=NAMES[:7], board=board))
        dealt = [s.card.dealt_as for s in game.st.seats]
        assert "盗贼" in dealt and len(game.st.spare_cards) == 2
        assert Counter(dealt) + Counter(game.st.spare_cards) == Counter(board)


def test_an_expansion_is_refused_until_what_it_turns_on_plays(rs: Ruleset) -> None:
    village = check_start(rs, c.Start(at=T0, names=NAMES[:14], template="14人局", options=(("村庄扩展", True),)))
    assert village is not None and "村庄扩展尚未实现" in village
    # 新月扩展 may be on; the 导演's drawn 新月配置 still holds events not written yet, named
    moon = check_start(rs, c.Start(at=T0, names=NAMES[:14], template="14人局", options=(("新月扩展", True),)))
    assert moon is not None and moon.startswith("新月事件尚未实现（导演随机抽取的新月配置）：")


def _out(game: Game, *seats: int) -> None:
    for no in seats:
        seat = game.st.seat(no)
        seat.alive, seat.card.out, seat.out_phase, seat.out_cause = False, True, "day:1", "导演裁定"
    game.changed()


def _surrender(game: Game, seat: int, agree: bool = True) -> c.Command:
    return c.Surrender(at=game.st.clock.real(game.st.now), seat=seat, agree=agree)


def test_no_camp_may_surrender_with_a_fox_on_the_board(rs: Ruleset) -> None:
    game = start(rs, ["狼人", "狼人", "妖狐", "预言家", "村民", "村民", "村民", "守卫"])
    result = game.apply(_surrender(game, 1))
    assert not result.accepted and "当身份配置中存在妖狐时，任何阵营不允许投降" in result.reply


def test_the_wolves_surrender_asks_the_whole_pack_and_no_one_else(rs: Ruleset) -> None:
    game = start(rs, ["狼人", "狼人", "花蝴蝶", "预言家", "村民", "村民", "村民", "守卫", "村民"])
    _out(game, 2)  # 包括已出局角色
    first = game.apply(_surrender(game, 1))
    assert first.accepted and "等待1名角色同意" in first.reply
    assert not game.apply(_surrender(game, 3)).accepted  # 花蝴蝶 is not asked
    assert game.apply(_surrender(game, 2)).accepted
    assert "狼人阵营" in game.st.lost_camps


def test_the_black_lovers_of_cupid_two_cannot_surrender(rs: Ruleset) -> None:
    game = start(rs, ["狼人", "狼人", "丘比特②", "预言家", "村民", "村民", "村民", "守卫", "村民", "村民"])
    for seat in (1, 5, 6):
        game.st.seat(seat).camp = "黑情侣阵营"
    result = game.apply(_surrender(game, 5))
    assert not result.accepted and "丘比特②规则中的黑情侣阵营无法投降" in result.reply


PRIORITY = ["妖狐阵营", "吹笛者阵营", "白狼阵营", "黑情侣阵营", "狼人阵营", "村民阵营"]


@pytest.mark.parametrize("winners", [PRIORITY[i:] for i in range(len(PRIORITY) - 1)])
def test_simultaneous_wins_follow_the_faq_priority(rs: Ruleset, winners: list[str]) -> None:
    """Every camp in ``winners`` meets a win condition at once: the first of the FAQ's order wins.
    The win conditions are swapped for one that every camp meets, so only the priority decides."""
    game = start(rs, ["狼人", "白狼", "吹笛者", "妖狐", "预言家", "村民", "村民", "村民"])
    camps = {
        1: "狼人阵营",
        2: "白狼阵营",
        3: "吹笛者阵营",
        4: "妖狐阵营",
        5: "村民阵营",
        6: "黑情侣阵营",
        7: "黑情侣阵营",
    }
    for seat, camp in camps.items():
        game.st.seat(seat).camp = camp
    rules = [VictoryRule(camp, "win", f"{camp}的测试条件", {"some": {"alive": True}}) for camp in winners]
    game.rs = replace(
        rs,
        victory=replace(rs.victory, rules=rules),
        camps=dict(reversed(list(rs.camps.items()))),  # the declaration order does not decide
    )
    game.changed()
    assert victory.check(game)
    assert game.st.winner == winners[0]


def test_the_fox_wins_in_place_of_any_winner(rs: Ruleset) -> None:
    game = start(rs, ["狼人", "狼人", "妖狐", "预言家", "村民", "村民"])
    _out(game, 5, 6)
    assert victory.check(game) and game.st.winner == "妖狐阵营"


POOL = ["幼狼", "狼王", "嗜血者", "花蝴蝶", "地雷", "梦魇", "乱民", "白狼", "雪狼", "长老", "医生", "丘比特", "丘比特②",
        "猎人", "白痴", "替罪羊", "乌鸦", "纵火者", "情痴", "锈刃骑士", "口吃法官", "公主", "王子", "刺客", "侦探", "占星师",
        "女仆", "两姐妹", "吹笛者", "吹笛者②", "妖狐", "混血儿", "怪盗", "盗贼"]  # fmt: skip


def garbage(game: Game, rng: random.Random) -> c.Command:
    now = game.st.clock.real(game.st.now)
    n = len(game.st.seats)
    seat = rng.randint(0, n + 1)
    return rng.choice(
        [
            c.Act(
                at=now,
                seat=seat,
                skill=rng.choice(["杀人", "拥抱", "探囊取物", "迷梦", "顺从", "暗示", "善行", "荣耀", "偷换", "殉职"]),
                targets=tuple(rng.randint(0, n + 1) for _ in range(rng.randint(0, 3))),
                choice=rng.choice([None, "救药", "同意", "狼人", "村民阵营"]),
            ),
            c.Pass(at=now, seat=seat),
            c.CastVote(at=now, seat=seat, target=rng.randint(0, n + 1)),
            c.Surrender(at=now, seat=rng.randint(1, n), agree=rng.random() < 0.8),
            c.Showdown(at=now, seat=rng.randint(1, n), plan=rng.choice(["", "轮次决胜"]), agree=rng.random() < 0.9),
            c.Penalize(at=now, seat=rng.randint(1, n), card=rng.choice(["蓝", "黄", "红"])),
            c.Ruling(at=now, what=rng.choice(["kill", "revive", "sheriff"]), seat=rng.randint(0, n + 1)),
        ]
    )


@pytest.mark.parametrize("seed", range(16))
def test_random_games_never_crash_and_replay_exactly(rs: Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    while True:  # a board the rules allow: no incompatible pair
        board = ["狼人", "狼人", "预言家", "女巫", "守卫", *rng.sample(POOL, 10), "村民", "村民", "村民"]
        names = NAMES[: len(board) - (2 if "盗贼" in board else 0)]
        options = (("轮次决胜", True),) if seed % 2 else ()
        first = c.Start(at=T0, seed=seed, names=names, board=tuple(board), options=options)
        if check_start(rs, first) is None:
            break
    play_and_check(rs, first, garbage, garbage_rate=0.1, steps=2500)


def test_a_changed_vote_counts_from_its_change_for_the_mine(rs: Ruleset) -> None:
    """地雷 补充说明：将会是首位有效票与末位有效票触发<共亡>。改票将以改票后的时间为投票时间。"""
    game = start(rs, ["狼人", "地雷", "预言家", "村民", "村民", "村民", "守卫", "村民", "村民"])
    while not (game.st.phase == "day" and game.st.day == 2):
        deadline = game.next_deadline()
        assert deadline is not None
        game.tick(deadline)

    def vote(seat: int, target: int, minutes: int) -> None:
        at = game.st.clock.real(game.st.now) + timedelta(minutes=minutes)
        assert game.apply(c.CastVote(at=at, seat=seat, target=target)).accepted

    vote(3, 2, 1)  # the first for the mine …
    vote(4, 2, 2)
    vote(5, 1, 3)
    vote(3, 1, 4)  # … until 角色3 changes away: 角色4 is the first
    vote(5, 2, 5)  # 角色5's change counts from now
    vote(6, 2, 6)  # 角色6 is the last
    game.tick(game.next_deadline())  # type: ignore[arg-type]
    assert not game.st.seat(2).alive
    assert [s.name for s in game.st.seats if not s.alive] == ["角色2", "角色4", "角色6"]


def test_the_new_words_are_checked_with_file_and_line(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    shutil.copytree(RULESETS_DIR / "wuyu_town", target)
    roles = target / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    for old, new in [
        ("            delay: next_night\n      牺牲:", "            delay: next_week\n      牺牲:"),
        ("        choice_of: spare", "        choice_of: cards"),
        ("          - become: 预言家", "          - become: 先知"),
        ("    expansion: 村庄扩展\n    todo: 赤狼", "    expansion: 冬季扩展\n    todo: 赤狼"),
        ("        per_nights: 2\n        minutes: 60\n        effects:\n          - damage: {kind: 指杀, at: 指杀结算}\n\n  雪狼",
         "        per_nights: 2\n        minutes: {dawn: 5}\n        effects:\n          - damage: {kind: 指杀, at: 指杀结算}\n\n  雪狼"),
    ]:  # fmt: skip
        assert old in text, old
        text = text.replace(old, new, 1)
    roles.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(target)
    lines = text.splitlines()

    def line_of(needle: str) -> int:
        return next(i for i, line in enumerate(lines, 1) if needle in line)

    messages = [str(p) for p in caught.value.problems]
    assert any(m.startswith(f"{roles}:{line_of('delay: next_week')}:") and "delay" in m for m in messages), messages
    assert any(m.startswith(f"{roles}:{line_of('choice_of: cards')}:") and "choice_of" in m for m in messages)
    assert any(f":{line_of('become: 先知')}:" in m and "先知" in m for m in messages)
    assert any("冬季扩展" in m for m in messages) and any("dawn" in m for m in messages)


def test_check_lists_the_expansions_apart_and_fails_only_on_the_base_game(tmp_path: Path) -> None:
    done = _check(RULESETS_DIR / "wuyu_town")
    assert done.returncode == 0, done.stdout
    assert "新月扩展（尚未实现的扩展，不影响检查结果）" in done.stdout and "村庄扩展（尚未实现的扩展" in done.stdout
    assert "未实现 0 项" in done.stdout
    target = tmp_path / "mine"
    shutil.copytree(RULESETS_DIR / "wuyu_town", target)
    roles = target / "roles.yaml"
    roles.write_text(roles.read_text(encoding="utf-8") + "  稻草人:\n    todo: 尚未实现吓跑乌鸦\n", encoding="utf-8")
    done = _check(target)
    assert done.returncode == 2 and "未实现：身份 稻草人 —— 尚未实现吓跑乌鸦" in done.stdout


def _check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.ruleset", "check", str(path)],
        capture_output=True,
        text=True,
        cwd=RULESETS_DIR.parent,
        check=False,
    )
