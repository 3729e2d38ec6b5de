"""新月扩展's 新月配置: which events a board may use, what is wrong with a configuration, and the 导演's draw.

A 新月配置 maps each sign a 执警 may choose (决策) to one event. An event is not used without the
roles it ``needs`` or beside a role it is ``not_with``; events ``apart_from`` each other never share
one; the influences' sum stays within ``balance`` of 0 (推荐将事件配置的影响力之和配至一个正号或负号以内).
〔导演〕With fewer usable events than signs, the first signs get one each and the rest none.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from engine.ruleset.moon_parts import Moon, MoonEvent

ATTEMPTS = 200


def usable(moon: Moon, roles: Collection[str]) -> list[MoonEvent]:
    """The events a board with these roles may use, in the post's order."""
    dealt = set(roles)
    return [
        e for e in moon.events.values() if all(r in dealt for r in e.needs) and not any(r in dealt for r in e.not_with)
    ]


def problem(moon: Moon, config: dict[str, str], roles: Collection[str]) -> str | None:
    """What is wrong with a 新月配置 for this board, in words a director can act on; None if nothing."""
    allowed = {e.name for e in usable(moon, roles)}
    for sign, event in config.items():
        if sign not in moon.signs:
            return f"「{sign}」不是星座（可用：{'、'.join(moon.signs)}）。"
        if event not in moon.events:
            return f"「{event}」不是新月事件（可用：{'、'.join(moon.events)}）。"
        if event not in allowed:
            return f"{event}不能用于这个板子：{_why_not(moon.events[event], roles)}。"
    events = list(config.values())
    repeated = sorted({e for e in events if events.count(e) > 1})
    if repeated:
        return f"同一个新月事件只能对应一个星座：{'、'.join(repeated)}。"
    for name in events:
        clash = [other for other in moon.events[name].apart_from if other in events]
        if clash:
            return f"{name}不会与{'、'.join(clash)}同时出现在新月配置中。"
    return None


def _why_not(event: MoonEvent, roles: Collection[str]) -> str:
    missing = [r for r in event.needs if r not in roles]
    if missing:
        return f"身份配置中没有{'、'.join(missing)}"
    return f"身份配置中有{'、'.join(r for r in event.not_with if r in roles)}"


def influence(moon: Moon, config: dict[str, str]) -> int:
    """The sum of the configuration's 影响力."""
    return sum(moon.events[e].influence for e in config.values())


def deal(moon: Moon, roles: Collection[str], rng: random.Random) -> dict[str, str]:
    """The 导演's draw: a 新月配置 of usable events, one per sign, none apart_from another, balanced
    as far as the usable events allow (the closest to 0 found, if none is within ``balance``)."""
    events = usable(moon, roles)
    best: dict[str, str] = {}
    for _ in range(ATTEMPTS):
        chosen: list[MoonEvent] = []
        for event in rng.sample(events, len(events)):
            if len(chosen) < len(moon.signs) and not any(
                event.name in c.apart_from or c.name in event.apart_from for c in chosen
            ):
                chosen.append(event)
        config = dict(zip(moon.signs, (e.name for e in chosen), strict=False))
        if not best or abs(influence(moon, config)) < abs(influence(moon, best)):
            best = config
        if abs(influence(moon, best)) <= moon.balance:
            break
    return best


def of_game(moon: Moon, config: dict[str, str], roles: Collection[str], seed: int) -> dict[str, str]:
    """A game's 新月配置: the directors' own, or (none given) the 导演's draw from the game's seed —
    its own stream, so the deal's draws stay as they are."""
    return dict(config) or deal(moon, roles, random.Random(f"新月配置:{seed}"))


def unwritten(moon: Moon, config: dict[str, str]) -> list[str]:
    """The configuration's events that do not play yet (their ``todo``), in sign order."""
    return [event for event in config.values() if moon.events[event].todo]


def describe(moon: Moon, config: dict[str, str]) -> str:
    """「白羊座→邪恶仪式（-）、…；影响力之和 0」."""
    pairs = "、".join(
        f"{sign}→{event}（{'+' if moon.events[event].influence > 0 else '-'}）" for sign, event in config.items()
    )
    total = influence(moon, config)
    return f"{pairs or '（无）'}；影响力之和 {f'{total:+d}' if total else '0'}"
