"""The game state: seats, cards, statuses, teams, the timeline position and what waits.

Everything here is plain data (picklable, comparable), so a snapshot is the state
itself and replaying the command log rebuilds it exactly.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass
class SkillState:
    """What a card's skill has left: uses, whether it is lost, whom it chose before."""

    name: str
    uses: int | None
    lost: bool = False
    used: int = 0  # times used this game
    last_targets: tuple[int, ...] = ()
    ever_targets: tuple[int, ...] = ()
    used_on: str = ""  # the phase key (e.g. "night:2") of the last use


@dataclass
class Card:
    """A 身份牌. A seat holds one, or two in the 双身份 post."""

    role: str
    skills: dict[str, SkillState]
    out: bool = False


@dataclass
class StatusInstance:
    name: str
    source: int = 0  # the seat that gave it (0: the rules)
    until: str = "permanent"  # permanent | night_end | day_end | source_out | skill:<name>
    uses: int | None = None
    granted_on: str = ""  # phase key when it was given


@dataclass
class Seat:
    no: int  # 1-based, 电梯楼 order
    name: str  # the character's name
    cards: list[Card]
    camp: str
    secret: int = 0  # 秘密数字, where the ruleset has them
    alive: bool = True
    current: int = 0  # index of the current card
    statuses: list[StatusInstance] = field(default_factory=list)
    teams: list[str] = field(default_factory=list)
    out_cause: str = ""
    out_phase: str = ""
    penalties: dict[str, int] = field(default_factory=lambda: {"蓝": 0, "黄": 0, "红": 0})
    last_words_right: bool = False
    last_words: str | None = None
    last_words_published: bool = False

    @property
    def card(self) -> Card:
        return self.cards[self.current]

    @property
    def role(self) -> str:
        return self.card.role

    def has_status(self, name: str) -> bool:
        return any(s.name == name for s in self.statuses)


@dataclass
class Act:
    """An accepted action waiting in the current step's queue (or a team member's choice)."""

    seat: int
    skill: str
    targets: tuple[int, ...]
    choice: str | None
    at: datetime
    order: int  # submission order in the game


@dataclass
class Vote:
    voter: int
    target: int | None  # None: 弃权
    at: datetime
    order: int = 0  # submission order in the game, to order votes cast at the same moment
    reason: str = ""
    changes: int = 0
    by_director: bool = False


@dataclass
class Damage:
    """A marked attack waiting for its resolution step (指杀结算, 毒药结算 …)."""

    target: int
    kind: str
    cause: str
    source: int
    at_step: str


@dataclass
class Prompt:
    """A reaction the game waits for (最后一枪, 殉职, 装傻), with its own deadline."""

    seat: int
    skill: str  # the skill name, or the sheriff succession's name
    kind: str  # skill | sheriff | exiling
    deadline: datetime
    cause: str = ""
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Clock:
    """Game time runs ``speed`` times faster than real time and stops while paused.

    All deadlines are kept in game time; ``real()`` turns one back into wall time.
    """

    anchor_real: datetime
    anchor_game: datetime
    speed: float = 1.0
    paused: bool = False

    def game(self, real: datetime) -> datetime:
        if self.paused:
            return self.anchor_game
        return (self.anchor_game + (real - self.anchor_real) * self.speed).astimezone(self.anchor_game.tzinfo)

    def real(self, game: datetime) -> datetime:
        return self.anchor_real + (game - self.anchor_game) / self.speed


@dataclass
class Surrender:
    camp: str
    asked: tuple[int, ...]
    agreed: list[int]


@dataclass
class LogEntry:
    """One decision the engine took, with the rule behind it (for 揭秘 and "why?")."""

    phase: str
    kind: str
    text: str
    rule: str = ""
    secret: bool = True  # False: it was public when it happened


@dataclass
class GameState:
    seed: int
    rng: Any  # random.Random state tuple
    seats: list[Seat]
    settings: dict[str, Any]
    clock: Clock
    now: datetime  # game time of the last processed event
    phase: str = "setup"  # setup | day | night | over
    day: int = 0  # the game day number: day N and night N
    step: int = 0  # index into the phase's steps
    step_opened: datetime | None = None
    deadline: datetime | None = None  # game time at which the current step closes
    acts: list[Act] = field(default_factory=list)
    waiting: list[tuple[int, str]] = field(default_factory=list)  # (seat, skill) that may still act this step
    votes: dict[int, Vote] = field(default_factory=dict)
    vote_history: list[tuple[int, dict[int, int | None]]] = field(default_factory=list)
    damage: list[Damage] = field(default_factory=list)
    work: deque[Any] = field(default_factory=deque)
    prompt: Prompt | None = None
    sheriff: int | None = None
    lost_camps: list[str] = field(default_factory=list)
    winner: str | None = None
    out_order: list[int] = field(default_factory=list)
    # notices waiting for the next 开门: (section, text)
    held: list[tuple[str, str]] = field(default_factory=list)
    exiled_yesterday: list[int] = field(default_factory=list)
    night_deaths: list[int] = field(default_factory=list)
    dawn_statuses: list[tuple[str, int]] = field(default_factory=list)
    last_words_left: int = 0
    surrender: Surrender | None = None
    log: list[LogEntry] = field(default_factory=list)
    order: int = 0  # counter of accepted acts
    expired: int = 0  # deadlines processed so far (a tick that moves it changed the game)
    version: int = 0  # bumped by every change a victory condition can read
    checked: int = -1  # the version the last victory check saw
    options: dict[str, Any] = field(default_factory=dict)

    def seat(self, no: int) -> Seat:
        return self.seats[no - 1]

    @property
    def phase_key(self) -> str:
        return f"{self.phase}:{self.day}"

    def alive(self) -> list[Seat]:
        return [s for s in self.seats if s.alive]
