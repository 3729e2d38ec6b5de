"""The sandbox world: OneBot-shaped events, actions applied to the world, failures as QQ reports them."""

from __future__ import annotations

from typing import Any

import pytest

from bot.sandbox import World, WorldError, at_segment, sent, text_segment
from bot.sandbox.message import parse_cq, plain_text, to_cq, to_segments

BOT, ALICE, BOB, CAROL, STRANGER = 10000, 1001, 1002, 1003, 1009
GROUP = 5000


@pytest.fixture
def world() -> World:
    world = World(BOT, "主持人", clock=lambda: 1_700_000_000.0)
    for user_id, nickname in [(ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol"), (STRANGER, "Stranger")]:
        world.add_user(user_id, nickname)
    world.befriend(ALICE)
    world.befriend(BOB)
    world.create_group(GROUP, "版杀大厅", owner_id=ALICE, members=[BOT, BOB])
    world.add_member(GROUP, CAROL, card="3号")
    return world


def act(world: World, action: str, echo: str = "7", **params: object) -> dict[str, Any]:
    return world.handle({"action": action, "params": params, "echo": echo})


def test_private_message_event_is_onebot_shaped(world: World) -> None:
    event = world.private_message(ALICE, "查验 3").data
    assert event == {
        "time": 1_700_000_000,
        "self_id": BOT,
        "post_type": "message",
        "message_type": "private",
        "sub_type": "friend",
        "message_id": event["message_id"],
        "user_id": ALICE,
        "message": [{"type": "text", "data": {"text": "查验 3"}}],
        "raw_message": "查验 3",
        "font": 0,
        "sender": {"user_id": ALICE, "nickname": "Alice", "card": "", "sex": "unknown", "age": 0},
    }
    assert isinstance(event["message_id"], int)
    assert world.take_events() == [event]
    assert world.take_events() == []


def test_group_message_carries_sender_card_and_role(world: World) -> None:
    entry = world.group_message(GROUP, CAROL, [at_segment(BOT), text_segment(" 投票 [2]")])
    event = entry.data
    assert (event["post_type"], event["message_type"], event["sub_type"]) == ("message", "group", "normal")
    assert (event["group_id"], event["user_id"]) == (GROUP, CAROL)
    assert event["sender"]["card"] == "3号"
    assert event["sender"]["role"] == "member"
    assert event["sender"]["nickname"] == "Carol"
    assert event["raw_message"] == f"[CQ:at,qq={BOT}] 投票 &#91;2&#93;"
    assert entry.text == f"@{BOT} 投票 [2]"
    assert entry.name == "message.group.normal"


def test_events_need_a_friend_or_a_member(world: World) -> None:
    with pytest.raises(WorldError):
        world.private_message(STRANGER, "hi")
    with pytest.raises(WorldError):
        world.group_message(GROUP, STRANGER, "hi")
    assert world.transcript == []


def test_request_and_meta_events(world: World) -> None:
    friend = world.friend_request(STRANGER, "想玩").data
    assert friend["post_type"] == "request"
    assert friend["request_type"] == "friend"
    assert (friend["user_id"], friend["comment"]) == (STRANGER, "想玩")
    assert friend["flag"] in world.requests

    join = world.join_request(GROUP, STRANGER, "报名").data
    assert (join["request_type"], join["sub_type"], join["group_id"]) == ("group", "add", GROUP)

    world.create_group(6000, "狼队", owner_id=ALICE)
    invite = world.group_invite(6000, ALICE).data
    assert (invite["sub_type"], invite["user_id"], invite["group_id"]) == ("invite", ALICE, 6000)

    assert world.lifecycle().data["meta_event_type"] == "lifecycle"
    beat = world.heartbeat(5000).data
    assert beat["status"] == {"online": True, "good": True}
    assert beat["interval"] == 5000
    assert [entry.name for entry in world.transcript] == [
        "request.friend",
        "request.group.add",
        "request.group.invite",
        "meta_event.lifecycle.connect",
        "meta_event.heartbeat",
    ]


def test_member_notices(world: World) -> None:
    joined = world.member_joined(GROUP, STRANGER).data
    assert (joined["notice_type"], joined["sub_type"], joined["operator_id"]) == ("group_increase", "approve", ALICE)
    assert STRANGER in world.groups[GROUP].members
    left = world.member_left(GROUP, STRANGER).data
    assert (left["notice_type"], left["sub_type"]) == ("group_decrease", "leave")
    assert STRANGER not in world.groups[GROUP].members


def test_setup_changes_are_silent(world: World) -> None:
    world.remove_member(GROUP, CAROL)
    world.set_role(GROUP, BOB, "admin")
    assert CAROL not in world.groups[GROUP].members
    assert world.groups[GROUP].members[BOB].role == "admin"
    assert world.transcript == []
    assert world.take_events() == []
    with pytest.raises(WorldError):
        world.remove_member(GROUP, CAROL)


def test_send_private_msg_to_friend(world: World) -> None:
    response = act(world, "send_private_msg", user_id=ALICE, message="已记录")
    assert response["status"] == "ok"
    assert response["retcode"] == 0
    assert response["echo"] == "7"
    assert isinstance(response["data"]["message_id"], int)
    assert world.sent_to(user_id=ALICE) == ["已记录"]


def test_dm_to_non_friend_fails(world: World) -> None:
    response = act(world, "send_private_msg", user_id=CAROL, message="你的身份是预言家")
    assert response["status"] == "failed"
    assert response["retcode"] != 0
    assert response["data"] is None
    assert response["echo"] == "7"
    assert world.sent_to(user_id=CAROL) == []
    assert not world.transcript[-1].ok


def test_send_msg_routes_by_type_or_ids(world: World) -> None:
    act(world, "send_msg", message_type="group", group_id=GROUP, user_id=BOB, message=[text_segment("天亮了")])
    act(world, "send_msg", user_id=BOB, message={"type": "text", "data": {"text": "私聊"}})
    act(world, "send_msg", group_id=GROUP, message=f"[CQ:at,qq={BOB}] 请发言")
    assert world.sent_to(group_id=GROUP) == ["天亮了", f"@{BOB} 请发言"]
    assert world.sent_to(user_id=BOB) == ["私聊"]
    assert sent(group_id=GROUP, containing="天亮")(world.transcript[0])
    assert not sent(user_id=BOB)(world.transcript[0])


def test_auto_escape_keeps_cq_text_literal(world: World) -> None:
    act(world, "send_private_msg", user_id=ALICE, message="[CQ:face,id=1]", auto_escape=True)
    act(world, "send_private_msg", user_id=ALICE, message="[CQ:face,id=1]")
    assert world.sent_to(user_id=ALICE) == ["[CQ:face,id=1]", "[face]"]


def test_unknown_action_and_bad_params(world: World) -> None:
    response = act(world, "fly_to_the_moon", echo="x")
    assert (response["status"], response["retcode"], response["echo"]) == ("failed", 1404, "x")
    assert act(world, "send_group_msg", message="hi")["retcode"] == 1400
    assert act(world, "send_group_msg", group_id=GROUP, message=42)["retcode"] == 1400
    assert act(world, "send_msg", message="nowhere")["retcode"] == 1400


def test_set_group_card_needs_admin_except_for_itself(world: World) -> None:
    assert act(world, "set_group_card", group_id=GROUP, user_id=CAROL, card="7号")["status"] == "failed"
    assert act(world, "set_group_card", group_id=GROUP, user_id=BOT, card="法官")["status"] == "ok"
    world.make_bot_admin(GROUP)
    assert act(world, "set_group_card", group_id=GROUP, user_id=CAROL, card="7号")["status"] == "ok"
    assert world.groups[GROUP].members[CAROL].card == "7号"
    assert world.groups[GROUP].members[BOT].card == "法官"
    info = act(world, "get_group_member_info", group_id=GROUP, user_id=CAROL)["data"]
    assert (info["card"], info["role"], info["nickname"]) == ("7号", "member", "Carol")


def test_kick_removes_member_and_notifies(world: World) -> None:
    assert act(world, "set_group_kick", group_id=GROUP, user_id=CAROL)["status"] == "failed"
    assert CAROL in world.groups[GROUP].members
    world.make_bot_admin(GROUP)
    world.take_events()
    assert act(world, "set_group_kick", group_id=GROUP, user_id=ALICE)["status"] == "failed"  # the owner
    assert act(world, "set_group_kick", group_id=GROUP, user_id=CAROL)["status"] == "ok"
    assert CAROL not in world.groups[GROUP].members
    [notice] = world.take_events()
    assert (notice["notice_type"], notice["sub_type"], notice["user_id"]) == ("group_decrease", "kick", CAROL)
    assert notice["operator_id"] == BOT
    assert [entry.direction for entry in world.transcript[-2:]] == ["action", "event"]


def test_ban_mutes_until_lifted(world: World) -> None:
    world.make_bot_admin(GROUP)
    assert act(world, "set_group_ban", group_id=GROUP, user_id=CAROL, duration=60)["status"] == "ok"
    assert world.groups[GROUP].members[CAROL].muted_until == 1_700_000_060
    with pytest.raises(WorldError):
        world.group_message(GROUP, CAROL, "我要说话")
    act(world, "set_group_ban", group_id=GROUP, user_id=CAROL, duration=0)
    world.group_message(GROUP, CAROL, "我能说话了")
    assert [event.get("sub_type") for event in world.take_events()] == ["ban", "lift_ban", "normal"]


def test_join_request_approval_adds_member(world: World) -> None:
    flag = world.join_request(GROUP, STRANGER, "报名").data["flag"]
    params = {"flag": flag, "sub_type": "add", "approve": True}
    assert act(world, "set_group_add_request", **params)["status"] == "failed"  # the bot is no admin yet
    assert flag in world.requests
    world.make_bot_admin(GROUP)
    world.take_events()
    assert act(world, "set_group_add_request", **params)["status"] == "ok"
    assert STRANGER in world.groups[GROUP].members
    assert flag not in world.requests
    [notice] = world.take_events()
    assert (notice["notice_type"], notice["sub_type"], notice["user_id"]) == ("group_increase", "approve", STRANGER)
    assert act(world, "set_group_add_request", **params)["status"] == "failed"  # handled already


def test_join_request_rejection_leaves_group_alone(world: World) -> None:
    world.make_bot_admin(GROUP)
    flag = world.join_request(GROUP, STRANGER).data["flag"]
    response = act(world, "set_group_add_request", flag=flag, sub_type="add", approve=False, reason="满员")
    assert response["status"] == "ok"
    assert STRANGER not in world.groups[GROUP].members
    assert world.requests == {}


def test_accepting_an_invitation_puts_the_bot_in_the_group(world: World) -> None:
    world.create_group(6000, "狼队", owner_id=ALICE)
    flag = world.group_invite(6000, ALICE).data["flag"]
    assert act(world, "set_group_add_request", flag=flag, sub_type="invite")["status"] == "ok"
    assert BOT in world.groups[6000].members
    groups = act(world, "get_group_list")["data"]
    assert {group["group_id"] for group in groups} == {GROUP, 6000}


def test_friend_request_approval_makes_a_friend(world: World) -> None:
    flag = world.friend_request(STRANGER).data["flag"]
    world.take_events()
    assert act(world, "set_friend_add_request", flag=flag, approve=True)["status"] == "ok"
    assert STRANGER in world.friends
    assert [event["notice_type"] for event in world.take_events()] == ["friend_add"]
    assert act(world, "send_private_msg", user_id=STRANGER, message="欢迎")["status"] == "ok"


def test_queries(world: World) -> None:
    assert act(world, "get_login_info")["data"] == {"user_id": BOT, "nickname": "主持人"}
    assert [friend["user_id"] for friend in act(world, "get_friend_list")["data"]] == [ALICE, BOB]
    members = act(world, "get_group_member_list", group_id=GROUP)["data"]
    assert {member["user_id"]: member["role"] for member in members} == {
        ALICE: "owner",
        BOT: "member",
        BOB: "member",
        CAROL: "member",
    }
    assert act(world, "get_group_info", group_id=GROUP)["data"]["member_count"] == 4
    assert act(world, "get_stranger_info", user_id=STRANGER)["data"]["nickname"] == "Stranger"
    assert act(world, "get_group_member_info", group_id=GROUP, user_id=STRANGER)["status"] == "failed"
    assert act(world, "get_status")["data"]["online"] is True
    assert act(world, "get_version_info")["data"]["protocol_version"] == "v11"
    assert act(world, "can_send_image")["data"] == {"yes": True}


def test_delete_msg_recalls_own_messages_once(world: World) -> None:
    message_id = act(world, "send_group_msg", group_id=GROUP, message="错发")["data"]["message_id"]
    assert act(world, "delete_msg", message_id=message_id)["status"] == "ok"
    assert act(world, "delete_msg", message_id=message_id)["status"] == "failed"
    theirs = world.group_message(GROUP, CAROL, "刷屏").data["message_id"]
    assert act(world, "delete_msg", message_id=theirs)["status"] == "failed"
    world.make_bot_admin(GROUP)
    assert act(world, "delete_msg", message_id=theirs)["status"] == "ok"


def test_listeners_see_every_entry(world: World) -> None:
    seen: list[str] = []
    world.listeners.append(lambda entry: seen.append(entry.name))
    world.private_message(ALICE, "hi")
    act(world, "send_private_msg", user_id=ALICE, message="hello")
    assert seen == ["message.private.friend", "send_private_msg"]


@pytest.mark.parametrize(
    "raw",
    ["plain", "a[CQ:at,qq=1]b", "[CQ:image,file=x.png,url=http://h/a&#44;b]", "&#91;not code&#93; &amp;"],
)
def test_cq_round_trip(raw: str) -> None:
    assert to_cq(parse_cq(raw)) == raw


def test_message_forms_read_as_plain_text() -> None:
    assert plain_text(to_segments("[CQ:at,qq=all] 开局")) == "@all 开局"
    assert plain_text(to_segments({"type": "text", "data": {"text": "x"}})) == "x"
    assert plain_text(to_segments([at_segment(1), text_segment(" y"), {"type": "face", "data": {"id": "1"}}])) == (
        "@1 y[face]"
    )
    with pytest.raises(ValueError):
        to_segments([{"data": {}}])
