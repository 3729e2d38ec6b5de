"""Random legal moves: built-in players for the demo, the benchmark and property tests.

``moves`` lists what each seat may legally do right now (answer a prompt, use or
pass a skill in the open step, vote, use a day skill); ``play`` drives a whole game with a seeded
RNG, moving the clock to each deadline when nobody has a move left to make.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime

from engine import acting, cards, labels, legal, prompts
from engine import commands as c
from engine.game import Game
from engine.messages import Message
from engine.phases import PHASES, Phase


def moves(game: Game, now: datetime, rng: random.Random) -> list[c.Command]:
    """Some legal commands at this moment (targets sampled from each legal range)."""
    st = game.st
    out: list[c.Command] = []
    if st.phase == Phase.OVER:
        return out
    if st.prompt is not None:
        seat = st.seat(st.prompt.seat)
        if st.prompt.kind == "sheriff":
            options = labels.successors(game, seat.no)
        else:
            held = prompts.holding(game)
            assert held is not None
            options = legal.legal_targets(game, seat, held.skill) if held.skill.needs_targets else []
        targets: tuple[int, ...] = (rng.choice(options).no,) if options else ()
        out.append(c.Act(at=now, seat=seat.no, skill=st.prompt.skill, targets=targets))
        if st.prompt.kind != "sheriff":
            out.append(c.Pass(at=now, seat=seat.no))
        return out
    if PHASES[st.phase].stepped and st.deadline is not None:
        for no in dict.fromkeys(no for no, _ in st.waiting):
            seat = st.seat(no)
            for skill in acting.pending(game, seat):
                options = legal.legal_targets(game, seat, skill)
                count = min(len(options), rng.randint(*legal.target_count(game, skill)))
                targets = tuple(s.no for s in rng.sample(options, count))
                if skill.choice_hook or skill.message:  # free-form choices (心算, 报信) are left to their own tests
                    out.append(c.Pass(at=now, seat=seat.no, skill=skill.name))
                    continue
                if skill is game.rs.order_skill:
                    choices: tuple[str, ...] = tuple(card.role for card in seat.cards)
                else:  # a computed list (窥天's roles, 阴魂不散's skills …) where the skill names none
                    choices = skill.choices or (legal.choice_words(game, seat, skill) if skill.choice_of else ())
                if skill.choice_count > 1 and len(choices) >= skill.choice_count:
                    choice: str | None = "、".join(rng.sample(choices, skill.choice_count))
                else:
                    choice = rng.choice(choices) if choices else None
                out.append(c.Act(at=now, seat=seat.no, skill=skill.name, targets=targets, choice=choice))
                if not skill.forced:
                    out.append(c.Pass(at=now, seat=seat.no, skill=skill.name))
    if PHASES[st.phase].votes and st.deadline is not None:
        voters = [s for s in st.seats if cards.publicly_in(game, s) and s.no not in st.votes]
        candidates = [s.no for s in st.seats if cards.publicly_in(game, s)]
        for seat in voters:
            out.append(c.CastVote(at=now, seat=seat.no, target=rng.choice([*candidates, 0])))
        for seat in st.seats if game.rs.day_step.skills else ():
            for skill in cards.held_skills(game, seat):
                if skill.timing != "day" or skill.choice_hook or legal.unavailable(game, seat, skill):
                    continue
                options = legal.legal_targets(game, seat, skill) if skill.needs_targets else []
                picked = tuple(s.no for s in rng.sample(options, min(len(options), legal.target_count(game, skill)[0])))
                out.append(c.Act(at=now, seat=seat.no, skill=skill.name, targets=picked))
    return out


def play(game: Game, rng: random.Random, max_commands: int = 2000) -> Iterator[tuple[c.Command, list[Message]]]:
    """Drive the game to its end with random legal moves; yields each accepted command."""
    for _ in range(max_commands):
        st = game.st
        if st.phase == Phase.OVER:
            return
        now = st.clock.real(st.now)
        options = moves(game, now, rng)
        if options and (not PHASES[st.phase].votes or rng.random() < 0.9):
            cmd = rng.choice(options)
        else:
            deadline = game.next_deadline()
            if deadline is None:
                return
            cmd = c.Tick(at=deadline)
        result = game.apply(cmd)
        if result.accepted:
            yield cmd, result.messages
