"""The sandbox page in a real browser (Playwright driving Debian's chromium): sign up three
players, start a game, act, and see the right DM and notice appear. The screenshot is kept
in tests/artifacts/sandbox.png."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tests.e2e.harness import BotProcess

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

try:
    from playwright.async_api import Locator, Page, async_playwright, expect
except ImportError:  # pragma: no cover - the dev extra installs it
    async_playwright = None


def _unavailable() -> str:
    if async_playwright is None:
        return "playwright is not installed (pip install -e '.[dev]')"
    if not Path(CHROMIUM).exists():
        return "Debian's chromium is not installed (apt-get install chromium; scripts/test does it as root)"
    return ""


if _unavailable():
    print(f"\nbrowser test skipped: {_unavailable()}")
pytestmark = pytest.mark.skipif(bool(_unavailable()), reason=_unavailable())


class SandboxBot(BotProcess):
    def start(self) -> None:
        import os

        os.environ["BANSHA_SANDBOX"] = "true"
        try:
            super().start()
        finally:
            del os.environ["BANSHA_SANDBOX"]


@pytest.fixture
async def page(tmp_path: Path) -> AsyncIterator[Page]:
    bot = SandboxBot(tmp_path)
    bot.start()
    assert async_playwright is not None
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = await browser.new_page(viewport={"width": 1400, "height": 900}, locale="zh-CN")
            for _ in range(100):
                try:
                    await page.goto(f"http://127.0.0.1:{bot.port}/sandbox")
                    break
                except Exception:  # the bot is still starting
                    await page.wait_for_timeout(200)
            yield page
            await browser.close()
    finally:
        bot.stop()


async def send(page: Page, speaker: str, text: str) -> None:
    await page.select_option("#as", label=speaker)
    await page.fill("#send input[name=text]", text)
    await page.click("#send button")


async def new_game(page: Page) -> Locator:
    """Once the bot is connected: three players 甲 乙 丙 added, and the director's /新建; the chat pane."""
    await expect(page.locator("#status")).to_have_text("已连接机器人", timeout=20_000)
    for name in ("甲", "乙", "丙"):
        await page.fill("#add-user input[name=nickname]", name)
        await page.click("#add-user button")
        await expect(page.locator("#users")).to_contain_text(name)
    await send(page, "导演", "/新建 secret_number")
    return page.locator("#chat")


async def test_sign_up_start_and_act(page: Page) -> None:
    chat = await new_game(page)
    await expect(chat).to_contain_text("已新建第 #1 局")
    for name in ("甲", "乙", "丙"):
        await send(page, name, f"/报名 {name}")
        await expect(chat).to_contain_text(f"报名成功：{name}")
    await send(page, "导演", "/板子 狼人 预言家 村民")
    await expect(chat).to_contain_text("板子已设置（3人）")
    # the day opens at once and closes six hours from now, whatever the time of day the test runs at
    close = (datetime.now(UTC) + timedelta(hours=6)).astimezone(ZoneInfo("Asia/Shanghai")).strftime("%H:%M")
    await send(page, "导演", f"/设置 day_open=无 day_close={close}")
    await expect(chat).to_contain_text(f"已设置：day_open=None，day_close={close}。")
    await send(page, "导演", "/开始")
    await expect(chat).to_contain_text("身份与角色对应关系")

    await page.click("#users button:has-text('甲')")
    await expect(chat).to_contain_text("你的角色：甲（1号）")
    await expect(chat).not_to_contain_text("你的角色：乙")
    await send(page, "甲", "身份")
    await expect(chat.locator(".msg.human")).to_contain_text("身份")
    await expect(chat.locator(".msg.bot").last).to_contain_text("现在：")
    await page.click("#groups button:has-text('演练群')")
    await expect(chat).to_contain_text("【第1天开门】")
    await send(page, "乙", "/座位表")
    picture = chat.locator("img[alt=座位表]")
    await expect(picture).to_be_visible()
    assert await picture.evaluate("img => img.naturalWidth") > 100  # the PNG decoded in the browser
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "sandbox.png"), full_page=True)


async def test_the_chat_pane_scrolls_and_unread_chats_are_marked(page: Page) -> None:
    """After many messages the header, the input and the newest message are all on screen (the
    pane scrolls, not the page); a chat with news carries an unread mark until it is opened."""
    chat = await new_game(page)
    for n in range(12):
        await send(page, "甲", "/名单")
        await expect(chat.locator(".msg.bot")).to_have_count(n + 2)
    height = page.viewport_size["height"] if page.viewport_size else 900
    for selector in ("header", "#send input[name=text]", "#chat .msg.bot >> nth=-1"):
        box = await page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
    assert await page.evaluate("document.scrollingElement.scrollTop") == 0
    assert await chat.evaluate("pane => pane.scrollTop") > 0

    for name in ("甲", "乙", "丙"):
        await send(page, name, f"/报名 {name}")
    await send(page, "导演", "/板子 狼人 预言家 村民")
    await send(page, "导演", "/开始")
    await expect(chat).to_contain_text("身份与角色对应关系")
    dm = page.locator("#users button:has-text('乙')")
    await expect(dm.locator(".unread")).to_be_visible()  # the identity DM waits there
    await dm.click()
    await expect(chat).to_contain_text("你的角色：乙")
    await expect(page.locator("#users button:has-text('乙') .unread")).to_have_count(0)
    await send(page, "乙", "身份")
    await expect(chat.locator(".msg.bot").last).to_contain_text("现在：")
    await expect(page.locator("nav button.active .unread")).to_have_count(0)  # the open chat is read as it grows
