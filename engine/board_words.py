"""The words of boards: the preset boards and their variants, the deal's rules (组合, 禁止的组合,
身份配置建议) and the draw of a post's 身份配置 (N选K pools, 阵营人数 formulas, 有A必有B, 强度值, the
cards that turn others into themselves), each with a gloss.

Kept apart from engine/vocabulary.py, which would pass 600 lines, as engine/status_words.py is;
both sit in the lowest layer, so the loader, the docs and the engine read the same rows.
"""

from __future__ import annotations

HAND_KEYS = {
    "text": "the post's sentence",
    "pairs": "the pairs of dealt roles that make it",
    "also": "[{option, pairs}]: more pairs while that option is on",
}
DEAL_KEYS = {
    "forbidden": "[{text, pair: [card condition, card condition]}]: combinations no seat may hold",
    "hands": "{hand: [least, most]}: how many seats a deal must give that hand",
    "apart": "[{roles: [a, b], text}]: roles never on one board together",
    "advice": "[ADVICE_KEYS]: what a board should keep (身份配置建议), shown to the directors as warnings",
}
ADVICE_KEYS = {
    "text": "the post's advice",
    "sum": "{role: weight}: the board's cards of those roles counted with these weights (狼人: -1, 村民: 1)",
    "between": "[least, most]: where the sum should lie",
    "influence": "[least, most]: where the board's 影响力 (the roles' `influence`) should lie, instead of a sum",
}
CARD_CONDITION_KEYS = {"role": "the role as dealt", "camp": "the dealt role's own camp", "not": "negation"}
BOARD_KEYS = {
    "text": "the post's line",
    "cards": "{role: count}: the template's cards",
    "options": "options the board switches on",
    "substitutions": "{name: {text, replace, choose, to, options}}: the variants allowed on it",
}
DRAW_KEYS = {
    "text": "the post's line on the board (开局4狼1验人系…共计14人)",
    "players": "N | [least, most]: the player counts a board is drawn for",
    "pools": "{name: DRAW_POOL_KEYS}: the categories drawn K of N; each role names its `pool`",
    "strength_mode": "which of a role's per-mode 强度值 counts (刀边)",
    "sizes": "[DRAW_SIZE_KEYS]: how many cards some pools give together, by formulas of N (阵营人数)",
    "exactly": "[{text, pool, count}]: 有且仅有 — the pool gives exactly this many",
    "requires": "[{text, roles: [A, B], both}]: 有A必有B; both: and 有B必有A",
    "when": "[{text, if, include | exclude}]: a role the board must (or must not) hold while `if` holds",
    "strength": "{text, camps: [A, B], between: [least, most]}: A's 强度值总和 over B's lies in the range",
    "waived_by": "an option (values [false, true]): when on, a hand-made board need not keep these rules (以导演解释为准)",
    "converts": "[{text, role, pools, camp, count}]: 该身份出现时…也会变为 — with `role` drawn, every card of `pools` and `count` random cards more of `camp` become it as the board is dealt (the drawn board keeps the post's counts)",
}
DRAW_POOL_KEYS = {
    "text": "the post's line (强神：10选4)",
    "count": "how many it gives; absent (and no odds): whatever `sizes` allow, each split equally likely",
    "odds": "{count: formula of N}: the chance of each count (（35-参与人数）X5%); below 0 is 0",
    "appears": "the chance (60%) it gives any card at all, drawn apart from every other pool",
}
DRAW_SIZE_KEYS = {
    "text": "the post's sentence",
    "pools": "the pools counted together",
    "between": "[least, most]: formulas of N with ceil (上取整), round (四舍五入, half up), floor, min, max, %",
    "if": "a DRAW_IF_KEYS condition: the bound holds only then (若存在妖狐)",
}
DRAW_EXACTLY_KEYS = {"text": "the post's sentence", "pool": "the pool", "count": "how many (有且仅有一个: 1)"}
DRAW_REQUIRES_KEYS = {
    "text": "the post's sentence",
    "roles": "[A, B]: a board holding A holds B",
    "both": "true: and a board holding B holds A",
}
DRAW_WHEN_KEYS = {
    "text": "the post's sentence",
    "if": "a DRAW_IF_KEYS condition",
    "include": "the role the board must hold while it holds",
    "exclude": "the role the board must not hold while it holds",
}
DRAW_IF_KEYS = {
    "any": "roles: any of them is on the board",
    "tag": "with `pool`: the card tag counted among the pool's cards (the rule's own role not counted)",
    "pool": "the pool whose cards are counted; the share is of the pool's count",
    "at_most": "the share is at most this (1/3)",
    "more_than": "the share is more than this (2/3)",
}
DRAW_STRENGTH_KEYS = {
    "text": "the post's sentence",
    "camps": "[A, B]: the camps whose 强度值总和 are compared",
    "between": "[least, most]: A's sum over B's (1.1, 1.2), both ends allowed",
}
SUBSTITUTION_KEYS = {
    "text": "the post's line",
    "replace": "{from: to}: each swaps one card",
    "choose": "roles of which the director names one to become `to` (以导演解释为准)",
    "to": "the role a chosen card becomes",
    "options": "options it switches on",
}
DRAW_CONVERT_KEYS = {
    "text": "the post's sentence (该身份出现时…也会变为)",
    "role": "the role that, drawn, turns the others into itself",
    "pools": "every card of these pools becomes it (所有验人系)",
    "camp": "with count: the camp the further cards are drawn from (村民阵营)",
    "count": "how many cards more of `camp`, at random, become it (随机一个村民阵营: 1)",
}
