"""Texts built from the whole state: a seat's own view (身份), the directors' view (状态),
and the 揭秘 posted when the game ends (cast list plus every decision in the log)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import acting, cards, identity, legal, queue, texts, views
from engine.context import Context
from engine.phases import PHASES, Phase, game_day

if TYPE_CHECKING:
    from engine.state import Seat

REVEALED_KINDS = {  # every ruling appears in the 揭秘: the directors' acts and every vote (代投 too)
    "deal",
    "director",
    "vote",
    "team",
    "act",
    "mark",
    "feedback",
    "defence",
    "hit",
    "status",
    "camp",
    "skill",
    "out",
    "trigger",
    "timeout",
    "sheriff",
    "exile",
    "lose",
    "victory",
    "ruling",
    "penalty",
    "surrender",
    "last_words",
    "card",
    "order",
    "counter",
    "redirect",
    "reveal",
    "showdown",
}


def _now_line(game: Context, seat: Seat) -> str:
    st = game.st
    if st.phase == Phase.OVER:
        return f"游戏已结束：{st.winner or '无人'}获胜。"
    if st.prompt is not None and st.prompt.seat == seat.no:
        return f"现在：等待你决定{st.prompt.skill}，截止 {game.deadline_text(st.prompt.deadline)}。"
    if not cards.publicly_in(game, seat):
        return "你已出局。" + (
            "可以留下遗言：发送「遗言 内容」。" if seat.last_words_right and seat.last_words is None else ""
        )
    if PHASES[st.phase].votes and st.deadline is not None:
        vote = st.votes.get(seat.no)
        current = f"你当前的投票：{game.label(vote.target) if vote.target else '弃权'}。" if vote else "你还没有投票。"
        what = "竞选日，可以投票选举警长" if st.phase == Phase.ELECTION else f"第{st.day}天，可以投票"
        return f"现在：{what}（投票 目标 / 弃权），关门时间 {game.deadline_text(st.deadline)}。{current}"
    mine = acting.pending(game, seat)
    if mine and st.deadline is not None:
        options = "；".join(
            f"{s.name}（选择范围：{texts.options(game.rs, legal.legal_targets(game, seat, s))}）"
            if s.needs_targets
            else s.name
            for s in mine
        )
        step = game.rs.steps(st.phase)[st.step].name
        return f"现在：{texts.phase_title(st.phase, st.day)}·{step}，你可以发动 {options}，截止 {game.deadline_text(st.deadline)}。"
    return f"现在：{texts.phase_title(st.phase, st.day)}，没有需要你操作的事。"


def seat_view(game: Context, no: int) -> str:
    """身份: what the seat itself may know — never anything hidden from it."""
    rs = game.rs
    seat = game.st.seat(no)
    lines = [identity.identity_text(game, seat)]
    skills = []
    for held in cards.held(game, seat):
        state = held.state
        if state.lost and not state.unaware:  # lost unawares: told only when it tries (长寿之命)
            left = "已失去"
        elif state.uses is not None:
            left = f"剩余{state.uses}次" if state.uses > 0 else "已用完"
        else:
            left = "可用"
        skills.append(f"{held.skill.name}（{left}）" if not held.skill.automatic else f"{held.skill.name}（自动）")
    if skills:
        lines.append("技能状态：" + "、".join(skills))
    for card in seat.cards:
        for name, count in card.counters.items():
            lines.append(f"{card.role}的{name}：{count}")
    known = [s.name for s in seat.statuses if rs.statuses[s.name].told or s.source == seat.no]
    if known:
        lines.append("状态：" + "、".join(f"[{n}]" for n in dict.fromkeys(known)))
    for team in seat.teams:
        members = [s for s in game.st.seats if team in s.teams]
        if len(members) > 1 and rs.teams[team].intro:  # as the team was told of itself, no more
            lines.append(views.team_text(game, team, members))
    if game.st.sheriff == seat.no:
        lines.append("你是警长。")
    lines.append(_now_line(game, seat))
    return "\n".join(lines)


def director_view(game: Context) -> str:
    """状态: the full secret state, for directors only."""
    st, rs = game.st, game.rs
    where = texts.phase_title(st.phase, st.day)
    if PHASES[st.phase].stepped and st.deadline is not None:
        where += "·" + rs.steps(st.phase)[st.step].name
    deadline = queue.next_deadline(game)
    lines = [
        f"【{rs.name}】{where}"
        + (f"，截止 {texts.clock_text(deadline, st.settings['timezone'])}" if deadline else "")
        + ("（已暂停）" if st.clock.paused else "")
    ]
    for seat in st.seats:
        held = "、".join(
            f"{c.role}{f'[{c.dealt}]' if c.dealt else ''}{'(出局)' if c.out else ''}{'(当前)' if c is seat.card and len(seat.cards) > 1 else ''}"
            for c in seat.cards
        )
        bits = [f"{seat.no}号{seat.name}", held, seat.camp]
        if rs.addressing == "secret_number":
            bits.append(f"秘密数字{seat.secret}")
        bits.append("存活" if seat.alive else f"出局({seat.out_cause})")
        if seat.statuses:
            bits.append("状态" + "".join(f"[{s.name}]" for s in seat.statuses))
        if seat.teams:
            bits.append("团队:" + "、".join(seat.teams))
        lost = [h.skill.name for h in cards.held(game, seat) if cards.spent(h.state)]
        if lost:
            bits.append("无技能:" + "、".join(lost))
        cards_given = "".join(f"{k}{v}" for k, v in seat.penalties.items() if v)
        if cards_given:
            bits.append("判罚:" + cards_given)
        lines.append(" ".join(bits))
    if rs.sheriff:
        lines.append(f"警长：{game.who(st.sheriff) if st.sheriff else '无'}")
    if st.lost_camps:
        lines.append("已判负：" + "、".join(st.lost_camps))
    if st.acts:
        lines.append(
            "本步骤已提交："
            + "；".join(f"{game.who(a.seat)} {a.skill} {'、'.join(game.label(t) for t in a.targets)}" for a in st.acts)
        )
    waiting = [f"{game.who(no)}:{skill}" for no, skill in st.waiting]
    if waiting:
        lines.append("等待：" + "；".join(waiting))
    if PHASES[st.phase].votes and st.votes:
        lines.append(
            "投票："
            + "；".join(
                f"{st.seat(v.voter).name}→{game.label(v.target) if v.target else '弃权'}" for v in st.votes.values()
            )
        )
    if st.prompt:
        lines.append(f"等待反应：{game.who(st.prompt.seat)} 的 {st.prompt.skill}")
    for open_ in st.surrenders.values():
        lines.append(f"投降进行中：{open_.camp}（已同意 {len(open_.agreed)}/{len(open_.asked)}）")
    for plan in st.showdowns.values():
        lines.append(f"拍刀进行中：{plan.camp}（已同意 {len(plan.agreed)}/{len(plan.asked)}）：{plan.plan}")
    return "\n".join(lines)


def reveal(game: Context) -> str:
    """揭秘: who was who, then every decision of the game in order, with the rule behind it."""
    st, rs = game.st, game.rs
    lines = [f"【揭秘】{rs.name}：{st.winner or '无人'}获胜", "演员表："]
    for seat in st.seats:
        secret = f"（秘密数字{seat.secret}）" if rs.addressing == "secret_number" else ""
        fate = "存活" if seat.alive else f"出局于{texts.phase_title(*_phase(seat.out_phase))}（{seat.out_cause}）"
        held = "、".join(c.role + (f"（{c.dealt}）" if c.dealt else "") for c in seat.cards)
        lines.append(f"{seat.no}号{seat.name}{secret}：{held}，{seat.camp}，{fate}")
    phase = None
    for entry in st.log:
        if entry.kind not in REVEALED_KINDS:
            continue
        if entry.phase != phase:
            phase = entry.phase
            lines.append(f"—— {phase} ——")
        rule = f"〔{entry.rule}〕" if entry.rule and entry.rule not in entry.text else ""
        lines.append(f"{entry.text}{rule}")
    return "\n".join(lines)


def _phase(key: str) -> tuple[str, int]:
    return key.partition(":")[0], game_day(key) or 0
