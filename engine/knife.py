"""接刀顺序: an ordered card tag's skills held by one bearer at a time, moving down its order.

A card tag with an ``order`` (M216's [接刀], 幽暗无光 3) gives its skills (杀人) to one seat, the
holder: the first bearer by its place in the order (its dealt role's, or the place it inherits:
影子) that is alive, not passed over, and not under a permanent ``passed_by`` status (业炎/净化).
A bearer met out or so held is passed over for good: revived or cleared, it never holds again
(之后若之前可[接刀]的狼复活，或状态已清除，则不再接刀，将继续往下接刀), nor does a bearer placed
before the holder, whenever it gained the tag. A holder under a passing 超度 keeps its place,
though the tag and so the skill are gone while the status lasts (engine/cards.py ``tags``).
A tag that ``covers`` another (165's [接刀] covers [群内]) has no holder while a bearer of that one is
in and free of a permanent ``passed_by`` status: the knife is theirs, and comes back to them.

The same pass keeps ``st.tag_bearers`` (who bears each tag now), which the ``tag:`` condition
reads (狼人阵营不存在任何[群内]或[接刀]的角色); it runs before each victory check, so after every
work item. Rulesets whose tags have neither ``order`` nor ``roles`` never run it.
"""

from __future__ import annotations

from engine import cards
from engine.context import Context
from engine.ruleset.model import CardTag
from engine.state import Seat


def used(game: Context) -> bool:
    tags = game.rs.card_tags
    return bool(tags) and any(tag.order or tag.roles for tag in tags.values())


def place(game: Context, seat: Seat, tag: CardTag) -> int:
    """The seat's place in the tag's order: the one it inherited, else its dealt role's (last if unlisted)."""
    if seat.no in game.st.knife_places:
        return game.st.knife_places[seat.no]
    role = seat.card.dealt_as
    return tag.order.index(role) if role in tag.order else len(tag.order)


def update(game: Context) -> None:
    """Move each ordered tag's knife to its holder, and note who bears each tag now."""
    if not used(game):
        return
    st = game.st
    bearers = {name: [s.no for s in st.seats if name in cards.tags(game, s)] for name in game.rs.card_tags}
    bearers = {name: seats for name, seats in bearers.items() if seats}
    if bearers != st.tag_bearers:
        st.tag_bearers = bearers
        game.changed()
    for tag in game.rs.card_tags.values():
        if tag.order:
            _move(game, tag)


def _move(game: Context, tag: CardTag) -> None:
    st = game.st
    passed = st.knife_passed.setdefault(tag.name, [])
    reached = st.knife_at.get(tag.name, 0)
    covered = _covered(game, tag)
    ranked = sorted(
        (place(game, s, tag), s.no)
        for s in st.seats
        if not covered and tag.name in cards.borne(game, s) and s.no not in passed and place(game, s, tag) >= reached
    )
    holder = 0
    for at, no in ranked:
        seat = st.seat(no)
        if seat.alive and not _passed_by(game, seat, tag):
            holder, st.knife_at[tag.name] = no, at
            break
        passed.append(no)
        game.log("knife", f"{game.who(no)}被跳过，不再[{tag.name}]", tag.name)
    if not passed:
        del st.knife_passed[tag.name]
    before = st.knife.get(tag.name, 0)
    if holder == before:
        return
    if covered:
        game.log("knife", f"[{tag.covers}]重新出刀，{game.who(before)}不再[{tag.name}]", tag.name)
        game.tell(before, f"[{tag.covers}]的角色重新出刀：你不再[{tag.name}]，不再持有技能{_skills(tag)}。")
    if holder:
        st.knife[tag.name] = holder
    else:
        st.knife.pop(tag.name, None)
    game.changed()
    if holder:
        game.log("knife", f"{game.who(holder)}[{tag.name}]，持有{_skills(tag)}", tag.name)
        game.tell(holder, f"你[{tag.name}]：你现在持有技能{_skills(tag)}。")


def _skills(tag: CardTag) -> str:
    return "、".join(f"<{name}>" for name in tag.skills) or "无"


def _covered(game: Context, tag: CardTag) -> bool:
    """165 [接刀]: a bearer of the ``covers`` tag is in and free of a permanent ``passed_by`` status."""
    return bool(tag.covers) and any(
        seat.alive and tag.covers in cards.borne(game, seat) and not _passed_by(game, seat, tag)
        for seat in game.st.seats
    )


def _passed_by(game: Context, seat: Seat, tag: CardTag) -> bool:
    """Under a permanent status of the tag's ``passed_by`` (永久的[业炎/净化])."""
    return any(s.name in tag.passed_by and s.until == "permanent" for s in seat.statuses)


def take_role_tags(game: Context, seat: Seat, role: str, names: list[str], rule: str) -> None:
    """主人格: the seat gains these tags of a role it takes the kit of, in that role's place in each order."""
    for name in names:
        if name not in seat.card.tags:
            seat.card.tags.append(name)
        tag = game.rs.card_tags.get(name)
        if tag is not None and tag.order:
            game.st.knife_places[seat.no] = tag.order.index(role) if role in tag.order else len(tag.order)
    game.changed(seat.no)
    game.log("knife", f"{game.who(seat.no)}获得{role}的标签：{'、'.join(names)}", rule)
    update(game)


def inherit(game: Context, heir: Seat, host: Seat, names: list[str], rule: str) -> None:
    """影子: the heir gains these tags of the host's, and takes the host's place in each ordered one."""
    for name in names:
        if name not in heir.card.tags:
            heir.card.tags.append(name)
        tag = game.rs.card_tags.get(name)
        if tag is not None and tag.order:
            game.st.knife_places[heir.no] = place(game, host, tag)
    game.changed(heir.no)
    game.log("knife", f"{game.who(heir.no)}继承{game.who(host.no)}的标签与接刀顺序", rule)
    update(game)
