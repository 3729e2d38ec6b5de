"""A seat's identity: what it is told of its own cards and skills, and a card becoming another
role (偷换, 志继, 顺从)."""

from __future__ import annotations

from engine import cards
from engine.context import Context
from engine.state import Seat, lasting_until


def identity_text(game: Context, seat: Seat) -> str:
    """What a seat is told of itself: its cards, camp, secret number and skills."""
    rs = game.rs
    lines = [f"你的角色：{seat.name}（{seat.no}号）"]
    if len(seat.cards) > 1 and game.rs.order_skill and game.rs.order_skill.name in seat.skills:
        lines.append(
            f"身份牌：{'、'.join(card.role for card in seat.cards)}（开局时选择第一身份）；实际阵营：{seat.camp}"
        )
    elif len(seat.cards) > 1:
        held = "、".join(
            f"{cards.position(seat, card)} {card.role}"
            + (f"（由{card.dealt}复制）" if card.dealt else "")
            + ("（已出局）" if card.out else "")
            for card in seat.cards
        )
        lines.append(f"身份牌：{held}；当前身份：{seat.card.role}；实际阵营：{seat.camp}")
    else:
        lines.append("身份：" + "、".join(card.role for card in seat.cards) + f"；阵营：{seat.camp}")
    if rs.addressing == "secret_number":
        lines.append(f"秘密数字：{seat.secret}")
    for role_name in dict.fromkeys(card.role for card in seat.cards):
        role = rs.roles[role_name]
        tags = "".join(f"[{t}]" for t in role.tags)
        if role.text or tags:
            lines.append(f"【{role.name}】{tags}{role.text}")
        for skill in role.skills.values():
            marks = "".join(f"<{t}>" for t in sorted(skill.tags) if t in {"强制", "限定", "附加"})
            lines.append(f"· {skill.name}{marks} —— {skill.text}")
    return "\n".join(lines)


def become(game: Context, target: int, role: str, rule: str, keep_camp: bool = False) -> None:
    """The seat's current card becomes another role, its skills fresh (偷换, 志继, 顺从)."""
    seat = game.st.seat(target)
    card = seat.card
    old = card.role
    for name in card.skills:
        game.remove_statuses(seat, lasting_until(f"skill:{name}"))
    card.dealt = card.dealt or old
    card.role = role
    card.skills = cards.new_states(game, role)
    card.camp = game.rs.roles[role].camp
    unsettled = game.rs.camps[card.camp].unsettled if card.camp in game.rs.camps else False
    game.changed()
    game.log("card", f"{game.who(target)}的身份由{old}变为{role}", rule)
    for skill in game.rs.roles[role].skills.values():
        for grant in skill.grants if skill.name in card.skills else ():
            game.grant_status(
                target,
                grant.status,
                source=target,
                until=f"skill:{skill.name}",
                uses=grant.uses,
                rule=rule,
                quiet=True,
            )
    if not keep_camp and not unsettled:  # a card whose camp an opening choice settles (混血儿) leaves it be
        game.set_camp(target, card.camp, rule)
    if seat.alive:
        game.tell(target, f"你的身份变为{role}（{rule}）。\n" + identity_text(game, seat), "identity")
