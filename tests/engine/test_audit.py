"""Secrets hold in every message: random full games of every ruleset, garbage mixed in, every
message, reply and 身份 audited by the ruleset's information model (tests/engine/audit.py); and
proof that the audit catches each kind of leak the bot once had."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache, partial

import pytest

from engine import commands as c
from engine import legal, reports, texts
from engine.game import Game, check_start
from engine.messages import PUBLIC, Message, team
from engine.messages import seat as to_seat
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset
from engine.views import range_text, team_text
from tests.engine import test_dual_properties, test_properties, test_wuyu_town
from tests.engine.audit import leaks, recipient_leaks
from tests.engine.audited_play import Audited, audited_game
from tests.engine.builders import NAMES, T0, at, dual_identity, new_game, own_board, run_to, run_to_step, secret_number
from tests.engine.random_play import garbage
from tests.engine.written_boards import board, written


@cache
def wuyu_town() -> Ruleset:
    return load_ruleset("wuyu_town")


def _secret_number_game(seed: int) -> Audited:
    rng = random.Random(seed)
    size = rng.randint(5, 14)
    wolves = rng.randint(1, max(1, size // 3))
    specials = rng.sample(test_properties.ROLES[1:], rng.randint(0, min(size - wolves, 9)))  # one of each, as dealt
    board = ("狼人",) * wolves + tuple(specials) + ("村民",) * (size - wolves - len(specials))
    first = c.Start(at=T0, seed=seed, names=tuple(f"角色{i}" for i in range(1, size + 1)), board=board)
    return audited_game(secret_number(), first, test_properties.garbage, 0.15, 400)


def _dual_identity_game(seed: int) -> Audited:
    template, substitutions = test_dual_properties.PRESETS[seed % len(test_dual_properties.PRESETS)]
    rs = dual_identity()
    players = len(rs.boards[template].cards) // 2
    first = c.Start(at=T0, seed=seed, names=NAMES[:players], template=template, substitutions=substitutions)
    return audited_game(rs, first, test_dual_properties.garbage, 0.1, 500)


def _wuyu_town_game(seed: int, moon: bool = False) -> Audited:
    """A board the rules allow; with ``moon``, the 新月扩展 on, its written events dealt to signs at random."""
    rs, rng = wuyu_town(), random.Random(seed)
    written = [name for name, event in rs.moon.events.items() if not event.todo] if rs.moon else []
    while True:
        board = ["狼人", "狼人", "预言家", "女巫", "守卫", *rng.sample(test_wuyu_town.POOL, 10), "村民", "村民", "村民"]
        names = test_wuyu_town.NAMES[: len(board) - (2 if "盗贼" in board else 0)]
        options = (("轮次决胜", True),) if seed % 3 == 0 else ()
        first = c.Start(at=T0, seed=seed, names=names, board=tuple(board), options=options)
        if moon and rs.moon:
            config = tuple(zip(rs.moon.signs, rng.sample(written, len(written)), strict=False))
            first = replace(first, options=(("新月扩展", True),), moon=config)
        if check_start(rs, first) is None:
            return audited_game(rs, first, test_wuyu_town.garbage, 0.1, 2500)


def _m216_game(seed: int) -> Audited:
    """A board the 导演 draws, for the fewest players the draw allows."""
    rs = load_ruleset("m216_mask")
    for players in range(rs.draw.players[0], rs.draw.players[1] + 1):
        first = c.Start(at=T0, seed=seed, names=tuple(f"角色{i}" for i in range(1, players + 1)), draw=True)
        if check_start(rs, first) is None:
            return audited_game(rs, first, garbage, 0.1, 1500)
    raise AssertionError(f"seed {seed}: no board drawn")


def _genshin_165_game(seed: int) -> Audited:
    """A 导演's board of the written roles (自定板子)."""
    rs = load_ruleset("genshin_165")
    roles = board(written(rs), seed)
    names = tuple(f"角色{i}" for i in range(1, len(roles) + 1))
    first = c.Start(at=T0, seed=seed, names=names, board=roles, options=(("自定板子", True),))
    return audited_game(rs, first, garbage, 0.1, 1500)


# ruleset → its games and how many are played in each chunk: the big posts' games are long
GAMES_OF: dict[str, tuple[Callable[[int], Audited], int]] = {
    "secret_number": (_secret_number_game, 50),
    "dual_identity": (_dual_identity_game, 50),
    "wuyu_town": (_wuyu_town_game, 50),
    "wuyu_town_moon": (partial(_wuyu_town_game, moon=True), 10),
    "m216_mask": (_m216_game, 4),
    "genshin_165": (_genshin_165_game, 4),
}
CHUNKS = {"secret_number": 4, "dual_identity": 4, "wuyu_town": 4}  # 200 games each; the others 2 chunks


@pytest.mark.parametrize(("ruleset", "chunk"), [(r, k) for r in sorted(GAMES_OF) for k in range(CHUNKS.get(r, 2))])
def test_no_message_of_a_random_game_tells_its_audience_more_than_it_may_know(ruleset: str, chunk: int) -> None:
    play, size = GAMES_OF[ruleset]
    messages = 0
    for seed in range(chunk * size, (chunk + 1) * size):
        run = play(seed)
        assert not run.found, f"seed {seed}: " + "\n".join(f"{cause}\n{leak}" for cause, leak in run.found[:5])
        messages += run.messages
    assert messages > size * 20  # the games were played, not cut short


# ---------------------------------------------------------------- the audit catches each kind


def _kinds(game: Game, audience: object, text: str, **kw: object) -> set[str]:
    return {leak.kind for leak in leaks(game, audience, text, **kw)}  # type: ignore[arg-type]


def test_kind_1_a_hint_for_a_skill_the_sender_does_not_hold() -> None:
    """秘密数字杀: a villager's 「杀人 abc」 was answered with 杀人's 选择范围 — the wolves left out."""
    game = new_game()
    run_to(game, "night", 1)
    villager = game.st.seat(7)
    kill = game.rs.skill("杀人")
    assert kill is not None
    leaky = f"没有「abc」这个目标（请用秘密数字）。选择范围：{texts.options(game.rs, legal.legal_targets(game, villager, kill))}。"
    assert _kinds(game, to_seat(7), leaky) == {"list"}
    assert _kinds(game, to_seat(1), leaky) == set()  # a wolf may know it
    assert _kinds(game, to_seat(7), "没有「abc」这个目标（请用秘密数字）。") == set()


def test_kind_1_a_range_computed_from_tonights_outs() -> None:
    """An out tonight, not yet announced: a list without it tells it."""
    game = new_game()
    run_to_step(game, "预言家")
    assert game.apply(c.Ruling(at=at(game), what="kill", seat=7)).accepted  # out tonight, announced at 开门
    seer = game.st.seat(3)
    alive = texts.options(game.rs, [s for s in game.st.seats if s.alive])
    assert _kinds(game, to_seat(3), f"选择范围：{alive}。") == {"list"}
    assert _kinds(game, to_seat(3), reports.seat_view(game, 3)) == set()  # the 身份 it gets now
    assert "7" in reports.seat_view(game, 3).split("选择范围：")[1].split("）")[0]
    assert seer.alive


def test_kind_2_a_view_showing_which_wolf_holds_which_number() -> None:
    """狼人可以知道所有狼人的秘密数字: the set, not which wolf holds which."""
    game = new_game()
    mate = game.st.seat(2)
    assert _kinds(game, to_seat(1), f"狼人：{mate.name}（秘密数字{mate.secret}）") == {"secrets"}
    assert _kinds(game, to_seat(1), team_text(game, "狼人", game.st.seats[:2])) == set()
    assert _kinds(game, to_seat(7), team_text(game, "狼人", game.st.seats[:2])) == {"secrets"}  # not a wolf's


def test_kind_2_which_kind_of_lover_and_a_skill_lost_unawares() -> None:
    """A、C只能得知自己的情侣名单，不能得知自己为旧日情侣或秘密情侣; 长老出局: told only when it tries."""
    rs = wuyu_town()
    game = test_wuyu_town.start(rs, ["狼人", "狼人", "丘比特②", "村民", "村民", "村民", "预言家", "长老", "女巫"])
    game.apply(c.Act(at=at(game), seat=3, skill="红杏出墙", targets=(4, 5, 6)))
    assert "旧日情侣" in game.st.seat(4).teams
    assert _kinds(game, to_seat(4), "旧日情侣：5号戊") == {"team"}
    assert _kinds(game, to_seat(5), "旧日情侣：4号丁") == set()  # B may know
    assert _kinds(game, to_seat(4), reports.seat_view(game, 4)) == set()
    game.lose_skills(7, None, "长寿之命", told=False)
    assert _kinds(game, to_seat(7), "技能状态：预言（已失去）") == {"lost"}
    assert _kinds(game, to_seat(7), reports.seat_view(game, 7)) == set()


def test_kind_3_a_relay_read_by_who_joined_after_it_was_said() -> None:
    game = new_game(("狼人", "狼人", "丘比特", "村民", "村民", "村民"))
    game.out = []
    game.say(team("情侣"), "情侣群消息")
    said = game.out[0]
    assert said.to.members == ()  # nobody is in 情侣 yet
    game.form_team("情侣", [4, 5], "测试")
    later = tuple(s.no for s in game.st.seats if "情侣" in s.teams)  # the roster after the command
    assert {leak.kind for leak in recipient_leaks(game, said, later)} == {"recipient"}
    assert recipient_leaks(game, said, said.to.members) == []


def test_kind_4_a_public_notice_naming_a_cause_the_post_does_not_publish() -> None:
    game = new_game()
    run_to(game, "day", 2)
    name = game.st.seat(7).name
    assert _kinds(game, PUBLIC, f"{name}因<毒药>出局。") == {"cause"}
    assert _kinds(game, PUBLIC, f"{name}因投票出局。") == set()  # 投票结束后…立即公示


def test_kind_5_a_refusal_telling_of_another_camps_open_surrender() -> None:
    game = new_game()
    run_to(game, "night", 1)
    opened = game.apply(c.Surrender(at=at(game), seat=1, agree=True))
    assert opened.accepted and "狼人阵营" in game.st.surrenders
    leaky = "正在进行的是狼人阵营的投降，你不在需要同意之列。"
    assert _kinds(game, to_seat(7), leaky) == {"event"}
    assert _kinds(game, to_seat(2), leaky) == set()  # asked
    answer = game.apply(c.Surrender(at=at(game), seat=7, agree=False))
    assert not answer.accepted and _kinds(game, to_seat(7), answer.reply) == set()
    assert answer.reply == "现在没有进行中的投降。"


def test_kind_6_a_director_command_echoed_into_the_main_group_with_its_secret() -> None:
    """撤销 answered 「已撤销：<seat> 预言 <target>」 in the group."""
    rs = dual_identity()
    game = Game.start(rs, c.Start(at=T0, seed=1, names=NAMES[:6], template="6人局"))
    assert _kinds(game, PUBLIC, "已撤销：3号丙 预言 5号戊") == {"target"}
    assert _kinds(game, PUBLIC, "已撤销上一条命令。") == set()
    message = Message(PUBLIC, "已撤销：丙 预言 戊")
    assert {leak.kind for leak in leaks(game, message.to, message.text)} == {"target"}


@pytest.mark.parametrize(
    ("ruleset", "roles", "skill"),
    [
        ("genshin_165", ("渊狼", "预言家", "白痴", "骑士", "猎人", "隐者"), "预言"),
        ("m216_mask", ("狼巫", "灯影预言家", "长老", "骑士", "隐者", "官员"), "预言"),
    ],
)
def test_kind_1_a_range_without_an_out_not_yet_announced(ruleset: str, roles: tuple[str, ...], skill: str) -> None:
    """已经公示的出局角色不允许被选为技能或投票的目标: a seat out tonight stays in 选择范围 until 开门 —
    a range without it told the seer of the out."""
    game = own_board(load_ruleset(ruleset), roles)
    run_to(game, "night", 1)
    assert game.apply(c.Ruling(at=at(game), what="kill", seat=3)).accepted
    assert not game.st.seat(3).alive
    assert "3号" in range_text(game, game.st.seat(2), skill)
    assert _kinds(game, to_seat(2), reports.seat_view(game, 2)) == set()


def test_a_range_of_seats_out_leaves_out_an_out_not_yet_announced() -> None:
    """感知——选择范围：任意已出局角色: a seat out tonight is out only from 开门 — a range with it told
    the 灵能 of the out."""
    game = own_board(load_ruleset("genshin_165"), ("渊狼", "灵能", "白痴", "骑士", "猎人", "隐者"))
    run_to(game, "night", 1)
    assert game.apply(c.Ruling(at=at(game), what="kill", seat=3)).accepted
    assert not game.st.seat(3).alive
    assert "3号" not in range_text(game, game.st.seat(2), "感知")
    assert _kinds(game, to_seat(2), reports.seat_view(game, 2)) == set()
    run_to(game, "night", 2)
    assert "3号" in range_text(game, game.st.seat(2), "感知")  # announced at 开门


def test_a_sheriff_made_at_night_is_asked_to_appoint_from_the_seats_as_known() -> None:
    """任命（新月扩展）: a 警长 made at night is asked at once; a range without tonight's outs told it
    of them before 开门 (夜晚期间需要公示的内容全部在下一个白天开始时公布)."""
    rs = wuyu_town()
    roles = ("狼人", "狼人", "预言家", "女巫", "守卫", "猎人", "村民", "村民", "长老", "白痴")
    start = c.Start(at=T0, seed=1, names=NAMES[:10], roles=tuple((r,) for r in roles))
    game = Game.start(rs, replace(start, options=(("新月扩展", True),), moon=(("金牛座", "魔法水晶球"),)))
    run_to(game, "night", 1)
    assert game.apply(c.Ruling(at=at(game), what="kill", seat=7)).accepted
    made = game.apply(c.Ruling(at=at(game), what="sheriff", seat=4))
    asked = [m.text for m in made.messages if m.to == to_seat(4) and "任命" in m.text]
    assert asked and "7号" in asked[0]
    assert all(_kinds(game, to_seat(4), text) == set() for text in asked)
