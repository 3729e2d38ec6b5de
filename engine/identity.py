"""A seat's identity: what it is told of its own cards, camp and skills (at the deal, and when a
card becomes another role)."""

from __future__ import annotations

from engine import cards, texts
from engine.context import Context
from engine.state import Seat


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
    if seat.faces:
        lines.append(f"底牌：{'、'.join(seat.faces)}")
    if seat.roster:
        lines.append("名单：" + "、".join(texts.public_label(rs, game.st.seat(no)) for no in seat.roster))
    for role_name in dict.fromkeys(card.role for card in seat.cards):
        role = rs.roles[role_name]
        tags = "".join(f"[{t}]" for t in role.tags)
        if role.text or tags:
            lines.append(f"【{role.name}】{tags}{role.text}")
        for skill in role.skills.values():
            marks = "".join(f"<{t}>" for t in sorted(skill.tags) if t in {"强制", "限定", "附加"})
            lines.append(f"· {skill.name}{marks} —— {skill.text}")
    return "\n".join(lines)
