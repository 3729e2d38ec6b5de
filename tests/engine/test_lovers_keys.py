"""Keys the lovers brought: lose_tag takes a role's own card tag too, and gain_tag gives it back, placed
last with `last` (丘比特<丘比特之箭>: 情侣中的狼人将不会获得本来的[群内]或[接刀]标签; 该狼人…会获得[接刀]标签);
set_camp's like: self (冥婚: 加入鬼魂新娘的阵营); the lovers' 判定 of 165's hook."""

from __future__ import annotations

from pathlib import Path

from engine import cards, conditions, effects, knife
from engine.api import EffectCtx, Game, Strike
from tests.engine.builders import played

BOARD = """\
ruleset: genshin_165
seed: 3
options: {自定板子: true}
players:
  - {name: 甲, role: 丘比特}
  - {name: 乙, role: 噬时狼妃}
  - {name: 丙, role: 狼祭司}
  - {name: 丁, role: 石像鬼}
  - {name: 戊, role: 赏金猎人}
  - {name: 己, role: 锈剑骑士}
  - {name: 庚, role: 圣女}
script:
  - setup: true
    acts:
"""


def test_a_lost_role_tag_is_gone_and_a_gained_one_comes_back(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD + "      - {by: 甲, skill: 丘比特之箭, targets: [戊, 乙]}\n")
    wolf = game.st.seat(2)
    assert "群内" in game.rs.roles["噬时狼妃"].tags
    assert cards.tags(game, wolf) == ["接刀"]
    assert wolf.card.lost_tags == ["群内"]
    assert "狼群" not in wolf.teams and "狼群" in game.st.seat(3).teams


def test_the_stone_guard_as_a_lover_bears_the_relay_last(tmp_path: Path) -> None:
    """狼+村民: 石像鬼 loses its own [接刀], then gains one placed after every other bearer."""
    game = played(tmp_path, BOARD + "      - {by: 甲, skill: 丘比特之箭, targets: [丁, 庚]}\n")
    seat = game.st.seat(4)
    assert "接刀" in cards.tags(game, seat) and seat.camp == "黑情侣阵营"
    assert knife.place(game, seat, game.rs.card_tags["接刀"]) > len(game.rs.card_tags["接刀"].order)


def verdict(game: Game, actor: int, skill: str, *targets: int) -> tuple[str | None, list[int]]:
    ctx = EffectCtx(game, actor=actor, skill=game.rs.skill(skill), targets=list(targets))
    game.rs.hooks["情侣判定"](ctx)
    return ctx.choice, ctx.targets


def test_the_lovers_are_judged_down_the_list_in_order(tmp_path: Path) -> None:
    """丘比特自连 counts as 村民; 狼+村民 puts the 狼 first and 丘比特 last; a seat not dealt 丘比特 links
    [虚情情侣] (其他角色获得该技能时)."""
    game = played(tmp_path, BOARD + "      - {by: 甲, skill: 丘比特之箭, targets: [戊, 己]}\n")
    assert verdict(game, 1, "丘比特之箭", 1, 7) == ("双民", [7, 1])
    assert verdict(game, 1, "丘比特之箭", 7, 2) == ("黑情侣", [2, 7])
    assert verdict(game, 1, "丘比特之箭", 2, 3) == ("双狼", [2, 3])
    assert verdict(game, 1, "丘比特之箭", 1, 2) == ("黑情侣", [2, 1])
    assert verdict(game, 1, "丘比特之箭", 7, 5)[0] == "无效"  # 戊 is a [真爱情侣] already
    assert verdict(game, 6, "丘比特之箭", 2, 3)[0] == "虚情"


def test_set_camp_like_self_gives_the_acting_seat_camp(tmp_path: Path) -> None:
    """鬼魂新娘<冥婚>: the lover, and the 证婚人 drawn from the 狼人阵营, take the bride's camp."""
    text = BOARD.replace("role: 丘比特", "role: 鬼魂新娘") + "      - {by: 甲, skill: 冥婚, targets: [戊]}\n"
    game = played(tmp_path, text)
    bride = game.st.seat(1).camp
    assert bride == game.rs.roles["鬼魂新娘"].camp
    witness = [s for s in game.st.seats if s.has_status("证婚人")]
    assert game.st.seat(5).camp == bride and len(witness) == 1
    assert witness[0].card.role in {"噬时狼妃", "狼祭司", "石像鬼"} and witness[0].camp == bride


def test_farthest_is_one_seat_across_an_even_ring_and_two_across_an_odd_one(tmp_path: Path) -> None:
    """跨越千里: 距离你电梯楼最远的角色…若有2人 — first and last seats adjacent."""
    test = conditions.compiled({"farthest": True})
    odd = played(tmp_path, BOARD + "      - {by: 甲, skill: 丘比特之箭, targets: [戊, 己]}\n").st
    even = played(tmp_path, BOARD.replace("script:", "  - {name: 辛, role: 预言家}\nscript:")).st
    for st, actor, far in ((odd, 1, [4, 5]), (odd, 7, [3, 4]), (even, 1, [5]), (even, 6, [2])):
        assert [s.no for s in st.seats if test(s, actor, st)] == far


def test_a_lover_who_follows_is_the_source_of_its_own_death(tmp_path: Path) -> None:
    """殉情: 承受非[指定]的[致死伤害]，若需要判定技能来源则视为殉情者自己 (damage source: target)."""
    game = played(tmp_path, BOARD + "      - {by: 甲, skill: 丘比特之箭, targets: [戊, 己]}\n")
    effect = game.rs.teams["真爱情侣"].on_member_out_effects[0]
    effects.run(EffectCtx(game, actor=5, rule="真爱情侣"), (effect,))
    struck = [(w.damage.target, w.damage.source, w.damage.kind) for w in game.st.work if isinstance(w, Strike)]
    assert struck == [(5, 5, "致死伤害"), (6, 6, "致死伤害")]
