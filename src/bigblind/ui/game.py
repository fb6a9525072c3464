"""A game of one person against bots at one table, apart from any screen.

:class:`Game` deals the hands of a cash :class:`~bigblind.sessions.table.Table` or of a
one-table :class:`~bigblind.sessions.tournament.Tournament`, knows which seat is the
person's and which bot plays every other seat, and writes the session's hand
histories (PHH ``.phhs`` and PokerStars ``.txt``) after every hand. The
terminal app drives it; tests can drive it without a screen.

>>> game = Game(GameConfig(players=3, seed=4, name="Ann", write_histories=False))
>>> current = game.start_hand()
>>> while not current.hand.finished:
...     game.bots_show()  # the bots show or muck; the person is asked (RULES 6.7)
...     legal = current.hand.legal
...     game.act("show" if legal is None else "check" if legal.check else "call")
>>> record = game.finish_hand()
>>> sum(record.stacks_after) == 3 * 200
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from bigblind.bots import BOTS, Bot, make_bot
from bigblind.deck import Deck
from bigblind.engine.actions import Action
from bigblind.engine.hand import HandView
from bigblind.engine.rules import Rules, Structure
from bigblind.errors import BigblindError
from bigblind.evaluation.games import HOLDEM
from bigblind.evaluation.games import Game as PokerGame
from bigblind.formats.pokerstars import eastern_now
from bigblind.sessions.histories import HistoryFiles, house_folder
from bigblind.sessions.table import HandRecord, Status, StraddleOffer, Table, TableHand
from bigblind.sessions.tournament import BlindStructure, Finish, Level, Tournament
from bigblind.tracker.session import SessionStats
from bigblind.ui.choices import bot_runs_twice, bot_shows, bot_straddles, may_muck

__all__ = [
    "BOT_NAMES",
    "Game",
    "GameConfig",
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
    house_dir: Path | None = None
    """Where the full record goes (every card); None: beside ``history_dir``, ``...-house``."""
    ante: int = 0
    straddle: int = 0
    seat: int | None = None
    """The person's seat at a cash table, from 0 (None: the first)."""
    clock: float | None = None
    """Seconds for each of the person's decisions, with a time bank of twice that
    (RULES 10.4); None: no clock."""
    run_twice: bool = False
    """Whether the table offers to run it twice after an all-in (RULES 10.3)."""
    game: PokerGame = HOLDEM
    """The game dealt: hold'em, Omaha, Omaha hi-lo or short deck (RULES 11)."""

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
    blinds: tuple[int, int] | None,
    structure: Structure,
    level_hands: int,
    game: PokerGame = HOLDEM,
) -> BlindStructure:
    """The rising blinds of a tournament: the standard levels, scaled to start at ``blinds``.

    >>> s = tournament_structure((1, 2), Structure.NO_LIMIT, 5)
    >>> [(lv.small_blind, lv.big_blind, lv.ante) for lv in s.levels[3:6]]
    [(5, 10, 0), (10, 20, 5), (15, 30, 7)]
    """
    standard = BlindStructure.default(hands=level_hands, structure=structure, game=game)
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
    return BlindStructure(tuple(levels), structure, game)


def observer_view(current: TableHand) -> HandView:
    """What a spectator sees of a hand: no hole card until it is shown (RULES 3.4)."""
    hand = current.hand
    view = hand.view(0)
    events = hand.seen(None).events
    return replace(view, hole=(None,) * len(view.hole), legal=None, events=events)


@dataclass(slots=True)
class _Played:
    record: HandRecord
    when: datetime
    level: int | None


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
        most = min(10, config.game.max_players)
        if not 2 <= config.players <= most:
            raise ValueError(
                f"a game of {config.game.name} has 2 to {most} players, not {config.players}"
            )
        if not config.bots:
            raise ValueError("a game needs at least one kind of bot")
        self.config = config
        self._clock = clock or eastern_now
        factory = bot_factory or (lambda kind, seed: make_bot(kind, seed, game=config.game))
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
                config.blinds, config.structure, config.level_hands, config.game
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
            self.table.run_it_twice = config.run_twice
            # The person chooses to show or muck where the rules allow (RULES 6.7).
            self.table.showdown = "manual"
        else:
            self.structure = None
            small, big = config.blinds or _DEFAULT_CASH_BLINDS
            rules = Rules(
                structure=config.structure,
                small_blind=small,
                big_blind=big,
                ante=config.ante,
                straddle=config.straddle,
                game=config.game,
            )
            self.table = Table(
                rules,
                seats=config.players,
                seed=seed,
                name=_TABLE_NAME,
                run_it_twice=config.run_twice,
                showdown="manual",
            )
            names = [n for n in self.seats if n != self.hero]
            names.insert(config.seat or 0, self.hero)
            for seat, name in enumerate(names):
                self.table.join(seat, name, stack)
        self.current: TableHand | None = None
        self.last: HandRecord | None = None
        self.hud = SessionStats()
        """Each player's statistics over the hands of this session (the seats' HUD)."""
        self._played: list[_Played] = []
        self._started = datetime.now()  # local time, for the file names and hand ids
        self.files = self._history_files()
        self.rebuys: list[str] = []
        self.bought_in = stack
        """The chips the person has bought in for: the first stack and every rebuy."""
        self.watching = False
        """Whether the person, out of a tournament, watches the rest of it."""

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
    def hero_in_hand(self) -> bool:
        """Whether the person is dealt in the hand being played and has not folded."""
        seat = self.hero_hand_seat()
        return seat is not None and self.current is not None and not self.current.hand.folded[seat]

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
            return self.tournament.finished or (self.hero_place is not None and not self.watching)
        return False

    # ----------------------------------------------------------------- playing

    def straddle_offer(self) -> StraddleOffer | None:
        """The straddle offered before the next hand (RULES 2.7), else None."""
        if self.current is not None or self.tournament is not None:
            return None
        return self.table.straddle_offer()

    def start_hand(self, *, straddle: bool = False) -> TableHand:
        """Deal the next hand; ``straddle`` is the person's answer when the straddle is
        offered to them (a bot answers by :func:`~bigblind.ui.choices.bot_straddles`)."""
        if self.current is not None:
            raise BigblindError("a hand is being played: finish it first")
        offer = self.straddle_offer()
        take = False
        if offer is not None:
            take = straddle if offer.name == self.hero else bot_straddles(offer)
        # RULES 1.2: a seed is for tests and replays; a real game deals every hand from
        # the operating system's secure source.
        game = self.config.game
        deck = None if self.config.seed is not None else Deck.shuffled(cards=game.deck)
        if self.tournament is not None:
            _, current = self.tournament.start_hand(deck=deck)
        else:
            current = self.table.start_hand(deck=deck, straddle=take)
        self.current = current
        self._hand_time = self._clock()
        return current

    def act(self, action: Action | str) -> None:
        """Play ``action`` (an engine Action, or its text) for whoever is to act, 'show' or
        'muck' at the showdown; an illegal one raises and changes nothing."""
        if self.current is None:
            raise BigblindError("no hand is being played")
        if self.showing is not None and action in ("show", "muck"):
            self.show(muck=action == "muck")
        else:
            self.current.act(action)

    @property
    def hero_asked_runs(self) -> bool:
        """Whether the person is asked now to run it twice (RULES 10.3)."""
        return self.hero_seat is not None and self.hero_seat in self.table.runs_offer()

    def choose_runs(self, hero_agrees: bool = False) -> int:
        """Answer the question to run it twice: the person's answer, the bots' by
        :func:`~bigblind.ui.choices.bot_runs_twice`. Returns the runs dealt (1 or 2)."""
        asked = self.table.runs_offer()
        if not asked:
            raise BigblindError("nobody is asked to run it twice now")
        hero = self.hero_seat
        agreed = [s for s in asked if (hero_agrees if s == hero else bot_runs_twice())]
        return self.table.choose_runs(agreed)

    @property
    def showing(self) -> int | None:
        """The seat in the hand due to show or muck (RULES 6.7), else None."""
        current = self.current
        if current is None or current.hand.awaiting != "show":
            return None
        return current.hand.actor

    @property
    def hero_may_muck(self) -> bool:
        """Whether the person is due at the showdown and may muck (RULES 6.7)."""
        seat = self.hero_hand_seat()
        current = self.current
        return current is not None and seat is not None and may_muck(current.hand, seat)

    def show(self, *, muck: bool = False) -> None:
        """The seat due at the showdown shows (or mucks: an error where it must show)."""
        if self.current is None or self.showing is None:
            raise BigblindError("nobody is to show now")
        (self.current.hand.muck if muck else self.current.hand.show)()

    def bots_show(self) -> None:
        """Play the showdown for the bots due, in turn, until the person is due (and may
        muck) or the hand is over: a bot shows unless it may muck a losing hand."""
        current = self.current
        while current is not None and self.showing is not None:
            seat = self.showing
            if seat == self.hero_hand_seat():
                if self.hero_may_muck:
                    return
                current.hand.show()  # the person has no choice: the hand is turned up
                continue
            self.show(muck=not bot_shows(current.hand, seat))

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
        self._tally(record)
        self.rebuys = []
        if self.tournament is None:
            for info in self.table.players:
                if info.stack == 0 and info.name != self.hero:
                    self.table.rebuy(info.seat, self.config.starting_stack)
                    self.rebuys.append(info.name)
        if self.config.write_histories:
            self._append_history(self._played[-1])
        return record

    def rebuy(self) -> int:
        """The person buys chips again (cash games): as many as at the start. Returns them."""
        seat = self.hero_seat
        if self.tournament is not None or seat is None:
            raise BigblindError("there are no rebuys in a tournament")
        chips = self.config.starting_stack
        self.table.rebuy(seat, chips)
        self.bought_in += chips
        return chips

    @property
    def sitting_out(self) -> bool:
        """Whether the person sits out (is not dealt in) at the cash table."""
        seat = self.hero_seat
        info = None if seat is None or self.tournament is not None else self.table.player(seat)
        return info is not None and info.status is Status.SITTING_OUT

    def sit_out(self) -> None:
        """The person stops being dealt in from the next hand (cash games, between hands)."""
        seat = self.hero_seat
        if self.tournament is not None or seat is None:
            raise BigblindError("in a tournament you are dealt every hand")
        self.table.sit_out(seat)

    def sit_in(self) -> str:
        """The person comes back; returns what that costs in words (RULES 10.1)."""
        seat = self.hero_seat
        if self.tournament is not None or seat is None:
            raise BigblindError("in a tournament you are dealt every hand")
        self.table.sit_in(seat)
        info = self.table.player(seat)
        if info is None or info.status is not Status.POSTING:
            return "you are dealt the next hand"
        try:
            dealt = seat in self.table.layout().dealt
        except BigblindError:  # nobody else to play with yet: dealt in with them
            dealt = True
        if dealt:
            return "next hand you post the blinds you owe"
        # Robert's Rules: nobody enters between the button and the big blind (RULES 10.1).
        return "you are dealt in once the button passes you"

    def watch(self) -> None:
        """Out of a tournament, go on watching it to the end."""
        if self.tournament is None or self.hero_place is None:
            raise BigblindError("you can watch once you are out of a tournament")
        self.watching = True

    @property
    def place_text(self) -> str | None:
        """'1st', '3rd', or '3rd-4th (shared)' once the person's place is known."""
        if self.tournament is None:
            return None
        for finish in self.tournament.results:
            if finish.name == self.hero:
                shared = " (shared)" if len(finish.places) > 1 else ""
                return _place_words(finish) + shared
        return None

    @property
    def hands_dealt_in(self) -> int:
        """How many of the finished hands dealt the person cards (not those watched)."""
        return sum(1 for p in self._played if self.hero in p.record.table_hand.names)

    def session_summary(self) -> list[str]:
        """What the session came to, for the person leaving: hands, result, standings,
        histories."""
        hands = self.hands_dealt_in
        watched = self.hands_played - hands
        line = f"You played {hands} hand{'' if hands == 1 else 's'}"
        if watched:
            line += f" and watched {watched}"
        lines = [line + "."]
        if self.tournament is not None:
            place = self.place_text
            if place is not None:
                lines.append(f"You finished {place} of {len(self.tournament.players)}.")
            elif hands:
                lines.append(f"You left the tournament with {self.hero_stack} chips.")
            lines.extend(self.standings())
        elif hands:
            net = self.hero_stack - self.bought_in
            if net:
                result = f"won {net} chips" if net > 0 else f"lost {-net} chips"
                lines.append(
                    f"You {result} ({net / self.rules.big_blind:+.1f} big blinds):"
                    f" bought in for {self.bought_in}, left with {self.hero_stack}."
                )
            else:
                lines.append(f"You broke even: bought in for {self.bought_in}, left with as much.")
        return lines + self.files.summary()

    def standings(self) -> list[str]:
        """A tournament's places so far (RULES 8.3), winner first; those still playing by
        their chips: 'Winner: Bob.' or 'Still playing: Bob 4,500, ...', then 'Out: 2nd Ann, ...'."""
        tournament = self.tournament
        if tournament is None:
            return []
        lines = []
        finished = sorted(tournament.results, key=lambda f: f.place)
        if tournament.finished and finished:
            lines.append(f"Winner: {finished[0].name}.")  # RULES 8.3
            finished = finished[1:]
        else:
            playing = sorted(
                (info for table in tournament.tables for info in table.players),
                key=lambda info: -info.stack,
            )
            if playing:
                chips = ", ".join(f"{info.name} {info.stack:,}" for info in playing)
                lines.append(f"Still playing: {chips}.")
        if finished:
            places = ", ".join(f"{_place_words(f)} {f.name}" for f in finished)
            lines.append(f"Out: {places}.")
        return lines

    def _tally(self, record: HandRecord) -> None:
        """Add the hand to the HUD's statistics (read as its history reads)."""
        from bigblind.formats import phh

        try:
            history = phh.loads(phh.dumps(record.hand, **record.phh_fields()))[0]
        except ValueError:
            return  # a hand the history cannot hold counts for nothing, never stops play
        self.hud.add(history)

    # ---------------------------------------------------------------- histories

    def _history_files(self) -> HistoryFiles:
        folder = self.config.history_dir
        kind = "tournament" if self.tournament is not None else "cash"
        return HistoryFiles.for_session(
            folder,
            self.config.house_dir or house_folder(folder),
            f"{kind}-{self._started:%Y%m%d-%H%M%S}",
        )

    def _append_history(self, played: _Played) -> None:
        """Append the hand just finished to the player's files and the house's record."""
        structure = self.rules.structure.value
        kind = "tournament" if self.tournament is not None else "cash game"
        self.files.append_record(
            played.record,
            hero=self.hero,
            first_id=int(f"{self._started:%Y%m%d%H%M%S}"),
            when=played.when,
            event=f"bigblind {structure} {kind}",
            level=None if self.tournament is None else played.level or 1,
            table=_TABLE_NAME,
        )


def _place_words(finish: Finish) -> str:
    """'3rd', or '3rd-4th' for places shared (RULES 8.3)."""
    if len(finish.places) > 1:
        return f"{_ordinal(finish.places[0])}-{_ordinal(finish.places[-1])}"
    return _ordinal(finish.place)


def _ordinal(number: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '22nd'.

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"
