"""How chat is read (bot/chat.py): one reading of numbers and names for every command."""

from __future__ import annotations

import pytest

from bot import chat


@pytest.mark.parametrize("word", ["30", "３０", "3\u200b0"])
def test_ascii_and_full_width_digits_read_alike(word: str) -> None:
    assert chat.number(word, "分钟", 1, 100) == 30


@pytest.mark.parametrize("word", ["²", "①", "٣", "३", "3²"])
def test_other_digits_are_refused_not_read(word: str) -> None:
    with pytest.raises(chat.Refused, match="不是 0-9 的数字"):
        chat.number(word, "分钟", 1, 100)
    with pytest.raises(chat.Refused, match="不是 0-9 的数字"):
        chat.term(word)


@pytest.mark.parametrize("word", ["0", "101", "9" * 5000, "-1", "3.5", "", "三十"])
def test_numbers_outside_their_range_or_not_whole_are_refused_with_the_range(word: str) -> None:
    with pytest.raises(chat.Refused, match="分钟应为 1 到 100 之间的整数") as refused:
        chat.number(word, "分钟", 1, 100, "延时 30")
    assert "写法：延时 30" in str(refused.value) and len(str(refused.value)) < 120


@pytest.mark.parametrize("word", ["nan", "inf", "-inf", "1e-300", "1e3", "0.01", "100001", "0x10", "６０．５x"])
def test_decimals_are_plain_and_bounded(word: str) -> None:
    with pytest.raises(chat.Refused, match=r"speed 应为 0\.1 到 100000 之间的数字"):
        chat.decimal(word, "speed ", 0.1, 100000)


def test_a_plain_decimal_reads() -> None:
    assert chat.decimal("６０．５", "speed ", 0.1, 100000) == 60.5
    assert chat.qq("４２９４９６７２９５") == 4_294_967_295


@pytest.mark.parametrize(
    ("typed", "stored"), [("饺子", "饺子"), ("饺子\u200b", "饺子"), ("\ufeffＣｈｏｃｏ", "Choco"), ("ｶﾞ", "ガ")]
)
def test_names_are_normalised(typed: str, stored: str) -> None:
    assert chat.name(typed) == stored


@pytest.mark.parametrize(
    "typed", ["", "\u200b", "@全体成员", "[CQ:at,qq=all]", "3", "３号", "秘密数字5", "弃权", "a b", "长" * 13]
)
def test_names_that_would_read_as_something_else_are_refused(typed: str) -> None:
    with pytest.raises(chat.Refused):
        chat.name(typed)


@pytest.mark.parametrize(("a", "b"), [("Choco", "choco"), ("Choco", "\u0421hoco"), ("甲", "甲\u200b"), ("o号", "〇号")])
def test_look_alikes(a: str, b: str) -> None:
    assert chat.looks_like(a, b)
    assert not chat.looks_like(a, a + "2")


def test_replies_echo_only_the_start_of_a_huge_word() -> None:
    with pytest.raises(chat.Refused) as refused:
        chat.no_words(["饺" * 100_000], "暂停")
    assert len(str(refused.value)) < 100
