"""A session's statistics in memory, hand by hand: what a HUD shows on each seat.

:class:`SessionStats` adds each finished hand's facts (the same facts the
database stores, :mod:`bigblind.tracker.facts`) to a running tally per player;
:meth:`SessionStats.hud` is the short line a table shows beside a player:
hands, VPIP/PFR/3-bet and the post-flop aggression factor.

>>> from bigblind.formats.phh import loads
>>> text = '''variant = "NT"
... starting_stacks = [200, 200, 200]
... finishing_stacks = [199, 198, 203]
... blinds_or_straddles = [1, 2, 0]
... antes = [0, 0, 0]
... min_bet = 2
... actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"]
... players = ["sb", "bb", "btn"]'''
>>> session = SessionStats()
>>> session.add(loads(text)[0])
>>> session.hud("btn"), session.hud("nobody")
('1h 100/100/- AF -', '')
"""

from __future__ import annotations

from dataclasses import dataclass

from bigblind.errors import HistoryError
from bigblind.formats.phh.history import HandHistory
from bigblind.tracker.facts import PlayerFacts, hand_facts

__all__ = ["SessionStats", "Tally"]


@dataclass(slots=True)
class Tally:
    """One player's counts over the session."""

    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    three_bet: int = 0
    three_bet_opp: int = 0
    bets: int = 0
    calls: int = 0

    def add(self, p: PlayerFacts) -> None:
        """Count one more hand of the player."""
        self.hands += 1
        self.vpip += p.vpip
        self.pfr += p.pfr
        self.three_bet += p.three_bet
        self.three_bet_opp += p.three_bet_opp
        self.bets += p.bets
        self.calls += p.calls


class SessionStats:
    """The players' statistics over the hands added so far."""

    def __init__(self) -> None:
        self.players: dict[str, Tally] = {}

    def add(self, history: HandHistory) -> None:
        """Count a finished hand; a hand of a game or form the tracker cannot read is
        passed over (a HUD never stops a table)."""
        try:
            facts = hand_facts(history)
        except (HistoryError, ValueError):
            return
        for p in facts.players:
            self.players.setdefault(p.player, Tally()).add(p)

    def hud(self, player: str) -> str:
        """``'47h 22/18/6 AF 2.1'``: hands, VPIP/PFR/3-bet (percent) and the aggression
        factor, ``-`` where the spot never arose; '' for a player with no hand yet."""
        t = self.players.get(player)
        if t is None or not t.hands:
            return ""

        def pct(made: int, chances: int) -> str:
            return f"{100 * made / chances:.0f}" if chances else "-"

        af = f"{t.bets / t.calls:.1f}" if t.calls else "-"
        return (
            f"{t.hands}h {pct(t.vpip, t.hands)}/{pct(t.pfr, t.hands)}"
            f"/{pct(t.three_bet, t.three_bet_opp)} AF {af}"
        )
