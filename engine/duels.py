"""御前决斗: a pair of seats the next day's exile vote may go to, out or not.

While a day has a pair, a vote for anyone else counts 0 (投其他人则计为0票) and only the pair's
counts (诽谤 included) make the 最高票. A second pair for the same day would open a vote post of its
own (额外开启对应角色的投票贴); the engine has one post a day, so the directors are told to run it.
"""

from __future__ import annotations

from engine.context import Context


def pair(game: Context, first: int, second: int, rule: str) -> None:
    """The pair duels in the next day's vote (明天…当天所有角色只能投票给决斗的角色)."""
    st = game.st
    day = st.day + 1
    if today_pair(game, day):
        game.say_directors(
            f"第{day}天另有御前决斗：{game.who(first)}与{game.who(second)}，需另开投票贴，只能投给这两名角色。"
        )
        game.log("duel", f"第{day}天的第二组御前决斗（另开投票贴）：{game.who(first)}、{game.who(second)}", rule)
        return
    st.duels.append((day, first, second))
    game.log("duel", f"第{day}天御前决斗：{game.who(first)}、{game.who(second)}", rule)


def today_pair(game: Context, day: int | None = None) -> tuple[int, ...]:
    """The seats of the day's duel (its first pair), or () when the day has none."""
    st = game.st
    when = st.day if day is None else day
    return next(((a, b) for d, a, b in st.duels if d == when), ())
