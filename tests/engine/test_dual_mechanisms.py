"""双身份 mechanisms the scenario format does not reach: 拍刀, 投降's condition, 无望, defences
with counts, the order of 幸运儿, and secrets kept from the wrong readers."""

from __future__ import annotations

import re

from engine import cards, deaths, legal, reports
from engine import commands as c
from engine.messages import To
from engine.state import Damage, StatusInstance
from tests.engine.builders import act, at, dual_game, run_to, run_to_step, vote

TABLE = (("狼人", "村民"), ("隐狼", "村民"), ("预言家", "村民"), ("村民", "村民"), ("女巫", "守卫"), ("复制人", "村民"))


def texts_to(result: object, kind: To) -> list[str]:
    return [m.text for m in result.messages if m.to.kind is kind]  # type: ignore[attr-defined]


def test_showdown_needs_every_living_member_then_goes_to_the_directors() -> None:
    game = dual_game(*TABLE)
    run_to(game, "night", 1)
    refused = game.apply(c.Showdown(at=at(game), seat=3, plan="杀光"))
    assert not refused.accepted and "不能拍刀" in refused.reply
    empty = game.apply(c.Showdown(at=at(game), seat=1))
    assert not empty.accepted and "拍刀需要给出接下来的操作方案" in empty.reply
    begun = game.apply(c.Showdown(at=at(game), seat=1, plan="今晚杀4号，明天全票投3号"))
    assert begun.accepted and "等待1名角色同意" in begun.reply
    assert not texts_to(begun, To.DIRECTORS) and not texts_to(begun, To.PUBLIC)
    assert any("今晚杀4号" in m.text and m.to.seat == 2 for m in begun.messages)
    agreed = game.apply(c.Showdown(at=at(game), seat=2))
    told = texts_to(agreed, To.DIRECTORS)
    assert told and "今晚杀4号，明天全票投3号" in told[0] and "裁定 判胜 狼人阵营" in told[0]
    assert "裁定 判胜 村民阵营" in told[0] and not texts_to(agreed, To.PUBLIC)
    assert not game.st.showdowns and game.st.phase != "over"
    ruled = game.apply(c.Ruling(at=at(game), what="win", arg="狼人阵营", reason="拍刀成立"))
    assert ruled.accepted and game.st.winner == "狼人阵营"


def test_a_refused_showdown_is_called_off() -> None:
    game = dual_game(*TABLE)
    run_to(game, "night", 1)
    game.apply(c.Showdown(at=at(game), seat=2, plan="明天自爆"))
    result = game.apply(c.Showdown(at=at(game), seat=1, agree=False))
    assert result.accepted and not game.st.showdowns
    assert not game.apply(c.Showdown(at=at(game), seat=1, agree=False)).accepted


def test_surrender_waits_until_every_wolf_has_joined_the_group() -> None:
    hands = list(TABLE)
    hands[1] = ("村民", "狼人")  # its 狼人 is second: not in the group yet
    game = dual_game(*hands)
    run_to(game, "day", 1)
    refused = game.apply(c.Surrender(at=at(game), seat=1))
    assert not refused.accepted and "所有角色均已入群后才能投降" in refused.reply


def test_the_director_ends_a_game_a_camp_can_no_longer_win() -> None:
    game = dual_game(*TABLE)
    run_to(game, "day", 1)
    result = game.apply(c.Ruling(at=at(game), what="hopeless", arg="村民阵营", reason="金宝宝无法存活"))
    assert result.accepted and game.st.winner == "狼人阵营"
    assert any("村民阵营已无获胜可能（金宝宝无法存活）" in t for t in texts_to(result, To.PUBLIC))


def test_counted_guards_are_spent_shortest_first_over_several_kills() -> None:
    game = dual_game(*TABLE)
    run_to_step(game, "狼人")
    seat = game.st.seat(4)
    seat.statuses += [
        StatusInstance("守护", until="day_end", uses=1),
        StatusInstance("守护", until="night_end", uses=1),
    ]
    deaths.strike(game, Damage(4, "指杀", "杀人", 1, ""))
    assert [s.until for s in seat.statuses if s.name == "守护"] == ["day_end"]
    deaths.strike(game, Damage(4, "指杀", "杀人", 1, ""))
    assert not seat.has_status("守护") and not game.st.work
    deaths.strike(game, Damage(4, "穿透", "毒药", 5, ""))  # [守护] does not stop [穿透]
    assert game.st.work and type(game.st.work[0]).__name__ == "Out"


def test_guard_and_save_on_one_seat_cancel_whichever_comes_first() -> None:
    game = dual_game(*TABLE)
    run_to_step(game, "女巫")
    game.grant_status(4, "守护", source=5, until="night_end", uses=None, rule="救药")
    game.grant_status(4, "坚韧", source=5, until="night_end", uses=None, rule="守护之盾")
    assert not game.st.seat(4).statuses


def test_lucky_ones_act_in_the_order_they_received_their_skills() -> None:
    game = dual_game(*TABLE)
    run_to(game, "night", 2)
    game.grant_skill(4, "幸运儿预言", "交易")  # received first
    game.grant_skill(3, "幸运儿预言", "交易")
    run_to_step(game, "幸运儿")
    assert act(game, 3, "幸运儿预言", 1).accepted
    assert act(game, 4, "幸运儿预言", 2).accepted
    run_to_step(game, "女巫")
    used = [e.text for e in game.st.log if e.kind == "act" and "幸运儿预言" in e.text]
    assert used[0].startswith("4号丁") and used[1].startswith("3号丙")


def test_a_seat_learns_only_its_own_cards() -> None:
    game = dual_game(*TABLE)
    run_to(game, "night", 1)
    view = reports.seat_view(game, 3)
    assert "预言家" in view and "隐狼" not in view and "狼人" not in view
    wolf = reports.seat_view(game, 1)
    assert "狼群成员：1号甲、2号乙。" in wolf and "隐狼" not in wolf  # as the team was introduced


def test_public_notices_never_name_a_card_unless_it_is_turned_over() -> None:
    """游戏期间以任何方式出局的角色均不公示其身份 — only [翻牌] makes a card public."""
    import random

    from engine.autoplay import play
    from tests.engine.builders import dual_identity

    roles = [name for name, role in dual_identity().roles.items() if role.dealt]
    pattern = re.compile("|".join(sorted(roles, key=len, reverse=True)))
    for seed in range(12):
        template = ("6人局", "7人局", "8人局一", "8人局二")[seed % 4]
        n = {"6人局": 6, "7人局": 7}.get(template, 8)
        from engine.game import Game
        from tests.engine.builders import NAMES, T0

        game = Game.start(dual_identity(), c.Start(at=T0, seed=seed, names=NAMES[:n], template=template))
        for _, out in play(game, random.Random(seed)):
            for message in out:
                if message.to.kind is not To.PUBLIC or message.kind == "reveal" or "【游戏结束】" in message.text:
                    continue
                text = message.text.replace("狼人阵营", "").replace("村民阵营", "")
                for line in text.splitlines():
                    if "翻牌发动" not in line:
                        assert not pattern.search(line), (seed, line)


def test_only_the_current_card_acts_but_hidden_skills_still_do() -> None:
    game = dual_game(("村民", "石像鬼"), *TABLE[2:])
    run_to_step(game, "石像鬼")
    seat = game.st.seat(1)
    assert [h.skill.name for h in cards.held(game, seat)] == ["查验"]
    assert "接刀" in cards.tags(game, seat) and "群内" not in cards.tags(game, seat)
    assert legal.legal_targets(game, seat, game.rs.skill("查验"))  # type: ignore[arg-type]


def test_a_wolf_that_left_the_group_has_still_joined_it() -> None:
    game = dual_game(*TABLE)
    run_to(game, "day", 1)
    for voter in (3, 4, 5):
        assert vote(game, voter, 1).accepted
    run_to(game, "day", 2)
    assert "狼群" not in game.st.seat(1).teams and "狼群" in game.st.seat(1).joined
    result = game.apply(c.Surrender(at=at(game), seat=2))
    assert result.accepted and "投降有效" in result.reply and game.st.winner == "村民阵营"
