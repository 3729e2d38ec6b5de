"""python -m bot — run the bot (reverse WebSocket at /onebot/v11/ws).
python -m bot demo <ruleset> [--players N] [--seed S] [--options 选项=值 …] — a whole game on the sandbox.

Settings come from the environment (see bot/settings.py); the defaults keep
everything under data/ with SQLite.
"""

from __future__ import annotations

import sys

from bot.app import run


def main(argv: list[str]) -> int:
    if argv and argv[0] in {"-h", "--help"}:
        print(__doc__)
        return 0
    if argv and argv[0] == "demo":
        from bot.demo import main as demo

        return demo(argv[1:])
    run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
