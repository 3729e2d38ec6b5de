"""The words the ruleset format understands, in one place.

Loading checks a ruleset against these lists; the engine modules that carry each
word import them from here (effects.py, conditions.py, acting.py).
"""

# Skill tags of the seeds' 用语定义 / 词条说明. Timing tags fix the phase a skill is used in.
TIMING_TAGS = {"开局": "setup", "夜晚": "night", "白天": "day", "正午": "day"}
KNOWN_TAGS = set(TIMING_TAGS) | {
    "指定",  # the skill names targets from a [选择范围]
    "限定",  # once per game
    "强制",  # may not be passed; made at random when left unmade
    "团队",  # decided by the team together
    "绝情",  # each target only once per game
    "厌旧",  # not the previous game day's target
    "喜新",  # not the previous use's target
    "无私",  # not oneself
}

# When a skill fires by itself or prompts instead of waiting for its step.
TRIGGERS = {"step_open", "out", "exiling"}

# How a [团队] skill's members' choices become the team's.
DECISIONS = {"earliest_highest"}

EFFECT_VERBS = {
    "damage",
    "status",
    "remove_status",
    "feedback",
    "feedback_damage",
    "notify",
    "announce",
    "join_team",
    "set_camp",
    "lose_skills",
    "out",
    "cancel_out",
    "hand_over_sheriff",
    "hook",
}

CONDITION_KEYS = {"camp", "role", "status", "team", "alive", "self", "not", "any", "all"}
GAME_CONDITIONS = {"camps_differ"}  # conditions about an effect's targets as a whole
VICTORY_TESTS = {"none", "every", "at_least_half"}
