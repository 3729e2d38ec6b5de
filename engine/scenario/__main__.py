"""python -m engine.scenario FILE [FILE ...] [--json]

Exit 0 when every expectation holds, 1 when one fails, 2 when a scenario is malformed.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.scenario.runner import Failed, Runner
from engine.scenario.spec import Malformed, read


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.scenario", description="Run scenario files.")
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--json", action="store_true", help="print the final state and every message as JSON")
    args = parser.parse_args(argv)
    status = 0
    for file in args.files:
        try:
            runner = Runner(read(file))
        except Malformed as exc:
            print(f"MALFORMED {exc}", file=sys.stderr)
            status = max(status, 2)
            continue
        try:
            runner.run()
        except Failed as exc:
            print(f"FAIL {exc}", file=sys.stderr)
            status = max(status, 1)
        else:
            if not args.json:
                print(f"ok   {file}")
        if args.json:
            print(json.dumps(runner.dump(), ensure_ascii=False, indent=2))
    return status


if __name__ == "__main__":
    sys.exit(main())
