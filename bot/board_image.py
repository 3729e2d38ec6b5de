"""The 座位表 as a PNG (Pillow, with a CJK font the set-up installs); None where it cannot be
drawn — no Pillow, no CJK font — and the board's text stands in."""

from __future__ import annotations

import io
from pathlib import Path

from engine.api import SeatBoard

FONTS = (  # Debian: fonts-wqy-zenhei (scripts/run and scripts/test install it), or Noto CJK
    Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
)
SIZE, PAD, ROW = 20, 12, 34
INK, RULE, HEAD, OUT, PAPER = "#222222", "#d0d4dc", "#e7eefc", "#9a9a9a", "#ffffff"


def font_path() -> Path | None:
    return next((f for f in FONTS if f.exists()), None)


def render(board: SeatBoard) -> bytes | None:
    """The board as a PNG, or None (then send ``board.text()``)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        return None
    path = font_path()
    if path is None:
        return None
    font = ImageFont.truetype(str(path), SIZE)
    table = [board.columns, *board.rows]
    widths = [max(int(font.getlength(row[i])) for row in table) + 2 * PAD for i in range(len(board.columns))]
    width = max(sum(widths), int(font.getlength(board.title)) + 2 * PAD, 1)
    height = ROW * (len(table) + 1 + len(board.notes)) + PAD
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD // 2), board.title, font=font, fill=INK)
    top = ROW
    draw.rectangle((0, top, width, top + ROW), fill=HEAD)
    for n, row in enumerate(table):
        y = top + n * ROW
        ink = OUT if n and any(cell.startswith("出局") for cell in row) else INK
        x = 0
        for cell, w in zip(row, widths, strict=True):
            draw.text((x + PAD, y + (ROW - SIZE) // 2), cell, font=font, fill=ink)
            x += w
        draw.line((0, y + ROW, width, y + ROW), fill=RULE)
    for n, note in enumerate(board.notes):
        draw.text((PAD, top + (len(table) + n) * ROW + PAD // 2), note, font=font, fill=INK)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
