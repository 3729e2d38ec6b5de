"""Team groups (狼群, 情侣群 …): pre-created QQ groups bound to a game's teams.

No OneBot implementation can create a group or invite a member, so a director creates
the group and makes the bot admin; the bot then approves join requests only from the
team's roster, removes anyone else, sets each member's 群名片 to the character name,
posts the roster, and follows every membership change the rules cause.
"""

from __future__ import annotations

import time

from nonebot import logger
from nonebot.adapters.onebot.v11 import ActionFailed, Bot, NetworkError
from nonebot_plugin_orm import get_session
from sqlalchemy import delete

from bot import outbox
from bot.outbox import Recipient
from bot.store.models import BindingRow, OutboxRow
from bot.tables import Table, tables


def roster(table: Table, team: str) -> frozenset[int]:
    """The QQ numbers the rules put in this team now (the dead stay only where the post says so)."""
    game = table.game
    if game is None:
        return frozenset()
    keeps_dead = game.rs.teams[team].stays_after_out
    return frozenset(table.player(s.no).qq for s in game.st.seats if team in s.teams and (s.alive or keeps_dead))


def names(table: Table, team: str) -> str:
    members = [p.name for p in table.players if p.qq in roster(table, team)]
    return "、".join(members) or "（暂无）"


async def bind(table: Table, team: str, group_id: int) -> list[OutboxRow]:
    async with get_session() as session:
        await session.execute(delete(BindingRow).where(BindingRow.game_id == table.id, BindingRow.team == team))
        session.add(BindingRow(game_id=table.id, team=team, group_id=group_id))
        await session.commit()
    table.bindings[team] = group_id
    table.rosters.pop(team, None)
    return await follow(table, force=True)


async def follow(table: Table, force: bool = False, announce: bool = True) -> list[OutboxRow]:
    """Bring every bound group in line with its team's roster, when the roster changed
    (``force``: check anyway). ``announce`` posts the roster in the group when it changed.
    Returns the notes it stored (invitations, the roster) for the caller to deliver."""
    notes: list[OutboxRow] = []
    if table.game is None:
        return notes
    for team, group in table.bindings.items():
        now = roster(table, team)
        changed = table.rosters.get(team) != now
        if not force and not changed:
            continue
        try:
            notes += await _sync(table, team, group, now, announce and changed and bool(now))
        except (ActionFailed, NetworkError) as failed:
            logger.warning(f"#{table.id} 同步{team}群 {group} 失败：{failed}")
            continue
        table.rosters[team] = now
    return notes


async def _sync(table: Table, team: str, group: int, members: frozenset[int], announce: bool) -> list[OutboxRow]:
    """Kick, rename and invite; returns the notes it stored."""
    bot = outbox.the_bot()
    if bot is None:
        return []
    present = {m["user_id"]: m for m in await bot.get_group_member_list(group_id=group)}
    keep = members | table.directors | {int(bot.self_id)}
    for qq, member in present.items():
        if qq not in keep and member.get("role") == "member":
            await bot.set_group_kick(group_id=group, user_id=qq, reject_add_request=False)
    for qq in members & present.keys():
        await _card(bot, table, group, qq, present[qq].get("card", ""))
    label = table.rs.teams[team].group or team
    invited = table.rosters.get(team, frozenset())
    notes = [
        outbox.direct(  # by DM too: who joins later never sees what the group was told before
            table,
            table.seq,
            Recipient("user", qq),
            f"你是{label}的成员（{names(table, team)}）。请申请加入{label}：群号 {group}（机器人会自动通过）。",
        )
        for qq in sorted(members - present.keys() - invited)
    ]
    if announce:
        notes.append(
            outbox.direct(table, table.seq, Recipient("group", group), f"【{label}】成员：{names(table, team)}。")
        )
    async with get_session() as session:
        session.add_all(notes)
        await session.commit()
    return notes


async def _card(bot: Bot, table: Table, group: int, qq: int, card: str) -> None:
    player = table.seat_of(qq)
    if player is not None and card != player.name:
        await bot.set_group_card(group_id=group, user_id=qq, card=player.name)


def allowed(group_id: int, qq: int) -> tuple[bool, str]:
    """May this QQ be in this group? Only a bound group's roster (and its directors) may."""
    bound = tables.bound_to(group_id)
    if bound is None:
        return True, ""
    table, team = bound
    if qq in roster(table, team) or qq in table.directors:
        return True, ""
    return False, f"你不在本局{table.rs.teams[team].group or team}的名单中。"


async def joined(bot: Bot, group_id: int, qq: int) -> None:
    """Someone entered a bound group: remove them if the rules do not put them there."""
    bound = tables.bound_to(group_id)
    if bound is None or qq == int(bot.self_id):
        return
    table, _ = bound
    ok, _ = allowed(group_id, qq)
    if not ok:
        await bot.set_group_kick(group_id=group_id, user_id=qq, reject_add_request=False)
        logger.info(f"#{table.id} 移出不在名单中的 {qq}（群 {group_id}，{time.strftime('%H:%M:%S')}）")
        return
    await _card(bot, table, group_id, qq, "")
