"""胜负判定, 投降 and 拍刀.

Each check: every camp still in play that meets a lose condition is lost first
(优先判负, not announced); then a camp not lost that meets a win condition wins — the
first in ``victory.priority`` when several do at once; otherwise, if only one camp in play
is not lost, it wins. A camp that holds a ``usurp`` condition when another wins wins in its
place (妖狐代替该阵营胜利). A lost camp cannot win. A camp is in play while some seat
belongs to it; a rule with ``when`` counts only while its condition on the game holds.
Nothing is judged before the opening steps (开局) are over: camps and teams are not settled.
With ``check: stage`` the conditions wait for the end of the 阶段 (a step's sub-phase, or the
day); 屠城 — one camp alone not lost, or the living all of one camp — is judged at once.
"""

from __future__ import annotations

from engine import change, conditions, knife, notices, reports, rounds
from engine import commands as c
from engine.context import Context
from engine.errors import Refusal
from engine.messages import PUBLIC
from engine.phases import PHASES, Phase
from engine.queue import AfterOut, Out, Strike
from engine.ruleset.day_parts import VictoryRule
from engine.state import Seat, Showdown, Surrender


def in_play(game: Context) -> list[str]:
    camps = {s.camp for s in game.st.seats}
    return [name for name, camp in game.rs.camps.items() if name in camps and not camp.unsettled]


def _holds(game: Context, rule: VictoryRule, unlost: list[str]) -> bool:
    st = game.st
    if not conditions.game_holds(rule.when, st):
        return False
    if "camps_left" in rule.test:
        return rule.camp in unlost and len(unlost) <= int(rule.test["camps_left"])
    return conditions.victory_test(rule.test, st.alive(), st)


def check(game: Context) -> bool:
    """Apply the rules' lose and win conditions; True when the game has ended."""
    st, rs = game.st, game.rs
    if st.phase == Phase.OVER:
        return True
    knife.update(game)
    if st.phase == Phase.SETUP:
        return False  # 所有角色的阵营确定 only once the opening choices are made
    staged = rs.victory.check == "stage"
    stage = _stage(game) if staged else ""
    if (st.checked == st.version and st.judged_stage == stage) or _listing(game):
        return False  # nothing a condition reads has changed since the last check, or a list is still counted
    camps = in_play(game)
    if staged and _sweep(game, camps):
        return True
    if staged and stage == st.judged_stage:
        return False  # 结算完当前阶段才会判定是否获胜或判负
    st.checked, st.judged_stage = st.version, stage
    lost_before = set(st.lost_camps)
    for camp in camps:
        if camp in st.lost_camps:
            continue
        for rule in rs.victory.rules:
            if rule.camp == camp and rule.kind == "lose" and _holds(game, rule, camps):
                change.lose_camp(game, camp, rule.text)
                break
    alive_camps = [camp for camp in camps if camp not in st.lost_camps]
    order = _by_priority(game, alive_camps)
    for camp in order:
        for rule in rs.victory.rules:
            if rule.camp == camp and rule.kind == "win" and _holds(game, rule, alive_camps):
                _win(game, camp, rule.text, order)
                return True
    if len(alive_camps) == 1:
        _win(game, alive_camps[0], "场上仅有一个阵营尚未被判负。", order)
        return True
    if not alive_camps:
        joint = [camp for camp in rs.victory.joint_loss if camp in camps and camp not in lost_before]
        if joint:
            end(game, joint[0], "同时判负时，之前未判负的阵营中按照优先级获胜。")
        else:
            end(game, None, "所有阵营均已判负。")
        return True
    return False


def _by_priority(game: Context, camps: list[str]) -> list[str]:
    priority = game.rs.victory.priority
    return sorted(camps, key=lambda c: priority.index(c) if c in priority else len(game.rs.camps))


def _stage(game: Context) -> str:
    """The 阶段 the game is in (开局 晨曦 正午 黄昏 早夜 午夜 深夜 凌晨, with its day): a step's sub-phase."""
    st = game.st
    steps = game.rs.steps(st.phase)
    where = steps[st.step].sub_phase if PHASES[st.phase].stepped and 0 <= st.step < len(steps) else ""
    return f"{st.phase}:{st.day}:{where}"


def _sweep(game: Context, camps: list[str]) -> bool:
    """屠城, judged at once: one camp alone is not lost, or the living are all of one camp not lost."""
    st = game.st
    unlost = [camp for camp in camps if camp not in st.lost_camps]
    living = {s.camp for s in st.alive()}
    if len(unlost) == 1:
        _win(game, unlost[0], "场上仅有一个阵营尚未被判负。", unlost)
        return True
    if len(living) == 1 and next(iter(living)) in unlost:
        _win(game, next(iter(living)), "场上仅有一个阵营的角色存活。", _by_priority(game, unlost))
        return True
    return False


def _listing(game: Context) -> bool:
    """In a step of ``victory.together``, while its attacks and outs are still being resolved."""
    st, together = game.st, game.rs.victory.together
    if not together or not PHASES[st.phase].stepped:
        return False
    steps = game.rs.steps(st.phase)
    if not 0 <= st.step < len(steps) or steps[st.step].name not in together:
        return False
    return any(isinstance(item, Strike | Out | AfterOut) for item in st.work)


def _win(game: Context, winner: str, reason: str, order: list[str]) -> None:
    """A camp wins — unless another, not lost, takes its place (usurp), the first by priority."""
    for camp in order:
        if camp == winner:
            continue
        for rule in game.rs.victory.rules:
            if rule.camp == camp and rule.kind == "usurp" and _holds(game, rule, order):
                game.log("victory", f"{winner}达成胜利条件（{reason}），{camp}代替其胜利", "胜负判定", secret=False)
                end(game, camp, rule.text)
                return
    end(game, winner, reason)


def end(game: Context, winner: str | None, reason: str) -> None:
    """宣布阵营获得胜利会立即终止一切结算."""
    st = game.st
    if PHASES[st.phase].before_news:  # the night's outs were not announced yet
        report = notices.night_report(game)
        if report:
            game.say(PUBLIC, report)
    game.log("victory", f"{winner or '无人'}获胜：{reason}", "胜负判定", secret=False)
    st.phase, st.winner = Phase.OVER, winner
    st.work.clear()
    st.prompt, st.deadline = None, None
    if winner:
        game.say(PUBLIC, f"【游戏结束】{winner}获胜。" + _alone(game, winner))
    elif reason.startswith("导演结束游戏"):
        game.say(PUBLIC, "【游戏结束】导演结束了游戏。")
    else:
        game.say(PUBLIC, "【游戏结束】没有阵营获胜，请导演裁定。")
    game.say(PUBLIC, reports.reveal(game), "reveal")


def _alone(game: Context, winner: str) -> str:
    """The winning camp's seats that lose alone (单独落败), named with their rule's text."""
    st = game.st
    lines = [
        f"{seat.no}号{seat.name}单独落败：{text}"
        for seat in st.seats
        if seat.camp == winner
        for text, cond in game.rs.victory.loses_alone
        if conditions.holds(cond, seat, 0, st)
    ]
    return "".join(f"\n{line}" for line in lines)


def surrender(game: Context, cmd: c.Surrender) -> str:
    """投降: every asked seat (dead ones too) must agree; then the camp is lost, silently. A camp's
    投降 is its own: a seat not asked sees none open (another camp's is not its to know)."""
    st, rs = game.st, game.rs
    if st.phase == Phase.OVER:
        raise Refusal("游戏已经结束。")
    seat = game.named_seat(cmd.seat)
    current = _asking(st.surrenders, seat)
    if current is None:
        if not cmd.agree:
            raise Refusal("现在没有进行中的投降。")
        if seat.camp not in rs.surrender:
            allowed = "、".join(rs.surrender) or "无"
            raise Refusal(f"{seat.camp}不能投降（可以投降的阵营：{allowed}）。")
        if seat.camp in st.lost_camps:
            raise Refusal(f"{seat.camp}已经判负。")
        for cond, why in rs.surrender_forbidden.get(seat.camp, ()):
            if conditions.game_holds(cond, st):
                raise Refusal(f"不能投降：{why}")
        needed = rs.surrender_when.get(seat.camp)
        if needed and not all(conditions.holds(needed, s, 0, st) for s in st.seats if s.camp == seat.camp):
            raise Refusal(f"{seat.camp}所有角色均已入群后才能投降（{_cond_text(needed)}）。")
        asked = tuple(s.no for s in conditions.select(st, rs.surrender[seat.camp]) if s.camp == seat.camp) or (seat.no,)
        if seat.no not in asked:
            raise Refusal("你不在需要询问投降的角色之列，不能发起投降。")
        current = st.surrenders[seat.camp] = Surrender(seat.camp, asked, [seat.no])
        game.log("surrender", f"{game.who(seat.no)}发起{seat.camp}投降", "投降")
        for other in asked:
            if other != seat.no:
                game.tell(other, f"{seat.name}发起了{seat.camp}的投降。同意请发送「投降」，拒绝请发送「拒绝投降」。")
        reply = f"已发起投降，等待{len(asked) - 1}名角色同意。"
    else:
        reply = _answer(game, seat, current, cmd.agree, st.surrenders, "投降")
        if not cmd.agree:
            return reply
    if set(current.agreed) >= set(current.asked):
        del st.surrenders[current.camp]
        for other in current.asked:
            game.tell(other, f"{current.camp}投降有效，该阵营判负（不公示）。")
        change.lose_camp(game, current.camp, "投降")
        check(game)
        reply += "投降有效。"
    return reply


def _asking(open_: dict[str, Surrender] | dict[str, Showdown], seat: Seat) -> Surrender | Showdown | None:
    """The open 投降 or 拍刀 that asks this seat, if any."""
    return next((x for x in open_.values() if seat.no in x.asked), None)


def _answer(
    game: Context,
    seat: Seat,
    open_: Surrender | Showdown,
    agree: bool,
    all_open: dict[str, Surrender] | dict[str, Showdown],
    word: str,
) -> str:
    """An asked member's answer to the camp's open 投降 or 拍刀: agreeing is recorded; refusing
    cancels it and tells the others."""
    kind = "surrender" if word == "投降" else "showdown"
    if not agree:
        del all_open[open_.camp]
        game.log(kind, f"{game.who(seat.no)}拒绝{word}，{word}取消", word)
        for other in open_.asked:
            if other != seat.no:
                game.tell(other, f"{seat.name}拒绝{word}，{word}取消。")
        return f"已拒绝{word}，{word}取消。"
    if seat.no in open_.agreed:
        raise Refusal(f"你已经同意过{word}。")
    open_.agreed.append(seat.no)
    game.log(kind, f"{game.who(seat.no)}同意{word}", word)
    return f"已同意{word}。"


def _cond_text(cond: dict[str, object]) -> str:
    return "、".join(f"{k}: {v}" for k, v in cond.items())


def showdown(game: Context, cmd: c.Showdown) -> str:
    """拍刀: a member proposes the camp's plan, every asked member agrees, the director rules."""
    st, rs = game.st, game.rs
    if st.phase == Phase.OVER:
        raise Refusal("游戏已经结束。")
    seat = game.named_seat(cmd.seat)
    current = _asking(st.showdowns, seat)
    if current is None:
        if not cmd.agree:
            raise Refusal("现在没有进行中的拍刀。")
        if seat.camp not in rs.showdown:
            raise Refusal(f"{seat.camp}不能拍刀（可以拍刀的阵营：{'、'.join(rs.showdown) or '无'}）。")
        if seat.camp in rs.rounds and not rounds.switched_on(game, seat.camp):
            raise Refusal(f"本局没有采用轮次决胜规则（选项 {rs.rounds[seat.camp].option}），{seat.camp}不能拍刀。")
        if st.rounds_left:
            raise Refusal("轮次决胜已在进行中。")
        asked = tuple(s.no for s in conditions.select(st, rs.showdown[seat.camp]) if s.camp == seat.camp)
        if seat.no not in asked:
            raise Refusal("只有需要同意拍刀的角色（群内未出局的角色）可以发起拍刀。")
        plan = cmd.plan.strip()
        if not plan:
            raise Refusal("拍刀需要给出接下来的操作方案：「拍刀 方案」，例如「拍刀 今晚杀3号，明天全票投5号」。")
        current = st.showdowns[seat.camp] = Showdown(seat.camp, plan, asked, [seat.no])
        game.log("showdown", f"{game.who(seat.no)}发起{seat.camp}拍刀，方案：{plan}", "拍刀")
        for other in asked:
            if other != seat.no:
                game.tell(other, f"{seat.name}发起拍刀，方案：{plan}。同意请发送「同意拍刀」，拒绝请发送「拒绝拍刀」。")
        reply = f"已发起拍刀，等待{len(asked) - 1}名角色同意。"
    else:
        reply = _answer(game, seat, current, cmd.agree, st.showdowns, "拍刀")
        if not cmd.agree:
            return reply
    assert isinstance(current, Showdown)
    if set(current.agreed) >= set(current.asked) and current.camp in rs.rounds:
        del st.showdowns[current.camp]
        rounds.begin(game, current.camp)
        return reply + "轮次决胜开始。"
    if set(current.agreed) >= set(current.asked):
        del st.showdowns[current.camp]
        others = [camp for camp in in_play(game) if camp != current.camp]
        game.say_directors(
            f"【拍刀】{current.camp}全员同意拍刀，方案：{current.plan}。"
            f"若按此方案无论{'、'.join(others) or '其他阵营'}如何行动{current.camp}都将获胜，请发送「裁定 判胜 {current.camp}」；"
            f"若方案无法成立（例如无人拥有伤害类技能）或不能使对方一定失败，请发送「裁定 判胜 {others[0] if others else '…'}」。"
        )
        for other in current.asked:
            game.tell(other, "拍刀方案已提交导演裁定。")
        game.log("showdown", f"{current.camp}拍刀方案提交导演裁定：{current.plan}", "拍刀", secret=False)
        reply += "拍刀方案已提交导演裁定。"
    return reply
