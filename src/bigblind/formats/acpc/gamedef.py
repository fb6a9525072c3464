"""ACPC game definitions (``GAMEDEF ... END GAMEDEF``) read into bigblind rules.

The Annual Computer Poker Competition's server describes a game in a small
text file. bigblind plays the hold'em ones: 4 rounds, a 52-card deck, two
hole cards, a 0/3/1/1 board, limit or no-limit betting, blinds placed as a
button would place them. Anything else raises :class:`UnsupportedGameError`
naming what differs.

>>> game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
>>> game.num_players, game.stacks, game.blinds, game.button
(2, (20000, 20000), (100, 50), 1)
>>> game.rules.structure.value, game.rules.small_blind, game.rules.big_blind
('no limit', 50, 100)
>>> text = game.dumps().replace("numRounds = 4", "numRounds = 3")
>>> parse_gamedef(text)
Traceback (most recent call last):
...
bigblind.formats.acpc.gamedef.UnsupportedGameError: numRounds 3: bigblind plays hold'em ...
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Literal

from bigblind.engine.rules import Rules
from bigblind.errors import BigblindError

__all__ = [
    "STANDARD_GAMES",
    "GameDef",
    "GameDefError",
    "UnsupportedGameError",
    "load_gamedef",
    "parse_gamedef",
]

STANDARD_GAMES = (
    "holdem.limit.2p.reverse_blinds.game",
    "holdem.nolimit.2p.reverse_blinds.game",
    "holdem.limit.3p.game",
    "holdem.nolimit.3p.game",
    "holdem.nolimit.6p.game",
)
"""The hold'em definitions shipped with bigblind (the ACPC server's own)."""

# The ACPC server's stand-ins for "no stack" and "no raise cap".
UNLIMITED_STACK = 2**31 - 1
_UNLIMITED_RAISES = 255
_MAX_PLAYERS = 10

_LIST_KEYS = {
    "stack": "stacks",
    "blind": "blinds",
    "raisesize": "raise_sizes",
    "firstplayer": "first_player",
    "maxraises": "max_raises",
    "numboardcards": "num_board_cards",
}
_NUMBER_KEYS = {
    "numplayers": "num_players",
    "numrounds": "num_rounds",
    "numsuits": "num_suits",
    "numranks": "num_ranks",
    "numholecards": "num_hole_cards",
}


class GameDefError(BigblindError):
    """A game definition that cannot be read."""


class UnsupportedGameError(GameDefError):
    """A valid ACPC game that is not Texas Hold'em as bigblind plays it."""


@dataclass(frozen=True, kw_only=True, slots=True)
class GameDef:
    """One ACPC game: its fields as the file gives them (``first_player`` 0-based).

    ``button`` is the position holding the dealer button, ``rules`` the
    bigblind rules; seats in bigblind are the ACPC positions.
    """

    betting: Literal["limit", "nolimit"]
    num_players: int
    num_rounds: int
    stacks: tuple[int, ...]
    blinds: tuple[int, ...]
    raise_sizes: tuple[int, ...]
    first_player: tuple[int, ...]
    max_raises: tuple[int, ...]
    num_suits: int
    num_ranks: int
    num_hole_cards: int
    num_board_cards: tuple[int, ...]
    name: str = field(default="", compare=False)

    @property
    def no_limit(self) -> bool:
        """Whether bets carry a size (``r<N>``)."""
        return self.betting == "nolimit"

    @property
    def button(self) -> int:
        """The position of the dealer button implied by the blinds and first players."""
        return _button(self)

    @property
    def blind_positions(self) -> tuple[int, int]:
        """The positions of the small and the big blind."""
        button, n = self.button, self.num_players
        if n == 2:
            return button, 1 - button
        return (button + 1) % n, (button + 2) % n

    @property
    def rules(self) -> Rules:
        """The bigblind rules of this game."""
        small, big = (self.blinds[p] for p in self.blind_positions)
        if self.betting == "nolimit":
            rules = Rules.no_limit(blinds=(small, big))
        else:
            rules = Rules.fixed_limit(
                blinds=(small, big),
                small_bet=self.raise_sizes[0],
                big_bet=self.raise_sizes[2],
                cap=self.max_raises[1],
            )
        # An ACPC game is played by the ACPC server's raise rule, not RULES 5.6.
        return replace(rules, acpc_raises=True)

    def dumps(self) -> str:
        """The definition in the ACPC file format.

        >>> text = load_gamedef("holdem.limit.3p.game").dumps()
        >>> parse_gamedef(text) == load_gamedef("holdem.limit.3p.game")
        True
        """
        lines = ["GAMEDEF", self.betting, f"numPlayers = {self.num_players}"]
        lines.append(f"numRounds = {self.num_rounds}")
        if any(stack < UNLIMITED_STACK for stack in self.stacks):
            lines.append("stack = " + " ".join(map(str, self.stacks)))
        lines.append("blind = " + " ".join(map(str, self.blinds)))
        if self.betting == "limit":
            lines.append("raiseSize = " + " ".join(map(str, self.raise_sizes)))
        lines.append("firstPlayer = " + " ".join(str(p + 1) for p in self.first_player))
        if any(m != _UNLIMITED_RAISES for m in self.max_raises):
            lines.append("maxRaises = " + " ".join(map(str, self.max_raises)))
        lines += [
            f"numSuits = {self.num_suits}",
            f"numRanks = {self.num_ranks}",
            f"numHoleCards = {self.num_hole_cards}",
            "numBoardCards = " + " ".join(map(str, self.num_board_cards)),
            "END GAMEDEF",
        ]
        return "\n".join(lines) + "\n"


def load_gamedef(name_or_path: str | Path) -> GameDef:
    """Read a game definition from a file, or one shipped with bigblind by its file name.

    >>> load_gamedef("holdem.limit.2p.reverse_blinds.game").rules.cap
    4
    """
    path = Path(name_or_path)
    try:
        if path.is_file():
            text = path.read_text(encoding="utf-8")
        elif str(name_or_path) in STANDARD_GAMES:
            shipped = resources.files("bigblind.formats.acpc") / "games" / str(name_or_path)
            text = shipped.read_text(encoding="utf-8")
        elif path.is_dir():
            raise GameDefError(f"game definition {str(path)!r} is a folder, not a file")
        else:
            raise GameDefError(
                f"no game definition {str(name_or_path)!r}: give a file, or one of "
                + ", ".join(STANDARD_GAMES)
            )
    except (OSError, UnicodeDecodeError) as error:
        raise GameDefError(f"cannot read game definition {str(path)!r}: {error}") from None
    return parse_gamedef(text, name=path.name)


def parse_gamedef(text: str, *, name: str = "") -> GameDef:
    """Read the text of a game definition and check that bigblind plays it."""
    fields: dict[str, object] = {
        "betting": "limit",
        "num_players": 0,
        "num_rounds": 0,
        "num_suits": 0,
        "num_ranks": 0,
        "num_hole_cards": 0,
    }
    lists: dict[str, list[int]] = {}
    started = ended = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        lower = line.lower()
        if lower.startswith("end gamedef"):
            ended = True
            break
        if lower.startswith("gamedef"):
            started = True
            continue
        key, _, value = lower.partition("=")
        key = key.strip().replace(" ", "")
        if not value and " " in lower:
            key, _, value = lower.partition(" ")
        if key in ("limit", "nolimit"):
            fields["betting"] = key
        elif key == "pot" or key == "potlimit":
            raise UnsupportedGameError(f"line {number}: pot-limit ACPC games are not supported")
        elif key in _LIST_KEYS:
            lists[_LIST_KEYS[key]] = _numbers(value, number, line)
        elif key in _NUMBER_KEYS:
            values = _numbers(value, number, line)
            if len(values) != 1:
                raise GameDefError(f"line {number} {line!r}: give one number")
            fields[_NUMBER_KEYS[key]] = values[0]
        else:
            raise GameDefError(
                f"line {number} {line!r}: unknown entry; accepted are limit, nolimit, "
                "numPlayers, numRounds, stack, blind, raiseSize, firstPlayer, maxRaises, "
                "numSuits, numRanks, numHoleCards, numBoardCards"
            )
    if not started or not ended:
        raise GameDefError("a game definition starts with GAMEDEF and ends with END GAMEDEF")
    game = _build(fields, lists, name)
    _check_supported(game)
    return game


def _numbers(value: str, number: int, line: str) -> list[int]:
    try:
        return [int(word) for word in value.split()]
    except ValueError:
        raise GameDefError(f"line {number} {line!r}: expected whole numbers") from None


def _build(fields: dict[str, object], lists: dict[str, list[int]], name: str) -> GameDef:
    players = fields["num_players"]
    rounds = fields["num_rounds"]
    assert isinstance(players, int) and isinstance(rounds, int)
    if not 2 <= players <= _MAX_PLAYERS:
        raise GameDefError(f"numPlayers {players}: ACPC games have 2 to {_MAX_PLAYERS} players")
    if rounds < 1:
        raise GameDefError("numRounds is missing: give the number of betting rounds")

    def per(key: str, count: int, default: int | None, what: str) -> tuple[int, ...]:
        values = lists.get(key)
        if values is None:
            if default is None:
                raise GameDefError(f"{what} is missing: give {count} numbers")
            return (default,) * count
        if len(values) < count:
            raise GameDefError(f"{what} {values}: give {count} numbers, one per {_unit(key)}")
        return tuple(values[:count])

    stacks = per("stacks", players, UNLIMITED_STACK, "stack")
    blinds = per("blinds", players, None, "blind")
    betting = fields["betting"]
    raise_sizes = per("raise_sizes", rounds, 0 if betting == "nolimit" else None, "raiseSize")
    first = per("first_player", rounds, 1, "firstPlayer")
    if any(not 1 <= p <= players for p in first):
        raise GameDefError(f"firstPlayer {list(first)}: each must be 1 to {players}")
    for position, (stack, blind) in enumerate(zip(stacks, blinds, strict=True)):
        if blind < 0 or stack < 1 or blind > stack:
            raise GameDefError(
                f"position {position + 1}: blind {blind} and stack {stack} must be"
                " non-negative with the blind at most the stack"
            )
    return GameDef(
        betting="nolimit" if betting == "nolimit" else "limit",
        num_players=players,
        num_rounds=rounds,
        stacks=stacks,
        blinds=blinds,
        raise_sizes=raise_sizes,
        first_player=tuple(p - 1 for p in first),
        max_raises=per("max_raises", rounds, _UNLIMITED_RAISES, "maxRaises"),
        num_suits=_positive(fields, "num_suits", "numSuits"),
        num_ranks=_positive(fields, "num_ranks", "numRanks"),
        num_hole_cards=_positive(fields, "num_hole_cards", "numHoleCards"),
        num_board_cards=per("num_board_cards", rounds, None, "numBoardCards"),
        name=name,
    )


def _unit(key: str) -> str:
    return "player" if key in ("stacks", "blinds") else "round"


def _positive(fields: dict[str, object], key: str, what: str) -> int:
    value = fields[key]
    assert isinstance(value, int)
    if value < 1:
        raise GameDefError(f"{what} is missing: give a number of at least 1")
    return value


def _unsupported(what: str) -> UnsupportedGameError:
    return UnsupportedGameError(
        f"{what}: bigblind plays hold'em only (4 rounds, 4 suits, 13 ranks,"
        " 2 hole cards, board 0 3 1 1, limit or no-limit, blinds as a button places them)"
    )


def _check_supported(game: GameDef) -> None:
    if game.num_rounds != 4:
        raise _unsupported(f"numRounds {game.num_rounds}")
    if (game.num_suits, game.num_ranks) != (4, 13):
        raise _unsupported(f"a deck of {game.num_suits} suits and {game.num_ranks} ranks")
    if game.num_hole_cards != 2:
        raise _unsupported(f"numHoleCards {game.num_hole_cards}")
    if game.num_board_cards != (0, 3, 1, 1):
        raise _unsupported(f"numBoardCards {' '.join(map(str, game.num_board_cards))}")
    if game.betting == "limit":
        sizes, caps = game.raise_sizes, game.max_raises
        if sizes[0] != sizes[1] or sizes[2] != sizes[3] or min(sizes) < 1:
            raise _unsupported(
                f"raiseSize {' '.join(map(str, sizes))} (bigblind's limit games have one"
                " small bet for pre-flop and flop and one big bet for turn and river)"
            )
        # bigblind's cap counts the big blind as the first pre-flop bet (RULES 5.2).
        if not caps[0] + 1 == caps[1] == caps[2] == caps[3]:
            raise _unsupported(
                f"maxRaises {' '.join(map(str, caps))} (bigblind caps every round at the same"
                " number of bets, the big blind counting as the first: e.g. 3 4 4 4)"
            )
    elif any(m != _UNLIMITED_RAISES for m in game.max_raises):
        raise _unsupported("maxRaises in a no-limit game")
    _button(game)


def _button(game: GameDef) -> int:
    n = game.num_players
    blinds, first = game.blinds, game.first_player
    later = set(first[1:])
    if len(later) != 1:
        raise _unsupported(f"firstPlayer {' '.join(str(p + 1) for p in first)}")
    if n == 2:
        # Heads-up the button posts the small blind and acts first pre-flop (RULES 2.3).
        button = first[0]
        fits = blinds[button] <= blinds[1 - button] and later == {1 - button}
    else:
        button = (first[1] - 1) % n
        small, big = (button + 1) % n, (button + 2) % n
        others = [blinds[p] for p in range(n) if p not in (small, big)]
        fits = first[0] == (button + 3) % n and 0 < blinds[small] <= blinds[big] and not any(others)
    if not fits or max(blinds) < 1:
        raise _unsupported(
            f"blind {' '.join(map(str, blinds))} with firstPlayer"
            f" {' '.join(str(p + 1) for p in first)}"
        )
    return button
