"""The ACPC dealer's cards from a seed, and its log's other lines."""

from __future__ import annotations

import io

import numpy as np
import pytest

from bigblind.cards import format_cards
from bigblind.formats.acpc import Action, load_gamedef, parse_state_line
from bigblind.formats.acpc.deal import MAX_SEED, AcpcCards, AcpcSeedError
from bigblind.formats.acpc.dealer import Dealer, DealerError, MatchResult
from bigblind.formats.acpc.hands import AcpcHand

# The cards of hands 990 to 999 of the ACPC dealer's 1000-hand matches of seed 0, as
# its logs give them (positions' hole cards, then the board), published among the
# test data of the acpc_poker_types library (dmorrill10/acpc_poker_types on GitHub).
SEED_0_LAST_HANDS = {
    2: [
        "3s5d|Td2s 4d5c4sKd2c",
        "7d5s|Kh9c As3hTsJhJs",
        "Kh6h|As2h Qd2c2d7d3d",
        "8c7d|QcKc Ac6hTd9h3d",
        "6s9d|4dQd",  # folded before the flop: the log shows no board
        "6c2d|9cKs 4dKc7dTdAh",
        "9h7h|3d8s JcAc5cAhKs",
        "5s9c|8dJh TdQc9dJd",
        "Kc6h|Qc3s QhAh8dTh9d",
        "Jc8d|TdQd As6d6h7h4s",
    ],
    3: [
        "Kd2d|6c2s|8hTh 2c4h9sAdAs",
        "Td7s|4c5s|Qc4s 5dAd7c6c2c",
        "Jh9d|8hAh|As6c 3dKc3c2dKh",
        "Qd2h|5c4d|6s2d As8s6d7d2c",
        "8d4c|6sQd|Ts2s 2d9hTh8c5h",
        "7cKh|3s2h|Js4h KcQc2s5h4s",
        "QhQd|3cQc|2cTh Jc8hTs9c3s",
        "Qd2s|KdTs|6dQh 6h6sTc3hJd",
        "6hKc|6cAd|6d2c QdTd9h7hJc",
        "QsAs|3s8h|Qd3c 4d6d2d5d2c",
    ],
}


@pytest.mark.parametrize("seed", [0, 1, 7, 123456789, MAX_SEED])
def test_the_generator_is_mt19937_seeded_as_init_genrand(seed: int) -> None:
    # numpy's legacy generator seeds an integer with init_genrand too; a full 32-bit
    # range draws each number unchanged.
    numbers = AcpcCards(seed)
    ours = [numbers.next32() for _ in range(1500)]
    expected = np.random.RandomState(seed).randint(0, 2**32, size=1500, dtype=np.uint32)
    assert ours == expected.tolist()


@pytest.mark.parametrize("players", [2, 3])
def test_seed_0_deals_the_acpc_dealers_cards(players: int) -> None:
    cards = AcpcCards(0)
    hands = [cards.hand(players=players) for _ in range(1000)]
    for (hole, board), logged in zip(hands[990:], SEED_0_LAST_HANDS[players], strict=True):
        logged_hole, _, logged_board = logged.partition(" ")
        assert "|".join(format_cards(h) for h in hole) == logged_hole
        assert format_cards(board).startswith(logged_board)


def test_the_first_cards_follow_from_the_first_numbers() -> None:
    # The deck runs 2c..Ac, 2d..Ad, 2h..Ah, 2s..As; a drawn card's place takes the last.
    deck = [r + s for s in "cdhs" for r in "23456789TJQKA"]
    numbers = np.random.RandomState(42).randint(0, 2**32, size=2, dtype=np.uint32).tolist()
    first = numbers[0] % 52
    second = numbers[1] % 51
    expected = [deck[first], deck[51] if second == first else deck[second]]
    hole, _ = AcpcCards(42).hand(players=2)
    assert format_cards(hole[0], " ").split() == expected


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 1.5, True, "7"])
def test_seeds_the_acpc_dealer_cannot_take_are_refused(seed: object) -> None:
    with pytest.raises(AcpcSeedError, match="whole number from 0 to 4294967295"):
        AcpcCards(seed)  # type: ignore[arg-type]
    game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
    with pytest.raises(ValueError, match="seed"):
        Dealer(game, hands=1, seed=seed)  # type: ignore[arg-type]


def test_a_hand_of_given_cards_deals_its_board_as_the_betting_reaches_it() -> None:
    game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
    hole, board = AcpcCards(0).hand(players=2)
    hand = AcpcHand.deal_cards(game, hole, board)
    assert hand.board() == ((),)
    hand.apply(Action("r", 20000))
    hand.apply(Action("c"))
    # All-in before the flop: the whole board, as the ACPC dealer logs it.
    assert hand.finished
    assert hand.board() == ((), board[:3], board[3:4], board[4:])
    assert sum(hand.values()) == 0


def test_the_header_gives_the_match_and_its_time_limits_in_milliseconds() -> None:
    game = load_gamedef("holdem.limit.2p.reverse_blinds.game")
    with Dealer(game, hands=1000, seed=0) as dealer:
        # The ACPC dealer's defaults: 600000 ms an answer and a hand, 7000 ms a hand.
        assert dealer.header("matchName", "holdem.limit.2p.reverse_blinds.game") == (
            "# name/game/hands/seed matchName holdem.limit.2p.reverse_blinds.game 1000 0\n"
            "#--t_response 600000\n#--t_hand 600000\n#--t_per_hand 7000\n"
        )
    with Dealer(game, hands=10, seed=3, timeout=10, hand_timeout=60, per_hand_timeout=6) as dealer:
        lines = dealer.header("m", "g").splitlines()
        assert lines[1:] == ["#--t_response 10000", "#--t_hand 60000", "#--t_per_hand 6000"]


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"hand_timeout": 0}, "hand timeout 0"),
        ({"per_hand_timeout": -1}, "per-hand timeout -1"),
        ({"start_timeout": 0}, "start timeout 0"),
        ({"deal": "numpy"}, "deal 'numpy'"),
    ],
)
def test_bad_limits_are_refused(options: dict[str, object], named: str) -> None:
    game = load_gamedef("holdem.limit.2p.reverse_blinds.game")
    with pytest.raises(DealerError, match=named):
        Dealer(game, hands=1, seed=0, **options)  # type: ignore[arg-type]


def test_totals_are_printed_in_full_as_the_acpc_dealer_prints_them() -> None:
    names = ("a", "b")
    assert MatchResult(names, doubles=[14673800.0, -14673800.0]).score_line() == (
        "SCORE:14673800|-14673800:a|b"
    )
    assert MatchResult(names, doubles=[0.1 + 0.2, -(0.1 + 0.2)]).score_line() == (
        "SCORE:0.3|-0.3:a|b"
    )
    log = io.StringIO()
    log.write(MatchResult(names, doubles=[1 / 3, -1 / 3]).score_line())
    assert log.getvalue() == "SCORE:0.333333|-0.333333:a|b"


# The ACPC dealer's own log lines of the same matches (seed 0, hands 990 to 999, which
# that test data numbers 0 to 9), from the same source as above.
SEED_0_LOGS = {
    "holdem.nolimit.2p.reverse_blinds.game": [
        "STATE:0:r5924c/r17356c/cc/r19718c:3s5d|Td2s/4d5c4s/Kd/2c:19718|-19718:p1|p2",
        "STATE:1:cc/r7485r16652c/r17998r19429r20000c/:7d5s|Kh9c/As3hTs/Jh/Js:-20000|20000:p2|p1",
        "STATE:2:r18810c/r19264r19774c/cr19995r20000c/:Kh6h|As2h/Qd2c2d/7d/3d:-20000|20000:p1|p2",
        "STATE:3:cr281c/r18446r20000c//:8c7d|QcKc/Ac6hTd/9h/3d:20000|-20000:p2|p1",
        "STATE:4:r13583r20000f:6s9d|4dQd:13583|-13583:p1|p2",
        "STATE:5:cc/r15416f:6c2d|9cKs/4dKc7d:100|-100:p2|p1",
        "STATE:6:r15542r20000c///:9h7h|3d8s/JcAc5c/Ah/Ks:20000|-20000:p1|p2",
        "STATE:7:r1147c/cc/cr5404f:5s9c|8dJh/TdQc9d/Jd:-1147|1147:p2|p1",
        "STATE:8:cc/r5841r19996r20000c//:Kc6h|Qc3s/QhAh8d/Th/9d:-20000|20000:p1|p2",
        "STATE:9:f:Jc8d|TdQd:50|-50:p2|p1",
    ],
    "holdem.limit.3p.game": [
        "STATE:0:ccc/rrcrcrcc/rcrrcc/crcrcrcrfc:Kd2d|6c2s|8hTh/2c4h9s/Ad/As:360|-190|-170:p1|p2|p3",
        "STATE:1:rrcrcc/rrrcf/rrrrc/cc:Td7s|4c5s|Qc4s/5dAd7c/6c/2c:210|-60|-150:p2|p3|p1",
        "STATE:2:fcc/crc/crrc/rrc:Jh9d|8hAh|As6c/3dKc3c/2d/Kh:-100|100|0:p3|p1|p2",
        "STATE:6:rrcrcc/rrrcc/ccrrcrcrcc/crrrrfc:QhQd|3cQc|2cTh/Jc8hTs/9c/3s:95|95|-190:p1|p2|p3",
    ],
    "holdem.nolimit.3p.game": [
        "STATE:0:ccc/ccc/r4881cr14955cr20000cc/:Kd2d|6c2s|8hTh/2c4h9s/Ad/As:40000|-20000|-20000:p1|p2|p3",
        "STATE:2:r7187r19832cc/cr19953fc/cr20000c/:Jh9d|8hAh|As6c/3dKc3c/2d/Kh:-20000|39832|-19832:p3|p1|p2",
        "STATE:5:r15492cc/ccr17275cc/r19597cc/r19947cf:7cKh|3s2h|Js4h/KcQc2s/5h/4s:39544|-19947|-19597:p3|p1|p2",
        "STATE:6:r10322fc/r10577r18645r20000c//:QhQd|3cQc|2cTh/Jc8hTs/9c/3s:-50|20050|-20000:p1|p2|p3",
    ],
}  # fmt: skip
SEED_0_SCORES = {"holdem.nolimit.2p.reverse_blinds.game": "SCORE:14298|-14298:p1|p2"}


@pytest.mark.parametrize("name", sorted(SEED_0_LOGS))
def test_the_acpc_dealers_hands_dealt_and_played_again_give_its_log_lines(name: str) -> None:
    game = load_gamedef(name)
    n = game.num_players
    cards = AcpcCards(0)
    hands = [cards.hand(players=n) for _ in range(1000)]
    names_by_seat = tuple(f"p{s + 1}" for s in range(n))
    result = MatchResult(names_by_seat, doubles=[0.0] * n)
    assert result.doubles is not None
    for logged in SEED_0_LOGS[name]:
        state = parse_state_line(logged, no_limit=game.no_limit)
        # As the dealer plays it: the seed's cards for that hand, then each answer.
        hole, board = hands[990 + state.hand_number]
        hand = AcpcHand.deal_cards(game, hole, board)
        for action in (a for actions in state.betting for a in actions):
            assert hand.fix(action) == (action, None)
            hand.apply(action)
        assert hand.finished
        shift = (990 + state.hand_number) % n
        names = [f"p{(p + shift) % n + 1}" for p in range(n)]
        assert str(hand.state_line(state.hand_number, names)) == logged
        for position, value in enumerate(hand.doubles()):
            result.doubles[(position + shift) % n] += value
    if name in SEED_0_SCORES:  # every hand of the excerpt is here
        assert result.score_line() == SEED_0_SCORES[name]
