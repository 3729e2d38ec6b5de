"""The words of statuses, damage kinds and guards, each with a one-line gloss.

One table per part of the post's 词条说明 / 用语定义 that a status or an attack is written in:
the keys of a status, the keys of its ``guards:`` (守护 … 不死: what it stops), the keys of a
damage kind (穿透 无视[守护]), and the keys a ruleset has dropped, each with the key that
replaces it, so that loading an old ruleset says what to write instead.
"""

ANY = "any"  # `against: any` / `ignores: any`: every kind and cause (less the `except` list)

STATUS_KEYS = {
    "text": "the post's sentence",
    "told": "what its holder is told (false: nothing)",
    "dawn_notice": "the dawn notice's heading listing its holders",
    "no_vote": "its holder may not vote",
    "not_votable": "its holder may not be voted for",
    "no_sheriff": "its holder may not become sheriff",
    "silenced": "its holder may use only [强制] skills",
    "vote_weight": "its holder's vote counts this much",
    "cancels": "meeting one of these on a seat, both end (救药 + 守护之盾 均失效)",
    "blocks": "skills its holder may not use (首夜刀口: 自爆)",
    "whole_seat": "true: it stays when its holder's current card goes out (others end with that card)",
    "immune": "no skill has any effect on its holder (the act is spent)",
    "void_acts": "its holder's non-[强制] skills have no effect on others (still spent); a [团队] skill of its team too",
    "follows_source": "every skill aimed at its giver aims at its holder as well (拥抱)",
    "guards": "what it stops: a damage kind as it strikes, or an out as it is resolved (守护, 坚韧, 霸道, 不死)",
    "extra_votes": "its holder counts this many votes more in the day's count (诽谤)",
    "skills": "skills its holder holds while it holds it",
}
GUARD_KEYS = {
    "against": "the damage kinds or out causes it stops (指杀, 投票出局, 红牌 …); any: all of them",
    "except": "with `against: any`: the kinds and causes it does not stop (坚韧: 红牌, 致死伤害, 投票出局)",
    "at": "strike (default): it cancels the attack as it strikes (抵消); out: it keeps its holder in as the out is resolved (不会出局)",
    "instead": "giver: its giver goes out in its holder's place (爱慕); only while the giver is in",
    "uses": "how many hits it stops ([守护:X]); absent: any number",
    "note": "what the log says when it stops one",
    "on_stop": "effects when it stops a hit (its holder is `self`)",
}
GUARD_STAGES = {
    "strike": "an attack meets its target (deaths.strike): the attack is cancelled",
    "out": "an out is resolved (deaths.out): its holder stays in, or its giver goes out instead",
}
KIND_KEYS = {
    "ignores": "guards this kind passes through (穿透 无视[守护]); any: all of them but `except`",
    "except": "with `ignores: any`: the guards it still meets (致死伤害: 不死)",
}
REMOVED_STATUS_KEYS = {
    "stops": "guards: {against: [...]}",
    "uses": "guards: {uses: N}",
    "note": "guards: {note: ...}",
    "on_stop": "guards: {on_stop: [...]}",
    "spares_only": "guards: {against: any, except: [...], at: out}",
    "stands_in": "guards: {against: [...], at: out, instead: giver}",
}
REMOVED_KIND_KEYS = {
    "defences": "damage.<kind>.ignores 与顶层 guard_order（各状态的 guards.against 说明它抵挡哪些伤害）",
}
