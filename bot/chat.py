"""How chat is read: one way for numbers, names and argument words, in every command.

People type with Chinese IMEs, so full-width forms (``３０``, ``２２：００``) read as their
ASCII selves — everywhere. Digits of other kinds (``²`` ``①`` ``٣``) are refused with a
reply, never taken for a number; invisible characters (zero-width spaces, fillers) are
dropped; names are NFKC-normalised and must not look like another seat's name.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LIMIT = 12
QQ_RANGE = (1, 4_294_967_295)  # QQ numbers and group numbers are unsigned 32-bit
GAME_NUMBER = r"#([0-9０-９]{1,9})"  # a 局号 as every number is read: ０-９ too, never ٣
MAX_DIGITS = 12  # longer digit strings are out of every range (and int() of 5000 digits raises)
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")  # fillers that are not Cf
# letters of other scripts drawn like Latin ones (after casefold), and 〇 / ○ like o
CONFUSABLE = str.maketrans(dict(zip("аеорсухіјѕԁνοκмнв〇○", "aeopcyxijsdvokmhboo", strict=True)))
RESERVED = frozenset({"弃权", "无", "空缺", "放弃", "全体成员", "所有人"})  # words commands read as themselves


class Refused(Exception):
    """A request that cannot be done; the text says why and what would work."""


def quote(word: str, limit: int = 40) -> str:
    """What a reply may echo of a word someone typed: its start, never a 100 KB text."""
    return word if len(word) <= limit else word[:limit] + "…"


def _invisible(ch: str) -> bool:
    category = unicodedata.category(ch)
    return category == "Cf" or ch in INVISIBLE or 0xFE00 <= ord(ch) <= 0xFE0F or 0xE0100 <= ord(ch) <= 0xE01EF


def visible(text: str) -> str:
    """``text`` without invisible characters (zero-width spaces, joiners, fillers, BOM)."""
    return "".join(ch for ch in text if not _invisible(ch))


def _odd_digit(word: str) -> str | None:
    """The first digit in ``word`` that is neither 0-9 nor full-width ０-９ (``²`` ``①`` ``٣``)."""
    for ch in word:
        if unicodedata.category(ch) in {"Nd", "No"} and not ("0" <= ch <= "9" or "０" <= ch <= "９"):
            return ch
    return None


def term(word: str) -> str:
    """An argument word as commands compare it (a name, a target, a number): invisible characters
    dropped, NFKC-normalised; refused when it holds a digit that is not 0-9."""
    word = visible(word)
    odd = _odd_digit(word)
    if odd is not None:
        raise Refused(f"「{quote(word)}」中的「{odd}」不是 0-9 的数字。请用 0-9（全角也可以）书写数字。")
    return unicodedata.normalize("NFKC", word)


def short(word: str, syntax: str, limit: int = 40) -> str:
    """A word naming something of the rules (a camp, a status): ``term``'d, and no essay."""
    word = term(word)
    if len(word) > limit:
        raise Refused(f"「{quote(word)}」太长，不是规则里的名字。写法：{syntax}")
    return word


def number(word: str, what: str, low: int, high: int, syntax: str = "") -> int:
    """A whole number from 0-9 (or full-width) digits, within [low, high]."""
    digits = term(word)
    how = f"写法：{syntax}" if syntax else ""
    if not re.fullmatch(r"[0-9]+", digits):
        raise Refused(f"{what}应为 {low} 到 {high} 之间的整数，「{quote(word)}」不是。{how}")
    value = int(digits) if len(digits) <= MAX_DIGITS else high + 1
    if not low <= value <= high:
        raise Refused(f"{what}应为 {low} 到 {high} 之间的整数，「{quote(word, MAX_DIGITS)}」超出范围。{how}")
    return value


def decimal(word: str, what: str, low: float, high: float, syntax: str = "") -> float:
    """A plain decimal (``60``, ``0.5``): no exponent, no nan or inf, within [low, high]."""
    digits = term(word)
    how = f"写法：{syntax}" if syntax else ""
    if not re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,6})?", digits) or not low <= float(digits) <= high:
        raise Refused(f"{what}应为 {low:g} 到 {high:g} 之间的数字（如 60 或 0.5），「{quote(word)}」不是。{how}")
    return float(digits)


def qq(word: str, what: str = "QQ号", syntax: str = "") -> int:
    """A QQ number (or a group number, with ``what="群号"``)."""
    return number(word, what, *QQ_RANGE, syntax=syntax)


def name(text: str) -> str:
    """A character name as it will be stored: NFKC, no invisible characters; refused when it could
    be read as something else (a number, a command word, an @mention, a CQ code)."""
    raw = text.strip()
    cleaned = term(raw)
    rule = f"角色名应为 1 到 {NAME_LIMIT} 个字，不含空格、@、#、[ ]，不能全是数字。例如：报名 饺子"
    if not cleaned or len(cleaned) > NAME_LIMIT or any(ch.isspace() or not ch.isprintable() for ch in cleaned):
        raise Refused(rule)
    if any(ch in "@#[]" for ch in cleaned) or cleaned.removeprefix("秘密数字").isdigit():
        raise Refused(rule)
    if cleaned in RESERVED or cleaned.removesuffix("号").isdigit():
        raise Refused(f"角色名「{cleaned}」会被当作命令里的词，请换一个。")
    return cleaned


def looks_like(a: str, b: str) -> bool:
    """Whether two names would be taken for one another (case, width, look-alike letters)."""
    return _skeleton(a) == _skeleton(b)


def _skeleton(name: str) -> str:
    return unicodedata.normalize("NFKC", visible(name)).casefold().translate(CONFUSABLE)


def no_words(words: list[str], syntax: str) -> None:
    """A command that takes no words was given some: refused with its syntax."""
    if words:
        raise Refused(f"「{quote(' '.join(words))}」多余：这个命令不带参数。写法：{syntax}")
