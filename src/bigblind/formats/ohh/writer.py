"""Writing engine hands as Open Hand History JSON: :func:`dumps` and :func:`dump_session`."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Final

from bigblind.cards import Card, format_cards
from bigblind.engine.events import (
    Acted,
    ActionKind,
    BoardDealt,
    Forced,
    HandKilled,
    Mucked,
    Posted,
    PotAwarded,
    RunBoardDealt,
    Shown,
)
from bigblind.engine.hand import Hand
from bigblind.engine.pots import split
from bigblind.engine.rules import Structure
from bigblind.errors import HistoryError
from bigblind.formats.names import check_name

__all__ = ["SPEC_VERSION", "dump_session", "dumps"]

SPEC_VERSION: Final = "1.2.2"
"""The version of the Open Hand History specification written."""
_POSTS: Final = {
    Forced.ANTE: "Post Ante",
    Forced.SMALL_BLIND: "Post SB",
    Forced.BIG_BLIND: "Post BB",
    Forced.STRADDLE: "Straddle",
    Forced.LIVE_BLIND: "Post Extra Blind",
    Forced.DEAD_BLIND: "Post Dead",
}
_VERBS: Final = {
    ActionKind.FOLD: "Fold",
    ActionKind.CHECK: "Check",
    ActionKind.CALL: "Call",
    ActionKind.BET: "Bet",
    ActionKind.RAISE: "Raise",
}
_BET_TYPES: Final = {
    Structure.NO_LIMIT: "NL",
    Structure.POT_LIMIT: "PL",
    Structure.FIXED_LIMIT: "FL",
}
_STREETS: Final = ("Preflop", "Flop", "Turn", "River")
# OHH's names of the games (RULES 11); it has one Omaha, whose hole cards say how many.
_GAME_TYPES: Final = {"omaha": "Omaha", "omaha5": "Omaha", "omaha6": "Omaha", "omaha8": "OmahaHiLo"}
_Money = Callable[[int], int | float]


def dumps(
    hand: Hand,
    *,
    game_number: int | str,
    players: Sequence[str],
    when: datetime,
    table: str = "bigblind",
    seat_numbers: Sequence[int] | None = None,
    hero: int | None = None,
    currency: str | None = None,
    max_seats: int = 9,
    tournament: bool = False,
    rake: int = 0,
    site: str = "bigblind",
) -> str:
    """A finished hand as one OHH object, ``{"ohh": {...}}``, in JSON ending with a newline.

    ``players`` are the names by hand seat, ``seat_numbers`` their table seats
    (by default seat + 1). With a ``currency`` (``'USD'`` ...) chips are
    cents and amounts are written in the currency; else they are chips.
    ``rake`` comes out of the pots in proportion to their size, and of each
    pot's winners as the pot is split (RULES 6.6, 7.2). Amounts of actions are
    what each action put in, a raise's the chips it added. ``when`` is written
    as UTC: a naive time is taken as UTC already. ``hero``'s hole cards are
    the ``Dealt Cards`` action; cards shown or mucked at the showdown are in
    its round.

    Raises :class:`~bigblind.errors.HistoryError` for a hand that is not over,
    a board run twice (OHH has no form for it), or details that do not fit.
    """
    if not hand.finished or hand.result is None:
        raise HistoryError(f"the hand is not over: it awaits {hand.awaiting}")
    n = hand.seats
    names = list(players)
    if len(names) != n or len(set(names)) != n:
        raise HistoryError(f"{n} different player names are needed, not {names}")
    for name in names:
        check_name(name)
    numbers = list(seat_numbers) if seat_numbers is not None else list(range(1, n + 1))
    if len(numbers) != n or len(set(numbers)) != n or not all(1 <= s <= 99 for s in numbers):
        raise HistoryError(f"seat numbers {numbers}: {n} different seats from 1 to 99")
    if any(isinstance(e, RunBoardDealt) for e in hand.events):
        raise HistoryError("the board was run twice, which Open Hand History cannot write")
    if hero is not None and not 0 <= hero < n:
        raise HistoryError(f"hero {hero!r} must be a seat from 0 to {n - 1}, or None")
    cents = currency is not None and not tournament

    def money(chips: int) -> int | float:
        return round(chips / 100, 2) if cents else chips

    rules = hand.rules
    awards = [e for e in hand.events if isinstance(e, PotAwarded) and e.amount]
    total = sum(a.amount for a in awards)
    if isinstance(rake, bool) or not isinstance(rake, int) or not 0 <= rake <= total:
        raise HistoryError(f"rake {rake!r} must be whole chips from 0 to the pot, {total}")
    stamp = when.astimezone(UTC).replace(tzinfo=None) if when.tzinfo else when
    body: dict[str, object] = {
        "spec_version": SPEC_VERSION,
        "internal_version": SPEC_VERSION,
        "network_name": site,
        "site_name": site,
        "game_type": _GAME_TYPES.get(rules.game.code, "Holdem"),
        "table_name": table,
        "table_size": max(max_seats, n),
        "game_number": str(game_number),
        "start_date_utc": stamp.isoformat(timespec="seconds"),
        "currency": currency if cents else "",
        "ante_amount": money(rules.ante),
        "small_blind_amount": money(rules.small_blind),
        "big_blind_amount": money(rules.big_blind),
        "bet_limit": {"bet_cap": 0, "bet_type": _BET_TYPES[rules.structure]},
        "tournament": tournament,
        "dealer_seat": numbers[hand.button],
    }
    if hero is not None:
        body["hero_player_id"] = hero
    body["players"] = [
        {
            "name": names[s],
            "id": s,
            "starting_stack": money(hand.starting_stacks[s]),
            "seat": numbers[s],
        }
        for s in sorted(range(n), key=numbers.__getitem__)
    ]
    body["rounds"] = _rounds(hand, hero, money)
    body["pots"] = _pots(hand, awards, rake, money)
    return json.dumps({"ohh": body}, indent=4, ensure_ascii=False) + "\n"


def dump_session(hands: Iterable[str]) -> str:
    """Join hands as an OHH file holds them: one object after another, a blank line apart.

    >>> dump_session(['{"ohh": {}}\\n', '{"ohh": {}}\\n'])
    '{"ohh": {}}\\n\\n{"ohh": {}}\\n\\n'
    """
    return "".join(text.rstrip("\n") + "\n\n" for text in hands)


def _rounds(hand: Hand, hero: int | None, money: _Money) -> list[dict[str, object]]:
    rounds: list[dict[str, object]] = [{"id": 0, "street": "Preflop", "cards": [], "actions": []}]
    numbered = 0
    street_in = [0] * hand.seats  # chips in front this betting round
    showdown: list[dict[str, object]] = []

    def add(action: dict[str, object], to: list[dict[str, object]] | None = None) -> None:
        nonlocal numbered
        numbered += 1
        actions = to if to is not None else rounds[-1]["actions"]
        assert isinstance(actions, list)
        actions.append({"action_number": numbered, **action})

    dealt = False
    for event in hand.events:
        if isinstance(event, Posted) and event.kind in _POSTS:
            if event.kind in (
                Forced.SMALL_BLIND,
                Forced.BIG_BLIND,
                Forced.STRADDLE,
                Forced.LIVE_BLIND,
            ):
                street_in[event.seat] += event.amount
            add(_act(event.seat, _POSTS[event.kind], money(event.amount), event.all_in))
            continue
        if not dealt and hero is not None and not isinstance(event, Posted):
            hole = hand.hole(hero)
            if hole and all(c is not None for c in hole):
                add({**_act(hero, "Dealt Cards", money(0), False), "cards": _cards(hole)})
            dealt = True
        if isinstance(event, BoardDealt):
            street_in = [0] * hand.seats
            name = _STREETS[event.street]
            rounds.append(
                {"id": len(rounds), "street": name, "cards": _cards(event.cards), "actions": []}
            )
        elif isinstance(event, Acted):
            amount = event.amount
            if event.kind in (ActionKind.BET, ActionKind.RAISE):
                amount = event.amount - street_in[event.seat]
                street_in[event.seat] = event.amount
            elif event.kind is ActionKind.CALL:
                street_in[event.seat] += event.amount
            else:
                amount = 0
            add(_act(event.seat, _VERBS[event.kind], money(amount), event.all_in))
        elif isinstance(event, Shown):
            showdown.append(
                {**_act(event.seat, "Shows Cards", money(0), False), "cards": _cards(event.cards)}
            )
        elif isinstance(event, Mucked):
            mucked = _act(event.seat, "Mucks Cards", money(0), False)
            if all(c is not None for c in event.cards):
                mucked["cards"] = _cards(event.cards)
            showdown.append(mucked)
        elif isinstance(event, HandKilled):
            if showdown or event.reason.startswith("mucked"):
                showdown.append(_act(event.seat, "Mucks Cards", money(0), False))
            else:
                add(_act(event.seat, "Fold", money(0), False))
    if showdown:
        actions: list[dict[str, object]] = []
        rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": actions})
        for action in showdown:
            add(action, actions)
    return rounds


def _pots(
    hand: Hand, awards: Sequence[PotAwarded], rake: int, money: _Money
) -> list[dict[str, object]]:
    by_pot: dict[int, tuple[int, int, dict[int, int]]] = {}
    for award, taken in zip(awards, _share_out(rake, [a.amount for a in awards]), strict=True):
        net = award.amount - taken
        shares = split(net, winners=award.winners, button=hand.button, seats=hand.seats)
        amount, fee, wins = by_pot.get(award.pot, (0, 0, {}))
        for seat, share in zip(award.winners, shares, strict=True):
            wins[seat] = wins.get(seat, 0) + share
        by_pot[award.pot] = (amount + award.amount, fee + taken, wins)
    return [
        {
            "number": pot,
            "amount": money(amount),
            "rake": money(fee),
            "player_wins": [
                {"player_id": seat, "win_amount": money(won)}
                for seat, won in sorted(wins.items())
                if won
            ],
        }
        for pot, (amount, fee, wins) in sorted(by_pot.items())
    ]


def _act(seat: int, verb: str, amount: int | float, all_in: bool) -> dict[str, object]:
    return {"player_id": seat, "action": verb, "amount": amount, "is_allin": all_in}


def _cards(cards: Iterable[Card | None]) -> list[str]:
    return [format_cards([c]) for c in cards if c is not None]


def _share_out(total: int, amounts: Sequence[int]) -> list[int]:
    """``total`` divided in proportion to ``amounts``, odd chips to the largest remainders."""
    whole = sum(amounts)
    if not total or not whole:
        return [0] * len(amounts)
    parts = [total * a // whole for a in amounts]
    order = sorted(range(len(amounts)), key=lambda i: -(total * amounts[i] % whole))
    for i in order[: total - sum(parts)]:
        parts[i] += 1
    return parts
