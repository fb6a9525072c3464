"""A game of one person against bots at one table, apart from any screen.

:class:`Game` deals the hands of a cash :class:`~bigblind.sessions.table.Table` or of a
one-table :class:`~bigblind.sessions.tournament.Tournament`, knows which seat is the
person's and which bot plays every other seat, and writes the session's hand
histories (PHH ``.phhs`` and PokerStars ``.txt``) after every hand. The
terminal app drives it; tests can drive it without a screen.

>>> game = Game(GameConfig(players=3, seed=4, name="Ann", write_histories=False))
>>> current = game.start_hand()
>>> while not current.hand.finished:
...     game.act("check" if current.hand.legal.check else "call")
>>> record = game.finish_hand()
>>> sum(record.stacks_after) == 3 * 200
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bigblind.bots import BOTS, Bot, make_bot
from bigblind.engine.events import Event, HoleDealt, Mucked
from bigblind.engine.hand import HandView
from bigblind.engine.rules import Rules, Structure
from bigblind.errors import BigblindError, HistoryError
from bigblind.formats import pokerstars
from bigblind.sessions.table import HandRecord, Table, TableHand
from bigblind.sessions.tournament import BlindStructure, Level, Tournament

__all__ = [
    "BOT_NAMES",
    "Game",
    "GameConfig",
    "HistoryFiles",
    "observer_view",
    "tournament_structure",
]

BOT_NAMES: tuple[str, ...] = tuple(sorted(BOTS))
"""The bots a seat can be given."""

_PLAYER_NAMES = ("Ada", "Bruno", "Cleo", "Dev", "Esme", "Finn", "Gus", "Hana", "Ivo", "Jade")
_TABLE_NAME = "bigblind"
_DEFAULT_CASH_BLINDS = (1, 2)
_DEFAULT_CASH_STACK_BB = 100
_DEFAULT_TOURNAMENT_STACK = 1500


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How to play: the table, the game, the bots and where the histories go.

    ``blinds`` and ``stack`` default to 1/2 and 100 big blinds in a cash game,
    and to the standard levels (from 10/20) and 1500 chips in a tournament,
    whose blinds rise every ``level_hands`` hands.
    """

    players: int = 6
    structure: Structure = Structure.NO_LIMIT
    blinds: tuple[int, int] | None = None
    stack: int | None = None
    tournament: bool = False
    seed: int | None = None
    bots: tuple[str, ...] = ("tag", "station", "random", "strong")
    speed: float = 0.8
    name: str = "Hero"
    history_dir: Path = Path("bigblind-histories")
    level_hands: int = 10
    write_histories: bool = True

    @property
    def starting_stack(self) -> int:
        """The chips every player starts with."""
        if self.stack is not None:
            return self.stack
        if self.tournament:
            return _DEFAULT_TOURNAMENT_STACK
        big = (self.blinds or _DEFAULT_CASH_BLINDS)[1]
        return _DEFAULT_CASH_STACK_BB * big


def tournament_structure(
    blinds: tuple[int, int] | None, structure: Structure, level_hands: int
) -> BlindStructure:
    """The rising blinds of a tournament: the standard levels, scaled to start at ``blinds``.

    >>> s = tournament_structure((1, 2), Structure.NO_LIMIT, 5)
    >>> [(lv.small_blind, lv.big_blind, lv.ante) for lv in s.levels[3:6]]
    [(5, 10, 0), (10, 20, 5), (15, 30, 7)]
    """
    standard = BlindStructure.default(hands=level_hands, structure=structure)
    if blinds is None:
        return standard
    small, big = blinds
    first = standard.levels[0]
    levels = []
    for index, level in enumerate(standard.levels):
        new_big = max(1, round(level.big_blind * big / first.big_blind))
        new_small = small if index == 0 else max(1, new_big // 2)
        ante = new_big // 4 if level.ante else 0
        levels.append(Level(new_small, new_big, ante, hands=level_hands))
    return BlindStructure(tuple(levels), structure)


def observer_view(current: TableHand) -> HandView:
    """What a spectator sees of a hand: no hole card until it is shown (RULES 3.4)."""
    view = current.hand.view(0)
    events: list[Event] = []
    for event in view.events:
        if isinstance(event, HoleDealt) and event.card is not None:
            event = event._replace(card=None)
        elif isinstance(event, Mucked):
            event = event._replace(cards=(None,) * len(event.cards))
        events.append(event)
    return replace(view, hole=(None,) * len(view.hole), legal=None, events=tuple(events))


@dataclass(slots=True)
class HistoryFiles:
    """Where the session's hand histories are written, and how many hands they hold."""

    phh: Path
    pokerstars: Path
    hands: int = 0
    phh_error: str | None = None
    error: str | None = None
    written: bool = False

    def summary(self) -> list[str]:
        """Lines that say where the histories are (or why they are not)."""
        if self.error is not None:
            return [f"Hand histories could not be written: {self.error}"]
        if not self.written:
            return ["No hand was finished: no hand history was written."]
        plural = "" if self.hands == 1 else "s"
        lines = [f"Hand histories of {self.hands} hand{plural}:"]
        if self.phh_error is None:
            lines.append(f"  PHH         {self.phh}")
        else:
            lines.append(f"  PHH         not written: {self.phh_error}")
        lines.append(f"  PokerStars  {self.pokerstars}")
        return lines


@dataclass(slots=True)
class _Played:
    record: HandRecord
    when: datetime
    level: int | None


def _eastern_now() -> datetime:
    """Now as a naive Eastern time (what PokerStars histories show), else local time."""
    try:
        return datetime.now(ZoneInfo("America/New_York")).replace(tzinfo=None)
    except ZoneInfoNotFoundError:  # pragma: no cover - systems without time-zone data
        return datetime.now()


@dataclass(slots=True)
class _Seat:
    name: str
    bot: Bot | None
    kind: str


class Game:
    """The person's game: a cash table (rebuys allowed) or a one-table tournament.

    ``bot_factory`` replaces :func:`bigblind.bots.make_bot` (tests use it for bots that act
    predictably); ``clock`` gives each hand's time stamp in the PokerStars history (naive
    Eastern time, as PokerStars writes it). The files are named after the local time the
    game began, ``cash-YYYYMMDD-HHMMSS`` or ``tournament-...``.
    """

    def __init__(
        self,
        config: GameConfig,
        *,
        bot_factory: Callable[[str, int], Bot] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        if not 2 <= config.players <= 10:
            raise ValueError(f"a game has 2 to 10 players, not {config.players}")
        if not config.bots:
            raise ValueError("a game needs at least one kind of bot")
        self.config = config
        self._clock = clock or _eastern_now
        factory = bot_factory or make_bot
        seed = config.seed if config.seed is not None else random.SystemRandom().getrandbits(32)
        self.seed = seed
        others = [n for n in _PLAYER_NAMES if n != config.name]
        self.seats: dict[str, _Seat] = {config.name: _Seat(config.name, None, "you")}
        for index in range(config.players - 1):
            kind = config.bots[index % len(config.bots)]
            name = others[index]
            self.seats[name] = _Seat(name, factory(kind, seed * 100 + index + 1), kind)
        self.hero = config.name
        self.tournament: Tournament | None = None
        stack = config.starting_stack
        if config.tournament:
            self.structure: BlindStructure | None = tournament_structure(
                config.blinds, config.structure, config.level_hands
            )
            self.tournament = Tournament(
                list(self.seats),
                starting_stack=stack,
                structure=self.structure,
                table_size=config.players,
                seed=seed,
                keep_history=True,
            )
            self.table = self.tournament.tables[0]
        else:
            self.structure = None
            small, big = config.blinds or _DEFAULT_CASH_BLINDS
            self.table = Table(
                Rules(structure=config.structure, small_blind=small, big_blind=big),
                seats=config.players,
                seed=seed,
                name=_TABLE_NAME,
            )
            for seat, name in enumerate(self.seats):
                self.table.join(seat, name, stack)
        self.current: TableHand | None = None
        self.last: HandRecord | None = None
        self._played: list[_Played] = []
        self._started = datetime.now()  # local time, for the file names and hand ids
        self.files = self._history_files()
        self.rebuys: list[str] = []

    # ----------------------------------------------------------------- queries

    @property
    def cash(self) -> bool:
        """Whether this is a cash game (not a tournament)."""
        return self.tournament is None

    @property
    def rules(self) -> Rules:
        """The rules of the hand being played, or of the next one."""
        if self.current is not None:
            return self.current.hand.rules
        if self.tournament is not None and self.structure is not None:
            return self.structure.rules(self.tournament.level - 1)
        return self.table.rules

    @property
    def hands_played(self) -> int:
        """How many hands were finished."""
        return len(self._played)

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """The finished hands, oldest first."""
        return tuple(p.record for p in self._played)

    @property
    def hero_seat(self) -> int | None:
        """The person's table seat, or None once out of a tournament."""
        try:
            return self.table.seat_of(self.hero)
        except BigblindError:
            return None

    @property
    def hero_stack(self) -> int:
        """The person's chips behind (between hands: the stack)."""
        seat = self.hero_seat
        if seat is None:
            return 0
        current = self.current
        if current is not None and seat in current.seats:
            return current.hand.stacks[current.hand_seat(seat)]
        info = self.table.player(seat)
        return 0 if info is None else info.stack

    def hero_hand_seat(self) -> int | None:
        """The person's seat in the hand being played, None when not dealt in."""
        current = self.current
        seat = self.hero_seat
        if current is None or seat is None or seat not in current.seats:
            return None
        return current.hand_seat(seat)

    def view(self) -> HandView | None:
        """The hand as the person may see it (a spectator's view when not dealt in)."""
        current = self.current
        if current is None:
            return None
        seat = self.hero_hand_seat()
        return observer_view(current) if seat is None else current.hand.view(seat)

    def kind_of(self, name: str) -> str:
        """The kind of bot in the seat of ``name``, 'you' for the person."""
        return self.seats[name].kind

    def bot_to_act(self) -> tuple[str, Bot, HandView] | None:
        """The bot whose turn it is, with its own view, or None."""
        current = self.current
        if current is None or current.hand.finished or current.hand.actor is None:
            return None
        hand_seat = current.hand.actor
        name = current.names[hand_seat]
        bot = self.seats[name].bot
        if bot is None:
            return None
        return name, bot, current.hand.view(hand_seat)

    @property
    def hero_to_act(self) -> bool:
        """Whether it is the person's turn."""
        seat = self.hero_hand_seat()
        return seat is not None and self.current is not None and self.current.hand.actor == seat

    @property
    def hero_busted(self) -> bool:
        """Whether the person has no chips between hands."""
        return self.current is None and self.hero_stack == 0

    @property
    def hero_place(self) -> int | None:
        """The person's place in a tournament once it is known."""
        if self.tournament is None:
            return None
        for finish in self.tournament.results:
            if finish.name == self.hero:
                return finish.place
        return None

    @property
    def over(self) -> bool:
        """Whether no more hands can be played for the person: out, or the tournament won."""
        if self.current is not None:
            return False
        if self.tournament is not None:
            return self.tournament.finished or self.hero_place is not None
        return False

    # ----------------------------------------------------------------- playing

    def start_hand(self) -> TableHand:
        """Deal the next hand."""
        if self.current is not None:
            raise BigblindError("a hand is being played: finish it first")
        if self.tournament is not None:
            _, current = self.tournament.start_hand()
        else:
            current = self.table.start_hand()
        self.current = current
        self._hand_time = self._clock()
        return current

    def act(self, action: str) -> None:
        """Play ``action`` for whoever is to act; an illegal one raises and changes nothing."""
        if self.current is None:
            raise BigblindError("no hand is being played")
        self.current.act(action)

    def finish_hand(self) -> HandRecord:
        """Settle the finished hand, rebuy busted bots (cash) and write the histories."""
        current = self.current
        if current is None:
            raise BigblindError("no hand is being played")
        if self.tournament is not None:
            record = self.tournament.finish_hand()
        else:
            record = self.table.finish_hand()
        self.current = None
        self.last = record
        self._played.append(_Played(record, self._hand_time, current.level))
        self.rebuys = []
        if self.tournament is None:
            for info in self.table.players:
                if info.stack == 0 and info.name != self.hero:
                    self.table.rebuy(info.seat, self.config.starting_stack)
                    self.rebuys.append(info.name)
        if self.config.write_histories:
            self.write_histories()
        return record

    def rebuy(self) -> int:
        """The person buys chips again (cash games): as many as at the start. Returns them."""
        seat = self.hero_seat
        if self.tournament is not None or seat is None:
            raise BigblindError("there are no rebuys in a tournament")
        chips = self.config.starting_stack
        self.table.rebuy(seat, chips)
        return chips

    # ---------------------------------------------------------------- histories

    def _history_files(self) -> HistoryFiles:
        folder = self.config.history_dir
        kind = "tournament" if self.tournament is not None else "cash"
        stem = f"{kind}-{self._started:%Y%m%d-%H%M%S}"
        number = 1
        while True:
            name = stem if number == 1 else f"{stem}-{number}"
            phh = folder / f"{name}.phhs"
            stars = folder / f"{name}.txt"
            if not phh.exists() and not stars.exists():
                return HistoryFiles(phh, stars)
            number += 1

    def history_texts(self) -> tuple[str | None, str]:
        """The session as PHH text (None where PHH cannot express the game) and PokerStars."""
        phh: str | None
        try:
            phh = self.table.phh(self.history, event=self._event_name())
            self.files.phh_error = None
        except HistoryError as error:
            phh = None
            self.files.phh_error = str(error)
        base = int(f"{self._started:%Y%m%d%H%M%S}") * 1000
        texts = []
        for played in self._played:
            record = played.record
            tournament = None
            if self.tournament is not None:
                tournament = pokerstars.Tournament(base // 1000, level=played.level or 1)
            texts.append(
                pokerstars.dumps(
                    record.hand,
                    hand_id=base + record.number,
                    table=_TABLE_NAME if record.table_name is None else str(record.table_name),
                    players=list(record.names),
                    when=played.when,
                    seat_numbers=[s + 1 for s in record.seats],
                    hero=_index(record.names, self.hero),
                    max_seats=record.seat_count,
                    tournament=tournament,
                    rake=record.rake,
                )
            )
        return phh, pokerstars.dump_session(texts)

    def write_histories(self) -> HistoryFiles:
        """Write every finished hand to the session's two files (again, in full)."""
        files = self.files
        if not self._played:
            return files
        try:
            phh, stars = self.history_texts()
            files.phh.parent.mkdir(parents=True, exist_ok=True)
            if phh is not None:
                files.phh.write_text(phh, encoding="utf-8")
            files.pokerstars.write_text(stars, encoding="utf-8")
        except (OSError, HistoryError) as error:
            files.error = str(error)
            return files
        files.error = None
        files.written = True
        files.hands = len(self._played)
        return files

    def _event_name(self) -> str:
        structure = self.rules.structure.value
        kind = "tournament" if self.tournament is not None else "cash game"
        return f"bigblind {structure} {kind}"


def _index(names: Sequence[str], name: str) -> int | None:
    try:
        return list(names).index(name)
    except ValueError:
        return None
