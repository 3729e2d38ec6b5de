"""阴魂不散 (002 L73): at 黄昏 one seat names night skills; tonight it and the seats able to use one of
them know each other's 马甲 and 身份, and it is told those seats' acts and feedback of those skills.
The pairs are fixed as the skill resolves and end with the night (st.haunts). 附体 (000 L591) watches
a seat whole: every act and feedback of it tonight, as they come (st.watches).

若双方均愿意…当晚可共群聊天: no OneBot implementation can create a group, so the 导演 opens one on
request (〔导演〕): both sides are told they may ask, and the directors are told the pairs at once."""

from __future__ import annotations

from engine import cards
from engine.context import Context
from engine.messages import seat as to_seat

CHAT = "若双方均愿意，可私聊导演申请当晚共群聊天。"


def haunt(game: Context, ghost: int, names: tuple[str, ...], rule: str) -> None:
    """The ghost and each seat now able to use one of the named skills are told of each other."""
    st = game.st
    me = st.seat(ghost)
    found: list[tuple[str, int]] = []
    for name in names:
        for seat in st.alive():
            holding = cards.find(game, seat, name) if seat.no != ghost else None
            if holding is not None and cards.usable(game, seat, holding):
                found.append((name, seat.no))
    st.haunts.extend((ghost, name, holder) for name, holder in found)
    if not found:
        game.feedback(ghost, f"今晚没有角色可以发动你选择的技能（{'、'.join(names)}）。", rule)
        return
    lines = [f"{game.label(no)}（{st.seat(no).card.role}）可以发动{name}" for name, no in found]
    game.feedback(ghost, f"今晚{'；'.join(lines)}。你会得知其行动情况与反馈；{CHAT}", rule)
    seats = list(dict.fromkeys(no for _, no in found))
    for no in seats:
        skills = "、".join(name for name, holder in found if holder == no)
        game.tell(no, f"{rule}：今晚幽魂{game.label(ghost)}（{me.card.role}）知晓你的{skills}的行动情况与反馈；{CHAT}")
    game.say_directors(
        f"〔{rule}〕{game.who(ghost)}与{'、'.join(game.who(no) for no in seats)}今晚可共群聊天："
        "若双方均私聊导演表示愿意，请为其建群，夜晚结束时解散。"
    )
    game.log("haunt", "；".join(f"{game.who(ghost)}知晓{game.who(no)}的{name}" for name, no in found), rule)


def watch(game: Context, watcher: int, seats: list[int], rule: str) -> None:
    """Tonight the watcher is told every act and feedback of these seats as they come (附体: 实时反馈)."""
    st = game.st
    for no in seats:
        if no != watcher and (watcher, no, rule) not in st.watches:
            st.watches.append((watcher, no, rule))
            game.log("watch", f"{game.who(watcher)}今晚获知{game.who(no)}的所有操作与反馈", rule)


def tell_act(game: Context, seat: int, skill: str, what: str) -> None:
    """The act a haunted or watched seat made (行动情况), as its ghosts and watchers see it."""
    done = f"：{what}。" if what else "。"
    for ghost in game.haunted_by(seat, skill):
        game.say(to_seat(ghost), f"〔阴魂不散〕{game.label(seat)}发动{skill}" + done)
    for watcher, rule in game.watched_by(seat):
        game.say(to_seat(watcher), f"〔{rule}〕{game.label(seat)}发动{skill}" + done)
