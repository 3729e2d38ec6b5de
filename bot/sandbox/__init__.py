"""A simulated QQ world that speaks OneBot v11 to the bot as a reverse-WebSocket client."""

from .client import SandboxClient, connect
from .message import Segment, at_segment, plain_text, text_segment
from .params import WorldError
from .transcript import Entry, sent
from .world import Group, Member, Request, User, World

__all__ = [
    "Entry",
    "Group",
    "Member",
    "Request",
    "SandboxClient",
    "Segment",
    "User",
    "World",
    "WorldError",
    "at_segment",
    "connect",
    "plain_text",
    "sent",
    "text_segment",
]
