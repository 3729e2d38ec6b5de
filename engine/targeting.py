"""The targeting chain of one act: whether it has any effect, whom it reaches, what it sets off.

void        the user's skill has no effect on others, still spent: its user holds a
            ``void_acts`` status (花蝴蝶<拥抱>), a living member of its [团队] does, or a
            prediction named this very act (梦魇<迷梦>)
reached     the [结算目标] without the seats no skill affects (``immune``), each followed by
            the seats whose status follows it (``follows_source``: skills on 花蝴蝶 reach
            the seat she hugs as well)
targeted    triggers of the seats reached (妖狐<咒缚>, 地雷<共亡>)
borrowing   a seat uses another's skills tonight, fresh (怪盗<探囊取物>); see cards.held
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards, conditions, effects, phases
from engine.state import Seat, SkillState, lasting_until

if TYPE_CHECKING:
    from engine.game import Game
    from engine.ruleset.model import Skill


def _holds_flag(game: Game, seat: Seat, flag: str) -> bool:
    return game.rs.uses_status_flag(flag) and any(getattr(game.rs.statuses[s.name], flag) for s in seat.statuses)


def void_reason(game: Game, seat: Seat, skill: Skill, chosen: list[int]) -> str:
    """Why this act has no effect on others (the rule), or ""."""
    st = game.st
    if not skill.forced and _holds_flag(game, seat, "void_acts"):
        return next(s.name for s in seat.statuses if game.rs.statuses[s.name].void_acts)
    if skill.team:
        for mate in st.seats:
            if mate.alive and skill.team.team in mate.teams and _holds_flag(game, mate, "void_acts"):
                return next(s.name for s in mate.statuses if game.rs.statuses[s.name].void_acts)
    if chosen and not skill.forced:
        team = skill.team.team if skill.team else ""
        for prediction in st.predictions:
            user, name, target, rule = prediction
            if name == skill.name and target == chosen[0] and (user == seat.no or team in st.seat(user).teams):
                st.predictions.remove(prediction)
                return rule
    return ""


def reached(game: Game, targets: list[int]) -> list[int]:
    """The seats an act on these targets affects, in order (immune ones out, followers in)."""
    st = game.st
    out: list[int] = []
    for target in targets:
        if not _holds_flag(game, st.seat(target), "immune"):
            out.append(target)
        for other in st.seats if game.rs.uses_status_flag("follows_source") else ():
            follows = [s for s in other.statuses if s.source == target and game.rs.statuses[s.name].follows_source]
            if follows and other.no not in out and other.no != target:
                out.append(other.no)
    return list(dict.fromkeys(out))


def fire_targeted(game: Game, user: Seat, skill: Skill, targets: list[int]) -> None:
    """Each seat reached whose skill is set off by being targeted (咒缚, 共亡) reacts now, in order."""
    st = game.st
    for no in targets:
        seat = st.seat(no)
        if no == user.no or not seat.alive:
            continue
        for holding in cards.held(game, seat):
            for trigger in holding.skill.triggers:
                if trigger.on != "targeted" or cards.spent(holding.state):
                    continue
                if trigger.skills and skill.name not in trigger.skills:
                    continue
                if trigger.unforced and skill.forced:
                    continue
                if trigger.phase and trigger.phase != (phases.kind(st.phase) or "night"):
                    continue
                if trigger.by and not conditions.holds(trigger.by, user, no, st):
                    continue
                game.log(
                    "trigger",
                    f"{game.who(no)}成为{game.who(user.no)}的<{skill.name}>的目标，{holding.skill.name}触发",
                    holding.skill.name,
                )
                ctx = effects.Ctx(game, actor=no, skill=holding.skill, targets=[user.no], rule=holding.skill.name)
                effects.run(ctx, trigger.effects if trigger.effects is not None else holding.skill.effects)


def predict(game: Game, actor: int, chosen: list[int], skill: str, rule: str) -> None:
    """迷梦: the first chosen seat's use of ``skill`` on the second tonight will be void."""
    if len(chosen) == 2:
        game.st.predictions.append((chosen[0], skill, chosen[1], rule))
        game.log("predict", f"{game.who(actor)}预测{game.who(chosen[0])}对{game.who(chosen[1])}使用{skill}", rule)


def borrow(game: Game, actor: int, lender_no: int, rule: str) -> None:
    """The actor uses the lender's card's skills tonight, fresh; the lender holds none of them."""
    st = game.st
    lender, seat = st.seat(lender_no), st.seat(actor)
    card = lender.card
    defs = [(n, d) for n in card.skills if (d := cards.skill_def(game, card, n)) is not None and not d.todo]
    for name, skill in defs:
        state = card.skills[name]
        if state.used and skill.on_lost_after_use:  # 怪盗探囊已发动<装傻>的白痴，白痴立即出局
            effects.run(effects.Ctx(game, actor=lender_no, skill=skill, rule=rule), skill.on_lost_after_use)
    st.lent[lender_no] = actor
    seat.borrowed = {name: SkillState(name, skill.uses) for name, skill in defs}
    for name, skill in defs:
        for grant in skill.grants:
            game.grant_status(
                actor, grant.status, source=actor, until=f"skill:{name}", uses=grant.uses, rule=rule, quiet=True
            )
    names = "、".join(f"<{n}>" for n, _ in defs) or "无"
    game.feedback(actor, f"{game.label(lender_no)}原本拥有的技能：{names}。今晚由你代替其行使。", rule)
    game.changed()


def night_ends(game: Game) -> None:
    """Borrowed skills go back; statuses held with them end."""
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
