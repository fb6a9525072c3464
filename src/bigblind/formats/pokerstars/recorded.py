"""Replaying a PokerStars hand as it was recorded, and checking every chip of it.

A history is a record of what happened at the site, not a request to be
ruled on. :func:`replay` plays it on the engine so that every chip is
counted by the engine (pots, side pots, uncalled bets, the run-out), while
taking what the site allowed where bigblind's table would not:

- shows and mucks in any order, each taken when the engine's showdown reaches
  that player (RULES 6.7), and shows after the hand was won uncontested,
  which change nothing;
- a hand mucked where RULES 6.7 would have it shown (an all-in loser, the
  first hand of a showdown): it is out of the pots as a folded hand is, its
  chips left in them (RULES 9.2 kills a hand so);
- a fold when a check was free (RULES 4.4 has no such fold), and a fold
  written before the player's turn (a seat folded in advance): the hand is
  out the same way;
- a raise when nobody left could answer it (the others all-in): the engine
  calls, and the rest is the uncalled bet the site returned.

``strict=True`` replays every action by RULES instead, as for bigblind's own
files. :func:`reconcile` replays and checks the result against the file:
each player's final stack against what the file says they collected, the
rake allowed for (RULES 7.2, 10.2), and an uncalled bet the file does not
write as returned taken from the engine (some sites' exports leave the line
out; the engine's result then stands).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bigblind.engine.events import BetReturned
from bigblind.engine.hand import Hand
from bigblind.engine.records import Phase
from bigblind.errors import BigblindError, HistoryError, IllegalActionError
from bigblind.formats.phh.history import HandHistory
from bigblind.formats.phh.replayer import apply_action, start_hand
from bigblind.formats.phh.replayer import replay as replay_by_rules

__all__ = ["Reconciliation", "reconcile", "replay", "results_match"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Reconciliation:
    """What replaying one hand against its file found.

    ``hand`` is the replayed hand (None when it could not be replayed);
    ``problem`` says why the hand does not reconcile, naming the file's line
    where one is at fault, or is None when every chip is accounted for.
    ``allowed`` lists what the site allowed that RULES do not, line by line.
    """

    hand: Hand | None
    problem: str | None
    allowed: tuple[str, ...] = ()

    @property
    def reconciled(self) -> bool:
        """Whether the replay ends as the file says, every chip accounted for."""
        return self.problem is None


def replay(history: HandHistory, *, strict: bool = False) -> Hand:
    """Play a hand read from a PokerStars history on the engine and return it.

    As recorded by default (see the module's notes); ``strict`` by RULES,
    each show in its turn (RULES 6.7). Raises
    :class:`~bigblind.errors.HistoryError` naming the file's line of the
    action the engine cannot take.
    """
    if strict:
        try:
            return replay_by_rules(history, shows_in_any_order=True)
        except HistoryError as error:
            raise HistoryError(_at_line(history, str(error))) from None
    return _Recorded(history).play()


def reconcile(history: HandHistory, *, strict: bool = False) -> Reconciliation:
    """Replay a hand and check each player's final stack against the file.

    Never raises for a hand that does not replay: the reason is the
    reconciliation's ``problem``.
    """
    allowed: tuple[str, ...] = ()
    try:
        if strict:
            hand = replay(history, strict=True)
        else:
            recorded = _Recorded(history)
            hand = recorded.play()
            allowed = tuple(recorded.allowed)
    except (HistoryError, ValueError) as error:
        return Reconciliation(hand=None, problem=str(error).splitlines()[0])
    problem = _chips_problem(history, hand)
    if problem is not None and allowed:
        # What was taken as the site recorded it may be why the chips do not add up.
        problem += f" (taken as recorded: {'; '.join(allowed)})"
    return Reconciliation(hand=hand, problem=problem, allowed=allowed)


def results_match(history: HandHistory, hand: Hand) -> bool:
    """Whether a replayed hand ends as the file says, the house's rake allowed for.

    Each player's stack after the replay, less what the file says they left
    with, is their share of the rake: never negative, and all of it the rake
    (RULES 7.2, 10.2). An uncalled bet the engine returned where the file
    writes none is counted as returned.
    """
    return _chips_problem(history, hand) is None


# ------------------------------------------------------------------ checking


def _chips_problem(history: HandHistory, hand: Hand) -> str | None:
    names = _names(history)
    result = hand.result
    expected = history.finishing_stacks
    if result is None:
        return f"the hand is not over after the file's last line (it awaits {hand.awaiting})"
    if expected is None or len(expected) != len(result.stacks):
        return "the file gives no final stacks for every player"
    rake = history.metadata.get("_rake", 0)
    rake = rake if isinstance(rake, int) else 0
    drop = history.metadata.get("cash_drop", 0)
    drop = drop if isinstance(drop, int) else 0
    # What the house took is never negative but for a winner's share of money the site
    # dropped into the pot; all of it is the rake, less the drop.
    winners = {seat for pot in result.pots for seat in pot.winners} if drop else set()
    readings = _readings(history, hand, expected)
    # A file that does not write the rake (888poker's cash games): what the winners'
    # amounts leave of the pot is the rake, taken from winners only, at most a tenth.
    unknown = bool(history.metadata.get("_rake_unknown"))
    collected = history.metadata.get("winnings")
    paid = {i for i, w in enumerate(collected) if w} if isinstance(collected, list) else set()
    ceiling = sum(result.payouts) // 10 + 1
    for counted in readings:
        taken = [a - e for a, e in zip(result.stacks, counted, strict=True)]
        if unknown:
            only = all(t == 0 or (t > 0 and i in paid) for i, t in enumerate(taken))
            if only and sum(taken) <= ceiling:
                return None
            continue
        fair = all(t >= 0 or i in winners for i, t in enumerate(taken))
        if fair and math.isclose(sum(taken), rake - drop):
            return None
        if not rake and _odd_chips_match(counted, result.stacks):
            return None
    counted = readings[0]
    differ = [
        f"{names[i]} {_chips(want)} in the file, {got} replayed"
        for i, (want, got) in enumerate(zip(counted, result.stacks, strict=True))
        if want != got
    ]
    why = "final stacks differ: " + "; ".join(differ)
    if rake:
        why += f" (the rake is {rake})"
    return why


_MISSING_RETURNS: Final = 3  # seats whose unwritten uncalled bet may or may not be counted


def _readings(history: HandHistory, hand: Hand, expected: Sequence[float]) -> list[list[float]]:
    """The file's final stacks as the engine counts them, the first with every uncalled bet
    the file does not write returned: the pot in place of an all-in cash out, what was
    paid for an EV cash out added back.

    A site that writes no ``Uncalled bet`` line may count the bet in what the player
    collected (Winamax does): each such seat is read both ways, so the file's own sum
    decides.
    """
    out = list(expected)
    # An all-in cash out: the file's stack has the cash-out amount, the engine's the pot.
    cashed, won = history.metadata.get("cash_out"), history.metadata.get("_not_awarded")
    if isinstance(cashed, list) and isinstance(won, list) and len(cashed) == len(out):
        for seat, (amount, pot) in enumerate(zip(cashed, won, strict=True)):
            out[seat] += pot - amount
    risk = history.metadata.get("cashout_risk")
    if isinstance(risk, list) and len(risk) == len(out):
        for seat, amount in enumerate(risk):
            out[seat] += amount  # paid to the site, not into the pot
    written = history.metadata.get("returned")
    if not isinstance(written, list) or len(written) != len(expected):
        return [out]
    missing = [
        (event.seat, event.amount)
        for event in hand.events
        if isinstance(event, BetReturned) and not written[event.seat]
    ][:_MISSING_RETURNS]
    readings = []
    for choice in range(2 ** len(missing) - 1, -1, -1):  # every return counted first
        reading = list(out)
        for bit, (seat, amount) in enumerate(missing):
            if choice >> bit & 1:
                reading[seat] += amount
        readings.append(reading)
    return readings


def _odd_chips_match(expected: Sequence[float], actual: Sequence[int]) -> bool:
    """Equal, or off by less than one chip where a record splits an odd chip in halves."""
    if not math.isclose(sum(expected), sum(actual)):
        return False
    return all(
        e == a or (not float(e).is_integer() and abs(e - a) < 1)
        for e, a in zip(expected, actual, strict=True)
    )


def _names(history: HandHistory) -> list[str]:
    count = len(history.starting_stacks)
    given = list(history.players or ())
    return [given[i] if i < len(given) and given[i] else f"p{i + 1}" for i in range(count)]


def _chips(amount: float) -> str:
    return str(int(amount)) if float(amount).is_integer() else str(amount)


def _line_of(history: HandHistory, index: int) -> int | None:
    lines = history.metadata.get("action_lines")
    if isinstance(lines, tuple) and 0 <= index < len(lines) and lines[index]:
        line = lines[index]
        return line if isinstance(line, int) else None
    return None


def _at_line(history: HandHistory, message: str) -> str:
    """An error about ``actions[K]`` told with the file's line and the player's name."""
    if message.startswith("actions["):
        index = message[len("actions[") : message.index("]")]
        if index.isdigit():
            line = _line_of(history, int(index))
            if line is not None:
                message = f"line {line}: {message[message.index(']') + 2 :]}"
    return _named(history, message)


def _named(history: HandHistory, message: str) -> str:
    """``'p3 cbr 75'`` and ``seat 2`` with the players' names."""
    names = _names(history)
    for seat in range(len(names) - 1, -1, -1):
        message = message.replace(f"'p{seat + 1} ", f"'{names[seat]}: ")
        message = message.replace(f"seat {seat}", names[seat])
    return message


# ------------------------------------------------------------------ replaying


class _Recorded:
    """One replay as recorded: the betting in the file's order, the showdown as it comes."""

    def __init__(self, history: HandHistory) -> None:
        self.history = history
        self.hand = start_hand(history)
        self.n = len(history.starting_stacks)
        self.names = _names(history)
        # What the file records each player did at the showdown: cards shown, or None
        # for a muck. Taken when the engine's showdown reaches the player.
        self.showdown: dict[int, str | None] = {}
        self.allowed: list[str] = []

    def play(self) -> Hand:
        history, hand = self.history, self.hand
        play: list[tuple[int, str]] = []
        for index, text in enumerate(history.actions):
            words = text.split("#", 1)[0].split()
            if len(words) >= 2 and words[1] == "sm" and words[0] != "d":
                seat = int(words[0][1:]) - 1
                self.showdown.setdefault(seat, words[2] if len(words) > 2 else None)
            else:
                play.append((index, text))
        # Hands a history declares dead (RULES 9.2: bigblind's own files), each after the
        # actions before it.
        kills = sorted(history.dead_hands, key=lambda kill: kill[1])
        for index, text in play:
            kills = self.kill_before(kills, index)
            self.settle_showdown()
            if history.runs == 2 and hand.can_run_twice and text.split()[:2] == ["d", "db"]:
                hand.run_twice()  # RULES 10.3: agreed before the first card of the run-out
            self.act(index, text)
        self.kill_before(kills, len(history.actions))
        self.settle_showdown()
        return hand

    def kill_before(self, kills: list[tuple[int, int]], index: int) -> list[tuple[int, int]]:
        """Kill the hands declared dead before action ``index``; the kills still to come."""
        while kills and kills[0][1] <= index:
            seat, _ = kills.pop(0)
            try:
                self.hand.kill(seat, "declared dead")
            except BigblindError as error:
                raise HistoryError(f"{self.names[seat]}'s hand cannot die there: {error}") from None
        return kills

    def act(self, index: int, text: str) -> None:
        hand = self.hand
        board = text.split()[:2] == ["d", "db"]
        if hand.finished and board:
            return  # the board the site dealt after a muck left one player: no chip moves
        while board and self.idle_check(index):
            pass
        try:
            apply_action(hand, text, self.n)
            return
        except IllegalActionError as error:
            refusal: BigblindError = error
        except BigblindError as error:
            raise self.failure(index, text, error) from None
        words = text.split()
        seat = int(words[0][1:]) - 1 if words[0].startswith("p") else None
        legal = hand.legal
        if seat is None or legal is None:
            raise self.failure(index, text, refusal)
        if words[1] == "f" and legal.seat != seat and 0 <= seat < self.n and not hand.folded[seat]:
            # A fold the site wrote before the player's turn (a seat folded in advance,
            # away from the table): the hand is out, as a dead hand is, its chips in the
            # pots (RULES 9.2).
            hand.kill(seat, "folded out of turn")
            self.note(index, f"{self.names[seat]} folded out of turn")
            return
        if legal.seat != seat:
            raise self.failure(index, text, refusal)
        if words[1] == "f" and legal.check:
            # RULES 4.4 has no fold when a check is free; the site took it: the hand is
            # out, its chips stay in the pots, as a dead hand's do (RULES 9.2).
            hand.kill(seat, "folded when a check was free")
            self.note(index, f"{self.names[seat]} folded when a check was free")
            return
        if words[1] == "cbr" and not legal.can_raise and legal.call is not None:
            # Nobody left could answer the raise: what it adds is returned uncalled.
            hand.call(seat=seat)
            self.note(index, f"{self.names[seat]} raised with nobody left to answer: a call")
            return
        raise self.failure(index, text, refusal)

    def idle_check(self, index: int) -> bool:
        """Check for the player the engine waits on where the site dealt on: nothing to
        call and nobody left to bet against (the others all-in or out). Whether it did."""
        hand = self.hand
        legal = hand.legal
        if legal is None or not legal.check:
            return False
        seat = legal.seat
        others = [s for s in range(self.n) if s != seat and not hand.folded[s]]
        if any(hand.stacks[s] for s in others):
            return False
        hand.check(seat=seat)
        self.note(index, f"{self.names[seat]} checked, which the file does not write")
        return True

    def settle_showdown(self) -> None:
        """Show or muck each hand the engine's showdown reaches, as the file records."""
        hand = self.hand
        while hand.phase is Phase.SHOWDOWN and hand.actor is not None:
            seat = hand.actor
            if seat in self.showdown:
                cards = self.showdown.pop(seat)
            else:
                # Not written at the showdown: shown if the file names the cards
                # elsewhere (the summary), else mucked.
                hole = hand.hole(seat)
                cards = "-" if all(c is not None for c in hole) else None
            if cards is not None:
                try:
                    hand.show(None if cards == "-" else cards, seat=seat)
                    continue
                except BigblindError as error:
                    raise HistoryError(f"{self.names[seat]} cannot show {cards}: {error}") from None
            if hand.can_muck:
                hand.muck(seat=seat)
            else:
                # RULES 6.7 would have this hand shown; the site let it be mucked. Out
                # of the pots as a folded hand, its chips left in them (RULES 9.2).
                hand.kill(seat, "mucked where the rules have it shown")
                self.note(None, f"{self.names[seat]} mucked where RULES 6.7 have it shown")

    def note(self, index: int | None, what: str) -> None:
        line = _line_of(self.history, index) if index is not None else None
        self.allowed.append(f"line {line}: {what}" if line else what)

    def failure(self, index: int, text: str, error: BigblindError) -> HistoryError:
        message = _at_line(self.history, f"actions[{index}] {text.strip()!r}: {error}")
        message = message.splitlines()[0]
        short = self.history.metadata.get("ante_first")
        if isinstance(short, list) and short:
            # The likely cause, which no replay by the engine can take (RULES 2.6).
            who = ", ".join(str(name) for name in short)
            message += (
                f" ({who} posted the ante before a blind the stack could not cover; RULES 2.6"
                " and the engine post the blind first)"
            )
        return HistoryError(message)
