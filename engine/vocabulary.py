"""The words the ruleset format understands, in one place, each with a one-line gloss.

Loading checks a ruleset against these lists; the engine modules that carry each
word import them from here (effects.py, conditions.py, acting.py, boards.py).
"""

# Skill tags of the seeds' 用语定义 / 词条说明. Timing tags fix the phase a skill is used in.
# A sub-phase tag ([黄昏] … [晨曦]) makes a step skill, as [夜晚] does, and must sit in a step of that sub-phase.
TIMING_TAGS = {
    "开局": "setup",
    "夜晚": "night",
    "白天": "day",
    "正午": "day",
    "黄昏": "night",
    "早夜": "night",
    "午夜": "night",
    "深夜": "night",
    "凌晨": "night",
    "晨曦": "night",
}
TAGS = {
    "开局": "used in the opening steps (flow.setup)",
    "夜晚": "used in a night step (flow.night)",
    "白天": "used by day, resolved at once",
    "正午": "the same as 白天",
    "黄昏": "used in a step of timeline.黄昏 (after the vote)",
    "早夜": "used in a step of timeline.早夜",
    "午夜": "used in a step of timeline.午夜",
    "深夜": "used in a step of timeline.深夜",
    "凌晨": "used in a step of timeline.凌晨",
    "晨曦": "used in a step of timeline.晨曦 (before 开门)",
    "指定": "the skill names targets from a [选择范围]",
    "限定": "once per game; on a [强制] trigger: it fires once (只会触发一次触发效果)",
    "强制": "may not be passed; made at random when left unmade",
    "团队": "decided by the team together",
    "绝情": "each target only once per game",
    "厌旧": "not the previous game day's target",
    "排斥": "only one [排斥] skill per seat each game day (每天只能发动一个[排斥]技能)",
    "忍耐": "not on game day 1 (竞选日和第一个夜晚不可发动): only_if gains {not: {game_day: 1}}",
    "喜新": "not the previous use's target",
    "无私": "not oneself",
    "翻牌": "used by making the current card public; not once it is public",
    "附加": "not held at the deal: an effect gives it during play (grant_skill)",
    "迅捷": "[迅捷]: usable past its cool-down, any number of times; a count given during play ([迅捷1]) is `boost`'s, one use past the cool-down each (可无视冷却时间发动且不会产生冷却时间…迅捷次数可以叠加)",
    "亡语": "[亡语]: usable only once its card is out, until the end of the first step since in which it could be used (出局后，下一个可发动时点结束阶段之前使用)",
}
KNOWN_TAGS = set(TAGS)

# When a skill fires by itself or prompts instead of waiting for its step.
TRIGGERS = {
    "step_open": "fires as its step opens (通灵)",
    "out": "prompts or fires when its card goes out (最后一枪)",
    "exiling": "prompts when its seat is about to be voted out (装傻)",
    "tie": "fires when the day's vote ties, as the vote's `tie: [trigger]` breaker (冤死)",
    "top": "fires when its holder has the most votes, alone or tied, instead of its exile (王权)",
    "targeted": "fires when its holder becomes the 结算目标 of another seat's skill (咒缚, 共亡)",
    "vote_end": "prompts once the day's exile vote has resolved (顺从, 暗示)",
    "tally": "fires as the day's vote is counted (默契)",
    "other_out": "fires when a seat of the trigger's `roles` goes out, that seat its first target (志继, 传承); without `roles`, any other seat's out of the trigger's `causes`, that seat the effects' target (天意)",
    "headcount": "fires once the seats still in are at most `share` of the seats dealt (隐身衣: 当场上人数变为开局人数的一半及以下时)",
    "used": "fires once its holder's own use of one of `skills` has resolved, the attacks and outs it set off included, while the trigger's skill is still held (光耀加身: 发动[决斗]后…否则)",
    "sparing": "fires in place of its holder's out caused by its own use of one of `skills`: the out does not happen, the effects run on that use's [结算目标] (光耀加身: 若本次[决斗]会导致发动者出局，则免于此次出局)",
}
TRIGGER_KEYS = {
    "on": "one of TRIGGERS",
    "causes": "only outs with these causes",
    "except": "not outs with these causes (非因<毒药>或红牌罚下出局时)",
    "at": "dawn: a night out prompts only once the next day's notices are out (猎人)",
    "in": "day | night: only then",
    "by": "targeted: only when the seat using the skill meets this condition; out: only when the out's source (the seat whose skill put it out) does (破伤风); exiling: only the exile of a seat meeting it, the holder acting (护主: 认亲对象)",
    "skills": "targeted: only these skills; used, sparing: the holder's own skills whose use sets it off",
    "unforced": "targeted: only non-[强制] skills",
    "anyone": "exiling: any seat's exile, not only its holder's (善行)",
    "roles": "other_out: the roles whose out sets it off",
    "marked": "other_out: a status; the out of a seat holding it from this skill's holder sets it off too (悬赏: [结算目标]若在开门时公示出局)",
    "effects": "this trigger's own effects instead of the skill's (a skill with several triggers)",
    "share": "headcount: the share of the seats dealt (一半: 1/2)",
}

# How a [团队] skill's members' choices become the team's.
DECISIONS = {
    "earliest_highest": "the target that first reached the most members' choices",
    "latest": "the last choice any member made (狼群's 杀人)",
}

EFFECT_VERBS = {
    "damage": "mark an attack {kind, at?, cause?, last_words?} for step `at`, or strike now",
    "status": "grant a status: name | {name, until?, uses?, look?}; look: choice — the status makes its holder seen as the 伪装 the act chose (`choice_of: disguise`: 雪隐)",
    "remove_status": "remove a status",
    "feedback": "反馈 a text to the acting seat about each subject",
    "feedback_damage": "反馈 the targets of this night's marked attacks of a kind",
    "feedback_chosen": "反馈 the chosen targets of tonight's skills {of: {tag | damage}, order, text, none} (通灵, 灵能)",
    "feedback_exiled": "反馈 the camp of the cards voted out in the last day's vote {text, none} (验尸)",
    "notify": "通知 each subject",
    "announce": "公示 (held until 开门 at night)",
    "join_team": "the subjects form or join a team",
    "set_camp": "change the subjects' camp",
    "lose_skills": "the subjects' current cards lose skills: all | [names]",
    "grant_skill": "the subjects' current cards gain a skill: name | {choice: skill} (交易's 幸运儿) | choice: the skill the act chose (镜像)",
    "swap_cards": "permanent | night: the subjects' first and second cards change places (捣蛋, 交换)",
    "redirect": "tonight's later [指定] skills aimed at one of two targets resolve on the other (交换)",
    "end_day": "the day (or 竞选日) ends at once, without a vote: 直接进入黑夜",
    "out": "the subject is out at once, no defence applies",
    "cancel_out": "(a reaction to exiling) the exile does not happen",
    "hand_over_sheriff": "the acting seat, if sheriff, must pass the badge",
    "hook": "a Python hook from the ruleset's hooks.py",
    "become": "role | choice | target: the subjects' current card becomes that role (target: the first target's current one, 顺从), fresh, with the role's camp (偷换, 志继)",
    "swap_roles": "the acting seat's current card and the first target's swap roles; the actor takes its new camp (顺从)",
    "borrow_skills": "night: the actor uses the first target's skills, fresh, until the night ends; the target cannot (探囊取物)",
    "predict": "a later act tonight by the first target, of the chosen skill, on the second target is void (迷梦)",
    "notify_team": "{team, text}: 通知 a team group",
    "feedback_list": "{of, text, none}: 反馈 to the acting seat, as one list, the seats meeting `of`",
    "feedback_dealt": "{present, absent}: 反馈 to the acting seat, for each role the act's choice names ({choice}), whether a card of it was dealt to a seat (窥天, 询问: 身份牌是否存在)",
    "feedback_around": "{alike, mixed}: 反馈 whether the first target and the living seats beside it (电梯楼, 首尾相邻) are all seen as 村民阵营 or all as not: `alike` with {targets} and {camp} (村民阵营 / 非村民阵营), else `mixed` (狐狸<狡黠>)",
    "add_counter": "add one to the subjects' counter of that name (空救)",
    "flag": "tell the directors (a card to give, a ruling to make)",
    "vote_again": "another vote round of the day opens, lasting as long as a day (暗示)",
    "gain_tag": "the subjects' current cards gain that card tag (噩梦之影 第一次使用恐惧时，将获得[接刀]标签)",
    "turn_back": "{users}: tonight the [指定] skills that seats meeting `users` aim at the subject resolve on their own user instead, who is not told; the acting seat is told each skill's name and loses the skill it used (时间逆流: 若成功反弹技能，噬时狼妃会知道所有被反弹的技能名称，然后失去此技能)",
    "ban_skill": "choice: tonight no seat may use the skill the act's choice names (`choice_of: skill`), by its name; every living seat holding it is told (鹰袭: 指定一个非强制技能当晚不可使用…封锁技能封锁的是名字)",
    "feedback_acts": "{text, none}: 反馈 the skills the first target used tonight, every one (指定 or not, with targets or none, [强制] too), each with the seats it chose, as {acts}; none: it used none (隼眼: 当晚该角色对谁使用了什么技能)",
    "lose_tag": "the subjects' current cards lose that card tag (石像鬼<凝望>: 丢失[接刀]标签)",
    "share_feedback": "{skill, text, none}: 通知 each subject every 反馈 the acting seat's skill of that name gave it so far, as {feedback}, one a line; none: it gave none (凝望: 给自阵营的所有存活角色发送一直以来的全部[查验]结果)",
    "pull": "{users, within}: tonight the [指定] skills of seats within N of the subject (电梯楼, living seats, the subject counted) whose user meets `users` resolve on the acting seat instead — on each such seat when several pull — and their user is told (磁吸)",
    "feedback_reflected": "{text, none}: 反馈 tonight's 反射 of the acting seat, one line each: {skill} and the seat it went to as {target}; none: there was none (镜<反射>: 可知哪个技能反射给谁)",
    "feedback_reached": "{of: {tag}, text, none}: 反馈 the skills with that tag (指定) whose 结算目标 the first target was tonight, as {skills}; none: it was none's (邀舞 反馈空)",
    "duel": "true: with exactly two [结算目标], the next day's exile vote counts only votes for them, out or not (御前决斗: 投其他人则计为0票，可以投给其中已出局的角色); a second pair that day is flagged to the directors (额外开启投票贴)",
    "attach": "{tags, kit}: 附身 — the acting seat takes the first target's camp and follows its changes; at the target's out it takes the target's whole kit fresh and those of its card tags, in the target's place (影子); kit: false follows the camp alone (认亲: 跟随该角色阵营变动); camps: {host's camp: camp taken}, a host of another camp giving one of them at random (寻仇: 加入与该角色对立的阵营…如该角色为三方阵营或无阵营…随机一个阵营加入)",
    "hand_over": "all: the acting seat loses every skill of its current card, and the subjects gain them as they were (天命人<薪火相传>)",
    "inherit": "true: the acting seat gains the first target's kit (its role's skills, as a taker gets them), fresh, and that role becomes its 表面身份 (预言学徒<传承>: 立刻获得该角色的身份技能并刷新至初始，然后表面身份变更为继承的身份)",
    "add_uses": "{skill, by}: the subjects' skill gains `by` uses (negative: an extra cost, and the count may go below 0); skill: choice names the act's choice; a subject without it gains it with that many (亲传, 回复药, 猎杀)",
    "refresh_skill": "name | choice | kit: the subjects' skill is back to its initial uses and ready at once (刷新至初始); kit: every skill of its [实际身份] but the one refreshing (天命所归: [实际身份]的对应技能)",
    "boost": "{swift: N, skill?}: the subjects' skill named by `skill` or else the act's choice gains [迅捷N] and loses [排斥] until the night ends — by day, the coming night's (时波增幅; 天意: 仅限下一晚，[预言]可额外发动一次)",
    "reveal": "true: the subjects' current cards are turned face up, told to nobody ([翻牌]; 昭示: 结算目标[翻牌]); false: face down again (身份牌重新盖伏)",
    "take_kit": "true: the subjects gain every skill of the first target's role (its 底牌 on top, 变脸), fresh, and are told which (获得结算目标的身份技能并刷新至初始)",
    "revive": "true: the subjects still out are back in the game, their statuses as they were at the out, each told and the public told (held until 开门 at night) (阴阳使者<复活>: 目标…复活，所有状态按出局时为准)",
    "put_face": "true: 置顶 — the acting seat's 底牌 named by the act's choice (`choice_of: faces`) goes on top, once each: its role's skills, fresh and in that role's steps, until the next [黄昏] ends; its role the seat's 表面身份 and the kit a taker gets (变脸者<变脸>)",
    "control": "true: the acting seat 操纵夺舍 the subjects tonight: it chooses for their skills, they stay the users, their prompts and feedback reach both; a seat already held is not taken (该角色当前已被他人操纵)",
    "haunt": "true: tonight the acting seat and each seat now able to use one of the skills the act's choice names know each other's 马甲 and 身份, and the acting seat is told those seats' acts and feedback of those skills (幽魂<阴魂不散>: 互知马甲与身份，且幽魂知晓行动情况以及反馈)",
    "watch": "true: tonight the acting seat is told every act and feedback of each subject as it comes, and nobody is told it watches (幽灵<附体>: 获知该玩家当夜所有操作和所有反馈（实时反馈）); actor: each subject watches the acting seat so (夺舍: 被操纵的人…可获知幽灵当夜所有操作)",
    "learn": "{look?, lent?, seen?, identity?}: the acting seat gains the first target's role's kit as the ruleset's `learned` table writes it (a role not in it: its own kit), fresh, each skill in its own role's step; identity: true, it is told the target's 表面身份 and 实际身份 first; seen: true, the role is the one a check sees in the target; look: a status that makes it seen as the target is seen now; lent: true, the skills end as the next night opens (机械狼<学习>: 得知结算目标的表里身份，并按照学习的身份获取下列效果之一且刷新至初始…随后表面身份，表面阵营，表面带刀变为与目标角色当前情况相同; 食尸: 持续至下一个[夜晚]开始前; 吞食的尸体是机械狼可获其表面身份技能)",
    "roster_move": "add | remove: the subjects move into / out of the acting seat's 名单, which it is told at once (下蛊: 将其移出名单 / 移入名单)",
    "roster_shelter": "{kind, backlash}: tonight the acting seat's 名单 members but the first target are spared their outs (出局结算流程 2, with any other guard); each spare deals the target, if still in, a `kind` attack, inserted first; two spared, or one of another 实际阵营 than the target, cost the skill and give the actor the `backlash` status from the next 正午 (巫蛊之术)",
}
EFFECT_KEYS = {
    "to": "targets | self | first_target | chosen | a selector; on a verb done once (announce …), a selector or form makes it happen once if some seat it picks meets the conditions (熊)",
    "if": "a condition on each subject (or a game condition name)",
    "unless": "the same, negated",
    "if_target": "a condition on the first target, whoever the subjects are",
    "if_counter": "{counter: {at_most | at_least: N}} on the acting card's counters",
    "rule": "the rule named in the log",
    "if_choice": "only when the act's choice is this word (or one of these), or a 伪装 choice ends with it (雪隐 …/坚韧)",
    "if_role_is_choice": "true: only subjects whose 实际身份 (the role dealt) is the role the act's choice names (诡辩: 若结算目标的[实际身份]与猜测的身份对应)",
    "if_any_target": "a condition some target meets, whoever the subjects are",
    "pick": "[positions]: only the targets at these places (1-based), in order",
    "random": "N: only N of the subjects, drawn from the game's seed, in seat order (雪恨: 随机得知这三个人之间任意两个人的具体阵营)",
    "delay": "next_night: carried out as the next night opens (惩戒, 激励); next_noon: as the next 正午 opens (巫蛊之术: 从下一个正午开始)",
    "if_seen": "{camp, role, pool, knife}: what a check sees in each subject (表面信息; pool: 狼人系身份, 验人系身份)",
    "if_actor": "a condition on the acting seat (灯影预言家's 反位)",
    "if_judged": "camps: the first target's 实际阵营 as the acting seat's skill judges it is one of these (陌客, 愚面, 仆役)",
    "held": "true: an `announce` waits for the next 开门's notices, by day too (熊<咆哮>: 下一个游戏日白天将公示)",
    "notice": "the notice kind an `announce` is (NOTICE_KINDS; absent: 公示), for 幽暗无光's `notices.public_only` (任职宣言's choice: 上警)",
}
OUT_KEYS = {
    "cause": "the cause named in the log and by triggers",
    "if_out": "self: only if the acting seat is out by the time it happens (共亡)",
    "kind": "投票出局: the out counts as being voted out (王权)",
}
TO_FORMS = {
    "below": "with `among`: for each seat meeting `below` (or self), the first seat after it in seat order, wrapping round, meeting `among` (电梯楼下方第一位)",
    "random": "with `among`: that many seats meeting `among`, drawn from the game's seed; all of them when fewer (肉猪<苟活>: 随机两名存活的村民阵营角色)",
    "beside": "self, with `among`: the living seats next to the acting seat in the 电梯楼, one on each side, first and last adjacent, meeting `among` (熊: 电梯楼上下两侧)",
}
DAMAGE_KEYS = {
    "kind": "a kind of the ruleset's `damage`",
    "at": "the step where it resolves; absent: at once",
    "cause": "the cause named in the log and by triggers (default: the skill's name)",
    "last_words": "false: the out it causes leaves no 遗言",
    "night": "next: it resolves in step `at` of the next night (锈刺)",
}
CONDITION_KEYS = {
    "camp": "actual camp (实际阵营) is one of these",
    "surface_camp": "the current card's camp (表面阵营) is one of these",
    "card_camp": "holds a card in play of one of these camps",
    "role": "the current card is one of these roles",
    "hand": "was dealt one of these named hands (金宝宝)",
    "status": "holds one of these statuses",
    "team": "is a member of that team",
    "joined": "has been a member of that team at some time (已入群)",
    "alive": "true | false",
    "self": "is (not) the acting seat",
    "out_today": "true | false: went (not) out in this game day's 正午 or 黄昏 (顺从: 当天若有角色在[正午]或[黄昏]出局; 重定时间: 当天[正午]或[黄昏]阶段之中出局的角色)",
    "host_of_actor": "true | false: is (not) the seat the acting seat follows (附身 / 认亲对象)",
    "cards_in_play": "this many of its cards are not out (两张身份牌均未出局: 2); a card out tonight counts until 开门 tells of it",
    "voted_by_actor": "the acting seat voted for it in the last day's vote, holding the same current card",
    "night": "the game is at night N (a condition on the game)",
    "game_day": "the game day is N: day N and night N, with its 竞选日 and 黄昏 (a condition on the game)",
    "even_day": "true | false: the game day is even (偶数游戏日夜晚) or odd (奇数游戏日夜晚) (a condition on the game)",
    "dealt": "a card of this role was dealt in this game (a condition on the game)",
    "option": "{name: value}: the game's options have these values (a condition on the game)",
    "any_seat": "some seat, in play or out, meets this condition (a condition on the game)",
    "phase": "day | night: the game is in this phase (a condition on the game)",
    "holds": "holds this skill now, not lost, with uses left",
    "mate": "another seat sharing one of its teams meets this condition",
    "counter": "{name: {at_least | at_most: N}} on the seat's own counters (空救)",
    "attacked": "was the target of an attack of this damage kind tonight",
    "attacked_actor": "made (itself, or its team for a [团队] skill) an attack of this kind on the acting seat tonight",
    "runner_up": "among the others with the most votes in the last count, the acting seat aside (王权)",
    "voted_actor": "[first, last, any]: cast the first / last / any valid vote for the acting seat in the last count (共亡; 炸弹: 所有当天对你进行投票的角色)",
    "exiled_today": "was voted out today (投票, 王权)",
    "chose_actor": "true | false: named the acting seat as a 选择目标 of a [指定] skill since the night opened (炸弹: 对炸弹使用[指定]技能的技能来源角色)",
    "vote_agrees": "voted, not 弃权, and for the same seat as every living member of that team (默契)",
    "not": "negation",
    "any": "one of the listed conditions",
    "all": "every listed condition",
    "tag": "bears one of these card tags now (群内, 接刀: gained, inherited or lost by 超度 included)",
    "pool": "its current card was dealt from one of these draw pools (验人系, 强神, 弱神): a role group `become` does not change",
    "read_tonight": "{skill, pool | role | camp}: the acting seat's check of that name read it so tonight (耀光: 照耀反馈为[狼人系身份]; pool: the seen role's pool)",
    "chosen_tonight": "skills: the acting seat named it in this phase with one of these skills, waiting in the step or used (捕杀: 任意和自己当晚[悬赏]不重复的角色)",
    "revealed": "true | false: its current card is (not) public by a [翻牌] skill (选择范围：未翻牌)",
    "uses": "{skill: {at_most | at_least: N}}: the seat holds that skill with a count in these bounds (次数为负数: at_most: -1)",
    "out_by": "its current card went out by an attack of one of these damage kinds (kept for [亡语] skills: 不是因为[特攻]或[暴击]出局时)",
    "counted_skill": "true | false: holds (or not) a skill with a count, not lost (持有次数技能)",
    "status_count": "{status: {at_least | at_most: N}}: holds that many instances of a status, one per giver (当晚获得过不止一次: at_least: 2)",
    "actor_camp": "true | false: its 实际阵营 is (not) the acting seat's (至圣斩: 若[实际阵营]与你不相同)",
    "out_by_own_camp": "true | false: its current card's out came (not) from a source of its own 实际阵营, kept for [亡语] skills; no source counts as another (薪火相传: 出局的来源和天命人[实际阵营]不相同)",
    "in_roster": "true | false: it is (not) in the acting seat's 名单 (巫女: 一个名单内，一个名单外)",
}
GAME_CONDITIONS = {
    "camps_differ": "the effect's targets are of more than one camp (私奔)",
    "acting_card_in_play": "the card using the skill is not out (已在第一夜出局的白狼王…无法使结算目标出局)",
    "one_target": "the skill was used on exactly one target (交换 with one 角色)",
    "any_targets": "the skill was used on at least one target",
    "two_targets": "the skill was used on exactly two targets (御前决斗: 若结算目标正好为2个)",
    "choice_dealt": "the role the act's choice names was dealt in this game, or is some seat's 底牌 (询问: 场上（开局身份表）是否有此身份牌…底牌身份…也会反馈存在)",
    "around_alike": "the first target and the living seats beside it are all seen as 村民阵营, or all as not (狐狸<狡黠>: 若是…并失去此技能)",
}
DAWN_SECTIONS = {
    "exiled_yesterday": "who the last day's vote put out",
    "night_deaths": "who went out in the night (昨夜出局 / 平安夜)",
    "statuses": "the holders of statuses with a `dawn_notice`",
    "sheriff": "the sheriff of the day (当日警长)",
    "last_words": "the 遗言 left since the last 开门",
    "held": "every other notice the night kept for 开门",
}
LABEL_PARTS = {"seat": "the seat number (3号)", "name": "the character's name", "secret": "the secret number"}

# 双身份: the cards a seat holds, the tags they carry, the hands and boards they are dealt in.
CARD_KEYS = {
    "per_seat": "how many 身份牌 each seat holds",
    "camp_from": "a seat holding any card of one of these camps is of that camp (实际阵营)",
    "order": "{step, skill, text, second}: each player chooses its first card in that setup step",
}
ORDER_KEYS = {
    "step": "the setup step of the choice",
    "skill": "what the player sends, with the role as its choice: 「第一身份 预言家」",
    "text": "the post's sentence",
    "second": "[{role, camp}]: a seat of that camp must put that card second (女巫)",
}
ROLE_KEYS = {
    "camp": "the card's camp",
    "text": "the post's sentence about the role",
    "teams": "teams a seat dealt this card is in from the start",
    "tags": "card tags ([群内] [接刀] [自爆]) of `card_tags`",
    "skills": "the card's skills",
    "on_out": "effects when the card goes out",
    "copies": "true: at the deal the card becomes the seat's other card (复制人)",
    "counter": "{name, start, on_card_out: [{roles, add}]}: a number the card keeps once current (尾巴)",
    "dealt": "false: not a 身份牌 but the holder of skills given during play (幸运儿)",
    "todo": "not implemented yet: why",
    "count": "how many a board holds (informative)",
    "influence": "影响力: +1 or -1, for the board's advice",
    "extra_cards": "with this card on the board, the board holds this many cards more than seats; they are its choice (盗贼)",
    "expansion": "the option (an expansion) it belongs to: with `todo`, it waits for that expansion",
    "pool": "the `draw.pools` category it is drawn from (验人系, 强神 …)",
    "appears": "how its holder is seen by checks ({camp, role}: 乱民 {camp: 村民阵营}); statuses' `appears` come after it, in grant order",
    "strength": "强度值: a number, or {win mode: number} (骑士⑥屠城⑤刀边) read by `draw.strength_mode`",
    "split": "{statuses, announce}: each card of the role as dealt secretly gets one of the statuses, the counts within one; `announce` tells the public the counts ({正位} {反位}) (灯影预言家 正位/反位)",
    "faces": "{count, camp, except_pools}: 底牌 — at the deal its holder draws that many roles of `camp` (of any camp without it: 盗贼 获得两张未加入的身份) nobody was dealt, none of `except_pools`, from the game's seed, and is told them (变脸者)",
    "roster": "{per}: 名单 — at the deal its holder draws ⌈人数/per⌉ other seats from the game's seed and is told them; a seat that goes out leaves every 名单, its holder told at once (巫女: 本局人数/6（向上取整）…出局的角色会自动移出名单)",
}
SKILL_KEYS = {
    "text": "the post's sentence",
    "tags": "skill tags (KNOWN_TAGS)",
    "targets": "how many targets: N | [least, most] | a formula of N, the living seats, for exactly that many (天狗吞月: min(5, floor(N / 3)))",
    "range": "[选择范围]: a condition on each target",
    "uses": "uses per game ([限定]: 1; 0: a count that starts empty and `add_uses` grows, 暗噬斩 [0：…])",
    "team": "{name, decide}: a [团队] skill",
    "trigger": "when it fires or prompts by itself",
    "requires": "only while the card holds that skill too",
    "exclusive": "not in the same phase as these skills",
    "grants": "statuses held with the skill; {status, uses, in: night}: held only at night (主宰黑夜: 夜晚获得[不死])",
    "effects": "[结算效果]",
    "on_lost_after_use": "effects when lost after being used",
    "choices": "the words a `choice` may be",
    "choice_hook": "a hook that checks a free-form choice and says what is wrong (心算, 点睛)",
    "choice_of": "skill | night_skill | spare | own | own_counted | faces | aimed | role | disguise: the choice names a non-[强制] skill of the ruleset (night_skill: one placed in a night step, 黄昏's left out: 阴魂不散's 非强制的夜晚技能), one of the undealt cards (迷梦, 偷换), one of the chooser's own non-[强制] skills (时波增幅: 指定一个自己的非[强制]技能) or of its skills with a count (回复药: 自己其中一个次数技能); faces: one of the chooser's 底牌 not yet put on top (变脸); aimed: one of the skills ever aimed at the chooser while it reflects (镜像: 曾对自身操作过的技能); role: any role of the ruleset (诡辩: 猜测一个身份); disguise: a free 表面阵营/表面身份/表面带刀 with extras (雪隐, 伪装)",
    "choice_max": "N: the choice may name up to N different words, joined by 、 (阴魂不散: 选择最多五个…非强制的夜晚技能)",
    "look_if": "with choice_of: disguise: the 伪装 is asked only when the extras include one of these, the choice being the extras alone otherwise (隐狼<伪装>: 选项2 可以设置自己的表面阵营，表面身份，表面带刀伪装)",
    "extras": "with choice_of: disguise: exactly this many distinct extras (隐狼<伪装>: 从下列五项中选择三项)",
    "default": "the choice a seat that passes or stays silent is taken to make (归群)",
    "choice_count": "N: the choice names N different words, separated by 、 (询问2张村民阵营的身份牌)",
    "choice_camp": "with `choice_of: role`: only roles of this camp (村民阵营的身份牌)",
    "at_random": "true: left unmade at its deadline (passed or silent), it is made at random like a <强制> one's, though it is not <强制> (沉默 still stops it) (摄梦: 若不选择将会随机选择)",
    "per_nights": "N: usable once in each run of N nights (1-2, 3-4 …)",
    "not_last_minutes": "not usable in the last N minutes before the day closes (荣耀)",
    "among_out": "true: its targets are seats already out (顺从)",
    "with_out": "true: its targets may be seats already out as well as seats in (占星师<查验>: 一个任意角色和一个已出局任意角色)",
    "consecutive": "true: its targets are consecutive seats of the first 讨论日's 电梯楼 — every seat, 首尾相邻 (雪恨: 首日讨论日电梯楼的连续三名玩家)",
    "expansion": "the option (an expansion) it belongs to: with `todo`, it waits for that expansion",
    "waits": "{expansion: text}: parts of it that wait for an expansion",
    "unbuilt": "text: a part of it not built yet — the skill plays without that part, and the check lists it (not implemented) with this text",
    "minutes": "its time limit in its step or prompt: N | {day: N, night: N}",
    "not_current": "{tags, skills}: what the card gives even when not current (隐匿)",
    "only_if": "a condition on the game and the acting seat (第一晚不可发动 unless 骑士)",
    "during_election": "true: usable on 竞选日 too",
    "on_trigger": "effects when the trigger fires, before the holder's choice (冤死's out)",
    "out_tonight": "true: still fires this night after its card went out (灵尾)",
    "counts_as": "shares [厌旧] with that skill (幸运儿's 守护之盾)",
    "todo": "not implemented yet: why",
    "aura": "[{status, to}]: statuses kept on the seats `to` picks (self, or {beside: self, among}: the living seats next to its holder in the 电梯楼, 首尾相邻) while its holder is in and holds it, recomputed as seats go out (守护灵光, 邪祟灵光)",
    "gains_uses": "{per, of, by, kinds}: one use more for each `per` outs of seats meeting `of` put out by a seat meeting `by`, or by an attack of `kinds` ([0：每2个[村民阵营]角色因为[非村民阵营]角色的技能出局])",
    "places": "[{range, text}, …]: the target at each place meets that range too, a refusal naming `text` otherwise (下蛊: 2人且一个名单内，一个名单外)",
}
CARD_TAG_KEYS = {
    "text": "the post's sentence",
    "team": "the team its bearers join when a night opens, and leave at once when they lose it",
    "skills": "skills its bearers hold",
    "relay_of": "[接刀]: when every card tagged so is out, its bearers learn who held it and take it",
    "roles": "[role | {role, if}]: the roles whose cards bear it from the deal (the post's header marks), `if` a condition on the game (若无假面、恶灵骑士身份，则噩梦之影首夜就获得[接刀]标签)",
    "order": "接刀顺序 (身份排序): its skills go to one bearer at a time, the first of this role order not passed; once passed (out, or under a permanent `passed_by` status) a bearer never holds again, nor one placed before the holder (不再接刀，将继续往下接刀)",
    "passed_by": "with `order`: statuses whose permanent holder is passed over ([业炎/净化])",
    "covers": "with `order`: a tag whose bearers hold the kill first — the knife is held only while every bearer of it is out or under a permanent `passed_by` status, and goes back to them when one is in and free again (165 [接刀]: 所有[群内]狼出局，或…永久的[业炎/净化]…之后若[群内]狼复活，或状态已清除，则不再接刀)",
}
STEP_KEYS = {
    "step": "the step's name",
    "skills": "skills used in it: a name, or 角色<技能> where several roles define that name differently",
    "text": "the post's sentence",
    "minutes": "its time limit",
    "joins": "teams that the seats now bearing their tag, or meeting their `members`, join (加入狼群, 单身狼人…共群)",
    "resolves": "the order of the causes of the attacks marked for it (出局结算)",
    "effects": "effects the rules carry out as the step resolves (双空救结算)",
    "simultaneous": "true: 互不影响 — each act resolves against the statuses and redirections as the step closed, none seeing another's (engine/together.py)",
    "after_close": "关门后N分钟内: its deadline is N minutes after the day's 关门, however late the step opens (timeline only; then every step from 黄昏 to 晨曦 has one)",
}
# The sub-phases of 000's 用语定义 / 002's 词条说明, in the order the timeline runs them from 开局 on:
# the day (正午) is the day's vote; the cycle after it runs from 关门 (黄昏) to 开门 (晨曦).
TIMELINE_KEYS = {
    "开局": "the opening steps, in order (as flow.setup)",
    "黄昏": "steps after the day's vote, before the night (属于白天)",
    "早夜": "the night's first steps",
    "午夜": "the night's steps after 早夜",
    "深夜": "the night's steps after 午夜",
    "凌晨": "the night's steps after 深夜 (the night's outs are settled)",
    "晨曦": "steps after 凌晨, before 开门 (属于白天: 发送出局通知到开门之前)",
}
# The other top-level sections, key by key (later posts added to them).
SCHEDULE_KEYS = {
    "day_open": "HH:MM the day opens (开门); null: as soon as the night ends",
    "day_close": "HH:MM the day's vote closes (关门)",
    "day_days": "calendar days a discussion day spans (A日上午开帖，到A+1日晚上关帖: 2)",
    "weekend_days": "extra days when the span touches a Saturday or Sunday (每逢周末就延长一天)",
    "weekend_from_day": "the first game day the weekend extension applies to (第一个讨论日无论是否周末: 2)",
    "step_minutes": "a night step's time limit",
    "setup_minutes": "an opening step's time limit",
    "reaction_minutes": "a prompt's time limit (最后一枪, 殉职)",
    "timezone": "the zone deadlines are shown in",
    "silent_forced": "蓝 | 黄 | 红: a seat that lets a <强制> choice time out is flagged to the directors for this card",
    "noon": "{from, until, closing_day}: HH:MM between which [正午] skills may be used, `closing_day` ending it on a day that closes (9:00至21:00，若当天关门则为20:00); the ruleset's, not a /设置 setting",
}
NOON_KEYS = {"from": "HH:MM", "until": "HH:MM", "closing_day": "HH:MM: the end on a day whose 关门 falls that date"}
NOTICE_KEYS = {
    "dawn": "the dawn report's sections, in order",
    "death_label": "seat | name | secret: how an out seat is named",
    "day_causes": "true: a day out's cause is named",
    "death_order": "out | seat: night outs listed in out order or by seat number (按角色编号排序)",
    "red_card_at_once": "true: 判罚 and 红牌罚下 are announced at once, at night too",
    "unannounced_targetable": "true: a seat out tonight may still be chosen until the outs are announced (已经公示的出局角色不允许被选为目标)",
    "reveal": "the public notice of a card a [翻牌] skill turns over, with {name} {skill} {role} (165: 翻牌技能也不公示发动的什么技能以及发动目标); absent: 「{name}翻牌发动<{skill}>：当前身份为{role}。」",
    "public_only": "the only kinds of public notice (NOTICE_KINDS) sent to the main group (幽暗无光 1: 无法有除上警，投票，和死亡，复活公告之外的公告); the others are withheld, still count in play and stay in the 揭秘; absent: every notice",
}
# The kinds of public notice `notices.public_only` names. The game's start and end and the directors'
# own notices are always sent.
NOTICE_KINDS = {
    "上警": "the 警长's election, badge and succession",
    "投票": "the day's vote and its result",
    "出局": "who is out (死亡)",
    "复活": "who is back in the game",
    "翻牌": "a card turned over by a [翻牌] skill (角色翻牌也不会公开显示（但是技能判定还是按翻牌来判定）)",
    "公示": "what a skill's `announce` makes public (诽谤 并公示, 御前决斗 公布)",
    "状态": "who holds a status (a `dawn_notice`, a status that kept a seat in by day)",
    "封锁投票": "that the day's exile vote is blocked (如果出现封锁投票也不会公布)",
}
INFORMATION_AUDIENCES = {
    "public": "the main group: every player",
    "seat": "each seat, of itself and what it is told",
    "teams": "{<team>: [rules]}: each team's members",
    "directors": "the directors",
}
INFORMATION_KEYS = {
    "knows": "the facts (INFORMATION_FACTS), one or a list",
    "of": "whose: all | self | members (the team's) | out (seats out) | revealed (a card turned over) | named (the seats the answered command named) | {status: X} (seats holding it) | {team: X} (seats that joined it)",
    "from": "start | formed (the team) | announced (an out: at 开门 for the night's, at once by day) | at_once | end (揭秘)",
    "as_set": "true: only the set, not which seat holds which (狼人可以知道所有狼人的秘密数字)",
    "causes": "(knows: causes) the causes of outs this audience is told",
    "text": "the post's sentence",
}
INFORMATION_FACTS = {
    "roles": "which card(s) a seat holds (身份)",
    "camps": "a seat's camp",
    "secrets": "a seat's secret number",
    "members": "who is in the team",
    "team": "the team's own name (情侣, or 旧日情侣: which kind of lover one is)",
    "outs": "that a seat is out",
    "causes": "why a seat went out",
    "targets": "whom a seat chose at night",
    "statuses": "the statuses a seat holds",
    "all": "everything",
}
INFORMATION_OF = ("all", "self", "members", "out", "revealed", "named")
INFORMATION_FROM = ("start", "formed", "announced", "at_once", "end")
OPTION_KEYS = {
    "text": "what it switches",
    "default": "its value unless the director sets one",
    "values": "its legal values",
    "todo": "not implemented yet (an expansion): what it would add; it cannot be switched on",
}
# The {fields} a message text may use, filled per message; a counter's name ({尾巴}) gives the
# acting card's count.
TEMPLATE_FIELDS = {
    "target": "the subject, as players name it",
    "targets": "the skill's [结算目标] (feedback_chosen, feedback_damage, feedback_list: the seats reported)",
    "target_N": "the Nth target (target_1, target_2 …), as players name it",
    "name": "the subject's character name",
    "role": "the subject's current card",
    "surface_camp": "the subject's 表面阵营",
    "seen_camp": "the camp a check sees in the subject (engine/appearance.py), in the ruleset's `seen_words`",
    "seen_role": "the role a check sees in the subject (engine/appearance.py)",
    "seen_role_length": "how many characters that role has (援交: 其表面身份为X个字)",
    "choice": "the choice made with the skill (交易's 验人/毒药/守护)",
    "camp": "the subject's 实际阵营 (灵能<感知>: 获知[结算目标]的[实际阵营]); feedback_exiled: the camps of the cards voted out",
    "self_name": "the acting seat's character name",
    "self_label": "the acting seat as players name it (3号丙)",
    "self_secret": "the acting seat's secret number",
    "member_secrets": "(team intro) the members' secret numbers",
    "member_labels": "(team intro) the members as players name them",
    "seen_knife": "the 带刀 a check sees in the subject (表面带刀: 有刀 / 无刀)",
    "actual_camp": "the subject's 实际阵营 (石像鬼<查验>: 反馈结算目标的[实际阵营])",
    "feedback": "(share_feedback) the 反馈 shared, one a line",
    "acts": "(feedback_acts) the skills the target used tonight, <技能>（对目标）、…",
    "skills": "(feedback_reached) the skills whose 结算目标 the target was, as <技能>、<技能>",
    "night_skills": "the subject's skills it may still use in tonight's steps, as <技能>、<技能>, or 无 (夺舍: 得知该角色当晚可以发动的技能)",
    "skill": "(feedback_reflected) the skill reflected",
}

# The top of a ruleset and its smaller sections. A ruleset is every *.yaml of its directory;
# the sections marked (merged) may be split over several files.
TOP_KEYS = {
    "id": "the ruleset's id (its directory's name)",
    "name": "the rule post's title",
    "post": "{file, roles}: the seed file and every role it names (the check lists those missing)",
    "addressing": "seat | secret_number: how players name targets",
    "role_table_public": "true: the 身份↔角色 table is posted at the start",
    "camps": "(merged) the camps",
    "teams": "(merged) teams and their groups (狼群, 情侣群 …)",
    "damage": "(merged) the kinds of attack and the guards each ignores",
    "seen_words": "{seen camp: word, else: word}: how a check words the camp it sees (村民阵营 / 非村民阵营)",
    "guard_order": "the order in which guards are tried (wuyu's 指杀结算 一…五); absent: the soonest-ending first (时限最短的先生效), then in the order of `statuses`",
    "statuses": "(merged) statuses and what they do",
    "roles": "(merged) the roles (身份) and their skills",
    "flow": "the opening steps, the first phase, the night's ordered steps",
    "timeline": "the sub-phases 开局 黄昏 早夜 午夜 深夜 凌晨 晨曦 and their ordered steps (instead of flow.setup / flow.night)",
    "schedule": "the default time limits",
    "vote": "the day's vote",
    "sheriff": "the sheriff (警长): election, weight, succession",
    "last_words": "遗言: how many, and when",
    "surrender": "投降, per camp",
    "showdown": "拍刀, per camp",
    "notices": "what the public is told, and how",
    "information": "the information model: what each audience may know, and from when (公示 / 通知 rules, quoted)",
    "victory": "胜负判定: each camp's win and lose conditions",
    "options": "variants and house rules a director may switch per game",
    "cards": "how many 身份牌 a seat holds, and how a two-card seat's camp and order are settled",
    "card_tags": "(merged) card tags such as [群内] [接刀] [自爆]",
    "hands": "(merged) named pairs of dealt cards (金宝宝)",
    "deal": "what a deal must keep: forbidden pairs, hand counts, roles kept apart",
    "boards": "(merged) preset boards and their substitutions",
    "draw": "how a board is drawn by the post's rules (身份配置: pools N选K, odds, sizes, requirements, strength)",
    "moon": "新月扩展: the signs a 执警 chooses from and the events (新月事件) that change the rules for a time",
    "learned": "(merged) the learner's table (学习表): for each role, the skills learning it gives instead of its own kit (机械狼<学习>, 食尸鬼<食尸>: 机械狼版本)",
}
LEARNED_KEYS = {
    "text": "the post's line for that role",
    "skills": "the skills gained: a skill of that role by its name, or another role's as 角色<技能> (守卫，获得技能<深渊>); each acts in that role's own step",
    "todo": "its 修改版 not written yet: what is missing (the check lists it; learning it tells the directors)",
}
MOON_KEYS = {
    "option": "the option that switches the expansion on",
    "signs": "the signs (星座) a 新月配置 maps to events, in order",
    "balance": "影响力: how far from 0 a dealt 新月配置's sum may be (推荐配至一个正号或负号以内)",
    "events": "each 新月事件 by name",
}
MOON_EVENT_KEYS = {
    "influence": "影响力: + helps the 村民阵营, - hurts it",
    "text": "the post's 事件说明",
    "lasts": "事件有效期: next_day_start | next_day_end | game_end",
    "needs": "roles without which the event is not used (在身份配置没有猎人的情况下，不使用这一事件)",
    "not_with": "roles with which the event is not used (在身份配置有王子的情况下，不使用这一事件)",
    "apart_from": "events never in one 新月配置 with it",
    "todo": "not implemented yet: what it would change",
}
MOON_LASTS = {
    "next_day_start": "从公布时间到下一个游戏日开始",
    "next_day_end": "从公布时间到下一个游戏日结束",
    "game_end": "从公布时间到游戏结束",
}
POST_KEYS = {"file": "the seed file of the rule post", "roles": "every role the post names"}
CAMP_KEYS = {
    "text": "the post's sentence about the camp",
    "unsettled": "true: a stand-in until an opening choice (盗贼, 混血儿); it is never in play, and a seat taking such a card later keeps its camp",
}
TEAM_KEYS = {
    "text": "the post's sentence",
    "group": "the name of its QQ group (情侣群), which a director binds; none: the team has no group",
    "chat": "false: the team shares no group (更新：狼人不再共群); its news goes to each member",
    "intro": "what the members are told when the team forms",
    "stays_after_out": "true: a member stays after going out (已经出局的狼群中的角色仍然留在狼群)",
    "members": "a condition: the seats meeting it join at a step that `joins` it (单身狼人…共群)",
    "on_formed": "effects when the team forms or someone joins (私奔, 恋爱)",
    "on_member_out": "{cause, if, except, effects}: a member's out takes every other member out with that cause (殉情) — only when the member meets `if`, not for the `except` causes — or sets off `effects`",
}
FLOW_KEYS = {
    "setup": "the opening (开局) steps, in order",
    "first": "day | night: the phase after the opening",
    "night": "the night's steps, in the post's order",
    "cooldown": "phase | game_day: a used skill is ready again in the next phase (default), or on the next game day (每次天数更新时，所有非[限定]的技能都会冷却完毕); [强制] skills have none",
}
# A skill's aura (守护灵光, 邪祟灵光: 与…当天电梯楼相邻的角色获得…).
AURA_KEYS = {
    "status": "the status each picked seat holds",
    "to": "self | {beside: self, among: condition}: the living seats next to the holder (电梯楼相邻) meeting `among`",
}
# Uses that grow with outs (至圣斩, 暗噬斩: [0：每2个…出局]).
GAINS_USES_KEYS = {
    "per": "how many outs give one use",
    "of": "a condition on the seat going out (its 实际阵营 as it goes out)",
    "by": "a condition on the out's source (the seat whose skill put it out)",
    "kinds": "attacks that count whatever their source (因为[投票出局]的伤害出局)",
}
