"""学习 (165 L645–716): a learner is told its target's 表面身份 and 实际身份 and gains the kit of the
target's role as the ruleset's learner's table (``Ruleset.learned``) writes it — the 机械狼版本 — or,
for a role the table leaves out, the role's own kit (未提及的身份则学习获取的技能和目标角色的身份一致),
fresh (刷新至初始), each skill acting in its own role's step. Then its 表面身份, 表面阵营 and 表面带刀
become what a check sees in the target now. A row not written yet (``todo``) goes to the directors.

A row with ``copies_faces`` first gives the learner copies of the target's 底牌 (双重人格). A row with ``host`` gives the row of the role the target's host was dealt (混血儿, 影子); one with
``faces`` makes the learner follow the target's card on top (变脸者: 技能随着变脸者选择的置顶而变).
食尸 lends the skills only until the next night opens (``Seat.lent``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import appearance, kits
from engine.context import Context
from engine.state import Seat, lasting_until


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
    copied = game.rs.learned.get(seat.card.role)
    if copied is not None and copied.copies_faces and not how.seen:  # the 双重人格's row, not its card on top
        _copy_cards(game, learner, seat)
        role = seat.card.role
    if copied is not None and copied.faces and not how.seen:
        gained = _copy_faces(game, learner, seat, rule)
    else:
        gained = _learn_role(game, learner, seat, role, rule)
    if how.lent:
        me = st.seat(learner)
        me.lent = [*me.lent, *(n for n in gained if n not in me.lent)]
        me.lent_on = st.phase_key
    if how.look:
        _look_like(game, learner, target, how.look, rule)
    return gained


def _learn_role(game: Context, learner: int, seat: Seat, role: str, rule: str) -> list[str]:
    """The kit of ``role`` the table gives, or for a host row the row of the role its host was dealt."""
    row = game.rs.learned.get(role)
    if row is not None and row.host:
        role = _host_role(game, learner, seat, row.host)
        return gain_role(game, learner, role, rule) if role else []
    if row is None and role == kits.kit_role(seat):
        return kits.take_from(game, learner, seat.no, rule)
    return gain_role(game, learner, role, rule)


def gain_role(game: Context, learner: int, role: str, rule: str) -> list[str]:
    """The learner gains ``role`` as the table writes it — its row, or a role left out its own kit — and is
    told which skills; a row not fully written goes to the directors."""
    row = game.rs.learned.get(role)
    if row is None:
        gained = kits.take_kit(game, learner, role, rule)
        skills = "、".join(f"<{n}>" for n in gained) or "无"
        game.tell(learner, f"你因<{rule}>获得{role}的身份技能（初始状态）：{skills}。")
        return gained
    gained = kits.take_pairs(game, learner, row.skills, rule)
    skills = "、".join(f"<{n}>" for n in gained) or "无"
    game.tell(learner, f"你因<{rule}>获得{role}的机械狼版本技能（初始状态）：{skills}。")
    if row.todo:
        game.say_directors(
            f"〔{rule}〕{game.who(learner)}学习了{role}：其机械狼版本尚未全部写入规则集（{row.todo}），"
            "请导演裁定并告知其另外获得的技能。"
        )
        game.tell(learner, f"{role}的机械狼版本的其余部分将由导演告知。")
    return gained


def _copy_faces(game: Context, learner: int, seat: Seat, rule: str) -> list[str]:
    """机械狼复制会得到通知复制了变脸者: the learner follows the 变脸者's card on top from now on."""
    me = game.st.seat(learner)
    me.face_of, me.face_of_role, me.face_of_skills = seat.no, "", []
    game.tell(learner, "你复制了变脸者：你的技能随其置顶的底牌而变（该身份的机械狼版本），尚未变脸则无技能。")
    follow_faces(game, rule)
    return list(me.face_of_skills)


def _copy_cards(game: Context, learner: int, seat: Seat) -> None:
    """获得双重人格的两张底牌: the learner holds copies of the target's 底牌, none on top nor used yet."""
    me = game.st.seat(learner)
    me.faces, me.faces_used = list(seat.faces), []
    game.tell(learner, f"你获得了{game.label(seat.no)}的底牌（副本）：{'、'.join(seat.faces) or '无'}。")


def follow_faces(game: Context, rule: str = "变脸") -> None:
    """Each living seat that copied a 变脸者 holds the table's kit of the card on top: a new card on top ends
    the former's kit and gives its own, fresh."""
    for me in game.st.seats:
        if not me.face_of or not me.alive:
            continue
        changer = game.st.seat(me.face_of)
        role = changer.face
        if role == me.face_of_role:
            continue
        names, me.face_of_skills = me.face_of_skills, []
        for name in names:
            if name in me.card.skills:
                del me.card.skills[name]
                game.remove_statuses(me, lasting_until(f"skill:{name}"))
        if names:
            game.changed(me.no)
            game.log("skill", f"{game.who(me.no)}复制的底牌{me.face_of_role}的技能结束：{'、'.join(names)}", rule)
            game.tell(me.no, f"你复制的变脸者底牌{me.face_of_role}的技能已结束。")
        me.face_of_role = role
        if role:
            me.face_of_skills = gain_role(game, me.no, role, rule)


def _host_role(game: Context, learner: int, seat: Seat, host: str) -> str:
    """知晓被混者的初始身份但不知道是谁: the learner is told the role the target's host (认亲, 附身) was dealt,
    the role it learns instead ("": no host yet). A row that itself reads a host gives only its own skills."""
    if not seat.host:
        game.tell(learner, f"{game.label(seat.no)}尚无{host}。")
        return ""
    role = game.st.seat(seat.host).cards[0].dealt_as
    game.tell(learner, f"{host}的初始身份为{role}。")
    return role


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
