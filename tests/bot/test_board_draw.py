"""/板子 随机: a board drawn by the post's rules, sent to the directors only, by DM."""

from __future__ import annotations

from typing import Any

from nonebug import App

from tests.bot.helpers import GROUP, OWNER, Contains, Peer, refused, the_table

CO_DIRECTOR = 424242


class DmContaining:
    """A DM whose text holds every part (the board itself is drawn at random)."""

    def __init__(self, *parts: str) -> None:
        self.parts = parts

    def __eq__(self, other: object) -> bool:
        return all(part in str(other) for part in self.parts)

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return f"DmContaining{self.parts!r}"


def dm(qq: int, *parts: str) -> tuple[str, dict[str, Any]]:
    return ("send_private_msg", {"user_id": qq, "message": DmContaining(*parts)})


async def test_a_drawn_board_goes_to_the_directors_only(app: App) -> None:
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/新建 m216_mask", role="owner"), Contains("已新建第 #1 局"))
        qq.reply(qq.say(OWNER, f"/导演 {CO_DIRECTOR}"), f"已添加导演：{CO_DIRECTOR}。")
        event = qq.say(OWNER, "/板子 随机 14")
        for director in sorted({OWNER, CO_DIRECTOR}):
            qq.call(dm(director, "【随机板子】第 #1 局", "14人）：", "影子", "板子已设置（14人）", "现在 0 人报名"))
        qq.reply(event, "已按规则随机抽取14人的板子，并私聊发给导演。")
    assert len(the_table().board) == 14 and "影子" in the_table().board  # set, seen by the directors alone
    await refused(app, OWNER, "/板子 随机", "本规则随机抽取的板子为14人，现在有0人。", group=GROUP)
    await refused(
        app,
        OWNER,
        "/板子 纯白之女 灯影预言家 巫女 骑士 猎魔人 女巫 陌客 长老 药剂师 天命人 狼巫 黑武士 觉醒狼王 影子",
        Contains("板子不符合规则：验人系有且仅有一个。"),
        group=GROUP,
    )


async def test_a_ruleset_without_draw_rules_says_so(app: App) -> None:
    async with app.test_matcher() as ctx:
        qq = Peer(ctx)
        qq.reply(qq.say(OWNER, "/新建 secret_number", role="owner"), Contains("已新建第 #1 局"))
    await refused(
        app, OWNER, "/板子 随机", "秘密数字杀没有随机板子的规则，请逐个给出身份：/板子 狼人x3 预言家 …", group=GROUP
    )
