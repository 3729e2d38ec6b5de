"""Small builders for engine tests: a secret_number game with named seats and a clock."""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from engine import commands as c
from engine.errors import RulesetError
from engine.game import Game, Result
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset
from engine.scenario.runner import Runner
from engine.scenario.spec import read

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
BOARD = ("狼人", "狼人", "预言家", "女巫", "守卫", "猎人", "村民", "村民", "长老", "白痴")
NAMES = ("甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸")


def secret_number() -> Ruleset:
    """The ruleset, loaded once per test session (a loaded ruleset is never mutated)."""
    global _RULESET
    if _RULESET is None:
        _RULESET = load_ruleset("secret_number")
    return _RULESET


_RULESET: Ruleset | None = None


def new_game(roles: tuple[str, ...] = BOARD, secrets: bool = True, seed: int = 1, **settings: object) -> Game:
    """Seats 1..n take ``roles`` in order; secret number = seat number unless ``secrets`` is False."""
    rs = secret_number()
    names = NAMES[: len(roles)] if len(roles) <= len(NAMES) else tuple(f"角色{i}" for i in range(1, len(roles) + 1))
    return Game.start(
        rs,
        c.Start(
            at=T0,
            seed=seed,
            names=names,
            roles=tuple((r,) for r in roles),
            secrets=tuple(range(1, len(roles) + 1)) if secrets else (),
            settings=tuple(settings.items()),
        ),
    )


def at(game: Game, minutes: float = 0) -> datetime:
    """Wall time ``minutes`` after the game's current moment."""
    st = game.st
    return st.clock.real(st.now) + timedelta(minutes=minutes)


def run_to(game: Game, phase: str, day: int) -> None:
    """Tick deadline by deadline until the game is at ``phase`` of ``day``."""
    for _ in range(500):
        st = game.st
        if st.phase == phase and st.day == day and st.prompt is None:
            return
        deadline = game.next_deadline()
        assert deadline is not None, f"stuck at {st.phase} {st.day}"
        game.tick(deadline)
    raise AssertionError(f"never reached {phase} {day}")


def run_to_step(game: Game, step: str) -> None:
    for _ in range(500):
        st = game.st
        if st.phase in {"night", "setup"} and game.rs.steps(st.phase)[st.step].name == step and st.deadline:
            return
        deadline = game.next_deadline()
        assert deadline is not None
        game.tick(deadline)
    raise AssertionError(f"never reached step {step}")


def act(game: Game, seat: int, skill: str, *targets: int, minutes: float = 0) -> Result:
    return game.apply(c.Act(at=at(game, minutes), seat=seat, skill=skill, targets=targets))


def vote(game: Game, seat: int, target: int, minutes: float = 0, **kw: object) -> Result:
    return game.apply(c.CastVote(at=at(game, minutes), seat=seat, target=target, **kw))  # type: ignore[arg-type]


def dual_identity() -> Ruleset:
    """The 双身份 ruleset, loaded once per test session."""
    global _DUAL
    if _DUAL is None:
        _DUAL = load_ruleset("dual_identity")
    return _DUAL


_DUAL: Ruleset | None = None


def dual_game(*hands: tuple[str, str], seed: int = 1, **options: object) -> Game:
    """A 双身份 game with these hands (in the order kept: nobody answers the order choice)."""
    rs = dual_identity()
    return Game.start(
        rs,
        c.Start(
            at=T0,
            seed=seed,
            names=NAMES[: len(hands)],
            roles=tuple(hands),
            options=tuple(options.items()),
        ),
    )


def own_board(rs: Ruleset, roles: tuple[str, ...], seed: int = 1) -> Game:
    """A game of the 导演's own board (自定板子): one card per seat, in order, seats named 甲, 乙, …."""
    start = c.Start(
        at=T0,
        seed=seed,
        names=NAMES[: len(roles)],
        roles=tuple((r,) for r in roles),
        options=(("自定板子", True),),
    )
    return Game.start(rs, start)


def played(tmp_path: Path, text: str) -> Game:
    """The game a scenario's text leaves, run from a file in ``tmp_path``."""
    return run_scenario(tmp_path, text).game


def run_scenario(tmp_path: Path, text: str) -> Runner:
    """A scenario's text, run from a file in ``tmp_path``."""
    file = tmp_path / "play.yaml"
    file.write_text(text, encoding="utf-8")
    runner = Runner(read(str(file)))
    runner.run()
    return runner


def told(runner: Runner, no: int) -> list[str]:
    """What seat ``no`` was told in the run, in order."""
    return [str(m["text"]) for m in runner.dump()["messages"] if m["to"] == "seat" and m["seat"] == no]


def genshin_with(tmp_path: Path, file: str, role: str, block: str) -> Path:
    """A copy of 165 where ``role``'s block in ``file`` (a line, or a block of lines) is replaced by
    ``block``: a test's own probe version of a role (预言家 telling 表面阵营/身份/带刀 at once)."""
    root = Path(__file__).resolve().parents[2]
    rules = tmp_path / "genshin_165"
    shutil.copytree(root / "rulesets" / "genshin_165", rules)
    path = rules / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith(f"  {role}:")]
    assert len(starts) == 1, f"{role} is not a role of {file}"
    end = starts[0] + 1
    while end < len(lines) and (lines[end].startswith("    ") or not lines[end].strip()):
        end += 1
    lines[starts[0] : end] = [block]
    path.write_text("".join(lines), encoding="utf-8")
    return rules


def probe_seer_run(tmp_path: Path, feedback: str, roles: tuple[str, ...], script: str) -> Runner:
    """A scenario on 165's own board where 预言家 is a probe: its <预言> feeds back ``feedback`` (a
    template: {seen_camp}, {role} …) about its target, whatever the written role says."""
    probe = (
        "  预言家:\n    camp: 村民阵营\n    pool: 验人系\n    skills:\n      预言:\n"
        "        text: 预言[深夜][指定]\n        tags: [深夜, 指定]\n        effects:\n"
        f'          - feedback: "{feedback}"\n'
    )
    rules = genshin_with(tmp_path, "roles_seers_village.yaml", "预言家", probe)
    board = "".join(f"  - {{name: {n}, role: {r}}}\n" for n, r in zip(NAMES, roles, strict=False))
    return run_scenario(tmp_path, f"ruleset: {rules}\noptions: {{自定板子: true}}\nplayers:\n{board}script:\n{script}")


def m216_problems_with_entry(tmp_path: Path, entry: str) -> list[str]:
    """A copy of M216 with ``entry`` added to 早夜2's skills: the problems its load reports."""
    root = Path(__file__).resolve().parents[2]
    ruleset = tmp_path / "m216_mask"
    shutil.copytree(root / "rulesets" / "m216_mask", ruleset)
    path = ruleset / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("        - 选择增幅\n") == 1
    path.write_text(text.replace("        - 选择增幅\n", f"        - 选择增幅\n        - {entry}\n"), encoding="utf-8")
    try:
        load_ruleset(ruleset)
    except RulesetError as caught:
        return [str(p) for p in caught.problems]
    return []
