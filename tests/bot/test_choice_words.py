"""A DM naming a choice from a list the game computes (阴魂不散's skills, 变脸's 底牌) reaches the
engine as the act's choice, which checks it and says what may be named; before, each such word
was refused as an unknown target."""

from __future__ import annotations

from engine import commands as c
from engine.game import Game
from engine.ruleset.loader import load_ruleset
from tests.engine.builders import own_board

BOARD = ("幽魂", "变脸者", "狼巫", "纯白之女", "长老")


def _game() -> Game:
    return own_board(load_ruleset("m216_mask"), BOARD)


def test_several_words_of_a_list_are_one_choice() -> None:
    from plugins.player import command_for

    command = command_for(_game(), 1, ["阴魂不散", "黑暗侦测", "照耀"], "阴魂不散 黑暗侦测 照耀")
    assert isinstance(command, c.Act)
    assert (command.skill, command.targets, command.choice) == ("阴魂不散", (), "黑暗侦测、照耀")


def test_a_word_of_a_computed_list_is_the_choice_and_a_target_stays_a_target() -> None:
    from plugins.player import command_for

    game = _game()
    face = game.st.seat(2).faces[0]  # one of 变脸者's 底牌, drawn at the deal
    command = command_for(game, 2, ["变脸", face], f"变脸 {face}")
    assert isinstance(command, c.Act) and (command.targets, command.choice) == ((), face)
    command = command_for(game, 4, ["照耀", "丙"], "照耀 丙")
    assert isinstance(command, c.Act) and (command.targets, command.choice) == ((3,), None)
