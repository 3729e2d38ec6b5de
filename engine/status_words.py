"""The words of statuses, damage kinds, guards, appearances and durations, each with a gloss.

One table per part of the posts' 词条说明 / 用语定义 that a status or an attack is written in: the
keys of a status; the capabilities it gives its holder (``CAPS``: each read in one module, so a
reader holding a post finds what 沉默 does in one place); the keys of its ``guards:`` (守护 …
不死) and of a damage kind (穿透 无视[守护]); ``appears:``; the durations (``UNTILS``); and the
keys a ruleset has dropped, each with what replaces it, so that loading an old ruleset says what
to write instead.

Departures from ../shared/design/ENGINE_LAYERS.md §3 C–E, and why:
- these tables live here, not in engine/vocabulary.py, which would pass 600 lines; both sit in the
  lowest layer, so the loader, the docs and the engine read the same rows;
- a guard names the stage it acts at (``at: strike`` 抵消 / ``at: out`` 免于出局) instead of one
  check per hit: M216's 出局结算流程 1 and 2 are two steps, and 165's 坚韧 / 不死 ("不会出局") meet
  outs that are no attack at all (the vote, a plain 出局); one function still answers both;
- a compound's capabilities are expanded as the ruleset loads rather than per seat at play time:
  ``includes`` cannot change during a game, and every reader stays a dictionary lookup.
"""

from dataclasses import dataclass

ANY = "any"  # `against: any` / `ignores: any`: every kind and cause (less the `except` list)

STATUS_KEYS = {
    "text": "the post's sentence",
    "caps": "what it does to its holder: capabilities of the table below (`[silenced, {vote_weight: 0}]`)",
    "includes": "statuses it is made of, whose capabilities its holder has too (业炎 = 沉默 + 超度 + 遗忘)",
    "class": "负面 | 非负面: its class, for immunities by class (秩序 会清除并免疫负面状态)",
    "immune_to": "classes or names its holder cannot gain while it holds it (免疫负面状态; any: 永久不会获得任何[状态], held with a skill's `grants`)",
    "clears": "classes or names it ends on its holder as it is gained (秩序 清除负面状态)",
    "stacks": "true: each grant counts, a second one of the same giver too (独裁 可以叠加; 诡辩: 目标若出局，发动者的票数永久+1; 赌博 出人票加1票，此条可叠加); absent: a name's counted capabilities count once (相同名字的状态不会重复施加效果)",
    "todo": "not implemented yet: why (the check lists it)",
    "told": "what its holder is told (true: its name; false: nothing); absent: its name if it is 负面 (会得知被附加的效果), else nothing",
    "told_at_night_end": "true: gained at night, its holder is told (`told`) only as the night ends, and only if it still holds it then (当晚获得并立刻消除[吹笛]状态时，不会通知目标获得[吹笛]状态)",
    "dawn_notice": "the dawn notice's heading listing its holders",
    "cancels": "meeting one of these on a seat, both end (救药 + 守护之盾 均失效)",
    "whole_seat": "true: it stays when its holder's current card goes out (others end with that card)",
    "guards": "what it stops: a damage kind as it strikes, or an out as it is resolved (守护, 坚韧, 霸道, 不死)",
    "appears": "how its holder is seen by checks while it holds it (雪隐: {camp: 村民阵营}); see `appears`",
    "skills": "skills its holder holds while it holds it",
    "again": "{kind, cause, at: [steps]}: gained again while held, it is instead an attack of `kind` from that giver, resolved at the first of the steps `at` to come (流血: 再次获得…改为造成[暴击]; 二次流血 at 黄昏1, 凌晨2)",
    "on_gain": "effects run as an effect gives it, its giver acting on its holder as the first target (亡灵: 若场上有次数足够的技能[亡灵低语]，则按照那个技能执行，否则，获得该状态瞬间就承受一次[致死伤害])",
    "every": "{step, effects}: as each step `step` closes, `effects` run with its giver acting on its holder, even once the giver is out (疾病: 每个[晨曦]…受到来自状态赋予者的[特攻])",
    "echoes": "statuses its holder, gaining one, gains once more from this status's giver (邪祟灵光: 获得[流血]状态时，再额外获得来自破誓者一次[流血])",
    "links": "true: its holder put out by a skill's attack (not the plain vote) passes that attack, the same kind from the same source, to every other living holder of this status from the same giver (锁链师[链接]: 所有被[链接]的角色都受到一次与出局角色相同的攻击)",
    "forgets": "skill tags: gaining it (or a compound including it), its holder loses its skills with these tags and what they keep on it, told only if it held one (遗忘: 失去所有[强制]技能，持续生效的效果也会一并失去)",
    "refreshes": "a skill: as it ends (used up, removed, lapsed) or its holder is out, its giver's skill of this name is 刷新至初始 (仆役: 状态消失或是状态持有者出局，则发动者的[暗夜之佑]刷新至初始)",
}


@dataclass(frozen=True)
class Cap:
    """One capability a status gives its holder: the value it takes, its gloss, and its one reader."""

    shape: str  # flag: written bare | count: an integer | number: an integer or a decimal | names: a list of names | formula: of N (engine/formula.py)
    gloss: str
    read_in: str  # the engine module that reads it, and no other


CAPS = {
    "keeps_camp": Cap(
        "flag", "its holder's camp is not changed by skills or a new card (神恩: 不会…转变阵营)", "engine.change"
    ),
    "no_vote": Cap("flag", "its holder may not vote", "engine.voting"),
    "votes_as_giver": Cap(
        "flag",
        "its holder's vote, cast or not, is counted as the one its giver cast, the first such giver's (吹笛<混乱>1: 当天视作投票给吹笛者投票的目标; 投票贴不发言默认视作弃票…可以将那些不能发言的票也改成投给谁); the votes published stay as cast",
        "engine.voting",
    ),
    "not_votable": Cap("flag", "its holder may not be voted for", "engine.voting"),
    "vote_weight": Cap("number", "its holder's vote counts this much (迷魂: 0; 执警<代理>: 1.5)", "engine.voting"),
    "extra_votes": Cap("count", "its holder counts this many votes more in the day's count (诽谤)", "engine.voting"),
    "no_sheriff": Cap("flag", "its holder may not become sheriff", "engine.labels"),
    "silenced": Cap("flag", "its holder may use only [强制] skills (165 沉默)", "engine.legal"),
    "only_tags": Cap(
        "names", "its holder may use only skills with one of these tags (M216 沉默: [强制, 团队])", "engine.legal"
    ),
    "blocks": Cap("names", "skills its holder may not use (首夜刀口: 自爆)", "engine.legal"),
    "blocks_tags": Cap("names", "skills with one of these tags its holder may not use (缴械: [杀人])", "engine.legal"),
    "blocks_team": Cap(
        "names",
        "[团队] skills no member of its holder's team may use while it is in (165 缴械: 若是[群内]，也会影响整个群内不能发动杀人)",
        "engine.legal",
    ),
    "immune": Cap("flag", "no skill has any effect on its holder (the act is spent)", "engine.targeting"),
    "immune_to_giver": Cap(
        "flag",
        "no [指定] skill of its giver has any effect on its holder (the act is spent); a [团队] skill's source is one of"
        " its team's living members drawn from the game's seed (富商: 仅针对该角色的[隐身]…[杀人]则需要随机判定到技能来源为该角色才会无效)",
        "engine.targeting",
    ),
    "void_acts": Cap(
        "flag",
        "its holder's non-[强制] skills have no effect on others (still spent); a [团队] skill of its team too",
        "engine.targeting",
    ),
    "follows_source": Cap(
        "flag", "every skill aimed at its giver aims at its holder as well (拥抱)", "engine.targeting"
    ),
    "drops_tags": Cap(
        "names", "card tags its holder loses and cannot gain while it holds it (超度: [群内, 接刀])", "engine.cards"
    ),
    "vote_bonus": Cap(
        "formula",
        "its holder's vote counts this much more, on top of its weight (独裁 票权+1，从10人开始，当前存活人数每增加5人，"
        "票权额外+1: `1 + max(0, floor((N - 10) / 5))`, N the living count); once per grant if the status stacks",
        "engine.voting",
    ),
    "void_exile": Cap(
        "flag",
        "while any seat, in play or out, holds it, the day's 放逐投票 is void: no 最高票, nobody voted out; other "
        "votes (the 警长's) still count (封锁投票)",
        "engine.voting",
    ),
    "early_vote": Cap(
        "flag",
        "its holder casts the day's 放逐投票 before 开门, at once and for good: one sent between 关门 and 开门 is "
        "its vote of the next day; none by 开门 is 弃权; by day it votes once and may not change (狂躁)",
        "engine.voting",
    ),
    "reflects": Cap(
        "flag",
        "at night a [指定] skill aimed at its holder resolves on a seat at random without this capability instead (镜<反射>)",
        "engine.targeting",
    ),
    "counts_top": Cap(
        "flag",
        "its holder, in play, has the most votes in the day's count whatever it got; several such seats are a tie "
        "(替死: 发动者在当天的所有投票贴内视作最高票…这些角色全部视作最高票平票)",
        "engine.voting",
    ),
    "votes_out": Cap(
        "flag",
        "its holder, out, still votes in the day's vote (夺魂: 被夺魂角色…拥有票权; 虚体: 保留发言权和投票权)",
        "engine.voting",
    ),
    "proxy_vote": Cap(
        "flag",
        "its holder's vote is cast by the directors only (代投), as another seat decides (夺魂: 其投票由发动者通过导演代投决定)",
        "engine.voting",
    ),
    "no_guards": Cap("flag", "its holder's defences do not fire (邪祟灵光: 持有的[防御状态]不会触发)", "engine.guard"),
    "delays": Cap(
        "flag",
        "the acts its holder uses, the [指定] acts chosen on it and the votes it casts or receives resolve one day "
        "later, at the same step (an act keeps the [结算目标] it had) or in the next day's count (凝滞: "
        "效果延迟到下一天的同一时刻结算…发动技能时，受到[指定]技能时，投票时，被投票时)",
        "engine.delays",
    ),
    "near_only": Cap(
        "flag",
        "its holder's [指定] skills may choose only itself and the two living seats beside it in the 电梯楼, "
        "首尾相邻 (暴风雪: 只能对[去除出局角色后剩余的]电梯楼邻居两个角色以及自己使用[指定]技能)",
        "engine.legal",
    ),
    "spared_by_loans": Cap(
        "names",
        "statuses: its giver's [指定] skills held while it holds one of them (a `seize_kit` loan) may not choose "
        "its holder (暴利: 以此获得的[指定]技能不能对当前交易对象使用)",
        "engine.legal",
    ),
}


@dataclass(frozen=True)
class Anchor:
    """A named time a status lasts to (`until:`): the moment it ends at, and whether one granted in
    the phase that moment closes lasts on to the next such moment (在下一个讨论日: next_day_end)."""

    gloss: str
    ends_at: str  # a moment the engine marks: night_end | day_end | night_start | election_end | source_out | noon_start | dusk_end | dawn_start; "": never
    not_granted_now: bool = False


# The durations, one table: a timeline with sub-phases adds its anchors here (持续至下一个[正午]阶段开始:
# an anchor ending at the moment the timeline marks as 正午 opens).
UNTILS = {
    "permanent": Anchor("for the rest of the game", ""),
    "night_end": Anchor("until the night ends", "night_end"),
    "day_end": Anchor("until the day ends", "day_end"),
    "next_day_end": Anchor("until the end of the next day (在下一个讨论日不得投票)", "day_end", not_granted_now=True),
    "election_end": Anchor("until 竞选日 ends", "election_end"),
    "source_out": Anchor("until its giver is out", "source_out"),
    "night_start": Anchor("until the next night opens (在下一个夜晚开始前)", "night_start", not_granted_now=True),
    "noon_start": Anchor("until the next [正午] opens: the day's 开门 (持续至下一个[正午]阶段开始)", "noon_start"),
    "dusk_end": Anchor("until the next [黄昏] ends, as the night opens (持续至下一个[黄昏]阶段结束)", "dusk_end"),
    "dawn_start": Anchor("until the next [晨曦] opens, as its first step does (持续至[晨曦]阶段开始)", "dawn_start"),
    "next_night_end": Anchor(
        "until the next night ends; granted at night, the night after (连续两夜: last night's mark seen tonight)",
        "night_end",
        not_granted_now=True,
    ),
    "next_dusk_end": Anchor(
        "until the next day's [黄昏] ends; granted outside a 黄昏, the next one's (持续至下一天的[黄昏]阶段结束)",
        "dusk_end",
        not_granted_now=True,
    ),
}
STATUS_CLASSES = {"负面": "a negative status (沉默 缴械 … 会得知被附加的效果)", "非负面": "any other (秩序 自由 …)"}
GUARD_KEYS = {
    "against": "the damage kinds or out causes it stops (指杀, 投票出局, 红牌 …); any: all of them",
    "except": "with `against: any`: the kinds and causes it does not stop (坚韧: 红牌, 致死伤害, 投票出局)",
    "at": "strike (default): it cancels the attack as it strikes (抵消); out: it keeps its holder in as the out is resolved (不会出局); [strike, out]: both (不死 vs attacks and the vote)",
    "instead": "giver: its giver goes out in its holder's place (爱慕); only while the giver is in",
    "uses": "how many hits it stops ([守护:X]); absent: any number",
    "note": "what the log says when it stops one",
    "on_stop": "effects when it stops a hit (its holder is `self`; as an attack strikes, `targets` is the attack's source)",
    "causes": "only hits with one of these causes, the skill or rule that made them (纵火: 当晚所有的[杀人]技能…则[杀人]无效)",
    "sole": "skill names: it stops a hit only while every use tonight of these skills had its holder as the one 结算目标, and one did (纵火: 当晚所有的[杀人]技能目标正好是纵火目标)",
    "from": "a condition on the hit's source (the seat whose skill made it): it stops only hits from such a seat, none without a source (版杀守护: 仅针对[实际阵营]为[狼人阵营]的[坚韧]; 宿命: 仅针对[村民阵营])",
}
APPEARS_KEYS = {
    "camp": "the camp a check sees (表面阵营); its truth stays as it is",
    "role": "the role a check sees (表面身份)",
    "final": "true: what it sets holds against appearances gained after it (侦探<犯罪天才> 决定反馈)",
    "knife": "有刀 | 无刀: the 带刀 a check sees (表面带刀)",
    "undealt": "a camp: the role a check sees is one of that camp's roles dealt to nobody, drawn once per seat (陌客 本局未出现的狼人阵营身份)",
    "judged": "a camp, or reverse: what a skill judging its holder's 实际阵营 takes it for (陌客 以你为[狼人阵营]进行判定; 愚面 按照相反的阵营判定)",
    "judged_by": "with judged: only the skills of seats meeting this condition judge so (陌客: 来自于[村民阵营])",
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
    **{name: f"caps: [{name}]" if cap.shape == "flag" else f"caps: [{{{name}: ...}}]" for name, cap in CAPS.items()},
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
