"""What each player did in a hand, as the statistics count it: one pass over its actions.

:func:`hand_facts` reads a :class:`~bigblind.formats.phh.history.HandHistory`
(what every reader of bigblind gives) and says, for each player, which
statistic's opportunity the hand gave them and whether they took it: VPIP,
PFR, 3-bet, fold to 3-bet, 4-bet, steal, fold to steal, c-bets, fold to
c-bets, post-flop aggression, showdowns and the chips won. The definitions
are those of ``docs/tracker.md``; the statistics are then sums of these
flags (:mod:`bigblind.tracker.stats`), never a re-read of the hand.

It works on the action texts alone, without replaying the hand on the
engine, so that a tracker imports thousands of hands a second; the chips won
come from the history's final stacks.

>>> from bigblind.formats.phh import loads
>>> text = '''variant = "NT"
... starting_stacks = [200, 200, 200]
... finishing_stacks = [199, 198, 203]
... blinds_or_straddles = [1, 2, 0]
... antes = [0, 0, 0]
... min_bet = 2
... actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"]
... players = ["sb", "bb", "btn"]'''
>>> facts = hand_facts(loads(text)[0])
>>> [(p.player, p.position, p.vpip, p.pfr, p.steal, p.fold_to_steal, p.net) for p in facts.players]
[('sb', 'SB', 0, 0, 0, 1, -1), ('bb', 'BB', 0, 0, 0, 1, -2), ('btn', 'BTN', 1, 1, 1, 0, 3)]
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.phh.history import HandHistory

__all__ = ["FLAGS", "HandFacts", "PlayerFacts", "hand_facts", "hand_key", "positions"]

STEAL_POSITIONS: Final = frozenset({"CO", "BTN", "SB"})
BLIND_POSITIONS: Final = frozenset({"SB", "BB"})


@dataclass(slots=True, kw_only=True)
class PlayerFacts:
    """One player's hand, as flags (0 or 1) and counts that the statistics sum.

    Each ``*_opp`` flag says the hand offered the spot; the flag beside it
    says the player took it. ``bets``, ``calls`` and ``folds`` count the
    player's post-flop actions (aggression); chip amounts are the hand's chips.
    """

    player: str
    seat: int
    position: str
    net: int = 0
    won: int = 0
    cards: str = ""
    vpip: int = 0
    pfr: int = 0
    three_bet_opp: int = 0
    three_bet: int = 0
    fold_to_three_bet_opp: int = 0
    fold_to_three_bet: int = 0
    four_bet_opp: int = 0
    four_bet: int = 0
    steal_opp: int = 0
    steal: int = 0
    fold_to_steal_opp: int = 0
    fold_to_steal: int = 0
    cbet_flop_opp: int = 0
    cbet_flop: int = 0
    cbet_turn_opp: int = 0
    cbet_turn: int = 0
    fold_to_cbet_flop_opp: int = 0
    fold_to_cbet_flop: int = 0
    fold_to_cbet_turn_opp: int = 0
    fold_to_cbet_turn: int = 0
    bets: int = 0
    calls: int = 0
    folds: int = 0
    saw_flop: int = 0
    showdown: int = 0
    won_showdown: int = 0


FLAGS: Final = tuple(
    f.name
    for f in fields(PlayerFacts)
    if f.name not in ("player", "seat", "position", "net", "cards")
)
"""The counts of :class:`PlayerFacts` that the statistics sum, in the order stored."""


@dataclass(slots=True, kw_only=True)
class HandFacts:
    """A hand's own facts and each player's (in seat order, ``p1`` first)."""

    key: str
    site: str
    number: str
    game: str
    stakes: str
    big_blind: int
    played_at: datetime | None
    players: list[PlayerFacts]
    board: str = ""
    showdown: bool = False
    all_in_candidate: bool = False
    """The betting ended before the river and players still met at showdown: an all-in."""
    all_in_board: str = ""
    """The board when the last bet was called: the all-in's moment."""
    extra: dict[str, object] = field(default_factory=dict)


def positions(
    n: int, *, dead_small_blind: bool = False, small_blind_on_button: bool = False
) -> list[str]:
    """The position of each of ``n`` players in PHH order (``p1`` first; ``pn`` the button).

    >>> positions(6)
    ['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN']
    >>> positions(2), positions(9)[2:5]
    (['BB', 'SB'], ['UTG', 'UTG+1', 'UTG+2'])
    """
    if n == 2:
        return ["BB", "SB"]  # heads-up the button posts the small blind (RULES 2.3)
    if dead_small_blind:
        return ["BB", *_middle(n - 2), "BTN"]
    if small_blind_on_button:
        return ["BB", *_middle(n - 2), "SB"]
    return ["SB", "BB", *_middle(n - 3), "BTN"]


def _middle(m: int) -> list[str]:
    """The seats between the big blind and the button, first to act first."""
    if m <= 0:
        return []
    named = ["UTG", *(f"UTG+{k}" for k in range(1, m - 2)), "HJ", "CO"] if m >= 3 else []
    return named if m >= 3 else ["CO"] if m == 1 else ["UTG", "CO"]


def hand_key(history: HandHistory) -> str:
    """The key a hand is stored under: its site and number, or a hash of its content."""
    site = str(history.metadata.get("site") or "")
    if site and history.number is not None:
        return f"{site}:{history.number}"[:200]
    content = repr((history.variant, history.starting_stacks, history.actions, history.players))
    return "sha1:" + hashlib.sha1(content.encode(), usedforsecurity=False).hexdigest()


def _stakes(history: HandHistory) -> str:
    rules = history.rules
    assert rules is not None
    meta = history.metadata
    if meta.get("cents"):
        label = f"{rules.small_blind / 100:.2f}/{rules.big_blind / 100:.2f}"
    else:
        label = f"{rules.small_blind}/{rules.big_blind}"
    if rules.ante:
        label += f" ante {rules.ante / 100:.2f}" if meta.get("cents") else f" ante {rules.ante}"
    currency = meta.get("currency")
    if currency:
        label += f" {currency}"
    elif meta.get("kind") == "tournament" or meta.get("tournament"):
        label += " tournament"
    return label


def hand_facts(history: HandHistory, net: tuple[int, ...] | None = None) -> HandFacts:
    """Each player's facts for a hand of a game bigblind plays.

    ``net`` is what each player won or lost, when the history has no final
    stacks (from a replay); otherwise it is read from them. Raises
    :class:`~bigblind.errors.HistoryError` for a hand whose actions do not
    read as a hand's.
    """
    rules = history.rules
    if rules is None:
        raise HistoryError(f"the variant {history.variant!r} is not one bigblind plays")
    n = len(history.starting_stacks)
    names = list(history.players or ())
    names += [f"p{i + 1}" for i in range(len(names), n)]
    where = positions(
        n,
        dead_small_blind=history.dead_small_blind,
        small_blind_on_button=history.small_blind_on_button,
    )
    players = [PlayerFacts(player=names[i][:100], seat=i, position=where[i]) for i in range(n)]
    board = _Walk(history, players).run()
    if net is None:
        if history.finishing_stacks is None:
            raise HistoryError("the hand gives no final stacks")
        net = tuple(
            round(end - start)
            for end, start in zip(history.finishing_stacks, history.starting_stacks, strict=True)
        )
    winnings = history.metadata.get("winnings")
    for i, p in enumerate(players):
        p.net = net[i]
        got = winnings[i] if isinstance(winnings, list) and i < len(winnings) else None
        p.won = int((got if isinstance(got, int | float) else p.net) > 0)
        p.won_showdown = p.won if p.showdown else 0
    when = history.metadata.get("time")
    return HandFacts(
        key=hand_key(history),
        site=str(history.metadata.get("site") or "")[:40],
        number=str(history.number if history.number is not None else "")[:40],
        game=f"{rules.game.name}, {rules.structure.value}",
        stakes=_stakes(history),
        big_blind=rules.big_blind,
        played_at=when if isinstance(when, datetime) else None,
        players=players,
        board=board.text,
        showdown=board.showdown,
        all_in_candidate=board.all_in,
        all_in_board=board.all_in_board,
    )


@dataclass(slots=True)
class _Board:
    text: str
    showdown: bool
    all_in: bool
    all_in_board: str


class _Walk:
    """One pass over the actions, keeping what the statistics need to know."""

    def __init__(self, history: HandHistory, players: list[PlayerFacts]) -> None:
        self.history = history
        self.p = players
        n = len(players)
        self.n = n
        self.folded = [False] * n
        self.street = 0
        self.level = 0
        self.committed = [0] * n
        self.raises = 0  # raises this street, blinds not counted
        self.callers = 0  # calls since the last raise
        self.first_raiser = -1
        self.last_raiser = -1
        self.stealing = False  # the open raise was a steal
        self.acted = [False] * n
        self.aggressor = -1  # the pre-flop raiser, then the flop's c-bettor
        self.cbet = False  # this street's first bet was a c-bet
        self.board: list[str] = []
        self.last_action_street = 0
        self.flop_cbet_made = False
        self.board_at_last_action = 0
        self._post_blinds()

    def _post_blinds(self) -> None:
        h, rules, n = self.history, self.history.rules, self.n
        assert rules is not None
        if h.bomb_pot:
            return
        if n == 2:
            sb, bb = n - 1, 0
        elif h.dead_small_blind:
            sb, bb = None, 0
        elif h.small_blind_on_button:
            sb, bb = n - 1, 0
        else:
            sb, bb = 0, 1
        stacks = h.starting_stacks
        if sb is not None:
            self.committed[sb] = min(rules.small_blind, stacks[sb])
        self.committed[bb] = min(rules.big_blind, stacks[bb])
        if rules.straddle and n >= 3:
            s = (bb + 1) % n
            self.committed[s] = min(rules.straddle, stacks[s])
        for i, amount in enumerate(h.live_blinds):
            self.committed[i] = max(self.committed[i], amount)
        self.level = max(self.committed)

    def run(self) -> _Board:
        for text in self.history.actions:
            words = text.split("#", 1)[0].split()
            if len(words) < 2:
                continue
            actor, verb = words[0], words[1]
            if actor == "d":
                if verb == "db" and len(words) == 3:
                    self._deal(words[2])
                continue
            if verb not in ("f", "cc", "cbr"):
                if verb == "sm" and len(words) == 3 and "?" not in words[2]:
                    self._shown(actor, words[2])
                continue
            seat = self._seat(actor)
            amount = _amount(words[2]) if verb == "cbr" and len(words) == 3 else 0
            if self.street == 0:
                self._preflop(seat, verb, amount)
            else:
                self._postflop(seat, verb, amount)
            self.acted[seat] = True
            self.last_action_street = self.street
            self.board_at_last_action = len(self.board)
        for text in self.history.actions:
            words = text.split("#", 1)[0].split()
            if len(words) == 4 and words[:2] == ["d", "dh"] and "?" not in words[3]:
                seat = self._seat(words[2])
                if not self.p[seat].cards:
                    self.p[seat].cards = words[3]
        left = [i for i in range(self.n) if not self.folded[i]]
        showdown = len(left) >= 2
        for i in left:
            self.p[i].showdown = int(showdown)
        # Betting over before the river and still a showdown: someone was all in.
        all_in = showdown and self.last_action_street < 3 and self.history.runs == 1
        return _Board(
            text="".join(self.board),
            showdown=showdown,
            all_in=all_in,
            all_in_board="".join(self.board[: self.board_at_last_action]) if all_in else "",
        )

    def _seat(self, actor: str) -> int:
        if actor[:1] != "p" or not actor[1:].isdigit() or not 1 <= int(actor[1:]) <= self.n:
            raise HistoryError(f"no player {actor!r} in a hand of {self.n}")
        return int(actor[1:]) - 1

    def _shown(self, actor: str, cards: str) -> None:
        self.p[self._seat(actor)].cards = cards

    def _deal(self, cards: str) -> None:
        if self.street >= 3:
            return  # a second run's cards: the betting was over
        self.board.append(cards)
        self.street += 1
        self.level = 0
        self.committed = [0] * self.n
        self.raises = self.callers = 0
        self.acted = [False] * self.n
        self.cbet = False
        if self.street == 2 and not self.flop_cbet_made:
            self.aggressor = -1  # only a flop c-bettor can c-bet the turn
        for i in range(self.n):
            if self.street == 1 and not self.folded[i]:
                self.p[i].saw_flop = 1

    def _preflop(self, seat: int, verb: str, amount: int) -> None:
        p = self.p[seat]
        first = not self.acted[seat]
        if self.raises == 0 and self.callers == 0 and first and p.position in STEAL_POSITIONS:
            p.steal_opp = 1
            p.steal = int(verb == "cbr")
        if self.raises == 1 and seat != self.last_raiser:
            p.three_bet_opp = 1
            p.three_bet = int(verb == "cbr")
            if self.stealing and self.callers == 0 and first and p.position in BLIND_POSITIONS:
                p.fold_to_steal_opp = 1
                p.fold_to_steal = int(verb == "f")
        if self.raises == 2 and seat != self.last_raiser:
            p.four_bet_opp = 1
            p.four_bet = int(verb == "cbr")
            if seat == self.first_raiser:
                p.fold_to_three_bet_opp = 1
                p.fold_to_three_bet = int(verb == "f")
        if verb == "f":
            self.folded[seat] = True
        elif verb == "cc":
            if self.committed[seat] < self.level:
                p.vpip = 1
                self.callers += 1
                self.committed[seat] = self.level
        else:
            p.vpip = p.pfr = 1
            self.raises += 1
            if self.raises == 1:
                self.first_raiser = seat
                self.stealing = bool(p.steal)
            self.last_raiser = self.aggressor = seat
            self.callers = 0
            self.level = max(self.level, amount)
            self.committed[seat] = self.level

    def _postflop(self, seat: int, verb: str, amount: int) -> None:
        p = self.p[seat]
        if self.street in (1, 2) and seat == self.aggressor and self.raises == 0:
            if self.street == 1:
                p.cbet_flop_opp, p.cbet_flop = 1, int(verb == "cbr")
            else:
                p.cbet_turn_opp, p.cbet_turn = 1, int(verb == "cbr")
        if self.cbet and self.raises == 1 and seat != self.aggressor:
            if self.street == 1:
                p.fold_to_cbet_flop_opp, p.fold_to_cbet_flop = 1, int(verb == "f")
            else:
                p.fold_to_cbet_turn_opp, p.fold_to_cbet_turn = 1, int(verb == "f")
        if verb == "f":
            self.folded[seat] = True
            p.folds += 1
        elif verb == "cc":
            if self.committed[seat] < self.level:
                p.calls += 1
                self.committed[seat] = self.level
        else:
            p.bets += 1
            if self.raises == 0 and seat == self.aggressor and self.street in (1, 2):
                self.cbet = True
                self.flop_cbet_made = self.flop_cbet_made or self.street == 1
            self.raises += 1
            self.level = max(self.level, amount)
            self.committed[seat] = self.level


def _amount(text: str) -> int:
    try:
        return int(float(text))
    except ValueError:
        raise HistoryError(f"a bet of {text!r} is no amount of chips") from None
