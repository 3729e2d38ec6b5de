"""金宝宝双身份: what the YAML vocabulary cannot say — the two free-form choices.

术数学徒<心算> asks an arithmetic question about seat numbers; 唐伯虎<点睛> names every wolf
seat and where its wolf card lies. Each has a check (``choice_hook``: what is wrong with the
text and what would be right) and an effect (``hook``: the answer, or the outcome).
"""

from __future__ import annotations

import re
from itertools import combinations

from engine.api import Context, Damage, EffectCtx, Seat, Strike, end_game

WOLVES = "狼人阵营"
VILLAGE = "村民阵营"
CATEGORIES = ("狼人阵营", "金宝宝", "好人阵营非金宝宝")
OPERATIONS = ("相加", "相减")
MENTAL_FORMAT = (
    "心算写法：①「心算 类别 X 运算 Y」，类别为狼人阵营/金宝宝/好人阵营非金宝宝，X、Y为正整数，X不能取1，"
    "相减时X只能为2，例如「心算 金宝宝 2 相加 7」；②「心算 身份牌 身份牌 运算 Y」，例如「心算 女巫 守卫 相减 3」。"
)
EYES_FORMAT = "点睛写法：报出所有狼人阵营角色及其狼人阵营身份牌的位置（第一/第二/两张），例如「点睛 2号第一 5号第二」。"


# ---------------------------------------------------------------- 心算


def _mental(game: Context, seat: Seat, text: str) -> tuple[str, tuple[str, ...], str, int] | str:
    """The parsed question (form, subjects, operation, Y), or what is wrong with it."""
    words = text.replace("，", " ").replace(",", " ").split()
    if len(words) != 4 or words[2] not in OPERATIONS:
        return MENTAL_FORMAT
    a, b, op, y_text = words
    if not y_text.lstrip("-").isdigit():
        return f"Y应为整数，你写的是「{y_text}」。{MENTAL_FORMAT}"
    y = int(y_text)
    if a in CATEGORIES:
        if not b.isdigit():
            return f"X应为正整数，你写的是「{b}」。{MENTAL_FORMAT}"
        x = int(b)
        if x < 2:
            return f"X不能取{x}：X为不小于2的整数。{MENTAL_FORMAT}"
        if op == "相减" and x != 2:
            return f"选择相减时X只能为2，你写的是{x}。{MENTAL_FORMAT}"
        if y < 1:
            return f"Y应为正整数，你写的是{y}。{MENTAL_FORMAT}"
        return ("①", (a, str(x)), op, y)
    roles = [r for r, role in game.rs.roles.items() if role.dealt]
    for role in (a, b):
        if role not in roles:
            return f"「{role}」不是本规则中的身份牌（可选：{'、'.join(roles)}）。{MENTAL_FORMAT}"
        holders = [s.no for s in game.st.seats if _holds(s, role)]
        if holders == [seat.no]:
            return f"{role}只有你持有，不能选定该身份牌（特别地，若某身份牌只有术数学徒所属的角色持有，则不能选定该身份牌）。"
    return ("②", (a, b), op, y)


def _holds(seat: Seat, role: str) -> bool:
    """持有: a card of that role, or dealt as it (复制人)."""
    return any(c.role == role or c.dealt_as == role for c in seat.cards)


def _in_category(game: Context, seat: Seat, category: str) -> bool:
    if category == WOLVES:
        return seat.camp == WOLVES
    gold = "金宝宝" in seat.hands
    return gold if category == "金宝宝" else seat.camp == VILLAGE and not gold


def _result(numbers: tuple[int, ...], op: str) -> int:
    return sum(numbers) if op == "相加" else abs(numbers[0] - numbers[1])


def check_mental(game: Context, seat: Seat, text: str) -> str | None:
    parsed = _mental(game, seat, text)
    return parsed if isinstance(parsed, str) else None


def mental(ctx: EffectCtx) -> None:
    """心算: 是 when X seats of the category (or two seats holding the two cards) give Y."""
    game = ctx.game
    seat = game.st.seat(ctx.actor)
    parsed = _mental(game, seat, ctx.choice or "")
    assert not isinstance(parsed, str)
    form, subjects, op, y = parsed
    seats = game.st.seats
    if form == "①":
        category, x = subjects[0], int(subjects[1])
        members = [s.no for s in seats if _in_category(game, s, category)]
        found = any(_result(group, op) == y for group in combinations(members, x))
    else:
        first = [s.no for s in seats if _holds(s, subjects[0])]
        second = [s.no for s in seats if _holds(s, subjects[1])]
        found = any(a != b and _result((a, b), op) == y for a in first for b in second)
    game.feedback(ctx.actor, f"心算（{ctx.choice}）：{'是' if found else '否'}。", "心算")


# ---------------------------------------------------------------- 点睛

POSITIONS = {"第一": (0,), "第二": (1,), "两张": (0, 1)}


def _eyes(game: Context, text: str) -> dict[int, tuple[int, ...]] | str:
    """The named wolf seats and their wolf cards' positions, or what is wrong with the text."""
    named: dict[int, tuple[int, ...]] = {}
    for word in text.replace("，", " ").replace(",", " ").replace("、", " ").split():
        match = re.fullmatch(r"(.+?)(第一|第二|两张)", word)
        if match is None:
            return f"看不懂「{word}」。{EYES_FORMAT}"
        seat = game.target_from_text(match.group(1))
        if seat is None:
            return f"没有角色「{match.group(1)}」。{EYES_FORMAT}"
        if seat in named:
            return f"{game.label(seat)}报了两次。{EYES_FORMAT}"
        named[seat] = POSITIONS[match.group(2)]
    return named or EYES_FORMAT


def check_eyes(game: Context, seat: Seat, text: str) -> str | None:
    parsed = _eyes(game, text)
    return parsed if isinstance(parsed, str) else None


def eyes(ctx: EffectCtx) -> None:
    """点睛: all wolf seats and positions right → 村民阵营直接获胜; seats right, a position
    wrong → the 唐伯虎 takes [致死伤害]; a seat wrong → 无事发生."""
    game = ctx.game
    named = _eyes(game, ctx.choice or "")
    assert not isinstance(named, str)
    listing = "、".join(f"{game.label(no)}{_position_word(pos)}" for no, pos in sorted(named.items()))
    game.public(f"{game.st.seat(ctx.actor).name}吟诗一首，点睛：狼人阵营为{listing}。")
    wolves = {
        s.no: tuple(i for i, card in enumerate(s.cards) if card.camp == WOLVES)
        for s in game.st.seats
        if s.camp == WOLVES
    }
    if set(named) != set(wolves):
        game.log("hook", "点睛报出的狼人阵营角色有错误，无事发生", "点睛")
        return
    if named == wolves:
        game.log("hook", "点睛报出的狼人阵营角色和身份牌位置均完全正确", "点睛")
        end_game(game, VILLAGE, "唐伯虎<点睛>正确报出所有狼人阵营角色和身份牌位置。")
        return
    game.log("hook", "点睛报出的狼人阵营角色完全正确，但身份牌位置有错误，发动者承受致死伤害", "点睛")
    ctx.queued.append(_strike(Damage(ctx.actor, "致死伤害", "点睛", ctx.actor, "")))


def _position_word(positions: tuple[int, ...]) -> str:
    return next(word for word, pos in POSITIONS.items() if pos == positions)


def _strike(damage: Damage) -> object:
    return Strike(damage)


HOOKS = {
    "心算选择": check_mental,
    "心算": mental,
    "点睛名单": check_eyes,
    "点睛": eyes,
}
