"""The context every rule receives: the ruleset, the state, the messages a command causes, and
the primitives the rules share (say, tell, log; grant and remove a status, set a camp, form a
team, lose or gain a skill; queue an out).

``engine.game.Game`` is this class plus the commands, so nothing below the game imports it.
Each primitive bumps ``st.version`` itself where it changes what a condition reads (memos and
the victory check read it), as engine/change.py's changes do. What a primitive sets off at once (a team's ``on_formed``, a lost
skill's ``on_lost_after_use``) it emits as an event; ``LISTENERS`` (``engine.flow``'s table,
installed by the game) runs it synchronously, so the order of messages is as if it were called
in place.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any, ClassVar

from engine import messages, phases, queue, texts
from engine.errors import Refusal
from engine.events import CampChanged, SkillGained, SkillsLost, StatusEnded, TeamFormed
from engine.messages import Audience, Message
from engine.phases import PHASES
from engine.ruleset.model import Ruleset, Skill
from engine.ruleset.status_parts import Again
from engine.ruleset.steps import first_to_come
from engine.state import Damage, GameState, LogEntry, Seat, SkillState, StatusInstance, lasting_until, loan_key


class Context:
    """A game's ruleset and state, with the primitives the rule modules share."""

    LISTENERS: ClassVar[Mapping[type, Callable[[Any, Any], None]]] = {}

    def __init__(self, rs: Ruleset, st: GameState):
        self.rs = rs
        self.st = st
        self.out: list[Message] = []
        # answers that hold while what they read stays the same: legal targets while the state's
        # version and step do
        self.memo: dict[tuple[object, ...], Any] = {}
        # a seat's skills (cards.held): dropped by a change to that seat, all of them by any other change
        self.held_memo: dict[int, Any] = {}

    def emit(self, event: object) -> None:
        """What an event sets off, at once."""
        self.LISTENERS[type(event)](self, event)

    # ------------------------------------------------------------------ output

    def say(self, to: Audience, text: str, kind: str = "notice") -> None:
        if to.kind is messages.To.TEAM and not to.members:  # its readers are the members now
            to = replace(to, members=tuple(s.no for s in self.st.seats if to.team in s.teams))
        self.out.append(Message(to, text, kind))

    def tell(self, seat: int, text: str, kind: str = "notice") -> None:
        self.say(messages.seat(seat), text, kind)
        controller = self.st.controls.get(seat)
        if controller and kind in {"prompt", "feedback"}:  # 操纵夺舍: 操控双方均可获得…技能反馈
            self.say(messages.seat(controller), f"〔你操纵的{self.label(seat)}〕{text}", kind)

    def say_public(self, text: str) -> None:
        """A notice for the main group now, whatever the phase (导演公告)."""
        self.say(messages.PUBLIC, text)

    def say_directors(self, text: str) -> None:
        self.say(messages.DIRECTORS, text, "director")

    def flag_silence(self, no: int, what: str) -> None:
        """在关门时间段，需要强制发动技能，但未与导演取得联系…将记作黄牌: the directors are told."""
        card = self.rs.schedule.silent_forced
        if card:
            name = self.st.seat(no).name
            self.say_directors(f"{name}未在时限内发动<强制>技能{what}，按规则记作{card}牌：「判罚 {name} {card}」。")
            self.log("flag", f"{self.who(no)}未在时限内发动{what}，提请导演判{card}牌", "行动时限")

    def feedback(self, seat: int, text: str, rule: str) -> None:
        thief = next((t for t, no, skill in self.st.stolen if no == seat and skill == rule), 0)
        if thief:  # 偷盗: 若该技能有反馈，将由怪盗得知反馈，目标角色不会得知反馈
            self.say(messages.seat(thief), f"〔偷盗：{self.label(seat)}的{rule}〕{text}", "feedback")
            self.log("feedback", f"反馈给{self.who(thief)}（偷盗{self.who(seat)}）：{text}", rule)
            return
        declarer = next((d for d, no, skill in self.st.seized if no == seat and skill == rule), 0)
        if declarer:  # 堕落: 若该技能有反馈，由蛊惑师获得反馈而非技能发动者获得
            self.say(messages.seat(declarer), f"〔堕落：<{rule}>〕{text}", "feedback")
            self.log("feedback", f"反馈给{self.who(declarer)}（堕落{self.who(seat)}）：{text}", rule)
            return
        self.tell(seat, text, "feedback")
        for piper in (
            p for p, no, skill in self.st.piped if no == seat and skill == rule
        ):  # 混乱2: 吹笛者还将得知该反馈
            self.say(messages.seat(piper), f"〔混乱：{self.label(seat)}〕{text}", "feedback")
        for ghost in self.haunted_by(seat, rule):  # 阴魂不散: 幽魂知晓行动情况以及反馈
            self.say(messages.seat(ghost), f"〔阴魂不散：{self.label(seat)}的{rule}〕{text}", "feedback")
        for watcher, watching in self.watched_by(seat):  # 附体: 获知该玩家当夜所有操作和所有反馈
            self.say(messages.seat(watcher), f"〔{watching}：{self.label(seat)}的{rule}〕{text}", "feedback")
        self.log("feedback", f"反馈给{self.who(seat)}：{text}", rule)

    def haunted_by(self, seat: int, skill: str) -> list[int]:
        """The ghosts told of this seat's acts and feedback of this skill tonight (阴魂不散, engine/haunting.py)."""
        return [ghost for ghost, name, holder in self.st.haunts if holder == seat and name == skill]

    def watched_by(self, seat: int) -> list[tuple[int, str]]:
        """The seats told of this seat's every act and feedback tonight, with the rule that lets them (附体)."""
        return [(watcher, rule) for watcher, no, rule in self.st.watches if no == seat]

    def feedback_given(self, seat: int, rule: str) -> list[str]:
        """Every 反馈 the seat was given by that skill (or rule) so far, oldest first, as the log keeps it."""
        mark = f"反馈给{seat}号{self.st.seat(seat).name}（"
        return [
            e.text.split("）：", 1)[1]
            for e in self.st.log
            if e.kind == "feedback" and e.rule == rule and e.text.startswith(mark)
        ]

    def public(self, text: str, section: str = "held") -> None:
        """公示: at once by day; what happens at night waits for the next 开门."""
        if PHASES[self.st.phase].news_waits:
            self.st.held.append((section, text))
        else:
            self.say(messages.PUBLIC, text)

    def withheld(self, kind: str) -> bool:
        """幽暗无光: a public notice of this kind (vocabulary.NOTICE_KINDS) is not sent to the main group
        (``notices.public_only``); what it tells still counts in play and stays in the log and the 揭秘."""
        only = self.rs.notices.public_only
        return bool(only) and kind not in only

    def reveal(self, name: str, skill: str, role: str) -> None:
        """The public notice of a card turned over by a [翻牌] skill, in the ruleset's words (``notices.reveal``)."""
        if not self.withheld("翻牌"):
            self.public(self.rs.notices.reveal.format(name=name, skill=skill, role=role))

    def log(self, kind: str, text: str, rule: str = "", secret: bool = True) -> None:
        self.st.log.append(LogEntry(texts.phase_title(self.st.phase, self.st.day), kind, text, rule, secret))

    def named_seat(self, no: int) -> Seat:
        """The seat a command names; refused when the game has no such seat."""
        if not 1 <= no <= len(self.st.seats):
            raise Refusal("没有这个座位。")
        return self.st.seat(no)

    def who(self, no: int) -> str:
        """A seat as the log and directors see it: everything."""
        if not no:
            return "规则"
        seat = self.st.seat(no)
        secret = f"/秘密数字{seat.secret}" if self.rs.addressing == "secret_number" else ""
        role = seat.role if len(seat.cards) == 1 else "/".join(c.role + ("×" if c.out else "") for c in seat.cards)
        return f"{seat.no}号{seat.name}（{role}{secret}）"

    def label(self, no: int) -> str:
        return texts.target_label(self.rs, self.st.seat(no))

    def deadline_text(self, game_time: datetime) -> str:
        return texts.clock_text(self.st.clock.real(game_time), self.st.settings["timezone"])

    # ------------------------------------------------------------------ primitives

    def grant_status(
        self,
        target: int,
        name: str,
        *,
        source: int,
        until: str,
        uses: int | None,
        rule: str,
        quiet: bool = False,
        echoed: bool = False,
    ) -> None:
        seat = self.st.seat(target)
        sdef = self.rs.statuses[name]
        warded = next((s.name for s in seat.statuses if sdef.is_of(self.rs.statuses[s.name].immune_to)), "")
        if warded:  # 秩序: 免疫负面状态
            self.log("status", f"{self.who(target)}因[{warded}]免疫[{name}]", rule)
            return
        if sdef.again is not None and seat.has_status(name):  # 流血: 再次获得时改为造成[暴击]
            self._again(seat, name, sdef.again, source, rule)
            return
        if not sdef.stacks and any(s.name == name and s.until == until and s.source == source for s in seat.statuses):
            return  # 相同的状态不会重复施加效果; one that stacks counts each grant (独裁 可以叠加)
        if sdef.clears:  # 秩序: 清除负面状态
            cleared = self.remove_statuses(seat, lambda s: self.rs.statuses[s.name].is_of(sdef.clears))
            if cleared:
                self.log("status", f"{self.who(target)}的{'、'.join(s.name for s in cleared)}被[{name}]清除", rule)
        clash = [s for s in seat.statuses if s.name in sdef.cancels or name in self.rs.statuses[s.name].cancels]
        if clash:
            self.remove_statuses(seat, lambda s: s is clash[0])
            self.log("status", f"{self.who(target)}的[{clash[0].name}]与[{name}]相遇，均失效", rule)
            return
        seat.statuses.append(
            StatusInstance(
                name,
                source,
                until,
                uses if uses is not None else (sdef.guards.uses if sdef.guards else None),
                self.st.phase_key,
                card=0 if sdef.whole_seat else seat.card.id,
            )
        )
        for skill in sdef.skills.values():  # skills held while the status is (激励)
            seat.skills[skill.name] = SkillState(skill.name, skill.uses)
        self.changed(target)
        self.log("status", f"{self.who(target)}获得状态[{name}]", rule)
        if sdef.told and not quiet and sdef.told_at_night_end and self.st.phase == phases.Phase.NIGHT:
            self.st.told_at_night_end.append((target, name))
        elif sdef.told and not quiet:
            self.tell(target, sdef.told)
        if sdef.forgets:
            self._forget(seat, name, sdef.forgets, rule)
        if sdef.dawn_notice:
            self.st.dawn_statuses.append((name, target))
        if not echoed:  # 邪祟灵光: 获得[流血]状态时，再额外获得来自破誓者一次[流血]
            for echo in [s for s in seat.statuses if name in self.rs.statuses[s.name].echoes]:
                self.grant_status(target, name, source=echo.source, until=until, uses=uses, rule=echo.name, echoed=True)

    def _forget(self, seat: Seat, name: str, tags: tuple[str, ...], rule: str) -> None:
        """遗忘: the holder's current card loses its skills with these tags and the statuses they keep;
        told only when it held one (仅在角色持有[强制]技能时会得知)."""
        role = self.rs.roles.get(seat.card.role)
        mine = {n: (role.skills.get(n) if role else None) or self.rs.skill(n) for n in seat.card.skills}
        lost = tuple(n for n, sk in mine.items() if sk and set(sk.tags) & set(tags) and not seat.card.skills[n].lost)
        if lost:
            self.lose_skills(seat.no, lost, rule)
            self.tell(seat.no, f"你因[{name}]失去了技能：{'、'.join(lost)}。")

    def _again(self, seat: Seat, name: str, again: Again, source: int, rule: str) -> None:
        """A status gained again while held is an attack instead, marked for the first of its steps to come."""
        st = self.st
        step, late = first_to_come(st.phase, st.step, self.rs.dusk_steps, self.rs.night_steps, again.at)
        if not step:
            return
        night = st.day + 1 if late else 0  # marked tonight for the next 黄昏: it outlasts the night's end
        st.damage.append(Damage(seat.no, again.kind, again.cause, source, step, night=night))
        self.log("mark", f"{self.who(seat.no)}再次获得[{name}]，改为{again.cause}（{again.kind}，于{step}结算）", rule)

    def changed(self, seat: int | None = None) -> None:
        """Note a change a victory condition can read (alive, camp, status, team). ``seat``: it
        changed that seat's own state only, so the others' skills (``cards.held``) stand — unless
        skills are lent tonight, when a lender's card is its borrower's too."""
        self.st.version += 1
        if seat is None or self.st.lent:
            self.held_memo.clear()
        else:
            self.held_memo.pop(seat, None)

    def remove_statuses(self, seat: Seat, which: Callable[[StatusInstance], bool]) -> list[StatusInstance]:
        """End these statuses; one that ``refreshes`` a skill refreshes its giver's (仆役: 状态消失)."""
        removed = [s for s in seat.statuses if which(s)]
        if removed:
            seat.statuses = [s for s in seat.statuses if not which(s)]
            self.changed(seat.no)
        for status in removed:
            if status.source and self.rs.statuses[status.name].refreshes:
                self.emit(StatusEnded(status.name, status.source))
        for key in dict.fromkeys(loan_key(s) for s in removed if loan_key(s) in seat.loans):
            if not any(loan_key(s) == key for s in seat.statuses):
                self._end_loan(seat, key)
        return removed

    def _end_loan(self, seat: Seat, key: str) -> None:
        """The skills held while a status lasted end with it (夺魂: 全效果持续至下一个正午开始)."""
        names = [n for n in seat.loans.pop(key) if n in seat.card.skills]
        for name in names:
            del seat.card.skills[name]
            self.remove_statuses(seat, lasting_until(f"skill:{name}"))
        if names:
            self.changed(seat.no)
            self.log("skill", f"{self.who(seat.no)}获得的技能结束：{'、'.join(names)}", key.split("@")[0])
            self.tell(seat.no, f"你获得的技能已结束：{'、'.join(f'<{n}>' for n in names)}。")

    def set_camp(self, target: int, camp: str, rule: str) -> None:
        seat = self.st.seat(target)
        if seat.camp == camp:
            return
        seat.camp = camp
        if seat.host:  # 在自己被其他手段改变阵营后，该效果失效，不再随主人之类的变动阵营
            seat.follows = False
        self.changed(target)
        self.tell(target, f"你的阵营转变为{camp}。")
        self.log("camp", f"{self.who(target)}的阵营转变为{camp}", rule)
        for other in self.st.seats:
            if other.host == target and other.follows:
                self.follow_camp(other, camp)
        if "camp_changed" in self.rs.passes:
            self.emit(CampChanged(target, rule))

    def follow_camp(self, seat: Seat, camp: str) -> None:
        """附身: 跟随该角色阵营变动 — a change by the seat's own 不定 skill, so it is not told
        (除了不定类身份的技能，其他技能进行阵营改变时会同时获得通知)."""
        if seat.host_camps:  # 寻仇: the camp against the host's, else one of them at random
            camp = seat.host_camps.get(camp) or self.rng().choice(sorted(set(seat.host_camps.values())))
        if seat.camp == camp:
            return
        seat.camp = camp
        self.changed(seat.no)
        self.log("camp", f"{self.who(seat.no)}随附身对象转变为{camp}", "附身")
        if "camp_changed" in self.rs.passes:
            self.emit(CampChanged(seat.no, "附身"))

    def form_team(self, name: str, members: list[int], rule: str) -> None:
        for no in members:
            seat = self.st.seat(no)
            if name not in seat.teams:
                seat.teams.append(name)
                self.changed(no)
            if name not in seat.joined:
                seat.joined.append(name)
        everyone = [s for s in self.st.seats if name in s.teams]
        self.log("team", f"{name}：{'、'.join(self.who(s.no) for s in everyone)}", rule)
        self.emit(TeamFormed(name, tuple(s.no for s in everyone), rule))

    def lose_skills(self, target: int, names: tuple[str, ...] | None, rule: str, told: bool = True) -> None:
        """The seat's current card loses skills (技能效果只影响当前身份); ``told=False``: its holder
        learns it only when it tries to use one (长寿之命)."""
        seat = self.st.seat(target)
        lost = []
        own = self.rs.roles[seat.card.role].skills
        for name, state in seat.card.skills.items():
            if state.lost or (names is not None and name not in names):
                continue
            if name in own and own[name].steadfast:  # 赌博技能在任何状态下都不会丢失
                continue
            state.lost = True
            state.unaware = not told
            lost.append(name)
            self.remove_statuses(seat, lasting_until(f"skill:{name}"))
        if not lost:
            return
        self.log("skill", f"{self.who(target)}失去技能：{'、'.join(lost)}", rule)
        self.emit(SkillsLost(target, tuple(lost), rule))

    def queue_out(self, target: int, cause: str, source: int = 0, kind: str = "") -> None:
        queue.push_front(self, [queue.Out(target, cause, kind, source)])

    def hold_grants(self, no: int, skill: Skill, rule: str) -> None:
        """The statuses the skill gives its holder while held (主宰黑夜's [不死]), lasting as the skill does;
        one ``in: first_night`` only until night 1 ends, and none once it has (蛊惑师首夜不会获得任何负面状态);
        then the skill's ``gained`` triggers."""
        for grant in skill.grants:
            until = f"skill:{skill.name}"
            if grant.phase == "first_night":
                if self.st.day > 1 or (self.st.day == 1 and self.st.phase == phases.Phase.DAWN):
                    continue
                until = "night_end"
            self.grant_status(no, grant.status, source=no, until=until, uses=grant.uses, rule=rule, quiet=True)
        self.gained(no, skill.name, rule)

    def gained(self, no: int, name: str, rule: str) -> None:
        """The seat began to hold a skill: its ``gained`` triggers (养殖者: 其他身份的角色获得养殖者技能时)."""
        if "gained" in self.rs.passes:
            self.changed(no)  # what the seat holds is read afresh
            self.emit(SkillGained(no, name, rule))

    def grant_skill(self, target: int, name: str, rule: str) -> None:
        """The seat's current card gains a skill, its uses on top of any it holds already (幸运儿)."""
        seat = self.st.seat(target)
        skill = self.rs.skill(name)
        assert skill is not None
        self.st.grants += 1
        state = seat.card.skills.get(name)
        if state is not None and not state.lost:
            state.uses = None if state.uses is None or skill.uses is None else state.uses + skill.uses
        else:
            seat.card.skills[name] = SkillState(name, skill.uses, granted=self.st.grants)
            self.hold_grants(target, skill, rule)  # the statuses held with it (不归: 无法获得[群内]标签)
        self.changed(target)
        self.log("skill", f"{self.who(target)}的{seat.card.role}获得技能{name}", rule)

    def ask_succession(self, sheriff: int) -> None:
        queue.push_front(
            self, [queue.Ask(sheriff, self.rs.sheriff.succession if self.rs.sheriff else "殉职", "sheriff")]
        )

    def rng(self) -> random.Random:
        return self.st.rng

    # ------------------------------------------------------------------ queries

    def target_from_text(self, text: str) -> int | None:
        """The seat a player means by ``text``: a secret number, or a seat number or name."""
        text = text.strip().removeprefix("秘密数字").removesuffix("号")
        for seat in self.st.seats:
            if self.rs.addressing == "secret_number":
                if text == str(seat.secret):
                    return seat.no
            elif text in {str(seat.no), seat.name}:
                return seat.no
        return None
