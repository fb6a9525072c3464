"""Differential test: the engine against PokerKit on random hands.

Both engines get the same seats, forced bets and cards; at every decision the
actions chosen at random from the engine's legal set are applied to both, and
they must agree on whose turn it is, on fold, check and call (with the amount)
and on the minimum and maximum raise-to; at the end on the stacks.

PokerKit's player 0 is the first seat left of the button and its last player
is the button, so engine seat ``(button + 1 + i) % n`` is PokerKit player ``i``
(heads-up too: PokerKit's player 0 is then the big blind, the button posts the
small blind, RULES 2.3).

Where PokerKit follows other rules than RULES, the test accounts for it and
says so (``KNOWN`` below); anything else is a disagreement.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass, field

import pytest

from bigblind import Hand, Legal, Rules, Structure, format_cards

pk = pytest.importorskip("pokerkit")

HANDS = 240  # hands per run; the whole file runs in a few seconds

_AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)


@dataclass(frozen=True)
class Case:
    """One random hand: the game, the seats and every card."""

    seed: int
    structure: Structure
    blinds: tuple[int, int]
    ante: int
    stacks: tuple[int, ...]
    button: int
    holes: tuple[str, ...]  # by engine seat
    board: tuple[str, str, str]  # flop, turn, river

    @property
    def players(self) -> int:
        return len(self.stacks)

    def rules(self) -> Rules:
        if self.structure is Structure.FIXED_LIMIT:
            return Rules.fixed_limit(blinds=self.blinds, ante=self.ante)  # RULES 5.1, 5.2
        if self.structure is Structure.POT_LIMIT:
            return Rules.pot_limit(blinds=self.blinds, ante=self.ante)
        return Rules.no_limit(blinds=self.blinds, ante=self.ante)

    def pk_index(self, seat: int) -> int:
        return (seat - self.button - 1) % self.players

    def seat(self, pk_index: int) -> int:
        return (self.button + 1 + pk_index) % self.players


def make_case(seed: int) -> Case:
    rng = random.Random(seed)
    n = rng.choice([2, 2, 3, 4, 5, 6, 6, 7, 8, 9])
    structure = rng.choice(
        [Structure.NO_LIMIT, Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT]
    )
    blinds = [(1, 2), (1, 2), (2, 4), (5, 10), (2, 5), (1, 1)]
    # KNOWN: PokerKit finds the first to act pre-flop from the largest blind;
    # heads-up with equal blinds it picks the big blind instead of the button
    # (RULES 2.3), so equal blinds are dealt only to three or more players.
    sb, bb = rng.choice(blinds if n > 2 else blinds[:-1])
    ante = rng.choice([0, 0, 0, 1, bb // 2])
    # Every stack covers the big blind and the ante, so no forced bet is short:
    # RULES 2.6 posts the blind before the ante, PokerKit the ante first.
    low = bb + ante
    stacks = tuple(
        rng.choice(
            [
                rng.randint(low, low + 3 * bb),  # short: all-ins, side pots
                rng.randint(low, 40 * bb),
                rng.randint(20 * bb, 150 * bb),
            ]
        )
        for _ in range(n)
    )
    deck = list(range(52))
    rng.shuffle(deck)
    holes = tuple(format_cards(deck[2 * s : 2 * s + 2]) for s in range(n))
    rest = deck[2 * n :]
    board = (format_cards(rest[0:3]), format_cards(rest[3:4]), format_cards(rest[4:5]))
    return Case(seed, structure, (sb, bb), ante, stacks, rng.randrange(n), holes, board)


def pokerkit_state(case: Case) -> pk.State:
    """PokerKit's state for ``case``, dealt by hand."""
    sb, bb = case.blinds
    pk_stacks = tuple(case.stacks[case.seat(i)] for i in range(case.players))
    if case.structure is Structure.NO_LIMIT:
        return pk.NoLimitTexasHoldem.create_state(
            _AUTOMATIONS, True, case.ante, (sb, bb), bb, pk_stacks, case.players
        )
    if case.structure is Structure.FIXED_LIMIT:
        # RULES 5.1: small bet = BB pre-flop and on the flop, big bet = 2 BB after.
        # RULES 5.2: four bets a round; pre-flop the big blind is the first of
        # them, so three raises (PokerKit's own fixed-limit games allow four).
        sizes, caps = (bb, bb, 2 * bb, 2 * bb), (3, 4, 4, 4)
        betting = pk.BettingStructure.FIXED_LIMIT
    else:
        # PokerKit has no pot-limit hold'em class, but its State takes any
        # streets and betting structure. RULES 5.3: the minimum is as in no limit.
        sizes, caps = (bb, bb, bb, bb), (None, None, None, None)
        betting = pk.BettingStructure.POT_LIMIT
    deals = (((False, False), 0), ((), 3), ((), 1), ((), 1))
    streets = tuple(
        pk.Street(i > 0, hole, board, False, pk.Opening.POSITION, size, cap)
        for i, ((hole, board), size, cap) in enumerate(zip(deals, sizes, caps, strict=True))
    )
    return pk.State(
        _AUTOMATIONS,
        pk.Deck.STANDARD,
        (pk.StandardHighHand,),
        streets,
        betting,
        True,
        case.ante,
        (sb, bb),
        0,
        pk_stacks,
        case.players,
    )


@dataclass
class Play:
    """Both engines in one hand, and what the test knows about the round."""

    case: Case
    hand: Hand
    state: pk.State
    log: list[str] = field(default_factory=list)
    acted: set[int] = field(default_factory=set)  # seats that acted this round
    full_raise: int = 0  # the last full bet or raise of the round (RULES 5.4)
    fl_short_all_in: bool = False
    known: list[str] = field(default_factory=list)

    def where(self) -> str:
        case = self.case
        return (
            f"\nseed {case.seed}: {case.structure.value}, blinds {case.blinds}, ante {case.ante},"
            f" stacks {case.stacks}, button {case.button}\n"
            f"holes {case.holes}, board {case.board}\nactions: {'; '.join(self.log)}"
        )


def compare(play: Play, legal: Legal) -> tuple[bool, int | None, int | None]:
    """Check one decision point; what the engines both allow as a raise."""
    state, hand, case = play.state, play.hand, play.case
    assert state.actor_index is not None, "PokerKit has nobody to act" + play.where()
    assert case.seat(state.actor_index) == hand.actor, "turn" + play.where()
    to_call = state.checking_or_calling_amount
    assert to_call is not None
    assert legal.fold == state.can_fold(), "fold" + play.where()  # RULES 4.4
    assert legal.check == (to_call == 0), "check" + play.where()
    assert legal.call == (to_call or None), "call amount" + play.where()  # RULES 5.5

    lo = state.min_completion_betting_or_raising_to_amount
    hi = state.max_completion_betting_or_raising_to_amount
    ours = (legal.min_raise_to, legal.max_raise_to)
    if ours == (lo, hi):
        return lo is not None, lo, hi
    seat = hand.actor
    assert seat is not None
    bets = hand.bets
    current = max(bets)
    if play.fl_short_all_in:
        # KNOWN: after a fixed-limit all-in for less than a full bet PokerKit
        # counts it as a raise toward the cap and reopens the betting
        # differently (RULES 5.2, 5.6): raise sizes are not compared.
        play.known.append("fixed-limit short all-in")
    elif (
        legal.can_raise
        and lo is None
        and not any(
            s != seat and not hand.folded[s] and hand.stacks[s] + bets[s] > current
            for s in range(case.players)
        )
    ):
        # KNOWN: PokerKit refuses a raise when no other player still in can put
        # in more than the current bet; the engine allows it while another
        # player has chips (RULES 4.7 stops the betting only when at most one
        # player can still act). Such a raise can only be called for less, and
        # the excess comes back (RULES 4.8).
        play.known.append("raise nobody can match")
    elif (
        case.structure is not Structure.FIXED_LIMIT
        and not legal.can_raise
        and lo is not None
        and seat in play.acted
        and current - bets[seat] < play.full_raise
    ):
        # KNOWN: PokerKit reopens the betting for everyone once consecutive
        # short all-ins add up to a full raise; RULES 5.6 (TDA 47-A) reopens it
        # only for a player who now faces a full raise or more.
        play.known.append("short all-ins reopen for all")
    elif (
        case.structure is not Structure.FIXED_LIMIT
        and legal.can_raise
        and lo is None
        and seat in play.acted
        and current - bets[seat] >= play.full_raise
    ):
        # KNOWN: PokerKit adds up short all-ins only until they make a full
        # raise; a further short all-in starts the count again and shuts the
        # betting for players who have acted, though they now face more than a
        # full raise, which RULES 5.6 (TDA 47-A) says reopens it.
        play.known.append("short all-ins add up past a full raise")
    else:
        raise AssertionError(f"raise-to: engine {ours}, PokerKit {(lo, hi)}" + play.where())
    if lo is None or legal.min_raise_to is None or legal.max_raise_to is None or hi is None:
        return False, None, None
    both_lo, both_hi = max(lo, legal.min_raise_to), min(hi, legal.max_raise_to)
    return both_lo <= both_hi, both_lo, both_hi


def act(play: Play, rng: random.Random) -> None:
    """Choose an action both engines allow and apply it to both."""
    hand, state, case = play.hand, play.state, play.case
    legal = hand.legal
    assert legal is not None
    can_raise, lo, hi = compare(play, legal)
    seat = legal.seat
    roll = rng.random()
    before = max(hand.bets)
    if legal.fold and roll < 0.18:
        hand.fold()
        state.fold()
        play.log.append(f"{seat} fold")
    elif can_raise and lo is not None and hi is not None and roll < 0.55:
        amount = rng.choice([lo, lo, hi, rng.randint(lo, hi)])
        hand.raise_to(amount)
        state.complete_bet_or_raise_to(amount)
        play.log.append(f"{seat} raise to {amount}")
        size = amount - before
        all_in = hand.stacks[seat] == 0
        if case.structure is Structure.FIXED_LIMIT:
            bet = case.blinds[1] * (1 if hand.street <= 1 else 2)
            if all_in and amount < before + bet:
                play.fl_short_all_in = True
        elif size >= play.full_raise:
            play.full_raise = size
    elif legal.check:
        hand.check()
        state.check_or_call()
        play.log.append(f"{seat} check")
    else:
        hand.call()
        state.check_or_call()
        play.log.append(f"{seat} call {legal.call}")
    play.acted.add(seat)


def drain(play: Play) -> None:
    """Let PokerKit finish a round the engine has closed."""
    state, case = play.state, play.case
    while state.actor_index is not None:
        # KNOWN: when everyone else still in is all-in and the player left has
        # matched the bet (the big blind after an all-in call of the small
        # blind, or the small blind with equal blinds), RULES 4.7 ends the
        # betting; PokerKit still asks that player for a check.
        others = [
            i
            for i in range(case.players)
            if i != state.actor_index and state.statuses[i] and state.stacks[i] > 0
        ]
        assert not others, "PokerKit still betting" + play.where()
        assert state.checking_or_calling_amount == 0, "PokerKit still betting" + play.where()
        assert state.min_completion_betting_or_raising_to_amount is None, play.where()
        state.check_or_call()
        play.known.append("check nobody can answer")


def rounding_slack(hand: Hand) -> int:
    """Odd chips of split pots, which RULES and PokerKit may place differently."""
    result = hand.result
    assert result is not None
    return sum(pot.amount % len(pot.winners) for pot in result.pots)


def run(case: Case) -> Play:
    hand = Hand(case.rules(), case.stacks, button=case.button, dealing="manual")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = pokerkit_state(case)
    play = Play(case, hand, state, full_raise=case.blinds[1])
    rng = random.Random(case.seed * 7919 + 1)
    for seat in range(case.players):
        hand.deal_hole(seat, case.holes[seat])
        state.deal_hole(case.holes[seat], case.pk_index(seat))
    street = hand.street
    while not hand.finished:
        waiting = hand.awaiting
        if waiting == "action":
            if hand.street != street:
                street = hand.street
                play.acted.clear()
                play.full_raise = case.blinds[1]  # RULES 5.4: the opening bet is at least the BB
                play.fl_short_all_in = False
            act(play, rng)
        elif waiting in ("flop", "turn", "river"):
            cards = case.board[("flop", "turn", "river").index(waiting)]
            drain(play)
            hand.deal_board(cards)
            state.burn_card("??")  # RULES 3.2
            state.deal_board(cards)
            play.log.append(f"{waiting} {cards}")
        else:
            raise AssertionError(f"unexpected wait for {waiting!r}" + play.where())
    drain(play)
    assert not state.status, "PokerKit hand not over" + play.where()
    ours, theirs = hand.stacks, tuple(state.stacks[case.pk_index(s)] for s in range(case.players))
    assert sum(ours) == sum(theirs) == sum(case.stacks), play.where()  # RULES 7.2
    slack = rounding_slack(hand)
    if slack == 0:
        assert ours == theirs, f"stacks: engine {ours}, PokerKit {theirs}" + play.where()
    else:
        # KNOWN: RULES 6.6 splits each pot on its own and gives its odd chips
        # one at a time from left of the button. PokerKit gives a pot's whole
        # remainder to its first winner, and merges pots whose players still in
        # became the same once the losers mucked, before splitting them.
        diffs = [abs(a - b) for a, b in zip(ours, theirs, strict=True)]
        assert max(diffs) <= slack, f"stacks: engine {ours}, PokerKit {theirs}" + play.where()
    return play


@pytest.mark.parametrize("seed", range(HANDS))
def test_engine_agrees_with_pokerkit(seed: int) -> None:
    run(make_case(seed))


def test_every_structure_is_covered() -> None:
    """The random cases include every structure, heads-up and nine-handed."""
    cases = [make_case(seed) for seed in range(HANDS)]
    assert {c.structure for c in cases} == set(Structure)
    assert {2, 9} <= {c.players for c in cases}
    assert any(c.ante for c in cases)

