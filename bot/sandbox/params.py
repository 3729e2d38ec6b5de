"""An OneBot v11 action frame's parameters read as QQ reads them (numbers as strings, CQ text or
segments), and the refusal the world answers a bad one with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .message import plain_text, to_segments
from .transcript import MESSAGE_ACTIONS

RETCODE_FAILED = 100
RETCODE_BAD_REQUEST = 1400
RETCODE_UNSUPPORTED = 1404


class WorldError(Exception):
    """The world refuses: an unknown user or group, a non-member, a missing right, a bad parameter."""

    def __init__(self, message: str, retcode: int = RETCODE_FAILED) -> None:
        super().__init__(message)
        self.retcode = retcode


def message_kind(name: str, params: Mapping[str, Any]) -> str | None:
    """ "private" or "group" for a message action (None if undecidable or not one)."""
    if name == "send_private_msg":
        return "private"
    if name == "send_group_msg":
        return "group"
    if name != "send_msg":
        return None
    if params.get("message_type") in ("private", "group"):
        return str(params["message_type"])
    if params.get("group_id") is not None:
        return "group"
    return "private" if params.get("user_id") is not None else None


def addressee(name: str, params: Mapping[str, Any]) -> tuple[int | None, int | None]:
    kind = message_kind(name, params)
    user_id, group_id = optional_int(params.get("user_id")), optional_int(params.get("group_id"))
    if kind == "private":
        return user_id, None
    if kind == "group":
        return None, group_id
    return user_id, group_id


def message_text(name: str, params: Mapping[str, Any]) -> str:
    if name not in MESSAGE_ACTIONS:
        return ""
    try:
        return plain_text(
            to_segments(params.get("message"), auto_escape=bool_param(params, "auto_escape", default=False))
        )
    except ValueError:
        return ""


def int_param(params: Mapping[str, Any], key: str) -> int:
    value = optional_int(params.get(key))
    if value is None:
        raise WorldError(f"missing or invalid {key}", RETCODE_BAD_REQUEST)
    return value


def optional_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def bool_param(params: Mapping[str, Any], key: str, *, default: bool) -> bool:
    value = params.get(key, default)
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "no")
    return bool(value)
