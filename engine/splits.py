"""A secret split of a role's cards as dealt (灯影预言家: 正位 / 反位, L131): each card of the role
gets one of the split's statuses in turn, the seats in a random order, so no two counts differ by
more than one (正反位数量差距不会超过1); the public is told only the counts (导演会公布本局有几个正位，
几个反位灯影预言家). Who holds which stays secret, from the holder too (the statuses are not told)."""

from __future__ import annotations

from engine.context import Context


def deal(game: Context) -> None:
    """Give each split role's cards their statuses and announce the counts, once, as the game opens."""
    st = game.st
    for role in game.rs.roles.values():
        split = role.split
        if split is None:
            continue
        seats = [s.no for s in st.seats if s.card.role == role.name]
        if not seats:
            continue
        game.rng().shuffle(seats)
        order = list(split.statuses)
        game.rng().shuffle(order)
        counts = dict.fromkeys(split.statuses, 0)
        for i, no in enumerate(seats):
            name = order[i % len(order)]
            counts[name] += 1
            game.grant_status(no, name, source=0, until="permanent", uses=None, rule=role.name, quiet=True)
        if split.announce:
            text = split.announce.format(**counts)
            game.public(text)
            game.log("announce", text, role.name, secret=False)
