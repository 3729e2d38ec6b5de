"""`inherit` (engine/kits.py): the heir takes the giver's kit fresh and its role as 表面身份
(预言学徒<传承>: 立刻获得该角色的身份技能并刷新至初始，然后表面身份变更为继承的身份)."""

from __future__ import annotations

from pathlib import Path

from engine import appearance, cards, kits
from tests.engine.builders import played

BOARD = """ruleset: genshin_165
options: {自定板子: true}
players:
  - {name: 甲, role: 预言学徒}
  - {name: 乙, role: 药剂师}
  - {name: 丙, role: 灵鹿}
  - {name: 丁, role: 隐者}
  - {name: 戊, role: 黑狼王}
  - {name: 己, role: 幼狼}
script:
  - night: 1
    acts:
      - {by: 乙, skill: 迷魂药, targets: [戊]}
"""


def test_the_heir_gets_the_kit_fresh_and_the_role_as_its_face(tmp_path: Path) -> None:
    game = played(tmp_path, BOARD)
    giver = cards.find(game, game.st.seat(2), "迷魂药")
    assert giver is not None and giver.state.uses == 0
    assert kits.inherit(game, 1, 2, "传承") == ["迷魂药", "回复药"]
    heir = game.st.seat(1)
    taken = cards.find(game, heir, "迷魂药")
    assert taken is not None and taken.state.uses == 1  # 刷新至初始, not the giver's spent count
    assert appearance.seen(game, heir, "role") == "药剂师"
    assert appearance.seen(game, heir, "camp") == "村民阵营"
    assert heir.card.role == "预言学徒"  # 实际身份不会被任何手段改变
    assert any("你的表面身份变为药剂师" in m.text for m in game.out if m.to.seat == 1)
