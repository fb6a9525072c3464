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

pytest.importorskip("pokerkit")

from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    NoLimitTexasHoldem,
    Opening,
    StandardHighHand,
    State,
    Street,
)

HANDS = 300  # hands per run; the whole file runs in a few seconds

_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
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


def pokerkit_state(case: Case) -> State:
    """PokerKit's state for ``case``, dealt by hand."""
    sb, bb = case.blinds
    pk_stacks = tuple(case.stacks[case.seat(i)] for i in range(case.players))
    if case.structure is Structure.NO_LIMIT:
        return NoLimitTexasHoldem.create_state(
            _AUTOMATIONS, True, case.ante, (sb, bb), bb, pk_stacks, case.players
        )
    if case.structure is Structure.FIXED_LIMIT:
        # RULES 5.1: small bet = BB pre-flop and on the flop, big bet = 2 BB after.
        # RULES 5.2: four bets a round; pre-flop the big blind is the first of
        # them, so three raises (PokerKit's own fixed-limit games allow four).
        sizes = (bb, bb, 2 * bb, 2 * bb)
        caps: tuple[int | None, ...] = (3, 4, 4, 4)
        betting = BettingStructure.FIXED_LIMIT
    else:
        # PokerKit has no pot-limit hold'em class, but its State takes any
        # streets and betting structure. RULES 5.3: the minimum is as in no limit.
        sizes, caps = (bb, bb, bb, bb), (None,) * 4
        betting = BettingStructure.POT_LIMIT
    deals = (((False, False), 0), ((), 3), ((), 1), ((), 1))
    streets = tuple(
        Street(i > 0, hole, board, False, Opening.POSITION, size, cap)
        for i, ((hole, board), size, cap) in enumerate(zip(deals, sizes, caps, strict=True))
    )
    return State(
        _AUTOMATIONS,
        Deck.STANDARD,
        (StandardHighHand,),
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
    state: State
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
        case.structure is not Structure.FIXED_LIMIT
        and not legal.can_raise
        and lo is not None
        and seat in play.acted
        and current - bets[seat] < play.full_raise
    ):
        # KNOWN: PokerKit measures the size a raise must reach from zero, so a
        # first all-in bet or raise short of the minimum (a raise of less than
        # the big blind pre-flop, a bet under it later) sets that size, and a
        # player who has acted and faces only that short amount may raise
        # again. RULES 5.4 keeps the full raise at the big blind at least and
        # RULES 5.6 (TDA 47-A) leaves that player only call or fold.
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
    bet = case.blinds[1] * (1 if hand.street <= 1 else 2)  # RULES 5.1: small, big bet
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


def replay(case: Case, actions: str) -> tuple[Hand, State]:
    """Both engines after ``actions`` ('f', 'c' check or call, a number: raise to)."""
    hand = Hand(case.rules(), case.stacks, button=case.button, dealing="manual")
    state = pokerkit_state(case)
    for seat in range(case.players):
        hand.deal_hole(seat, case.holes[seat])
        state.deal_hole(case.holes[seat], case.pk_index(seat))
    for action in actions.split():
        assert hand.actor is not None and state.actor_index is not None
        assert case.seat(state.actor_index) == hand.actor
        if action == "f":
            hand.fold()
            state.fold()
        elif action == "c":
            hand.check_or_call()
            state.check_or_call()
        else:
            hand.raise_to(int(action))
            state.complete_bet_or_raise_to(int(action))
    return hand, state


def example(structure: Structure, blinds: tuple[int, int], stacks: list[int], button: int) -> Case:
    holes = tuple(f"{r}c{r}d" for r in "23456789T"[: len(stacks)])
    return Case(0, structure, blinds, 0, tuple(stacks), button, holes, ("AcAdAh", "As", "Kc"))


# The known differences, one small hand each, with the answer RULES gives.
# Seats 0, 1, 2 ... clockwise; the button's left posts the small blind.


def test_known_short_raise_preflop() -> None:
    # RULES 5.6: UTG limps for 10, the button goes all-in for 14 (a raise of
    # 4, short of 10), both blinds call. Back to UTG, who faces only the short
    # 4: call or fold. (PokerKit offers a raise to 24.)
    case = example(Structure.NO_LIMIT, (5, 10), [1000, 1000, 1000, 14], button=3)
    hand, _ = replay(case, "c 14 c c")
    legal = hand.legal
    assert legal is not None and legal.seat == 2
    assert (legal.call, legal.min_raise_to) == (4, None)


def test_known_short_all_ins_add_up() -> None:
    # RULES 5.6: UTG raises to 20, the cutoff calls; three short all-ins to
    # 26, 30 and 33 make 13 more, above the full raise of 10, so the betting
    # is open again for UTG. (PokerKit allows only a call.)
    case = example(Structure.NO_LIMIT, (5, 10), [30, 33, 1000, 1000, 26], button=4)
    hand, _ = replay(case, "20 c 26 30 33")
    legal = hand.legal
    assert legal is not None and legal.seat == 2
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (13, 43, 1000)


def test_known_no_check_when_nobody_can_answer() -> None:
    # RULES 4.7: the button folds, the small blind calls all-in; the big blind
    # has matched and nobody can answer a bet: no more betting, the board is
    # dealt. (PokerKit asks the big blind to check.)
    case = example(Structure.NO_LIMIT, (1, 2), [100, 2, 100], button=0)
    hand, _ = replay(case, "f c")
    assert hand.actor is None and hand.awaiting == "flop"


def test_known_fixed_limit_half_bet_all_in() -> None:
    # RULES 5.6: limit 5/10, the button raises to 20, the small blind goes
    # all-in to 26; 6 is half a bet or more, so it is a raise and the button,
    # facing it, may raise to 36. (PokerKit allows only a call.)
    case = example(Structure.FIXED_LIMIT, (5, 10), [100, 26, 100], button=0)
    hand, _ = replay(case, "20 26 c")
    legal = hand.legal
    assert legal is not None and legal.seat == 0
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (6, 36, 36)


def test_known_heads_up_equal_blinds() -> None:
    # RULES 2.3: heads-up the button acts first pre-flop, whatever the blinds.
    # (With blinds 1/1 PokerKit has the big blind act first.)
    case = example(Structure.NO_LIMIT, (1, 1), [100, 100], button=0)
    hand, _ = replay(case, "")
    assert hand.actor == 0
