"""座位表: the seats in 电梯楼 order as a table, to be drawn as a picture.

Two boards, each built only from what its audience may know: the public one from what was
already published (who is out and as what, the sheriff as announced, the last 关门's votes);
the directors' one from the whole state (身份, 阵营, secrets, statuses, today's votes so far).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import cards, labels, texts
from engine.context import Context
from engine.phases import PHASES

if TYPE_CHECKING:
    from engine.state import Seat


@dataclass(frozen=True)
class SeatBoard:
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()

    def text(self) -> str:
        """The same board as text (the fallback where no picture can be drawn)."""
        lines = [self.title, " | ".join(self.columns)]
        lines += [" | ".join(row) for row in self.rows]
        return "\n".join(lines + list(self.notes))


def _announced_out(game: Context, seat: Seat) -> bool:
    """Out as far as the public was told: tonight's outs wait for 开门."""
    st = game.st
    if PHASES[st.phase].news_waits and seat.no in st.night_deaths:
        return False
    return not cards.publicly_in(game, seat)


def _target(game: Context, target: int | None) -> str:
    return game.label(target) if target else "弃权"


def public_board(game: Context) -> SeatBoard:
    """For the main group: names in seat order, in or out (with the label its out was published
    with), the sheriff as announced, and the votes the last 关门 published."""
    st, rs = game.st, game.rs
    votes = dict(st.last_tally)
    sheriff_by_name = rs.sheriff is not None and rs.sheriff.public_label != "secret"
    rows = []
    for seat in st.seats:
        out = _announced_out(game, seat)
        state = f"出局：{texts.public_label(rs, seat)}" if out else "存活"
        if sheriff_by_name and st.sheriff == seat.no:
            state += "·警长"
        vote = f"→{_target(game, votes[seat.no])}" if seat.no in votes else ""
        rows.append((str(seat.no), seat.name, state, vote))
    notes = []
    if rs.sheriff is not None and st.sheriff and not sheriff_by_name:
        notes.append(f"警长：{labels.sheriff_label(game, st.sheriff)}")
    title = f"【座位表】{rs.name} {texts.phase_title(st.phase, st.day)}"
    return SeatBoard(title, ("座位", "角色", "状态", "上次关门投票"), tuple(rows), tuple(notes))


def director_board(game: Context) -> SeatBoard:
    """For the directors: every seat with its secret columns and today's votes so far."""
    st, rs = game.st, game.rs
    secret = rs.addressing == "secret_number"
    rows = []
    for seat in st.seats:
        held = "、".join(c.role + ("×" if c.out else "") for c in seat.cards)
        state = "存活" if seat.alive else f"出局（{seat.out_cause}）"
        if st.sheriff == seat.no:
            state += "·警长"
        statuses = "".join(f"[{s.name}]" for s in seat.statuses)
        vote = st.votes.get(seat.no)
        row = [str(seat.no), seat.name, held, seat.camp]
        if secret:
            row.append(str(seat.secret))
        row += [state, statuses, f"→{_target(game, vote.target)}" if vote else ""]
        rows.append(tuple(row))
    columns = ("座位", "角色", "身份", "阵营", *(("秘密数字",) if secret else ()), "状态", "状态效果", "投票")
    title = f"【座位表·导演】{rs.name} {texts.phase_title(st.phase, st.day)}"
    return SeatBoard(title, columns, tuple(rows))
