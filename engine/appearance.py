"""表面阵营 / 表面身份: how a seat is seen by checks, kept apart from the truth.

What a check sees starts from the truth — the seat's actual camp (实际阵营) and its current
card's role — and each appearance then writes over it, in the order they were gained (165:
最后发动的技能所造成的表面身份更换生效): first the role's own ``appears:`` (乱民<伪装>: seen as
村民阵营), then each held status's ``appears:`` in grant order (雪狼<雪隐>, 侦探<犯罪天才>'s
判定村民 / 判定非村民). An appearance marked ``final`` holds against those gained after it (a
ruleset's reading where one skill *decides* the feedback). Nothing here rewrites the truth:
victory, teams and the 揭秘帖 keep reading the actual camp and role.

Feedback reads the result through the fields ``{seen_camp}`` (worded by the ruleset's
``seen_words``: wuyu's 村民阵营 / 非村民阵营) and ``{seen_role}``. The field ``{surface_camp}``
is another fact: the current card's own camp, which the 双身份 post calls 表面阵营.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.context import Context
    from engine.ruleset.status_parts import Appearance
    from engine.state import Seat


def seen(game: Context, seat: Seat, aspect: str) -> str:
    """The seat's camp or role (``aspect``) as a check sees it now."""
    rs = game.rs
    value = seat.camp if aspect == "camp" else seat.card.role
    layers: list[Appearance | None] = [rs.roles[seat.card.role].appears]
    layers.extend(rs.statuses[s.name].appears for s in seat.statuses)
    fixed = False
    for layer in layers:
        written = getattr(layer, aspect) if layer is not None else ""
        if layer is None or not written or fixed:
            continue
        value, fixed = written, layer.final
    return value


def seen_camp_word(game: Context, seat: Seat) -> str:
    """The seen camp in the ruleset's words: ``seen_words`` names it, or its ``else``, or the camp itself."""
    camp = seen(game, seat, "camp")
    words = game.rs.seen_words
    return words.get(camp, words.get("else", camp))
