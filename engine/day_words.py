"""The words of the day and of the end: the vote (放逐投票, 平票), the 警长 (竞选, 殉职), last words,
surrender and showdown, extra vote rounds, and victory (胜负判定: the tests a camp's loss or win is
written in), each with a gloss.

Kept apart from engine/vocabulary.py, which would pass 600 lines, as engine/status_words.py and
engine/board_words.py are; all sit in the lowest layer.
"""

from __future__ import annotations

VICTORY_TESTS = {
    "none": "no living seat meets the condition",
    "every": "every living seat meeting it also meets `have`",
    "at_least_half": "the living seats meeting it are at least half of the living",
    "some": "some living seat meets it",
    "out_at_least": "at least N seats meeting `of` are out; N a number or a formula of the player count (开局狼人最低人数: round(N * 0.3))",
    "quiet_days": "N: no seat meeting `of` went out for N game days — since its last out (or the first day's start) the phase of that out came round N days later and closed (利维坦<吞食天地>: 连续2天2夜没有任何[实际阵营]为[狼人阵营]的角色出局)",
    "camps_left": "at most N camps in play are not lost, this one among them",
    "living": "exactly N seats are alive (场上存活人数为4)",
    "red_cards": "the seats meeting `of`, out ones too, hold at least N 红牌 between them (同一阵营的角色累计获得两张或以上红牌时，阵营判负)",
    "all": "[tests]: every listed test holds (所有[群内]和[接刀]的角色均出局，并且…出局开局狼人最低人数个)",
}

VICTORY_RULE_KEYS = {
    "text": "the post's sentence",
    "have": "every: what each seat must meet",
    "of": "out_at_least, red_cards, quiet_days: which seats count",
    "when": "only while this condition on the game holds (an option, a dealt role, any_seat)",
}

TIE_BREAKERS = {
    "trigger": "a seat holding a skill with `trigger: {on: tie}` uses it (冤死)",
    "sheriff_pick": "the sheriff's vote, when among the highest, is out (带队)",
    "top_trigger": "a tied seat holding a skill with `trigger: {on: top}` uses it (王权)",
    "sheriff_vote": "the sheriff's vote is out, among the highest or not (警长投票的对象出局)",
}

VOTE_KEYS = {
    "exile_from_day": "the first day whose vote exiles",
    "tie": "tie-breakers in order (TIE_BREAKERS; each may be {breaker: {if: condition on the game}}), or none",
    "changes": "how many times a vote may be changed",
    "freeze_minutes": "no change or 代投 in the last minutes before 关门",
    "no_votes_tie": "true: 全员弃票也视为平票",
    "red_after_tally": "true: a 红牌 given by day takes effect once the day's vote has resolved",
    "silent": "蓝 | 黄 | 红: a seat that neither votes nor abstains is flagged to the directors for this card",
    "blocked_notice": "what the public is told of a day whose 放逐投票 is void (封锁投票; 幽暗无光: 显示没人被票出)",
    "change_if_out": "true: a vote whose seat went out during the day may be changed once more, even in the final hour (投票的角色在正午就已出局，即使在禁止改票的时间内也可以进行一次改票)",
    "safe_notice": "what the public is told when a guard keeps the 最高票 in ({target}: that seat; 公示平安日); absent: the guard's note",
}

ELECTION_KEYS = {
    "day": "the day of the sheriff election",
    "decide": "earliest_highest (最先达到最高票) | tie_none (平票则没有警长)",
    "own_day": "true: 竞选日, a day of its own before the night's outs are announced",
    "swallowed_by": "skills that, used on 竞选日, end it with no sheriff for the game (吞警徽)",
}

SHERIFF_KEYS = {
    "text": "the post's sentences about the sheriff",
    "election": "how the sheriff is elected (ELECTION_KEYS)",
    "weight": "how many votes the sheriff's vote counts as (带队: 2, 2.5)",
    "weight_if": "[{if: condition on the game, weight}]: another weight while that holds (有替罪羊时计为2票)",
    "on_out": "the succession (殉职): SHERIFF_OUT_KEYS",
    "public_label": "name | secret: how the public is told who the sheriff is",
    "declares": "a skill each new sheriff gains and is asked to use at once (任职宣言: 独裁/自由/秩序, a `choices` skill of a role with `dealt: false`); only while its `only_if` holds (任命<强制>（新月扩展）)",
}

SHERIFF_OUT_KEYS = {
    "prompt": "the succession's name (殉职)",
    "timeout": "random | none: what silence means",
    "random_on": "causes after which the badge passes at random, without asking (红牌)",
    "retry_out": "true: a successor already out tonight is refused, and the sheriff told to choose again (警长将得到通知重新选择)",
    "minutes": "the prompt's time limit: N | {day: N, night: N}",
}

LAST_WORDS_KEYS = {
    "count": "how many seats may leave 遗言: N | all | a formula of N, the seats dealt (人数配备最少狼数量: round(N * 0.3)) | {role: 身份} | {roles: [..]} (as many as those roles' cards)",
    "phases": "day | first_night: only seats out then leave 遗言 (仅白天或第一夜)",
}

SURRENDER_KEYS = {
    "ask": "whose agreement a camp's 投降 needs (dead ones too)",
    "when_all": "a condition every seat of the camp must meet first (已入群)",
    "forbidden": "[{if: condition on the game, text}]: not allowed while that holds, and why",
}

SHOWDOWN_KEYS = {
    "ask": "whose agreement a camp's 拍刀 needs before it goes to the directors",
    "rounds": "轮次决胜: the bot plays the plan out itself instead (ROUNDS_KEYS)",
}

ROUNDS_KEYS = {
    "option": "the option that switches it on (轮次决胜)",
    "nights": "how many nights the camp has to win in, the current one first (三天的刀法)",
    "acts": "the only skills used in those nights (杀人, 守护之盾, 救治, 救药 …); the others rest",
    "must": "of those, the ones that may not be passed: made at random when left unmade (守卫/医生必须…)",
    "against": "the seats the worst case takes: each day one is voted out, and `hostile` skills hit them",
    "hostile": "skills used on `against` by themselves (猎人、女巫、刺客必定杀狼)",
    "again": "a skill that, held, votes out one more each day (口吃法官必定发动暗示)",
}

VICTORY_KEYS = {
    "check": "immediate: checked after every change; stage: 除了屠城胜利即时判定之外，结算完当前阶段才会判定 — lose and win conditions are judged as each 阶段 (a step's sub-phase: 黄昏, 早夜 …; the day) ends, while 屠城 (one camp alone not lost, or the living all of one camp) ends the game at once",
    "priority": "camps in order: when several win at once, the first does (妖狐 > 吹笛者 > …)",
    "win": "the camp's win conditions, each a VICTORY_TESTS test with a `text` (and VICTORY_RULE_KEYS)",
    "lose": "the camp's lose conditions, the same way",
    "usurp": "when another camp wins while one of these holds, this camp wins instead (妖狐代替该阵营胜利)",
    "on_lose": "effects when the camp is lost (失去杀人技能)",
    "joint_loss": "camps in order: when every camp in play is lost by one check, the first of these not lost before it wins (同时判负时，之前未判负的阵营中按照优先级获胜)",
    "stalemate": "sheriff: when the game cannot go on, a director's 「裁定 僵持」 has the 警长's camp win (若因为非违规的特殊情况导致游戏无法正常进行…警长在谁手里，那个角色所属的阵营就获胜)",
    "loses_alone": "[{text, if}]: a seat meeting `if` when the game ends is not among the winners though its camp wins, and the result notice names it with `text` (暗恋者和主人任何一个出局，暗恋者单独落败)",
    "together": "steps whose outs are judged as one list: no check until the step's attacks and outs are all resolved (凌晨2 下列顺序统计出局名单)",
}
