"""Outbound messages and who may read them (公示 / 通知 / 反馈).

The engine never knows QQ numbers: it addresses one seat, a named team (狼群,
情侣群 …), the public main group, or the directors. The bot maps these to QQ.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class To(StrEnum):
    SEAT = "seat"
    TEAM = "team"
    PUBLIC = "public"
    DIRECTORS = "directors"


@dataclass(frozen=True)
class Audience:
    kind: To
    seat: int = 0  # seat number for To.SEAT
    team: str = ""  # team name for To.TEAM
    # To.TEAM: the members when the message was said — who reads it, whatever the rest of the
    # command changes (a seat joining later does not read what was said before it joined)
    members: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind is To.SEAT:
            return f"seat:{self.seat}"
        if self.kind is To.TEAM:
            return f"team:{self.team}"
        return self.kind.value


PUBLIC = Audience(To.PUBLIC)
DIRECTORS = Audience(To.DIRECTORS)


def seat(no: int) -> Audience:
    return Audience(To.SEAT, seat=no)


def team(name: str) -> Audience:
    return Audience(To.TEAM, team=name)


@dataclass(frozen=True)
class Message:
    """One message to deliver. ``kind`` tells what it is: notice, feedback, prompt, reply …"""

    to: Audience
    text: str
    kind: str = "notice"

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"to": self.to.kind.value, "text": self.text, "kind": self.kind}
        if self.to.kind is To.SEAT:
            data["seat"] = self.to.seat
        if self.to.kind is To.TEAM:
            data["team"] = self.to.team
            data["members"] = list(self.to.members)
        return data

    @staticmethod
    def from_dict(data: dict[str, object]) -> Message:
        kind = To(str(data["to"]))
        members = data.get("members") or []
        assert isinstance(members, list), members
        audience = Audience(
            kind,
            seat=int(str(data.get("seat") or 0)),
            team=str(data.get("team", "")),
            members=tuple(int(n) for n in members),
        )
        return Message(audience, str(data["text"]), str(data.get("kind", "notice")))
