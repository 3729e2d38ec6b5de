"""What a seat may use now: a skill's [选择范围], why a skill is not available, and the checks
of a command's targets and choice. Every refusal says what was wrong and what would be right."""

from __future__ import annotations

from datetime import timedelta
from typing import cast

from engine import (
    appearance,
    caps,
    cards,
    conditions,
    faces,
    labels,
    legacy,
    moon_events,
    skill_uses,
    stealing,
    targeting,
    texts,
    timeline,
)
from engine.context import Context
from engine.errors import Refusal
from engine.phases import Phase, game_day
from engine.ruleset.model import Skill
from engine.state import Seat, SkillState

PERSONAL_TAGS = frozenset({"无私", "绝情", "喜新", "厌旧"})  # tags that make a range depend on who uses it


def legal_targets(game: Context, seat: Seat, skill: Skill) -> list[Seat]:
    """[选择范围]: seats still in the game meeting the skill's range and its tags' constraints."""
    st = game.st
    if (
        not skill.tags & PERSONAL_TAGS
        and not conditions.uses_actor(skill.range)
        and not (skill.among_out or skill.with_out)
    ):
        # the same for every holder of this role's skill (机械狼<裁决> and 圣裁者<裁决> differ)
        key: tuple[object, ...] = (st.version, st.phase_key, st.step, skill.role, skill.name)
        cached = game.memo.get(key)
        if cached is None:
            in_range = conditions.compiled(skill.range)
            cached = game.memo[key] = [o for o in st.seats if cards.publicly_in(game, o) and in_range(o, seat.no, st)]
        return _narrowed(game, seat, skill, cast(list[Seat], cached))
    holding = cards.find(game, seat, skill.name)
    state = holding.state if holding else None
    waiting = tuple((a.skill, a.targets) for a in st.acts if a.seat == seat.no)  # chosen_tonight reads them
    key = (st.version, st.phase_key, st.step, seat.no, skill.name, state.used if state else 0, waiting)
    cached = game.memo.get(key)
    if cached is not None:
        return _narrowed(game, seat, skill, cast(list[Seat], cached))
    excluded = _personal_exclusions(game, seat, skill, state)
    in_range = conditions.compiled(skill.range)
    out = [o for o in st.seats if _present(game, skill, o) and o.no not in excluded and in_range(o, seat.no, st)]
    game.memo[key] = out
    return _narrowed(game, seat, skill, out)


def _present(game: Context, skill: Skill, seat: Seat) -> bool:
    """In the range's reach: seats in, seats out (among_out: out as players know it — an out not
    announced yet is still in), or both (with_out)."""
    if skill.with_out:
        return True
    still_in = cards.publicly_in(game, seat)
    return not still_in if skill.among_out else still_in


# Why a personal tag leaves a seat out of the user's range, as a refusal says it.
PERSONAL_REASONS = {
    "无私": "[无私]：不能选择自己",
    "绝情": "[绝情]：每个目标整局只能选择一次",
    "喜新": "[喜新]：不能选择上一次的目标",
    "厌旧": "[厌旧]：不能选择上一个游戏日的目标",
}


def _personal_exclusions(game: Context, seat: Seat, skill: Skill, state: SkillState | None) -> dict[int, str]:
    """The seats this user's own history (its held skill's ``state``) or seat leaves out of the
    skill's range, each with the tag that does it."""
    st = game.st
    out: dict[int, str] = {}
    if "无私" in skill.tags:
        out[seat.no] = "无私"
    if state is not None:
        if "绝情" in skill.tags:
            out.update(dict.fromkeys(state.ever_targets, "绝情"))
        if "喜新" in skill.tags:
            out.update(dict.fromkeys(state.last_targets, "喜新"))
        if "厌旧" in skill.tags:
            for kin in cards.family(game, seat, skill):  # the day before: both rounds of a night (长夜漫漫)
                for used_on, targets in ((kin.used_on, kin.last_targets), kin.before):
                    if used_on.startswith(f"{st.phase}:") and game_day(used_on) == st.day - 1:
                        out.update(dict.fromkeys(targets, "厌旧"))
    return out


def _narrowed(game: Context, seat: Seat, skill: Skill, seats: list[Seat]) -> list[Seat]:
    """The range as the user's statuses and loans narrow it: 暴风雪, then the seats its loans spare."""
    near = _near(game, seat, skill, seats)
    spared = loan_spared(game, seat, skill)
    return [o for o in near if o.no not in spared] if spared else near


def loan_spared(game: Context, seat: Seat, skill: Skill) -> dict[int, str]:
    """``spared_by_loans``: the seats a [指定] skill the user holds on a loan (``Seat.loans``) may not
    choose — each holding a status of this user's giving that names the loan's status — each with
    that status (暴利: 以此获得的[指定]技能不能对当前交易对象使用)."""
    if "指定" not in skill.tags or not seat.loans or not game.rs.uses_status_flag("spared_by_loans"):
        return {}
    loans = {key.split("@")[0] for key, names in seat.loans.items() if skill.name in names}
    out: dict[int, str] = {}
    for other in game.st.seats if loans else ():
        for loan, status in caps.names(game, other, "spared_by_loans").items():
            if loan in loans and any(s.name == status and s.source == seat.no for s in other.statuses):
                out.setdefault(other.no, status)
    return out


def _near(game: Context, seat: Seat, skill: Skill, seats: list[Seat]) -> list[Seat]:
    """暴风雪 (``near_only``): a [指定] skill reaches only its user and the living seats beside it."""
    if "指定" not in skill.tags or not game.rs.uses_status_flag("near_only") or not caps.has(game, seat, "near_only"):
        return seats
    return [o for o in seats if o.no == seat.no or targeting.ring_distance(game.st, seat.no, o.no) == 1]


def unavailable(game: Context, seat: Seat, skill: Skill) -> str | None:
    """Why the seat cannot use this skill in the current step, or None."""
    st = game.st
    last_words = skill_uses.LAST_WORDS in skill.tags
    if not last_words and not cards.publicly_in(game, seat) and not cards.usable_out(game, seat, skill.name):
        return "你已出局"
    lost = not_held(game, seat, skill)
    if lost:
        return lost
    if skill.name in st.bans:  # 鹰袭: 封锁技能封锁的是名字 (not saying by whom: the board is secret)
        return f"今晚<{skill.name}>已被封锁，不能发动"
    if last_words:
        why = _last_words_closed(game, seat, skill)
        if why:
            return why
    if not skill.steadfast:
        blocked = _blocked_by_status(game, seat, skill)
        if blocked:
            return blocked
    team_block = _team_blocked(game, skill)
    if team_block:
        return team_block
    if skill.only_if and not conditions.holds(skill.only_if, seat, seat.no, st):
        return f"现在不满足{skill.name}的发动条件（{skill.text}）"
    if st.phase == Phase.ELECTION and not skill.during_election:
        return f"竞选日不能发动{skill.name}"
    if "翻牌" in skill.tags and cards.acting_card(game, seat).revealed:
        return f"你的当前身份已经公开，无法再翻牌发动{skill.name}"
    outside = timeline.outside_noon(game, skill)
    if outside:
        return outside
    late = _too_late(game, skill)
    if late:
        return late
    spent = spent_this_phase(game, seat, skill)
    if spent:
        return spent
    if skill.needs_targets and len(legal_targets(game, seat, skill)) < target_count(game, skill)[0]:
        return f"{skill.name}没有足够的可选目标"
    return None


def _blocked_by_status(game: Context, seat: Seat, skill: Skill) -> str | None:
    """Why the seat's statuses stop this skill: [沉默], an only-tags status, a block; or None."""
    rs = game.rs
    if not skill.forced and caps.has(game, seat, "silenced"):
        return "你处于[沉默]状态，不能发动非强制技能"
    allowed = caps.names(game, seat, "only_tags")
    if allowed and not any(tag in skill.tags for tag in allowed):
        status = next(iter(allowed.values()))
        return f"你处于[{status}]状态，只能发动带[{']['.join(allowed)}]标签的技能（{rs.statuses[status].text}）"
    blocking = caps.names(game, seat, "blocks").get(skill.name) or next(
        (s for tag, s in caps.names(game, seat, "blocks_tags").items() if tag in skill.tags), None
    )
    if blocking:
        return f"你处于[{blocking}]状态，不能发动{skill.name}（{rs.statuses[blocking].text}）"
    return None


def _team_blocked(game: Context, skill: Skill) -> str | None:
    """A [团队] skill a living member's status shuts for the whole team (缴械 on a [群内])."""
    if skill.team is None or not game.rs.uses_status_flag("blocks_team"):
        return None
    team = skill.team.team
    for mate in game.st.seats:
        if mate.alive and team in mate.teams and (status := caps.names(game, mate, "blocks_team").get(skill.name)):
            return (
                f"{team}中有角色处于[{status}]状态，整个{team}不能发动{skill.name}（{game.rs.statuses[status].text}）"
            )
    return None


def spent_this_phase(game: Context, seat: Seat, skill: Skill) -> str | None:
    """Used already this day or night, or shut out by an exclusive skill used (救药 / 毒药)."""
    st = game.st
    title = texts.phase_title(st.phase, st.day)
    holding = cards.find(game, seat, skill.name)
    if holding and holding.state.used_on == st.phase_key and not skill_uses.swift_covers(game, seat, holding):
        return f"{title}已经发动过{skill.name}"
    cooling = timeline.cooling(game, seat, skill)
    if cooling:
        return cooling
    if holding and skill.per_nights and holding.state.used_on.startswith(f"{Phase.NIGHT}:") and st.phase == Phase.NIGHT:
        block = (st.day - 1) // skill.per_nights
        used = game_day(holding.state.used_on) or 0
        if (used - 1) // skill.per_nights == block:
            first = block * skill.per_nights + 1
            return f"{skill.name}每{skill.per_nights}晚只能发动一次，第{first}-{first + skill.per_nights - 1}晚已在第{used}晚发动过"
    for other in skill.exclusive:
        queued = any(a.seat == seat.no and a.skill == other for a in st.acts)
        other_held = cards.find(game, seat, other)
        if queued or (other_held and other_held.state.used_on == st.phase_key):
            return f"{title}已发动{other}，不能再发动{skill.name}"
    return None


def _last_words_closed(game: Context, seat: Seat, skill: Skill) -> str | None:
    """[亡语]: only after its card is out, until the end of the first step since in which it could be used."""
    holding = cards.find(game, seat, skill.name)
    if holding is None or skill_uses.last_words_open(game, seat, holding):
        return None
    if not (holding.card or seat.card).out:
        if skill.also_in:
            return None
        return f"{skill.name}为[亡语]技能，只能在出局后发动"
    return f"{skill.name}为[亡语]技能，出局后的下一个可发动时段已经结束"


def _too_late(game: Context, skill: Skill) -> str | None:
    """关门前N分钟内不能发动 (荣耀)."""
    st = game.st
    if not skill.not_last_minutes or st.phase != Phase.DAY or st.deadline is None:
        return None
    if st.deadline - st.now <= timedelta(minutes=skill.not_last_minutes):
        return f"关门前{skill.not_last_minutes}分钟内不能发动{skill.name}（关门时间 {game.deadline_text(st.deadline)}）"
    return None


def not_held(game: Context, seat: Seat, skill: Skill) -> str | None:
    """Why the seat no longer holds this skill, or None (a skill lost unawares still looks held)."""
    mine = cards.held(game, seat)
    holding = next((h for h in mine if h.skill.name == skill.name), None)
    if holding is None:
        return f"你没有技能{skill.name}"
    state = holding.state
    if state.lost and not state.unaware:
        return f"你已失去技能{skill.name}"
    if state.uses is not None and state.uses <= 0:
        return f"{skill.name}为限定技能，已经发动过" if skill.uses == 1 else f"{skill.name}的次数已用完"
    if not cards.offered(game, seat, holding, mine):
        return f"你已失去技能{skill.name}（失去{skill.requires}后一同失去）"
    card = holding.card
    counter = game.rs.roles[card.role].counter if card else None
    if card and counter and counter.name not in card.counters:
        return f"{card.role}的{counter.name}尚未开始计数"
    return None


def choice_words(game: Context, seat: Seat, skill: Skill) -> tuple[str, ...]:
    """The words a ``choice`` may be: the skill's list, the undealt cards (偷换), or skill names (迷梦)."""
    if skill.choice_of == "spare":
        return tuple(dict.fromkeys(game.st.spare_cards))
    if skill.choice_of == "night_skill":  # 非强制的夜晚技能: placed in a night step, not in 黄昏's
        steps = game.rs.night_steps
        return tuple(s.name for s in _in_play(game) if not s.forced and not s.todo and any(t.holds(s) for t in steps))
    if skill.choice_of == "skill":
        return tuple(s.name for s in _in_play(game) if not s.forced and not s.todo and s.timing == "night")
    if skill.choice_of == "own":  # 指定一个自己的非[强制]技能
        mine = cards.held(game, seat)
        return tuple(h.skill.name for h in mine if h.skill is not skill and not h.skill.forced and not h.state.lost)
    if skill.choice_of == "own_counted":  # 自己其中一个次数技能
        return tuple(name for name in skill_uses.counted(game, seat) if name != skill.name)
    if skill.choice_of == "faces":  # 变脸: 任意一张（未选择过的）底牌
        return faces.unused(seat)
    if skill.choice_of == "aimed":  # 镜像: 曾对自身操作过的技能
        return tuple(game.st.aimed.get(seat.no, ()))
    if skill.choice_of == "legacy":  # 遗泽: 在遗计池选择一个技能
        return legacy.names(game, seat.no)
    if skill.choice_of == "role":  # 猜测一个身份; 询问村民阵营的身份牌
        camp = skill.choice_camp
        return tuple(name for name, role in game.rs.roles.items() if role.dealt and (not camp or role.camp == camp))
    if skill.choice_of in {"disguise", "role_skill"}:  # free: 表面阵营/表面身份/表面带刀, 身份<技能> (check_choice)
        return ()
    if skill.choice_of == "sign":  # 决策: 十二星座中的一个星座
        return moon_events.open_signs(game)
    return skill.choices


def _in_play(game: Context) -> list[Skill]:
    """The ruleset's skills, less those of an expansion this game is without (占卜 without 新月扩展)."""
    return [s for s in game.rs.all_skills() if not s.expansion or game.st.options.get(s.expansion)]


def target_count(game: Context, skill: Skill) -> tuple[int, int]:
    """The least and most targets the skill takes now: its `targets`, or its formula of the living seats (the
    exact count, or the most with a least before it: `[0, floor(N / 2)]`)."""
    if skill.target_formula is None:
        return skill.targets
    count = max(0, int(skill.target_formula(sum(1 for s in game.st.seats if s.alive))))
    least = skill.targets[0] if skill.targets[1] < 0 else count  # [least, formula]: up to the count
    return (min(least, count), count)


def check_targets(game: Context, seat: Seat, skill: Skill, targets: tuple[int, ...]) -> None:
    legal = legal_targets(game, seat, skill)
    low, high = target_count(game, skill)
    if high == 0 and targets:
        raise Refusal(f"{skill.name}不需要选择目标：发送{labels.syntax(skill.name, False)}即可。")
    wanted = str(low) if low == high else f"{low}到{high}"
    if not (low <= len(targets) <= high):
        raise Refusal(
            f"{skill.name}需要选择{wanted}个目标，你选了{len(targets)}个。选择范围：{texts.options(game.rs, legal)}。"
        )
    if len(set(targets)) != len(targets):
        raise Refusal(f"{skill.name}的目标不能重复。选择范围：{texts.options(game.rs, legal)}。")
    legal_nos = {s.no for s in legal}
    for t in targets:
        if not 1 <= t <= len(game.st.seats):
            raise Refusal(f"没有这个目标。选择范围：{texts.options(game.rs, legal)}。")
        if t not in legal_nos:
            holding = cards.find(game, seat, skill.name)
            excluded = _personal_exclusions(game, seat, skill, holding.state if holding else None)
            tag = excluded.get(t) if skill.tags & PERSONAL_TAGS else None
            why = f"（{PERSONAL_REASONS[tag]}）" if tag else ""
            spared = loan_spared(game, seat, skill).get(t)
            if spared:
                why = f"（[{spared}]：{game.rs.statuses[spared].text}）"
            raise Refusal(
                f"{game.label(t)}不在{skill.name}的选择范围内{why}。选择范围：{texts.options(game.rs, legal)}。"
            )
    for i, (t, place) in enumerate(zip(targets, skill.places, strict=False), 1):
        if not conditions.holds(place.range, game.st.seat(t), seat.no, game.st):
            raise Refusal(f"{skill.name}的第{i}个目标应为{place.text}的角色，{game.label(t)}不是。")
    if skill.consecutive and not _consecutive(targets, len(game.st.seats)):
        example = "、".join(game.label(t) for t in range(1, min(len(targets), len(game.st.seats)) + 1))
        raise Refusal(
            f"{skill.name}的目标应为首日讨论日电梯楼中连续的{len(targets)}名角色（首尾相邻），例如{example}。"
        )


def _consecutive(targets: tuple[int, ...], seats: int) -> bool:
    """The seats form one run round the table (电梯楼 of every seat, 首尾相邻)."""
    chosen = set(targets)
    return any({(start + i - 1) % seats + 1 for i in range(len(chosen))} == chosen for start in chosen)


def check_choice(game: Context, seat: Seat, skill: Skill, choice: str | None) -> None:
    """A fixed list of words (交易's 验人/毒药/守护), a 伪装 (雪隐), or free text a hook reads (心算, 点睛)."""
    if skill.choice_of == "disguise":
        if skill.default is not None and choice == skill.default:  # no 伪装 (潜藏: 不设置)
            return
        problem = appearance.look_problem(game, choice, skill)
        if problem:
            raise Refusal(f"{skill.name}：{problem}")
        return
    if skill.message:
        _check_message(skill, choice or "")
        return
    if skill.choice_of == "role_skill":  # 堕落: 宣言一个技能，且宣言使用者初始身份
        why = stealing.declaration_problem(game, seat, skill, choice or "")
        if why:
            raise Refusal(why)
        return
    if skill.choice_hook:
        why = game.rs.hooks[skill.choice_hook](game, seat, choice or "")
        if why:
            raise Refusal(why)
        return
    words = choice_words(game, seat, skill)
    if not words and skill.choice_of in {"own", "own_counted"}:
        raise Refusal(f"{skill.name}需要指定一个自己的技能，但你现在没有可以指定的技能。")
    if not words and skill.choice_of == "aimed":
        raise Refusal(f"{skill.name}需要指定一个曾对你使用过的技能，但还没有技能对你使用过。")
    if skill.choice_count > 1:
        picks = skill.picks(choice)
        if len(picks) != skill.choice_count or len(set(picks)) != len(picks) or not set(picks) <= set(words):
            example = "、".join(words[: skill.choice_count])
            raise Refusal(
                f"{skill.name}需要选择{skill.choice_count}个不同的：{'、'.join(words)}，以「、」分隔。"
                f"例如「{skill.name} {example}」。"
            )
        return
    if words and skill.choice_max > 1:
        _check_many(skill, words, choice)
    elif words and skill is not game.rs.order_skill and choice not in words:
        raise Refusal(f"{skill.name}需要选择：{'、'.join(words)}。例如「{skill.name} … {words[0]}」。")


def _check_message(skill: Skill, text: str) -> None:
    """A free text of 1 to ``message`` characters (报信: 50字以内的一段话)."""
    example = f"例如「{skill.name} {'目标 ' if skill.needs_targets else ''}今晚我们去找3号」"
    if not text.strip():
        raise Refusal(f"{skill.name}需要写一段话（{skill.message}字以内），{example}。")
    if len(text) > skill.message:
        raise Refusal(f"{skill.name}的内容最多{skill.message}字，你写了{len(text)}字，请删短后重发。{example}。")


def _check_many(skill: Skill, words: tuple[str, ...], choice: str | None) -> None:
    """Up to ``choice_max`` different words of the list (阴魂不散: 最多五个)."""
    named = skill.picks(choice)
    example = f"例如「{skill.name} {'、'.join(words[: min(2, skill.choice_max)])}」"
    if not named or len(named) > skill.choice_max:
        raise Refusal(f"{skill.name}需要选择1到{skill.choice_max}个，用「、」隔开，你选了{len(named)}个。{example}。")
    if len(set(named)) != len(named):
        raise Refusal(f"{skill.name}的选择不能重复。{example}。")
    wrong = [w for w in named if w not in words]
    if wrong:
        raise Refusal(f"{skill.name}不能选择{'、'.join(wrong)}。可选：{'、'.join(words)}。{example}。")
