"""The ``learned`` section: a learner's table (学习表, 165 机械狼 L645–716) — for each role a learner
may learn, the skills it gets instead of that role's own kit; a role not in it gives its own kit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ruleset.context import Context, where
from engine.ruleset.steps import skill_key
from engine.ruleset.yamlsrc import Node
from engine.vocabulary import LEARNED_KEYS

if TYPE_CHECKING:
    from engine.ruleset import model as m


@dataclass(frozen=True)
class Learned:
    """What learning one role gives: ``skills`` as (role, skill) pairs, the learned role's own where the
    entry names a bare skill (守卫，获得技能<深渊>: 渊狼<深渊>); ``todo``: its 修改版 not written yet; ``host``:
    the role learned is the one the target's host was dealt, named so to the learner; ``faces``: the learner
    follows the target's card on top; ``copies_faces``: the learner gets copies of the target's 底牌."""

    role: str
    text: str = ""
    skills: tuple[tuple[str, str], ...] = ()
    todo: str = ""
    where: str = ""
    host: str = ""  # the learner learns the role the target's host was dealt (混血儿: 被混者, 影子: 影子主人)
    faces: bool = False  # the learner follows the target's card on top (变脸者)
    copies_faces: bool = False  # the learner gets copies of the target's 底牌 (双重人格)


def learned(doc: Node, rs: m.Ruleset, ctx: Context) -> dict[str, Learned]:
    """The table; each role and each skill it names must exist, and a written entry must name a skill."""
    if "learned" not in doc:
        return {}
    section = ctx.mapping(doc.get("learned"), doc, "learned", "learned")
    if section is None:
        return {}
    out = {}
    for name, node in ctx.entries(section, LEARNED_KEYS, "学习表"):
        if name not in rs.roles:
            ctx.err(section, name, f"学习表的身份 {name} 未定义")
            continue
        pairs = []
        for entry in ctx.names(node, "skills"):
            role, skill = skill_key(entry)
            role = role or name
            if role not in rs.roles or skill not in rs.roles[role].skills:
                ctx.err(node, "skills", f"学习表 {name} 的技能 {entry} 未定义（写作 技能 或 角色<技能>）")
                continue
            pairs.append((role, skill))
        todo, host, faces = ctx.text(node, "todo"), ctx.text(node, "host"), ctx.flag(node, "faces")
        if not pairs and not todo and not host and not faces:
            ctx.err(
                section, name, f"学习表 {name} 应写 skills（获得的技能）、host 或 faces，或以 todo 说明尚未写出的部分"
            )
        copies = ctx.flag(node, "copies_faces")
        out[name] = Learned(name, ctx.text(node, "text"), tuple(pairs), todo, where(section, name), host, faces, copies)
    return out
