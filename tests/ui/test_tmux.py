"""The terminal table in a real terminal (tmux): key sequences as a person types them."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Terminal:
    """A tmux session of ``size`` (100x30) running one shell command.

    Each terminal has a tmux server of its own (``-L``): a server shared with other
    tests, or a person's, exits when its last session ends and then refuses a session
    being opened at that moment ("server exited unexpectedly").
    """

    def __init__(self, command: str, size: tuple[int, int] = (100, 30)) -> None:
        self.name = f"bigblind-{uuid.uuid4().hex[:8]}"
        self.tmux = ["tmux", "-L", self.name]
        width, height = (str(n) for n in size)
        subprocess.run(
            [*self.tmux, "new-session", "-d", "-s", self.name, "-x", width, "-y", height, command],
            check=True,
        )

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run([*self.tmux, "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.3)

    def screen(self) -> str:
        done = subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        )
        return done.stdout

    def wait_for(self, text: str, seconds: float = 90) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.3)
        raise AssertionError(f"{text!r} never showed:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)


def test_typing_an_amount_then_letters_neither_folds_nor_quits(tmp_path: Path) -> None:
    command = (
        f"{sys.executable} -m bigblind play --players 2 --seed 1 --speed 0 --clock 0"
        f" --bots station --history-dir {tmp_path / 'h'}; echo EXIT=$?; sleep 60"
    )
    terminal = Terminal(command)
    try:
        for _ in range(10):
            screen = terminal.wait_for("quit")
            if "Your turn" in screen:
                break
            terminal.keys("n")
        terminal.wait_for("Your turn")
        terminal.keys("r", "3", "0", "f", "q")
        screen = terminal.screen()
        assert "Your turn" in screen and "Digits only" in screen
        assert "folds" not in screen.split("Hand log")[-1]
        terminal.keys("Escape", "q")
        terminal.wait_for("Quit in the middle of the hand?")
        terminal.keys("y")
        screen = terminal.wait_for("EXIT=")
        assert "EXIT=0" in screen and "You played 0 hands." in screen
        assert "Traceback" not in screen
    finally:
        terminal.close()


def test_ctrl_c_leaves_with_the_session_summary(tmp_path: Path) -> None:
    command = (
        f"{sys.executable} -m bigblind play --players 3 --seed 2 --speed 0 --clock 0"
        f" --bots station --history-dir {tmp_path / 'h'}; echo EXIT=$?; sleep 60"
    )
    terminal = Terminal(command)
    try:
        terminal.wait_for("quit")
        terminal.keys("C-c")
        screen = terminal.wait_for("EXIT=", seconds=30)
        assert "EXIT=130" in screen and "bigblind play: stopped (Ctrl-C)" in screen
        assert "You played" in screen and "Traceback" not in screen
    finally:
        terminal.close()


def test_the_dealer_assistant_at_80x24(tmp_path: Path) -> None:
    """live in the smallest usual terminal: the record, the hint and the refusal of an
    illegal amount are read whole; q asks first and leaves cleanly."""
    command = (
        f"{sys.executable} -m bigblind live --players Ann:200,Bob:200,Cat:150"
        f" --history-dir {tmp_path / 'h'}; echo EXIT=$?; sleep 60"
    )
    terminal = Terminal(command, size=(80, 24))
    try:
        terminal.wait_for("Deal the first card to Bob (seat 2)")
        # The key legend wraps between keys, never inside a label (it was drawn for a
        # wider box than it has, before the box's width was known): redrawn once laid out.
        screen = terminal.wait_for(" x  exposed card ")
        assert any(" m  misdeal " in line for line in screen.splitlines())
        terminal.keys("k")
        screen = terminal.wait_for("Esc closes")
        assert "e.g. Qh · Enter deals it · Esc closes" in screen
        terminal.keys("Escape", *["Enter"] * 6)
        screen = terminal.wait_for("Ann (seat 1) to act")
        record = screen.split("Hand record")[-1]
        assert "Bob (seat 2) posts" in record and "small blind 1" in record
        terminal.keys("r", "1", "Enter")
        screen = terminal.wait_for("maximum is 200")
        assert "cannot raise to 1: the minimum raise is" in screen
        terminal.keys("Escape", "q")
        terminal.wait_for("Quit while a hand is being dealt?")
        terminal.keys("y")
        screen = terminal.wait_for("EXIT=")
        assert "EXIT=0" in screen and "Traceback" not in screen
    finally:
        terminal.close()


def test_the_dealer_runs_it_twice_at_80x24(tmp_path: Path) -> None:
    """live --run-twice (RULES 10.3): after the all-in y says the players agreed; both
    runs are dealt with their own burns, shown as two boards, and each half pot told."""
    folder = tmp_path / "h"
    command = (
        f"{sys.executable} -m bigblind live --players Ann:20,Bob:20 --run-twice"
        f" --history-dir {folder}; echo EXIT=$?; sleep 60"
    )
    terminal = Terminal(command, size=(80, 24))
    try:
        terminal.wait_for("Deal the first card to Bob (seat 2)")
        terminal.keys(*["Enter"] * 4, "a", "c")
        terminal.wait_for("shows (name the cards)")
        terminal.keys("s", "as ad", "Enter")
        terminal.keys("s", "ks kd", "Enter")
        screen = terminal.wait_for("run it once")
        assert "y  run it twice" in screen
        terminal.keys("y")
        screen = terminal.wait_for("first run's flop")
        assert "Run 1" in screen and "Run 2" in screen
        for street in ("2c 7d 9h", "ts", "3d"):
            terminal.keys("b", street, "Enter")
        terminal.wait_for("second run's flop")
        for street in ("qc 7h 9s", "kh", "4h"):
            terminal.keys("b", street, "Enter")
        screen = terminal.wait_for("half of the pot on run 2")
        assert "Enter deals the next hand" in screen
        terminal.keys("q")
        screen = terminal.wait_for("EXIT=")
        assert "EXIT=0" in screen and "Traceback" not in screen
        (phh,) = folder.glob("*.phhs")
        assert "_runs = 2" in phh.read_text()
    finally:
        terminal.close()


def test_play_at_80x24_keeps_the_log_readable(tmp_path: Path) -> None:
    command = (
        f"{sys.executable} -m bigblind play --players 6 --seed 3 --speed 0 --clock 0"
        f" --bots station --history-dir {tmp_path / 'h'}; echo EXIT=$?; sleep 60"
    )
    terminal = Terminal(command, size=(80, 24))
    try:
        screen = terminal.wait_for("Your turn")
        log = screen.split("Hand log")[-1]
        assert "Cleo posts big blind 2" in log  # a whole line of the log, not cut in three
        terminal.keys("r", "1", "Enter")
        screen = terminal.wait_for("maximum is 200")
        assert "You cannot raise to 1: the minimum raise is to 4" in screen
        terminal.keys("Escape", "q")
        terminal.wait_for("Quit in the middle of the hand?")
        terminal.keys("y")
        screen = terminal.wait_for("EXIT=")
        assert "EXIT=0" in screen and "Traceback" not in screen
    finally:
        terminal.close()
