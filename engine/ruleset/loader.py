"""Load and validate a ruleset directory (rulesets/<id>/*.yaml + optional hooks.py).

Every problem is reported as file:line; loading collects all of them before failing.
"""

from __future__ import annotations

from pathlib import Path

from engine.errors import Problem, RulesetError
from engine.ruleset import (
    checks,
    documents,
    learned_table,
    read_appears,
    read_camps,
    read_cards,
    read_draw,
    read_flow,
    read_information,
    read_moon,
    read_roles,
    read_statuses,
)
from engine.ruleset import model as m
from engine.ruleset.context import Context
from engine.ruleset.yamlsrc import Node
from engine.vocabulary import POST_KEYS

RULESETS_DIR = Path(__file__).resolve().parents[2] / "rulesets"


def ruleset_dir(ruleset_id: str) -> Path:
    return RULESETS_DIR / ruleset_id


def load_ruleset(ref: str | Path) -> m.Ruleset:
    """Load a ruleset by id (a directory under rulesets/) or by path. Raises RulesetError."""
    path = Path(ref)
    if not path.is_dir():
        path = ruleset_dir(str(ref))
    if not path.is_dir():
        raise RulesetError([Problem(str(ref), 0, f"没有这个规则集目录：{ref}")])
    ctx = Context()
    doc = documents.read_documents(path, ctx)
    if ctx.problems:  # a file that does not parse would make every reference into it look wrong
        raise RulesetError(ctx.problems)
    ruleset = _build(doc, path, ctx)
    documents.load_hooks(ruleset, path, ctx)
    checks.cross_check(ruleset, ctx)
    if ctx.problems:
        raise RulesetError(ctx.problems)
    return ruleset


def installed_rulesets() -> list[m.Ruleset]:
    """Every ruleset under rulesets/ that loads, by directory name."""
    out = []
    for directory in sorted(p for p in RULESETS_DIR.iterdir() if p.is_dir()):
        try:
            out.append(load_ruleset(directory))
        except RulesetError:
            continue
    return out


def _build(doc: Node, path: Path, ctx: Context) -> m.Ruleset:
    rs = m.Ruleset(id=str(doc.get("id", path.name)), name=ctx.text(doc, "name", path.name), directory=str(path))
    post = ctx.mapping(doc.get("post"), doc, "post", "post")
    if post is not None:
        ctx.keys(post, POST_KEYS, "post")
        rs.post_file = ctx.text(post, "file")
        rs.post_roles = ctx.names(post, "roles")
    rs.addressing = ctx.text(doc, "addressing", "seat")
    if rs.addressing not in {"seat", "secret_number"}:
        ctx.err(doc, "addressing", "addressing 应为 seat 或 secret_number")
    rs.role_table_public = ctx.flag(doc, "role_table_public")
    rs.camps = read_camps.camps(doc, ctx)
    rs.statuses = read_statuses.statuses(doc, ctx)
    rs.damage = read_statuses.damage(doc, ctx)
    rs.guard_order = read_statuses.guard_order(doc, ctx)
    rs.seen_words = read_appears.seen_words(doc, ctx)
    rs.teams = read_camps.teams(doc, ctx)
    rs.roles = read_roles.roles(doc, ctx)
    rs.card_tags = read_cards.card_tags(doc, ctx)
    rs.cards = read_cards.cards(doc, ctx)
    rs.hands = read_cards.hands(doc, ctx)
    rs.deal = read_cards.deal(doc, ctx)
    rs.boards = read_cards.boards(doc, ctx)
    rs.draw = read_draw.draw(doc, rs, ctx)
    read_flow.flow(doc, rs, ctx)
    rs.schedule = read_flow.schedule(doc, ctx)
    rs.vote = read_flow.vote(doc, ctx)
    rs.sheriff = read_flow.sheriff(doc, ctx)
    rs.last_words = read_flow.last_words(doc, ctx)
    rs.surrender, rs.surrender_when, rs.surrender_forbidden = read_flow.surrender(doc, ctx)
    rs.showdown, rs.rounds = read_flow.showdown(doc, ctx)
    rs.notices = read_flow.notices(doc, ctx)
    rs.information = read_information.information(doc, ctx, rs)
    rs.victory = read_flow.victory(doc, ctx)
    rs.options = read_roles.options(doc, ctx)
    rs.moon = read_moon.moon(doc, rs, ctx)
    rs.learned = learned_table.learned(doc, rs, ctx)
    rs.records = read_appears.records(rs)
    rs.passes = read_appears.passes(rs)
    return rs
