"""python -m engine.ruleset check rulesets/<id> [...]
python -m engine.ruleset docs [--check]

Validates a ruleset and lists the post's roles and skills not implemented yet. What belongs
to an expansion not built yet (an option with `todo`, and the roles, skills and parts marked
with its name) is listed under that expansion and does not fail the check; a status marked
`todo` is listed with the roles.
Exit 0: clean; 1: something is wrong (each problem as file:line); 2: it loads clean but parts
of the post are not implemented yet (each listed).
"""

from __future__ import annotations

import argparse
import sys

from engine.errors import RulesetError
from engine.ruleset.docs import write
from engine.ruleset.loader import load_ruleset
from engine.ruleset.model import Ruleset


def _unimplemented(rs: Ruleset) -> list[tuple[str, str, str]]:
    """(expansion or "", where, what) for every part not implemented."""
    out = [
        ("", rs.directory, f"身份 {name}（规则帖中有，规则集中没有）") for name in rs.post_roles if name not in rs.roles
    ]
    for role in rs.roles.values():
        if role.todo:
            out.append((role.expansion, role.where, f"身份 {role.name} —— {role.todo}"))
            continue
        for skill in role.skills.values():
            if skill.todo:
                out.append(
                    (skill.expansion or role.expansion, skill.where, f"{role.name} 的技能 {skill.name} —— {skill.todo}")
                )
            if skill.unbuilt:
                out.append(("", skill.where, f"{role.name} 的技能 {skill.name} 的部分 —— {skill.unbuilt}"))
            for expansion, part in skill.waits:
                out.append((expansion, skill.where, f"{role.name} 的技能 {skill.name} 的部分 —— {part}"))
    out += [
        ("", status.where, f"状态 {status.name} —— {status.todo}") for status in rs.statuses.values() if status.todo
    ]
    out += [("", row.where, f"学习表 {row.role} —— {row.todo}") for row in rs.learned.values() if row.todo]
    if rs.moon is not None:
        for event in rs.moon.events.values():
            if event.todo:
                out.append((rs.moon.option, event.where, f"新月事件 {event.name} —— {event.todo}"))
    for option in rs.options.values():
        if option.todo:
            out.append((option.name, rs.directory, f"{option.name} —— {option.todo}"))
    return out


def check(path: str) -> int:
    try:
        rs = load_ruleset(path)
    except RulesetError as exc:
        for problem in exc.problems:
            print(problem)
        print(f"{path}: {len(exc.problems)} 个错误")
        return 1
    parts = _unimplemented(rs)
    base = [(where, what) for expansion, where, what in parts if not expansion]
    for where, what in base:
        print(f"{where}: 未实现：{what}")
    expansions = [e for e in dict.fromkeys(e for e, _, _ in parts) if e]
    for expansion in expansions:
        print(f"{expansion}（尚未实现的扩展，不影响检查结果）：")
        for e, where, what in parts:
            if e == expansion:
                print(f"  {where}: {what}")
    skills = sum(len(r.skills) for r in rs.roles.values())
    waiting = f"；扩展中待实现 {len(parts) - len(base)} 项" if len(parts) > len(base) else ""
    print(
        f"{rs.id}（{rs.name}）：{len(rs.roles)} 个身份，{skills} 个技能，"
        f"{len(rs.night_steps)} 个夜晚步骤；未实现 {len(base)} 项{waiting}。"
    )
    return 2 if base else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ruleset")
    sub = parser.add_subparsers(dest="command", required=True)
    check_cmd = sub.add_parser("check", help="validate rulesets")
    check_cmd.add_argument("paths", nargs="+", metavar="DIR")
    docs_cmd = sub.add_parser("docs", help="write docs/ruleset-format.md from the vocabulary")
    docs_cmd.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    args = parser.parse_args(argv)
    if args.command == "docs":
        return write(args.check)
    return max(check(p) for p in args.paths)


if __name__ == "__main__":
    sys.exit(main())
