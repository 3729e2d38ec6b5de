"""Uses that grow with outs ([次数：（增加条件）], 002 L302): 至圣斩 [0：每2个[村民阵营]角色因为[非村民阵营]
角色的技能出局], 暗噬斩 [0：每有2个[狼人阵营]角色因为[非狼人阵营]角色的技能出局或者因为[投票出局]的伤害出局].
Each seat out is counted, as it goes out, by every skill whose ``gains_uses`` it meets; each ``per``
of them gives that skill one use more."""

from __future__ import annotations

from engine import cards, conditions
from engine.context import Context
from engine.state import Seat


def count_out(game: Context, seat: Seat, source: int, kind: str) -> None:
    """``seat`` has just gone out by ``source``'s skill (0: none) with an attack of ``kind``."""
    if "gains_uses" not in game.rs.passes:
        return
    st = game.st
    for holder in st.seats:
        for held in cards.held(game, holder):
            gains = held.skill.gains_uses
            if gains is None or held.state.lost:
                continue
            if gains.of is not None and not conditions.holds(gains.of, seat, holder.no, st):
                continue
            by_source = bool(source) and (
                gains.by is None or conditions.holds(gains.by, st.seat(source), holder.no, st)
            )
            if not by_source and kind not in gains.kinds:
                continue
            held.state.outs_counted += 1
            if held.state.outs_counted % gains.per == 0:
                held.state.uses = (held.state.uses or 0) + 1
                game.changed(holder.no)
                game.log(
                    "skill",
                    f"{game.who(holder.no)}的{held.skill.name}次数+1（{game.who(seat.no)}出局）",
                    held.skill.name,
                )
