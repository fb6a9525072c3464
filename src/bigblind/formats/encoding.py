"""The text of a hand-history file, in whatever encoding the site wrote it.

Poker clients write UTF-8 (with or without a byte-order mark), UTF-16 (with a
mark, and some without one) and, in older or Windows-made files, cp1252.
:func:`decode` finds which: the mark first, then the pattern of NUL bytes that
UTF-16 text of Latin letters has, then UTF-8, which a cp1252 text is seldom
valid as; cp1252 last, which maps every byte but five (those five are kept as
the characters of the same number, so no byte is ever refused).

>>> decode("Seat 1: Zoë (€5 in chips)".encode("cp1252"))
'Seat 1: Zoë (€5 in chips)'
>>> decode(b"\\xef\\xbb\\xbfPokerStars"), decode("PokerStars".encode("utf-16"))
('PokerStars', 'PokerStars')
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from typing import Final

__all__ = ["decode", "hand_blocks"]

_SAMPLE: Final = 4096  # bytes looked at for the NUL pattern of UTF-16 without a mark


def decode(data: bytes) -> str:
    """The text of ``data``: UTF-8 or UTF-16 by their mark, UTF-16 by its NULs, UTF-8, cp1252.

    The byte-order mark is not part of the text. Never raises for any bytes.

    >>> decode(b"P\\x00S\\x00"), decode(b"\\xa0100")
    ('PS', '\\xa0100')
    """
    if data.startswith(codecs.BOM_UTF8):
        return data[len(codecs.BOM_UTF8) :].decode("utf-8", errors="replace")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16", errors="replace")
    sample = data[:_SAMPLE]
    if len(sample) >= 4 and sample.count(0) * 3 >= len(sample):
        # Latin text in UTF-16 has a NUL beside every letter: on the odd bytes when
        # little-endian, on the even ones when big-endian.
        odd = sample[1::2].count(0)
        even = sample[0::2].count(0)
        encoding = "utf-16-le" if odd >= even else "utf-16-be"
        return data.decode(encoding, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _cp1252(data)


def _cp1252(data: bytes) -> str:
    """cp1252, the five bytes it leaves unmapped read as Latin-1 does (control characters)."""
    return data.decode("latin-1").translate(_CP1252)


# Latin-1 reads byte N as chr(N); cp1252 differs from it in 0x80-0x9F only.
_CP1252: Final = {
    byte: bytes([byte]).decode("cp1252")
    for byte in range(0x80, 0xA0)
    if byte not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
}


def hand_blocks(lines: list[str], header: re.Pattern[str]) -> Iterator[tuple[int, list[str]]]:
    """Each hand of a file's ``lines``: from a line that ``header`` matches (stripped) to
    the next one, with the 1-based number of its first line.

    >>> list(hand_blocks(["x", "Hand 1", "a", "Hand 2"], re.compile("Hand ")))
    [(2, ['Hand 1', 'a']), (4, ['Hand 2'])]
    """
    starts = [i for i, line in enumerate(lines) if header.match(line.strip())]
    for begin, end in zip(starts, [*starts[1:], len(lines)], strict=False):
        yield begin + 1, lines[begin:end]
