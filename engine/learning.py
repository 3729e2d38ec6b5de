"""学习 (165 L645–716): a learner is told its target's 表面身份 and 实际身份 and gains the kit of the
target's role as the ruleset's learner's table (``Ruleset.learned``) writes it — the 机械狼版本 — or,
for a role the table leaves out, the role's own kit (未提及的身份则学习获取的技能和目标角色的身份一致),
fresh (刷新至初始), each skill acting in its own role's step. Then its 表面身份, 表面阵营 and 表面带刀
become what a check sees in the target now. A row not written yet (``todo``) goes to the directors.

食尸 lends the skills only until the next night opens (``Seat.lent``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import appearance, kits
from engine.context import Context


@dataclass(frozen=True)
class Learning:
    """How a seat learns: ``look`` names the status that makes it seen as the target is (学习: 表面…变为与目标
    角色当前情况相同); ``lent``: the skills end as the next night opens (食尸); ``seen``: the kit of the
    role a check sees in the target (吞食机械狼: 可获其表面身份技能); ``identity``: told the target's
    表面身份 and 实际身份 (得知结算目标的表里身份)."""

    look: str = ""
    lent: bool = False
    seen: bool = False
    identity: bool = False


def learn(game: Context, learner: int, target: int, rule: str, how: Learning) -> list[str]:
    """The learner learns the target as ``how`` says. Returns the names gained."""
    st = game.st
    seat = st.seat(target)
    seen_role = appearance.seen(game, seat, "role")
    role = seen_role if how.seen and seen_role in game.rs.roles else kits.kit_role(seat)
    if how.identity:  # 得知结算目标的表里身份
        game.feedback(learner, f"{game.label(target)}的表面身份为{seen_role}，实际身份为{seat.card.role}。", rule)
    row = game.rs.learned.get(role)
    if row is None and role == kits.kit_role(seat):
        gained = kits.take_from(game, learner, target, rule)
    elif row is None:
        gained = kits.take_kit(game, learner, role, rule)
        skills = "、".join(f"<{n}>" for n in gained) or "无"
        game.tell(learner, f"你因<{rule}>获得{role}的身份技能（初始状态）：{skills}。")
    else:
        gained = kits.take_pairs(game, learner, row.skills, rule)
        skills = "、".join(f"<{n}>" for n in gained) or "无"
        game.tell(learner, f"你因<{rule}>获得{role}的机械狼版本技能（初始状态）：{skills}。")
    if row is not None and row.todo:
        game.say_directors(
            f"〔{rule}〕{game.who(learner)}学习了{role}：其机械狼版本尚未全部写入规则集（{row.todo}），"
            "请导演裁定并告知其另外获得的技能。"
        )
        game.tell(learner, f"{role}的机械狼版本的其余部分将由导演告知。")
    if how.lent:
        me = st.seat(learner)
        me.lent = [*me.lent, *(n for n in gained if n not in me.lent)]
        me.lent_on = st.phase_key
    if how.look:
        _look_like(game, learner, target, how.look, rule)
    return gained


def _look_like(game: Context, learner: int, target: int, status: str, rule: str) -> None:
    """表面身份，表面阵营，表面带刀变为与目标角色当前情况相同: a status holding the target's look now."""
    seat = game.st.seat(target)
    look = tuple(appearance.seen(game, seat, aspect) for aspect in ("camp", "role", "knife"))
    game.grant_status(learner, status, source=learner, until="permanent", uses=None, rule=rule)
    mine = [s for s in game.st.seat(learner).statuses if s.name == status]
    if mine:
        mine[-1].look = look


def night_opens(game: Context) -> None:
    """A night opens: the skills lent before it end (持续至下一个[夜晚]开始前)."""
    st = game.st
    for seat in st.seats:
        if not seat.lent or seat.lent_on == st.phase_key:
            continue
        names, seat.lent = seat.lent, []
        for name in names:
            if name in seat.card.skills:
                del seat.card.skills[name]
        game.changed(seat.no)
        game.log("skill", f"{game.who(seat.no)}获得的技能结束：{'、'.join(names)}", "食尸")
        game.tell(seat.no, f"你获得的技能已结束：{'、'.join(f'<{n}>' for n in names)}。")
