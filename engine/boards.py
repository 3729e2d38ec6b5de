"""身份配置: board templates and their substitutions, dealing cards to seats, and what a deal must keep.

A deal gives each seat ``cards.per_seat`` cards. With two, the cards are shuffled and paired
until no seat holds a forbidden combination, every named hand's count is within bounds
(金宝宝: 1–2) and no two cards that must stay apart are on the board — always from the
game's seeded RNG, so a seed gives one deal. A card with ``extra_cards`` (盗贼) brings that
many cards more than seats: it is always dealt, and the cards left over are its choice.
The board's ``advice`` (身份配置建议) is never a refusal: ``advice`` lists what a director
should see as warnings. A dealt pair comes in its default order: the
order a player who stays silent keeps (a wolf seat's 女巫 second). A director's explicit deal
is checked by the same rules and refused with the reason.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from engine.ruleset.model import Ruleset

MAX_SHUFFLES = 10_000


class BadBoard(Exception):
    """A board or deal the rules do not allow; the text says why and what would do."""


def parse(rs: Ruleset, text: str) -> tuple[str, tuple[str, ...]]:
    """「7人局+魔术师+唐伯虎:替罪羊」 → the template and its substitutions (for /开始)."""
    parts = [p for p in re.split(r"[+＋\s]+", text.strip()) if p]
    if not parts:
        raise BadBoard(f"请给出板型：{'、'.join(rs.boards) or '（本规则没有预设板型）'}。")
    return parts[0], tuple(p.replace("：", ":") for p in parts[1:])


def describe(rs: Ruleset) -> str:
    """Every preset and its substitutions, as a director reads them."""
    lines = []
    for board in rs.boards.values():
        lines.append(f"{board.name}：{'、'.join(f'{r}×{n}' if n > 1 else r for r, n in Counter(board.cards).items())}")
        for sub in board.substitutions.values():
            how = f"（需指定：{sub.name}:{'/'.join(sub.choose)}）" if sub.choose else ""
            lines.append(f"  +{sub.name}{how} —— {sub.text}")
    return "\n".join(lines)


def cards_of(rs: Ruleset, template: str, substitutions: tuple[str, ...]) -> tuple[list[str], dict[str, Any]]:
    """The cards of a preset with its substitutions applied, and the options they switch on."""
    board = rs.boards.get(template)
    if board is None:
        raise BadBoard(f"没有板型「{template}」。可用：{'、'.join(rs.boards) or '无'}。")
    deck = list(board.cards)
    options = dict(board.options)
    for item in substitutions:
        name, _, arg = item.partition(":")
        sub = board.substitutions.get(name)
        if sub is None:
            raise BadBoard(f"{board.name}没有替换方式「{name}」。可用：{'、'.join(board.substitutions) or '无'}。")
        pairs = list(sub.replace)
        if sub.choose:
            if arg not in sub.choose:
                raise BadBoard(
                    f"替换「{name}」需要指定换掉哪一张：{name}:{'/'.join(sub.choose)}（{sub.text}，以导演解释为准）。"
                )
            pairs.append((arg, sub.to))
        for old, new in pairs:
            if old not in deck:
                raise BadBoard(f"替换「{name}」要换掉{old}，但板子上已没有{old}。")
            deck[deck.index(old)] = new
        options.update(sub.options)
    return deck, options


def seat_camp(rs: Ruleset, roles: tuple[str, ...]) -> str:
    """实际阵营: the first of ``cards.camp_from`` any card is of; else the first card's camp."""
    camps = [card_camp(rs, roles, i) for i in range(len(roles))]
    for camp in rs.cards.camp_from:
        if camp in camps:
            return camp
    return camps[0]


def card_camp(rs: Ruleset, roles: tuple[str, ...], index: int) -> str:
    """A card's camp; a copying card (复制人) has the camp of the card it copies."""
    role = rs.roles[roles[index]]
    if role.copies and len(roles) > 1:
        return rs.roles[roles[1 - index]].camp
    return role.camp


def default_order(rs: Ruleset, roles: tuple[str, ...]) -> tuple[str, ...]:
    """The order a silent player keeps: as dealt, except a card that must be second (女巫) goes second."""
    if len(roles) != 2:
        return roles
    camp = seat_camp(rs, roles)
    for role, needs in rs.cards.second:
        if roles[0] == role and roles[1] != role and (not needs or needs == camp):
            return (roles[1], roles[0])
    return roles


def must_be_second(rs: Ruleset, roles: tuple[str, ...], first: str) -> str | None:
    """Why ``first`` cannot be this seat's first card, or None."""
    camp = seat_camp(rs, roles)
    for role, needs in rs.cards.second:
        if first == role and (not needs or needs == camp) and any(r != role for r in roles):
            return f"{needs or ''}持有{role}时，必须将{role}作为第二身份"
    return None


def extra_cards(rs: Ruleset, roles: list[str]) -> int:
    """How many cards more than seats this board holds (盗贼: 2)."""
    return sum(rs.roles[r].extra_cards for r in roles if r in rs.roles)


def seats_for(rs: Ruleset, roles: list[str]) -> int:
    """How many players this board is for: its cards less 盗贼's extra ones, per seat."""
    return (len(roles) - extra_cards(rs, roles)) // rs.cards.per_seat


def influence(rs: Ruleset, roles: list[str]) -> int:
    """影响力之和: the board's + and - roles added up."""
    return sum(rs.roles[r].influence for r in roles if r in rs.roles)


def advice(rs: Ruleset, roles: list[str]) -> list[str]:
    """身份配置建议: the ruleset's advice this board does not follow."""
    counts = Counter(roles)
    out = []
    total = influence(rs, roles)
    for item in rs.deal.advice:
        value = sum(counts[r] * w for r, w in item.weights) if item.weights else total
        if not item.low <= value <= item.high:
            what = f"影响力之和为{total:+d}" if not item.weights else f"当前为{value}"
            out.append(f"{item.text}（{what}，建议在{item.low}到{item.high}之间）")
    return out


def advice_text(rs: Ruleset, roles: list[str]) -> str | None:
    """The directors' 身份配置建议 line for this board, when the ruleset gives advice."""
    if not rs.deal.advice:
        return None
    warnings = advice(rs, roles)
    text = f"【身份配置建议】（仅供参考，不影响开局）影响力之和：{influence(rs, roles):+d}。"
    return text + ("；".join(warnings) + "。" if warnings else "板子符合全部建议。")


def problem(rs: Ruleset, deal: list[tuple[str, ...]], options: dict[str, Any]) -> str | None:
    """Why this deal breaks the rules (禁止出现的组合, 金宝宝 count, roles kept apart), or None."""
    if rs.cards.per_seat > 1:
        for i, roles in enumerate(deal, 1):
            if len(roles) != rs.cards.per_seat:
                return f"第{i}个角色有{len(roles)}张身份牌，应为{rs.cards.per_seat}张。"
            if sum(1 for r in roles if rs.roles[r].copies) > 1:
                return f"第{i}个角色（{'+'.join(roles)}）：复制人须与另一张非复制人的身份牌搭配。"
            for rule in rs.deal.forbidden:
                if _pair_matches(rs, roles, rule.pair):
                    return f"第{i}个角色（{'+'.join(roles)}）是禁止出现的组合{rule.text}。"
    everything = [r for roles in deal for r in roles]
    for a, b, text in rs.deal.apart:
        if a in everything and b in everything:
            return f"{text or f'{a}与{b}不能同时存在'}。"
    for hand, (low, high) in rs.deal.hand_counts.items():
        pairs = rs.hand_pairs(hand, options)
        count = sum(1 for roles in deal if tuple(sorted(roles)) in pairs)
        if not low <= count <= high:
            return f"{hand}有{count}个，应为{low}到{high}个（禁止出现{'0' if low else ''}{'或' if low else ''}≥{high + 1}个{hand}）。"
    return None


def _pair_matches(rs: Ruleset, roles: tuple[str, ...], pair: tuple[dict[str, Any], dict[str, Any]]) -> bool:
    a, b = roles
    return (_card_is(rs, a, pair[0]) and _card_is(rs, b, pair[1])) or (
        _card_is(rs, b, pair[0]) and _card_is(rs, a, pair[1])
    )


def _card_is(rs: Ruleset, role: str, cond: dict[str, Any]) -> bool:
    """A card condition on a role as dealt: ``role``, ``camp`` (its own camp), ``not``."""
    for key, value in cond.items():
        wanted = set(value) if isinstance(value, list) else {value}
        if key == "role" and role not in wanted:
            return False
        if key == "camp" and rs.roles[role].camp not in wanted:
            return False
        if key == "not" and _card_is(rs, role, value):
            return False
    return True


def deal(
    rs: Ruleset,
    rng: random.Random,
    *,
    roles: tuple[tuple[str, ...], ...] = (),
    board: tuple[str, ...] = (),
    template: str = "",
    substitutions: tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
    spare: tuple[str, ...] = (),
) -> tuple[list[tuple[str, ...]], dict[str, Any], list[str]]:
    """Each seat's cards (in default order), the options the board switches on, and the cards
    dealt to nobody (盗贼's choice)."""
    chosen = dict(options or {})
    if roles:
        hands = [tuple(r) for r in roles]
        reason = problem(rs, [*hands, *((r,) for r in spare)], _merged(rs, {}, chosen))
        if reason:
            raise BadBoard(reason)
        return hands, {}, list(spare)
    if template:
        deck, board_options = cards_of(rs, template, substitutions)
    else:
        deck, board_options = list(board), {}
    merged = _merged(rs, board_options, chosen)
    per = rs.cards.per_seat
    if per == 1:
        left = extra_cards(rs, deck)
        reason = problem(rs, [(r,) for r in deck], merged)
        if reason:
            raise BadBoard(reason)
        for _ in range(MAX_SHUFFLES):
            rng.shuffle(deck)
            dealt = deck[: len(deck) - left]
            if all(r in dealt for r in deck if rs.roles[r].extra_cards):  # 盗贼身份一定会被分发至玩家手中
                return [(r,) for r in dealt], board_options, deck[len(dealt) :]
        raise BadBoard("无法发牌：带来额外身份的身份牌必须发给角色。")
    if len(deck) % per:
        raise BadBoard(f"板子有{len(deck)}张身份牌，不能平分给每名角色{per}张。")
    for _ in range(MAX_SHUFFLES):
        rng.shuffle(deck)
        hands = [tuple(deck[i : i + per]) for i in range(0, len(deck), per)]
        if problem(rs, hands, merged) is None:
            return [default_order(rs, h) for h in hands], board_options, []
    raise BadBoard(f"洗牌{MAX_SHUFFLES}次仍无法发出合法的身份组合：{problem(rs, hands, merged)}请调整板子。")


def _merged(rs: Ruleset, board_options: dict[str, Any], chosen: dict[str, Any]) -> dict[str, Any]:
    return {o.name: o.default for o in rs.options.values()} | board_options | chosen
