"""Events: what a primitive sets off at once. ``engine.flow.LISTENERS`` says what each one does."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TeamFormed:
    """A team formed or gained members: its ``on_formed`` effects, then its introduction."""

    team: str
    members: tuple[int, ...]  # every member now
    rule: str


@dataclass(frozen=True)
class SkillsLost:
    """A card lost skills: each one used before runs its ``on_lost_after_use``."""

    seat: int
    skills: tuple[str, ...]
    rule: str


@dataclass(frozen=True)
class CampChanged:
    """A seat's camp changed (by a skill, or following another's): its ``camp_changed`` triggers."""

    seat: int
    rule: str


@dataclass(frozen=True)
class SkillGained:
    """A seat began to hold a skill during play (learned, taken, inherited, given): its ``gained`` triggers."""

    seat: int
    skill: str
    rule: str


@dataclass(frozen=True)
class StatusEnded:
    """A status whose end refreshes a skill of its giver ended (仆役: 暗夜之佑 刷新至初始)."""

    status: str
    source: int  # its giver


@dataclass(frozen=True)
class TagGained:
    """A seat's current card gained a card tag: its holder's ``tag_gained`` triggers fire."""

    seat: int
    tag: str


@dataclass(frozen=True)
class SkillUsed:
    """A skill was used (its effects carried out): 吞警徽 ends the election."""

    seat: int
    skill: str


@dataclass(frozen=True)
class RoundsLost:
    """轮次决胜's last night is over without a win: the camp is lost, and the game judged at once."""

    camp: str
    reason: str


@dataclass(frozen=True)
class CampLost:
    """A camp was lost (判负): its ``on_lose`` effects (长老狼)."""

    camp: str
