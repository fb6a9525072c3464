"""ACPC game definitions, match states and hands on the engine."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Deck
from bigblind.engine import Action as EngineAction
from bigblind.engine.rules import Structure
from bigblind.errors import IllegalActionError
from bigblind.formats.acpc import (
    STANDARD_GAMES,
    AcpcHand,
    Action,
    GameDef,
    GameDefError,
    ProtocolError,
    UnsupportedGameError,
    format_betting,
    load_gamedef,
    parse_action,
    parse_betting,
    parse_gamedef,
    parse_matchstate,
    parse_response,
    parse_state_line,
    split_response,
)

NL2 = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
FL2 = load_gamedef("holdem.limit.2p.reverse_blinds.game")
FL3 = load_gamedef("holdem.limit.3p.game")
NL3 = load_gamedef("holdem.nolimit.3p.game")
NL6 = load_gamedef("holdem.nolimit.6p.game")


# ------------------------------------------------------------------- gamedef


@pytest.mark.parametrize("name", STANDARD_GAMES)
def test_shipped_games_load_and_round_trip(name: str) -> None:
    game = load_gamedef(name)
    assert parse_gamedef(game.dumps()) == game
    assert game.num_rounds == 4 and game.num_board_cards == (0, 3, 1, 1)


_LIMIT = {"raise_sizes": (10, 10, 20, 20), "max_raises": (3, 4, 4, 4)}
_NO_LIMIT = {"raise_sizes": (0, 0, 0, 0), "max_raises": (255,) * 4}
_STANDARD_FIELDS = {
    "holdem.limit.2p.reverse_blinds.game": {
        "betting": "limit", "num_players": 2, "stacks": (2**31 - 1,) * 2, "blinds": (10, 5),
        "first_player": (1, 0, 0, 0), **_LIMIT,
    },
    "holdem.nolimit.2p.reverse_blinds.game": {
        "betting": "nolimit", "num_players": 2, "stacks": (20000, 20000), "blinds": (100, 50),
        "first_player": (1, 0, 0, 0), **_NO_LIMIT,
    },
    "holdem.limit.3p.game": {
        "betting": "limit", "num_players": 3, "stacks": (2**31 - 1,) * 3, "blinds": (5, 10, 0),
        "first_player": (2, 0, 0, 0), **_LIMIT,
    },
    "holdem.nolimit.3p.game": {
        "betting": "nolimit", "num_players": 3, "stacks": (20000,) * 3, "blinds": (50, 100, 0),
        "first_player": (2, 0, 0, 0), **_NO_LIMIT,
    },
    "holdem.nolimit.6p.game": {
        "betting": "nolimit", "num_players": 6, "stacks": (20000,) * 6,
        "blinds": (50, 100, 0, 0, 0, 0), "first_player": (2, 0, 0, 0), **_NO_LIMIT,
    },
}  # fmt: skip


@pytest.mark.parametrize("name", STANDARD_GAMES)
def test_shipped_files_hold_the_acpc_servers_parameters(name: str) -> None:
    # The ACPC server's own five hold'em games, field by field (firstPlayer 0-based here).
    game = load_gamedef(name)
    common = {"num_rounds": 4, "num_suits": 4, "num_ranks": 13, "num_hole_cards": 2}
    expected = {**common, "num_board_cards": (0, 3, 1, 1), **_STANDARD_FIELDS[name]}
    assert {key: getattr(game, key) for key in expected} == expected
    assert game.name == name


def test_a_folder_is_not_a_game_definition(tmp_path: object) -> None:
    with pytest.raises(GameDefError, match="is a folder, not a file"):
        load_gamedef(str(tmp_path))


def test_pot_limit_games_are_refused() -> None:
    with pytest.raises(UnsupportedGameError, match="pot-limit"):
        parse_gamedef(NL2.dumps().replace("nolimit", "potlimit"))


def test_a_path_is_accepted_as_well_as_a_name(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "mine.game"
    path.write_text(NL3.dumps())
    assert load_gamedef(path) == NL3
    assert load_gamedef(str(path)).name == "mine.game"


def test_heads_up_reverse_blinds_map_onto_the_button() -> None:
    # RULES 2.3: heads-up the button posts the small blind and acts first pre-flop.
    assert NL2.button == 1 and NL2.blind_positions == (1, 0)
    assert (NL2.rules.small_blind, NL2.rules.big_blind) == (50, 100)
    hand = AcpcHand.deal(NL2, Deck.shuffled(seed=1))
    assert hand.hand.bets == (100, 50)
    assert hand.actor == 1  # firstPlayer 2 pre-flop
    hand.apply(Action("c"))
    hand.apply(Action("c"))
    assert hand.actor == 0  # firstPlayer 1 after the flop


def test_limit_games_map_to_fixed_limit_with_a_cap_of_four_bets() -> None:
    # RULES 5.1, 5.2: maxRaises 3 4 4 4 is four bets, the big blind the first pre-flop.
    for game in (FL2, FL3):
        rules = game.rules
        assert rules.structure is Structure.FIXED_LIMIT
        assert (rules.small_bet, rules.big_bet, rules.cap) == (10, 20, 4)
    hand = AcpcHand.deal(FL2, Deck.shuffled(seed=2))
    for _ in range(3):
        hand.apply(Action("r"))
    assert hand.hand.legal is not None and not hand.hand.legal.can_raise
    assert hand.fix(Action("r")) == (Action("c"), "raise not allowed, changed to call")
    hand.apply(Action("c"))
    for _ in range(4):
        hand.apply(Action("r"))
    assert hand.fix(Action("r"))[0] == Action("c")
    assert format_betting(hand.betting) == "rrrc/rrrr"


def test_three_and_six_handed_blinds_place_the_button_last() -> None:
    assert (FL3.button, NL3.button, NL6.button) == (2, 2, 5)
    hand = AcpcHand.deal(NL6, Deck.shuffled(seed=3))
    assert hand.hand.bets == (50, 100, 0, 0, 0, 0)
    assert hand.actor == 2  # RULES 4.2: under the gun, firstPlayer 3


def _game(**changes: str) -> str:
    text = NL2.dumps()
    for old, new in changes.items():
        text = text.replace(old.replace("_", " "), new)
    return text


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("numSuits = 4", "numSuits = 2", "deck of 2 suits"),
        ("numRanks = 13", "numRanks = 6", "13"),
        ("numRounds = 4", "numRounds = 2", "numRounds 2"),
        ("numHoleCards = 2", "numHoleCards = 4", "numHoleCards 4"),
        ("numBoardCards = 0 3 1 1", "numBoardCards = 0 2 1 1", "numBoardCards 0 2 1 1"),
        ("firstPlayer = 2 1 1 1", "firstPlayer = 1 1 1 1", "firstPlayer 1 1 1 1"),
    ],
)
def test_other_games_are_refused_naming_what_differs(old: str, new: str, named: str) -> None:
    with pytest.raises(UnsupportedGameError, match=named):
        parse_gamedef(NL2.dumps().replace(old, new))


def test_limit_caps_other_than_bigblinds_are_refused() -> None:
    with pytest.raises(UnsupportedGameError, match="maxRaises 4 4 4 4"):
        parse_gamedef(FL2.dumps().replace("maxRaises = 3 4 4 4", "maxRaises = 4 4 4 4"))


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("numPlayers = 2\nEND GAMEDEF", "GAMEDEF"),
        ("GAMEDEF\nnumPlayers = 2\nbogus = 1\nEND GAMEDEF", "unknown entry"),
        ("GAMEDEF\nnumPlayers = x\nEND GAMEDEF", "whole numbers"),
        ("GAMEDEF\nnumPlayers = 12\nEND GAMEDEF", "2 to 10 players"),
    ],
)
def test_unreadable_definitions_say_why(text: str, named: str) -> None:
    with pytest.raises(GameDefError, match=named):
        parse_gamedef(text)


def test_an_unknown_name_lists_the_shipped_games() -> None:
    with pytest.raises(GameDefError, match=r"holdem\.limit\.3p\.game"):
        load_gamedef("holdem.nolimit.9p.game")


# ------------------------------------------------------------------ protocol


def test_match_states_round_trip() -> None:
    lines = [
        "MATCHSTATE:0:0::TdAs|",
        "MATCHSTATE:1:30:r250c/cr500:|9hQd/8dAs4c",
        "MATCHSTATE:0:31:r20000c///:AhAd|KcKd/2c3c4c/5d/6h",
    ]
    for line in lines:
        assert str(parse_matchstate(line, no_limit=True)) == line
    limit = "MATCHSTATE:2:4:rrc/crrc/c:||JhJs/2c3c4c/5d"
    assert str(parse_matchstate(limit, no_limit=False)) == limit


@pytest.mark.parametrize(
    "line",
    [
        "MATCHSTATE:0:0:",
        "MATCHSTATE:x:0::AsKd|",
        "MATCHSTATE:0:0:r:AsKd|",  # a no-limit raise without its size
        "MATCHSTATE:0:0:q:AsKd|",
        "MATCHSTATE:0:0:c/c:AsKd|",  # two rounds, one board
        "MATCHSTATE:0:0::AsK|",
        "MATCHSTATE:0:0::ZzKd|",
    ],
)
def test_malformed_match_states_raise(line: str) -> None:
    with pytest.raises(ProtocolError):
        parse_matchstate(line, no_limit=True)


def test_response_and_action_letters_as_the_acpc_server_reads_them() -> None:
    state, action = parse_response("MATCHSTATE:0:0::TdAs|:r300\r\n", no_limit=True)
    assert action == Action("r", 300) and state.hand_number == 0
    assert [str(a) for r in parse_betting("kcbfK", no_limit=False) for a in r] == list("ccrfc")


def test_an_answer_is_split_after_the_states_four_fields() -> None:
    # The ACPC dealer reads the state, then ':' and an action; what follows is ignored.
    state, action = parse_response("MATCHSTATE:0:0::TdAs|:r300:because", no_limit=True)
    assert (str(state), action) == ("MATCHSTATE:0:0::TdAs|", Action("r", 300))
    assert split_response("MATCHSTATE:0:0::TdAs|") == ("MATCHSTATE:0:0::TdAs|", None)
    assert split_response("MATCHSTATE:0:0::TdAs|:") == ("MATCHSTATE:0:0::TdAs|", "")
    with pytest.raises(ProtocolError, match="expected <match state>:<action>"):
        parse_response("MATCHSTATE:0:0::TdAs|", no_limit=True)


@pytest.mark.parametrize(
    ("text", "action", "used"),
    [
        ("R300", Action("r", 300), 4),
        ("B300", Action("r", 300), 4),
        ("r 300", Action("r", 300), 5),  # C's "%d" skips spaces ...
        ("r+300c", Action("r", 300), 5),  # ... and reads a sign
        ("r-5", Action("r", -5), 3),  # a size out of range is the dealer's to fix
        ("F", Action("f"), 1),
        ("K", Action("c"), 1),
    ],
)
def test_no_limit_sizes_are_read_as_the_acpc_server_reads_them(
    text: str, action: Action, used: int
) -> None:
    assert parse_action(text, no_limit=True) == (action, used)


@pytest.mark.parametrize("text", ["r", "r-", "r x", "", "x300"])
def test_unreadable_no_limit_actions_raise(text: str) -> None:
    with pytest.raises(ProtocolError, match="cannot read action"):
        parse_action(text, no_limit=True)


def test_state_lines_round_trip_with_fractional_values() -> None:
    line = "STATE:3:r300c/cc/cc/cc:9hQd|9sQc/2c3c4c/5d/Kh:0|0:a|b"
    assert str(parse_state_line(line, no_limit=True)) == line
    three = "STATE:1:ccc/ccc/ccc/ccc:9hQd|9sQc|2h2d/AcKcJd/5d/Kh:10.5|10.5|-21:a|b|c"
    parsed = parse_state_line(three, no_limit=False)
    assert parsed.values == (Fraction(21, 2), Fraction(21, 2), Fraction(-21))
    assert str(parsed) == three


# --------------------------------------------------------------------- hands


def test_values_split_without_an_odd_chip_rule() -> None:
    from bigblind import parse_cards

    holes = [parse_cards("2h3d"), parse_cards("9hQd"), parse_cards("9sQc")]
    board = [(), parse_cards("AcKcJd"), parse_cards("5d"), parse_cards("7h")]
    hand = AcpcHand.rebuild(FL3, parse_betting("cfc/cc/cc/cc", no_limit=False), holes, board)
    # A pot of 25 between two equal hands: the ACPC server gives 12.5 each ...
    assert hand.values() == (Fraction(-5), Fraction(5, 2), Fraction(5, 2))
    # ... where RULES 6.6 gives the odd chip to the first winner left of the button.
    result = hand.hand.result
    assert result is not None
    nets = tuple(s - start for s, start in zip(result.stacks, FL3.stacks, strict=True))
    assert nets == (-5, 3, 2)


def test_side_pots_are_valued_level_by_level() -> None:
    from bigblind import parse_cards

    holes = [parse_cards("AhAd"), parse_cards("KhKd"), parse_cards("2c7d")]
    board = [(), parse_cards("3s8s9c"), parse_cards("Jd"), parse_cards("4h")]
    betting = parse_betting("r20000cc///", no_limit=True)
    hand = AcpcHand.rebuild(NL3, betting, holes, board)
    assert hand.values() == (Fraction(40000), Fraction(-20000), Fraction(-20000))
    assert format_betting(hand.betting) == "r20000cc///"
    assert hand.hand.result is not None and hand.hand.result.stacks == (60000, 0, 0)


def test_fix_moves_raise_sizes_into_range_and_illegal_folds_to_calls() -> None:
    hand = AcpcHand.deal(NL2, Deck.shuffled(seed=4))
    assert hand.fix(Action("r", 150)) == (Action("r", 200), "raise to 150 increased to 200")
    assert hand.fix(Action("r", 99999)) == (
        Action("r", 20000),
        "raise to 99999 decreased to 20000",
    )
    hand.apply(Action("c"))
    assert hand.fix(Action("f")) == (Action("c"), "fold when checking is free, changed to call")
    assert hand.fix(Action("r", 300)) == (Action("r", 300), None)
    assert hand.fix(Action("r", -5)) == (Action("r", 200), "raise to -5 increased to 200")


def test_apply_refuses_illegal_actions_and_leaves_the_hand() -> None:
    hand = AcpcHand.deal(NL2, Deck.shuffled(seed=5))
    before = hand.hand.events
    with pytest.raises(IllegalActionError):
        hand.apply(Action("r", 120))
    assert hand.hand.events == before


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(STANDARD_GAMES), st.integers(0, 2**32), st.data())
def test_random_hands_rebuild_from_their_own_log_lines(
    name: str, seed: int, data: st.DataObject
) -> None:
    game = load_gamedef(name)
    hand = AcpcHand.deal(game, Deck.shuffled(seed=seed))
    while not hand.finished:
        legal = hand.hand.legal
        assert legal is not None
        options = ["c"] + (["f"] if legal.fold else []) + (["r"] if legal.can_raise else [])
        kind = data.draw(st.sampled_from(options))
        if kind == "r" and game.no_limit:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            to = data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))
            earlier = hand.hand.contributions[legal.seat] - hand.hand.bets[legal.seat]
            hand.apply(Action("r", to + earlier))
        else:
            hand.apply(Action(kind))  # type: ignore[arg-type]
    line = parse_state_line(
        str(hand.state_line(7, game.num_players * ["x"])), no_limit=game.no_limit
    )
    again = AcpcHand.rebuild(game, line.betting, line.hole, line.board)
    assert again.values() == hand.values()
    assert sum(hand.values()) == 0
    assert again.hand.result is not None
    nets = [
        s - start
        for s, start in zip(again.hand.result.stacks, again.hand.starting_stacks, strict=True)
    ]
    assert all(abs(net - value) < 1 for net, value in zip(nets, hand.values(), strict=True))


# RULES 5: an ACPC raise names the hand's total; the engine is handed the round's raise-to.
def test_the_dealer_hands_the_engine_an_action() -> None:
    hand = AcpcHand.deal(NL2, Deck.shuffled(seed=4))
    assert hand.engine_action(Action("c")) == EngineAction.call()
    assert hand.engine_action(Action("r", 300)) == EngineAction.raise_to(300)
    hand.apply(Action("c"))
    assert hand.engine_action(Action("c")) == EngineAction.check()
    assert hand.engine_action(Action("f")) == EngineAction.fold()


# ------------------------------------------------- the ACPC server's raise rule

# Three players, one short stack: where the ACPC server and RULES 5.6 part.
SHORT3 = parse_gamedef(NL3.dumps().replace("stack = 20000 20000 20000", "stack = 20000 20000 500"))


class _AcpcRaises:
    """The ACPC server's no-limit betting (its game.c), kept in hand totals, apart
    from the engine: who may raise, and to what, after each action."""

    def __init__(self, game: GameDef) -> None:
        self.stacks = game.stacks
        self.big = max(game.blinds)
        self.spent = list(game.blinds)
        self.folded = [False] * game.num_players
        self.max_spent = self.big
        self.min_to = 2 * self.big

    def raise_range(self, p: int) -> tuple[int, int] | None:
        acting = sum(
            1 for q, s in enumerate(self.stacks) if not self.folded[q] and self.spent[q] < s
        )
        if acting <= 1:
            return None
        if self.min_to > self.stacks[p]:
            return None if self.max_spent >= self.stacks[p] else (self.stacks[p], self.stacks[p])
        return self.min_to, self.stacks[p]

    def act(self, p: int, action: Action) -> None:
        if action.kind == "f":
            self.folded[p] = True
        elif action.kind == "c":
            self.spent[p] = min(self.max_spent, self.stacks[p])
        else:
            assert action.size is not None
            self.min_to = max(self.min_to, 2 * action.size - self.max_spent)
            self.max_spent = self.spent[p] = action.size

    def new_round(self) -> None:
        self.min_to = self.max_spent + self.big


# The ACPC server lets an earlier raiser raise again after a short all-in, where
# RULES 5.6 does not: an ACPC game is played, and its logs replayed, by its rule.
def test_an_acpc_game_reopens_the_betting_after_a_short_all_in() -> None:
    hand = AcpcHand.deal(SHORT3, Deck.shuffled(seed=8))
    for action in (Action("c"), Action("r", 400), Action("c"), Action("r", 500)):
        hand.apply(action)  # position 2 calls, 0 raises, 1 calls, 2 all-in short
    assert hand.actor == 0
    # The minimum stays the last one, 700: the short raise doubled is only 600.
    assert hand.fix(Action("r", 600)) == (Action("r", 700), "raise to 600 increased to 700")
    hand.apply(Action("r", 700))
    assert format_betting(hand.betting) == "cr400cr500r700"
    strict = replace(SHORT3.rules, acpc_raises=False)
    assert strict.acpc_raises is False and SHORT3.rules.acpc_raises is True


@settings(max_examples=60, deadline=None)
@given(st.integers(100, 20000), st.integers(100, 20000), st.integers(0, 2**32), st.data())
def test_acpc_games_raise_as_the_acpc_server_does(
    short: int, other: int, seed: int, data: st.DataObject
) -> None:
    text = NL3.dumps().replace("stack = 20000 20000 20000", f"stack = 20000 {other} {short}")
    game = parse_gamedef(text)
    model = _AcpcRaises(game)
    hand = AcpcHand.deal(game, Deck.shuffled(seed=seed))
    rounds = 1
    while not hand.finished:
        if len(hand.betting) > rounds:
            rounds = len(hand.betting)
            model.new_round()
        legal = hand.hand.legal
        assert legal is not None
        p = legal.seat
        earlier = hand.hand.contributions[p] - hand.hand.bets[p]
        expected = model.raise_range(p)
        if expected is None:
            assert not legal.can_raise
        else:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            assert (legal.min_raise_to + earlier, legal.max_raise_to + earlier) == expected
        options = ["c"] + (["f"] if legal.fold else []) + (["r"] if expected else [])
        kind = data.draw(st.sampled_from(options))
        if kind == "r":
            assert expected is not None
            action = Action("r", data.draw(st.integers(*expected)))
        else:
            action = Action(kind)  # type: ignore[arg-type]
        hand.apply(action)
        model.act(p, action)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([15, 30, 45, 60, 100, 400]), min_size=3, max_size=3),
       st.integers(0, 2**32), st.data())  # fmt: skip
def test_acpc_limit_games_with_stacks_raise_as_the_acpc_server_does(
    stacks: list[int], seed: int, data: st.DataObject
) -> None:
    # The ACPC server's limit betting (game.c): a raise is allowed below the round's
    # maxRaises while two players can act, each raise (a short all-in too) counts and
    # reopens the betting, and a raise short of the stack goes all-in.
    text = FL3.dumps().replace(
        "numRounds = 4\n", f"numRounds = 4\nstack = {' '.join(map(str, stacks))}\n"
    )
    game = parse_gamedef(text)
    spent, folded = list(game.blinds), [False] * 3
    top, raises, round_number = max(game.blinds), 0, 0
    hand = AcpcHand.deal(game, Deck.shuffled(seed=seed))
    while not hand.finished:
        if len(hand.betting) - 1 > round_number:
            round_number, raises = len(hand.betting) - 1, 0
        legal = hand.hand.legal
        assert legal is not None
        p = legal.seat
        acting = sum(1 for q in range(3) if not folded[q] and spent[q] < stacks[q])
        expected = raises < game.max_raises[round_number] and acting > 1 and stacks[p] > top
        assert legal.can_raise is expected
        kind = data.draw(st.sampled_from(["c"] + ["f"] * legal.fold + ["r"] * expected))
        if kind == "r":
            raises += 1
            top = spent[p] = min(top + game.raise_sizes[round_number], stacks[p])
        elif kind == "c":
            spent[p] = min(top, stacks[p])
        else:
            folded[p] = True
        hand.apply(Action(kind))  # type: ignore[arg-type]
    assert sum(hand.values()) == 0
