"""All-in luck: what a player was due when the chips went in, not what the cards gave.

A hand is an all-in for luck when the betting ended before the river and the
players left met at showdown with their cards known (shown, or dealt to the
history's own player). At that moment each pot is worth its chips times the
player's exact share of it (:func:`bigblind.evaluation.games_equity.game_equity`
over every run-out of the board left, split pots counted as the game splits
them); the player's *all-in adjusted* winnings are their actual winnings with
the pots they won replaced by that expected share. Rake stays taken as it was.

The pots come from replaying the hand on the engine (side pots by who put in
what, RULES 6.4): only the few all-in hands are replayed.
"""

from __future__ import annotations

from dataclasses import dataclass

from bigblind.errors import BigblindError
from bigblind.formats.phh.history import HandHistory
from bigblind.tracker.facts import HandFacts

__all__ = ["AllIn", "all_in_luck"]


@dataclass(frozen=True, slots=True, kw_only=True)
class AllIn:
    """One all-in: the board at that moment, each player's equity in the main pot and
    expected winnings (``ev_net``, chips), by seat; players not in it are absent."""

    board: str
    equity: dict[int, float]
    ev_net: dict[int, float]


def all_in_luck(history: HandHistory, facts: HandFacts) -> AllIn | None:
    """The all-in of a hand, or None when it had none or a card in it is unknown.

    >>> from bigblind.formats.phh import loads
    >>> text = '''variant = "NT"
    ... starting_stacks = [100, 100]
    ... finishing_stacks = [200, 0]
    ... blinds_or_straddles = [1, 2]
    ... antes = [0, 0]
    ... min_bet = 2
    ... actions = ["d dh p1 AcAd", "d dh p2 KhKs", "p2 cbr 100", "p1 cc",
    ...            "d db 2c7d9h", "d db Ts", "d db 3c"]'''
    >>> from bigblind.tracker.facts import hand_facts
    >>> history = loads(text)[0]
    >>> luck = all_in_luck(history, hand_facts(history))
    >>> round(luck.equity[0], 4), round(luck.ev_net[0], 2)
    (0.8126, 62.51)
    """
    rules = history.rules
    if not facts.all_in_candidate or rules is None:
        return None
    involved = [p for p in facts.players if p.showdown]
    if any(not p.cards or "?" in p.cards for p in involved):
        return None
    from bigblind.formats.pokerstars import replay

    try:
        hand = replay(history)
    except (BigblindError, ValueError):
        return None
    result = hand.result
    if result is None or len(result.runs) != 1:
        return None
    pots: dict[tuple[int, ...], int] = {}
    for pot in result.pots:
        pots[pot.eligible] = pots.get(pot.eligible, 0) + pot.amount
    cards = {p.seat: p.cards for p in involved}
    expected = dict.fromkeys(cards, 0.0)
    main: dict[int, float] = {}
    for eligible, amount in pots.items():
        shares = _shares(rules.game, [s for s in eligible if s in cards], cards, facts.all_in_board)
        for seat, share in shares.items():
            expected[seat] += share * amount
        if not main and len(shares) > 1:
            main = shares
    if not main:
        return None
    ev = {seat: facts.players[seat].net + expected[seat] - result.payouts[seat] for seat in cards}
    return AllIn(board=facts.all_in_board, equity=main, ev_net=ev)


def _shares(game: object, seats: list[int], cards: dict[int, str], board: str) -> dict[int, float]:
    if len(seats) == 1:
        return {seats[0]: 1.0}
    from bigblind.evaluation.games import Game
    from bigblind.evaluation.games_equity import game_equity

    assert isinstance(game, Game)
    result = game_equity(game, [cards[s] for s in seats], board=board, exact=True)
    return {s: p.equity for s, p in zip(seats, result.players, strict=True)}
