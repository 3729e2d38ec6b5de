"""Playing a scenario through the engine, block by block, and checking its expectations.

The runner advances the game clock deadline by deadline. An act is submitted once
the game has reached the step its skill belongs to (or gone past it: then the
engine's refusal is what the scenario sees); a reaction in ``after`` answers the
prompt raised for that seat and skill, and an ``after`` act of a step's skill goes in when
that step opens: 黄昏's in the day block, 晨曦's in the night block (SCENARIO_FORMAT's
sub-phase rules). A day block ends once its 黄昏 is over and the night has begun.

Two cards per seat (双身份): ``role: [A, B]`` is the order as finally chosen. The runner
answers each seat's choice of its first card with A as the setup opens, unless a
``setup`` block has that player's own 第一身份 act (then ``role`` is the order as dealt
and the act decides). Where the ruleset holds the sheriff election on a day of its own
(竞选日), a ``day`` block runs it first: its ``election_acts`` (自爆 …) and then its
``sheriff_votes``; ``acts`` and ``votes`` follow when the day's discussion opens. Where the
day's vote *is* the election (雾雨小镇's day 1), ``sheriff_votes`` are that vote. ``votes`` may
list several rounds (口吃法官<暗示>): each is cast as its round opens, the reactions in
``after`` answering the prompts raised in between.
A ``day`` or ``night`` block's ``penalties`` ({name: 蓝|黄|红}) are given as it opens, before
its ``surrender``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from engine import acting, cards, texts
from engine import commands as c
from engine.errors import Refusal
from engine.game import Game
from engine.messages import Message, To
from engine.phases import PHASES, Phase
from engine.ruleset.model import Skill
from engine.ruleset.steps import Step
from engine.scenario.spec import ABSTAIN, ActSpec, Block, Malformed, Scenario

START = datetime(2026, 1, 5, 9, 0, tzinfo=ZoneInfo("Asia/Shanghai"))  # a Monday morning


class Failed(Exception):
    """An expectation that did not hold: which block, what was expected, what happened."""

    def __init__(self, scenario: Scenario, block: Block, message: str):
        super().__init__(f"{scenario.file}:{block.line}: [{block.title}] {message}")


class Runner:
    def __init__(self, scenario: Scenario):
        self.sc = scenario
        rs = scenario.ruleset
        secrets = tuple(p[2] for p in scenario.players if p[2] is not None)
        start = c.Start(
            at=START,
            seed=scenario.seed,
            names=tuple(p[0] for p in scenario.players),
            roles=tuple(p[1] for p in scenario.players),
            secrets=secrets,
            options=tuple(scenario.options.items()),
            spare=scenario.spare_cards,
            moon=scenario.moon,
        )
        try:
            self.game = Game.start(rs, start)
        except Refusal as refusal:
            raise Malformed(scenario.file, scenario.players_line, f"无法开局：{refusal.reason}") from refusal
        self.messages: list[Message] = list(self.game.out)  # since the last expect
        self.transcript: list[Message] = list(self.game.out)
        self.pending_after: list[ActSpec] = []
        self.block: Block | None = None

    # ------------------------------------------------------------ driving the clock

    def _record(self, messages: list[Message]) -> None:
        self.messages.extend(messages)
        self.transcript.extend(messages)

    def _fail(self, message: str) -> Failed:
        assert self.block is not None
        return Failed(self.sc, self.block, message)

    def _step_once(self) -> bool:
        """Answer a matching prompt, or move the clock to the next deadline. False when stuck."""
        st = self.game.st
        if st.phase == Phase.OVER:
            return False
        if self.pending_after:
            nxt = self.pending_after[0]
            prompted = (
                st.prompt is not None and self.sc.seat_of(nxt.by) == st.prompt.seat and nxt.skill == st.prompt.skill
            )
            if prompted or (st.prompt is None and self._step_open_for(nxt)):
                self.pending_after.pop(0)
                self._submit(nxt)
                return True
        deadline = self.game.next_deadline()
        if deadline is None:
            return False
        self._record(self.game.tick(deadline))
        return True

    def _advance_until(self, reached: Any, what: str) -> None:
        while not reached():
            if not self._step_once():
                if self.game.st.phase == Phase.OVER:
                    raise self._fail(f"{what} never reached: the game ended ({self.game.st.winner or '无人'}获胜)")
                raise self._fail(f"{what} never reached")

    def _submit(self, spec: ActSpec) -> None:
        game = self.game
        targets = tuple(self.sc.seat_of(t) for t in spec.targets)
        result = game.apply(
            c.Act(at=self._now(), seat=self.sc.seat_of(spec.by), skill=spec.skill, targets=targets, choice=spec.choice)
        )
        self._record(result.messages)
        act = f"{spec.by} {spec.skill} {'、'.join(spec.targets)}".strip()
        if spec.rejected is None and not result.accepted:
            raise self._fail(f"line {spec.line}: act '{act}' expected accepted, was refused: {result.reply}")
        if spec.rejected is not None:
            if result.accepted:
                raise self._fail(
                    f"line {spec.line}: act '{act}' expected refused ({spec.rejected}), was accepted: {result.reply}"
                )
            if spec.rejected not in result.reply:
                raise self._fail(
                    f"line {spec.line}: act '{act}' refused, but the reason lacks '{spec.rejected}': {result.reply}"
                )

    def _now(self) -> datetime:
        st = self.game.st
        return st.clock.real(st.now)

    # ------------------------------------------------------------ blocks

    def run(self) -> None:
        self._order_cards()
        for block in self.sc.blocks:
            self.block = block
            if block.kind == "expect":
                self._expect(block)
                self.messages = []
                continue
            self.pending_after = list(block.after)
            {"setup": self._setup, "day": self._day, "night": self._night}[block.kind](block)
            self._finish_after()

    def _order_cards(self) -> None:
        """Answer each seat's choice of its first card with the order the players list gives."""
        order = self.sc.ruleset.order_skill
        if order is None:
            return
        explicit = {a.by for b in self.sc.blocks if b.kind == "setup" for a in b.acts if a.skill == order.name}
        self.block = Block("setup", 0, self.sc.players_line)
        for no, (name, roles, _) in enumerate(self.sc.players, 1):
            seat = self.game.st.seat(no)
            if name in explicit or order not in acting.pending(self.game, seat):
                continue
            self._submit(ActSpec(name, order.name, [], roles[0], None, self.sc.players_line))

    def _finish_after(self) -> None:
        for spec in self.pending_after:
            if spec.rejected is None:
                step = self._step_of(spec)
                why = (
                    f"step {step.name} never opened" if step and PHASES[step.phase].stepped else "no prompt was raised"
                )
                raise self._fail(f"line {spec.line}: reaction '{spec.by} {spec.skill}' never reached: {why}")
            self._submit(spec)
        self.pending_after = []

    def _skill_of(self, spec: ActSpec) -> Skill | None:
        """The act's skill as its seat holds it (its role's own where several define the name)."""
        holding = cards.find(self.game, self.game.st.seat(self.sc.seat_of(spec.by)), spec.skill)
        return holding.skill if holding else self.sc.ruleset.skill(spec.skill)

    def _step_of(self, spec: ActSpec) -> Step | None:
        """The (first) step of the act's skill."""
        skill = self._skill_of(spec)
        return self.sc.ruleset.step_of(skill) if skill else None

    def _step_open_for(self, spec: ActSpec) -> bool:
        """A step that holds this act's skill (黄昏's, 晨曦's; 报复 has one of each) is open: an ``after``
        act for it goes in now."""
        st, skill = self.game.st, self._skill_of(spec)
        if skill is None or not PHASES[st.phase].stepped or st.deadline is None or st.work:
            return False
        return self.sc.ruleset.steps(st.phase)[st.step].holds(skill)

    def _when(self, phase: Phase, day: int) -> float:
        """Where a phase lies on the game's timeline, for 'reached or passed' tests."""
        if phase == Phase.SETUP:
            return 0.0
        if phase == Phase.OVER:
            return float("inf")
        first_day = self.sc.ruleset.first == Phase.DAY
        if phase == Phase.DAY:
            return 2 * day if first_day else 2 * day + 1
        if phase == Phase.DUSK:  # 黄昏: after the day's vote, before the night
            return 2 * day + 0.5 if first_day else 2 * day + 1.5
        if phase == Phase.NIGHT:
            return 2 * day + 1 if first_day else 2 * day
        if phase == Phase.ELECTION:  # 竞选日: after the night's dawn, before the day's discussion
            return 2 * day + 0.75 if not first_day else 2 * day - 0.25
        return (2 * day + 1.5 if first_day else 2 * day + 0.5) if day else 0.5  # dawn

    def _step_index(self, phase: Phase, spec: ActSpec) -> int | None:
        """The step where the act's skill is used — its seat's own role's entry where several roles
        define the name (占星师<查验>, 石像鬼<查验>)."""
        skill = self._skill_of(spec)
        steps = self.sc.ruleset.steps(phase)
        return next((i for i, s in enumerate(steps) if (s.holds(skill) if skill else s.mentions(spec.skill))), None)

    def _position(self, phase: Phase, number: int, spec: ActSpec, round_: int = 0) -> Any:
        """A test: has the game reached (or passed) the step where the act's skill is used, in the
        night's ``round_`` (长夜漫漫: 0 its first)?"""
        index = self._step_index(phase, spec)
        goal = self._when(phase, number)

        def reached() -> bool:
            st = self.game.st
            here = self._when(st.phase, st.day)
            if here != goal:
                return here > goal
            done = st.night_round if st.phase == Phase.NIGHT else 0
            return (done, -1 if index is None else st.step) >= (round_, -1 if index is None else index)

        return reached

    def _setup(self, block: Block) -> None:
        for spec in block.acts:
            self._advance_until(self._position(Phase.SETUP, 0, spec), f"setup step for {spec.skill}")
            self._submit(spec)
        self._advance_until(lambda: self.game.st.phase != Phase.SETUP, "the end of setup")

    def _day(self, block: Block) -> None:
        sheriff = self.sc.ruleset.sheriff
        if sheriff is not None and sheriff.own_day and block.number == sheriff.election_day:
            self._election(block)
            if not (block.acts or block.votes or block.rejected_votes or block.surrender or block.showdown[1]):
                self._advance_until(lambda: self._day_closed(block.number), f"the close of day {block.number}")
                self._last_words(block)
                return
        elif block.election_acts or (block.sheriff_votes and not self._elects_by_vote(block.number)):
            raise self._fail("sheriff_votes / election_acts: this ruleset holds no sheriff election on this day")
        rounds = list(block.votes)
        if block.sheriff_votes and sheriff is not None and not sheriff.own_day:
            if rounds:
                raise self._fail("sheriff_votes and votes: on this day the vote is the sheriff election; give one")
            rounds = [block.sheriff_votes]
        self._advance_until(lambda: self._is_day(block.number), f"day {block.number}")
        self._block_opens(block)
        for spec in block.acts:
            self._submit(spec)
        for i, votes in enumerate(rounds or [{}]):
            if i:
                self._advance_until(
                    lambda i=i: self._round_open(block.number, i + 1), f"vote round {i + 1} of day {block.number}"
                )
            self._cast(votes)
        for voter, target in block.rejected_votes.items():
            result = self._vote(voter, target)
            if result.accepted:
                raise self._fail(f"vote {voter}→{target} expected refused, was accepted: {result.reply}")
        self._advance_until(lambda: self._day_closed(block.number), f"the close of day {block.number}")
        self._last_words(block)

    def _day_closed(self, number: int) -> bool:
        """Day N and its 黄昏 are over: the game is at the night after it or past it (a night where
        nobody acts may pass within one tick, straight to its dawn)."""
        st = self.game.st
        return self._when(st.phase, st.day) >= self._when(Phase.DAY, number) + 1

    def _elects_by_vote(self, number: int) -> bool:
        sheriff = self.sc.ruleset.sheriff
        return sheriff is not None and not sheriff.own_day and number == sheriff.election_day

    def _round_open(self, number: int, round_: int) -> bool:
        st = self.game.st
        if st.phase == Phase.OVER or (
            st.phase != Phase.DAY and self._when(st.phase, st.day) > self._when(Phase.DAY, number)
        ):
            raise self._fail(f"vote round {round_} of day {number} never reached")
        return st.phase == Phase.DAY and st.vote_round == round_ and st.deadline is not None and not st.work

    def _election(self, block: Block) -> None:
        """竞选日: its acts, then its sheriff votes; the discussion that follows is the day's."""
        st = self.game.st
        self._advance_until(
            lambda: (st.phase == Phase.ELECTION and st.day == block.number) or self._past_election(block.number),
            f"竞选日 of day {block.number}",
        )
        if st.phase != Phase.ELECTION and (block.election_acts or block.sheriff_votes):
            raise self._fail(f"竞选日 of day {block.number} never reached")
        for spec in block.election_acts:
            self._submit(spec)
        if st.phase == Phase.ELECTION:
            self._cast(block.sheriff_votes)

    def _past_election(self, number: int) -> bool:
        st = self.game.st
        return st.phase == Phase.OVER or self._when(st.phase, st.day) > self._when(Phase.ELECTION, number)

    def _cast(self, votes: dict[str, str]) -> None:
        for voter, target in votes.items():
            result = self._vote(voter, target)
            if not result.accepted:
                raise self._fail(f"vote {voter}→{target} refused: {result.reply}")

    def _vote(self, voter: str, target: str) -> Any:
        cmd = c.CastVote(
            at=self._now(), seat=self.sc.seat_of(voter), target=0 if target == ABSTAIN else self.sc.seat_of(target)
        )
        result = self.game.apply(cmd)
        self._record(result.messages)
        return result

    def _block_opens(self, block: Block) -> None:
        """判罚, 投降 and 拍刀 named by the block, as it opens."""
        for name, card in block.penalties.items():
            result = self.game.apply(c.Penalize(at=self._now(), seat=self.sc.seat_of(name), card=card))
            self._record(result.messages)
            if not result.accepted:
                raise self._fail(f"判罚 {name} {card} refused: {result.reply}")
        for name in block.surrender:
            result = self.game.apply(c.Surrender(at=self._now(), seat=self.sc.seat_of(name)))
            self._record(result.messages)
            if not result.accepted:
                raise self._fail(f"投降 by {name} refused: {result.reply}")
        plan, by = block.showdown
        for i, name in enumerate(by):
            cmd = c.Showdown(at=self._now(), seat=self.sc.seat_of(name), plan=plan if i == 0 else "")
            result = self.game.apply(cmd)
            self._record(result.messages)
            if not result.accepted:
                raise self._fail(f"拍刀 by {name} refused: {result.reply}")

    def _last_words(self, block: Block) -> None:
        for name, text in block.last_words.items():
            result = self.game.apply(c.LastWords(at=self._now(), seat=self.sc.seat_of(name), text=text))
            self._record(result.messages)
            if not result.accepted:
                raise self._fail(f"遗言 by {name} refused: {result.reply}")

    def _is_day(self, number: int) -> bool:
        st = self.game.st
        if st.phase == Phase.OVER:
            raise self._fail(f"day {number} never reached: the game ended ({st.winner or '无人'}获胜)")
        self._not_past(Phase.DAY, number)
        return st.phase == Phase.DAY and st.day == number

    def _not_past(self, phase: Phase, number: int) -> None:
        """Blocks are chronological: a block whose phase the game has already left never comes."""
        st = self.game.st
        if self._when(st.phase, st.day) > self._when(phase, number):
            where = texts.phase_title(st.phase, st.day)
            raise self._fail(f"{phase} {number} never reached: the game is already at {where}")

    def _night(self, block: Block) -> None:
        game = self.game
        self._advance_until(lambda: self._is_night(block.number), f"night {block.number}")
        self._block_opens(block)
        extra = sum(1 for night, _ in game.st.extra_nights if night == block.number)
        round_, last = 0, (-1, "", "")
        for spec in block.acts:  # with extra rounds tonight, an act placed before the one above it is the next round's
            here = (self._step_index(Phase.NIGHT, spec) or 0, spec.by, spec.skill)
            round_ = min(extra, round_ + (here[0] < last[0] or here == last))
            last = here
            self._advance_until(self._position(Phase.NIGHT, block.number, spec, round_), f"the step of {spec.skill}")
            self._submit(spec)
        self._advance_until(lambda: game.st.phase != Phase.NIGHT, f"the end of night {block.number}")
        self._last_words(block)
        self._advance_until(
            lambda: (
                game.st.phase == Phase.OVER
                or (PHASES[game.st.phase].votes and self._after_night(block.number))
                or self._when(game.st.phase, game.st.day)
                > self._when(Phase.NIGHT, block.number) + 1  # a day in passing
            ),
            f"the day after night {block.number}",
        )

    def _is_night(self, number: int) -> bool:
        st = self.game.st
        if st.phase == Phase.OVER:
            raise self._fail(f"night {number} never reached: the game ended ({st.winner or '无人'}获胜)")
        self._not_past(Phase.NIGHT, number)
        return st.phase == Phase.NIGHT and st.day == number

    def _after_night(self, number: int) -> bool:
        day = self.game.st.day
        return day == (number + 1 if self.sc.ruleset.first == Phase.DAY else number)

    # ------------------------------------------------------------ expectations

    def _expect(self, block: Block) -> None:
        game, sc = self.game, self.sc
        st, rs = game.st, sc.ruleset
        exp = block.expect
        problems: list[str] = []

        def seat(name: str) -> Any:
            return st.seat(sc.seat_of(name))

        alive_now = sorted(s.name for s in st.seats if s.alive)
        if "alive" in exp and sorted(map(str, exp["alive"])) != alive_now:
            problems.append(f"alive: expected {sorted(map(str, exp['alive']))}, got {alive_now}")
        for name in exp.get("dead") or []:
            if seat(str(name)).alive:
                problems.append(f"dead: expected {name} out, but {name} is alive")
        for name, wanted in (exp.get("cards_out") or {}).items():
            out = [card.role for card in seat(name).cards if card.out]
            for card in wanted if isinstance(wanted, list) else [wanted]:
                if card not in out:
                    problems.append(f"cards_out: expected {name}'s {card} out, out cards: {out}")
        if "sheriff" in exp:
            got = st.seat(st.sheriff).name if st.sheriff else None
            if got != exp["sheriff"]:
                problems.append(f"sheriff: expected {exp['sheriff']}, got {got}")
        if "winner" in exp and exp["winner"] != st.winner:
            problems.append(f"winner: expected {exp['winner']}, got {st.winner}")
        for name, camp in (exp.get("camp") or {}).items():
            if seat(name).camp != camp:
                problems.append(f"camp: expected {name} in {camp}, got {seat(name).camp}")
        for key, want in (("status", True), ("no_status", False)):
            for name, statuses in (exp.get(key) or {}).items():
                for status in statuses if isinstance(statuses, list) else [statuses]:
                    if seat(name).has_status(status) != want:
                        held = [s.name for s in seat(name).statuses]
                        problems.append(f"{key}: {name} {'lacks' if want else 'holds'} [{status}]; holds {held}")
        for key, want in (("private", True), ("no_private", False)):
            for name, wanted in (exp.get(key) or {}).items():
                texts = [m.text for m in self.messages if m.to.kind is To.SEAT and m.to.seat == sc.seat_of(name)]
                for text in wanted if isinstance(wanted, list) else [wanted]:
                    if any(str(text) in t for t in texts) != want:
                        problems.append(f"{key}: {name} {'never got' if want else 'got'} '{text}'; messages: {texts}")
        for camp in exp.get("lost") or []:
            if camp not in st.lost_camps:
                problems.append(f"lost: expected {camp} lost (判负), lost camps: {st.lost_camps}")
        said = [m.text for m in self.messages if m.to.kind is To.DIRECTORS]
        for key, want in (("directors", True), ("no_directors", False)):
            for text in exp.get(key) or []:
                if any(str(text) in t for t in said) != want:
                    problems.append(
                        f"{key}: {'no' if want else 'a'} message to the directors contains '{text}': {said}"
                    )
        public = [m.text for m in self.messages if m.to.kind is To.PUBLIC]
        for text in exp.get("public") or []:
            if not any(str(text) in t for t in public):
                problems.append(f"public: no notice contains '{text}'; notices: {public}")
        for text in exp.get("no_public") or []:
            if any(str(text) in t for t in public):
                problems.append(f"no_public: a notice contains '{text}': {[t for t in public if str(text) in t]}")
        for group, wanted in (exp.get("group") or {}).items():
            team = rs.team_by_group(group)
            assert team is not None
            texts = [m.text for m in self.messages if m.to.kind is To.TEAM and m.to.team == team.name]
            for text in wanted if isinstance(wanted, list) else [wanted]:
                if not any(str(text) in t for t in texts):
                    problems.append(f"group: {group} never got '{text}'; messages: {texts}")
        if problems:
            raise self._fail("\n  ".join(["expectation failed:", *problems]))

    # ------------------------------------------------------------ JSON

    def dump(self) -> dict[str, Any]:
        st = self.game.st
        return {
            "ruleset": self.sc.ruleset.id,
            "phase": st.phase,
            "day": st.day,
            "winner": st.winner,
            "lost_camps": list(st.lost_camps),
            "sheriff": st.seat(st.sheriff).name if st.sheriff else None,
            "seats": [
                {
                    "seat": s.no,
                    "name": s.name,
                    "roles": [card.role for card in s.cards],
                    "cards_out": [card.role for card in s.cards if card.out],
                    "camp": s.camp,
                    "secret": s.secret or None,
                    "alive": s.alive,
                    "teams": list(s.teams),
                    "statuses": [x.name for x in s.statuses],
                    "penalties": dict(s.penalties),
                }
                for s in st.seats
            ],
            "messages": [m.as_dict() for m in self.transcript],
            "log": [{"phase": e.phase, "kind": e.kind, "text": e.text, "rule": e.rule} for e in st.log],
        }
