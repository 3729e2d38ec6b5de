"""A complete 秘密数字杀 game over the real OneBot v11 reverse WebSocket, sign-up to 揭秘.

The bot runs as ``python -m bot`` on a compressed schedule. During the first night it is
killed with SIGKILL right after the wolves' choices were recorded, and a fresh process is
started on the same database only after the witch's step deadline has passed. The game
goes on: the wolves' accepted kill still lands, the missed deadline fires at start-up, and
no message is ever delivered twice.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from bot.sandbox import World
from tests.e2e.harness import BOT, DIRECTOR, BotProcess, Table, attach, deliveries, quiet

MAIN, LOVERS, STRANGER = 500, 600, 99
PLAYERS = {2: "甲", 3: "乙", 4: "丙", 5: "丁", 6: "戊", 7: "己", 8: "庚", 9: "辛", 10: "壬"}
BOARD = "/板子 狼人x2 预言家 女巫 守卫 猎人 丘比特 村民x2"
SPEED = 300  # a 30-minute step takes six seconds: room for a slow machine


def world() -> World:
    w = World(BOT)
    w.add_user(DIRECTOR, "导演")
    w.befriend(DIRECTOR)
    w.create_group(MAIN, "秘密数字杀", owner_id=DIRECTOR)
    w.create_group(LOVERS, "情侣群", owner_id=DIRECTOR)
    for group in (MAIN, LOVERS):
        w.add_member(group, BOT, role="admin")
    w.add_user(STRANGER, "路人")
    for qq in PLAYERS:
        w.add_user(qq, f"玩家{qq}")
        w.befriend(qq)
        w.add_member(MAIN, qq)
    return w


async def test_a_whole_game_survives_a_crash(tmp_path: Path) -> None:
    qq_world = world()
    process = BotProcess(tmp_path)
    process.start()
    try:
        await play(process, qq_world)
    finally:
        process.stop()


async def play(process: BotProcess, qq_world: World) -> None:
    t = Table(qq_world, await attach(process, qq_world), MAIN)

    # ---- lobby
    await t.say(DIRECTOR, "/新建 secret_number", "已新建第 #1 局")
    refused = await t.say(2, "/板子 狼人", "只有本局导演")
    assert "只有本局导演可以使用这个命令" in refused.text
    for qq, name in PLAYERS.items():
        await t.say(qq, f"/报名 {name}", f"报名成功：{name}")
    await t.say(DIRECTOR, BOARD, "板子已设置（9人）")
    await t.say(DIRECTOR, f"/设置 speed={SPEED} day_open=none", "已设置")
    await t.say(DIRECTOR, "/绑定 情侣群 600", "已绑定")
    mark = (await t.say(DIRECTOR, "/开始", "已开局")).seq
    await t.posted("身份与角色对应关系", since=mark)

    role = {}
    for qq in PLAYERS:
        await t.told(qq, "你的角色：", since=mark)
        role[qq] = t.identity(qq)
    seat = {r: [qq for qq in PLAYERS if role[qq][0] == r] for r in {r for r, _ in role.values()}}
    secret = {qq: role[qq][1] for qq in PLAYERS}
    wolf1, wolf2 = seat["狼人"]
    seer, witch, guard, hunter, cupid = (seat[r][0] for r in ("预言家", "女巫", "守卫", "猎人", "丘比特"))
    villager1, villager2 = seat["村民"]
    await t.told(wolf1, f"狼人的秘密数字：{'、'.join(map(str, sorted(secret[w] for w in seat['狼人'])))}", since=mark)

    # ---- 开局: 丘比特 shoots himself and a villager; the lovers' group follows
    await t.told(cupid, "【开局·丘比特】", since=mark)
    reply = await t.dm(cupid, f"丘比特之箭 {secret[cupid]} {secret[villager1]}", "已记录")
    lovers = "、".join(
        PLAYERS[qq] for qq in sorted((cupid, villager1))
    )  # told by DM: the group's older posts are unseen
    await t.told(cupid, f"你是情侣群的成员（{lovers}）。请申请加入情侣群：群号 600", since=reply.seq)
    await t.told(villager1, f"你是情侣群的成员（{lovers}）。请申请加入情侣群：群号 600", since=reply.seq)
    for joiner, approved in ((cupid, True), (villager1, True), (STRANGER, False)):
        event = await t.client.request_join(LOVERS, joiner)
        answer = await t.client.wait_for(
            lambda e, flag=event.data["flag"]: e.name == "set_group_add_request" and e.data.get("flag") == flag,
            since=event.seq,
        )
        assert answer.data["approve"] is approved
    assert STRANGER not in qq_world.groups[LOVERS].members
    assert {cupid, villager1} <= set(qq_world.groups[LOVERS].members)
    await t.client.wait_for(lambda e: e.name == "set_group_card" and e.data.get("user_id") == villager1, since=mark)
    assert qq_world.groups[LOVERS].members[villager1].card == PLAYERS[villager1]

    # ---- day 1: the vote is the sheriff election
    day1 = await t.posted("【第1天开门】", since=mark)
    for qq in PLAYERS:
        await t.dm(qq, f"投票 {secret[guard]}", "已记录投票")
    garbage = await t.dm(wolf1, "飞天 遁地", "看不懂")
    assert "发送「帮助」" in garbage.text
    await t.dm(DIRECTOR, "推进", "已推进")
    await t.posted(f"警长：秘密数字{secret[guard]}。", since=day1.seq)

    # ---- night 1: the guard acts, the wolves choose — then the bot is killed
    night = await t.told(guard, "【第1夜·守卫】", since=day1.seq)
    await t.dm(guard, f"守护之盾 {secret[seer]}", "已记录")
    await t.dm(guard, "放弃", "已放弃")
    await t.told(wolf1, "【第1夜·狼人】", since=night.seq)
    await t.dm(wolf1, f"杀人 {secret[cupid]}", "已记录")
    await t.dm(wolf2, f"杀人 {secret[cupid]}", "已记录")
    await t.told(witch, "【第1夜·女巫】", since=night.seq)
    # QQ accepting a message and the bot marking it sent are two steps; a crash in between would
    # send that message again (at least once, never lost). Kill the bot once it is idle.
    await asyncio.sleep(0.5)
    before_crash = len(qq_world.transcript)
    sent_before = Counter(deliveries(qq_world))

    process.kill()
    await t.client.kill()
    await asyncio.sleep(30 * 60 / SPEED + 1)  # the witch's step deadline passes while the bot is down
    process.start()
    t.client = await attach(process, qq_world)

    # the witch's missed deadline fired at start-up: the seer's step opens without anyone acting
    await t.told(seer, "【第1夜·预言家】", since=before_crash, timeout=30)
    await t.dm(seer, f"预言 {secret[wolf1]}", "已记录")
    await t.told(seer, f"秘密数字{secret[wolf1]}：非村民阵营", since=before_crash)
    # the wolves' kill, accepted before the crash, lands; the lover follows (殉情)
    dawn = await t.posted("【第2天开门】", since=before_crash)
    assert (
        f"昨夜出局：{PLAYERS[cupid]}（秘密数字{secret[cupid]}）、{PLAYERS[villager1]}（秘密数字{secret[villager1]}）"
        in dawn.text
    )
    assert f"当日警长：秘密数字{secret[guard]}" in dawn.text

    # ---- day 2: wolf 1 is voted out
    for qq in (seer, witch, guard, hunter, villager2):
        await t.dm(qq, f"投票 {secret[wolf1]}", "已记录")
    await t.dm(DIRECTOR, "推进", "已推进")
    await t.posted(f"{PLAYERS[wolf1]}（秘密数字{secret[wolf1]}）被投票出局。", since=dawn.seq)

    # ---- night 2: the wolf kills the witch
    night2 = await t.told(guard, "【第2夜·守卫】", since=dawn.seq)
    await t.dm(guard, f"守护之盾 {secret[hunter]}", "已记录")
    await t.dm(guard, "放弃", "已放弃")
    await t.told(wolf2, "【第2夜·狼人】", since=night2.seq)
    await t.dm(wolf2, f"杀人 {secret[witch]}", "已记录")
    await t.dm(witch, "放弃", "已放弃")
    await t.dm(seer, f"预言 {secret[wolf2]}", "已记录")
    dawn3 = await t.posted("【第3天开门】", since=night2.seq)
    assert f"昨夜出局：{PLAYERS[witch]}（秘密数字{secret[witch]}）" in dawn3.text

    # ---- day 3: the last wolf goes, the villagers win, and the 揭秘 follows
    for qq in (seer, guard, hunter, villager2):
        await t.dm(qq, f"投票 {secret[wolf2]}", "已记录")
    await t.dm(DIRECTOR, "推进", "已推进")
    await t.posted("【游戏结束】村民阵营获胜。", since=dawn3.seq)
    reveal = await t.posted("【揭秘】", since=dawn3.seq)
    assert f"{PLAYERS[wolf1]}（秘密数字{secret[wolf1]}）：狼人" in reveal.text
    await quiet(qq_world)  # the rest of the 揭秘 is out

    # ---- nothing was sent twice, before or after the crash
    everything = Counter(deliveries(qq_world))
    twice = [m for m, n in everything.items() if n > 1]
    assert twice == [], "\n".join(map(str, twice))
    assert all(everything[m] == 1 for m in sent_before)
