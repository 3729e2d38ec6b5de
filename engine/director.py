"""导演's commands: pause, extend, advance, penalties (判罚), rulings (裁定) and 替补.

Every one is logged as the director's act, so the 揭秘 shows it beside the rules'.
"""

from __future__ import annotations

from datetime import timedelta

from engine import acting, change, flow, queue, victory
from engine import commands as c
from engine.context import Context
from engine.errors import Refusal
from engine.phases import PHASES, Phase
from engine.schedule import check_settings, day_closing

CARDS = ("蓝", "黄", "红")
ESCALATE = 3  # 累计三张蓝牌合并为一张黄牌；累计三张黄牌合并为一张红牌
REDS_TO_LOSE = 2  # 同一阵营的角色累计获得两张或以上红牌时，阵营判负


def _not_over(game: Context) -> None:
    if game.st.phase == Phase.OVER:
        raise Refusal("游戏已经结束。")


def pause(game: Context, cmd: c.Pause) -> str:
    _not_over(game)
    clock = game.st.clock
    if clock.paused:
        raise Refusal("游戏已经处于暂停状态。")
    clock.anchor_game, clock.anchor_real, clock.paused = game.st.now, cmd.at, True
    game.log("director", "导演暂停游戏", "导演", secret=False)
    game.public("【导演】游戏暂停，所有截止时间冻结。")
    return "已暂停。"


def resume(game: Context, cmd: c.Resume) -> str:
    _not_over(game)
    clock = game.st.clock
    if not clock.paused:
        raise Refusal("游戏没有暂停。")
    clock.anchor_real, clock.paused = cmd.at, False
    game.log("director", "导演继续游戏", "导演", secret=False)
    deadline = queue.current_deadline(game)
    game.public("【导演】游戏继续。" + (f"当前截止时间：{game.deadline_text(deadline)}。" if deadline else ""))
    return "已继续。"


def extend(game: Context, cmd: c.Extend) -> str:
    _not_over(game)
    st = game.st
    if not 1 <= cmd.minutes <= 7 * 24 * 60:
        raise Refusal("延时分钟数应为 1 到 10080 之间的整数。")
    delta = timedelta(minutes=cmd.minutes)
    if st.prompt is not None:
        st.prompt.deadline += delta
        new = st.prompt.deadline
        game.tell(
            st.prompt.seat, f"导演延时{cmd.minutes}分钟：{st.prompt.skill}的截止时间改为 {game.deadline_text(new)}。"
        )
    elif st.deadline is not None and not st.work:
        st.deadline += delta
        st.seat_deadlines = {no: until + delta for no, until in st.seat_deadlines.items()}
        new = st.deadline
        if PHASES[st.phase].votes:
            game.public(f"【导演】延时{cmd.minutes}分钟，关门时间改为 {game.deadline_text(new)}。")
        for seat in st.seats:
            if acting.pending(game, seat):
                game.tell(seat.no, f"导演延时{cmd.minutes}分钟，当前步骤截止时间改为 {game.deadline_text(new)}。")
    else:
        raise Refusal("当前没有可以延时的截止时间。")
    game.log("director", f"导演延时{cmd.minutes}分钟", "导演")
    return f"已延时{cmd.minutes}分钟，新截止时间 {game.deadline_text(new)}。"


def advance(game: Context, cmd: c.Advance) -> str:
    _not_over(game)
    st = game.st
    if queue.current_deadline(game) is None:
        raise Refusal("当前没有等待中的步骤可以推进。")
    what = f"{st.prompt.skill}" if st.prompt else acting.now_text(game)
    game.log("director", f"导演推进：{what}", "导演")
    flow.expire(game)
    return f"已推进：{what}。"


def penalize(game: Context, cmd: c.Penalize) -> str:
    _not_over(game)
    st = game.st
    if cmd.card not in CARDS:
        raise Refusal("判罚应为 蓝、黄 或 红。")
    if not 1 <= cmd.seat <= len(st.seats):
        raise Refusal("没有这个角色。")
    seat = st.seat(cmd.seat)
    seat.penalties[cmd.card] += 1
    given = [cmd.card]
    for low, high in (("蓝", "黄"), ("黄", "红")):
        if seat.penalties[low] >= ESCALATE:
            seat.penalties[low] -= ESCALATE
            seat.penalties[high] += 1
            given.append(high)
    reason = f"（{cmd.reason}）" if cmd.reason else ""
    text = f"【判罚】{seat.name}：{cmd.card}牌{reason}。"
    if len(given) > 1:
        text += "累计合并为" + "、".join(f"{g}牌" for g in given[1:]) + "。"
    # 因红牌罚下出局的角色立即公示: where the ruleset says so, at night too
    notice = game.say_public if game.rs.notices.red_card_at_once else game.public
    notice(text)
    game.log(
        "penalty",
        f"{game.who(seat.no)}被判{cmd.card}牌{reason}；合计 蓝{seat.penalties['蓝']} 黄{seat.penalties['黄']} 红{seat.penalties['红']}",
        "判罚",
        secret=False,
    )
    if "红" in given:
        voting_now = st.phase == Phase.DAY and st.deadline is not None and not st.work
        if seat.alive and game.rs.vote.red_after_tally and voting_now:  # 白天结束时红牌罚下在投票结算之后执行
            st.red_cards.append(seat.no)
            notice(f"{seat.name}被红牌罚下，在今日投票结算之后出局。")
        elif seat.alive:
            game.queue_out(seat.no, "红牌")
            notice(f"{seat.name}被红牌罚下" + ("，所有身份均出局。" if len(seat.cards) > 1 else "。"))
        reds = sum(s.penalties["红"] for s in st.seats if s.camp == seat.camp)
        if seat.camp not in st.lost_camps:  # 判罚红牌时，导演视情况决定是否判负该玩家所在阵营
            why = f"累计{reds}张红牌，按规则可判负" if reds >= REDS_TO_LOSE else "有角色被判红牌，导演可视情况判负"
            game.say_directors(f"{seat.camp}{why}：发送「裁定 判负 {seat.camp}」。")
    return f"已判罚{seat.name}{cmd.card}牌。"


def ruling(game: Context, cmd: c.Ruling) -> str:
    _not_over(game)
    st, rs = game.st, game.rs
    if cmd.what not in c.RULINGS:
        raise Refusal(f"未知裁定：{cmd.what}。可用：{'、'.join(c.RULINGS.values())}。")
    needs_seat = cmd.what in {"kill", "revive", "add_status", "remove_status"}
    if needs_seat and not 1 <= cmd.seat <= len(st.seats):
        raise Refusal("没有这个角色。")
    why = f"（{cmd.reason}）" if cmd.reason else ""
    if cmd.what == "kill":
        if not st.seat(cmd.seat).alive:
            raise Refusal(f"{st.seat(cmd.seat).name}已经出局。")
        game.queue_out(cmd.seat, "导演裁定")
        done = f"{st.seat(cmd.seat).name}出局"
    elif cmd.what == "revive":
        seat = st.seat(cmd.seat)
        if seat.alive:
            raise Refusal(f"{seat.name}没有出局。")
        change.revive(game, seat.no, "导演裁定")
        game.public(f"【导演裁定】{seat.name}复活。")
        game.tell(seat.no, "导演裁定：你复活了。")
        done = f"{seat.name}复活"
    elif cmd.what in {"add_status", "remove_status"}:
        if cmd.arg not in rs.statuses:
            raise Refusal(f"没有状态「{cmd.arg}」。可用：{'、'.join(rs.statuses)}。")
        seat = st.seat(cmd.seat)
        if cmd.what == "add_status":
            game.grant_status(seat.no, cmd.arg, source=0, until="permanent", uses=None, rule="导演裁定")
            done = f"{seat.name}获得[{cmd.arg}]"
        else:
            if not seat.has_status(cmd.arg):
                raise Refusal(f"{seat.name}没有状态[{cmd.arg}]。")
            game.remove_statuses(seat, lambda s: s.name == cmd.arg)
            done = f"{seat.name}失去[{cmd.arg}]"
    elif cmd.what == "sheriff":
        if rs.sheriff is None:
            raise Refusal("本规则没有警长。")
        if cmd.seat == 0:
            st.sheriff = None
            game.public("【导演裁定】警长空缺。")
            done = "警长空缺"
        else:
            if not 1 <= cmd.seat <= len(st.seats) or not st.seat(cmd.seat).alive:
                raise Refusal("警长只能交给未出局的角色。")
            change.make_sheriff(game, cmd.seat, "导演裁定")
            done = f"警长改为{st.seat(cmd.seat).name}"
    elif cmd.what == "stalemate":
        return _stalemate(game, why)
    elif cmd.what == "end":
        game.log("ruling", f"导演裁定：结束游戏{why}", "导演裁定", secret=False)
        victory.end(game, None, f"导演结束游戏{why}")
        return "已结束游戏。"
    else:
        if cmd.arg not in rs.camps:
            raise Refusal(f"没有阵营「{cmd.arg}」。可用：{'、'.join(rs.camps)}。")
        if cmd.what == "hopeless":
            # 若某一方已无获胜可能，导演将宣布游戏结束，并宣布某一方胜利
            if cmd.arg in st.lost_camps:
                raise Refusal(f"{cmd.arg}已经判负。")
            game.say_public(f"【导演裁定】{cmd.arg}已无获胜可能{why}。")
            game.log("ruling", f"导演裁定：{cmd.arg}已无获胜可能{why}", "导演裁定", secret=False)
            change.lose_camp(game, cmd.arg, f"导演裁定已无获胜可能{why}")
            victory.check(game)
            return f"已裁定：{cmd.arg}已无获胜可能。" + (f"{st.winner}获胜。" if st.winner else "")
        if cmd.what == "lose":
            change.lose_camp(game, cmd.arg, f"导演裁定{why}")
            victory.check(game)
            done = f"{cmd.arg}判负"
        else:
            game.log("ruling", f"导演裁定：{cmd.arg}获胜{why}", "导演裁定", secret=False)
            victory.end(game, cmd.arg, f"导演裁定{why}")
            return f"已裁定：{cmd.arg}获胜。"
    game.log("ruling", f"导演裁定：{done}{why}", "导演裁定", secret=False)
    return f"已裁定：{done}。"


def _stalemate(game: Context, why: str) -> str:
    """僵持: the game cannot go on; where the ruleset says so, the 警长's camp wins."""
    st = game.st
    if game.rs.victory.stalemate != "sheriff":
        raise Refusal("本规则没有僵持时的判胜规则，请用「裁定 判胜 <阵营>」。")
    if st.sheriff is None:
        raise Refusal("现在没有警长，不能按警长判胜，请用「裁定 判胜 <阵营>」。")
    camp = st.seat(st.sheriff).camp
    if camp in st.lost_camps:
        raise Refusal(f"警长所属的{camp}已经判负，无法获胜，请用「裁定 判胜 <阵营>」。")
    game.log("ruling", f"导演裁定：僵持，警长所属的{camp}获胜{why}", "导演裁定", secret=False)
    victory.end(game, camp, f"僵持：警长在谁手里，那个角色所属的阵营就获胜{why}")
    return f"已裁定：僵持，{camp}获胜。"


def announce(game: Context, cmd: c.Announce) -> str:
    text = cmd.text.strip()
    if not text:
        raise Refusal("公告内容不能为空。格式：公告 <内容>")
    game.say_public(f"【导演公告】{text}")
    game.log("director", f"导演公告：{text}", "导演", secret=False)
    return "已公告。"


def settings(game: Context, cmd: c.Settings) -> str:
    _not_over(game)
    st = game.st
    merged = st.settings | dict(cmd.values)
    problem = check_settings(merged)
    if problem:
        raise Refusal(problem)
    st.settings = merged
    clock = st.clock
    if "speed" in dict(cmd.values):
        clock.anchor_real, clock.anchor_game, clock.speed = cmd.at, st.now, float(merged["speed"])
    if (
        PHASES[st.phase].votes
        and st.deadline is not None
        and st.step_opened is not None
        and ({"day_close", "day_days", "weekend_days"} & set(dict(cmd.values)))
    ):
        st.deadline = day_closing(merged, st.step_opened, st.day >= game.rs.schedule.weekend_from_day)
    changed = "，".join(f"{k}={v}" for k, v in cmd.values)
    game.log("director", f"导演修改设置：{changed}", "导演")
    return f"已修改设置：{changed}。"


def substitute(game: Context, cmd: c.Substitute) -> str:
    """替补玩家将收到该玩家的角色、身份、行动…代替该玩家继续游戏; 每名角色仅限更换一次替补 is the bot's
    to check (it knows the players). Nothing is published: the post announces no 替补."""
    _not_over(game)
    seat = game.named_seat(cmd.seat)
    game.log("director", f"导演替补：{game.who(seat.no)}由替补玩家接替", "替补", secret=False)
    return f"已替补：{seat.name}。"
