"""OneBot v11 message values: segments, CQ-code strings and their plain-text reading."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Segment = dict[str, Any]

_CQ_CODE = re.compile(r"\[CQ:([^,\]]+)((?:,[^,\]]*)*)\]")


def text_segment(text: str) -> Segment:
    """A `text` segment."""
    return {"type": "text", "data": {"text": text}}


def at_segment(user_id: int | str) -> Segment:
    """An `at` segment (`"all"` for @全体成员)."""
    return {"type": "at", "data": {"qq": str(user_id)}}


def escape(text: str, *, comma: bool = False) -> str:
    """CQ-escape text (commas too inside CQ parameters)."""
    text = text.replace("&", "&amp;").replace("[", "&#91;").replace("]", "&#93;")
    return text.replace(",", "&#44;") if comma else text


def unescape(text: str) -> str:
    """Undo `escape`."""
    return text.replace("&#44;", ",").replace("&#91;", "[").replace("&#93;", "]").replace("&amp;", "&")


def parse_cq(raw: str) -> list[Segment]:
    """Split a CQ-code string into segments."""
    segments: list[Segment] = []
    position = 0
    for match in _CQ_CODE.finditer(raw):
        if match.start() > position:
            segments.append(text_segment(unescape(raw[position : match.start()])))
        data = {}
        for pair in filter(None, match.group(2).split(",")):
            key, _, value = pair.partition("=")
            data[key] = unescape(value)
        segments.append({"type": match.group(1), "data": data})
        position = match.end()
    if position < len(raw):
        segments.append(text_segment(unescape(raw[position:])))
    return segments


def to_cq(segments: Iterable[Segment]) -> str:
    """Render segments as a CQ-code string, the `raw_message` form."""
    parts = []
    for segment in segments:
        if segment["type"] == "text":
            parts.append(escape(str(segment["data"].get("text", ""))))
        else:
            params = "".join(f",{key}={escape(str(value), comma=True)}" for key, value in segment["data"].items())
            parts.append(f"[CQ:{segment['type']}{params}]")
    return "".join(parts)


def to_segments(message: Any, *, auto_escape: bool = False) -> list[Segment]:
    """Read a message given as a string, one segment or a segment list; ValueError if it is none of these."""
    if isinstance(message, str):
        return [text_segment(message)] if auto_escape else parse_cq(message)
    items: Sequence[Any] = [message] if isinstance(message, Mapping) else message
    if not isinstance(items, Sequence):
        raise ValueError(f"not a message: {message!r}")
    segments = []
    for item in items:
        if not (isinstance(item, Mapping) and isinstance(item.get("type"), str)):
            raise ValueError(f"not a message segment: {item!r}")
        data = item.get("data") or {}
        if not isinstance(data, Mapping):
            raise ValueError(f"segment data is not an object: {item!r}")
        segments.append({"type": item["type"], "data": dict(data)})
    return segments


def plain_text(segments: Iterable[Segment]) -> str:
    """The text a reader sees: text joined, `at` as `@<qq>`, anything else as `[<type>]`."""
    parts = []
    for segment in segments:
        kind, data = segment["type"], segment["data"]
        if kind == "text":
            parts.append(str(data.get("text", "")))
        elif kind == "at":
            parts.append(f"@{data.get('qq', '')}")
        else:
            parts.append(f"[{kind}]")
    return "".join(parts)
