"""The parts of a ruleset that rule the day and the end: the vote (weights, ties, 封锁), the 警长,
last words, extra vote rounds, and victory (胜负判定). Kept apart from engine/ruleset/model.py, as
deal_parts.py and drawrules.py are; the loader reads them in engine/ruleset/read_flow.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.formula import Formula

if TYPE_CHECKING:
    from engine.ruleset.model import Effect

# A condition on a seat or on the game, kept as the validated YAML mapping (engine/conditions.py).
Cond = dict[str, Any]


@dataclass
class VoteRules:
    exile_from_day: int = 1
    tie: tuple[str, ...] = ()  # tie-breakers in order: trigger (冤死), top_trigger, sheriff_pick
    tie_if: dict[str, Cond] = field(default_factory=dict)  # a breaker applies only while this holds
    changes: int = 1
    freeze_minutes: int = 0
    no_votes_tie: bool = False  # 全员弃票也视为平票
    red_after_tally: bool = False  # a day's 红牌 takes effect once the vote has resolved
    silent: str = ""  # the card a seat that does not vote is flagged for
    blocked_notice: str = "今日放逐投票被封锁，没有角色被投票出局。"  # 封锁投票's public notice
    change_if_out: bool = False  # a vote on a seat out by day may be changed once more, in the freeze too
    safe_notice: str = ""  # 平安日: the notice when a guard keeps the 最高票 in ({target}); "": the guard's note


@dataclass
class SheriffRules:
    text: str = ""
    election_day: int = 1
    decide: str = "earliest_highest"
    weight: float = 2
    weight_if: tuple[tuple[Cond, float], ...] = ()  # another weight while a condition on the game holds
    succession: str = "殉职"
    timeout: str = "random"  # random | none
    random_on: tuple[str, ...] = ()  # causes after which the badge passes at random (红牌)
    retry_out: bool = False  # a successor out tonight is refused (else it takes the badge and hands it on)
    minutes_by_phase: tuple[tuple[str, int], ...] = ()
    public_label: str = "name"  # name | secret
    own_day: bool = False  # 竞选日: the election is a day of its own, before the night's outs are announced
    swallowed_by: tuple[str, ...] = ()  # 吞警徽: these skills used on 竞选日 end it with no sheriff
    declares: str = ""  # 任职宣言: the skill each new sheriff gains and is asked to use at once


@dataclass
class LastWords:
    count_role: str | None = None
    count_roles: tuple[str, ...] = ()  # the dealt cards of these roles
    count: int | None = None  # -1: no limit
    count_formula: Formula | None = None  # a formula of the seats dealt (人数配备最少狼数量)
    phases: tuple[str, ...] = ()  # day | first_night: only outs then leave 遗言 (empty: any)


@dataclass
class VictoryRule:
    camp: str
    kind: str  # win | lose | usurp
    text: str
    test: Cond
    when: Cond | None = None  # only while this condition on the game holds


@dataclass
class Victory:
    check: str = "immediate"
    rules: list[VictoryRule] = field(default_factory=list)
    on_lose: dict[str, tuple[Effect, ...]] = field(default_factory=dict)
    priority: tuple[str, ...] = ()  # simultaneous wins: the first of these wins
    joint_loss: tuple[str, ...] = ()  # 同时判负: of the camps not lost before, the first of these wins
    together: tuple[str, ...] = ()  # steps whose outs are judged as one list, once all are resolved
    stalemate: str = ""  # sheriff: 「裁定 僵持」 has the 警长's camp win
    loses_alone: list[tuple[str, Cond]] = field(default_factory=list)  # (text, seat condition): 单独落败


@dataclass(frozen=True)
class Rounds:
    """轮次决胜: a camp's plan played out by the bot, the worst case assumed for it."""

    camp: str
    option: str = ""
    nights: int = 3
    acts: tuple[str, ...] = ()
    must: tuple[str, ...] = ()
    against: Cond | None = None
    hostile: tuple[str, ...] = ()
    again: str = ""
