"""遗计池 (白眼狼<遗计>/<遗泽>, 000 L750–751): the skills of the seats a holder's skill kills join its
pool, each fresh (那个技能重置成初始状态); at a [黄昏] it takes one of them, which lasts until the next
game day's [夜晚] opens (持续到第二天[夜晚]开始前) and keeps its own uses in the pool between takes
(这些技能独立计算使用情况)."""

from __future__ import annotations

from dataclasses import replace

from engine import kits
from engine.context import Context
from engine.phases import Phase
from engine.state import SkillState, lasting_until


def names(game: Context, holder: int) -> tuple[str, ...]:
    """The skills in the holder's pool: the words a ``choice_of: legacy`` choice may be."""
    return tuple(s.name for s in game.st.legacy.get(holder, ()))


def gather(game: Context, holder: int, out: int, kill: str, rule: str) -> None:
    """The kit of the seat out joins the holder's pool, fresh; ``kill`` too if that seat held <杀人>
    (被撕咬出局的角色拥有<杀人>，则白狼单独拥有的<杀人>加入技能池). The holder is told what joined."""
    st = game.st
    seat = st.seat(out)
    role = kits.kit_role(seat)
    pool = st.legacy.setdefault(holder, [])
    added = [s.name for s in kits.fresh_kit(game, role) if s.name not in names(game, holder)]
    pool.extend(SkillState(s.name, s.uses, of_role=role) for s in kits.fresh_kit(game, role) if s.name in added)
    tags = {*seat.card.tags, *game.rs.roles[seat.card.role].tags}  # 实际带刀 (engine/appearance.py)
    killer = "杀人" in seat.card.skills or bool({"群内", "接刀"} & tags) or out in st.knife.values()
    if kill and killer and kill not in names(game, holder):
        skill = game.rs.skill(kill)
        pool.append(SkillState(kill, skill.uses if skill else None))
        added.append(kill)
    if added:
        game.changed(holder)
        game.log("skill", f"{game.who(holder)}的遗计池加入：{'、'.join(added)}", rule)
        game.tell(holder, f"<{rule}>：{game.label(out)}的技能加入你的技能池：{'、'.join(f'<{n}>' for n in added)}。")


def take(game: Context, holder: int, name: str, rule: str) -> None:
    """The holder takes a skill of its pool until the next game day's [夜晚] opens; one taken before ends."""
    st = game.st
    kept = next((s for s in st.legacy.get(holder, ()) if s.name == name), None)
    if kept is None:
        return
    _drop(game, holder, rule)
    seat = st.seat(holder)
    st.grants += 1
    seat.card.skills[name] = replace(kept, granted=st.grants)
    st.legacy_taken[holder] = (name, st.day)
    skill = game.rs.roles[kept.of_role].skills.get(name) if kept.of_role else game.rs.skill(name)
    if skill is not None:
        game.hold_grants(holder, skill, rule)
    game.changed(holder)
    game.log("skill", f"{game.who(holder)}从技能池获得{name}", rule)
    game.tell(holder, f"你从技能池获得<{name}>，持续到第二天[夜晚]开始前。")


def end_at_night(game: Context) -> None:
    """A [夜晚] opens: a skill taken at an earlier day's [黄昏] than the one just ended goes back to the pool."""
    st = game.st
    for holder, (_name, day) in list(st.legacy_taken.items()):
        if st.phase == Phase.NIGHT and st.day > day:
            _drop(game, holder, "遗泽")
            game.tell(holder, "你从技能池获得的技能已结束。")


def _drop(game: Context, holder: int, rule: str) -> None:
    """The skill taken goes back to the pool, its uses as they are now."""
    st = game.st
    if holder not in st.legacy_taken:
        return
    name, _day = st.legacy_taken.pop(holder)
    seat = st.seat(holder)
    state = seat.card.skills.pop(name, None)
    if state is not None:
        pool = st.legacy[holder]
        pool[:] = [replace(state, granted=0) if s.name == name else s for s in pool]
        game.remove_statuses(seat, lasting_until(f"skill:{name}"))
    game.log("skill", f"{game.who(holder)}从技能池获得的{name}结束", rule)
    game.changed(holder)
