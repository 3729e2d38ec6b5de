"""python -m engine.ruleset check rulesets/<id> [...]
python -m engine.ruleset docs [--check]

Validates a ruleset and lists the post's roles and skills not implemented yet.
Exit 0: clean; 1: something is missing or wrong (each problem as file:line).
"""

from __future__ import annotations

import argparse
import sys

from engine.errors import RulesetError
from engine.ruleset.loader import load_ruleset


def check(path: str) -> int:
    try:
        rs = load_ruleset(path)
    except RulesetError as exc:
        for problem in exc.problems:
            print(problem)
        print(f"{path}: {len(exc.problems)} 个错误")
        return 1
    missing = [name for name in rs.post_roles if name not in rs.roles]
    todo_roles = [(r.name, r.todo, r.where) for r in rs.roles.values() if r.todo]
    todo_skills = [
        (s.role, s.name, s.todo, s.where) for r in rs.roles.values() if not r.todo for s in r.skills.values() if s.todo
    ]
    for name in missing:
        print(f"{rs.directory}: 未实现：身份 {name}（规则帖中有，规则集中没有）")
    for name, why, where in todo_roles:
        print(f"{where}: 未实现：身份 {name} —— {why}")
    for role, name, why, where in todo_skills:
        print(f"{where}: 未实现：{role} 的技能 {name} —— {why}")
    skills = sum(len(r.skills) for r in rs.roles.values())
    unimplemented = len(missing) + len(todo_roles) + len(todo_skills)
    print(
        f"{rs.id}（{rs.name}）：{len(rs.roles)} 个身份，{skills} 个技能，"
        f"{len(rs.night_steps)} 个夜晚步骤；未实现 {unimplemented} 项。"
    )
    return 1 if unimplemented else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ruleset")
    sub = parser.add_subparsers(dest="command", required=True)
    check_cmd = sub.add_parser("check", help="validate rulesets")
    check_cmd.add_argument("paths", nargs="+", metavar="DIR")
    docs_cmd = sub.add_parser("docs", help="write docs/ruleset-format.md from the vocabulary")
    docs_cmd.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    args = parser.parse_args(argv)
    if args.command == "docs":
        from engine.ruleset.docs import write

        return write(args.check)
    return max(check(p) for p in args.paths)


if __name__ == "__main__":
    sys.exit(main())
