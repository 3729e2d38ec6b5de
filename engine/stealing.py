"""偷盗 (165 L486–488): tonight a thief holds two seats' non-[强制] acts. Each act such a seat sends is
told to the thief (技能名称以及选择目标); while it waits in its step the thief may send that skill's
command again, choosing new targets for it as that seat would; its 反馈 go to the thief instead, and
the seat is told neither (目标角色不会得知反馈和新技能目标). The pairs end with the night.

堕落 (165 L771): in 黄昏 a seat declares 身份<技能> for the night that follows; as a seat whose 初始身份 is
that role sends that skill, the declarer is told only that it was used (不得知该身份原本的技能目标), may
choose its targets as that seat would, and gets its 反馈 (技能发动者反馈空). A declared <杀人> is a kill of
the seat's own; the team's is void (宣言狼群技能<杀人>无效).

混乱2 (165 L731): by day a 吹笛 makes a seat use a skill of its [实际身份] on the targets it names: the act
waits in that skill's night step as if the seat had sent it (past the checks a sent act passes), the
seat is told at once, and its 反馈 reach the 吹笛 too. Only the first on a seat in a day counts."""

from __future__ import annotations

import re

from engine.context import Context
from engine.messages import seat as to_seat
from engine.phases import Phase
from engine.ruleset.model import Skill
from engine.ruleset.steps import places
from engine.state import Act, Delayed, Seat

KILL = "杀人"
DECLARED = re.compile(r"^\s*(\S+?)\s*[<＜《](\S+?)[>＞》]\s*$")


def steal(game: Context, thief: int, seats: list[int], rule: str) -> None:
    """Tonight the thief holds these seats' acts (one thief a seat: the first keeps it)."""
    st = game.st
    for no in seats:
        if no != thief and not any(seat == no for _, seat in st.steals):
            st.steals.append((thief, no))
            game.log("steal", f"{game.who(thief)}今晚偷盗{game.who(no)}", rule)


def tell_act(game: Context, seat: int, skill: Skill, what: str) -> None:
    """A held seat sent a non-[强制] act: its thief is told, and may choose new targets for it."""
    st = game.st
    if skill.forced:
        return
    _tell_declarer(game, seat, skill)
    for thief, no in st.steals:
        if no != seat:
            continue
        if (thief, seat, skill.name) not in st.stolen:
            st.stolen.append((thief, seat, skill.name))
        game.say(
            to_seat(thief),
            f"〔偷盗〕{game.label(seat)}发动<{skill.name}>"
            + (f"，选择目标：{what}" if what else "")
            + f"。在本步骤结束前，你可以发送「{skill.name} 目标」为其重新选择目标。",
        )


def re_aimed(game: Context, sender: Seat, skill: str) -> Seat | None:
    """The held seat whose waiting act of this skill the sender, its thief, chooses new targets for."""
    st = game.st
    for thief, no in st.steals:
        waiting = any(a.seat == no and a.skill == skill for a in st.acts)
        if thief == sender.no and waiting and (thief, no, skill) in st.stolen:
            return st.seat(no)
    for declarer, no, name in st.seized:
        if declarer == sender.no and name == skill and any(a.seat == no and a.skill == skill for a in st.acts):
            return st.seat(no)
    return None


def pipe(game: Context, piper: int, user: Seat, skill: Skill, aims: tuple[int, ...], rule: str) -> None:
    """混乱2: tonight ``user`` uses ``skill`` on ``aims`` in the skill's night step, told so at once; the
    first such act on a seat in a day stands (a later one, or a skill no night step places, does nothing)."""
    st = game.st
    step = next((s.name for s in game.rs.steps(Phase.NIGHT) if any(places(e, skill) for e in s.skills)), "")
    if not step or any(no == user.no for _, no, _ in st.piped):
        game.log("pipe", f"{game.who(piper)}的{rule}对{game.who(user.no)}无效", rule)
        return
    st.order += 1
    act = Act(user.no, skill.name, aims, None, st.now, st.order)
    st.delayed.append(Delayed(coming_night(game), str(Phase.NIGHT), step, act))
    st.piped.append((piper, user.no, skill.name))
    names = "、".join(game.label(t) for t in aims)
    game.tell(user.no, f"你被吹笛迷惑，当晚将对{names}角色使用{skill.name}技能。")
    game.log("pipe", f"{game.who(piper)}令{game.who(user.no)}今晚对{names}发动{skill.name}", rule)


def coming_night(game: Context) -> int:
    """The night a declaration made now is for: tonight at night, else the next to open."""
    st = game.st
    if st.phase == Phase.NIGHT or game.rs.first == Phase.DAY:
        return st.day
    return st.day + 1


def declare(game: Context, declarer: int, choice: str, rule: str) -> None:
    """堕落: the declarer names 身份<技能> for the coming night."""
    found = DECLARED.match(choice)
    if found:
        role, name = found.groups()
        game.st.declared.append((declarer, coming_night(game), role, name))
        game.log("steal", f"{game.who(declarer)}宣言{role}<{name}>", rule)


def declaration_problem(game: Context, seat: Seat, skill: Skill, choice: str) -> str:
    """Why a 身份<技能> declaration is refused ("" when it stands): unknown, or the night before's skill."""
    example = f"例如「{skill.name} 预言家<预言>」"
    found = DECLARED.match(choice)
    if not found:
        return f"{skill.name}需要宣言一个身份与它的一个技能，写作「身份<技能>」，{example}。"
    role, name = found.groups()
    if role not in game.rs.roles or not game.rs.roles[role].dealt:
        return f"{skill.name}：没有身份「{role}」。{example}。"
    own = [s.name for s in game.rs.roles[role].skills.values() if not s.forced and not s.todo]
    if name != KILL and name not in own:
        return f"{skill.name}：{role}没有可以宣言的技能「{name}」，可宣言：{'、'.join([*own, KILL])}。"
    night = coming_night(game)
    if any(d == seat.no and n == night - 1 and named == name for d, n, _, named in game.st.declared):
        return f"{skill.name}不能连续两夜宣言同一个技能：上一夜你已宣言<{name}>，请宣言其他技能。"
    return ""


def _kills(skill: Skill) -> bool:
    """A skill of the seat's own that deals a 杀人 attack (赌博杀人); the team's <杀人> is not one."""
    if skill.team:
        return False
    return skill.name == KILL or any(
        e.verb == "damage" and isinstance(e.arg, dict) and e.arg.get("cause") == KILL for e in skill.effects
    )


def _tell_declarer(game: Context, seat: int, skill: Skill) -> None:
    """A seat sent an act its declarer named tonight: the declarer is told the skill, not who nor at whom."""
    st = game.st
    dealt = st.seat(seat).cards[0].dealt_as
    for declarer, night, role, name in st.declared:
        if night != st.day or role != dealt or declarer == seat or (declarer, seat, skill.name) in st.seized:
            continue
        if skill.team or (name != skill.name and not (name == KILL and _kills(skill))):
            continue
        st.seized.append((declarer, seat, skill.name))
        game.say(
            to_seat(declarer),
            f"〔堕落〕被宣言的{role}<{name}>已发动。在本步骤结束前，你可以发送「{skill.name} 目标」为其选择目标；"
            "其反馈将由你得知。",
        )
