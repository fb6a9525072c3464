"""Bots: players that see one seat's view of a hand and answer with an action.

:func:`make_bot` builds one by name from :data:`BOTS`: ``random`` (any legal
action), ``station`` (checks and calls), ``tag`` (a tight-aggressive rule
bot) and ``strong`` (reads ranges from the betting and maximises expected
value). Each is reproducible from its seed.

>>> from bigblind.bots import make_bot
>>> make_bot("tag", seed=1).name
'tag'
"""

from bigblind.bots.base import BOTS, Bot, UnknownBotError, make_bot

__all__ = ["BOTS", "Bot", "UnknownBotError", "make_bot"]
