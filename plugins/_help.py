"""帮助 and 帮助 <命令>: what each command does and how it is written, for whoever asks —
a player gets the players' commands, a director the directors', anyone the lobby's."""

from __future__ import annotations

from bot.tables import Table, tables
from engine import api
from engine.api import Game
from plugins._common import is_director, superusers

LOBBY = {
    "新建": ("/新建 <规则集> [选项=值 …]", "开一局（发起者为导演）"),
    "报名": ("/报名 <角色名>", "报名"),
    "退出": ("/退出", "退出报名"),
    "名单": ("/名单", "查看报名"),
    "板子": ("/板子 狼人x3 预言家 …", "导演设置身份（人数须与报名人数一致）"),
    "设置": ("/设置 day_open=12:00 day_close=22:00 speed=1", "导演设置时间"),
    "导演": ("/导演 <QQ>", "添加导演"),
    "开始": ("/开始", "导演开局，身份私聊发送"),
    "规则集": ("/规则集", "可用规则集"),
    "座位表": ("/座位表", "开局后的公开座位表（图片）：存活与出局、警长、上次关门的投票"),
    "新月配置": ("/新月配置 随机", "导演按板子随机抽取新月配置（新月扩展），私聊发给导演"),
}
PLAYER = {
    "身份": ("身份", "我的身份、技能、状态、现在能做什么"),
    "放弃": ("放弃 [技能名]", "放弃本步骤的技能"),
    "投票": ("投票 <目标> [理由]", "投票；理由不在关门时公示，记入揭秘"),
    "改票": ("改票 <目标> [理由]", "改投另一个目标"),
    "弃权": ("弃权", "本轮不投票"),
    "遗言": ("遗言 <内容>", "出局后收到遗言通知时留下遗言"),
    "投降": ("投降 / 拒绝投降", "发起或同意本阵营投降，或拒绝"),
}
DIRECTOR = {
    "状态": ("状态", "全部秘密状态（只能私聊）"),
    "暂停": ("暂停", "冻结所有截止时间，主群公示"),
    "继续": ("继续", "解除暂停"),
    "延时": ("延时 <分钟>", "推迟当前截止时间"),
    "推进": ("推进", "立即结束当前步骤（回复私聊导演）"),
    "撤销": ("撤销 [确认]", "撤销最后一条命令；已发出的公示或反馈须「撤销 确认」，并发更正。结果私聊导演"),
    "代投": ("代投 <角色> <目标|弃权> [理由]", "替角色投票"),
    "判罚": ("判罚 <角色> 蓝|黄|红 [理由]", "发牌，主群公示"),
    "替补": ("替补 <角色> <QQ>", "由另一名玩家接替角色，私下交接（每名角色仅一次）"),
    "公告": ("公告 <内容>", "在主群发导演公告"),
    "结束": ("结束 [阵营] 确认", "结束游戏并公布揭秘（报名中：取消本局）；不带「确认」只说明后果"),
    "裁定": ("裁定 出局|复活|加状态|去状态|警长|判负|判胜|无望 …", "导演裁定，记入揭秘"),
    "绑定": ("绑定 <团队群> <群号>", "把QQ群绑定为团队群（情侣群 …），机器人须是该群管理员"),
}
TAGS = "导演私聊时若同时导演多局，在命令前或后加局号，如「#2 暂停」或「暂停 #2」。"


def _lines(title: str, usage: dict[str, tuple[str, str]]) -> str:
    return "\n".join([title, *(f"{how} —— {what}" for how, what in usage.values())])


def lobby_help() -> str:
    return _lines("【版杀大厅】", LOBBY)


def director_help() -> str:
    """The directors' commands, in the main group (with '/') or by DM."""
    return (
        _lines("【导演命令】（主群加「/」，或私聊机器人）", DIRECTOR) + "\n" + TAGS + "\n「帮助 <命令>」查看单个命令。"
    )


def player_help(game: Game, seat: int) -> str:
    target = "秘密数字" if game.rs.addressing == "secret_number" else "座位号或角色名"
    mine = "、".join(s.name for s in api.skills_known(game, game.st.seat(seat))) or "无"
    skill = next((s for s in game.rs.all_skills() if s.needs_targets), None)
    return (
        "【玩家命令】（私聊机器人发送）\n身份 —— 我的身份、技能、状态、现在能做什么\n"
        f"<技能名> <目标…> —— 发动技能，目标用{target}，例如「{skill.name if skill else '预言'} 3」\n"
        "放弃 [技能名] —— 放弃本步骤的技能\n"
        "投票 <目标> [理由] / 改票 <目标> [理由] / 弃权\n遗言 <内容>\n投降 / 拒绝投降\n"
        f"你持有的技能：{mine}"
    )


def one_command(word: str) -> str:
    """帮助 <命令>: that command's syntax and meaning, or the commands there are."""
    word = word.lstrip("/／、")
    for usage in (DIRECTOR, PLAYER, LOBBY):
        if word in usage:
            how, what = usage[word]
            return f"{how} —— {what}"
    known = "、".join([*LOBBY, *PLAYER, *DIRECTOR])
    return f"没有命令「{word}」。可以查看：{known}。例如「帮助 撤销」。"


def for_dm(qq: int, words: list[str]) -> str:
    """A DM's 帮助: the players' commands for a seat in a running game, the directors' for a
    director, the lobby's for anyone else."""
    if words:
        return one_command(words[0])
    playing = [t for t in tables.playing(qq) if t.status == "running" and t.game is not None]
    parts = []
    if playing:  # in several games at once: the first one's skills
        table = playing[0]
        player = table.seat_of(qq)
        assert table.game is not None and player is not None
        parts.append(player_help(table.game, player.seat))
    if tables.directing(qq, superusers()):
        parts.append(director_help())
    return "\n\n".join(parts) or lobby_help() + "\n玩家开局后私聊机器人「帮助」可看玩家命令。"


def for_group(table: Table | None, qq: int, words: list[str]) -> str:
    """/帮助 in a group: the lobby's commands, the directors' for this game's director, and
    where players' commands go."""
    if words:
        return one_command(words[0])
    text = lobby_help() + "\n玩家命令（投票、技能、身份…）请私聊机器人，私聊「帮助」查看。"
    if table is not None and is_director(table, qq):
        text += "\n\n" + director_help()
    return text
