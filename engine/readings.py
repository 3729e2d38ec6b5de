"""What tonight's acts leave for later skills: each check's reading (照耀 called a seat 狼人系身份,
so 耀光 may aim at it; 黑暗侦测 → 光明湮灭) and each [指定] skill's 结算目标 (邀舞 names the skills
whose 结算目标 a seat was). Kept only in rulesets whose skills read them (``Ruleset.records``), and
forgotten as the next night opens."""

from __future__ import annotations

from engine import appearance
from engine.context import Context
from engine.ruleset.model import Skill


def note_reading(game: Context, actor: int, skill: str, target: int) -> None:
    """A check by ``actor``'s ``skill`` told it what it sees in ``target``."""
    if "readings" not in game.rs.records or not actor:
        return
    seat = game.st.seat(target)
    role = appearance.seen(game, seat, "role")
    camp = appearance.seen(game, seat, "camp")
    game.st.readings.append((actor, skill, target, role, appearance.seen_pool(game, seat), camp))
    game.changed()


def note_reached(game: Context, skill: Skill, actor: int, targets: list[int]) -> None:
    """A [指定] skill reached these 结算目标."""
    if "reached" in game.rs.records and "指定" in skill.tags and targets:
        game.st.reached.append((skill.name, actor, tuple(targets)))


def note_touch(game: Context, skill: Skill, actor: int, targets: list[int]) -> None:
    """Any skill reached these 结算目标 (主宰黑夜: 受到任何…技能时（包括非指定）), with what 邪恶's 反击顺序
    reads: whether it deals damage, and the draw pool of its user's role (验人系)."""
    if "touches" in game.rs.records and actor:
        damages = any(e.verb == "damage" for e in skill.effects)
        pool = game.rs.roles[game.st.seat(actor).card.role].pool
        game.st.touches.extend((t, actor, damages, pool) for t in targets if t != actor)


def note_act(game: Context, skill: Skill, actor: int, chosen: list[int]) -> None:
    """Any skill used tonight, on whom (隼眼: 当晚该角色对谁使用了什么技能)."""
    if "acts" in game.rs.records:
        game.st.night_acts.append((actor, skill.name, tuple(chosen)))


def reached_by(game: Context, target: int, tag: str) -> list[str]:
    """The names of tonight's skills with ``tag`` whose 结算目标 included ``target``, each once, in order."""
    names = []
    for name, user, targets in game.st.reached:
        skill = game.rs.roles[game.st.seat(user).card.role].skills.get(name) or game.rs.skill(name)
        if target in targets and skill is not None and tag in skill.tags:
            names.append(name)
    return list(dict.fromkeys(names))


def forget(game: Context) -> None:
    """A new night: last night's readings, 结算目标 and acts are gone."""
    game.st.readings = []
    game.st.reached = []
    game.st.touches = []
    game.st.reflections = []
    game.st.night_acts = []
