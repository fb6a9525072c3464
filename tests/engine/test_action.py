"""The Action value: text that round-trips, a repr to paste, membership in the legal set."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bigblind import Action, ActionTextError, Deck, Hand, IllegalActionError, Legal, Rules

NL = Rules.no_limit(blinds=(1, 2))

actions = st.one_of(
    st.sampled_from([Action.fold(), Action.check(), Action.call(), Action.all_in()]),
    st.builds(Action.bet, st.integers(min_value=0, max_value=10**12)),
    st.builds(Action.raise_to, st.integers(min_value=0, max_value=10**12)),
)


def legal_of(hand: Hand) -> Legal:
    legal = hand.legal
    assert legal is not None
    return legal


def is_in(action: object, legal: Legal) -> bool:
    """``action in legal``: the operator calls the set's ``__contains__``, which strict mypy
    does not see (a Legal is a named tuple of ints and flags, no Actions), so it is asked
    by name."""
    return legal.__contains__(action)


# RULES 4.4, 5: every action's text reads back as the same action.
@given(actions)
def test_text_round_trips(action: Action) -> None:
    assert Action.parse(str(action)) == action


# RULES 4.4, 5: the repr is Python that builds the same action.
@given(actions)
def test_repr_pastes_back(action: Action) -> None:
    assert eval(repr(action), {"Action": Action}) == action


# RULES 5: amounts are raise-to totals; 'to', case, spacing and abbreviations are free.
@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("raise 50", Action.raise_to(50)),
        ("Raise to 50", Action.raise_to(50)),
        ("r 50", Action.raise_to(50)),
        ("bet 8", Action.bet(8)),
        ("b to 8", Action.bet(8)),
        ("  FOLD ", Action.fold()),
        ("x", Action.check()),
        ("k", Action.check()),
        ("c", Action.call()),
        ("all in", Action.all_in()),
        ("shove", Action.all_in()),
    ],
)
def test_parse_reads_the_table_words(text: str, action: Action) -> None:
    assert Action.parse(text) == action


@pytest.mark.parametrize("text", ["jump", "raise", "bet -5", "raise 2.5", "call 4", "", "r \uff15"])
def test_unreadable_text_is_its_own_error(text: str) -> None:
    with pytest.raises(ActionTextError, match=f"cannot read action {text!r}: accepted are"):
        Action.parse(text)


# RULES 4.4: text the hand cannot read is an ActionTextError; an action it reads but the
# rules refuse (check facing a bet) is an IllegalActionError and no ActionTextError.
def test_unreadable_and_illegal_are_told_apart() -> None:
    hand = Hand(NL, [100, 100, 100], deck=Deck.shuffled(seed=2))
    with pytest.raises(ActionTextError, match="cannot read action 'jump' of seat 0: accepted"):
        hand.act("jump")
    with pytest.raises(IllegalActionError) as refused:
        hand.act(Action.check())
    assert not isinstance(refused.value, ActionTextError)
    assert "cannot check: 2 to call" in str(refused.value)


@pytest.mark.parametrize(("kind", "amount"), [("jump", None), ("bet", None), ("call", 4)])
def test_actions_that_are_no_actions_are_refused(kind: str, amount: int | None) -> None:
    with pytest.raises(IllegalActionError):
        Action(kind, amount)


def test_bet_amounts_are_whole_chips() -> None:
    with pytest.raises(IllegalActionError, match="whole number of chips"):
        Action.raise_to(True)
    with pytest.raises(IllegalActionError, match="whole number of chips"):
        Action.bet(-1)


def _fresh(seed: int) -> Hand:
    return Hand(NL, [100, 30, 100], button=0, deck=Deck.shuffled(seed=seed))


CANDIDATES = [Action.fold(), Action.check(), Action.call(), Action.all_in()] + [
    make(n) for make in (Action.bet, Action.raise_to) for n in (2, 3, 4, 5, 30, 60, 100, 101)
]


def _plays(hand_at: list[Action], action: Action) -> bool:
    hand = _fresh(5)
    for earlier in hand_at:
        hand.act(earlier)
    try:
        hand.act(action)
    except IllegalActionError:
        return False
    return True


# RULES 4.4, 5.4, 5.5: ``action in hand.legal`` holds exactly for the actions the hand
# plays, at the opening (facing the big blind), facing a raise the short stack cannot
# cover, and with nothing to call on the flop.
@pytest.mark.parametrize(
    "before",
    [
        [],
        [Action.raise_to(40)],
        [Action.call(), Action.call(), Action.check()],
    ],
)
def test_membership_agrees_with_the_hand(before: list[Action]) -> None:
    hand = _fresh(5)
    for action in before:
        hand.act(action)
    legal = legal_of(hand)
    for action in CANDIDATES:
        assert is_in(action, legal) == _plays(before, action), action


# RULES 5.5: the short stack facing a raise of more than it has may call all-in, which is
# going all-in; it cannot raise.
def test_all_in_for_less_is_legal() -> None:
    hand = _fresh(5)
    hand.act(Action.raise_to(40))
    legal = legal_of(hand)
    assert (legal.seat, legal.call, legal.all_in, legal.can_raise) == (1, 29, True, False)
    assert is_in(Action.all_in(), legal)
    assert not is_in(Action.raise_to(40), legal)
    assert not is_in("call", legal)  # only Actions are members


def test_the_in_operator_asks_the_legal_set() -> None:
    legal = legal_of(_fresh(5))
    assert (Action.call() in legal) is True  # type: ignore[comparison-overlap]


def test_act_takes_an_action_as_it_takes_its_text() -> None:
    by_value, by_text = _fresh(7), _fresh(7)
    for action in [Action.raise_to(6), Action.fold(), Action.call(), Action.bet(4)]:
        by_value.act(action)
        by_text.act(str(action))
    assert by_value.events == by_text.events


# RULES 5.4: more digits than any stack reads as an action but is refused as too much,
# without the number being read.
def test_an_amount_beyond_every_stack_is_illegal_not_unreadable() -> None:
    with pytest.raises(IllegalActionError, match=r"cannot raise 9{30}\.\.\.: more chips") as e:
        Action.parse("raise " + "9" * 5000)
    assert not isinstance(e.value, ActionTextError)
    assert Action.parse("raise " + "9" * 30) == Action.raise_to(10**30 - 1)
