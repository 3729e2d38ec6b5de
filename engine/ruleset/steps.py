"""A flow step: its name, phase and the skills used in it, each named by its skill name or as
角色<技能> where several roles define that name."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from engine.phases import Phase, SubPhase

if TYPE_CHECKING:
    from engine.ruleset.model import Effect, Skill


def skill_key(entry: str) -> tuple[str, str]:
    """A step's entry as (role, skill): 角色<技能>, or a bare name ("", 技能)."""
    role, bracket, rest = entry.partition("<")
    return (role, rest[:-1]) if bracket and role and rest.endswith(">") else ("", entry)


def places(entry: str, skill: Skill) -> bool:
    """A step's entry names this skill: its name, or 角色<技能> of its role."""
    role, name = skill_key(entry)
    return name == skill.name and role in {"", skill.role}


@dataclass
class Step:
    name: str
    phase: Phase  # the engine phase that runs it: setup, dusk (黄昏) or night (早夜 … 晨曦); the day is one step
    skills: tuple[str, ...] = ()  # a skill's name, or 角色<技能> where several roles define that name
    text: str = ""
    minutes: int | None = None  # its time limit from its own opening
    sub_phase: SubPhase = SubPhase.NIGHT  # the timeline's sub-phase it belongs to (a skill's [早夜] tag)
    after_close: int | None = None  # 关门后N分钟内: its deadline counts from 关门, however late it opens
    simultaneous: bool = False  # 互不影响: each act resolves against the state as the step closed
    joins: tuple[str, ...] = ()  # teams the seats now bearing their tag (or meeting `members`) join
    resolves: tuple[str, ...] = ()  # the order of the marked attacks' causes (出局结算)
    effects: tuple[Effect, ...] = ()  # what the rules do as the step resolves (双空救结算)
    previews: tuple[str, ...] = ()  # 初步出局名单 for these skills: its marked attacks first resolved on a copy
    where: str = ""  # file:line of its skills list

    def holds(self, skill: Skill) -> bool:
        """The skill is used in this step (its own role's entry, or its bare name)."""
        keys = self._keys
        return (skill.role, skill.name) in keys or ("", skill.name) in keys

    @cached_property
    def _keys(self) -> frozenset[tuple[str, str]]:
        """Its entries as (role, skill) keys, parsed once (asked on every check)."""
        return frozenset(skill_key(entry) for entry in self.skills)

    def mentions(self, name: str) -> bool:
        """Some role's skill of this name is used in this step."""
        return any(skill == name for _, skill in self._keys)


def first_to_come(
    phase: Phase, index: int, dusk: tuple[Step, ...], night: tuple[Step, ...], names: tuple[str, ...]
) -> tuple[str, bool]:
    """Of these step names, the first still to come after step ``index`` of ``phase`` (the rest of
    the phase, then 黄昏, then the night, round the cycle), and whether it comes after this night's end
    (二次流血 at 黄昏1 or 凌晨2). ("", False): none of them is a step."""
    rest = (
        [s.name for s in (dusk if phase == Phase.DUSK else night)[index + 1 :]]
        if phase in {Phase.DUSK, Phase.NIGHT}
        else []
    )
    if phase == Phase.DUSK:
        cycle = [(n, False) for n in (*rest, *(s.name for s in night))]
    else:
        tonight = phase == Phase.NIGHT
        later = [s.name for s in (*dusk, *night)]
        cycle = [(n, False) for n in rest] + [(n, tonight or phase == Phase.DAWN) for n in later]
    return next(((n, late) for n, late in cycle if n in names), ("", False))
