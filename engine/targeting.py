"""The targeting chain of one act: whether it has any effect, and whom it reaches.

void        the user's skill has no effect on others, still spent: its user holds a
            ``void_acts`` status (花蝴蝶<拥抱>), a living member of its [团队] does, or a
            prediction named this very act (梦魇<迷梦>)
reached     the [结算目标] without the seats no skill affects (``immune``), each followed by
            the seats whose status follows it (``follows_source``: skills on 花蝴蝶 reach
            the seat she hugs as well)
turned_back 时间逆流 (the ``turn_back`` verb), the chain's first stage: tonight's [指定] skills aimed at
            a guarded seat by a user meeting the reflection's condition resolve on their user instead,
            who is not told; the reflector is told each skill's name and loses the skill it used
pulled      磁吸 (the ``pull`` verb), the chain's last stage before the [结算目标]: tonight's [指定]
            skills of seats near a chosen one (ring distance over the living seats) whose user
            meets the pull's condition resolve on the puller instead — on every puller when several
            pull that user (多个磁吸生效时，这些角色都会成为结算目标) — and the user is told

What the seats reached set off (妖狐<咒缚>, 地雷<共亡>) is engine/using.py's; a seat using another's
skills tonight (怪盗<探囊取物>) is the ``borrow_skills`` verb's (engine/effects.py), and its loan
ends here at the night's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import caps, conditions, texts
from engine.context import Context
from engine.phases import Phase
from engine.state import GameState, Pull, Seat, lasting_until

if TYPE_CHECKING:
    from engine.ruleset.model import Skill


def void_reason(game: Context, seat: Seat, skill: Skill, chosen: list[int]) -> str:
    """Why this act has no effect on others (the rule), or ""."""
    st = game.st
    voiding = caps.giving(game, seat, "void_acts")
    if not skill.forced and voiding:
        return voiding[0]
    if skill.team:
        for mate in st.seats:
            if mate.alive and skill.team.team in mate.teams and (voiding := caps.giving(game, mate, "void_acts")):
                return voiding[0]
    if chosen and not skill.forced:
        team = skill.team.team if skill.team else ""
        for prediction in st.predictions:
            user, name, target, rule = prediction
            if name == skill.name and target == chosen[0] and (user == seat.no or team in st.seat(user).teams):
                st.predictions.remove(prediction)
                return rule
    return ""


def reached(game: Context, targets: list[int], user: Seat, skill: Skill) -> list[int]:
    """The seats an act on these targets affects, in order (immune ones out, followers in)."""
    st = game.st
    out: list[int] = []
    for target in targets:
        if not caps.has(game, st.seat(target), "immune") and not _shuns(game, st.seat(target), user, skill):
            out.append(target)
        for other in st.seats if game.rs.uses_status_flag("follows_source") else ():
            follows = [
                s for s in other.statuses if s.source == target and s.name in caps.giving(game, other, "follows_source")
            ]
            if follows and other.no not in out and other.no != target:
                out.append(other.no)
    return list(dict.fromkeys(out))


def _shuns(game: Context, target: Seat, user: Seat, skill: Skill) -> bool:
    """``immune_to_giver``: the target holds such a status from this act's source (富商's [隐身] for one
    seat); a [团队] skill's source is drawn among its team's living members (随机判定技能来源)."""
    if "指定" not in skill.tags or not caps.has(game, target, "immune_to_giver"):
        return False
    givers = caps.givers(game, target, "immune_to_giver")
    source = user.no
    if skill.team:
        members = [s.no for s in game.st.seats if s.alive and skill.team.team in s.teams]
        source = game.rng().choice(members) if members else user.no
    return source in givers


def pull(game: Context, puller: int, center: int, within: int, users: dict[str, object], rule: str) -> None:
    game.st.pulls.append(Pull(puller, center, within, dict(users), rule))
    game.log("pull", f"{game.who(puller)}以{game.who(center)}为中心发动{rule}（距离{within}以内）", rule)


def pulled(game: Context, seat: Seat, skill: Skill, targets: list[int]) -> list[int]:
    """The targets of this user's [指定] act once tonight's 磁吸 have replaced them, or as they were. The
    user is told the new target (发动者会知晓结算目标被改变为你), not the skill that moved it: its name
    would tell the puller's 身份, which 幽暗无光 keeps from everyone."""
    st = game.st
    if not st.pulls or not targets or "指定" not in skill.tags:
        return targets
    pulls = [
        p
        for p in st.pulls
        if p.puller != seat.no
        and conditions.holds(p.users, seat, p.puller, st)
        and (distance := ring_distance(st, p.center, seat.no)) is not None
        and distance <= p.within
    ]
    if not pulls:
        return targets
    pullers = list(dict.fromkeys(p.puller for p in pulls))
    names = "、".join(texts.target_label(game.rs, st.seat(no)) for no in pullers)
    game.tell(seat.no, f"你的<{skill.name}>的结算目标被改变为{names}。")
    game.log(
        "pull",
        f"{game.who(seat.no)}的{skill.name}的结算目标改为{'、'.join(game.who(n) for n in pullers)}",
        pulls[0].rule,
    )
    return pullers


def reflected(game: Context, seat: Seat, skill: Skill, targets: list[int]) -> list[int]:
    """镜<反射>: at night each target that reflects hands this [指定] act on to a seat at random that
    does not; the skills aimed at it are kept for 镜像."""
    st = game.st
    if not targets or "指定" not in skill.tags or not game.rs.uses_status_flag("reflects"):
        return targets
    out = []
    for target in targets:
        if not caps.has(game, st.seat(target), "reflects"):
            out.append(target)
            continue
        aimed = st.aimed.setdefault(target, [])
        if skill.name not in aimed:
            aimed.append(skill.name)
        others = [s.no for s in st.seats if s.alive and not caps.has(game, s, "reflects")]
        if st.phase != Phase.NIGHT or not others:
            out.append(target)
            continue
        to = game.rng().choice(others)
        st.reflections.append((target, skill.name, to))
        game.log("reflect", f"{game.who(seat.no)}的{skill.name}被{game.who(target)}反射给{game.who(to)}", "反射")
        out.append(to)
    return out


def turn_back(game: Context, reflector: int, center: int, users: dict[str, object], rule: str) -> None:
    game.st.turn_backs.append((reflector, center, dict(users), rule))
    game.log("turn_back", f"{game.who(reflector)}对{game.who(center)}发动{rule}", rule)


def turned_back(game: Context, seat: Seat, skill: Skill, targets: list[int]) -> list[int]:
    """时间逆流: each target guarded tonight against this user becomes the user (不知晓); the
    reflector learns the skill's name and loses its own skill."""
    st = game.st
    if not st.turn_backs or "指定" not in skill.tags:
        return targets
    out = []
    for target in targets:
        turning = next(
            (r for r in st.turn_backs if r[1] == target and r[0] != seat.no and conditions.holds(r[2], seat, r[0], st)),
            None,
        )
        if turning is None:
            out.append(target)
            continue
        reflector, _, _, rule = turning
        out.append(seat.no)
        game.log("turn_back", f"{game.who(seat.no)}的{skill.name}被{rule}反弹，结算目标改为自己", rule)
        game.feedback(reflector, f"<{rule}>反弹了<{skill.name}>。", rule)
        game.lose_skills(reflector, (rule,), rule)
    return out


def ring_distance(st: GameState, a: int, b: int) -> int | None:
    """电梯楼: the seats between two living seats, the shorter way round, counting living seats only
    (所有电梯楼相关效果都排除当前已出局成员，并且首尾算作相邻); None when either is out."""
    ring = [s.no for s in st.seats if s.alive]
    if a not in ring or b not in ring:
        return None
    gap = abs(ring.index(a) - ring.index(b))
    return min(gap, len(ring) - gap)


def predict(game: Context, actor: int, chosen: list[int], skill: str, rule: str) -> None:
    """迷梦: the first chosen seat's use of ``skill`` on the second tonight will be void."""
    if len(chosen) == 2:
        game.st.predictions.append((chosen[0], skill, chosen[1], rule))
        game.log("predict", f"{game.who(actor)}预测{game.who(chosen[0])}对{game.who(chosen[1])}使用{skill}", rule)


def night_ends(game: Context) -> None:
    """Borrowed skills go back; statuses held with them end; tonight's turnings and bans (鹰袭) end."""
    st = game.st
    for seat in st.seats:
        if seat.borrowed:
            for name in seat.borrowed:
                game.remove_statuses(seat, lasting_until(f"skill:{name}", seat.no))
            seat.borrowed = {}
    if st.lent:
        game.changed()
    st.lent.clear()
    st.predictions.clear()
    st.attacks.clear()
    st.pulls.clear()
    st.turn_backs.clear()
    st.bans.clear()
