"""The live app's screen: the layout and the drawing of the seats, the board and the dealer's box.

:class:`LiveScreen` draws; :class:`~bigblind.ui.live_setup.LiveSetup` reads the
set-up form; :class:`~bigblind.ui.live_app.LiveApp` adds the keys and the dealing.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Input, Static

from bigblind.cards import format_cards
from bigblind.engine.events import (
    Forced,
    Posted,
    Shown,
)
from bigblind.engine.rules import Structure
from bigblind.evaluation.games import HOLDEM
from bigblind.evaluation.games import Game as PokerGame
from bigblind.sessions.live import (
    LiveHand,
    LiveSession,
)
from bigblind.ui.live_text import STRUCTURES, log_style, record_lines
from bigblind.ui.render import (
    card_content,
    game_title,
    keys_content,
    legal_text,
    side_pots_text,
)
from bigblind.ui.screen import SCREEN_CSS, ScreenApp

__all__ = ["LiveScreen"]


class LiveScreen(ScreenApp):
    """The assistant's layout and drawing of a :class:`~bigblind.sessions.live.LiveSession`.

    ``state`` is 'setup' (the form), 'hand' (a hand is dealt) or 'between' (hands).
    """

    TITLE = "bigblind live"
    LOG_LIMIT = 800
    CSS = (
        SCREEN_CSS
        + """
    #left { width: 72; }
    .-narrow #left { width: 56; }
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
    #hint { padding: 0 0; }
    #procedure { height: auto; color: #fde68a; }
    """
    )

    def __init__(
        self,
        session: LiveSession | None = None,
        *,
        history_dir: Path | None = None,
        blinds: tuple[int, int] = (1, 2),
        structure: Structure = Structure.NO_LIMIT,
        straddle: int = 0,
        run_twice: bool = False,
        game: PokerGame = HOLDEM,
    ) -> None:
        super().__init__()
        self._game = game if session is None else session.rules.game
        """The game dealt (RULES 11): the dealer gives each player its hole cards."""
        self._run_twice = run_twice if session is None else session.run_twice
        """Whether the game offers to run it twice after an all-in (RULES 10.3)."""
        self._straddle = straddle if session is None else session.rules.straddle
        """The straddle allowed (RULES 2.7), in chips; 0: none."""
        self._defaults = (
            f"{blinds[0]}/{blinds[1]}",
            {v: k for k, v in STRUCTURES.items()}[structure],
        )
        self.session = session
        self.history_dir = history_dir
        self.history_file: Path | None = None
        """The session's PHH file, once a hand has been written."""
        self.pokerstars_file: Path | None = None
        """The session's PokerStars text, once a hand has been written."""
        self.save_error: str | None = None
        """Why the last hand could not be written, or None."""
        self.phh_error: str | None = None
        """Why the game has no PHH (pot limit), or None."""
        self._started = datetime.datetime.now()
        self.state = "setup" if session is None else "hand"
        """'setup' (the form), 'hand' (a hand is dealt), 'between' (hands) or 'straddle'
        (the next hand waits to know whether the player offered the straddle takes it)."""
        self._mode: str | None = None
        self._shown: LiveHand | None = None
        self._ruled_at: int | None = None  # the board cards out at the last ruling

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

    # -------------------------------------------------------------- rendering

    def _render_title(self) -> None:
        session = self.session
        parts = ["bigblind live"]
        if session is not None:
            rules = session.rules
            parts.append(f"{game_title(rules)} {rules.small_blind}/{rules.big_blind}")
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
        narrow = self.narrow
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
                compact = self._game.hole_cards > 2  # Omaha's cards fit 80 columns
                if h in shown:
                    cards = [card_content(c, compact=compact) for c in shown[h]]
                elif not folded or live.dealing:
                    cards = [card_content(c, compact=compact) for c in holes]
                if live.dealing and live.due_seat == h:
                    state = "◀ next card"
            elif stack == 0:
                state, dim = "busted", True
            base = "#6b7280" if dim else ""
            # Narrow: shorter names and marks, so that the log beside keeps room.
            if narrow and state == "◀ next card":
                state = "◀ next"
            name_width, state_width = (8, 7) if narrow else (12, 12)
            parts: list[str | Content | tuple[str, str]] = [
                ("▶ " if actor else "  ", "bold #facc15"),
                (f"{seat + 1:>2} ", "#8b9bb0"),
                (f"{marker:<{5 if narrow else 6}}", "bold #fbbf24"),
                (f"{name[:name_width]:<{name_width + 1}}", base or "bold"),
                (f"{stack:>6} " + " " * (not narrow), base or "#e5e7eb"),
                (f"{'bet ' + str(bet) if bet else '':<9}", base or "#fde047"),
                (
                    f"{state:<{state_width}}",
                    base or ("bold #f87171" if state == "ALL-IN" else "#93c5fd"),
                ),
            ]
            row = Content.assemble(*parts)
            for card in cards:
                row = row + Content(" ") + card
            rows.append(row)
        self.query_one("#seats", Static).update(Content("\n").join(rows))

    def _render_board(self) -> None:
        live = self.live
        boards = live.boards if live is not None else ((),)
        parts: list[str | Content | tuple[str, str]] = []
        for number, board in enumerate(boards, start=1):
            # Run twice (RULES 10.3): one row a run, the pot after the last.
            parts.append(("Board  " if len(boards) == 1 else f"Run {number}  ", "bold"))
            for i in range(5):
                empty = i >= len(board)
                parts.append(card_content(0, empty=True) if empty else card_content(board[i]))
                parts.append(" ")
            if number < len(boards):
                parts.append("\n")
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
        choices = self._hand_choices()
        live = self.live
        if self.state == "hand" and live is not None and live.steps:
            choices.insert(len(choices) - 1, ("z", "undo"))  # before quit
        return choices

    def _hand_choices(self) -> list[tuple[str, str]]:
        live = self.live
        if self.state == "straddle":
            return [("y", "straddles"), ("n", "no straddle"), ("q", "quit")]
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
                choices.append(("r", legal.raise_word))
            choices.append(("a", "all-in"))
            choices += [("b", "board too soon"), ("w", "wrong number"), ("m", "misdeal")]
            return [*choices, ("q", "quit")]
        if awaiting in ("flop", "turn", "river"):
            run = f" of run {live.run}" if len(live.boards) > 1 else ""
            return [
                ("Enter", f"deal the {awaiting}{run}"),
                ("w", "wrong number"),
                ("m", "misdeal"),
                ("q", "quit"),
            ]
        if awaiting == "show":
            return [("Enter", "show"), ("u", "muck"), ("q", "quit")]
        if awaiting == "runs":
            return [
                ("y", "run it twice"),
                ("n", "run it once"),
                ("w", "wrong number"),
                ("q", "quit"),
            ]
        return [("q", "quit")]

    def _render_controls(self) -> None:
        live = self.live
        step = self.query_one("#step", Static)
        offer = self.session.straddle_offer() if self.session is not None else None
        if self.state == "straddle" and offer is not None:
            step.update(f"▶ Does {offer.name} (seat {offer.seat + 1}) straddle {offer.amount}?")
        elif self.state == "between" or live is None:
            step.update("▶ Hand over: Enter deals the next hand")
        else:
            step.update(f"▶ {live.next_step}")
        keys = self.query_one("#keys", Static)
        width = keys.content_size.width
        if not width:  # not laid out yet: the legend is drawn when the width is known
            self.call_after_refresh(self._render_keys)
        keys.update(keys_content(self._choices(), width or 66))
        legal = live.legal if live is not None and self.state == "hand" else None
        widget = self.query_one("#range", Static)
        if legal is None:
            widget.update("")
            return
        widget.update(Content.assemble(("Legal  ", "bold"), legal_text(legal)))

    def _render_keys(self) -> None:
        keys = self.query_one("#keys", Static)
        if keys.content_size.width:
            keys.update(keys_content(self._choices(), keys.content_size.width))

    def on_resize(self, event: events.Resize) -> None:
        """A new terminal size: the key legend wraps between keys, never inside a label."""
        super().on_resize(event)
        self.call_after_refresh(self._render_keys)

    def _sync_log(self) -> None:
        live = self.live
        if live is None:
            return
        lines = record_lines(live.events, live.names)
        for line in lines[self._logged :]:
            self._write_log(line, log_style(line))
        self._logged = len(lines)

    def _procedure(self, text: str) -> None:
        self.query_one("#procedure", Static).update(text)
