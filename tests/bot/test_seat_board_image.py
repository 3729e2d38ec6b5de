"""The 座位表 picture: drawn with Pillow and the CJK font the set-up installs. The public one
is the same picture whatever the deal (it holds no secret); the directors' one is not."""

from __future__ import annotations

import io

import pytest

from bot import board_image
from engine.seat_board import director_board, public_board
from tests.engine.builders import BOARD, new_game

pytestmark = pytest.mark.skipif(
    board_image.font_path() is None,
    reason="no CJK font (apt-get install fonts-wqy-zenhei; scripts/test does it as root)",
)


def test_both_boards_are_drawn_and_the_public_one_shows_no_secret() -> None:
    from PIL import Image

    first = new_game()
    second = new_game(tuple(reversed(BOARD)), secrets=False, seed=5)
    public = board_image.render(public_board(first))
    directors = board_image.render(director_board(first))
    assert public is not None and directors is not None
    assert board_image.render(public_board(second)) == public  # every secret differs, the picture does not
    assert board_image.render(director_board(second)) != directors
    for png, board in ((public, public_board(first)), (directors, director_board(first))):
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG"
        assert image.height >= (len(board.rows) + 2) * board_image.ROW
        inked = sum(image.convert("L").histogram()[:128])
        assert inked > 50 * len(board.rows)  # the glyphs were drawn, not left blank
    assert Image.open(io.BytesIO(directors)).width > Image.open(io.BytesIO(public)).width  # the secret columns
