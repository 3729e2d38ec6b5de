"""The transcript: what the bot received and what it did, one `Entry` per event or action."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

MESSAGE_ACTIONS = frozenset({"send_private_msg", "send_group_msg", "send_msg"})


@dataclass(frozen=True)
class Entry:
    """One transcript line: an event delivered to the bot, or an action the bot called.

    For message actions `user_id`/`group_id` name the addressee (one of them), and `text`
    is the message read as plain text; for events they are the event's own fields.
    """

    seq: int
    time: int
    direction: Literal["event", "action"]
    name: str  # the action, or the event as "post_type.detail_type[.sub_type]"
    data: dict[str, Any]  # the event, or the action's params
    result: dict[str, Any] | None = None  # the action's response
    text: str = ""
    user_id: int | None = None
    group_id: int | None = None

    @property
    def ok(self) -> bool:
        """False only for an action that failed."""
        return self.result is None or self.result.get("status") == "ok"

    def is_message_to(self, *, user_id: int | None = None, group_id: int | None = None) -> bool:
        """Whether the bot delivered this message to that friend, or to that group."""
        _check_one_target(user_id, group_id)
        return (
            self.direction == "action"
            and self.name in MESSAGE_ACTIONS
            and self.ok
            and (self.user_id, self.group_id) == (user_id, group_id)
        )


def sent(*, user_id: int | None = None, group_id: int | None = None, containing: str = "") -> Callable[[Entry], bool]:
    """A transcript predicate: the bot delivered a message to that friend or group containing the text."""
    _check_one_target(user_id, group_id)
    return lambda entry: entry.is_message_to(user_id=user_id, group_id=group_id) and containing in entry.text


def _check_one_target(user_id: int | None, group_id: int | None) -> None:
    if (user_id is None) == (group_id is None):
        raise ValueError("give exactly one of user_id, group_id")
