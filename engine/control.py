"""操纵夺舍 (002 L442–446): tonight one seat makes another's choices. The controller's command for a
skill of the controlled acts as the controlled (who stays the user for every judgement), the
controlled's prompts and feedback reach both, and a seat has one controller at a time."""

from __future__ import annotations

from engine import cards
from engine.context import Context
from engine.errors import Refusal
from engine.state import Seat

TAKEN = "该角色当前已被他人操纵"


def take(game: Context, controller: int, target: int, rule: str) -> None:
    """The controller holds the target tonight, unless another already does (the controller is told)."""
    held_by = game.st.controls.get(target)
    if held_by is not None and held_by != controller:
        game.feedback(controller, f"{TAKEN}。", rule)
        return
    game.st.controls[target] = controller
    game.changed(target)
    game.tell(target, "你今晚被人操纵夺舍：你的技能由操纵者代为操作，你会得知其情况和反馈。")
    game.log("control", f"{game.who(controller)}操纵夺舍{game.who(target)}", rule)


def acting_seat(game: Context, sender: Seat, skill: str) -> Seat:
    """Whose skill a command uses: the sender's own, else that of a seat the sender holds. A seat held
    tonight may not act itself; a chain stops at one link (A holding B does not steer B's C)."""
    st = game.st
    if sender.no in st.controls:
        raise Refusal("你今晚被人操纵夺舍，技能由操纵者代为操作，你不能自己发动。")
    if cards.find(game, sender, skill) is not None:
        return sender
    for target, controller in st.controls.items():
        seat = st.seat(target)
        if controller == sender.no and cards.find(game, seat, skill) is not None:
            return seat
    return sender


def release(game: Context) -> None:
    """The night ends: every control ends with it (当晚)."""
    game.st.controls.clear()
