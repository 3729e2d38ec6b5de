"""投票: casting, changing and abstaining; the day's count; the sheriff (竞岗, 带队).

Vote contents are public when the day closes; the counts themselves stay hidden and
only the outcome is announced (the sheriff's double vote is not shown as such). Extra votes
a status gives its holder (诽谤) are counted in. The most votes on a seat holding a ``top``
trigger fires it instead of its exile (王权). A tie goes through the ruleset's tie-breakers
in order (冤死, 王权, 带队), each perhaps only while a condition holds; none: nobody is out.
After the count come the tally triggers (默契) and, once the exile has resolved, the
reactions to the vote (顺从, 暗示 — which opens another round of the day's vote).
The same casting rules serve 竞选日's sheriff votes (engine/election.py).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from engine import caps, cards, change, conditions, delays, duels, effects, noon_rounds, queue, texts
from engine import commands as c
from engine.context import Context
from engine.errors import Refusal
from engine.labels import earliest_highest
from engine.phases import PHASES, Phase
from engine.schedule import day_closing
from engine.state import Seat, Vote

BEFORE_OPENING = (Phase.DUSK, Phase.NIGHT, Phase.DAWN)  # 关门 … 开门: a [狂躁] vote goes to the next day


def _votable(game: Context, before_news: bool = False) -> list[int]:
    """The seats a vote may name; ``before_news``: as known before tonight's outs are told (a [狂躁]
    vote between 关门 and 开门 must not show who went out tonight)."""
    st = game.st
    return [
        s.no
        for s in st.seats
        if (cards.publicly_in(game, s) or (before_news and s.no in st.night_deaths))
        and not caps.has(game, s, "not_votable")
    ]


def cast(game: Context, cmd: c.CastVote) -> str:
    st, rs = game.st, game.rs
    if st.phase == Phase.OVER:
        raise Refusal("游戏已经结束。")
    if st.clock.paused:
        raise Refusal("游戏已暂停，请等待导演继续。")
    if st.phase in BEFORE_OPENING and not cmd.by_director and 1 <= cmd.seat <= len(st.seats):
        early = st.seat(cmd.seat)
        if caps.has(game, early, "early_vote") and cards.publicly_in(game, early):
            return _cast_early(game, early, cmd.target)
    if not PHASES[st.phase].votes or st.deadline is None or st.work:
        raise Refusal(f"现在不是投票时间：投票在白天开门后、关门前进行。当前：{texts.phase_title(st.phase, st.day)}。")
    voter = game.named_seat(cmd.seat)
    if not cards.publicly_in(game, voter) and not caps.has(game, voter, "votes_out"):
        raise Refusal("你已出局，不能投票。")
    proxied = caps.giving(game, voter, "proxy_vote")
    if proxied and not cmd.by_director:
        raise Refusal(f"你的投票由导演代投（{'、'.join(proxied)}），请把决定告诉导演。")
    barred = caps.giving(game, voter, "no_vote")
    if barred:
        raise Refusal("你不能参与投票（" + "、".join(barred) + "）。")
    if noon_rounds.barred(game, voter.no):
        raise Refusal("本轮是额外进行的正午，只有被指定的角色可以发言投票，你未被指定。")
    legal = _votable(game)
    options = texts.options(rs, [st.seat(n) for n in legal])
    allowed = legal + [n for n in duels.today_pair(game) if n not in legal]  # 可以投给其中已出局的角色
    if cmd.target and cmd.target not in allowed:
        if 1 <= cmd.target <= len(st.seats) and cards.publicly_in(game, st.seat(cmd.target)):
            raise Refusal(f"{game.label(cmd.target)}不能成为投票对象。可投：{options}，或「弃权」。")
        raise Refusal(f"没有这个投票对象（已出局或不存在）。可投：{options}，或「弃权」。")
    previous = st.votes.get(voter.no)
    if previous is not None and not cmd.by_director and st.phase == Phase.DAY and caps.has(game, voter, "early_vote"):
        raise Refusal(f"你处于[狂躁]状态：当天的放逐投票已决定（{_vote_text(game, previous.target)}），不允许改票。")
    redo = _redo(game, previous) and not cmd.by_director
    frozen = st.deadline - timedelta(minutes=rs.vote.freeze_minutes)
    if (previous is not None or cmd.by_director) and not redo and rs.vote.freeze_minutes and st.now >= frozen:
        raise Refusal(
            f"关门前{rs.vote.freeze_minutes}分钟内不允许改票或代投（关门时间 {game.deadline_text(st.deadline)}）。"
        )
    if previous is not None and redo:
        changes = previous.changes
    elif previous is not None:
        if previous.changes >= rs.vote.changes:
            raise Refusal(
                f"改票只允许进行{rs.vote.changes}次，你已改过。当前投票：{_vote_text(game, previous.target)}。"
            )
        changes = previous.changes + 1
    else:
        changes = 0
    st.order += 1
    st.votes[voter.no] = Vote(
        voter.no,
        cmd.target or None,
        st.now,
        st.order,
        cmd.reason,
        changes,
        cmd.by_director,
        voter.card.id,
        redo or (previous is not None and previous.redone),
    )
    what = _vote_text(game, cmd.target or None)
    who = "导演代投" if cmd.by_director else ("改票" if previous else "投票")
    game.log(
        "vote",
        f"{game.who(voter.no)}{who}：{what}" + (f"（理由：{cmd.reason}）" if cmd.reason else ""),
        "投票",
        secret=False,
    )
    # 〔导演〕理由: no post here publishes it at 关门; it is kept for the 揭秘
    kept = "理由不在关门时公示，记入揭秘。" if cmd.reason else ""
    if redo:
        return f"已记录{who}：{what}。{kept}（原投票对象已出局，此次改票不计入改票次数。）"
    if cmd.by_director or changes >= rs.vote.changes:
        return f"已记录{who}：{what}。{kept}"
    return f"已记录{who}：{what}。{kept}关门前可改票{rs.vote.changes - changes}次。"


def _cast_early(game: Context, voter: Seat, target: int) -> str:
    """[狂躁] between 关门 and 开门: the next day's 放逐投票, decided now and for good."""
    st = game.st
    if voter.no in st.early_votes:
        done = _vote_text(game, st.early_votes[voter.no])
        raise Refusal(f"你处于[狂躁]状态，已决定下一个讨论日的放逐投票（{done}），不允许改票。")
    legal = _votable(game, before_news=True)
    if target and target not in legal:
        options = texts.options(game.rs, [st.seat(n) for n in legal])
        raise Refusal(f"没有这个投票对象（已出局或不存在）。可投：{options}，或「弃权」。")
    st.early_votes[voter.no] = target or None
    what = _vote_text(game, target or None)
    game.log("vote", f"{game.who(voter.no)}开门前投票（狂躁）：{what}", "狂躁")
    return f"已记录[狂躁]投票：{what}。开门后计入当天的放逐投票，不允许改票。"


def open_early(game: Context) -> None:
    """开门: the votes sent before it become the day's (没有本状态也可以开门代投装作被狂躁，但可以之后改票 —
    only a holder is bound); a holder of [狂躁] that sent none abstains (开门之前未决定则默认弃票)."""
    st = game.st
    early, st.early_votes = st.early_votes, {}
    for seat in st.seats:
        if not cards.publicly_in(game, seat) or caps.has(game, seat, "no_vote"):
            continue
        if seat.no not in early and not caps.has(game, seat, "early_vote"):
            continue
        target = early.get(seat.no)
        st.order += 1
        st.votes[seat.no] = Vote(seat.no, target, st.now, st.order, card=seat.card.id)
        what = _vote_text(game, target)
        game.log("vote", f"{game.who(seat.no)}开门时的投票（狂躁）：{what}", "狂躁")
        game.tell(seat.no, f"开门：你当天的放逐投票为{what}（[狂躁]：开门之前决定，不允许改票）。")


def _redo(game: Context, previous: Vote | None) -> bool:
    """投票的角色在正午就已出局: one change more, even in the final hour (``vote.change_if_out``)."""
    if previous is None or previous.redone or previous.target is None or not game.rs.vote.change_if_out:
        return False
    return not game.st.seat(previous.target).alive and previous.target not in duels.today_pair(game)


def _vote_text(game: Context, target: int | None) -> str:
    return game.label(target) if target else "弃权"


def _counts(game: Context, voter: Seat) -> bool:
    """A vote counts while its voter is in, or out with a vote kept (夺魂, 虚体)."""
    return voter.alive or caps.has(game, voter, "votes_out")


def tally(game: Context) -> None:
    """关门: publish the votes, then elect the sheriff or exile the highest."""
    st, rs = game.st, game.rs
    valid = [v for v in sorted(st.votes.values(), key=lambda v: (v.at, v.order)) if _counts(game, st.seat(v.voter))]
    duel = duels.today_pair(game)
    valid = [v for v in valid if v.target is None or st.seat(v.target).alive or v.target in duel]
    st.vote_history.append((st.day, {v.voter: v.target for v in valid}))
    st.last_votes = {v.voter: (v.target, v.card) for v in valid}
    st.last_tally = [(v.voter, v.target) for v in valid]
    st.exiled_cards = []
    voted = {v.voter for v in valid}
    silent = [
        s
        for s in st.seats
        if s.alive and s.no not in voted and not caps.has(game, s, "no_vote") and not noon_rounds.barred(game, s.no)
    ]
    listing = "；".join(f"{st.seat(v.voter).name}→{_vote_text(game, v.target)}" for v in valid) or "无人投票"
    round_ = f"第{st.vote_round}轮" if st.vote_round > 1 else ""
    text = f"【第{st.day}天{round_}关门】投票：{listing}。"
    if silent:
        text += f"未投票：{texts.names(silent)}。"
        if rs.vote.silent:
            orders = "；".join(f"「判罚 {s.name} {rs.vote.silent}」" for s in silent)
            game.say_directors(f"第{st.day}天未投票：{texts.names(silent)}。按规则记作{rs.vote.silent}牌：{orders}。")
    game.public(text)
    _tally_triggers(game)
    election = (
        rs.sheriff is not None and not rs.sheriff.own_day and st.day == rs.sheriff.election_day and st.sheriff is None
    )
    valid = delays.counted_votes(game, _as_givers(game, valid))
    if election:
        _elect(game, valid)
    if st.day >= rs.vote.exile_from_day and _blocked(game):
        return
    if st.day >= rs.vote.exile_from_day:
        _exile(game, valid)
    elif not election:
        game.public("今日不放逐。")


def _as_givers(game: Context, votes: list[Vote]) -> list[Vote]:
    """The votes as counted: a living holder of ``votes_as_giver`` votes as its giver did, whether it
    voted or not (吹笛<混乱>1); a giver who did not vote leaves its vote as cast."""
    if not game.rs.uses_status_flag("votes_as_giver"):
        return votes
    cast = {v.voter: v for v in votes}
    counted = dict(cast)
    for seat in game.st.alive():
        giver = next((cast[g] for g in caps.givers(game, seat, "votes_as_giver") if g in cast), None)
        if giver is not None and giver.voter != seat.no:
            counted[seat.no] = replace(cast.get(seat.no, giver), voter=seat.no, target=giver.target)
    return sorted(counted.values(), key=lambda v: (v.at, v.order))


def _blocked(game: Context) -> bool:
    """封锁投票: the day's exile vote is void; the public sees only that nobody was voted out
    (幽暗无光: 如果出现封锁投票也不会公布…显示没人被票出)."""
    st = game.st
    by = [s for s in st.seats if caps.has(game, s, "void_exile")]
    if not by:
        return False
    st.last_counts = {}
    names = "、".join(caps.giving(game, by[0], "void_exile"))
    game.log("exile", f"{names}：今日放逐投票无效", names)
    game.public(game.rs.vote.blocked_notice)
    return True


def _elect(game: Context, votes: list[Vote]) -> None:
    """竞岗: the first to reach the most votes becomes sheriff."""
    counted = [(v.target, 1) for v in votes if v.target]
    if not counted:
        game.public("无人当选警长。")
        game.log("sheriff", "无人获得警长选票", "竞岗", secret=False)
        return
    winner, count = earliest_highest(counted)
    game.log("sheriff", f"警长选票最早达到最高票数（{count}票）：{game.who(winner)}", "竞岗")
    change.make_sheriff(game, winner, "竞岗")


def _tally_triggers(game: Context) -> None:
    """Skills set off by the count itself (默契), for each living seat holding one."""
    for seat in game.st.alive():
        for held in cards.held(game, seat):
            for trigger in held.skill.triggers:
                if trigger.on == "tally" and cards.usable(game, seat, held):
                    todo = trigger.effects if trigger.effects is not None else held.skill.effects
                    effects.run(effects.Ctx(game, actor=seat.no, skill=held.skill, rule=held.skill.name), todo)


def counts_of(game: Context, votes: list[Vote]) -> dict[int, float]:
    """Each seat's votes: the weighted votes cast for it, and what its statuses add (诽谤); on a
    day with a duel, only the duel's seats count (投其他人则计为0票)."""
    st = game.st
    duel = duels.today_pair(game)
    counts: dict[int, float] = {}
    for v in votes:
        if v.target and (not duel or v.target in duel):
            counts[v.target] = counts.get(v.target, 0) + weight(game, v.voter)
    for seat in [st.seat(n) for n in duel] if duel else st.alive():
        extra = caps.total(game, seat, "extra_votes")
        if extra:
            counts[seat.no] = counts.get(seat.no, 0) + extra
    return counts


def _exile(game: Context, votes: list[Vote]) -> None:
    rs, st = game.rs, game.st
    counts = counts_of(game, votes)
    st.last_counts = counts
    detail = "，".join(f"{game.who(t)} {n:g}票" for t, n in sorted(counts.items(), key=lambda kv: -kv[1])) or "无有效票"
    forced = [s.no for s in st.alive() if caps.has(game, s, "counts_top")]  # 替死: 视作最高票
    if not forced and (not counts or max(counts.values()) == 0) and not rs.vote.no_votes_tie:
        game.public("无人获得有效票，今日无人出局。")
        game.log("exile", "无有效票，无人出局", "投票", secret=False)
        return
    top = max(counts.values(), default=0)
    highest = forced or [t for t, n in counts.items() if n == top and n > 0]
    if len(highest) == 1:
        target = highest[0]
        game.log("exile", f"计票：{detail}；最高票{game.who(target)}", "投票")
        game.public(f"最高票：{game.label(target)}。")
        if not _top_trigger(game, highest, detail):
            game.queue_out(target, "投票", kind="投票出局")
        return
    for breaker in rs.vote.tie:
        if breaker in rs.vote.tie_if and not conditions.game_holds(rs.vote.tie_if[breaker], st):
            continue
        if breaker == "trigger" and _tie_trigger(game, detail):
            return
        if breaker == "top_trigger" and _top_trigger(game, highest, detail, tie=True):
            return
        if breaker == "sheriff_pick" and _sheriff_pick(game, highest, detail):
            return
        if breaker == "sheriff_vote" and _sheriff_pick(game, highest, detail, anyone=True):
            return
    game.public("平票，今日无人出局。")
    game.log("exile", f"计票：{detail}；平票，无人出局", "投票", secret=False)


def _top_trigger(game: Context, highest: list[int], detail: str, tie: bool = False) -> bool:
    """王权: a seat among the highest holding a ``top`` trigger is not out; its effects say who is."""
    for no in highest:
        seat = game.st.seat(no)
        for held in cards.held(game, seat):
            trigger = next((t for t in held.skill.triggers if t.on == "top"), None)
            if trigger is None or not cards.usable(game, seat, held):
                continue
            if tie:
                game.public("平票。")
            game.log("exile", f"计票：{detail}；{game.who(no)}的{held.skill.name}触发", held.skill.name)
            todo = trigger.effects if trigger.effects is not None else held.skill.effects
            effects.run(effects.Ctx(game, actor=no, skill=held.skill, rule=held.skill.name), todo)
            return True
    return False


def after_vote(game: Context) -> list[object]:
    """The reactions the day's exile vote sets off (顺从, 暗示), in seat order."""
    st = game.st
    if st.phase != Phase.DAY or st.day < game.rs.vote.exile_from_day:
        return []
    asks: list[object] = []
    for seat in st.alive():
        for held in cards.held(game, seat):
            if any(t.on == "vote_end" for t in held.skill.triggers) and cards.usable(game, seat, held):
                asks.append(queue.Ask(seat.no, held.skill.name, "skill"))
    return asks


def open_round(game: Context) -> None:
    """Another round of the day's vote, lasting as long as a day (口吃法官发起的投票持续一天)."""
    st = game.st
    st.another_round = False
    st.vote_round += 1
    st.votes = {}
    st.step_opened = st.now
    st.deadline = day_closing(st.settings, st.now, st.day >= game.rs.schedule.weekend_from_day)
    why = noon_rounds.round_notice(game) or "口吃法官发起新一轮投票"
    game.public(f"【第{st.day}天第{st.vote_round}轮投票】{why}，关门时间：{game.deadline_text(st.deadline)}。")
    game.log("phase", f"第{st.day}天第{st.vote_round}轮投票开始", secret=False)


def _tie_trigger(game: Context, detail: str) -> bool:
    """A seat holding a skill set off by a tie (冤死) uses it: its ``on_trigger`` first, then its choice."""
    for seat in game.st.alive():
        for held in cards.held(game, seat):
            skill = held.skill
            trigger = skill.trigger
            if trigger is None or trigger.on != "tie" or not cards.usable(game, seat, held):
                continue
            card = held.card or seat.card
            if "翻牌" in skill.tags and card.revealed:
                continue
            game.public("平票。")
            game.log("exile", f"计票：{detail}；平票，{game.who(seat.no)}的{skill.name}触发", skill.name)
            if "翻牌" in skill.tags:
                card.revealed = True
                game.reveal(seat.name, skill.name, card.role)
            if skill.needs_targets:
                queue.push_front(game, [queue.Ask(seat.no, skill.name, "skill", card.id)])
            effects.run(effects.Ctx(game, actor=seat.no, skill=skill, rule=skill.name, card=card), skill.on_trigger)
            return True
    return False


def _sheriff_pick(game: Context, highest: list[int], detail: str, anyone: bool = False) -> bool:
    """带队: the sheriff's vote, when among the highest (or ``anyone``: whoever it is), is out."""
    st = game.st
    pick = st.votes.get(st.sheriff or 0)
    if pick is None or pick.target is None or not st.seat(st.sheriff or 0).alive:
        return False
    if not anyone and pick.target not in highest:
        return False
    game.log("exile", f"计票：{detail}；平票，警长投票的{game.who(pick.target)}出局", "带队")
    game.public(f"平票，警长投票的{game.label(pick.target)}出局。")
    game.queue_out(pick.target, "投票", kind="投票出局")
    return True


def weight(game: Context, voter: int) -> float:
    """带队: the sheriff's vote counts as ``weight`` (or a ``weight_if`` while its condition holds);
    [迷魂] makes a vote count 0; [独裁] adds its ``vote_bonus`` on top."""
    st = game.st
    seat = st.seat(voter)
    fixed = caps.value(game, seat, "vote_weight")
    if fixed is not None:
        return fixed or 0
    return _base_weight(game, voter) + _bonus(game, seat)


def _base_weight(game: Context, voter: int) -> float:
    st, rs = game.st, game.rs
    if rs.sheriff and st.sheriff == voter:
        for cond, value in rs.sheriff.weight_if:
            if conditions.game_holds(cond, st):
                return value
        return rs.sheriff.weight
    return 1


def _bonus(game: Context, seat: Seat) -> int:
    """票权+N of the seat's statuses, N a formula of the living count: once per name, once per
    grant for a status that stacks (独裁 该状态可以叠加)."""
    if not caps.has(game, seat, "vote_bonus"):
        return 0
    living = len(game.st.alive())
    statuses = game.rs.statuses
    seen: set[str] = set()
    total = 0
    for status in seat.statuses:
        sdef = statuses[status.name]
        if "vote_bonus" in sdef.caps and (sdef.stacks or status.name not in seen):
            total += int(sdef.caps["vote_bonus"](living))
            seen.add(status.name)
    return total
