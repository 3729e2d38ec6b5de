"""长夜漫漫: extra rounds of a night that keep its number, each running the night's steps up to one of them.

An out may give the next game night one more round (``extra_night``: 月亮<夜> — 下一个游戏日夜晚将额外进行一轮
[早夜-晨曦第一阶段]): the night then runs its steps from the first through the named one, is settled and its outs
announced (额外进行的游戏日夜晚会先结算并公布当晚已出局角色再进行第二轮夜晚), and runs again from its first step,
now through to its end; what the day's notice would publish besides the outs waits for it (应该公示的内容则集合到
下一个白天公示). Several such rounds add up (多个月亮效果触发可以叠加), one after another.

What ends 'tonight' ends between the rounds (所赋予的状态若是当晚解除，则第二个夜晚会不再视为拥有这些状态); what
lasts longer stays (冰冻 until the next 正午). Each round is a night for a skill used once a night: its
cool-down is the round's (the phase key ``night:N.2`` for the second round of night N), while the number
stays N for everything that counts nights (不跳天数): [厌旧] leaves out the targets of both rounds of the night
before, and both rounds of one night may choose the same seat; uses are spent across the rounds; 每N晚 counts
the night's number. The second round's deadlines count from its start as the first's from 关门.
"""

from __future__ import annotations

from datetime import timedelta

from engine import change, notices, queue, readings, texts
from engine.context import Context
from engine.labels import out_note
from engine.messages import PUBLIC
from engine.phases import Phase


def schedule(game: Context, giver: int, through: str, rule: str) -> None:
    """``giver``'s out gives the next game night one more round, running its steps through ``through``."""
    st = game.st
    night = st.day + 1 if st.phase in {Phase.NIGHT, Phase.DAWN} or game.rs.first == Phase.NIGHT else st.day
    st.extra_nights.append((night, through))
    game.log("phase", f"第{night}夜额外进行一轮夜晚（{game.who(giver)}的{rule}）", rule)


def round_ends(game: Context) -> bool:
    """Whether the step just closed ends a round of tonight that another round follows."""
    st = game.st
    if st.phase != Phase.NIGHT or st.step < 0:
        return False
    step = game.rs.steps(st.phase)[st.step].name
    return any(night == st.day and through == step for night, through in st.extra_nights)


def next_round(game: Context) -> None:
    """The round is settled: its outs announced, what lasted tonight ended; the night runs again from its
    first step, once what waited for the outs' notice is done."""
    rs, st = game.rs, game.st
    step = rs.steps(st.phase)[st.step].name
    st.extra_nights.remove(next(e for e in st.extra_nights if e == (st.day, step)))
    outs = [st.seat(no) for no in dict.fromkeys(st.night_deaths)]
    if rs.notices.death_order == "seat":
        outs.sort(key=lambda s: s.no)
    line = (
        "本轮出局：" + "、".join(texts.public_label(rs, s) + out_note(s) for s in outs) + "。"
        if outs
        else "本轮无人出局。"
    )
    st.night_round += 1
    game.say(
        PUBLIC, f"【第{st.day}夜】长夜漫漫：第{st.night_round}轮夜晚结束。{line}第{st.night_round + 1}轮夜晚开始。"
    )
    change.end_of("night_end", game)
    st.night_deaths, st.preliminary_outs, st.chosen = [], [], []
    readings.forget(game)
    game.log("phase", f"第{st.day}夜第{st.night_round + 1}轮开始", secret=False)
    st.step = -1  # the next OpenNext opens the first step
    first = rs.steps(st.phase)[0]
    before = max((s.after_close or 0 for s in rs.dusk_steps), default=0) if first.after_close is not None else 0
    st.step_opened = st.now - timedelta(minutes=before)
    queue.push_front(game, [queue.OpenNext()])
    notices.after_notice(game)  # the round's outs are public: what waited for their notice happens first
