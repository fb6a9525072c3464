"""The bots: the protocol, the registry, reproducibility, legal actions, hidden cards."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable

import pytest

from bigblind import Deck, Hand, HandView, Legal, Phase, Rules
from bigblind.bots import BOTS, Bot, UnknownBotError, make_bot
from bigblind.engine.events import HoleDealt, Mucked
from bigblind.engine.rules import AnteType
from tests.support import stacked_deck

NAMES = sorted(BOTS)


def allowed(action: str, legal: Legal, view: HandView) -> bool:
    """Whether ``Hand.act`` accepts ``action`` for ``legal``: the bots' contract."""
    words = action.split()
    if words == ["fold"]:
        return legal.fold
    if words == ["check"]:
        return legal.check
    if words == ["call"]:
        return legal.call is not None
    everything = view.bets[legal.seat] + view.stacks[legal.seat]
    if words == ["all-in"]:
        return legal.call == view.stacks[legal.seat] or legal.max_raise_to == everything
    if len(words) == 2 and words[0] in ("bet", "raise") and words[1].isdigit():
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None or not lo <= int(words[1]) <= hi:
            return False
        return legal.bet if words[0] == "bet" else True
    return False


def random_rules(rng: random.Random, structure: str) -> Rules:
    ante = rng.choice([0, 0, 1])
    straddle = rng.choice([0, 0, 0, 4])
    if structure == "fixed-limit":
        return Rules.fixed_limit(blinds=(1, 2), ante=ante)
    maker = Rules.no_limit if structure == "no-limit" else Rules.pot_limit
    kind = AnteType.BIG_BLIND if ante and rng.random() < 0.3 else None
    return maker(blinds=(1, 2), ante=ante * (3 if kind else 1), ante_type=kind, straddle=straddle)


# ------------------------------------------------------------------ registry


def test_every_bot_follows_the_protocol() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200, 200], deck=Deck.shuffled(seed=3))
    assert hand.actor is not None
    for name in NAMES:
        bot = make_bot(name, 1)
        assert isinstance(bot, Bot)
        assert bot.name == name
        action = bot.act(hand.view(hand.actor))
        assert isinstance(action, str) and action


def test_an_unknown_bot_names_itself_and_the_known_ones() -> None:
    with pytest.raises(UnknownBotError) as info:
        make_bot("shark", 1)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert "'shark'" in message
    assert all(name in message for name in NAMES)


def test_importing_the_bots_stays_light() -> None:
    code = "import sys, bigblind.bots, bigblind.bots.matches; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_names_are_read_loosely() -> None:
    assert make_bot(" TAG ", 1).name == "tag"


def test_a_bot_not_to_act_says_so() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200, 200], deck=Deck.shuffled(seed=3))
    for name in NAMES:
        with pytest.raises(ValueError, match="seat 1"):
            make_bot(name, 1).act(hand.view(1))


# ------------------------------------------------------------ reproducibility


def play_hands(bots: list[Bot], hands: int, seed: int, rules: Rules) -> list[str]:
    """Every action taken in ``hands`` hands, with fresh stacks each hand."""
    n = len(bots)
    actions: list[str] = []
    for k in range(hands):
        hand = Hand(rules, [200] * n, button=k % n, deck=Deck.shuffled(seed=seed + k))
        while hand.phase is Phase.BETTING:
            assert hand.actor is not None
            action = bots[hand.actor].act(hand.view(hand.actor))
            hand.act(action)
            actions.append(action)
    return actions


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_gives_the_same_decisions(name: str) -> None:
    rules = Rules.no_limit(blinds=(1, 2))
    opponents: list[Callable[[int], Bot]] = [BOTS["random"], BOTS["tag"]]

    def table(seed: int) -> list[Bot]:
        return [make_bot(name, seed), opponents[0](seed + 1), opponents[1](seed + 2)]

    first = play_hands(table(11), 25, 100, rules)
    assert first == play_hands(table(11), 25, 100, rules)
    if name == "random":
        assert first != play_hands(table(12), 25, 100, rules)


# ------------------------------------------------------------------ legality


@pytest.mark.parametrize("structure", ["no-limit", "pot-limit", "fixed-limit"])
def test_every_decision_is_legal(structure: str) -> None:
    """Random tables, stacks and bots; at each spot every bot is asked, a random one acts."""
    rng = random.Random(structure)
    bots = {name: make_bot(name, i) for i, name in enumerate(NAMES)}
    asked = dict.fromkeys(NAMES, 0)
    for k in range(120):
        n = rng.randint(2, 9)
        stacks = [rng.choice([3, 8, 25, 60, 200, 400]) for _ in range(n)]
        hand = Hand(
            random_rules(rng, structure),
            stacks,
            button=rng.randrange(n),
            deck=Deck.shuffled(seed=k),
        )
        while hand.phase is Phase.BETTING:
            seat = hand.actor
            assert seat is not None
            view = hand.view(seat)
            assert view.legal is not None
            answers = {}
            for name, bot in bots.items():
                answer = bot.act(view)
                assert allowed(answer, view.legal, view), (name, answer, view.legal)
                answers[name] = answer
                asked[name] += 1
            hand.act(answers[rng.choice(NAMES)])
    assert min(asked.values()) > 200


def test_short_and_all_in_spots() -> None:
    """Facing an all-in for more than the stack: only fold or call are legal."""
    rules = Rules.no_limit(blinds=(1, 2))
    for seed in range(20):
        hand = Hand(rules, [400, 30], button=0, deck=Deck.shuffled(seed=seed))
        hand.act("all-in")
        assert hand.actor == 1
        view = hand.view(1)
        assert view.legal is not None and not view.legal.can_raise
        for name in NAMES:
            assert make_bot(name, seed).act(view) in ("fold", "call")


# -------------------------------------------------------------- hidden cards


class Watcher:
    """Checks that every view a bot gets hides the other players' cards, then asks it."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.views = 0

    def act(self, view: HandView) -> str:
        for event in view.events:
            if isinstance(event, HoleDealt) and event.seat != view.seat:
                assert event.card is None
            if isinstance(event, Mucked) and event.seat != view.seat:
                assert set(event.cards) == {None}
        assert all(card is not None for card in view.hole)
        self.views += 1
        return self.bot.act(view)


@pytest.mark.parametrize("name", NAMES)
def test_bots_see_only_their_own_cards(name: str) -> None:
    watchers = [Watcher(make_bot(name, seat)) for seat in range(4)]
    play_hands(list(watchers), 12, 7, Rules.no_limit(blinds=(1, 2)))
    assert all(w.views for w in watchers)


@pytest.mark.parametrize("name", NAMES)
def test_decisions_do_not_depend_on_hidden_cards(name: str) -> None:
    """The same public deal with different cards for the opponent: the same decisions."""
    rules = Rules.no_limit(blinds=(1, 2))
    decisions = []
    for other in ("Kc Kd", "7h 2c", "Qs Js"):
        deck = stacked_deck(["Ah Td", other], "9s 8c 2d 5h Kh")
        hand = Hand(rules, [200, 200], button=0, deck=deck)
        bot = make_bot(name, 5)
        mine = []
        while hand.phase is Phase.BETTING:
            assert hand.actor is not None
            view = hand.view(hand.actor)
            if hand.actor == 0:
                action = bot.act(view)
                mine.append(action)
            else:
                assert view.legal is not None
                action = "check" if view.legal.check else "call"
            hand.act(action)
        decisions.append(mine)
    assert decisions[0] == decisions[1] == decisions[2]
    assert decisions[0]


# ----------------------------------------------------------------- behaviour


def test_the_station_never_folds_or_raises() -> None:
    bot = make_bot("station", 0)
    for seed in range(30):
        hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200], deck=Deck.shuffled(seed=seed))
        hand.act("raise 50")
        assert bot.act(hand.view(1)) == "call"


def test_tag_folds_trash_and_raises_aces_before_the_flop() -> None:
    rules = Rules.no_limit(blinds=(1, 2))
    tag = make_bot("tag", 0)
    for hole, wanted in (("As Ad", "raise"), ("7c 2d", "fold")):
        deck = stacked_deck(["Kh Qh", "Js Ts", "9c 9d", hole], "")
        hand = Hand(rules, [200] * 4, button=0, deck=deck)
        assert hand.actor == 3
        assert tag.act(hand.view(3)).split()[0] == wanted


def test_strong_folds_trash_to_a_big_raise_and_plays_the_nuts() -> None:
    rules = Rules.no_limit(blinds=(1, 2))
    strong = make_bot("strong", 0)
    hand = Hand(rules, [200, 200], button=0, deck=stacked_deck(["Ks Kd", "7c 2d"]))
    hand.act("raise 60")
    assert strong.act(hand.view(1)) == "fold"
    deck = stacked_deck(["Qc Jc", "Ah Kh"], "Qh Jh Th 2c 3d")
    hand = Hand(rules, [200, 200], button=0, deck=deck)
    hand.act("call")
    hand.act("check")
    hand.act("check")  # the flop: seat 1 has a royal flush
    assert hand.actor == 0
    hand.act("bet 4")
    assert strong.act(hand.view(1)).split()[0] == "raise"
