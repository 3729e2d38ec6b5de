"""The game state: seats, cards, statuses, teams, the timeline position and what waits.

Everything here is plain data (picklable, comparable), so a snapshot is the state
itself and replaying the command log rebuilds it exactly.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.phases import Phase


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
    before: tuple[str, tuple[int, ...]] = ("", ())  # the use before, on another day or night: (phase key, targets)
    granted: int = 0  # order of receipt of a skill given during play (幸运儿); 0: came with the card
    unaware: bool = False  # lost without being told: still offered, and refused only when used (长寿之命)
    of_role: str = ""  # taken from another role's kit (获取技能): that role's definition; "": the card's own
    swift: int = 0  # [迅捷N] given during play: uses past the cool-down left (时波增幅)
    swift_night: int = 0  # the night that given [迅捷] lasts for (持续至夜晚结束); 0: the rest of the game
    unexcluded_night: int = 0  # the night its [排斥] tag is lifted for (时波增幅 移除[排斥]标签)
    last_step: str = ""  # [亡语]: the step its card's out left it, as "phase key/step"; after it, gone
    outs_counted: int = 0  # outs its ``gains_uses`` has counted (至圣斩: 每2个…出局)
    when_out: bool = False  # usable by its holder out as well (鬼情: 以此获得的技能即使自己已出局也可以使用)


@dataclass
class Card:
    """A 身份牌. A seat holds one, or two in the 双身份 post ([first, second] in ``Seat.cards``)."""

    role: str
    skills: dict[str, SkillState]
    out: bool = False
    camp: str = ""  # the card's own camp (表面阵营 while current); a copy's is the copied role's
    id: int = 0  # unique in the game (seat number * 10 + position as dealt)
    dealt: str = ""  # the role as dealt, when the card became another (复制人); "" otherwise
    revealed: bool = False  # [翻牌]: its holder made it public
    out_phase: str = ""  # phase key of its out
    out_cause: str = ""
    counters: dict[str, int] = field(default_factory=dict)  # started counters (九尾狐's 尾巴)
    tags: list[str] = field(default_factory=list)  # card tags given during play ([接刀] → [群内])
    tag_days: dict[str, int] = field(default_factory=dict)  # the game day each of ``tags`` was gained on
    lost_tags: list[str] = field(default_factory=list)  # tags lost during play, its role's own too (丢失[接刀]标签)
    pool: str = ""  # the draw pool of its role as dealt (验人系, 强神 …), which `become` leaves as it is
    out_kind: str = ""  # the damage kind of its out, kept on a card with an [亡语] skill (which reads it)
    out_source_camp: str = ""  # the 实际阵营 of its out's source ("": none), kept like out_kind

    @property
    def dealt_as(self) -> str:
        return self.dealt or self.role


@dataclass
class StatusInstance:
    name: str
    source: int = 0  # the seat that gave it (0: the rules)
    until: str = "permanent"  # permanent | night_end | day_end | source_out | skill:<name>
    uses: int | None = None
    granted_on: str = ""  # phase key when it was given
    card: int = 0  # the card it was given to (技能效果只影响当前身份); 0: the seat
    look: tuple[str, ...] = ()  # 伪装 chosen with it: (表面阵营, 表面身份, 表面带刀) (雪隐)


def lasting_until(mark: str, source: int | None = None) -> Callable[[StatusInstance], bool]:
    """Which statuses last until ``mark`` (given by ``source``, when it is named)."""
    return lambda s: s.until == mark and (source is None or s.source == source)


def loan_key(status: StatusInstance) -> str:
    """The key of the skills held while this status instance lasts (``Seat.loans``): its name and grant."""
    return f"{status.name}@{status.granted_on}"


@dataclass
class Shelter:
    """巫蛊之术 tonight: the holder's 名单 members but the target are spared their outs, re-dealt to it."""

    holder: int
    target: int  # 0: no 结算目标 (the spares hold, nobody is struck)
    night: int
    skill: str
    kind: str  # the damage each spare re-deals to the target
    status: str  # the backlash status, from the next 正午
    spared: list[int] = field(default_factory=list)
    backlash: bool = False


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
    joined: list[str] = field(default_factory=list)  # every team it was ever in (已入群)
    out_cause: str = ""
    out_phase: str = ""
    penalties: dict[str, int] = field(default_factory=lambda: {"蓝": 0, "黄": 0, "红": 0})
    last_words_right: bool = False
    last_words: str | None = None
    last_words_published: bool = False
    swapped: bool = False  # first and second swapped until the night ends (魔术师<交换>)
    skills: dict[str, SkillState] = field(default_factory=dict)  # held by the seat through a card tag
    hands: tuple[str, ...] = ()  # named hands it was dealt (金宝宝)
    shown: int = 0  # the card publicly current: ``current`` until the night's outs are announced
    counters: dict[str, int] = field(default_factory=dict)  # the seat's own counts (空救)
    borrowed: dict[str, SkillState] = field(default_factory=dict)  # another seat's skills, used tonight (探囊取物)
    host: int = 0  # 附身: the seat whose camp it follows and whose kit it inherits at its out
    host_tags: tuple[str, ...] = ()  # 附身: the host's card tags it inherits with the kit ([群内] [接刀])
    host_kit: bool = True  # 附身: the host's out hands it the kit (认亲: the camp alone)
    host_camps: dict[str, str] = field(default_factory=dict)  # 寻仇: host's camp → the camp it takes
    follows: bool = True  # 附身: still follows the host's camp (a change by other means ends it)
    host_both_out: bool = False  # 鬼情: camp and kit come once follower and host are both out
    host_learned: bool = False  # 机械狼<鬼情>: the kit that comes is the 学习表's version of the host's role
    faces: list[str] = field(default_factory=list)  # 底牌 drawn at the deal (变脸者), in the ruleset's order
    face: str = ""  # 变脸: the 底牌 last put on top, its [表面身份] and the kit a taker gets
    face_on: str = ""  # 变脸: the phase key it was put on top in
    faces_used: list[str] = field(default_factory=list)  # 变脸: the 底牌 put on top so far (each once)
    face_skills: list[str] = field(default_factory=list)  # 变脸: the skills the card on top lends still
    lent: list[str] = field(default_factory=list)  # 食尸: the skills gained until the next night opens
    lent_on: str = ""  # 食尸: the phase key they were gained in
    face_of: int = 0  # 学习 of a 变脸者: the seat whose card on top it follows (技能随着变脸者选择的置顶而变)
    face_of_role: str = ""  # the role of that card whose 学习表 kit it holds now ("": none)
    face_of_skills: list[str] = field(default_factory=list)  # the skills that kit gave it
    loans: dict[str, list[str]] = field(default_factory=dict)  # 夺魂: ``loan_key`` → the skills held while it lasts
    roster: list[int] = field(default_factory=list)  # 名单 (巫女): seat numbers, in 电梯楼 order

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
    settled: tuple[int, ...] | None = None  # [凝滞]: its [结算目标], fixed when it was held (engine/delays.py)


@dataclass
class Delayed:
    """[凝滞]: an act held to resolve at the same step one day later (engine/delays.py)."""

    day: int  # the day (or night) it resolves in
    phase: str
    step: str
    act: Act


@dataclass
class Vote:
    voter: int
    target: int | None  # None: 弃权
    at: datetime
    order: int = 0  # submission order in the game, to order votes cast at the same moment
    reason: str = ""
    changes: int = 0
    by_director: bool = False
    card: int = 0  # the voter's current card when it voted (潜行: 当前身份必须和当天投票时一致)
    redone: bool = False  # the one change allowed after its target went out (vote.change_if_out)


@dataclass
class Damage:
    """A marked attack waiting for its resolution step (指杀结算, 毒药结算 …)."""

    target: int
    kind: str
    cause: str
    source: int
    at_step: str
    card: int = 0  # a card it must hit (a skill of a card already out hits nothing); 0: the current card
    last_words: bool = True  # False: an out it causes leaves no 遗言 (神风突击)
    night: int = 0  # the night it resolves in (锈刺: the next one); 0: this one
    team: str = ""  # the team whose [团队] skill made it
    after: str = field(default="", repr=False)  # a cause of its step's ``resolves`` it follows (幼狼<牺牲>)


@dataclass(frozen=True)
class Attack:
    """An attack marked tonight, remembered until the night ends (空救, 纵火, 锈刺 look back at them)."""

    target: int
    kind: str
    source: int
    team: str = ""


@dataclass
class Pull:
    """磁吸: tonight the [指定] skills of the seats within ``within`` of ``center`` on the 电梯楼 (living
    seats only) that meet ``users`` resolve on ``puller`` instead."""

    puller: int
    center: int
    within: int
    users: dict[str, Any]
    rule: str


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
class Showdown:
    """拍刀: a camp's plan to win whatever the others do, waiting for its members' agreement."""

    camp: str
    plan: str
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
    rng: random.Random  # the game's seeded RNG: the only source of chance
    seats: list[Seat]
    settings: dict[str, Any]
    clock: Clock
    now: datetime  # game time of the last processed event
    phase: Phase = Phase.SETUP
    day: int = 0  # the game day number: day N and night N
    step: int = 0  # index into the phase's steps
    step_opened: datetime | None = None
    deadline: datetime | None = None  # game time at which the current step closes
    acts: list[Act] = field(default_factory=list)
    waiting: list[tuple[int, str]] = field(default_factory=list)  # (seat, skill) that may still act this step
    seat_deadlines: dict[int, datetime] = field(default_factory=dict)  # a waiting seat's own limit in this step
    votes: dict[int, Vote] = field(default_factory=dict)
    early_votes: dict[int, int | None] = field(default_factory=dict)  # [狂躁]: voter → target (None: 弃权) before 开门
    vote_history: list[tuple[int, dict[int, int | None]]] = field(default_factory=list)
    damage: list[Damage] = field(default_factory=list)
    work: deque[Any] = field(default_factory=deque)
    prompt: Prompt | None = None
    sheriff: int | None = None
    lost_camps: list[str] = field(default_factory=list)
    camp_classes: dict[str, str] = field(default_factory=dict)  # a camp → the camp it is one of (三方阵营)
    winner: str | None = None
    out_order: list[int] = field(default_factory=list)
    # notices waiting for the next 开门: (section, text)
    held: list[tuple[str, str]] = field(default_factory=list)
    exiled_yesterday: list[int] = field(default_factory=list)
    night_deaths: list[int] = field(default_factory=list)
    preliminary_outs: list[int] = field(default_factory=list)  # 初步出局名单 of a `previews` step
    dawn_statuses: list[tuple[str, int]] = field(default_factory=list)
    told_at_night_end: list[tuple[int, str]] = field(default_factory=list)  # (seat, status) told if still held
    last_words_left: int = 0
    last_words_spent_day: int = 0  # the game day whose 开门 announced 遗言已耗尽 (0: not yet)
    surrenders: dict[str, Surrender] = field(default_factory=dict)  # camp → its open 投降
    showdowns: dict[str, Showdown] = field(default_factory=dict)  # camp → its open 拍刀
    # this night's [指定] skills: (skill, seat, chosen targets) in resolution order
    chosen: list[tuple[str, int, tuple[int, ...]]] = field(default_factory=list)
    redirects: dict[int, int] = field(default_factory=dict)  # 选择目标 → 结算目标 until the night ends
    last_votes: dict[int, tuple[int | None, int]] = field(default_factory=dict)  # voter → (target, card id)
    exiled_cards: list[int] = field(default_factory=list)  # card ids voted out in the last day's vote
    at_notice: list[tuple[str, int, int, str]] = field(default_factory=list)  # waits for the outs' notice
    grants: int = 0  # counter of skills given during play
    spare_cards: list[str] = field(default_factory=list)  # the cards dealt to nobody (盗贼's choice)
    attacks: list[Attack] = field(default_factory=list)  # tonight's marked attacks
    predictions: list[tuple[int, str, int, str]] = field(default_factory=list)  # 迷梦: (user, skill, target, rule)
    lent: dict[int, int] = field(default_factory=dict)  # tonight: lender seat → the seat using its skills
    deferred: list[tuple[int, Any, str]] = field(default_factory=list)  # (actor, effect, rule) for the next night
    vote_round: int = 0  # the day's vote round (口吃法官<暗示> opens another)
    another_round: bool = False  # 暗示 asked for another round once this one has resolved
    extra_noons: list[tuple[int, int, str]] = field(default_factory=list)  # 日不落: (day, giver, its speakers' skill)
    speakers: tuple[int, ...] | None = None  # an extra 正午 round's voters (engine/noon_rounds.py); None: not one
    held_exiles: list[Any] = field(default_factory=list)  # the exiles waiting for the extra round's count
    extra_nights: list[tuple[int, str]] = field(default_factory=list)  # 长夜漫漫: (night, the step its round ends)
    night_round: int = 0  # rounds of tonight already run (engine/night_rounds.py): 0 in its first
    last_tally: list[tuple[int, int | None]] = field(default_factory=list)  # the last count's valid votes, in order
    last_counts: dict[int, float] = field(default_factory=dict)  # the last count: seat → votes
    exiled_today: list[int] = field(default_factory=list)  # seats voted out today (投票, 王权)
    red_cards: list[int] = field(default_factory=list)  # 红牌 given by day, waiting for the vote to resolve
    delayed: list[Delayed] = field(default_factory=list)  # [凝滞]: acts held a day (engine/delays.py)
    delayed_votes: list[tuple[int, Vote]] = field(default_factory=list)  # [凝滞]: (day counted, vote) held a day
    rounds_camp: str = ""  # 轮次决胜: the camp whose plan the bot plays out
    rounds_left: int = 0  # its nights left
    rounds_from: int = 0  # the first night of the plan
    election: str = ""  # "" | open | done: a sheriff election held on a day of its own (竞选日)
    log: list[LogEntry] = field(default_factory=list)
    order: int = 0  # counter of accepted acts
    expired: int = 0  # deadlines processed so far (a tick that moves it changed the game)
    version: int = 0  # bumped by every change a victory condition can read
    checked: int = -1  # the version the last victory check saw
    judged_stage: str = ""  # victory.check stage: the 阶段 its conditions were last judged in
    options: dict[str, Any] = field(default_factory=dict)
    moon: dict[str, str] = field(default_factory=dict)  # 新月扩展's 新月配置: 星座 → 事件
    moon_signs: list[tuple[int, str]] = field(default_factory=list)  # 执警<决策>: (the day chosen, 星座)
    moon_now: list[str] = field(default_factory=list)  # the 新月事件 in effect (engine/moon_events.py)
    knife: dict[str, int] = field(default_factory=dict)  # an ordered tag → the seat holding its skills now
    knife_at: dict[str, int] = field(default_factory=dict)  # an ordered tag → the place in its order reached
    knife_passed: dict[str, list[int]] = field(default_factory=dict)  # an ordered tag → the seats passed over for good
    knife_places: dict[int, int] = field(default_factory=dict)  # seat → its place in the order (影子: its host's)
    tag_bearers: dict[str, list[int]] = field(default_factory=dict)  # tag → the seats bearing it (engine/knife.py)
    pulls: list[Pull] = field(default_factory=list)  # tonight's 磁吸, in the order they were used
    # tonight's 时间逆流: (reflector, the seat it guards, the users whose skills turn back, rule)
    turn_backs: list[tuple[int, int, dict[str, Any], str]] = field(default_factory=list)
    bans: list[str] = field(default_factory=list)  # 鹰袭 tonight: the skills no seat may use
    # tonight's checks, where a skill reads them (照耀 → 耀光): (user, skill, target, seen role, its pool, seen camp)
    readings: list[tuple[int, str, int, str, str, str]] = field(default_factory=list)
    # tonight's [指定] skills and their 结算目标, where a skill reads them (邀舞): (skill, user, targets)
    reached: list[tuple[str, int, tuple[int, ...]]] = field(default_factory=list)
    # tonight's skills that reached a seat, [指定] or not, where a condition reads them (主宰黑夜, 邪恶):
    # (target, user, the skill deals damage, the draw pool of the user's role), in the order of use
    touches: list[tuple[int, int, bool, str]] = field(default_factory=list)
    # tonight's acts, every skill, where an effect reads them (隼眼): (user, skill, 选择目标)
    night_acts: list[tuple[int, str, tuple[int, ...]]] = field(default_factory=list)
    duels: list[tuple[int, int, int]] = field(default_factory=list)  # 御前决斗: (the vote's day, seat, seat)
    controls: dict[int, int] = field(default_factory=dict)  # 操纵夺舍 tonight: controlled seat → controller
    shelters: list[Shelter] = field(default_factory=list)  # tonight's 巫蛊之术, in the order they were used
    haunts: list[tuple[int, str, int]] = field(default_factory=list)  # 阴魂不散 tonight: (幽魂, skill, its holder)
    watches: list[tuple[int, int, str]] = field(default_factory=list)  # 附体 tonight: (watcher, seat watched, rule)
    steals: list[tuple[int, int]] = field(default_factory=list)  # 偷盗 tonight: (thief, seat held)
    stolen: list[tuple[int, int, str]] = field(default_factory=list)  # 偷盗 tonight: (thief, seat, skill it sent)
    declared: list[tuple[int, int, str, str]] = field(default_factory=list)  # 堕落: (declarer, night, role, skill)
    seized: list[tuple[int, int, str]] = field(default_factory=list)  # 堕落 tonight: (declarer, seat, skill it sent)
    piped: list[tuple[int, int, str]] = field(default_factory=list)  # 混乱2 tonight: (吹笛, seat, its skill)
    # tonight's 反射 (镜): (the seat reflecting, the skill, the seat it went to), in order
    reflections: list[tuple[int, str, int]] = field(default_factory=list)
    # the skills ever aimed at a seat that reflects (镜像: 曾对自身操作过的技能), in order
    aimed: dict[int, list[str]] = field(default_factory=dict)
    legacy: dict[int, list[SkillState]] = field(default_factory=dict)  # 遗计池: holder → its skills, own uses
    legacy_taken: dict[int, tuple[str, int]] = field(default_factory=dict)  # 遗泽: holder → (skill, day taken)

    def seat(self, no: int) -> Seat:
        return self.seats[no - 1]

    @property
    def phase_key(self) -> str:
        key = str(self.phase) + ":" + str(self.day)  # str() of a Phase is its value, without Enum.__format__
        return key + f".{self.night_round + 1}" if self.night_round and self.phase == Phase.NIGHT else key

    def alive(self) -> list[Seat]:
        return [s for s in self.seats if s.alive]
