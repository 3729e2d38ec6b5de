"""A loaded ruleset: the rule post as typed data.

Names are the post's own words (角色 names, 技能 names, 阵营 names, status names);
identifiers are their English gloss. See docs/ruleset-format.md for every key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from engine import phases
from engine.formula import Formula
from engine.phases import Phase, SubPhase
from engine.ruleset.aura_parts import Aura, GainsUses
from engine.ruleset.day_parts import LastWords, Rounds, SheriffRules, Victory, VoteRules
from engine.ruleset.deal_parts import Board, DealRules, Hand
from engine.ruleset.drawrules import DrawRules
from engine.ruleset.learned_table import Learned
from engine.ruleset.moon_parts import Moon
from engine.ruleset.status_parts import Again, Appearance, Every, Guard, Split
from engine.ruleset.steps import Step, skill_key

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
    if_target: Cond | None = None  # a condition on the first target, whoever the subjects are
    if_counter: Cond | None = None  # bounds on the acting card's counters
    if_choice: tuple[str, ...] = ()  # only when the act's choice is one of these
    if_role_is_choice: bool = False  # only subjects whose 实际身份 is the role the act's choice names
    if_choice_camp: str = ""  # only when the role the act's choice names is of this camp
    if_any_target: Cond | None = None  # a condition some target meets
    if_all_targets: Cond | None = None  # a condition every target meets
    pick: tuple[int, ...] = ()  # only the targets at these places (1-based)
    random: int = 0  # only this many of the subjects, drawn from the game's seed
    delay: str = ""  # "next_night" / "next_noon": carried out as the next night / 正午 opens
    if_seen: Cond | None = None  # what a check sees in each subject: {camp, role, pool, knife}
    if_actor: Cond | None = None  # a condition on the acting seat (灯影预言家's 反位)
    if_judged: tuple[str, ...] = ()  # the first target's camp as the acting seat's skill judges it
    notice: str = ""  # an announce's notice kind (幽暗无光's public_only); "": 公示
    held: bool = False  # an announce kept for the next 开门 (熊: 下一个游戏日白天将公示)
    if_roll: tuple[int, ...] = ()  # (low, high): only when this run's die shows a face between them


@dataclass(frozen=True)
class Trigger:
    """When a skill fires by itself or prompts its holder instead of waiting for a step."""

    on: str  # one of vocabulary.TRIGGERS
    causes: tuple[str, ...] = ()  # only outs with these causes
    except_causes: tuple[str, ...] = ()  # not outs with these causes (非因<毒药>)
    at: str = ""  # "dawn": a night out prompts only when the next day's notices are out
    phase: str = ""  # day | night: only then
    by: Cond | None = None  # targeted: only by a seat meeting this
    skills: tuple[str, ...] = ()  # targeted: only these skills; used, sparing: the holder's own
    unforced: bool = False  # targeted: only non-[强制] skills
    anyone: bool = False  # exiling: any seat's exile (善行)
    roles: tuple[str, ...] = ()  # other_out: these roles' outs
    marked: str = ""  # other_out: or the out of a seat holding this status from the trigger's holder (悬赏)
    effects: tuple[Effect, ...] | None = None  # this trigger's own effects
    share: str = ""  # headcount: fires once the seats in are at most this share of those dealt (1/2)
    tags: tuple[str, ...] = ()  # tag_gained: the card tags whose gain sets it off


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
    phase: str = ""  # night | day: it works only then (主宰黑夜: 假面夜晚获得[不死]; 太阳: 白天常驻[不死]); first_night: held until night 1 ends


@dataclass
class Skill:
    name: str
    role: str
    text: str
    tags: frozenset[str]
    timing: str  # setup | night | day | reaction | passive
    targets: tuple[int, int] = (1, 1)  # least and most targets; most -1: at most target_formula's count
    target_formula: Formula | None = None  # exactly this many targets, a formula of the living seats (天狗吞月)
    range: Cond | None = None
    uses: int | None = None  # None: unlimited; [限定] = 1
    team: TeamDecision | None = None
    trigger: Trigger | None = None
    triggers: tuple[Trigger, ...] = ()  # every trigger; ``trigger`` is the first
    requires: str | None = None
    exclusive: tuple[str, ...] = ()
    grants: tuple[Grant, ...] = ()
    effects: tuple[Effect, ...] = ()
    on_lost_after_use: tuple[Effect, ...] = ()
    choices: tuple[str, ...] = ()
    minutes: int | None = None
    todo: str | None = None
    where: str = ""
    minutes_by_phase: tuple[tuple[str, int], ...] = ()  # {day: 15, night: 30}
    # 双身份 and later posts
    not_current_tags: tuple[str, ...] = ()  # 隐匿: card tags its card gives even when not current
    not_current_skills: tuple[str, ...] = ()  # 隐匿: skills of its card usable even when not current
    only_if: Cond | None = None  # a condition on the game and the acting seat (一般情况下，第一晚不可发动)
    during_election: bool = False  # may be used on 竞选日 (自爆, 神风突击)
    on_trigger: tuple[Effect, ...] = ()  # what happens when its trigger fires, before any choice
    out_tonight: bool = False  # still fires this night after its card went out (灵尾)
    counts_as: str = ""  # shares its [厌旧] memory with that skill (幸运儿's 守护之盾)
    choice_hook: str = ""  # a hook that checks a free-form ``choice`` (心算, 点睛)
    # 雾雨小镇
    choice_of: str = ""  # skill | night_skill | spare …: the choice names a skill, or one of the undealt cards
    choice_max: int = 1  # the choice may name up to this many words (阴魂不散)
    look_if: tuple[str, ...] = ()  # disguise: the 伪装 is asked only with one of these extras (隐狼: 选项2)
    extras: int = 0  # disguise: exactly this many distinct extras (隐狼: 五项中选择三项); 0: any
    default: str | None = None  # the choice a silent or passing seat is taken to make
    at_random: bool = False  # left unmade at the deadline, it is made at random (摄梦: 若不选择将会随机选择)
    steadfast: bool = False  # no status stops it, nothing takes it away (赌博技能在任何状态下都不会丢失，都可以发动)
    per_nights: int = 0  # once in each run of N nights
    not_last_minutes: int = 0  # not in the last N minutes before 关门
    among_out: bool = False  # its targets are seats already out
    with_out: bool = False  # its targets may be seats out as well as seats in
    also_in: bool = False  # an [亡语] skill its holder may use while still in too (迷魂羊肉: 而不论是否出局)
    consecutive: bool = False  # its targets are neighbours in the first day's 电梯楼 (雪恨)
    expansion: str = ""  # the expansion it belongs to
    waits: tuple[tuple[str, str], ...] = ()  # (expansion, part) waiting for an expansion
    unbuilt: str = ""  # a part not built yet: the skill plays without it, the check lists it
    aura: tuple[Aura, ...] = ()  # statuses kept on its holder's neighbours (守护灵光, 邪祟灵光)
    gains_uses: GainsUses | None = None  # uses that grow with outs (至圣斩, 暗噬斩)
    places: tuple[Place, ...] = ()  # what the target at each place must meet besides the range (下蛊)
    dealt_uses: Formula | None = None  # a dealt card's starting count, a formula of the seats dealt (亡灵低语[X])
    choice_count: int = 1  # how many different words the choice names (询问2张身份牌)
    choice_camp: str = ""  # with choice_of role: only roles of this camp
    message: int = 0  # the choice is a free text of at most this many characters (报信: 50字以内的一段话)

    def picks(self, choice: str | None) -> tuple[str, ...]:
        """The words the act's choice names: itself, or, for a choice of several (``choice_count``,
        ``choice_max``), its parts split at 、 ， , or spaces."""
        if self.choice_count == 1 and self.choice_max <= 1:
            return (choice,) if choice else ()
        return tuple(p for p in re.split(r"[、，,\s]+", choice or "") if p)

    def minutes_in(self, phase: str) -> int | None:
        """Its time limit in this phase (day or night)."""
        return dict(self.minutes_by_phase).get(phases.kind(phase) or "night", self.minutes)

    @property
    def forced(self) -> bool:
        """<强制>: may not be passed; an automatic one needs no choice at all."""
        return "强制" in self.tags

    @property
    def automatic(self) -> bool:
        """A forced skill without targets that the engine carries out by itself (通灵)."""
        return (
            self.forced and not self.needs_targets and not self.choices and not self.choice_hook and not self.choice_of
        )

    @property
    def needs_targets(self) -> bool:
        return self.targets[1] > 0 or self.target_formula is not None


@dataclass(frozen=True)
class CounterRule:
    """How a card out moves a counter: cards of these roles, by ``add``."""

    roles: tuple[str, ...]
    add: int


@dataclass(frozen=True)
class Counter:
    """A number a card keeps once it has started (九尾狐's 尾巴)."""

    name: str
    start: int
    on_card_out: tuple[CounterRule, ...] = ()


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
    tags: tuple[str, ...] = ()  # card tags: [群内] [接刀] [自爆]
    copies: bool = False  # 复制人: at the deal the card becomes the seat's other card
    counter: Counter | None = None
    dealt: bool = True  # False: not a 身份牌, a holder of skills given during play (幸运儿)
    influence: int = 0  # 影响力
    extra_cards: int = 0  # 盗贼: the board holds this many cards more than seats
    expansion: str = ""  # the expansion it belongs to
    pool: str = ""  # the draw's pool (验人系, 强神 …)
    strength: int | dict[str, int] | None = None  # 强度值, or one per win mode (骑士⑥屠城⑤刀边)
    appears: Appearance | None = None  # how its holder is seen (乱民: 村民阵营)
    split: Split | None = None  # 正位 / 反位: a secret status per card as dealt, the counts public
    faces: FaceDraw | None = None  # 变脸者: the 底牌 drawn for its holder at the deal
    roster: Roster | None = None  # 巫女: the 名单 drawn for its holder at the deal


@dataclass(frozen=True)
class FaceDraw:
    """底牌 drawn at the deal from the roles nobody was dealt (身份更换: 不会获得验人系身份)."""

    count: int
    camp: str  # "": any camp
    except_pools: tuple[str, ...] = ()
    also: tuple[FaceDraw, ...] = ()  # more 底牌 drawn beside these, each draw of its own (双重人格: 一狼一神)
    shows_camp: bool = False  # the card on top gives the 表面阵营 too (双重人格: 置顶狼牌，表面阵营为[狼人阵营])


@dataclass(frozen=True)
class Place:
    """A condition on the target at one place of a skill's targets, and its words for a refusal."""

    range: Cond
    text: str


@dataclass(frozen=True)
class Roster:
    """名单: ⌈人数/per⌉ seats drawn at the deal, its holder aside (巫女: 本局人数/6（向上取整）)."""

    per: int


@dataclass
class CardTag:
    """A card tag ([群内]): the team it puts its seat in and the skills it gives the seat."""

    name: str
    text: str = ""
    team: str = ""
    skills: dict[str, Skill] = field(default_factory=dict)
    relay_of: str = ""  # [接刀]: when every card tagged ``relay_of`` is out, the seat takes that tag
    where: str = ""
    # the roles whose cards bear it from the deal, each while its condition on the game holds (None: always)
    roles: tuple[tuple[str, dict[str, Any] | None], ...] = ()
    order: tuple[str, ...] = ()  # 接刀顺序: its skills go to one bearer at a time, down this role order
    passed_by: tuple[str, ...] = ()  # statuses whose permanent holder the knife passes over for good
    covers: str = ""  # with ``order``: the knife is held only while no bearer of this tag is in and free


@dataclass
class CardRules:
    """How many cards a seat holds and how a seat with several is ordered and camped (双身份)."""

    per_seat: int = 1
    camp_from: tuple[str, ...] = ()  # a seat holding any card of one of these camps is of that camp
    order_step: str = ""  # the setup step in which each player orders its cards
    order_skill: str = ""  # what the player sends: 「第一身份 预言家」
    order_text: str = ""
    second: tuple[tuple[str, str], ...] = ()  # (role, camp): a seat of that camp must put that card second
    where: str = ""


@dataclass
class Camp:
    name: str
    text: str = ""
    unsettled: bool = False  # a stand-in before an opening choice (盗贼, 混血儿): it never wins
    of_class: str = ""  # the camp it is one of (三方阵营): a condition naming that one matches it too


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
    members: Cond | None = None  # who joins at a step that ``joins`` it
    chain_if: Cond | None = None  # only when the member going out meets this (旧日情侣: B)
    chain_except: tuple[str, ...] = ()  # not when its cause is one of these
    on_member_out_effects: tuple[Effect, ...] = ()  # effects of a member's out (狼王 loses 冲锋)


@dataclass
class StatusDef:
    name: str
    text: str = ""
    # its capabilities and those of what it includes (engine/status_words.py CAPS): flag → True,
    # count → an integer, names → a tuple of names
    caps: dict[str, Any] = field(default_factory=dict)
    includes: tuple[str, ...] = ()  # 业炎 = 沉默 + 超度 + 遗忘
    class_: str = ""  # 负面 | 非负面
    immune_to: tuple[str, ...] = ()  # classes or names its holder cannot gain (秩序: 负面)
    clears: tuple[str, ...] = ()  # classes or names it ends as it is gained (秩序: 负面)
    stacks: bool = False  # each grant's counted capabilities count (独裁)
    todo: str = ""  # not implemented yet: why
    where: str = ""  # file:line
    guards: Guard | None = None
    appears: Appearance | None = None  # how its holder is seen while it holds it (雪隐: 村民阵营)
    told: str = ""
    told_at_night_end: bool = False  # gained at night, told as the night ends if still held (吹笛)
    dawn_notice: str = ""
    cancels: tuple[str, ...] = ()  # meeting one of these on a seat, both are removed (救药 + 守护之盾)
    whole_seat: bool = False  # stays when the current card goes out (技能效果只影响当前身份 otherwise)
    skills: dict[str, Skill] = field(default_factory=dict)  # held while the status is held
    again: Again | None = None  # gained again while held: an attack instead (流血 → 暴击)
    every: Every | None = None  # what its giver does to its holder at each step of a name (疾病)
    on_gain: tuple[Effect, ...] = ()  # what its giver does to its holder as an effect gives it (亡灵)
    echoes: tuple[str, ...] = ()  # gaining one of these, its holder gains it again from this giver (邪祟灵光)
    forgets: tuple[str, ...] = ()  # gaining it, its holder loses its skills with these tags (遗忘: 强制)
    refreshes: str = ""  # as it ends or its holder is out, its giver's skill of this name is 刷新至初始 (仆役)
    links: bool = False  # its holder's out by a skill's attack passes that attack to the giver's other holders (链接)

    def is_of(self, names: tuple[str, ...]) -> bool:
        """Whether its name or class is one of these (秩序 immune to 负面 / to 恐惧; any: every status)."""
        return "any" in names or self.name in names or (bool(self.class_) and self.class_ in names)


@dataclass
class DamageKind:
    name: str
    ignores: tuple[str, ...] = ()  # guards it passes through (穿透: 守护); ("any",): all but `except_`
    except_: tuple[str, ...] = ()

    def ignores_guard(self, status: str) -> bool:
        if "any" in self.ignores:
            return status not in self.except_
        return status in self.ignores


@dataclass
class Schedule:
    day_open: str | None = "12:00"
    day_close: str = "22:00"
    step_minutes: int = 30
    setup_minutes: int = 60
    reaction_minutes: int = 30
    timezone: str = "Asia/Shanghai"
    day_days: int = 1
    weekend_days: int = 0
    weekend_from_day: int = 1
    silent_forced: str = ""  # the card a seat letting a <强制> choice time out is flagged for
    noon: tuple[str, str, str] | None = None  # [正午]'s clock window: from, until, until on a day that closes


@dataclass
class Notices:
    dawn: tuple[str, ...] = ("night_deaths", "sheriff", "last_words", "held")
    death_label: tuple[str, ...] = ("seat", "name")
    day_causes: bool = False
    death_order: str = "out"  # out | seat: 公示出局名单时按角色编号排序
    red_card_at_once: bool = False  # 因红牌罚下出局的角色立即公示, at night too
    unannounced_targetable: bool = False  # a seat out tonight stays a target until 开门
    public_only: tuple[str, ...] = ()  # 幽暗无光: the only NOTICE_KINDS sent to the main group; () all
    reveal: str = "{name}翻牌发动<{skill}>：当前身份为{role}。"  # the public [翻牌] notice


@dataclass(frozen=True)
class Knows:
    """One rule of the information model: an audience knows these facts of these seats, from then."""

    facts: tuple[str, ...]  # roles | camps | secrets | outs | causes | targets | range | all
    of: str = "all"  # all | self | members | out | revealed | named | status | team
    status: str = ""  # of: {status: X} or {team: X}: its name
    since: str = "start"  # start | formed | announced | at_once | end
    as_set: bool = False
    causes: tuple[str, ...] = ()
    text: str = ""
    skill: str = ""  # knows: range — the skill whose 选择范围 its holder is told (死灵咒's 名单)


@dataclass
class Option:
    """A variant or house rule a director may switch per game."""

    name: str
    text: str = ""
    default: Any = None
    values: tuple[Any, ...] = ()
    todo: str = ""  # an expansion not built yet: what it would add


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
    guard_order: tuple[str, ...] = ()  # the order guards are tried in; (): the soonest-ending first
    seen_words: dict[str, str] = field(default_factory=dict)  # seen camp → the word a check tells
    setup_steps: tuple[Step, ...] = ()
    night_steps: tuple[Step, ...] = ()
    dusk_steps: tuple[Step, ...] = ()  # 黄昏: after the day's vote, before the night
    day_step: Step = field(default_factory=lambda: Step("白天", Phase.DAY, sub_phase=SubPhase.DAY))
    first: Phase = Phase.DAY  # the phase after the opening: day or night
    cooldown: Literal["phase", "game_day"] = "phase"  # a used skill is ready again next phase, or next game day
    schedule: Schedule = field(default_factory=Schedule)
    vote: VoteRules = field(default_factory=VoteRules)
    sheriff: SheriffRules | None = None
    last_words: LastWords = field(default_factory=LastWords)
    surrender: dict[str, Cond] = field(default_factory=dict)
    notices: Notices = field(default_factory=Notices)
    # the information model: audience (public | seat | directors | team:<name>) → what it may know
    information: dict[str, tuple[Knows, ...]] = field(default_factory=dict)
    victory: Victory = field(default_factory=Victory)
    options: dict[str, Option] = field(default_factory=dict)
    hooks: dict[str, Hook] = field(default_factory=dict)
    cards: CardRules = field(default_factory=CardRules)
    card_tags: dict[str, CardTag] = field(default_factory=dict)
    hands: dict[str, Hand] = field(default_factory=dict)
    deal: DealRules = field(default_factory=DealRules)
    boards: dict[str, Board] = field(default_factory=dict)
    draw: DrawRules | None = None  # 身份配置 drawn by the post's rules (engine/draw.py)
    surrender_when: dict[str, Cond] = field(default_factory=dict)  # 在狼人阵营所有角色已入群后
    surrender_forbidden: dict[str, tuple[tuple[Cond, str], ...]] = field(default_factory=dict)
    showdown: dict[str, Cond] = field(default_factory=dict)  # 拍刀: camp → whose agreement it needs
    rounds: dict[str, Rounds] = field(default_factory=dict)  # 轮次决胜: camp → how the bot plays its plan out
    moon: Moon | None = None  # 新月扩展: its signs and events
    learned: dict[str, Learned] = field(default_factory=dict)  # 学习表: role → what learning it gives
    # what tonight's acts leave for later skills: "readings" (what each check saw: 耀光, 光明湮灭),
    # "reached" (each [指定] skill's 结算目标: 邀舞); kept only where a skill reads it
    records: frozenset[str] = frozenset()
    passes: frozenset[str] = frozenset()  # the seat-wide passes its skills need: aura, gains_uses, headcount

    def unfinished(self) -> list[str]:
        """Roles of the post not yet playable: marked todo, or not written at all (those of an
        expansion not built yet wait for it: the game without it is complete)."""
        todo = [r.name for r in self.roles.values() if r.todo and not r.expansion]
        return todo + [n for n in self.post_roles if n not in self.roles]

    def team_by_group(self, name: str) -> Team | None:
        """A team by its own name or its group's name (情侣 or 情侣群)."""
        for team in self.teams.values():
            if name in {team.name, team.group}:
                return team
        return None

    def skill(self, name: str) -> Skill | None:
        """The skill of that name, whichever role holds it."""
        return self._skills().get(name)

    def entry_skill(self, entry: str) -> Skill | None:
        """The skill a step's entry names: 角色<技能> that role's, a bare name the first definition."""
        role, name = skill_key(entry)
        if not role:
            return self.skill(name)
        return self.roles[role].skills.get(name) if role in self.roles else None

    def ambiguous(self, name: str) -> list[str]:
        """The roles defining that skill name where their definitions differ (else none)."""
        defs = {role.name: role.skills[name] for role in self.roles.values() if name in role.skills}
        distinct: list[Skill] = []
        for skill in defs.values():
            if (bare := replace(skill, role="", where="")) not in distinct:
                distinct.append(bare)
        return list(defs) if len(distinct) > 1 else []

    def uses_status_flag(self, flag: str) -> bool:
        """Whether any status of the ruleset gives this capability (immune, void_acts, follows_source…)."""
        cache: dict[str, bool] | None = getattr(self, "_flag_cache", None)
        if cache is None:
            cache = {}
            self._flag_cache = cache
        if flag not in cache:
            cache[flag] = any(flag in status.caps for status in self.statuses.values())
        return cache[flag]

    def _skills(self) -> dict[str, Skill]:
        cache: dict[str, Skill] | None = getattr(self, "_skill_cache", None)
        if cache is None:
            cache = {}
            for role in self.roles.values():
                for skill in role.skills.values():
                    cache.setdefault(skill.name, skill)
            for tag in self.card_tags.values():
                for skill in tag.skills.values():
                    cache.setdefault(skill.name, skill)
            for status in self.statuses.values():
                for skill in status.skills.values():
                    cache.setdefault(skill.name, skill)
            if self.order_skill is not None:
                cache.setdefault(self.order_skill.name, self.order_skill)
            self._skill_cache = cache
        return cache

    @property
    def order_skill(self) -> Skill | None:
        """The setup choice of the first card (双身份), as a skill every seat with two cards holds."""
        if not self.cards.order_skill:
            return None
        cached: Skill | None = getattr(self, "_order_skill", None)
        if cached is None:
            cached = Skill(
                name=self.cards.order_skill,
                role="",
                text=self.cards.order_text,
                tags=frozenset({"开局", "强制"}),
                timing="setup",
                targets=(0, 0),
                choices=tuple(name for name, role in self.roles.items() if role.dealt),
            )
            self._order_skill = cached
        return cached

    def all_skills(self) -> list[Skill]:
        return list(self._skills().values())

    def step_of(self, skill: Skill) -> Step | None:
        for step in (*self.setup_steps, *self.dusk_steps, *self.night_steps, self.day_step):
            if step.holds(skill):
                return step
        return None

    def hand_pairs(self, hand: str, options: dict[str, Any]) -> set[tuple[str, ...]]:
        """The pairs of dealt roles (sorted) that make this hand, with the game's options."""
        kind = self.hands[hand]
        pairs = list(kind.pairs)
        for option, extra in kind.also:
            if options.get(option):
                pairs.extend(extra)
        return {tuple(sorted(p)) for p in pairs}

    def steps(self, phase: Phase) -> tuple[Step, ...]:
        """The ordered steps the phase runs (the day and 竞选日: the day's one step)."""
        if phase == Phase.NIGHT:
            return self.night_steps
        if phase == Phase.DUSK:
            return self.dusk_steps
        return self.setup_steps if phase == Phase.SETUP else (self.day_step,)

    @property
    def counts_from_close(self) -> bool:
        """Some step's deadline counts from 关门 (关门后N分钟内)."""
        return any(s.after_close is not None for s in (*self.dusk_steps, *self.night_steps))
