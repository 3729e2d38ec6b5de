"""Whole kits and bindings between seats: one seat taking another's skills (获取技能), and a seat
bound to a host whose camp it follows and whose kit it inherits (影子<附身>).

获取技能 (002 L359–362): a taken skill is the taker's own (its role's words mean the taker); it
comes with its role's definition (``SkillState.of_role``), so a name two roles define stays the
giver's. 临时技能 and 二手技能 are not taken: only the skills of the giver's role. A [开局]-only
skill is left behind without 刷新至初始 (it would be unusable); with it (``take_from``) it comes and
is asked at once.
"""

from __future__ import annotations

from engine import cards, knife, queue, rosters
from engine.context import Context
from engine.ruleset.model import Skill
from engine.state import Seat, SkillState
from engine.vocabulary import TIMING_TAGS

OPENING_ONLY = frozenset({"开局"})


def kit_role(seat: Seat) -> str:
    """The role whose skills a taker gets from the seat: the role its current card holds, or the
    底牌 last put on top (变脸: 获取的是变脸者最后置顶的身份牌技能)."""
    return seat.face or seat.card.role


def _kit(game: Context, role: str) -> list[Skill]:
    """The skills of a role a fresh kit holds: written, dealt with the card, not [开局]-only."""
    out = []
    for skill in game.rs.roles[role].skills.values():
        timing = skill.tags & TIMING_TAGS.keys()
        if skill.todo or "附加" in skill.tags or (timing and timing <= OPENING_ONLY):
            continue
        out.append(skill)
    return out


def fresh_kit(game: Context, role: str) -> list[Skill]:
    """The skills a fresh kit of ``role`` holds (a pool's: 遗计)."""
    return _kit(game, role)


def take_kit(game: Context, taker: int, role: str, rule: str) -> list[str]:
    """The taker's current card gains every skill of ``role``, fresh (初始状态); a skill of that name
    it holds already, not lost, stays as it is. Returns the names gained."""
    st = game.st
    seat = st.seat(taker)
    card = seat.card
    gained = []
    for skill in _kit(game, role):
        mine = card.skills.get(skill.name)
        if mine is not None and not mine.lost:
            continue
        st.grants += 1
        card.skills[skill.name] = SkillState(skill.name, skill.uses, granted=st.grants, of_role=role)
        game.hold_grants(taker, skill, rule)
        gained.append(skill.name)
    game.changed(taker)
    if gained:
        game.log("skill", f"{game.who(taker)}获得{role}的技能：{'、'.join(gained)}", rule)
        rosters.with_kit(game, taker, role)
    return gained


def take_pairs(game: Context, taker: int, pairs: tuple[tuple[str, str], ...], rule: str) -> list[str]:
    """The taker's current card gains these (role, skill) pairs fresh (a 学习表 row); one held already, not
    lost, stays, and one not written yet (``todo``) is not gained. Returns the names gained."""
    st = game.st
    card = st.seat(taker).card
    gained = []
    for role, name in pairs:
        skill = game.rs.roles[role].skills[name]
        mine = card.skills.get(name)
        if skill.todo or (mine is not None and not mine.lost):
            continue
        st.grants += 1
        card.skills[name] = SkillState(name, skill.uses, granted=st.grants, of_role=role)
        game.hold_grants(taker, skill, rule)
        gained.append(name)
    game.changed(taker)
    if gained:
        game.log("skill", f"{game.who(taker)}获得{'、'.join(gained)}", rule)
        for role in dict.fromkeys(role for role, _ in pairs):
            rosters.with_kit(game, taker, role)
    return gained


def take_from(game: Context, taker: int, giver: int, rule: str) -> list[str]:
    """获得结算目标的身份技能并刷新至初始: the taker gains the giver's kit (``kit_role``) fresh, and
    is told which skills. With 刷新至初始 a [开局]-only skill comes too, and the taker decides at once
    whether to use it (在获取技能的那个时段需要立刻决定是否发动[开局]类技能): it is asked now."""
    role = kit_role(game.st.seat(giver))
    gained = take_kit(game, taker, role, rule)
    opening = _take_opening(game, taker, role, rule)
    skills = "、".join(f"<{n}>" for n in gained + opening) or "无"
    game.tell(taker, f"你因<{rule}>获得{game.label(giver)}的身份技能（初始状态）：{skills}。")
    asked = [n for n in opening if not _answers_gain(game, taker, n)]
    if asked:
        game.tell(taker, f"{'、'.join(f'<{n}>' for n in asked)}为[开局]技能：你需要立刻决定是否发动。")
        card = game.st.seat(taker).card.id
        queue.push_front(game, [queue.Ask(taker, name, "skill", card) for name in asked])
    return gained + opening


def _answers_gain(game: Context, taker: int, name: str) -> bool:
    """A skill whose ``gained`` trigger answers its gain itself (鬼魂新娘<冥婚>), not asked as [开局]."""
    holding = cards.find(game, game.st.seat(taker), name)
    return holding is not None and any(t.on == "gained" for t in holding.skill.triggers)


def _take_opening(game: Context, taker: int, role: str, rule: str) -> list[str]:
    """The role's written [开局]-only skills the taker's current card gains fresh; their names."""
    st = game.st
    card = st.seat(taker).card
    out = []
    for skill in game.rs.roles[role].skills.values():
        timing = skill.tags & TIMING_TAGS.keys()
        if skill.todo or not timing or not timing <= OPENING_ONLY or skill.name in card.skills:
            continue
        st.grants += 1
        card.skills[skill.name] = SkillState(skill.name, skill.uses, granted=st.grants, of_role=role)
        out.append(skill)
    if out:
        game.changed(taker)
        game.log("skill", f"{game.who(taker)}获得{role}的[开局]技能：{'、'.join(s.name for s in out)}", "刷新至初始")
    for skill in out:
        game.gained(taker, skill.name, rule)
    return [s.name for s in out]


def inherit(game: Context, heir: int, giver: int, rule: str) -> list[str]:
    """传承: the heir gains the giver's kit fresh (刷新至初始), and that role becomes its 表面身份."""
    role = kit_role(game.st.seat(giver))
    gained = take_kit(game, heir, role, rule)
    seat = game.st.seat(heir)
    seat.face, seat.face_on = role, game.st.phase_key
    game.log("face", f"{game.who(heir)}的表面身份变为{role}", rule)
    skills = "、".join(f"<{n}>" for n in gained) or "无"
    game.tell(heir, f"你获得了{role}的身份技能：{skills}（刷新至初始），你的表面身份变为{role}。")
    return gained


def hand_over(game: Context, giver: int, taker: int, rule: str) -> list[str]:
    """The giver loses every skill it holds on its current card; the taker gains those skills as
    they are (uses left, records), each with its own definition (薪火相传). Returns the names."""
    st = game.st
    card, other = st.seat(giver).card, st.seat(taker).card
    moving = [(name, state) for name, state in card.skills.items() if not state.lost]
    defs = {name: cards.skill_def(game, card, name) for name, _ in moving}
    game.lose_skills(giver, tuple(name for name, _ in moving), rule)
    names = []
    for name, state in moving:
        skill = defs[name]
        if skill is None:
            continue
        st.grants += 1
        other.skills[name] = SkillState(
            name,
            state.uses,
            used=state.used,
            last_targets=state.last_targets,
            ever_targets=state.ever_targets,
            used_on=state.used_on,
            before=state.before,
            granted=st.grants,
            of_role=skill.role,
        )
        names.append(name)
    game.changed(taker)
    for name in names:
        game.gained(taker, name, rule)
    if names:
        game.log("skill", f"{game.who(taker)}获得{game.who(giver)}失去的技能：{'、'.join(names)}", rule)
        for role in dict.fromkeys(skill.role for skill in defs.values() if skill is not None):
            rosters.with_kit(game, taker, role)
    return names


def deal_faces(game: Context) -> None:
    """变脸者's 底牌: at the deal, from the game's seed, roles of each draw's camp (双重人格: 一狼一神) (any, without one:
    盗贼's 两张未加入的身份) that nobody was dealt, none of its excepted pools (身份更换 1: 不会获得验人系身份); its holder knows them.
    身份更换 2 (no 母身份 beside its 子身份) has no pair in the posts that draw 底牌 today."""
    rs, st = game.rs, game.st
    dealt = {card.role for seat in st.seats for card in seat.cards}
    for seat in st.seats:
        first = rs.roles[seat.card.role].faces
        if first is None:
            continue
        seat.faces = []
        for draw in (first, *first.also):
            pool = [
                r.name
                for r in rs.roles.values()
                if draw.camp in {"", r.camp}
                and r.dealt
                and r.pool not in draw.except_pools
                and r.name not in dealt
                and r.name not in seat.faces
            ]
            picked = set(st.rng.sample(pool, min(draw.count, len(pool))))
            seat.faces += [name for name in pool if name in picked]
        faces = "、".join(seat.faces) or "无"
        game.tell(seat.no, f"你的底牌：{faces}。")
        game.log("deal", f"{game.who(seat.no)}的底牌：{faces}", seat.card.role)


def attach(
    game: Context,
    follower: int,
    host: int,
    tags: tuple[str, ...],
    rule: str,
    kit: bool = True,
    camps: dict[str, str] | None = None,
    both_out: bool = False,
    learned: bool = False,
) -> None:
    """附身: the follower takes the host's camp now and follows it; the host's out hands it the kit
    (not with ``kit`` false: 认亲 follows the camp alone). ``camps`` maps the host's camp to the one
    taken, a camp not in it giving one of its values at random (寻仇: 与该角色对立的阵营). With
    ``both_out`` camp and kit wait until both are out (鬼情); with ``learned`` that kit is the 学习表's
    (机械狼<鬼情>: 获得那个角色的机械狼身份技能)."""
    st = game.st
    seat, target = st.seat(follower), st.seat(host)
    seat.host, seat.host_tags, seat.host_kit, seat.host_camps = host, tags, kit, dict(camps or {})
    seat.follows, seat.host_both_out, seat.host_learned = not both_out, both_out, learned
    game.log("attach", f"{game.who(follower)}附身{game.who(host)}", rule)
    if not both_out:
        game.follow_camp(seat, target.camp)


def host_out(game: Context, host: Seat) -> None:
    """The host is out: each living follower takes its kit fresh, and the card tags it bore among
    the follower's ``host_tags``, keeping the host's place in their order (engine/knife.py)."""
    st = game.st
    if host.host_both_out and not st.seat(host.host).alive:
        _both_out(game, host, st.seat(host.host))
    for seat in [s for s in st.seats if s.host == host.no and s.host_both_out and not s.alive and s.no != host.no]:
        _both_out(game, seat, host)
    followers = [s for s in st.seats if s.host == host.no and s.host_kit and s.alive and s.no != host.no]
    followers = [s for s in followers if not s.host_both_out]
    if not followers:
        return
    role = kit_role(host)
    borne = cards.tags(game, host)
    rule = "附身"
    for seat in followers:
        gained = take_kit(game, seat.no, role, rule)
        inherited = [t for t in borne if t in seat.host_tags and t not in seat.card.tags]
        if inherited:
            knife.inherit(game, seat, host, inherited, rule)
        skills = "、".join(f"<{n}>" for n in gained) or "无"
        marks = "".join(f"[{t}]" for t in inherited)
        game.tell(
            seat.no,
            f"你附身的角色已出局，你获得其全部技能（初始状态）：{skills}。" + (f"你获得标签{marks}。" if marks else ""),
        )


def _both_out(game: Context, seat: Seat, host: Seat) -> None:
    """鬼情: follower and host both out — the follower joins the host's camp, untold, and follows it, and
    takes its kit fresh, usable while out (以此获得的技能即使自己已出局也可以使用或者有效)."""
    seat.host_both_out, seat.follows = False, True
    game.follow_camp(seat, host.camp)
    role = kit_role(host)
    row = game.rs.learned.get(role) if seat.host_learned else None
    gained = take_pairs(game, seat.no, row.skills, "鬼情") if row else take_kit(game, seat.no, role, "附身")
    for name in gained:
        seat.card.skills[name].when_out = True
    skills = "、".join(f"<{n}>" for n in gained) or "无"
    game.tell(seat.no, f"你和你认定的角色都已出局：你获得其全部技能（初始状态），出局后也可以使用：{skills}。")
