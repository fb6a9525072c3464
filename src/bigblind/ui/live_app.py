"""The dealer's assistant (``bigblind live``): a person deals real cards, bigblind keeps the game.

The screen looks like the terminal table: the seats (name, stack, bet,
folded or all-in, the button and the blinds, the cards the house knows), the
board and the pots, and the hand's record on the right. The dealer's box
always says what to do next and which keys do it; every dealer's error is one
key, and the procedure of RULES 9 appears in words. Keys:

==========  ===========================================================
Enter       do what is due: deal the next card face down (unknown),
            open the board or the show entry, start the next hand
k           the next hole card, named
x           the next hole card went face up (exposed): name it
o           a card went to the wrong seat (out of turn)
w           a seat holds the wrong number of cards
m           misdeal for another reason
f, c, a     fold; check or call; all-in
r, 0-9      type a bet or raise-to amount
b           board cards: the street due, or cards turned too early
s, u        show (name the cards) or muck
e           between hands: seats, names, stacks and blinds
Esc         close the entry
q           quit
==========  ===========================================================

Seats are numbered from 1 as at the table. The session's hands are written
as PHH (``.phhs``) under the history folder after every hand.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Input, Static

from bigblind.cards import format_cards
from bigblind.engine.events import (
    Burned,
    Forced,
    HoleDealt,
    Mucked,
    Posted,
    PotAwarded,
    Shown,
)
from bigblind.engine.rules import Rules, Structure
from bigblind.errors import BigblindError
from bigblind.sessions.live import (
    BoardExposed,
    CardDealt,
    DealStarted,
    ErrorReported,
    LiveHand,
    LiveSession,
    Misdealt,
    ProcedureApplied,
    StubShuffled,
)
from bigblind.ui.render import (
    GAME_NAMES,
    card_content,
    cards_text,
    event_line,
    keys_content,
    legal_text,
    pot_name,
    side_pots_text,
)
from bigblind.ui.screen import SCREEN_CSS, ScreenApp

__all__ = ["LiveApp", "record_lines"]

_STRUCTURES = {"nl": Structure.NO_LIMIT, "pl": Structure.POT_LIMIT, "fl": Structure.FIXED_LIMIT}
_SEAT_PREFIX = re.compile(r"^seat (\d+) ")
_PROMPTS = {
    "card": "Card dealt",
    "exposed": "Exposed card [seat]",
    "seat": "Seat it went to",
    "count": "Seat and cards held",
    "misdeal": "Misdeal because",
    "raise": "Bet / raise to",
    "board": "Board cards",
    "show": "Cards shown",
}


def parse_players(text: str) -> list[tuple[str, int]]:
    """Players in seat order from ``'Ann:200, Bob:200, Cy:150'``.

    >>> parse_players("Ann:200, Bob:150")
    [('Ann', 200), ('Bob', 150)]
    """
    players = []
    for item in text.split(","):
        name, colon, chips = item.strip().rpartition(":")
        name = name.strip()
        if not colon or not name or not chips.strip().isdigit():
            raise ValueError(f"{item.strip()!r}: write each player as name:chips, e.g. Ann:200")
        players.append((name, int(chips)))
    if not 2 <= len(players) <= 23:
        raise ValueError(f"{len(players)} players: a live game seats 2 to 23")
    return players


def parse_blinds(text: str) -> tuple[int, int]:
    """Blinds from ``'1/2'``.

    >>> parse_blinds("5/10")
    (5, 10)
    """
    small, slash, big = text.strip().partition("/")
    if not slash or not small.strip().isdigit() or not big.strip().isdigit():
        raise ValueError(f"{text!r}: write the blinds as small/big, e.g. 1/2")
    pair = int(small), int(big)
    if not 1 <= pair[0] <= pair[1]:
        raise ValueError(f"blinds {text!r}: the small blind is 1 to the big blind")
    return pair


def parse_structure(text: str) -> Structure:
    """``'nl'``, ``'pl'`` or ``'fl'``."""
    try:
        return _STRUCTURES[text.strip().lower()]
    except KeyError:
        raise ValueError(f"{text!r}: the game is nl, pl or fl") from None


def record_lines(events: Sequence[object], names: Sequence[str]) -> list[str]:
    """The record of a live hand in words, one line an event worth telling.

    >>> from bigblind import Rules
    >>> live = LiveHand(Rules.no_limit(blinds=(1, 2)), [50, 50], names=["Ann", "Bob"])
    >>> _ = live.deal_hole(card="As", exposed=True)
    >>> record_lines(live.events, live.names)[:5]  # doctest: +NORMALIZE_WHITESPACE
    ['━━ Deal 1 ━━', 'Ann posts small blind 1', 'Bob posts big blind 2',
     'Card 1 of the deal, the As to Bob, was exposed', 'RULES 9.1: Misdeal: collect all
     cards, reshuffle and deal again. The button does not move; the same blinds play.']
    """
    lines: list[str] = []
    holes_told = False
    pots = sum(1 for event in events if isinstance(event, PotAwarded))
    for event in events:
        if isinstance(event, DealStarted):
            lines.append(
                f"━━ Deal {event.deal} ━━" if event.deal == 1 else f"━━ Redeal ({event.deal}) ━━"
            )
            holes_told = False
        elif isinstance(event, CardDealt):
            if event.card is not None and not event.exposed:
                lines.append(f"Card {event.position} to {names[event.seat]}: {event.card}")
        elif isinstance(event, HoleDealt):
            if not holes_told:
                lines.append("Hole cards dealt")
                holes_told = True
        elif isinstance(event, Burned):
            lines.append("Burn" if event.card is None else f"Burn: {event.card}")
        elif isinstance(event, BoardExposed):
            lines.append(f"Turned too soon: {cards_text(event.cards)}")
        elif isinstance(event, StubShuffled):
            lines.append(f"Back into the stub, shuffled: {format_cards(event.returned, ' ')}")
        elif isinstance(event, ErrorReported):
            lines.append(event.text)
        elif isinstance(event, ProcedureApplied):
            lines.append(f"RULES {event.rule}: {event.text}")
        elif isinstance(event, Misdealt):
            lines.append(f"Deal {event.deal} is void")
        elif isinstance(event, Shown):
            text = f"{names[event.seat]} shows {cards_text(event.cards)}"
            lines.append(text + (f": {event.description}" if event.description else ""))
        elif isinstance(event, Mucked):
            lines.append(f"{names[event.seat]} mucks")
        elif isinstance(event, PotAwarded):
            winners = " and ".join(names[s] for s in event.winners)
            verb = "wins" if len(event.winners) == 1 else "split"
            where = pot_name(event.pot, pots)
            lines.append(f"{winners} {verb} {where} ({event.amount})")
        elif (line := event_line(event, names)) is not None:
            lines.append(line)
    return lines


class LiveApp(ScreenApp):
    """The dealer's assistant for a :class:`~bigblind.sessions.live.LiveSession`.

    Without a session the app opens on the set-up form (seats, names,
    stacks, blinds). ``history_dir`` is where the session's PHH file goes
    (None: nowhere).
    """

    TITLE = "bigblind live"
    LOG_LIMIT = 800
    CSS = (
        SCREEN_CSS
        + """
    #left { width: 72; }
    #setup { height: auto; border: round #6b8fb3; border-title-color: #dbeafe;
             padding: 0 1; background: #0f2236; }
    #setup Input { height: 1; border: none; padding: 0 1; background: #1e3a5f; }
    #setup Input:focus { background: #2f5f8f; }
    #setup-help { color: #93a3b8; }
    #result { color: #fde68a; }
    #step { height: auto; color: #facc15; text-style: bold; }
    #keys, #range { height: auto; }
    #entry-row { height: 1; }
    #entry-label { width: auto; }
    #entry { width: 24; height: 1; border: none; padding: 0 1; background: #1e3a5f; }
    #entry:focus { background: #2f5f8f; }
    #hint { padding: 0 1; }
    #procedure { height: auto; color: #fde68a; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "due", "do what is due", show=False),
        Binding("k", "entry('card')", "name the card", show=False),
        Binding("x", "entry('exposed')", "exposed card", show=False),
        Binding("o", "entry('seat')", "out of turn", show=False),
        Binding("w", "entry('count')", "wrong number of cards", show=False),
        Binding("m", "entry('misdeal')", "misdeal", show=False),
        Binding("f", "act('fold')", "fold", show=False),
        Binding("c", "check_call", "check or call", show=False),
        Binding("a", "act('all-in')", "all-in", show=False),
        Binding("r", "entry('raise')", "bet or raise", show=False),
        *(Binding(d, f"amount('{d}')", "type an amount", show=False) for d in "0123456789"),
        Binding("b", "entry('board')", "board cards", show=False),
        Binding("s", "entry('show')", "show", show=False),
        Binding("u", "muck", "muck", show=False),
        Binding("e", "edit", "seats and blinds", show=False),
        Binding("escape", "cancel", "close the entry", show=False),
        Binding("q", "quit", "quit", show=False),
    ]

    def __init__(
        self,
        session: LiveSession | None = None,
        *,
        history_dir: Path | None = None,
        blinds: tuple[int, int] = (1, 2),
        structure: Structure = Structure.NO_LIMIT,
    ) -> None:
        super().__init__()
        self._defaults = (
            f"{blinds[0]}/{blinds[1]}",
            {v: k for k, v in _STRUCTURES.items()}[structure],
        )
        self.session = session
        self.history_dir = history_dir
        self.history_file: Path | None = None
        """The session's PHH file, once a hand has been written."""
        self.state = "setup" if session is None else "hand"
        """'setup' (the form), 'hand' (a hand is dealt) or 'between' (hands)."""
        self._mode: str | None = None
        self._shown: LiveHand | None = None

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """The title bar, the set-up form or the table on the left, the record on the right."""
        yield Static(id="title")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with Vertical(id="setup"):
                    yield Static("Players in seat order, name:chips", classes="setup-label")
                    yield Input("Ann:200, Bob:200, Cy:200", id="setup-players")
                    yield Static("Blinds small/big", classes="setup-label")
                    yield Input(self._defaults[0], id="setup-blinds")
                    yield Static("Game: nl, pl or fl", classes="setup-label")
                    yield Input(self._defaults[1], id="setup-structure")
                    yield Static("Button on seat", classes="setup-label")
                    yield Input("1", id="setup-button")
                    yield Static(
                        "Tab moves between fields · Enter starts the game · q quits",
                        id="setup-help",
                    )
                yield Static(id="seats")
                yield Static(id="board")
                yield Static(id="result")
                with Vertical(id="controls"):
                    yield Static(id="step")
                    yield Static(id="keys")
                    yield Static(id="range")
                    with Horizontal(id="entry-row"):
                        yield Static("", id="entry-label")
                        yield Input(id="entry", max_length=40)
                        yield Static(id="hint")
                    yield Static(id="procedure")
                    yield Static(id="message")
            with VerticalScroll(id="log-box"):
                yield Static(id="log")

    def on_mount(self) -> None:
        """Open the form, or deal the first hand of the session given."""
        self.query_one("#seats").border_title = "Table"
        self.query_one("#controls").border_title = "Dealer"
        self.query_one("#setup").border_title = "Set up the game"
        self.query_one("#log-box").border_title = "Hand record"
        self.query_one("#entry-row").display = False
        if self.session is None:
            self._show_setup()
        else:
            self.query_one("#setup").display = False
            self._start_hand()

    # ----------------------------------------------------------------- queries

    def text(self, widget_id: str) -> str:
        """The plain text a widget shows now (``'step'``, ``'seats'``, ``'procedure'`` ...)."""
        widget = self.query_one(f"#{widget_id}")
        if isinstance(widget, Input):
            return widget.value
        assert isinstance(widget, Static)
        return str(widget.content)

    @property
    def live(self) -> LiveHand | None:
        """The hand being dealt, or the one just finished."""
        if self.session is not None and self.session.current is not None:
            return self.session.current
        return self._shown

    # ------------------------------------------------------------------ set-up

    def _show_setup(self) -> None:
        self.state = "setup"
        session = self.session
        if session is not None:
            players = ", ".join(
                f"{n}:{c}" for n, c in zip(session.names, session.stacks, strict=True)
            )
            self.query_one("#setup-players", Input).value = players
            rules = session.rules
            self.query_one("#setup-blinds", Input).value = f"{rules.small_blind}/{rules.big_blind}"
            code = {v: k for k, v in _STRUCTURES.items()}[rules.structure]
            self.query_one("#setup-structure", Input).value = code
            self.query_one("#setup-button", Input).value = str(session.button + 1)
        for widget_id in ("#setup",):
            self.query_one(widget_id).display = True
        for widget_id in ("#seats", "#board", "#result", "#controls"):
            self.query_one(widget_id).display = False
        self.query_one("#setup-players", Input).focus()
        self._render_title()

    def _submit_setup(self) -> None:
        try:
            players = parse_players(self.query_one("#setup-players", Input).value)
            blinds = parse_blinds(self.query_one("#setup-blinds", Input).value)
            structure = parse_structure(self.query_one("#setup-structure", Input).value)
            button_text = self.query_one("#setup-button", Input).value.strip()
            if not button_text.isdigit() or not 1 <= int(button_text) <= len(players):
                raise ValueError(f"button {button_text!r}: give a seat from 1 to {len(players)}")
            rules = Rules(structure=structure, small_blind=blinds[0], big_blind=blinds[1])
            if self.session is None:
                self.session = LiveSession(rules, players, button=int(button_text) - 1)
            else:
                self.session.rules = rules
                self.session.set_players(players, button=int(button_text) - 1)
        except (ValueError, BigblindError) as error:
            self.query_one("#setup-help", Static).update(
                Content.styled(str(error).splitlines()[0], "bold #fca5a5")
            )
            return
        self.query_one("#setup").display = False
        for widget_id in ("#seats", "#board", "#result", "#controls"):
            self.query_one(widget_id).display = True
        self.set_focus(None)
        self._start_hand()

    # ----------------------------------------------------------------- a hand

    def _start_hand(self) -> None:
        session = self.session
        assert session is not None
        if not session.can_deal():
            self.state = "between"
            self._say("Fewer than two players have chips: e changes the seats · q quits")
            self._render()
            return
        live = session.start_hand()
        self._shown = live
        self.state = "hand"
        self._logged = 0
        self._write_log(f"━━━━ Hand #{len(session.history) + 1} ━━━━", "bold #fde68a")
        self._say("")
        self._procedure("")
        self._render()

    def _after_change(self) -> None:
        """After every entry: settle a finished hand, then redraw."""
        session = self.session
        live = self.live
        if session is not None and live is not None and live.finished and session.current is live:
            self._sync_log()
            session.finish_hand()
            self.state = "between"
            self._save()
        self._render()

    def _save(self) -> None:
        session = self.session
        if self.history_dir is None or session is None:
            return
        try:
            text = session.phh(event="live game")
        except BigblindError as error:
            self._say(f"The hand histories cannot be written: {error}")
            return
        if self.history_file is None:
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
            self.history_dir.mkdir(parents=True, exist_ok=True)
            self.history_file = self.history_dir / f"live-{stamp}.phhs"
        self.history_file.write_text(text, encoding="utf-8")

    def _do(self, what: str, *args: object, **kwargs: object) -> bool:
        """Call a method of the hand; an error becomes one line on the screen."""
        live = self.session.current if self.session is not None else None
        if live is None:
            self._say("No hand is being dealt: Enter starts the next one")
            return False
        try:
            ruling = getattr(live, what)(*args, **kwargs)
        except BigblindError as error:
            self._say(self._reason(live, error))
            return False
        self._say("")
        if ruling is not None:
            self._procedure(
                f"{ruling.error.text}.\nRULES {ruling.procedure.rule}: {ruling.procedure.text}"
            )
        self._after_change()
        return True

    @staticmethod
    def _reason(live: LiveHand, error: BigblindError) -> str:
        text = str(error).splitlines()[0]
        match = _SEAT_PREFIX.match(text)
        if match is not None and int(match.group(1)) < live.seats:
            text = f"{live.names[int(match.group(1))]} " + text[match.end() :]
        return text[:1].upper() + text[1:]

    def _seat_of(self, text: str) -> int:
        """A table seat number (from 1) as a hand seat."""
        session = self.session
        assert session is not None
        if not text.isdigit():
            raise ValueError(f"{text!r} is not a seat number")
        seat = int(text) - 1
        if seat not in session.dealt:
            raise ValueError(f"seat {text} is not dealt in this hand")
        return session.dealt.index(seat)

    # ----------------------------------------------------------------- actions

    def action_due(self) -> None:
        """Enter: deal the next card face down, open the entry due, or start the next hand."""
        if self.state == "setup":
            self._submit_setup()
            return
        if self.state == "between":
            self._start_hand()
            return
        live = self.live
        if live is None:
            return
        awaiting = live.awaiting
        if awaiting == "hole card":
            self._do("deal_hole")
        elif awaiting in ("flop", "turn", "river"):
            self.action_entry("board")
        elif awaiting == "show":
            self.action_entry("show")
        else:
            self._say("Enter the action: " + " · ".join(label for _, label in self._choices()))

    def action_entry(self, mode: str) -> None:
        """Open the entry line for a card, a seat, an amount or the board."""
        if self.state != "hand":
            self._say("No hand is being dealt: Enter starts the next one")
            return
        live = self.live
        assert live is not None
        allowed = {
            "card": live.dealing,
            "exposed": live.dealing,
            "seat": live.dealing,
            "raise": live.awaiting == "action" and live.legal is not None and live.legal.can_raise,
            "board": live.awaiting in ("action", "flop", "turn", "river") and len(live.board) < 5,
            "show": live.awaiting == "show",
        }
        if not allowed.get(mode, True):
            self._say(f"Not now: {live.next_step}")
            return
        prompt = _PROMPTS[mode]
        if mode == "board":
            due = live.awaiting if live.awaiting != "action" else "exposed too soon"
            prompt = f"Board ({due})"
        self._mode = mode
        self.query_one("#entry-row").display = True
        self.query_one("#entry-label", Static).update(Content.styled(prompt, "bold"))
        field = self.query_one("#entry", Input)
        field.value = ""
        field.focus()
        hints = {
            "card": "e.g. Qh · Enter deals it",
            "exposed": "e.g. Qh, or Qh 4 if it went to seat 4",
            "seat": "the seat number",
            "count": "e.g. 3 1: seat 3 holds one card",
            "misdeal": "in a few words",
            "raise": "chips, Enter sends",
            "board": "e.g. Jc Ts 2d",
            "show": "e.g. As Kd; empty: as dealt",
        }
        self._hint(f"{hints[mode]} · Esc closes")

    def action_amount(self, digit: str) -> None:
        """A digit starts typing a bet or raise amount."""
        live = self.live
        if self.state != "hand" or live is None or live.awaiting != "action":
            return
        self.action_entry("raise")
        if self._mode == "raise":
            field = self.query_one("#entry", Input)
            field.value = digit
            field.cursor_position = 1

    def action_cancel(self) -> None:
        """Close the entry line."""
        self._close_entry()
        self._say("")

    def action_act(self, action: str) -> None:
        """Fold or go all-in for the seat to act."""
        if self._betting():
            self._do("act", action)

    def action_check_call(self) -> None:
        """Check when free, else call."""
        live = self.live
        if self._betting() and live is not None and live.legal is not None:
            self._do("act", "call" if live.legal.call is not None else "check")

    def action_muck(self) -> None:
        """The seat due to show mucks."""
        live = self.live
        if self.state == "hand" and live is not None and live.awaiting == "show":
            self._do("muck")
        else:
            self._say("Nobody is showing now")

    def action_edit(self) -> None:
        """Between hands: change the seats, names, stacks and blinds."""
        if self.state != "between":
            self._say("Seats and blinds change between hands")
            return
        self._show_setup()

    def _betting(self) -> bool:
        live = self.live
        if self.state != "hand" or live is None or live.awaiting != "action":
            self._say("Nobody is to act now" + (f": {live.next_step}" if live else ""))
            return False
        return True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the entry line, or in the set-up form."""
        if self.state == "setup":
            self._submit_setup()
            return
        mode = self._mode
        if mode is None:
            return
        value = event.value.strip()
        ok = False
        try:
            ok = self._submit(mode, value)
        except ValueError as error:  # a seat or a count that cannot be read
            self._say(str(error)[:1].upper() + str(error)[1:])
        if ok:
            self._close_entry()

    def _submit(self, mode: str, value: str) -> bool:
        live = self.live
        assert live is not None
        words = value.split()
        if mode == "card":
            return self._do("deal_hole", None, value or None)
        if mode == "exposed":
            if not words:
                raise ValueError("name the exposed card")
            seat = self._seat_of(words[1]) if len(words) > 1 else None
            return self._do("deal_hole", seat, words[0], exposed=True)
        if mode == "seat":
            return self._do("deal_hole", self._seat_of(value), None)
        if mode == "count":
            if len(words) != 2 or not words[1].isdigit():
                raise ValueError("give the seat and the cards it holds, e.g. 3 1")
            return self._do("report_wrong_count", self._seat_of(words[0]), int(words[1]))
        if mode == "misdeal":
            return self._do("misdeal", value or "the dealer called a misdeal")
        if mode == "raise":
            if not value.isdigit():
                raise ValueError("type the chips of the bet or raise, e.g. 8")
            return self._do("raise_to", int(value))
        if mode == "board":
            return self._do("deal_board", value)
        if mode == "show":
            return self._do("show", value or None)
        return False

    def _close_entry(self) -> None:
        self._mode = None
        field = self.query_one("#entry", Input)
        field.value = ""
        self.query_one("#entry-row").display = False
        self._hint("")
        if field.has_focus:
            self.set_focus(None)

    # -------------------------------------------------------------- rendering

    def _render_title(self) -> None:
        session = self.session
        parts = ["bigblind live"]
        if session is not None:
            rules = session.rules
            parts.append(f"{GAME_NAMES[rules.structure]} {rules.small_blind}/{rules.big_blind}")
            number = len(session.history) + (1 if session.current is not None else 0)
            parts.append(f"hand #{max(number, 1)}")
            live = self.live
            if live is not None and live.deal_number > 1 and session.current is live:
                parts.append(f"deal {live.deal_number}")
        else:
            parts.append("set-up")
        self.query_one("#title", Static).update("  ·  ".join(parts))

    def _positions(self, live: LiveHand) -> dict[int, str]:
        marks: dict[int, list[str]] = {live.button: ["D"]}
        for event in live.hand.events:
            if isinstance(event, Posted) and event.kind is Forced.SMALL_BLIND:
                marks.setdefault(event.seat, []).append("SB")
            elif isinstance(event, Posted) and event.kind is Forced.BIG_BLIND:
                marks.setdefault(event.seat, []).append("BB")
        return {seat: " ".join(m) for seat, m in marks.items()}

    def _render_seats(self) -> None:
        session = self.session
        live = self.live
        if session is None:
            return
        playing = live is not None and session.current is live
        rows: list[Content] = []
        dealt = session.dealt if live is not None else ()
        marks = self._positions(live) if live is not None else {}
        shown: dict[int, tuple[int, ...]] = {}
        if live is not None:
            shown = {e.seat: tuple(e.cards) for e in live.hand.events if isinstance(e, Shown)}
        for seat, name in enumerate(session.names):
            stack = session.stacks[seat]
            marker, bet, state, dim = "", 0, "", False
            cards: list[Content] = []
            actor = False
            if live is not None and seat in dealt:
                h = dealt.index(seat)
                marker = marks.get(h, "")
                if playing:
                    stack = live.stacks[h]
                    bet = live.bets[h]
                    actor = live.actor == h
                folded = live.hand.folded[h]
                if folded:
                    state, dim = "folded", True
                elif playing and live.stacks[h] == 0:
                    state = "ALL-IN"
                holes = live.holes(h)
                if h in shown:
                    cards = [card_content(c) for c in shown[h]]
                elif not folded or live.dealing:
                    cards = [card_content(c) for c in holes]
                if live.dealing and live.due_seat == h:
                    state = "◀ next card"
            elif stack == 0:
                state, dim = "busted", True
            base = "#6b7280" if dim else ""
            parts: list[str | Content | tuple[str, str]] = [
                ("▶ " if actor else "  ", "bold #facc15"),
                (f"{seat + 1:>2} ", "#8b9bb0"),
                (f"{marker:<6}", "bold #fbbf24"),
                (f"{name[:12]:<13}", base or "bold"),
                (f"{stack:>6}  ", base or "#e5e7eb"),
                (f"{'bet ' + str(bet) if bet else '':<9}", base or "#fde047"),
                (f"{state:<12}", base or ("bold #f87171" if state == "ALL-IN" else "#93c5fd")),
            ]
            row = Content.assemble(*parts)
            for card in cards:
                row = row + Content(" ") + card
            rows.append(row)
        self.query_one("#seats", Static).update(Content("\n").join(rows))

    def _render_board(self) -> None:
        live = self.live
        parts: list[str | Content | tuple[str, str]] = [("Board  ", "bold")]
        board = live.board if live is not None else ()
        for i in range(5):
            parts.append(card_content(board[i]) if i < len(board) else card_content(0, empty=True))
            parts.append(" ")
        if live is not None:
            parts.append(("  Pot ", "bold"))
            if not live.finished:
                parts.append((str(live.pot), "bold #fde047"))
                pots = live.pots
                if len(pots) > 1:
                    parts.append((f"  ({side_pots_text(pots)})", "#fde047"))
            else:
                result = live.result
                total = sum(p.amount for p in result.pots) if result is not None else 0
                parts.append((str(total), "bold #fde047"))
            parts.append((f"  · stub {live.stub}", "#93a3b8"))
            if live.set_aside:
                parts.append((f" · aside {format_cards(live.set_aside, ' ')}", "#fca5a5"))
        self.query_one("#board", Static).update(Content.assemble(*parts))

    def _render_result(self) -> None:
        widget = self.query_one("#result", Static)
        live = self.live
        session = self.session
        if live is None or session is None or not live.finished:
            widget.update("")
            return
        lines = list(live.summary())
        stacks = " · ".join(f"{n} {c}" for n, c in zip(session.names, session.stacks, strict=True))
        lines.append(f"Stacks for the next hand: {stacks}")
        widget.update("\n".join(lines))

    def _choices(self) -> list[tuple[str, str]]:
        live = self.live
        if self.state == "between" or live is None:
            return [("Enter", "next hand"), ("e", "seats & blinds"), ("q", "quit")]
        awaiting = live.awaiting
        if awaiting == "hole card":
            return [
                ("Enter", "card face down"),
                ("k", "name the card"),
                ("x", "exposed card"),
                ("o", "out of turn"),
                ("w", "wrong number"),
                ("m", "misdeal"),
                ("q", "quit"),
            ]
        if awaiting == "action":
            legal = live.legal
            assert legal is not None
            choices = [("f", "fold")] if legal.fold else []
            choices.append(("c", f"call {legal.call}" if legal.call is not None else "check"))
            if legal.can_raise:
                choices.append(("r", "bet" if legal.bet else "raise to"))
            choices.append(("a", "all-in"))
            choices += [("b", "board too soon"), ("w", "wrong number"), ("m", "misdeal")]
            return [*choices, ("q", "quit")]
        if awaiting in ("flop", "turn", "river"):
            return [
                ("Enter", f"deal the {awaiting}"),
                ("w", "wrong number"),
                ("m", "misdeal"),
                ("q", "quit"),
            ]
        if awaiting == "show":
            return [("Enter", "show"), ("u", "muck"), ("q", "quit")]
        return [("q", "quit")]

    def _render_controls(self) -> None:
        live = self.live
        step = self.query_one("#step", Static)
        if self.state == "between" or live is None:
            step.update("▶ Hand over: Enter deals the next hand")
        else:
            step.update(f"▶ {live.next_step}")
        keys = self.query_one("#keys", Static)
        width = keys.content_size.width or 66
        keys.update(keys_content(self._choices(), width))
        legal = live.legal if live is not None and self.state == "hand" else None
        widget = self.query_one("#range", Static)
        if legal is None:
            widget.update("")
            return
        widget.update(Content.assemble(("Legal  ", "bold"), legal_text(legal)))

    def _sync_log(self) -> None:
        live = self.live
        if live is None:
            return
        lines = record_lines(live.events, live.names)
        for line in lines[self._logged :]:
            self._write_log(line, _log_style(line))
        self._logged = len(lines)

    def _procedure(self, text: str) -> None:
        self.query_one("#procedure", Static).update(text)


def _log_style(line: str) -> str:
    if line.startswith("━━"):
        return "bold #fde68a"
    if line.startswith("──"):
        return "bold #93c5fd"
    if line.startswith("RULES 9"):
        return "bold #fde68a"
    if " wins " in line or " split " in line:
        return "bold #86efac"
    if " shows " in line:
        return "#fde68a"
    return ""
