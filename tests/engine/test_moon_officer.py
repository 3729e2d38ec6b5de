"""新月扩展's 执警 (engine/moon_events.py): the 警长's <任命>, the 执警's <决策> of the next 新月事件 at the
end of an odd day's vote, the 导演's draw when nobody chooses, the even day's announcement, <代理>'s
1.5 votes, and how long an event is in effect."""

from __future__ import annotations

from dataclasses import replace

from engine import commands as c
from engine import moon_events, voting
from engine.game import Game
from engine.messages import PUBLIC, seat
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import T0, act, at, vote

ROLES = ("狼人", "狼人", "预言家", "女巫", "守卫", "猎人", "村民", "村民", "长老", "白痴")
CONFIG = (("金牛座", "魔法水晶球"),)  # the other signs bring no event


def new_game(on: bool = True) -> Game:
    rs = load_ruleset("wuyu_town")
    start = c.Start(
        at=T0,
        seed=1,
        names=tuple("甲乙丙丁戊己庚辛壬癸"),
        roles=tuple((r,) for r in ROLES),
        options=(("新月扩展", on),),
        moon=CONFIG if on else (),
    )
    game = Game.start(rs, start)
    game.tick(game.next_deadline())  # 第1天开门
    return game


def elect(game: Game, sheriff: int = 3) -> list[str]:
    """Day 1's vote makes ``sheriff`` the 警长; the texts the public is told."""
    for voter in (1, 2, sheriff):
        assert vote(game, voter, sheriff).accepted
    return [m.text for m in game.tick(game.next_deadline()) if m.to == PUBLIC]


def until_day(game: Game, day: int) -> list[str]:
    public = []
    for _ in range(60):
        if game.st.day == day and game.st.phase == "day" and game.st.prompt is None:
            return public
        public += [m.text for m in game.tick(game.next_deadline()) if m.to == PUBLIC]
    raise AssertionError(f"never reached day {day}")


def test_the_new_sheriff_appoints_a_officer_who_chooses_a_sign() -> None:
    game = new_game()
    elect(game)
    assert game.st.prompt is not None and (game.st.prompt.seat, game.st.prompt.skill) == (3, "任命")
    refused = act(game, 3, "任命", 3)
    assert not refused.accepted and "3号丙" in refused.reply  # 不能任命自己为执警
    appointed = act(game, 3, "任命", 7)
    assert appointed.accepted
    assert "警长任命7号庚为执警。" in [m.text for m in appointed.messages if m.to == PUBLIC]
    assert game.st.seat(7).has_status("执警")
    assert game.st.prompt is not None and (game.st.prompt.seat, game.st.prompt.skill) == (7, "决策")
    wrong = game.apply(c.Act(at=at(game), seat=7, skill="决策", choice="蛇夫座"))
    assert not wrong.accepted and "白羊座" in wrong.reply
    chosen = game.apply(c.Act(at=at(game), seat=7, skill="决策", choice="金牛座"))
    assert chosen.accepted and game.st.moon_signs == [(1, "金牛座")]
    assert "执警7号庚选择了金牛座作为下一次的新月事件。" in [m.text for m in chosen.messages if m.to == PUBLIC]
    dawn = "\n".join(until_day(game, 2))
    assert "当日执警：7号庚。" in dawn
    assert "【新月事件】魔法水晶球（+）。事件有效期：从公布时间到游戏结束。" in dawn
    assert game.st.moon_now == ["魔法水晶球"]


def test_a_sign_is_chosen_once() -> None:
    game = new_game()
    game.st.moon_signs = [(1, "白羊座")]
    assert "白羊座" not in moon_events.open_signs(game) and "金牛座" in moon_events.open_signs(game)


def test_the_officer_s_vote_counts_one_and_a_half() -> None:
    game = new_game()
    elect(game)
    act(game, 3, "任命", 7)
    assert voting.weight(game, 7) == 1.5
    assert voting.weight(game, 3) == 2.5  # 带队: the 警长's own
    assert voting.weight(game, 8) == 1


def test_silence_leaves_the_appointment_and_the_sign_to_chance() -> None:
    game = new_game()
    elect(game)
    told = game.tick(game.next_deadline())  # 任命's 15 minutes pass
    officers = [s.no for s in game.st.seats if s.has_status("执警")]
    assert len(officers) == 1 and officers[0] != 3
    assert any("你未在时限内发动任命，已随机选择" in m.text for m in told if m.to == seat(3))
    assert game.st.prompt is not None and game.st.prompt.skill == "决策"
    drawn = [m.text for m in game.tick(game.next_deadline()) if m.to == PUBLIC]  # 决策's 30 minutes pass
    assert "执警未在时限内选择星座，下一次的新月事件由导演随机抽取。" in drawn
    assert len(game.st.moon_signs) == 1
    assert not any(game.st.moon_signs[0][1] in text for text in drawn)  # the sign drawn is not told


def test_without_a_sheriff_the_director_draws() -> None:
    game = new_game()
    public = [m.text for m in game.tick(game.next_deadline()) if m.to == PUBLIC]  # nobody votes on day 1
    assert "没有执警，下一次的新月事件由导演随机抽取。" in public
    assert len(game.st.moon_signs) == 1 and game.st.prompt is None


def test_an_officer_out_is_replaced_at_dawn() -> None:
    game = new_game()
    elect(game)
    act(game, 3, "任命", 7)
    game.apply(c.Act(at=at(game), seat=7, skill="决策", choice="白羊座"))
    game.st.seat(7).alive = False  # out in the night (how does not matter here)
    for _ in range(20):
        if game.st.day == 2 and game.st.prompt is not None:
            break
        game.tick(game.next_deadline())
    assert game.st.prompt is not None and (game.st.prompt.seat, game.st.prompt.skill) == (3, "任命")


def test_no_expansion_no_appointment() -> None:
    game = new_game(on=False)
    public = elect(game)
    assert game.st.prompt is None and not any("执警" in text for text in public)
    assert moon_events.dawn_lines(game) == []


def test_how_long_an_event_lasts() -> None:
    game = new_game()
    game.st.moon = {"白羊座": "魔法水晶球", "金牛座": "邪恶仪式", "双子座": "权力反转日"}
    game.st.moon_signs = [(1, "金牛座"), (3, "双子座"), (5, "白羊座")]
    seen = {}
    for day, phase in [(2, "day"), (2, "night"), (3, "day"), (4, "day"), (5, "day"), (5, "night"), (6, "day")]:
        game.st.day, game.st.phase = day, phase
        seen[(day, phase)] = moon_events.in_effect(game)
    assert seen[(2, "day")] == seen[(2, "night")] == ["邪恶仪式"]  # 到下一个游戏日开始
    assert seen[(3, "day")] == []
    assert seen[(4, "day")] == ["权力反转日"]
    assert seen[(5, "day")] == ["权力反转日"]  # 到下一个游戏日结束
    assert seen[(5, "night")] == []
    assert seen[(6, "day")] == ["魔法水晶球"]  # 到游戏结束


def test_an_event_gives_a_skill_while_in_effect_and_takes_skills_for_good() -> None:
    game = new_game()
    moon = game.rs.moon
    assert moon is not None
    assert moon.events["白痴的疯狂"].grants == (("白痴", "占卜"),)
    taking = replace(moon.events["白痴的疯狂"], takes=(("女巫", ("毒药",)),))  # as 招魂术 takes 女巫's skills
    game.rs = replace(game.rs, moon=replace(moon, events=moon.events | {"白痴的疯狂": taking}))
    game.st.moon = {"白羊座": "白痴的疯狂"}
    game.st.moon_signs = [(1, "白羊座")]
    idiot, witch = game.st.seat(10), game.st.seat(4)
    game.st.day, game.st.phase = 2, "day"
    moon_events.refresh(game)
    assert not idiot.card.skills["占卜"].lost and witch.card.skills["毒药"].lost
    game.st.day = 3
    moon_events.refresh(game)
    assert idiot.card.skills["占卜"].lost and witch.card.skills["毒药"].lost  # 事件失效后，白痴失去<占卜>


def test_an_event_reveals_the_roles_of_last_night_s_outs_by_its_causes_from_the_night_after_it() -> None:
    game = new_game()
    st = game.st
    st.moon = {"白羊座": "文明的狼人"}
    st.moon_signs = [(1, "白羊座")]
    for no, cause in ((4, "杀人"), (5, "毒药")):
        st.seat(no).alive, st.seat(no).out_cause = False, cause
    st.night_deaths = [4, 5]
    st.day, st.phase = 2, "day"
    moon_events.refresh(game)
    game.out.clear()
    moon_events.at_dawn(game)
    assert not game.out  # the night before its announcement: nothing
    st.day = 3
    moon_events.at_dawn(game)
    told = [(m.to.team, m.text) for m in game.out]
    assert told == [("狼群", "新月事件文明的狼人：4号丁因<杀人>出局，其具体身份为女巫。")]  # not the 毒药's out
