"""Session files written a hand at a time survive a crash in the middle of a write."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from bigblind import Deck, Hand, HistoryError, Rules
from bigblind.formats import phh
from bigblind.formats.phh import AppendedHands, append, loads_appended, read_appended


def played(seed: int) -> Hand:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [80, 100, 120], deck=Deck.shuffled(seed))
    while not hand.finished:
        if hand.legal is not None and hand.legal.min_raise_to is not None and seed % 2:
            hand.raise_to(hand.legal.min_raise_to)
            seed //= 2
        else:
            hand.check_or_call()
    return hand


def session_text(count: int) -> str:
    file = io.StringIO()
    for number in range(1, count + 1):
        append(file, played(number), number=number, players=["ann", "bob", "cat"], event="E")
    return file.getvalue()


def test_appended_hands_read_back_and_replay() -> None:
    text = session_text(3)
    result = loads_appended(text)
    assert result.partial is None
    assert [h.number for h in result.hands] == [1, 2, 3]
    assert [h.number for h in phh.loads(text)] == [1, 2, 3]  # a plain .phhs file too
    for number, history in enumerate(result.hands, start=1):
        hand = played(number)
        again = phh.replay(history)
        assert again.result is not None and hand.result is not None
        assert history.finishing_stacks == again.result.stacks
        assert history.metadata["event"] == "E" and history.players is not None


def test_every_cut_point_drops_only_the_hand_being_written() -> None:
    # A crash may stop a write after any character: what was written whole is kept,
    # the hand cut short is returned apart, and nothing raises.
    text = session_text(3)
    starts = [text.index(f"[{k}]\n") for k in (1, 2, 3)]
    # A hand is whole once its finishing stacks are (they are written last).
    whole_at = [text.index("\n", text.index("finishing_stacks", s)) for s in starts]
    for cut in range(len(text) + 1):
        result = loads_appended(text[:cut])
        whole = sum(end <= cut for end in whole_at)
        assert [h.number for h in result.hands] == list(range(1, whole + 1)), cut
        rest = text[whole_at[whole - 1] if whole else 0 : cut]
        if rest.strip():
            assert result.partial == text[starts[whole] : cut], cut
        else:
            assert result.partial is None, cut


def test_damage_before_the_last_hand_is_an_error() -> None:
    text = session_text(3)
    broken = text.replace('variant = "NT"', 'variant = "NT', 1)  # hand 1's TOML
    with pytest.raises(HistoryError, match="invalid TOML"):
        loads_appended(broken)
    second = text.index("[2]")
    wrong = text[:second] + text[second:].replace("min_bet = 2", "min_bet = -2", 1)
    with pytest.raises(HistoryError, match="hand 2: field 'min_bet'"):
        loads_appended(wrong)


def test_damage_inside_a_whole_last_hand_is_an_error() -> None:
    text = session_text(2)
    last = text.index("[2]")
    # Broken TOML early in the last hand, with the rest of it written: not a cut.
    broken = text[:last] + text[last:].replace("antes = [0, 0, 0]", "antes = [0, 0, 0", 1)
    with pytest.raises(HistoryError, match="invalid TOML"):
        loads_appended(broken)
    # Whole but unreadable: an error, not a partial hand.
    bad = text[:last] + text[last:].replace("min_bet = 2", "min_bet = -2", 1)
    with pytest.raises(HistoryError, match="hand 2: field 'min_bet'"):
        loads_appended(bad)


def test_append_to_a_path_syncs_each_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        synced.append(descriptor)
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)
    path = tmp_path / "session.phhs"
    for number in (1, 2):
        append(path, played(number), number=number)
    assert len(synced) == 2
    assert read_appended(path) == AppendedHands(tuple(phh.read(path)))
    with path.open("a", encoding="utf-8") as file:
        file.write("[3]\nvariant = ")  # a crash mid-write
    result = read_appended(path)
    assert len(result.hands) == 2 and result.partial == "[3]\nvariant = "


def test_appending_after_a_crash_drops_the_partial_hand(tmp_path: Path) -> None:
    path = tmp_path / "session.phhs"
    for number in (1, 2, 3):
        append(path, played(number), number=number)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("[3]") + 40], encoding="utf-8")  # the crash
    append(path, played(4), number=4)  # the session goes on in the same file
    result = read_appended(path)
    assert result.partial is None and [h.number for h in result.hands] == [1, 2, 4]
    # A whole file that does not end with a blank line keeps every hand.
    whole = tmp_path / "whole.phhs"
    whole.write_text(phh.dump_session([played(1), played(2)]), encoding="utf-8")
    append(whole, played(3), number=3)
    assert [h.number for h in read_appended(whole).hands] == [1, 2, 3]


def test_append_needs_a_finished_hand_and_a_number() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [50, 50])
    with pytest.raises(HistoryError, match="only a finished hand"):
        append(io.StringIO(), hand, number=1)
    hand.fold()
    with pytest.raises(HistoryError, match="hand number 0"):
        append(io.StringIO(), hand, number=0)


def test_read_appended_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.phhs"
    path.write_text('[1]\nvariant = 3\nactions = []\n[2]\nvariant = "NT"\n', encoding="utf-8")
    with pytest.raises(HistoryError, match=r"bad\.phhs: hand 1: field 'variant'"):
        read_appended(path)
    with pytest.raises(HistoryError, match="cannot read the file"):
        read_appended(tmp_path / "missing.phhs")
