"""新月扩展 as a ruleset holds it: its events and the signs a 执警 chooses from (rulesets/wuyu_town/moon.yaml)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MoonEvent:
    """A 新月事件: a rule change for its stated time (事件有效期), and when a 新月配置 may hold it."""

    name: str
    influence: int  # 影响力: + helps the 村民阵营, - hurts it
    text: str
    lasts: str  # next_day_start | next_day_end | game_end
    needs: tuple[str, ...] = ()  # 在身份配置没有X的情况下，不使用这一事件
    not_with: tuple[str, ...] = ()  # 在身份配置有X的情况下，不使用这一事件
    apart_from: tuple[str, ...] = ()  # 不会与这些事件同时出现在新月配置中
    grants: tuple[tuple[str, str], ...] = ()  # (role, skill): its holders hold the skill while it is in effect
    takes: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (role, skills): its holders lose them as it begins
    reveals: tuple[tuple[tuple[str, ...], str], ...] = ()  # (causes, team or role): told the roles of such outs
    todo: str = ""
    where: str = ""


@dataclass(frozen=True)
class Moon:
    """新月扩展: the option that switches it on, the signs a 执警 chooses from, and the events."""

    option: str
    signs: tuple[str, ...]
    balance: int  # 推荐将事件配置的影响力之和配至一个正号或负号以内
    events: dict[str, MoonEvent]
