"""幽暗无光 1–2 (notices.public_only, last_words): an M216 game sends the main group only 上警, 投票,
出局 and 复活 notices besides its start and end; a 翻牌, a skill's 公示 and a status notice are
withheld from it, yet the card still counts as turned over and the 揭秘 keeps them."""

from __future__ import annotations

from dataclasses import replace

from engine.game import Game
from engine.messages import To
from engine.phases import Phase
from engine.ruleset.model import Effect, Ruleset
from tests.engine.builders import act, run_to, run_to_step
from tests.engine.test_knife import VILLAGERS, m216, start


def loud() -> Ruleset:
    """噩梦之影's 恐惧 turned over ([翻牌]), announced (公示) and listed at 开门 (a status notice)."""
    rs = m216()
    role = rs.roles["噩梦之影"]
    fear = role.skills["恐惧"]
    said = Effect("announce", "{target}陷入了恐惧。")
    fear = replace(fear, tags=fear.tags | {"翻牌"}, effects=(*fear.effects, said))
    statuses = {**rs.statuses, "恐惧": replace(rs.statuses["恐惧"], dawn_notice="陷入恐惧的角色")}
    return replace(
        rs, roles={**rs.roles, "噩梦之影": replace(role, skills={**role.skills, "恐惧": fear})}, statuses=statuses
    )


def public_texts(game: Game, sent: list[str]) -> list[str]:
    return [*sent, *(m.text for m in game.out if m.to.kind is To.PUBLIC)]


def play(rs: Ruleset) -> tuple[Game, list[str]]:
    game = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS, rs=rs)
    sent = [m.text for m in game.out if m.to.kind is To.PUBLIC]
    run_to_step(game, "早夜2")
    result = act(game, 3, "恐惧", 4)
    assert result.accepted
    sent += [m.text for m in result.messages if m.to.kind is To.PUBLIC]
    while game.st.phase != Phase.DAY or game.st.day < 2:
        deadline = game.next_deadline()
        assert deadline is not None
        sent += [m.text for m in game.tick(deadline) if m.to.kind is To.PUBLIC]
    return game, sent


def test_only_the_allowed_kinds_reach_the_main_group() -> None:
    game, sent = play(loud())
    assert game.st.seat(3).card.revealed  # 技能判定还是按翻牌来判定
    assert not any("翻牌" in text or "恐惧" in text for text in sent), sent
    assert any(e.kind == "reveal" for e in game.st.log) and any(e.kind == "announce" for e in game.st.log)
    assert len(sent) >= 2 and sent[0].startswith("【[M216]成龙历险记面具篇】游戏开始")
    assert not any(role in text for text in sent for role in ("噩梦之影", "恶灵骑士", "磁狼", *VILLAGERS))


def test_without_the_policy_the_same_game_says_it_all() -> None:
    rs = loud()
    _, sent = play(replace(rs, notices=replace(rs.notices, public_only=())))
    assert any("翻牌发动<恐惧>" in text for text in sent)
    assert any("4号丁陷入了恐惧" in text or "丁陷入了恐惧" in text for text in sent)


def test_no_last_words() -> None:
    game = start("磁狼", "恶灵骑士", "噩梦之影", *VILLAGERS)
    run_to(game, Phase.DAY, 2)
    run_to_step(game, "深夜2")
    assert act(game, 2, "杀人", 4).accepted
    run_to(game, Phase.DAY, 3)
    assert not game.st.seat(4).alive and not game.st.seat(4).last_words_right
