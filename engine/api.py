"""The engine as the bot, the plugins and the rulesets' hooks see it: the one module they import.

What lies behind it (the rule modules, the queue, the loader) may be rearranged without touching
them; an import-linter contract in pyproject keeps bot/ and plugins/ to this module.

- a game: ``Game`` (``Game.start``, ``apply``, ``tick``, ``next_deadline``), ``Result``,
  ``check_start``; ``commands`` (every command type, ``commands.RULINGS``); ``replay``;
  ``moves`` (autoplay for the demo);
- rulesets: ``load_ruleset``, ``ruleset_dir``, ``installed_rulesets``, ``RULESETS_DIR``,
  ``Ruleset``; settings: ``RANGES``, ``SETTING_KEYS``, ``check_settings``, ``default_settings``;
- boards: ``BadBoard``, ``parse_board``, ``board_cards``, ``deal``, ``extra_cards``, ``seats_for``,
  ``board_advice``, ``describe_boards``, ``draw_board``, ``board_problem``;
- what an audience may see: ``seat_view``, ``director_view``, ``public_board``, ``director_board``
  (``SeatBoard``), ``range_text``, ``in_play``, ``skills_known``, ``options_text``, ``phase_title``;
- messages and errors: ``Message``, ``To``, ``RulesetError``, ``Refusal``;
- for a ruleset's hooks: ``Context`` (what a hook receives), ``EffectCtx``, ``Seat``, ``Damage``,
  ``Strike`` (a queued attack), ``end_game``, ``choose_moon_sign`` (执警<决策>).
"""

from __future__ import annotations

from engine import commands
from engine.autoplay import moves
from engine.boards import BadBoard, deal, extra_cards, seats_for
from engine.boards import advice_text as board_advice
from engine.boards import cards_of as board_cards
from engine.boards import describe as describe_boards
from engine.boards import parse as parse_board
from engine.context import Context
from engine.draw import draw as draw_board
from engine.draw import problem as board_problem
from engine.effects import Ctx as EffectCtx
from engine.errors import Refusal, RulesetError
from engine.game import Game, Result, check_start
from engine.messages import Message, To
from engine.moon import deal as deal_moon
from engine.moon import describe as describe_moon
from engine.moon_events import choose as choose_moon_sign
from engine.queue import Strike
from engine.replay import replay
from engine.reports import director_view, seat_view
from engine.ruleset.loader import RULESETS_DIR, installed_rulesets, load_ruleset, ruleset_dir
from engine.ruleset.model import Option, Ruleset
from engine.schedule import RANGES, SETTING_KEYS, check_settings, default_settings
from engine.seat_board import SeatBoard, director_board, public_board
from engine.state import Damage, Seat
from engine.texts import options as options_text
from engine.texts import phase_title
from engine.victory import end as end_game
from engine.views import in_play, range_text, skills_known

__all__ = [
    "RANGES",
    "RULESETS_DIR",
    "SETTING_KEYS",
    "BadBoard",
    "Context",
    "Damage",
    "EffectCtx",
    "Game",
    "Message",
    "Option",
    "Refusal",
    "Result",
    "Ruleset",
    "RulesetError",
    "Seat",
    "SeatBoard",
    "Strike",
    "To",
    "board_advice",
    "board_cards",
    "board_problem",
    "check_settings",
    "check_start",
    "choose_moon_sign",
    "commands",
    "deal",
    "deal_moon",
    "default_settings",
    "describe_boards",
    "describe_moon",
    "director_board",
    "director_view",
    "draw_board",
    "end_game",
    "extra_cards",
    "in_play",
    "installed_rulesets",
    "load_ruleset",
    "moves",
    "options_text",
    "parse_board",
    "phase_title",
    "public_board",
    "range_text",
    "replay",
    "ruleset_dir",
    "seat_view",
    "seats_for",
    "skills_known",
]
