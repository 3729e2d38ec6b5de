"""``scripts/run`` installs once: started a second time with the package index unreachable, the
bot still comes up and a QQ client can connect to it."""

from __future__ import annotations

from pathlib import Path

from bot.sandbox import World
from tests.e2e.harness import BOT, ROOT, BotProcess, attach

UNREACHABLE = {
    "PIP_CONFIG_FILE": "/dev/null",  # no configured mirror or local wheel directory either
    "PIP_INDEX_URL": "http://127.0.0.1:9/simple",
    "PIP_NO_INDEX": "1",
    "PIP_RETRIES": "0",
    "PIP_TIMEOUT": "1",
}


async def _comes_up(process: BotProcess) -> None:
    process.data.mkdir(parents=True)
    process.start()
    try:
        client = await attach(process, World(BOT), timeout=240)
        await client.close()
    finally:
        process.stop()


async def test_a_second_start_needs_no_package_index(tmp_path: Path) -> None:
    run = (str(ROOT / "scripts" / "run"),)
    await _comes_up(BotProcess(tmp_path / "first", command=run, env={"BANSHA_SANDBOX": "false"}))
    assert (ROOT / ".venv" / ".banshabot-installed").read_text().strip()
    second = BotProcess(tmp_path / "second", command=run, env={"BANSHA_SANDBOX": "false", **UNREACHABLE})
    await _comes_up(second)
    assert "No matching distribution" not in second.log() and "ERROR" not in second.log()
