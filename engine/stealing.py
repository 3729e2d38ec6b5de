"""偷盗 (165 L486–488): tonight a thief holds two seats' non-[强制] acts. Each act such a seat sends is
told to the thief (技能名称以及选择目标); while it waits in its step the thief may send that skill's
command again, choosing new targets for it as that seat would; its 反馈 go to the thief instead, and
the seat is told neither (目标角色不会得知反馈和新技能目标). The pairs end with the night."""

from __future__ import annotations

from engine.context import Context
from engine.messages import seat as to_seat
from engine.ruleset.model import Skill
from engine.state import Seat


def steal(game: Context, thief: int, seats: list[int], rule: str) -> None:
    """Tonight the thief holds these seats' acts (one thief a seat: the first keeps it)."""
    st = game.st
    for no in seats:
        if no != thief and not any(seat == no for _, seat in st.steals):
            st.steals.append((thief, no))
            game.log("steal", f"{game.who(thief)}今晚偷盗{game.who(no)}", rule)


def tell_act(game: Context, seat: int, skill: Skill, what: str) -> None:
    """A held seat sent a non-[强制] act: its thief is told, and may choose new targets for it."""
    st = game.st
    if skill.forced:
        return
    for thief, no in st.steals:
        if no != seat:
            continue
        if (thief, seat, skill.name) not in st.stolen:
            st.stolen.append((thief, seat, skill.name))
        game.say(
            to_seat(thief),
            f"〔偷盗〕{game.label(seat)}发动<{skill.name}>"
            + (f"，选择目标：{what}" if what else "")
            + f"。在本步骤结束前，你可以发送「{skill.name} 目标」为其重新选择目标。",
        )


def re_aimed(game: Context, sender: Seat, skill: str) -> Seat | None:
    """The held seat whose waiting act of this skill the sender, its thief, chooses new targets for."""
    st = game.st
    for thief, no in st.steals:
        waiting = any(a.seat == no and a.skill == skill for a in st.acts)
        if thief == sender.no and waiting and (thief, no, skill) in st.stolen:
            return st.seat(no)
    return None
