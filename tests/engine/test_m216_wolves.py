"""M216's wolves played through their nights: the 接刀 holder's <杀人> (第一晚不可使用), 噩梦之影's
<恐惧> gaining [接刀] in his place of the 接刀顺序. The village roles, still to be written, stand in
as plain villagers (tests/engine/test_knife.py)."""

from __future__ import annotations

from dataclasses import replace

from engine.game import Game
from engine.phases import Phase
from engine.ruleset.model import Ruleset
from tests.engine.builders import act, run_to, run_to_step
from tests.engine.test_knife import VILLAGERS, holder, m216, out, start


def told(game: Game, seat: int) -> list[str]:
    return [m.text for m in game.out if m.to.seat == seat]


def test_only_the_holder_kills_and_not_on_the_first_night() -> None:
    game = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS)  # 恶灵骑士 holds: 假面 is not dealt
    run_to_step(game, "早夜2")
    refused = act(game, 2, "杀人", 4)
    assert not refused.accepted and "第一晚不可使用" in refused.reply
    run_to(game, Phase.DAY, 2)
    run_to_step(game, "深夜2")
    other = act(game, 1, "杀人", 4)
    assert not other.accepted and "你没有技能「杀人」" in other.reply
    assert act(game, 2, "杀人", 4).accepted
    run_to(game, Phase.DAY, 3)
    assert not game.st.seat(4).alive and game.st.seat(4).out_cause == "杀人"


def test_the_first_fear_gives_the_nightmare_his_place_in_the_order() -> None:
    game = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS)
    run_to_step(game, "早夜2")
    assert 3 not in game.st.tag_bearers.get("接刀", [])
    fear = act(game, 3, "恐惧", 4)  # the last to act tonight: the night runs on to its end at once
    assert fear.accepted and 3 in game.st.tag_bearers["接刀"]
    assert [m.text for m in fear.messages if m.to.seat == 4] == ["你获得了状态[恐惧]。"]
    assert any(e.text == "3号丙（噩梦之影）获得[接刀]标签" for e in game.st.log)
    run_to(game, Phase.DAY, 2)
    assert not game.st.seat(4).has_status("恐惧")  # 持续至下一个[正午]阶段开始
    out(game, 2)
    run_to_step(game, "深夜2")
    assert holder(game) == 3  # 噩梦之影 comes before 磁狼 in 身份排序
    assert any(e.text == "3号丙（噩梦之影）[接刀]，持有<杀人>" for e in game.st.log)
    assert any("你可以发动：杀人" in text for text in told(game, 3))
    assert act(game, 3, "杀人", 5).accepted


def test_a_tag_gained_behind_the_knife_never_holds() -> None:
    game = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS)
    out(game, 2)
    run_to_step(game, "早夜2")
    assert holder(game) == 1  # 恶灵骑士 out before 噩梦之影 bore [接刀]: the knife went on to 磁狼
    assert act(game, 3, "恐惧", 4).accepted
    assert 3 in game.st.tag_bearers["接刀"] and holder(game) == 1


def seer_nightmare() -> Ruleset:
    """A 噩梦之影 dealt to the 村民阵营 from the 验人系 pool: a 验人系 seat whose [指定] 恐惧 comes in 早夜2."""
    rs = m216()
    seer = replace(rs.roles["噩梦之影"], camp="村民阵营", pool="验人系")
    return replace(rs, roles={**rs.roles, "噩梦之影": seer})


def test_evil_strikes_back_once_at_a_seer_that_acts_on_him() -> None:
    game = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS, rs=seer_nightmare())
    run_to_step(game, "早夜2")
    sent = act(game, 3, "恐惧", 2).messages
    while game.st.phase != Phase.DAY:
        deadline = game.next_deadline()
        assert deadline is not None
        sent += game.tick(deadline)
    seat = game.st.seat(3)
    assert not seat.alive and seat.out_cause == "反弹"  # 对技能来源造成[穿透], counted at 凌晨2
    assert game.st.seat(2).card.skills["邪恶"].lost  # [限定] with [强制]: 只会触发一次触发效果
    assert "你已出局（第1夜）。" in [m.text for m in sent if m.to.seat == 3]
    assert not any("邪恶" in m.text for m in sent if m.to.seat == 2)  # [强制]: 发动情况不会告知发动者
