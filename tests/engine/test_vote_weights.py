"""M216's vote mechanisms on a secret_number game: 独裁's added, stacking, rising 票权 (vote_bonus),
封锁投票 voiding the exile vote only (void_exile), 平安日 (vote.safe_notice), 御前决斗's pairs, the
change a vote on a seat gone out allows (vote.change_if_out) and 任职宣言 (sheriff.declares)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from engine import commands as c
from engine import duels, voting
from engine.errors import RulesetError
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import StatusDef
from engine.ruleset.status_parts import Guard
from engine.state import StatusInstance
from tests.engine.builders import at, new_game, run_to, vote
from tests.engine.test_ruleset_check import copy_ruleset, problems_after_edit


def day_two() -> Game:
    game = new_game()
    run_to(game, "day", 1)
    run_to(game, "day", 2)
    m216 = load_ruleset("m216_mask").statuses
    game.rs = replace(game.rs, statuses={**game.rs.statuses, **{n: m216[n] for n in ("独裁", "迷魂")}})
    return game


@pytest.mark.parametrize(("living", "bonus"), [(5, 1), (14, 1), (15, 2), (19, 2), (20, 3)])
def test_dictator_adds_one_and_one_more_per_five_living_from_ten(living: int, bonus: int) -> None:
    game = day_two()
    seats = game.st.seats
    for seat in seats:
        seat.alive = True
    extra = [replace(seats[0], no=len(seats) + i + 1, statuses=[]) for i in range(max(0, living - len(seats)))]
    game.st.seats = [*seats, *extra][:living]
    game.st.seat(1).statuses.append(StatusInstance("独裁", source=2))
    assert voting.weight(game, 1) == 1 + bonus
    assert voting.weight(game, 2) == 1


def test_dictator_stacks_per_grant_and_adds_to_the_sheriffs_weight() -> None:
    game = day_two()
    game.st.sheriff = 1
    sheriff = game.rs.sheriff.weight if game.rs.sheriff else 1
    game.st.seat(1).statuses += [StatusInstance("独裁", source=2), StatusInstance("独裁", source=3)]
    assert voting.weight(game, 1) == sheriff + 2


def test_a_fixed_weight_still_wins_over_the_bonus() -> None:
    game = day_two()
    game.st.seat(1).statuses += [StatusInstance("独裁", source=2), StatusInstance("迷魂", source=3)]
    assert voting.weight(game, 1) == 0  # 迷魂: 投票算作0票


def test_a_blocked_vote_exiles_nobody_and_says_only_what_the_ruleset_allows() -> None:
    game = day_two()
    block = StatusDef("封锁投票", caps={"void_exile": True}, whole_seat=True)
    game.rs = replace(
        game.rs,
        statuses={**game.rs.statuses, "封锁投票": block},
        vote=replace(game.rs.vote, blocked_notice="今日没有角色被投票出局。"),
    )
    game.st.seat(5).statuses.append(StatusInstance("封锁投票", until="day_end"))
    game.st.seat(5).alive = False  # held by a seat out, it still blocks
    vote(game, 1, 3)
    vote(game, 2, 3)
    messages = game.tick(game.next_deadline())
    public = [m.text for m in messages if m.to.kind == "public"]
    assert game.st.seat(3).alive
    assert "今日没有角色被投票出局。" in public
    assert not any("最高票" in t or "封锁" in t for t in public)
    assert any("放逐投票无效" in e.text for e in game.st.log)


def test_a_guarded_top_vote_is_announced_as_the_rulesets_safe_day() -> None:
    game = day_two()
    bully = StatusDef("霸道", guards=Guard(against=("投票出局",), at=("out",), note="因[霸道]未被投票出局"))
    game.rs = replace(
        game.rs,
        statuses={**game.rs.statuses, "霸道": bully},
        guard_order=(*game.rs.guard_order, "霸道"),
        vote=replace(game.rs.vote, safe_notice="今日为平安日。"),
    )
    game.st.seat(3).statuses.append(StatusInstance("霸道", until="permanent"))
    vote(game, 1, 3)
    messages = game.tick(game.next_deadline())
    public = [m.text for m in messages if m.to.kind == "public"]
    assert game.st.seat(3).alive
    assert "今日为平安日。" in public
    assert not any("霸道" in t for t in public)  # the status is no notice's business


def test_a_bonus_that_is_no_formula_of_n_is_refused_with_its_line(tmp_path: Path) -> None:
    where, problems = problems_after_edit(
        tmp_path, "    text: 守护之盾的目标，指杀无效。\n", '    caps: [{vote_bonus: "1 + M"}]\n'
    )
    assert any(p.startswith(where) and "vote_bonus 应为人数 N 的算式" in p for p in problems), problems


def test_a_duel_counts_only_its_pair_and_takes_a_vote_for_a_member_already_out() -> None:
    game = day_two()
    game.st.duels.append((game.st.day, 3, 4))
    game.st.seat(4).alive = False
    assert vote(game, 1, 4).accepted  # 这个投票可以投给其中已出局的角色
    assert vote(game, 5, 6).accepted  # accepted, and counted 0: the duel is not announced
    vote(game, 6, 3)
    votes = list(game.st.votes.values())
    assert voting.counts_of(game, votes) == {4: 1, 3: 1}  # 投其他人则计为0票


def test_a_second_duel_for_the_same_day_is_left_to_the_directors() -> None:
    game = day_two()
    duels.pair(game, 3, 4, "御前决斗")
    duels.pair(game, 5, 6, "御前决斗")
    assert game.st.duels == [(game.st.day + 1, 3, 4)]
    assert duels.today_pair(game, game.st.day + 1) == (3, 4) and duels.today_pair(game) == ()
    assert any("另开投票贴" in m.text for m in game.out if m.to.kind == "directors")


def test_a_vote_whose_seat_went_out_may_be_changed_once_more_even_in_the_final_hour() -> None:
    game = day_two()
    game.rs = replace(game.rs, vote=replace(game.rs.vote, change_if_out=True))
    assert vote(game, 1, 3).accepted
    assert vote(game, 1, 4).accepted  # the ordinary change
    game.apply(c.Ruling(at=at(game), what="kill", seat=4))
    close = game.st.clock.real(game.st.deadline)
    late = game.apply(c.CastVote(at=close - timedelta(minutes=30), seat=1, target=5))
    assert late.accepted and "不计入改票次数" in late.reply
    again = game.apply(c.CastVote(at=close - timedelta(minutes=20), seat=1, target=6))
    assert not again.accepted and "关门前60分钟内不允许改票" in again.reply


def test_without_the_rule_a_vote_on_a_seat_gone_out_stays_as_it_is() -> None:
    game = day_two()
    assert vote(game, 1, 3).accepted
    game.apply(c.Ruling(at=at(game), what="kill", seat=3))
    close = game.st.clock.real(game.st.deadline)
    late = game.apply(c.CastVote(at=close - timedelta(minutes=30), seat=1, target=5))
    assert not late.accepted and "关门前60分钟内不允许改票" in late.reply


def test_a_sheriff_declaration_must_name_a_skill_of_the_ruleset(tmp_path: Path) -> None:
    ruleset = copy_ruleset(tmp_path)
    path = ruleset / "ruleset.yaml"
    text = path.read_text(encoding="utf-8").replace("sheriff:\n", "sheriff:\n  declares: 无此宣言\n", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset)
    assert any("sheriff.declares 的技能 无此宣言 未定义" in str(p) for p in caught.value.problems)
