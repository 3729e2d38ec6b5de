"""Reactions the game waits for from one seat: a skill its card's out or a tie set off
(最后一枪, 冤死), the sheriff's succession (殉职), the answer to an exile (装傻 for one's own,
善行 for anyone's), and what may follow the day's vote (顺从, 暗示).

A reaction belongs to the card that set it off, even when that card is out and another is
current now. While a prompt waits, the resolution queue waits with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards, change, labels, legal, phases, queue, rounds, texts, using
from engine import commands as c
from engine.context import Context
from engine.errors import Refusal
from engine.ruleset.model import Skill
from engine.schedule import prompt_deadline
from engine.state import Prompt, Seat

if TYPE_CHECKING:
    from engine.cards import Held


def holding(game: Context) -> Held | None:
    """The skill the current prompt waits for, on the card that set it off."""
    prompt = game.st.prompt
    if prompt is None or prompt.kind == "sheriff":
        return None
    seat = game.st.seat(prompt.seat)
    return cards.on_card(game, seat, int(prompt.data.get("card", 0)), prompt.skill)


def raise_prompt(game: Context, item: queue.Ask) -> None:

    st = game.st
    seat = st.seat(item.seat)
    if item.kind == "sheriff":
        if st.sheriff != seat.no:
            return
        options = labels.successors(game, seat.no)
        if not options:
            st.sheriff = None
            game.log("sheriff", "没有可以继任的角色，警长空缺", item.skill)
            game.public("警长空缺。")
            return
        minutes = dict(game.rs.sheriff.minutes_by_phase).get(_phase(st.phase)) if game.rs.sheriff else None
    else:
        held = cards.on_card(game, seat, item.card, item.skill) if item.card else cards.find(game, seat, item.skill)
        if held is None or (cards.spent(held.state) and not held.state.unaware):
            return
        skill = held.skill
        options = legal.legal_targets(game, seat, skill)
        if skill.needs_targets and not options:
            return
        if _rounds_answer(game, seat, held):
            return
        minutes = skill.minutes_in(st.phase)
    st.prompt = Prompt(
        seat.no, item.skill, item.kind, prompt_deadline(st.settings, st.now, minutes), data={"card": item.card}
    )
    until = game.deadline_text(st.prompt.deadline)
    if item.kind == "sheriff":
        decline = "，或「放弃」（之后没有警长）" if game.rs.sheriff and game.rs.sheriff.timeout == "none" else ""
        text = (
            f"你需要选择继任警长（{item.skill}）：选择范围：{texts.options(game.rs, options)}。截止 {until}。"
            f"发送{labels.syntax(item.skill, True)}{decline}。"
        )
    else:
        scope = f"选择范围：{texts.options(game.rs, options)}。" if skill.needs_targets else ""
        send = labels.syntax(item.skill, skill.needs_targets)
        words = legal.choice_words(game, seat, skill)
        if words and not skill.needs_targets:  # 任职宣言: the words to choose from
            scope, send = f"可选：{'、'.join(words)}。", f"「{item.skill} {words[0]}」"
        text = f"你可以发动{item.skill}：{scope}截止 {until}。发送{send}，或「放弃」。"
    game.tell(seat.no, text, "prompt")
    game.log("prompt", f"等待{game.who(seat.no)}决定{item.skill}", item.skill)


def _rounds_answer(game: Context, seat: Seat, held: Held) -> bool:
    """轮次决胜: a reaction goes by itself at the worst case's seat (最后一枪), or is not made."""
    if rounds.active(game) is None:
        return False
    aimed = rounds.aim(game, held.skill)
    if aimed is not None and aimed in {s.no for s in legal.legal_targets(game, seat, held.skill)}:
        using.use(game, seat, held, [aimed], None)
    else:
        game.log("rounds", f"轮次决胜：{game.who(seat.no)}不发动{held.skill.name}", "轮次决胜")
    return True


def _phase(phase: str) -> str:
    return phases.kind(phase) or "night"


def ask_exiling(game: Context, seat: Seat, skill: Skill, out_item: queue.Out) -> None:
    """Offer a reaction to an exile before it happens: the exiled seat's own (装傻) or another's (善行).
    A [强制] one choosing nothing is not offered: it fires at once (白痴<大难不死>)."""
    st = game.st
    if "强制" in skill.tags and not skill.needs_targets:
        held = cards.on_card(game, seat, 0, skill.name)
        if held is not None:
            ctx = using.use(game, seat, held, [out_item.seat], None)
            if not ctx.cancelled:
                queue.push_front(game, [out_item])
            return
    minutes = skill.minutes_in(st.phase)
    st.prompt = Prompt(
        seat.no, skill.name, "exiling", prompt_deadline(st.settings, st.now, minutes), data={"out": out_item}
    )
    until = game.deadline_text(st.prompt.deadline)
    exiled = out_item.seat
    why = "投票" if out_item.cause == "投票" else f"<{out_item.cause}>"
    who = "你" if exiled == seat.no else game.label(exiled)
    game.tell(
        seat.no,
        f"{who}因{why}即将出局，可以发动{skill.name}：发送「{skill.name}」发动，或「放弃」。截止 {until}。",
        "prompt",
    )
    game.log("prompt", f"等待{game.who(seat.no)}决定是否发动{skill.name}", skill.name)


def answer(game: Context, seat: Seat, cmd: c.Act) -> str:

    st = game.st
    prompt = st.prompt
    assert prompt is not None
    if cmd.skill != prompt.skill:
        held = holding(game)
        needs = prompt.kind == "sheriff" or (held is not None and held.skill.needs_targets)
        raise Refusal(
            f"现在需要你决定{prompt.skill}（发送{labels.syntax(prompt.skill, needs)}或「放弃」），不能发动{cmd.skill}。"
        )
    if prompt.kind == "sheriff":
        options = labels.successors(game, seat.no)
        if len(cmd.targets) != 1 or cmd.targets[0] not in {s.no for s in options}:
            raise Refusal(f"请选择一名继任警长。选择范围：{texts.options(game.rs, options)}。")
        successor = st.seat(cmd.targets[0])
        if not successor.alive and game.rs.sheriff and game.rs.sheriff.retry_out:
            rest = [s for s in options if s is not successor]
            raise Refusal(
                f"{game.label(successor.no)}已经出局，不能继任警长：请选择一名继任警长。选择范围：{texts.options(game.rs, rest)}。"
            )
        st.prompt = None
        change.make_sheriff(game, cmd.targets[0], f"{prompt.skill}：{game.who(seat.no)}移交")
        return f"已移交警长：{game.label(cmd.targets[0])}。"
    held = holding(game)
    assert held is not None
    targets = cmd.targets
    if prompt.kind == "exiling" and not held.skill.needs_targets and targets == (prompt.data["out"].seat,):
        targets = ()  # the one being exiled is its implicit target (善行): naming it means the same
    legal.check_targets(game, seat, held.skill, targets)
    legal.check_choice(game, seat, held.skill, cmd.choice)
    st.prompt = None
    if held.state.unaware:  # 长寿之命: told only now
        game.feedback(seat.no, f"你已经失去技能{held.skill.name}。", held.skill.name)
        if prompt.kind == "exiling":
            _continue_exile(game, prompt, cancelled=False)
        return f"已记录：{held.skill.name}。"
    chosen = list(targets)
    if prompt.kind == "exiling" and not held.skill.needs_targets:
        chosen = [prompt.data["out"].seat]  # the seat about to be exiled
    ctx = using.use(game, seat, held, chosen, cmd.choice)
    if prompt.kind == "exiling":
        _continue_exile(game, prompt, cancelled=ctx.cancelled)
    aimed = "、".join(game.label(t) for t in targets)
    return f"已发动{held.skill.name}" + (f" → {aimed}" if aimed else "") + "。"


def decline(game: Context, seat: Seat) -> str:
    st = game.st
    prompt = st.prompt
    assert prompt is not None
    if prompt.kind == "sheriff" and game.rs.sheriff and game.rs.sheriff.timeout != "none":
        raise Refusal(
            f"{prompt.skill}是强制的，必须选择继任警长。选择范围：{texts.options(game.rs, labels.successors(game, seat.no))}。"
        )
    held = holding(game)
    st.prompt = None
    if prompt.kind == "skill" and held is not None and held.skill.at_random:
        return f"已随机选择：{_at_random(game, seat, held)}。"
    if prompt.kind == "skill" and held is not None and held.skill.default is not None:
        return f"已按默认选择：{_by_default(game, seat, held)}。"
    game.log("pass", f"{game.who(seat.no)}放弃{prompt.skill}", prompt.skill)
    if prompt.kind == "sheriff":
        st.sheriff = None
        game.public("警长放弃移交警徽，之后没有警长。")
    if prompt.kind == "exiling":
        _continue_exile(game, prompt, cancelled=False)
    return f"已放弃{prompt.skill}。"


def _continue_exile(game: Context, prompt: Prompt, cancelled: bool) -> None:
    if not cancelled:
        queue.push_front(game, [prompt.data["out"]])


def timeout(game: Context) -> None:
    st = game.st
    prompt = st.prompt
    assert prompt is not None
    st.prompt = None
    seat = st.seat(prompt.seat)
    if prompt.kind == "sheriff":
        options = labels.successors(game, seat.no)
        if game.rs.sheriff and game.rs.sheriff.timeout == "random" and options:
            chosen = game.rng().choice(options)
            game.tell(seat.no, f"你未在时限内选择继任警长，已随机移交给{game.label(chosen.no)}。")
            game.flag_silence(seat.no, prompt.skill)
            change.make_sheriff(game, chosen.no, f"{prompt.skill}超时，随机移交")
        else:
            st.sheriff = None
            game.public("警长空缺。")
        return
    held = cards.on_card(game, seat, int(prompt.data.get("card", 0)), prompt.skill)
    if prompt.kind == "skill" and held is not None and held.skill.at_random:
        made = _at_random(game, seat, held)
        game.tell(seat.no, f"你未在时限内发动{prompt.skill}，已随机选择：{made}。")
        game.flag_silence(seat.no, prompt.skill)
        return
    if prompt.kind == "skill" and held is not None and held.skill.default is not None:
        made = _by_default(game, seat, held)
        game.tell(seat.no, f"你未在时限内决定{prompt.skill}，按默认选择：{made}。")
        return
    game.log("timeout", f"{game.who(seat.no)}未在时限内决定{prompt.skill}，视为放弃", prompt.skill)
    game.tell(seat.no, f"你未在时限内决定{prompt.skill}，视为放弃。")
    if prompt.kind == "exiling":
        _continue_exile(game, prompt, cancelled=False)


def _by_default(game: Context, seat: Seat, held: Held) -> str:
    """A reaction passed or left unanswered is made with its ``default`` (交易: 不回应视为拒绝)."""
    choice = str(held.skill.default)
    game.log("timeout", f"{game.who(seat.no)}未决定{held.skill.name}，按默认：{choice}", held.skill.name)
    using.use(game, seat, held, [], choice)
    return choice


def _at_random(game: Context, seat: Seat, held: Held) -> str:
    """``at_random``: a reaction passed or left unmade is made at random (任命: 执警随机指定)."""
    skill = held.skill
    options = legal.legal_targets(game, seat, skill)
    count = min(legal.target_count(game, skill)[0], len(options))
    targets = sorted(s.no for s in game.rng().sample(options, count))
    words = legal.choice_words(game, seat, skill)
    choice = game.rng().choice(words) if words else None
    made = "、".join([*(game.label(t) for t in targets), *([choice] if choice else [])])
    game.log("timeout", f"{game.who(seat.no)}未决定{skill.name}，随机选择{made}", skill.name)
    using.use(game, seat, held, targets, choice)
    return made
