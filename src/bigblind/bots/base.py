"""The :class:`Bot` protocol and the registry of the bots that ship with bigblind.

A bot is handed one seat's :class:`~bigblind.engine.hand.HandView` (the other
players' hole cards hidden until shown) and answers with an action text that
:meth:`~bigblind.engine.hand.Hand.act` accepts: ``'fold'``, ``'check'``,
``'call'``, ``'bet N'``, ``'raise N'`` (raise to N) or ``'all-in'``. That view
is all it is ever given, so no bot can see another player's hidden cards.

>>> sorted(BOTS)
['random', 'station', 'strong', 'tag']
>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200], deck=Deck.shuffled(seed=1))
>>> bot = make_bot("station", seed=7)
>>> bot.name, bot.act(hand.view(hand.actor))
('station', 'call')
>>> make_bot("shark", seed=1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bigblind.bots.base.UnknownBotError: there is no bot 'shark': the bots are random, station, ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol, runtime_checkable

from bigblind.engine.hand import HandView
from bigblind.errors import BigblindError
from bigblind.evaluation.games import HOLDEM, Game

__all__ = ["BOTS", "Bot", "UnknownBotError", "make_bot"]


@runtime_checkable
class Bot(Protocol):
    """A player: a name, and a decision from what one seat may see."""

    name: str

    def act(self, view: HandView) -> str:
        """The action to take in ``view`` (whose ``legal`` is not None): text for ``Hand.act``."""
        ...


class UnknownBotError(BigblindError):
    """A bot name that is not in :data:`BOTS`."""


# The factories import their module when called: ``import bigblind.bots`` stays light
# (the strong bot's compiled kernels load only when one is made).


def _random(seed: int) -> Bot:
    from bigblind.bots.basic import RandomBot

    return RandomBot(seed)


def _station(seed: int) -> Bot:
    from bigblind.bots.basic import CallingStation

    return CallingStation(seed)


def _tag(seed: int) -> Bot:
    from bigblind.bots.tag import TightAggressiveBot

    return TightAggressiveBot(seed)


def _strong(seed: int) -> Bot:
    from bigblind.bots.strong import StrongBot

    return StrongBot(seed)


BOTS: Final[dict[str, Callable[[int], Bot]]] = {
    "random": _random,
    "station": _station,
    "tag": _tag,
    "strong": _strong,
}
"""Every bot by name: a factory from a seed (the same seed, the same decisions)."""


def make_bot(name: str, seed: int, *, game: Game = HOLDEM) -> Bot:
    """A new bot ``name`` whose decisions are reproducible from ``seed``, for ``game``.

    The random bot and the calling station play any game as they are. The bots
    that read their cards with hold'em's tables (``tag``, ``strong``) play the
    other games (RULES 11) as a :class:`~bigblind.bots.games.GameBot` of that name,
    which values Omaha's nut draws and blockers.

    >>> make_bot("random", 3).name
    'random'
    >>> from bigblind.evaluation import OMAHA
    >>> type(make_bot("tag", 3, game=OMAHA)).__name__, make_bot("strong", 3, game=OMAHA).name
    ('GameBot', 'strong')
    """
    key = name.strip().lower() if isinstance(name, str) else None
    factory = BOTS.get(key) if key is not None else None
    if factory is None or key is None:
        raise UnknownBotError(f"there is no bot {name!r}: the bots are {', '.join(sorted(BOTS))}")
    if game is not HOLDEM and key in _HOLDEM_TABLES:
        from bigblind.bots.games import GameBot

        return GameBot(seed, key)
    return factory(seed)


_HOLDEM_TABLES: Final = frozenset({"tag", "strong"})  # bots whose tables are hold'em's
