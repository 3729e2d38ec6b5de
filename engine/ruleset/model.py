"""A loaded ruleset: the rule post as typed data.

Names are the post's own words (角色 names, 技能 names, 阵营 names, status names);
identifiers are their English gloss. See docs/ruleset-format.md for every key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# A condition or selector, kept as the validated YAML mapping (see engine/conditions.py).
Cond = dict[str, Any]


@dataclass(frozen=True)
class Effect:
    """One entry of a skill's 结算效果: a verb, its argument, and whom it touches."""

    verb: str
    arg: Any
    to: str | Cond = "targets"  # "targets", "self", "first_target" or a selector
    when: Cond | str | None = None  # `if:`
    unless: Cond | str | None = None
    rule: str = ""
    where: str = ""


@dataclass(frozen=True)
class Trigger:
    """When a skill fires by itself or prompts its holder instead of waiting for a step."""

    on: str  # step_open | out | exiling
    causes: tuple[str, ...] = ()


@dataclass(frozen=True)
class TeamDecision:
    """A [团队] skill: every member chooses, the team's choice is decided by ``decide``."""

    team: str
    decide: str  # earliest_highest


@dataclass(frozen=True)
class Grant:
    """A status a skill gives its holder for as long as the skill is held."""

    status: str
    uses: int | None = None


@dataclass
class Skill:
    name: str
    role: str
    text: str
    tags: frozenset[str]
    timing: str  # setup | night | day | reaction | passive
    targets: tuple[int, int] = (1, 1)  # least and most targets
    range: Cond | None = None
    uses: int | None = None  # None: unlimited; [限定] = 1
    team: TeamDecision | None = None
    trigger: Trigger | None = None
    requires: str | None = None
    exclusive: tuple[str, ...] = ()
    grants: tuple[Grant, ...] = ()
    effects: tuple[Effect, ...] = ()
    on_lost_after_use: tuple[Effect, ...] = ()
    choices: tuple[str, ...] = ()
    minutes: int | None = None
    todo: str | None = None
    where: str = ""

    @property
    def forced(self) -> bool:
        """<强制>: may not be passed; an automatic one needs no choice at all."""
        return "强制" in self.tags

    @property
    def automatic(self) -> bool:
        """A forced skill without targets that the engine carries out by itself (通灵)."""
        return self.forced and self.targets[1] == 0 and not self.choices

    @property
    def needs_targets(self) -> bool:
        return self.targets[1] > 0


@dataclass
class Role:
    name: str
    camp: str
    text: str = ""
    teams: tuple[str, ...] = ()
    skills: dict[str, Skill] = field(default_factory=dict)
    on_out: tuple[Effect, ...] = ()
    todo: str | None = None
    where: str = ""


@dataclass
class Camp:
    name: str
    text: str = ""


@dataclass
class Team:
    name: str
    text: str = ""
    group: str = ""  # the team group's name (情侣群) where the team chats; "" when it has none
    chat: bool = True
    intro: str = ""
    stays_after_out: bool = False
    on_formed: tuple[Effect, ...] = ()
    on_member_out: str | None = None  # the cause of the chained out (殉情)


@dataclass
class StatusDef:
    name: str
    text: str = ""
    stops: tuple[str, ...] = ()
    uses: int | None = None
    note: str = ""
    told: str = ""
    dawn_notice: str = ""
    no_vote: bool = False
    not_votable: bool = False
    no_sheriff: bool = False
    silenced: bool = False  # 沉默: no skills but [强制] ones
    vote_weight: int | None = None  # 迷魂: 0


@dataclass
class DamageKind:
    name: str
    defences: tuple[str, ...] = ()


@dataclass
class Step:
    name: str
    phase: str  # setup | day | night
    skills: tuple[str, ...] = ()
    text: str = ""
    minutes: int | None = None
    roles: frozenset[str] = frozenset()  # the roles holding one of the step's skills


@dataclass
class Schedule:
    day_open: str | None = "12:00"
    day_close: str = "22:00"
    weekend_day_close: str | None = None
    step_minutes: int = 30
    setup_minutes: int = 60
    reaction_minutes: int = 30
    timezone: str = "Asia/Shanghai"


@dataclass
class VoteRules:
    exile_from_day: int = 1
    tie: str = "none"  # none | sheriff_pick
    changes: int = 1
    freeze_minutes: int = 0


@dataclass
class SheriffRules:
    text: str = ""
    election_day: int = 1
    decide: str = "earliest_highest"
    weight: int = 2
    succession: str = "殉职"
    timeout: str = "random"  # random | none
    public_label: str = "name"  # name | secret


@dataclass
class LastWords:
    count_role: str | None = None
    count: int | None = None


@dataclass
class VictoryRule:
    camp: str
    kind: str  # win | lose
    text: str
    test: Cond


@dataclass
class Victory:
    check: str = "immediate"
    rules: list[VictoryRule] = field(default_factory=list)
    on_lose: dict[str, tuple[Effect, ...]] = field(default_factory=dict)


@dataclass
class Notices:
    dawn: tuple[str, ...] = ("night_deaths", "sheriff", "last_words", "held")
    death_label: tuple[str, ...] = ("seat", "name")
    day_causes: bool = False


@dataclass
class Option:
    """A variant or house rule a director may switch per game."""

    name: str
    text: str = ""
    default: Any = None
    values: tuple[Any, ...] = ()


Hook = Callable[..., Any]


@dataclass
class Ruleset:
    id: str
    name: str
    directory: str
    post_file: str = ""
    post_roles: tuple[str, ...] = ()
    addressing: str = "seat"  # seat | secret_number
    role_table_public: bool = False
    camps: dict[str, Camp] = field(default_factory=dict)
    teams: dict[str, Team] = field(default_factory=dict)
    roles: dict[str, Role] = field(default_factory=dict)
    statuses: dict[str, StatusDef] = field(default_factory=dict)
    damage: dict[str, DamageKind] = field(default_factory=dict)
    setup_steps: tuple[Step, ...] = ()
    night_steps: tuple[Step, ...] = ()
    day_step: Step = field(default_factory=lambda: Step("白天", "day"))
    first: str = "day"
    schedule: Schedule = field(default_factory=Schedule)
    vote: VoteRules = field(default_factory=VoteRules)
    sheriff: SheriffRules | None = None
    last_words: LastWords = field(default_factory=LastWords)
    surrender: dict[str, Cond] = field(default_factory=dict)
    notices: Notices = field(default_factory=Notices)
    victory: Victory = field(default_factory=Victory)
    options: dict[str, Option] = field(default_factory=dict)
    hooks: dict[str, Hook] = field(default_factory=dict)

    def team_by_group(self, name: str) -> Team | None:
        """A team by its own name or its group's name (情侣 or 情侣群)."""
        for team in self.teams.values():
            if name in {team.name, team.group}:
                return team
        return None

    def skill(self, name: str) -> Skill | None:
        """The skill of that name, whichever role holds it."""
        return self._skills().get(name)

    def _skills(self) -> dict[str, Skill]:
        cache: dict[str, Skill] | None = getattr(self, "_skill_cache", None)
        if cache is None:
            cache = {}
            for role in self.roles.values():
                for skill in role.skills.values():
                    cache.setdefault(skill.name, skill)
            self._skill_cache = cache
        return cache

    def all_skills(self) -> list[Skill]:
        return list(self._skills().values())

    def step_of(self, skill: str) -> Step | None:
        for step in (*self.setup_steps, *self.night_steps, self.day_step):
            if skill in step.skills:
                return step
        return None

    def steps(self, phase: str) -> tuple[Step, ...]:
        if phase == "setup":
            return self.setup_steps
        if phase == "night":
            return self.night_steps
        return (self.day_step,)
