"""One ACPC hand played on bigblind's engine: positions are seats.

The engine decides what is legal and records every event; this module reads
the ACPC betting out of the events, turns ACPC actions into engine actions
(fixing bad ones as the ACPC dealer does) and values a finished hand the way
the ACPC server does: in exact fractions, with no odd-chip rule.

How ACPC games map onto bigblind's rules: the blinds and first players of a
game place the button (heads-up "reverse blinds": position 1 is the button
and posts the small blind, RULES 2.3); ``maxRaises 3 4 4 4`` is bigblind's
cap of four bets, the big blind counting as the first (RULES 5.2); stacks are
the game's stacks afresh each hand (a limit game without stacks gets the ACPC
server's 2^31-1 chips); an ACPC value splits a pot in fractions where
bigblind's engine gives odd chips by RULES 6.6. Raises follow the ACPC server's
rule, not RULES 5.6 (the game's rules carry ``acpc_raises``): a short all-in
reopens the betting, so a player who raised before may raise again, to at
least the last minimum or the short raise doubled. With the equal stacks of
the standard games the two rules never differ; with unequal stacks and three
or more players they do, and the dealer deals and the replay reads by ACPC's.

>>> from bigblind.deck import Deck
>>> from bigblind.formats.acpc.gamedef import load_gamedef
>>> game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
>>> hand = AcpcHand.deal(game, Deck.shuffled(seed=5))
>>> hand.actor
1
>>> hand.apply(Action("r", 300)); hand.apply(Action("c")); hand.apply(Action("r", 900))
>>> format_betting(hand.betting)
'r300c/r900'
>>> hand.fix(Action("r", 1000))
(Action(kind='r', size=1500), 'raise to 1000 increased to 1500')
>>> hand.apply(Action("f")); [str(v) for v in hand.values()]
['300', '-300']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

from bigblind.cards import Card
from bigblind.deck import Deck
from bigblind.engine.actions import Action as EngineAction
from bigblind.engine.events import Acted, ActionKind, BoardDealt, Posted
from bigblind.engine.hand import Hand
from bigblind.errors import IllegalActionError
from bigblind.evaluation.scalar import evaluate
from bigblind.formats.acpc.gamedef import GameDef
from bigblind.formats.acpc.protocol import (
    Action,
    Betting,
    MatchState,
    StateLine,
    format_betting,
)

__all__ = ["AcpcHand"]


class AcpcHand:
    """An engine :class:`~bigblind.engine.hand.Hand` seen through the ACPC protocol."""

    __slots__ = ("_board_to_deal", "_known_board", "game", "hand")

    def __init__(self, game: GameDef, hand: Hand) -> None:
        self.game = game
        self.hand = hand
        self._known_board: tuple[Card, ...] = ()
        self._board_to_deal: tuple[Card, ...] = ()

    @classmethod
    def deal(cls, game: GameDef, deck: Deck) -> AcpcHand:
        """A new hand whose cards come from ``deck``."""
        return cls(game, Hand(game.rules, game.stacks, button=game.button, deck=deck))

    @classmethod
    def deal_cards(
        cls, game: GameDef, hole: Sequence[Sequence[Card]], board: Sequence[Card]
    ) -> AcpcHand:
        """A new hand of these cards: each position's hole cards, and the whole board,
        dealt round by round as the betting reaches it (as the ACPC server deals).

        >>> from bigblind.cards import parse_cards
        >>> from bigblind.formats.acpc.gamedef import load_gamedef
        >>> game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
        >>> hand = AcpcHand.deal_cards(
        ...     game, [parse_cards("AsAd"), parse_cards("KsKd")], parse_cards("2c3c4c5d9h"))
        >>> hand.apply(Action("c")); hand.apply(Action("c")); hand.board()
        ((), (Card('2c'), Card('3c'), Card('4c')))
        """
        hand = Hand(game.rules, game.stacks, button=game.button, dealing="manual")
        for seat, cards in enumerate(hole):
            hand.deal_hole(seat, cards)
        acpc = cls(game, hand)
        acpc._board_to_deal = tuple(board)
        acpc._deal_due()
        return acpc

    @classmethod
    def rebuild(
        cls,
        game: GameDef,
        betting: Betting,
        hole: Sequence[Sequence[Card]],
        board: Sequence[Sequence[Card]],
        *,
        showdown: Literal["auto", "manual"] = "auto",
    ) -> AcpcHand:
        """The hand a match state or log line describes; unseen cards stay unknown.

        A client, which does not know every card, rebuilds with
        ``showdown="manual"``: the hand then stops where the showdown begins.

        Raises :class:`~bigblind.errors.IllegalActionError` when the betting is
        not legal under the game's rules, or the cards are not those of a hand.
        """
        hand = Hand(
            game.rules, game.stacks, button=game.button, dealing="manual", showdown=showdown
        )
        if len(hole) != game.num_players:
            raise IllegalActionError(
                f"{len(hole)} positions' hole cards for a {game.num_players}-player game"
            )
        for seat, cards in enumerate(hole):
            if cards and len(cards) != 2:
                raise IllegalActionError(f"position {seat} has {len(cards)} hole cards, not 2")
            hand.deal_hole(seat, cards if cards else None)
        acpc = cls(game, hand)
        acpc._known_board = tuple(card for cards in board for card in cards)
        for number, actions in enumerate(betting):
            if number and hand.awaiting == "show" and not actions:
                continue  # all-in: a manual showdown comes before the rest of the board
            if number:
                if hand.awaiting not in ("flop", "turn", "river"):
                    raise IllegalActionError(
                        f"betting round {number + 1} begins while the hand awaits {hand.awaiting}"
                    )
                hand.deal_board(board[number])
            for action in actions:
                acpc.apply(action)
        return acpc

    # ----------------------------------------------------------------- queries

    @property
    def actor(self) -> int | None:
        """The position to act, or None."""
        return self.hand.actor if self.hand.legal is not None else None

    @property
    def finished(self) -> bool:
        """Whether the betting is over (the hand is settled, or waits only for a showdown)."""
        return self.hand.finished or self.hand.awaiting == "show"

    @property
    def betting(self) -> Betting:
        """The actions of each round in ACPC form, read from the engine's events."""
        return tuple(tuple(r) for r in self._walk()[1])

    @property
    def spent(self) -> tuple[int, ...]:
        """What each position has put in, as the ACPC server counts it (no bet returned)."""
        return tuple(self._walk()[0])

    def hole(self, position: int) -> tuple[Card, ...]:
        """The hole cards of ``position`` that are known (empty if unseen)."""
        cards = self.hand.hole(position)
        return () if None in cards else tuple(c for c in cards if c is not None)

    def board(self) -> tuple[tuple[Card, ...], ...]:
        """The board per round, as far as the betting has gone."""
        cards = max(self.hand.board, self._known_board, key=len)
        rounds = len(self.betting)
        cuts = (0, 0, 3, 4, 5)
        return tuple(tuple(cards[cuts[r] : cuts[r + 1]]) for r in range(rounds))

    def showdown(self) -> bool:
        """Whether the hand is over with more than one player left in."""
        return self.finished and self.hand.folded.count(False) > 1

    def matchstate(self, position: int, hand_number: int) -> MatchState:
        """What ``position`` is told: its own cards, and at a showdown those of players in."""
        folded = self.hand.folded
        shown = self.showdown()
        hole = tuple(
            self.hole(p) if p == position or (shown and not folded[p]) else ()
            for p in range(self.game.num_players)
        )
        return MatchState(position, hand_number, self.betting, hole, self.board())

    def state_line(self, hand_number: int, names: Sequence[str]) -> StateLine:
        """The dealer's log line of this finished hand."""
        hole = tuple(self.hole(p) for p in range(self.game.num_players))
        return StateLine(hand_number, self.betting, hole, self.board(), self.values(), tuple(names))

    def values(self) -> tuple[Fraction, ...]:
        """Each position's winnings as the ACPC server counts them: exact, split evenly."""
        spent = self.spent
        folded = self.hand.folded
        n = self.game.num_players
        live = [p for p in range(n) if not folded[p]]
        if len(live) == 1:
            return tuple(
                Fraction(sum(spent) - spent[p]) if p == live[0] else Fraction(-spent[p])
                for p in range(n)
            )
        board = max(self.hand.board, self._known_board, key=len)
        strength = {p: evaluate((*self.hand.hole(p), *board)) for p in live}  # type: ignore[arg-type]
        values = [Fraction(-s) for s in spent]
        remaining = list(spent)
        while any(remaining[p] for p in live):
            level = min(r for r in remaining if r > 0)
            payers = [p for p in range(n) if remaining[p] > 0]
            contenders = [p for p in payers if p in strength]
            best = max(strength[p] for p in contenders)
            winners = [p for p in contenders if strength[p] == best]
            for p in winners:
                values[p] += Fraction(level * len(payers), len(winners))
            for p in payers:
                remaining[p] -= level
        return tuple(values)

    def doubles(self) -> tuple[float, ...]:
        """Each position's value as the ACPC server computes it: in doubles, pot by pot.

        Its totals are sums of these, so a dealer that adds them up prints the same
        totals to the last decimal.

        >>> from bigblind.cards import parse_cards
        >>> from bigblind.formats.acpc.gamedef import load_gamedef
        >>> from bigblind.formats.acpc.protocol import parse_betting
        >>> game = load_gamedef("holdem.limit.3p.game")
        >>> holes = [parse_cards(h) for h in ("2h3d", "9hQd", "9sQc")]
        >>> board = [(), parse_cards("AcKcJd"), parse_cards("5d"), parse_cards("7h")]
        >>> betting = parse_betting("cfc/cc/cc/cc", no_limit=False)
        >>> hand = AcpcHand.rebuild(game, betting, holes, board)
        >>> hand.doubles()
        (-5.0, 2.5, 2.5)
        """
        spent = self.spent
        folded = self.hand.folded
        n = self.game.num_players
        if folded.count(False) == 1:
            return tuple(float(v) for v in self.values())
        board = max(self.hand.board, self._known_board, key=len)
        # A folded hand ranks below any shown one (the server gives it -1).
        rank = [
            -1 if folded[p] else evaluate((*self.hand.hole(p), *board))  # type: ignore[arg-type]
            for p in range(n)
        ]
        values: list[float] = []
        for player in range(n):
            if folded[player]:
                values.append(float(-spent[player]))
                continue
            left = {p: spent[p] for p in range(n) if spent[p] > 0}
            value = 0.0
            while True:
                size = min(left.values())
                best = max(rank[p] for p in left)
                winners = sum(1 for p in left if rank[p] == best)
                if rank[player] == best:
                    value += size * (len(left) - winners) / winners
                else:
                    value -= size
                left = {p: chips - size for p, chips in left.items() if chips > size}
                if player not in left:
                    break
            values.append(value)
        return tuple(values)

    # ----------------------------------------------------------------- actions

    def apply(self, action: Action) -> None:
        """Play ``action`` for the position to act; an illegal one raises and changes nothing."""
        self.hand.act(self.engine_action(action))
        self._deal_due()

    def engine_action(self, action: Action) -> EngineAction:
        """The engine's Action that ``action`` names for the position to act: 'f' a fold,
        'c' a check or a call, 'r' the one raise of a limit game, or in no limit a raise
        to the total named less the chips put in before this round (ACPC counts the hand's)."""
        legal = self.hand.legal
        if legal is None:
            raise IllegalActionError(f"no position is to act: cannot play {action}")
        if action.kind == "f":
            return EngineAction.fold()
        if action.kind == "c":
            return EngineAction.check() if legal.check else EngineAction.call()
        if not self.game.no_limit:
            if legal.min_raise_to is None:
                raise IllegalActionError(
                    f"position {legal.seat} cannot raise: legal: {', '.join(legal.options())}"
                )
            return EngineAction.raise_to(legal.min_raise_to)
        if action.size is None:
            raise IllegalActionError("a no-limit raise needs its total, e.g. r600")
        return EngineAction.raise_to(max(0, action.size - self._earlier(legal.seat)))

    def fix(self, action: Action) -> tuple[Action, str | None]:
        """``action`` as the ACPC dealer accepts it, and what was changed (None if nothing).

        A raise size out of range is moved to the nearest legal size; a raise
        that is not allowed, or a fold when checking is free, becomes a call.
        """
        legal = self.hand.legal
        if legal is None:
            raise IllegalActionError(f"no position is to act: cannot play {action}")
        if action.kind == "f" and not legal.fold:
            return Action("c"), "fold when checking is free, changed to call"
        if action.kind != "r":
            return Action(action.kind), None
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            return Action("c"), "raise not allowed, changed to call"
        if not self.game.no_limit:
            return Action("r"), None
        earlier = self._earlier(legal.seat)
        wanted = action.size if action.size is not None else 0
        if wanted < low + earlier:
            return Action("r", low + earlier), f"raise to {wanted} increased to {low + earlier}"
        if wanted > high + earlier:
            return Action("r", high + earlier), f"raise to {wanted} decreased to {high + earlier}"
        return action, None

    def act_text(self, text: EngineAction | str) -> Action:
        """Play an engine Action or its text (a bot's answer) and return it in ACPC form."""
        self.hand.act(text)
        self._deal_due()
        return self._last_action()

    # --------------------------------------------------------------- internals

    def _deal_due(self) -> None:
        """Deal the board cards the hand waits for, of a hand dealt by :meth:`deal_cards`."""
        hand, board = self.hand, self._board_to_deal
        while board and hand.awaiting in ("flop", "turn", "river"):
            dealt = len(hand.board)
            hand.deal_board(board[dealt : 3 if dealt == 0 else dealt + 1])

    def _earlier(self, seat: int) -> int:
        """Chips ``seat`` put in before this round."""
        return self.hand.contributions[seat] - self.hand.bets[seat]

    def _last_action(self) -> Action:
        for actions in reversed(self.betting):
            if actions:
                return actions[-1]
        raise IllegalActionError("no action has been played")

    def _walk(self) -> tuple[list[int], list[list[Action]]]:
        n = self.game.num_players
        spent = [0] * n
        this_round = [0] * n
        rounds: list[list[Action]] = [[]]
        no_limit = self.game.no_limit
        for event in self.hand.events:
            if type(event) is Posted:
                spent[event.seat] += event.amount
                this_round[event.seat] += event.amount
            elif type(event) is Acted:
                seat, kind = event.seat, event.kind
                if kind is ActionKind.FOLD:
                    rounds[-1].append(Action("f"))
                elif kind is ActionKind.CHECK or kind is ActionKind.CALL:
                    spent[seat] += event.amount
                    this_round[seat] += event.amount
                    rounds[-1].append(Action("c"))
                else:
                    spent[seat] += event.amount - this_round[seat]
                    this_round[seat] = event.amount
                    rounds[-1].append(Action("r", spent[seat]) if no_limit else Action("r"))
            elif type(event) is BoardDealt:
                this_round = [0] * n
                rounds.append([])
        return spent, rounds

    def __repr__(self) -> str:
        return f"<AcpcHand {self.game.name or self.game.betting} {format_betting(self.betting)!r}>"
