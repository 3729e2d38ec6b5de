"""An in-memory QQ world seen from one bot account, in OneBot v11 shapes.

No I/O. Event builders (`private_message`, `join_request`, ...) record an event and queue it
for delivery; `handle` answers one action frame of the bot, applies it, and queues the events
QQ would push in consequence (a member joining once a request is approved, ...). Whoever
delivers events drains the queue with `take_events`.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .message import Segment, plain_text, to_cq, to_segments
from .params import (
    RETCODE_BAD_REQUEST,
    RETCODE_UNSUPPORTED,
    WorldError,
    addressee,
    bool_param,
    int_param,
    message_kind,
    message_text,
)
from .transcript import Entry

Role = Literal["owner", "admin", "member"]
Event = dict[str, Any]

_RANK: dict[str, int] = {"member": 0, "admin": 1, "owner": 2}


@dataclass
class User:
    user_id: int
    nickname: str


@dataclass
class Member:
    user_id: int
    role: Role = "member"
    card: str = ""  # 群名片
    join_time: int = 0
    muted_until: int = 0


@dataclass
class Group:
    group_id: int
    name: str
    members: dict[int, Member] = field(default_factory=dict)
    max_member_count: int = 200


@dataclass(frozen=True)
class Request:
    """A pending friend request, join request (`add`) or invitation of the bot (`invite`)."""

    flag: str
    kind: Literal["friend", "add", "invite"]
    user_id: int
    group_id: int = 0
    comment: str = ""


@dataclass
class World:
    """Users, the bot's friends, groups, pending requests and the transcript of the bot's session."""

    self_id: int
    nickname: str = "Bot"
    clock: Callable[[], float] = time.time
    users: dict[int, User] = field(default_factory=dict)
    friends: set[int] = field(default_factory=set)
    groups: dict[int, Group] = field(default_factory=dict)
    requests: dict[str, Request] = field(default_factory=dict)
    transcript: list[Entry] = field(default_factory=list)
    listeners: list[Callable[[Entry], None]] = field(default_factory=list)
    _outbox: list[Event] = field(default_factory=list, init=False, repr=False)
    _consequences: list[Event] = field(default_factory=list, init=False, repr=False)
    _messages: dict[int, tuple[int, int | None]] = field(default_factory=dict, init=False, repr=False)
    _serial: itertools.count[int] = field(default_factory=lambda: itertools.count(1), init=False, repr=False)

    def __post_init__(self) -> None:
        self.users.setdefault(self.self_id, User(self.self_id, self.nickname))

    def now(self) -> int:
        return int(self.clock())

    # -- setup (silent: QQ tells the bot nothing) --------------------------------------------

    def add_user(self, user_id: int, nickname: str) -> User:
        user = self.users[user_id] = User(user_id, nickname)
        return user

    def befriend(self, user_id: int) -> None:
        self._user(user_id)
        self.friends.add(user_id)

    def create_group(self, group_id: int, name: str, *, owner_id: int, members: Iterable[int] = ()) -> Group:
        group = self.groups[group_id] = Group(group_id, name)
        self.add_member(group_id, owner_id, role="owner")
        for user_id in members:
            self.add_member(group_id, user_id)
        return group

    def add_member(self, group_id: int, user_id: int, *, role: Role = "member", card: str = "") -> Member:
        self._user(user_id)
        member = self._group(group_id).members[user_id] = Member(user_id, role, card, self.now())
        return member

    def remove_member(self, group_id: int, user_id: int) -> None:
        group = self._group(group_id)
        self._member(group, user_id)
        del group.members[user_id]

    def set_role(self, group_id: int, user_id: int, role: Role) -> None:
        self._member(self._group(group_id), user_id).role = role

    def make_bot_admin(self, group_id: int) -> None:
        self.set_role(group_id, self.self_id, "admin")

    # -- events to the bot -------------------------------------------------------------------

    def private_message(self, user_id: int, message: str | Sequence[Segment]) -> Entry:
        """A friend writes to the bot; a string is literal text."""
        if user_id not in self.friends:
            raise WorldError(f"{user_id} is not a friend of the bot")
        segments = to_segments(message, auto_escape=True)
        sender = {"user_id": user_id, "nickname": self.users[user_id].nickname, "card": "", "sex": "unknown", "age": 0}
        return self._emit(self._message_event("private", "friend", user_id, None, segments, sender))

    def temp_message(self, user_id: int, group_id: int, message: str | Sequence[Segment]) -> Entry:
        """A member of a group the bot is in writes to it through the group (群临时会话), friend
        or not: a private message of sub_type "group", the group in ``sender.group_id``."""
        group = self._group(group_id)
        self._member(group, user_id)
        self._member(group, self.self_id)
        segments = to_segments(message, auto_escape=True)
        sender = {"user_id": user_id, "nickname": self.users[user_id].nickname, "group_id": group_id}
        return self._emit(self._message_event("private", "group", user_id, None, segments, sender))

    def group_message(self, group_id: int, user_id: int, message: str | Sequence[Segment]) -> Entry:
        """A member speaks in a group the bot is in; a string is literal text."""
        group = self._group(group_id)
        member = self._member(group, user_id)
        self._member(group, self.self_id)
        if member.muted_until > self.now():
            raise WorldError(f"{user_id} is muted in {group_id}")
        segments = to_segments(message, auto_escape=True)
        sender = {
            "user_id": user_id,
            "nickname": self.users[user_id].nickname,
            "card": member.card,
            "role": member.role,
            "sex": "unknown",
            "age": 0,
            "area": "",
            "level": "1",
            "title": "",
        }
        return self._emit(self._message_event("group", "normal", user_id, group_id, segments, sender))

    def friend_request(self, user_id: int, comment: str = "") -> Entry:
        self._user(user_id)
        if user_id in self.friends:
            raise WorldError(f"{user_id} is already a friend")
        request = self._new_request("friend", user_id, 0, comment)
        return self._emit(
            self._base("request", request_type="friend", user_id=user_id, comment=comment, flag=request.flag)
        )

    def join_request(self, group_id: int, user_id: int, comment: str = "") -> Entry:
        """A user asks to join a group the bot is in."""
        group = self._group(group_id)
        self._user(user_id)
        self._member(group, self.self_id)
        if user_id in group.members:
            raise WorldError(f"{user_id} is already in {group_id}")
        request = self._new_request("add", user_id, group_id, comment)
        return self._emit(self._group_request(request))

    def group_invite(self, group_id: int, user_id: int) -> Entry:
        """A member invites the bot into a group."""
        group = self._group(group_id)
        self._member(group, user_id)
        if self.self_id in group.members:
            raise WorldError(f"the bot is already in {group_id}")
        return self._emit(self._group_request(self._new_request("invite", user_id, group_id, "")))

    def member_joined(self, group_id: int, user_id: int, *, operator_id: int | None = None) -> Entry:
        """A user joins (approved by `operator_id`, the owner by default)."""
        group = self._group(group_id)
        operator = self._owner(group) if operator_id is None else operator_id
        return self._emit(self._join(group, user_id, "approve", operator))

    def member_left(self, group_id: int, user_id: int, *, operator_id: int | None = None) -> Entry:
        """A member leaves, or is kicked by `operator_id`."""
        return self._emit(self._leave(self._group(group_id), user_id, user_id if operator_id is None else operator_id))

    def admin_changed(self, group_id: int, user_id: int, *, admin: bool) -> Entry:
        """The owner makes a member admin (or takes it back); QQ tells the group (`group_admin`)."""
        group = self._group(group_id)
        self._member(group, user_id).role = "admin" if admin else "member"
        return self._emit(
            self._base(
                "notice",
                notice_type="group_admin",
                sub_type="set" if admin else "unset",
                group_id=group_id,
                user_id=user_id,
            )
        )

    def lifecycle(self, sub_type: str = "connect") -> Entry:
        return self._emit(self._base("meta_event", meta_event_type="lifecycle", sub_type=sub_type))

    def heartbeat(self, interval_ms: int) -> Entry:
        return self._emit(
            self._base(
                "meta_event",
                meta_event_type="heartbeat",
                status={"online": True, "good": True},
                interval=interval_ms,
            )
        )

    def take_events(self) -> list[Event]:
        """The queued events, oldest first; the queue is emptied."""
        events, self._outbox = self._outbox, []
        return events

    # -- actions of the bot --------------------------------------------------------------------

    def handle(self, frame: Mapping[str, Any]) -> dict[str, Any]:
        """Answer one action frame `{action, params, echo}`, applying it to the world."""
        name = str(frame.get("action", ""))
        params = frame.get("params") or {}
        self._consequences = []
        try:
            if not isinstance(params, Mapping):
                raise WorldError("params must be an object", RETCODE_BAD_REQUEST)
            handler: Callable[[Mapping[str, Any]], Any] | None = getattr(self, f"_do_{name}", None)
            if handler is None:
                raise WorldError(f"unsupported action: {name}", RETCODE_UNSUPPORTED)
            response = {"status": "ok", "retcode": 0, "data": handler(params), "message": "", "wording": ""}
        except WorldError as error:
            self._consequences = []
            reason = str(error)
            response = {
                "status": "failed",
                "retcode": error.retcode,
                "data": None,
                "message": reason,
                "wording": reason,
            }
        if "echo" in frame:
            response["echo"] = frame["echo"]
        recorded = dict(params) if isinstance(params, Mapping) else {}
        user_id, group_id = addressee(name, recorded)
        self._record(
            "action",
            name,
            recorded,
            result=response,
            text=message_text(name, recorded),
            user_id=user_id,
            group_id=group_id,
        )
        for event in self._consequences:
            self._emit(event)
        self._consequences = []
        return response

    def sent_to(self, *, user_id: int | None = None, group_id: int | None = None) -> list[str]:
        """Texts the bot delivered to that friend, or to that group, oldest first."""
        return [entry.text for entry in self.transcript if entry.is_message_to(user_id=user_id, group_id=group_id)]

    def _do_send_private_msg(self, params: Mapping[str, Any]) -> dict[str, int]:
        return self._send("private", int_param(params, "user_id"), params)

    def _do_send_group_msg(self, params: Mapping[str, Any]) -> dict[str, int]:
        return self._send("group", int_param(params, "group_id"), params)

    def _do_send_msg(self, params: Mapping[str, Any]) -> dict[str, int]:
        kind = message_kind("send_msg", params)
        if kind is None:
            raise WorldError("message_type, user_id or group_id is required", RETCODE_BAD_REQUEST)
        return self._send(kind, int_param(params, "user_id" if kind == "private" else "group_id"), params)

    def _do_delete_msg(self, params: Mapping[str, Any]) -> None:
        message_id = int_param(params, "message_id")
        if message_id not in self._messages:
            raise WorldError(f"no message {message_id}")
        sender, group_id = self._messages[message_id]
        if sender != self.self_id:
            if group_id is None:
                raise WorldError("cannot recall a friend's message")
            group = self._group(group_id)
            self._require_manager(group, self._member(group, sender))
        del self._messages[message_id]

    def _do_set_group_card(self, params: Mapping[str, Any]) -> None:
        group = self._group(int_param(params, "group_id"))
        member = self._member(group, int_param(params, "user_id"))
        if member.user_id != self.self_id:
            self._require_manager(group, member)
        member.card = str(params.get("card") or "")

    def _do_set_group_kick(self, params: Mapping[str, Any]) -> None:
        group = self._group(int_param(params, "group_id"))
        member = self._member(group, int_param(params, "user_id"))
        self._require_manager(group, member)
        self._consequences.append(self._leave(group, member.user_id, self.self_id))

    def _do_set_group_ban(self, params: Mapping[str, Any]) -> None:
        group = self._group(int_param(params, "group_id"))
        member = self._member(group, int_param(params, "user_id"))
        duration = int_param(params, "duration") if "duration" in params else 1800
        self._require_manager(group, member)
        member.muted_until = self.now() + duration if duration > 0 else 0
        self._consequences.append(
            self._base(
                "notice",
                notice_type="group_ban",
                sub_type="ban" if duration > 0 else "lift_ban",
                group_id=group.group_id,
                user_id=member.user_id,
                operator_id=self.self_id,
                duration=max(duration, 0),
            )
        )

    def _do_set_group_add_request(self, params: Mapping[str, Any]) -> None:
        request = self._request(params)
        sub_type = params.get("sub_type") or params.get("type") or request.kind
        if request.kind == "friend" or sub_type != request.kind:
            raise WorldError(f"{request.flag} is not a group {sub_type} request", RETCODE_BAD_REQUEST)
        group = self._group(request.group_id)
        if request.kind == "add" and _RANK[self._member(group, self.self_id).role] < _RANK["admin"]:
            raise WorldError(f"the bot is not an admin of {group.group_id}")
        if bool_param(params, "approve", default=True):
            if request.kind == "add":
                self._consequences.append(self._join(group, request.user_id, "approve", self.self_id))
            else:
                self._consequences.append(self._join(group, self.self_id, "invite", request.user_id))
        del self.requests[request.flag]

    def _do_set_friend_add_request(self, params: Mapping[str, Any]) -> None:
        request = self._request(params)
        if request.kind != "friend":
            raise WorldError(f"{request.flag} is not a friend request", RETCODE_BAD_REQUEST)
        del self.requests[request.flag]
        if bool_param(params, "approve", default=True):
            self.friends.add(request.user_id)
            self._consequences.append(self._base("notice", notice_type="friend_add", user_id=request.user_id))

    def _do_get_login_info(self, params: Mapping[str, Any]) -> dict[str, Any]:
        return {"user_id": self.self_id, "nickname": self.nickname}

    def _do_get_friend_list(self, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [
            {"user_id": user_id, "nickname": self.users[user_id].nickname, "remark": ""}
            for user_id in sorted(self.friends)
        ]

    def _do_get_stranger_info(self, params: Mapping[str, Any]) -> dict[str, Any]:
        user = self._user(int_param(params, "user_id"))
        return {"user_id": user.user_id, "nickname": user.nickname, "sex": "unknown", "age": 0}

    def _do_get_group_list(self, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [_group_info(group) for group in self.groups.values() if self.self_id in group.members]

    def _do_get_group_info(self, params: Mapping[str, Any]) -> dict[str, Any]:
        return _group_info(self._group(int_param(params, "group_id")))

    def _do_get_group_member_list(self, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        group = self._group(int_param(params, "group_id"))
        self._member(group, self.self_id)
        return [self._member_info(group, member) for member in group.members.values()]

    def _do_get_group_member_info(self, params: Mapping[str, Any]) -> dict[str, Any]:
        group = self._group(int_param(params, "group_id"))
        return self._member_info(group, self._member(group, int_param(params, "user_id")))

    def _do_get_status(self, params: Mapping[str, Any]) -> dict[str, Any]:
        return {"online": True, "good": True, "stat": {}}

    def _do_get_version_info(self, params: Mapping[str, Any]) -> dict[str, Any]:
        return {"app_name": "banshabot-sandbox", "app_version": "0.1.0", "protocol_version": "v11"}

    def _do_can_send_image(self, params: Mapping[str, Any]) -> dict[str, bool]:
        return {"yes": True}

    # -- internals ---------------------------------------------------------------------------

    def _send(self, kind: str, target: int, params: Mapping[str, Any]) -> dict[str, int]:
        try:
            segments = to_segments(params.get("message"), auto_escape=bool_param(params, "auto_escape", default=False))
        except ValueError as error:
            raise WorldError(str(error), RETCODE_BAD_REQUEST) from None
        if not segments:
            raise WorldError("empty message", RETCODE_BAD_REQUEST)
        if kind == "private":
            through = params.get("group_id")
            if target not in self.friends and not (through and self._in_group_with_bot(int(through), target)):
                raise WorldError(f"{target} is not a friend: message not sent")
            return {"message_id": self._new_message(self.self_id, None)}
        group = self._group(target)
        if self._member(group, self.self_id).muted_until > self.now():
            raise WorldError(f"the bot is muted in {target}")
        return {"message_id": self._new_message(self.self_id, target)}

    def _in_group_with_bot(self, group_id: int, user_id: int) -> bool:
        """A temporary session through this group reaches ``user_id``."""
        members = self.groups[group_id].members if group_id in self.groups else {}
        return user_id in members and self.self_id in members

    def _base(self, post_type: str, **fields: Any) -> Event:
        return {"time": self.now(), "self_id": self.self_id, "post_type": post_type, **fields}

    def _message_event(
        self,
        message_type: str,
        sub_type: str,
        user_id: int,
        group_id: int | None,
        segments: list[Segment],
        sender: dict[str, Any],
    ) -> Event:
        event = self._base("message", message_type=message_type, sub_type=sub_type)
        event["message_id"] = self._new_message(user_id, group_id)
        if group_id is not None:
            event["group_id"] = group_id
            event["anonymous"] = None
        event.update(
            user_id=user_id,
            message=segments,
            raw_message=to_cq(segments),
            font=0,
            sender=sender,
        )
        return event

    def _group_request(self, request: Request) -> Event:
        return self._base(
            "request",
            request_type="group",
            sub_type=request.kind,
            group_id=request.group_id,
            user_id=request.user_id,
            comment=request.comment,
            flag=request.flag,
        )

    def _join(self, group: Group, user_id: int, sub_type: str, operator_id: int) -> Event:
        self._user(user_id)
        if user_id in group.members:
            raise WorldError(f"{user_id} is already in {group.group_id}")
        if user_id != self.self_id:
            self._member(group, self.self_id)
        group.members[user_id] = Member(user_id, join_time=self.now())
        return self._base(
            "notice",
            notice_type="group_increase",
            sub_type=sub_type,
            group_id=group.group_id,
            user_id=user_id,
            operator_id=operator_id,
        )

    def _leave(self, group: Group, user_id: int, operator_id: int) -> Event:
        self._member(group, user_id)
        self._member(group, self.self_id)
        del group.members[user_id]
        sub_type = "leave"
        if operator_id != user_id:
            sub_type = "kick_me" if user_id == self.self_id else "kick"
        return self._base(
            "notice",
            notice_type="group_decrease",
            sub_type=sub_type,
            group_id=group.group_id,
            user_id=user_id,
            operator_id=operator_id,
        )

    def _emit(self, event: Event) -> Entry:
        self._outbox.append(event)
        text = plain_text(event["message"]) if "message" in event else ""
        return self._record(
            "event", _event_name(event), event, text=text, user_id=event.get("user_id"), group_id=event.get("group_id")
        )

    def _record(
        self,
        direction: Literal["event", "action"],
        name: str,
        data: dict[str, Any],
        *,
        result: dict[str, Any] | None = None,
        text: str = "",
        user_id: int | None = None,
        group_id: int | None = None,
    ) -> Entry:
        entry = Entry(len(self.transcript), self.now(), direction, name, data, result, text, user_id, group_id)
        self.transcript.append(entry)
        for listener in list(self.listeners):
            listener(entry)
        return entry

    def _new_message(self, sender: int, group_id: int | None) -> int:
        message_id = next(self._serial)
        self._messages[message_id] = (sender, group_id)
        return message_id

    def _new_request(
        self, kind: Literal["friend", "add", "invite"], user_id: int, group_id: int, comment: str
    ) -> Request:
        request = Request(f"{kind}-{next(self._serial)}", kind, user_id, group_id, comment)
        self.requests[request.flag] = request
        return request

    def _request(self, params: Mapping[str, Any]) -> Request:
        flag = str(params.get("flag") or "")
        if flag not in self.requests:
            raise WorldError(f"no pending request with flag {flag!r}")
        return self.requests[flag]

    def _user(self, user_id: int) -> User:
        if user_id not in self.users:
            raise WorldError(f"no user {user_id}")
        return self.users[user_id]

    def _group(self, group_id: int) -> Group:
        if group_id not in self.groups:
            raise WorldError(f"no group {group_id}")
        return self.groups[group_id]

    def _member(self, group: Group, user_id: int) -> Member:
        if user_id not in group.members:
            who = "the bot" if user_id == self.self_id else str(user_id)
            raise WorldError(f"{who} is not in group {group.group_id}")
        return group.members[user_id]

    def _owner(self, group: Group) -> int:
        owners = [member.user_id for member in group.members.values() if member.role == "owner"]
        if not owners:
            raise WorldError(f"group {group.group_id} has no owner")
        return owners[0]

    def _require_manager(self, group: Group, target: Member) -> None:
        """The bot must outrank the target: an admin manages members, the owner everyone."""
        if _RANK[self._member(group, self.self_id).role] <= _RANK[target.role]:
            raise WorldError(f"the bot may not manage {target.user_id} in {group.group_id}")

    def _member_info(self, group: Group, member: Member) -> dict[str, Any]:
        return {
            "group_id": group.group_id,
            "user_id": member.user_id,
            "nickname": self.users[member.user_id].nickname,
            "card": member.card,
            "sex": "unknown",
            "age": 0,
            "area": "",
            "join_time": member.join_time,
            "last_sent_time": 0,
            "level": "1",
            "role": member.role,
            "unfriendly": False,
            "title": "",
            "title_expire_time": 0,
            "card_changeable": member.user_id == self.self_id,
            "shut_up_timestamp": member.muted_until,
        }


def _group_info(group: Group) -> dict[str, Any]:
    return {
        "group_id": group.group_id,
        "group_name": group.name,
        "member_count": len(group.members),
        "max_member_count": group.max_member_count,
    }


def _event_name(event: Event) -> str:
    detail = next(
        event[key] for key in ("message_type", "notice_type", "request_type", "meta_event_type") if key in event
    )
    return ".".join(str(part) for part in (event["post_type"], detail, event.get("sub_type")) if part)
