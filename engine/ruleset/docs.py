"""docs/ruleset-format.md, written from the vocabulary itself so the two never drift apart.

Every table lists the words of one part of the format with their gloss from
engine/vocabulary.py and, where a ruleset uses the word, the first line that does
(file:line). The last table maps the seeds' shared vocabulary (docs/glossary.yaml) to
what carries each term.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import yaml

from engine import board_words as bw
from engine import day_words as dw
from engine import status_words as sw
from engine import vocabulary as v
from engine.ruleset.loader import RULESETS_DIR

ROOT = RULESETS_DIR.parent
OUTPUT = ROOT / "docs" / "ruleset-format.md"
GLOSSARY = ROOT / "docs" / "glossary.yaml"

INTRO = """\
# The ruleset format

<!-- Written by `python -m engine.ruleset docs` from engine/vocabulary.py and docs/glossary.yaml;
     edit those, not this file. -->

A ruleset is a directory under `rulesets/`: every `*.yaml` file in it is read and merged
(the sections marked *merged* below may be split over several files), plus an optional
`hooks.py` whose `HOOKS` dict names the Python hooks that effects may call (`hook: name`)
where the vocabulary cannot say a rule. Each skill keeps the rule post's own sentence as
`text`; YAML comments carry the post's numbering and every reading a director may want to
change (marked 〔导演〕).

    python -m engine.ruleset check rulesets/<id>     # errors as file:line; what is not implemented yet
    python -m engine.scenario tests/scenarios/<id>/*.yaml

Writing the next game's rules: copy a ruleset directory, rename its `id`, and change what
differs. A role not implemented yet stays in `post.roles` (or carries `todo: why`) and the
check says so plainly; an unknown key, tag, verb or reference is refused with its file and
line. The tables below list every word the loader accepts, with the first line of a ruleset
in this repository that uses it.

## A first look

```yaml
{example}
```
"""

# Examples for words no ruleset here uses yet (every word needs one; the test says which lack it).
EXAMPLES = {
    "vote_weight": "statuses: {迷魂: {caps: [{vote_weight: 0}]}}",
    "todo": "狐狸: {todo: 尚未实现查验三人}",
    "unbuilt": "查验: {text: …, unbuilt: 查验三人时的顺序由导演随机打乱}",
    "minutes": "最后一枪: {minutes: 30}",
    "正午": "tags: [正午, 指定]",
    "喜新": "tags: [夜晚, 指定, 喜新]",
    "remove_status": "- {remove_status: 被吹笛, to: self}",
    "permanent": "- status: {name: 装傻, until: permanent}",
    "day_end": "- status: {name: 缄默, until: day_end}",
    "surface_camp": "range: {surface_camp: 狼人阵营}",
    "self": "range: {self: false}",
    "all": "range: {all: [{camp: 村民阵营}, {not: {role: 村民}}]}",
    "name": 'feedback: "{name}是好人"',
    "timezone": "schedule: {timezone: Asia/Shanghai}",
    "target_N": 'notify: "你的旧日情侣是{target_1}，秘密情侣是{target_3}。"',
    "seen_role": 'feedback: "{target}的表面身份：{seen_role}"',
    "strike": "statuses: {守护: {guards: {against: [指杀], at: strike}}}",
    "sheriff_vote": "vote: {tie: [trigger, {sheriff_vote: {if: {dealt: 替罪羊}}}]}",
    "game_day": "only_if: {not: {game_day: 1}}",
    "排斥": "tags: [正午, 指定, 排斥]",
    "忍耐": "tags: [深夜, 指定, 忍耐]",
    "黄昏": "薪火相传: {tags: [黄昏, 指定]}",
    "早夜": "磁吸: {tags: [早夜, 指定]}",
    "午夜": "巫蛊之术: {tags: [午夜, 指定]}",
    "深夜": "预言: {tags: [深夜, 指定]}",
    "凌晨": "毒药: {tags: [凌晨, 指定, 限定]}",
    "晨曦": "破伤风出局: {tags: [晨曦, 强制]}",
    "公示": "notices: {public_only: [上警, 投票, 出局, 复活, 公示]}",
    "状态": "notices: {public_only: [上警, 投票, 出局, 复活, 状态]}",
    "封锁投票": "notices: {public_only: [上警, 投票, 出局, 复活, 封锁投票]}",
    "knife": "appears: {knife: 有刀}",
    "if_judged": "- {damage: {kind: 特攻}, if_judged: [狼人阵营]}",
    "refresh_skill": "- {refresh_skill: 暗夜之佑, to: self}",
    "noon_start": "- status: {name: 恐惧, until: noon_start}",
    "dusk_end": "- status: {name: 隐身, until: dusk_end}",
}

SECTIONS: list[tuple[str, str, Mapping[str, object] | set[str], str]] = [
    ("Top-level sections", "", v.TOP_KEYS, "top"),
    ("post", "", v.POST_KEYS, "key"),
    (
        "options.<name>",
        "A variant a director switches per game (`options` of the Start command).",
        v.OPTION_KEYS,
        "key",
    ),
    ("camps.<name>", "", v.CAMP_KEYS, "key"),
    ("teams.<name>", "", v.TEAM_KEYS, "key"),
    (
        "damage.<kind>",
        "Attacks are marked by effects and meet the target's guards (`statuses.<name>.guards`) in `guard_order`.",
        sw.KIND_KEYS,
        "key",
    ),
    ("statuses.<name>", "", sw.STATUS_KEYS, "key"),
    (
        "Capabilities (`statuses.<name>.caps: [...]`)",
        "What a status does to its holder; a flag is written bare, a count or a list as `{name: value}`. "
        "Each is read by one engine module only.",
        {name: f"{cap.gloss} — *{cap.shape}*, read in `{cap.read_in}`" for name, cap in sw.CAPS.items()},
        "cap",
    ),
    ("Status classes (`class: ...`)", "", sw.STATUS_CLASSES, "value"),
    (
        "appears (on a role or a status)",
        "How a check sees the holder (engine/appearance.py): the role's, then the statuses' in grant order; "
        "the last writer wins unless an earlier one is `final`.",
        sw.APPEARS_KEYS,
        "key",
    ),
    (
        "statuses.<name>.guards",
        "守护 … 不死: what a status stops, and where in the out pipeline.",
        sw.GUARD_KEYS,
        "key",
    ),
    ("Guard stages (`guards: {at: ...}`)", "", sw.GUARD_STAGES, "value"),
    ("roles.<name>", "", v.ROLE_KEYS, "key"),
    ("roles.<name>.skills.<name>", "", v.SKILL_KEYS, "key"),
    ("Skill tags (`tags: [...]`)", "", v.TAGS, "tag"),
    ("Triggers (`trigger: {on: ...}`)", "", v.TRIGGERS, "on"),
    ("trigger", "", v.TRIGGER_KEYS, "key"),
    ("Team decisions (`team: {decide: ...}`)", "", v.DECISIONS, "decide"),
    ("Effect verbs", "Each effect entry has exactly one verb.", v.EFFECT_VERBS, "key"),
    ("Effect keys", "Beside the verb, on any effect entry.", v.EFFECT_KEYS, "key"),
    ("`to` forms", "Beside a selector, `to` may name seats by their place in the 电梯楼.", v.TO_FORMS, "key"),
    ("damage (the effect)", "", v.DAMAGE_KEYS, "key"),
    ("out (the effect)", "", v.OUT_KEYS, "key"),
    (
        "Durations (`until: ...`)",
        "One table (engine/status_words.py `UNTILS`): each anchor ends at a moment the engine marks.",
        {name: anchor.gloss for name, anchor in sw.UNTILS.items()},
        "until",
    ),
    ("Conditions and selectors", "Every key must hold for the seat.", v.CONDITION_KEYS, "key"),
    ("Game conditions (`if: <name>`)", "", v.GAME_CONDITIONS, "value"),
    ("Message fields (`{name}` in texts)", "", v.TEMPLATE_FIELDS, "field"),
    ("flow", "", v.FLOW_KEYS, "key"),
    (
        "timeline",
        "The sub-phases of the big posts, each a list of steps (as flow.night's). Without it the timeline is"
        " the simple posts': flow.setup (开局), the day, flow.night (夜晚). See engine/phases.py.",
        v.TIMELINE_KEYS,
        "key",
    ),
    ("flow.setup[] / flow.night[] / timeline.<sub-phase>[]", "One step; steps run in order.", v.STEP_KEYS, "key"),
    ("schedule", "Defaults a director may change per game with /设置.", v.SCHEDULE_KEYS, "key"),
    ("schedule.noon", "[正午]'s clock window, in the game's timezone.", v.NOON_KEYS, "key"),
    ("vote", "", dw.VOTE_KEYS, "key"),
    ("Tie-breakers (`vote.tie: [...]`)", "", dw.TIE_BREAKERS, "value"),
    ("sheriff", "", dw.SHERIFF_KEYS, "key"),
    ("sheriff.election", "", dw.ELECTION_KEYS, "key"),
    ("sheriff.on_out", "", dw.SHERIFF_OUT_KEYS, "key"),
    ("last_words", "", dw.LAST_WORDS_KEYS, "key"),
    ("surrender.<camp>", "", dw.SURRENDER_KEYS, "key"),
    ("showdown.<camp>", "", dw.SHOWDOWN_KEYS, "key"),
    (
        "showdown.<camp>.rounds",
        "轮次决胜: the plan played out by the bot, the worst case assumed.",
        dw.ROUNDS_KEYS,
        "key",
    ),
    ("moon", "新月扩展: the events that change the rules for a time.", v.MOON_KEYS, "key"),
    ("learned.<role>", "One row of a learner's table; `check` lists it while it has `todo`.", v.LEARNED_KEYS, "key"),
    ("moon.events.<name>", "One 新月事件; `check` lists it while it has `todo`.", v.MOON_EVENT_KEYS, "key"),
    ("Event durations (`moon.events.*.lasts`)", "", v.MOON_LASTS, "value"),
    ("notices", "", v.NOTICE_KEYS, "key"),
    ("information", "Who may know what: each audience's rules, in the post's words.", v.INFORMATION_AUDIENCES, "key"),
    (
        "information.<audience>[]",
        "One rule: an audience knows these facts of these seats, from then.",
        v.INFORMATION_KEYS,
        "key",
    ),
    ("Facts (`information.*[].knows`)", "", v.INFORMATION_FACTS, "value"),
    ("Dawn report sections (`notices.dawn: [...]`)", "", v.DAWN_SECTIONS, "value"),
    ("Labels (`notices.death_label: [...]`)", "", v.LABEL_PARTS, "value"),
    (
        "victory",
        "Lose conditions are applied first (优先判负), then win conditions, then the last camp standing.",
        dw.VICTORY_KEYS,
        "key",
    ),
    (
        "Victory tests",
        "A win or lose condition is one test over the living seats, with a `text`.",
        dw.VICTORY_TESTS,
        "key",
    ),
    ("Victory rules", "Beside its test, on any win, lose or usurp condition.", dw.VICTORY_RULE_KEYS, "key"),
    ("cards", "", v.CARD_KEYS, "key"),
    ("cards.order", "", v.ORDER_KEYS, "key"),
    ("card_tags.<tag>", "", v.CARD_TAG_KEYS, "key"),
    ("hands.<name>", "", bw.HAND_KEYS, "key"),
    ("deal", "", bw.DEAL_KEYS, "key"),
    (
        "deal.advice[]",
        "Never a refusal: the directors see the board's 影响力 and what it does not follow.",
        bw.ADVICE_KEYS,
        "key",
    ),
    ("Card conditions (`deal.forbidden[].pair`)", "", bw.CARD_CONDITION_KEYS, "key"),
    ("boards.<name>", "", bw.BOARD_KEYS, "key"),
    ("boards.<name>.substitutions.<name>", "", bw.SUBSTITUTION_KEYS, "key"),
    (
        "draw",
        "A board drawn by the post's rules (`/板子 随机`, or `draw` in the Start command): first each pool's "
        "count, then the roles, uniform among the boards that keep every rule (engine/draw.py). "
        "A hand-made board is refused with the post's sentence it breaks.",
        bw.DRAW_KEYS,
        "key",
    ),
    ("draw.pools.<name>", "", bw.DRAW_POOL_KEYS, "key"),
    ("draw.sizes[]", "", bw.DRAW_SIZE_KEYS, "key"),
    ("draw.exactly[]", "", bw.DRAW_EXACTLY_KEYS, "key"),
    ("draw.requires[]", "", bw.DRAW_REQUIRES_KEYS, "key"),
    ("draw.when[]", "", bw.DRAW_WHEN_KEYS, "key"),
    ("draw.when[].if, draw.sizes[].if", "", bw.DRAW_IF_KEYS, "key"),
    ("draw.strength", "", bw.DRAW_STRENGTH_KEYS, "key"),
    (
        "Notice kinds (`notices.public_only: [...]`)",
        "幽暗无光: what may reach the main group.",
        v.NOTICE_KINDS,
        "value",
    ),
    ("draw.converts[]", "", bw.DRAW_CONVERT_KEYS, "key"),
    ("roles.<name>.skills.<name>.aura[]", "", v.AURA_KEYS, "key"),
    ("roles.<name>.skills.<name>.gains_uses", "", v.GAINS_USES_KEYS, "key"),
]


def _yaml_lines() -> list[tuple[str, int, str]]:
    lines = []
    for file in sorted(RULESETS_DIR.glob("*/*.yaml")):
        shown = file.relative_to(ROOT).as_posix()
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            if not line.lstrip().startswith("#"):
                lines.append((shown, number, line))
    return lines


def _pattern(word: str, how: str) -> re.Pattern[str]:
    w = re.escape(word)
    return re.compile(
        {
            "top": rf"^{w}:",
            "key": rf"(^|[\s{{,\-\[])({w}):",
            "tag": rf"tags:\s*\[[^\]]*\b{w}\b",
            "cap": rf"caps:\s*\[(.*?[,{{\s])?{w}\b",
            "on": rf"\bon:\s*{w}\b",
            "decide": rf"\bdecide:\s*{w}\b",
            "until": rf"\buntil:\s*{w}\b",
            "field": rf"\{{{w}\}}",
            "value": rf"(:\s*|[\[,]\s*){w}\s*([,\]}}]|$)",
        }[how]
    )


def _example(lines: list[tuple[str, int, str]], word: str, how: str) -> str:
    pattern = _pattern(word, how)
    for file, number, line in lines:
        if pattern.search(line):
            text = line.strip()
            text = text if len(text) <= 70 else text[:67] + "…"
            return f"`{file}:{number}` `{text.replace('`', '')}`"
    return f"e.g. `{EXAMPLES[word]}`" if word in EXAMPLES else "—"


def missing_examples() -> list[str]:
    """Words with neither a use in a ruleset nor an example here."""
    lines = _yaml_lines()
    return [word for _, _, words, how in SECTIONS for word in words if _example(lines, word, how) == "—"]


def _table(lines: list[tuple[str, int, str]], words: Mapping[str, object] | set[str], how: str) -> list[str]:
    out = ["| word | meaning | first use |", "| --- | --- | --- |"]
    items: Iterable[tuple[str, object]] = (
        words.items() if isinstance(words, Mapping) else ((w, "") for w in sorted(words))
    )
    for word, gloss in items:
        meaning = str(gloss).replace("|", "\\|")
        out.append(f"| `{word}` | {meaning} | {_example(lines, word, how)} |")
    return out


def _glossary() -> list[str]:
    entries = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))
    out = [
        "## The seeds' shared vocabulary",
        "",
        "Every term of the 用语定义 of `000` ([165]) and the 词条说明 of `002` ([M216]), and what carries",
        "it here. *no* marks what is not built yet; *partly* says what is missing.",
        "",
        "| term | in | carried by | built |",
        "| --- | --- | --- | --- |",
    ]
    for e in entries:
        carried = str(e["carried_by"]).replace("|", "\\|")
        out.append(f"| {e['term']} | {e['source']} | {carried} | {e['built']} |")
    return out


def _first_look() -> str:
    text = (RULESETS_DIR / "secret_number" / "roles.yaml").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(text) if line.strip().startswith("女巫:"))
    end = next(
        i
        for i, line in enumerate(text[start + 1 :], start + 1)
        if line.startswith("  ") and not line.startswith("    ")
    )
    return "\n".join(["roles:", *text[start:end]]).rstrip()


def render() -> str:
    lines = _yaml_lines()
    parts = [INTRO.replace("{example}", _first_look()), ""]
    for title, note, words, how in SECTIONS:
        parts.append(f"## {title}")
        parts.append("")
        if note:
            parts.extend([note, ""])
        parts.extend(_table(lines, words, how))
        parts.append("")
    parts.extend(_glossary())
    return "\n".join(parts).rstrip() + "\n"


def write(check: bool) -> int:
    """Write the file, or (``check``) only say whether it is up to date."""
    text = render()
    if check:
        if not OUTPUT.exists() or OUTPUT.read_text(encoding="utf-8") != text:
            print(f"{OUTPUT.relative_to(ROOT)} 与词汇表不一致：运行 python -m engine.ruleset docs 重新生成。")
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"已写入 {OUTPUT.relative_to(ROOT)}")
    return 0
