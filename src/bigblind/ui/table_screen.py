"""The table's screen: the layout and the drawing of the seats, the board, the controls and the log.

:class:`TableScreen` draws; :class:`~bigblind.ui.table_app.TableApp` adds the
keys and the play. Everything is drawn from the person's own view of the
hand (RULES 3.4).
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from bigblind.engine.events import Mucked, PotAwarded, Shown
from bigblind.engine.hand import HandView
from bigblind.engine.presets import PRESETS, preset_amount
from bigblind.engine.rules import AnteType
from bigblind.formats.words import log_lines, showdown_lines
from bigblind.sessions.clock import Clock, ClockSettings
from bigblind.sessions.table import Status, TableHand
from bigblind.ui.amount import AmountInput
from bigblind.ui.game import Game, observer_view
from bigblind.ui.render import (
    card_content,
    game_title,
    keys_content,
    legal_text,
    side_pots_text,
)
from bigblind.ui.screen import SCREEN_CSS, SHORT_RESULT, ScreenApp

__all__ = ["MUTED", "TableScreen", "preset_keys", "preset_label"]

_PRESET_LABELS = {"100%": "pot"}
_PRESET_KEY = "bold #0b2818 on #fde68a"
MUTED = "#6b7280"
_BOX_ROWS = 8  # your box: borders, cards, turn, keys, range and two lines of messages
_HUD_ROWS = 4 + 3 + _BOX_ROWS  # title and seats' borders, board and result, your box

_QUESTIONS: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "straddle": ("The straddle is yours", [("y", "straddle"), ("n", "do not")]),
    "runs": ("All-in: run it twice?", [("y", "run it twice"), ("n", "run it once")]),
    "show": ("Showdown: your turn to show", [("s", "show"), ("m", "muck")]),
}
"""What the turn line says and the keys that answer, while a question waits (RULES 2.7,
10.3, 6.7)."""

Parts = list[str | Content | tuple[str, str]]


class TableScreen(ScreenApp):
    """The table's layout and drawing for one person's seat at a :class:`~bigblind.ui.game.Game`.

    ``state`` says what the table waits for: ``'bot'`` (a bot is thinking),
    ``'hero'`` (the person's turn), ``'between'`` (the next hand),
    ``'busted'`` (a rebuy) or ``'over'`` (nothing more to play).
    """

    TITLE = "bigblind"
    CSS = (
        SCREEN_CSS
        + """
    #left { width: 64; }
    .-narrow #left { width: 53; }
    #hero, #turn, #keys, #range { height: auto; }
    #amount-row { height: 1; }
    #amount-row.-hidden { display: none; }
    #amount-label { width: auto; text-style: bold; }
    #amount { width: 12; height: 1; border: none; padding: 0 1; margin: 0 1;
              background: #1e3a5f; }
    #amount:focus { background: #2f5f8f; }
    """
    )

    def __init__(self, game: Game, *, speed: float | None = None) -> None:
        super().__init__()
        self.game = game
        self.speed = game.config.speed if speed is None else speed
        self.state = "starting"
        self._shown: TableHand | None = None
        self._turn_started = time.monotonic()
        self._token: tuple[int, int] | None = None
        self._seat_names = {p.seat: p.name for p in game.table.players}
        self._over = "The game is over"
        self._net: int | None = None
        self.clock: Clock | None = None
        """The person's clock (RULES 10.4), when the game has one."""
        if game.config.clock is not None:
            seconds = game.config.clock
            # RULES 10.4: the bank is topped up every 10 hands, or at each level of a tournament.
            every = None if game.tournament is not None else 10
            settings = ClockSettings(
                decision=seconds, bank=2 * seconds, top_up=seconds, top_up_every=every
            )
            self.clock = Clock(settings)
            self.clock.seat(game.hero)
        self._clock_level: int | None = None
        self._clock_told = 0  # the clock's events already told in the log
        self._paused_at: float | None = None  # when the Quit box opened on a timed turn
        """The tournament level of the last hand dealt, to top the bank up at a new one."""
        self._pre: str | None = None
        """The pre-action chosen while others act: 'check/fold' or 'call any'."""
        self._message_until_step = False
        self._typing = False
        """Whether the amount field is open (from r, a digit or a preset until sent or closed)."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """The title bar, the table and the controls on the left, the log on the right."""
        yield Static(id="title")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="seats")
                yield Static(id="board")
                yield Static(id="result")
                with Vertical(id="controls"):
                    yield Static(id="hero")
                    yield Static(id="turn")
                    yield Static(id="keys")
                    yield Static(id="range")
                    with Horizontal(id="amount-row"):
                        yield Static("Amount", id="amount-label")
                        yield AmountInput(
                            placeholder="chips",
                            id="amount",
                            restrict=r"[0-9]*([.,][0-9]*)?",  # a point: refused on Enter
                            max_length=9,
                            select_on_focus=False,
                        )
                    yield Static(id="hint")
                    yield Static(id="message")
            with VerticalScroll(id="log-box"):
                yield Static(id="log")

    # ----------------------------------------------------------------- queries

    def text(self, widget_id: str) -> str:
        """The plain text a widget shows: 'title', 'seats', 'board', 'result', 'hero',
        'turn', 'keys', 'range', 'message', 'hint', 'log', or 'amount' (the field)."""
        if widget_id == "amount":
            return self.query_one("#amount", AmountInput).value
        return str(self.query_one(f"#{widget_id}", Static).content)

    @property
    def shown_hand(self) -> TableHand | None:
        """The hand on the screen: the one being played, else the one just finished."""
        return self.game.current or self._shown

    def _hero_index(self, current: TableHand) -> int | None:
        hero = self.game.hero
        return current.names.index(hero) if hero in current.names else None

    @property
    def view(self) -> HandView | None:
        """The hand on the screen as the person may see it (RULES 3.4)."""
        current = self.shown_hand
        if current is None:
            return None
        seat = self._hero_index(current)
        return observer_view(current) if seat is None else current.hand.view(seat)

    # -------------------------------------------------------------- rendering

    def _tick(self) -> None:
        # A tick can come while the app closes, after its widgets are gone.
        if self.state in ("hero", "bot") and self.is_running:
            self._render_turn()

    def _render_title(self) -> None:
        game = self.game
        rules = game.rules
        stakes = f"{rules.small_blind}/{rules.big_blind}"
        if rules.ante and rules.ante_type is not AnteType.NONE:
            stakes += f", ante {rules.ante}"
        parts = [f"bigblind  ·  {game_title(rules)} {stakes}"]
        if game.tournament is not None:
            parts.append(f"tournament level {game.tournament.level}")
            parts.append(f"{game.tournament.remaining} left")
        else:
            parts.append("cash game")
        current = self.shown_hand
        if current is not None:
            parts.append(f"hand #{current.number}")
        self.query_one("#title", Static).update("  ·  ".join(parts))

    def _render_seats(self) -> None:
        game = self.game
        table = game.table
        current = self.shown_hand
        view = self.view
        playing = game.current is not None
        shown: dict[int, tuple[int, ...]] = {}
        mucked: set[int] = set()
        if view is not None:
            shown = {e.seat: tuple(e.cards) for e in view.events if isinstance(e, Shown)}
            mucked = {e.seat for e in view.events if isinstance(e, Mucked)}
        rows: list[Content] = []
        narrow = self.narrow
        # A line under each opponent where the screen is wide and tall enough for the HUD
        # beside the board and the person's box.
        huds = not narrow and self.size.height - _HUD_ROWS >= 2 * table.seat_count
        for seat in range(table.seat_count):
            info = table.player(seat)
            marker = _marker(current, seat)
            if info is None:
                name = self._seat_names.get(seat, "")
                gone = f"{name[:10]:<11}out" if name else "(empty)"
                rows.append(Content.assemble("  ", (f"{marker:<5}", "bold #fbbf24"), (gone, MUTED)))
                continue
            name = info.name
            is_hero = name == game.hero
            stack, bet, state, dim = info.stack, 0, "", False
            cards: list[Content] = []
            index = None
            if current is not None and view is not None and seat in current.seats:
                index = current.hand_seat(seat)
            if index is not None and view is not None:
                if playing:
                    stack, bet = view.stacks[index], view.bets[index]
                if view.folded[index]:
                    state, dim = "folded", True
                elif index in mucked:
                    state, dim = "mucked", True
                elif playing and view.stacks[index] == 0:
                    state = "ALL-IN"
                # Four to six cards (RULES 11.1) are drawn without margins to fit 80 columns.
                compact = view.game.hole_cards > 2
                if is_hero:
                    cards = [card_content(c, compact=compact) for c in view.hole]
                elif index in shown:
                    cards = [card_content(c, compact=compact) for c in shown[index]]
                elif playing and not view.folded[index]:
                    cards = [card_content(None, compact=compact)] * view.game.hole_cards
            elif info.status is Status.SITTING_OUT:
                state, dim = "sitting out", True
            elif info.status is Status.WAITING:
                state, dim = "waiting", True
            elif info.status is Status.POSTING:  # back, dealt in once allowed (RULES 10.1)
                state, dim = "returning", True
            if not playing and info.stack == 0:
                state, dim = "busted", True
            actor = playing and current is not None and current.actor == seat
            muted = MUTED if dim else ""
            # Narrow: no bot kind column (the log needs the room; the kinds show when wide).
            kind = "" if narrow else f"{'you' if is_hero else game.kind_of(name):<8}"
            name_width = 8 if narrow else 10
            # Omaha's four to six cards take the room of two name and bet columns, and five
            # or six sit side by side (their faces keep them apart): a row never wraps.
            many = game.rules.game.hole_cards > 2  # every row alike, folded ones too
            name_width -= 2 * many
            bet_width = 8 if many else 9
            gap = "" if game.rules.game.hole_cards > 4 else " "
            row = Content.assemble(
                ("▶ " if actor else "  ", "bold #facc15"),
                (f"{marker:<5}", "bold #fbbf24"),
                (
                    f"{name[:name_width]:<{name_width + 1}}",
                    muted or ("bold #67e8f9" if is_hero else "bold"),
                ),
                (kind, muted or "#8b9bb0"),
                (f"{stack:>6} " + " " * (not narrow), muted or "#e5e7eb"),
                (f"{'bet ' + str(bet) if bet else '':<{bet_width}}", muted or "#fde047"),
                (f"{state:<7}", muted or ("bold #f87171" if state == "ALL-IN" else "")),
            )
            for n, card in enumerate(cards):
                row = row + Content(" " if n == 0 else gap) + card
            rows.append(row)
            hud = game.hud.hud(name) if huds and not is_hero else ""
            if hud:  # this session's hands, VPIP/PFR/3-bet and aggression, under the seat
                rows.append(Content.assemble((f"{'':7}{hud}", MUTED)))
        self.query_one("#seats", Static).update(Content("\n").join(rows))

    def _render_board(self) -> None:
        view = self.view
        current = self.shown_hand
        parts: Parts = [("Board ", "bold")]
        board = view.board if view is not None else ()
        for i in range(5):
            parts.append(" ")
            parts.append(card_content(board[i]) if i < len(board) else card_content(0, empty=True))
        if view is not None and current is not None:
            parts.append(("    Pot ", "bold"))
            if self.game.current is not None:
                parts.append((str(view.pot), "bold #fde047"))
                pots = current.hand.pots
                if len(pots) > 1:  # on a line of its own, to fit a narrow panel
                    parts.append((f"\n{side_pots_text(pots)}", "#fde047"))
            else:
                total = sum(e.amount for e in view.events if isinstance(e, PotAwarded))
                parts.append((str(total), "bold #fde047"))
        if view is not None and len(view.boards) > 1:  # run twice (RULES 10.3)
            parts.append(("\nRun 2 ", "bold"))
            for card in view.boards[1]:
                parts.append(" ")
                parts.append(card_content(card))
        self.query_one("#board", Static).update(Content.assemble(*parts))

    def _render_result(self) -> None:
        """The showdown's lines under the board once the hand is over."""
        widget = self.query_one("#result", Static)
        view = self.view
        current = self.shown_hand
        widget.display = self.game.current is None and view is not None and current is not None
        if self.game.current is not None or view is None or current is None:
            widget.update("")
            return
        texts = showdown_lines(view.events, current.names, game=view.game)
        # Title, table (a row a seat), board, the result, your box with two lines of
        # messages: where that overflows, the winners alone stay here (the shows are in
        # the log), so that your box, the keys and the messages stay on the screen.
        rows = 1 + (self.game.config.players + 2) + 1 + len(texts) + _BOX_ROWS
        if rows > self.size.height and len(texts) > SHORT_RESULT:
            texts = [t for t in texts if not t.endswith(" mucks") and " shows " not in t]
        lines = [Content.styled(line, _result_style(line)) for line in texts]
        widget.update(Content("\n").join(lines))

    def _render_turn(self) -> None:
        widget = self.query_one("#turn", Static)
        elapsed = _clock(time.monotonic() - self._turn_started)
        current = self.game.current
        clock = self.clock
        if self.state == "hero" and clock is not None and clock.turn is not None:
            now = time.monotonic()
            turn = clock.turn
            left = max(0.0, turn.decision_ends - now)
            text = f"  ·  {left:.0f}s to act" if left > 0 else ""
            bank = turn.bank_left(now)
            text += f"  ·  time bank {bank:.0f}s"
            style = "bold #f87171" if turn.left(now) < 10 else "bold #facc15"
            widget.update(Content.assemble(("▶ Your turn", style), text))
        elif self.state == "hero":
            widget.update(Content.assemble(("▶ Your turn", "bold #facc15"), f"  ·  {elapsed}"))
        elif self.state == "bot" and current is not None and current.hand.actor is not None:
            name = current.names[current.hand.actor]
            kind = self.game.kind_of(name)
            pre = f"  ·  yours: {self._pre}" if self._pre else ""
            widget.update(
                Content.assemble((name, "bold"), f" ({kind}) is thinking  ·  {elapsed}{pre}")
            )
        elif self.state in _QUESTIONS:
            widget.update(Content.styled(f"▶ {_QUESTIONS[self.state][0]}", "bold #facc15"))
        elif self.state == "between":
            widget.update(Content.styled(f"The hand is over{_net_text(self._net)}", "bold"))
        elif self.state == "busted":
            widget.update(
                Content.styled(f"You are out of chips{_net_text(self._net)}", "bold #f87171")
            )
        elif self.state == "over":
            widget.update(Content.styled(self._over, "bold #fde68a"))
        else:
            widget.update("")

    def _render_controls(self) -> None:
        game = self.game
        view = self.view
        current = self.shown_hand
        controls = self.query_one("#controls")
        controls.border_title = f"{game.hero} · stack {game.hero_stack}"
        hole = (
            view.hole
            if view is not None and current and self._hero_index(current) is not None
            else ()
        )
        parts: Parts = [("Your cards", "bold")]
        played = game.rules.game  # RULES 11: how many cards, how a hand is named
        compact = played.hole_cards > 2
        for card in hole or (None,) * played.hole_cards:
            parts.append(" ")
            if hole:
                parts.append(card_content(card, compact=compact))
            else:
                parts.append(card_content(0, empty=True, compact=compact))
        known = [c for c in hole if c is not None]
        folded = bool(hole) and view is not None and view.folded[view.seat]
        if folded:
            parts.append(("  folded", "#9aa5b1"))  # a folded hand is out: no value to show
        elif view is not None and len(known) == played.hole_cards and len(view.board) >= 3:
            parts.append((f"  {played.describe(known, view.board)}", "#a7f3d0"))
        self.query_one("#hero", Static).update(Content.assemble(*parts))
        self._render_turn()
        keys = self.query_one("#keys", Static)
        width = keys.content_size.width or 58
        legal_widget = self.query_one("#range", Static)
        legal = view.legal if view is not None and self.state == "hero" else None
        can_bet = legal is not None and legal.can_raise
        self.query_one("#amount-row").set_class(not can_bet, "-hidden")
        legal_widget.display = legal is not None
        if legal is None:
            keys.update(keys_content(self._waiting_keys(), width))
            legal_widget.update("")
            return
        choices = []
        if legal.fold:
            choices.append(("f", "fold"))
        choices.append(("c", f"call {legal.call}" if legal.call is not None else "check"))
        presets: list[tuple[str, str]] = []
        if legal.can_raise:
            assert view is not None
            choices.append(("r", "type a bet" if legal.bet else "type a raise"))
            presets = preset_keys(view)
        choices.append(("q", "quit"))
        shown = keys_content(choices, width)
        if presets:
            shown = Content("\n").join([shown, _grid(presets, width)])
        keys.update(shown)
        legal_widget.update(Content.assemble(("Legal  ", "bold"), legal_text(legal)))

    def _waiting_keys(self) -> list[tuple[str, str]]:
        """The keys that act while it is not the person's turn."""
        game = self.game
        if self.state in _QUESTIONS:
            return [*_QUESTIONS[self.state][1], ("q", "quit")]
        if self.state == "busted":
            return [("b", "rebuy"), ("s", "sit out"), ("q", "quit")]
        if self.state == "between":
            sit = [("s", "come back" if game.sitting_out else "sit out")] if game.cash else []
            if self.clock is not None and self.clock.is_away(game.hero) and not game.sitting_out:
                sit = [("s", "I'm back")]  # away, still dealt in (RULES 10.4)
            return [("n", "next hand"), *sit, ("q", "quit")]
        if self.state == "over":
            out = game.tournament is not None and game.hero_place is not None
            if out and game.tournament is not None and not game.tournament.finished:
                return [("w", "watch the rest"), ("q", "quit")]
            return [("q", "quit")]
        if self.state == "bot" and game.hero_in_hand:
            return [("f", "check/fold ahead"), ("c", "call any ahead"), ("q", "quit")]
        return [("q", "quit")]

    def _sync_log(self) -> None:
        """Add the log lines of the events not logged yet."""
        current = self.shown_hand
        view = self.view
        if current is None or view is None:
            return
        lines = log_lines(view.events, current.names, game=view.game)
        for line in lines[self._logged :]:
            self._write_log(line, _log_style(line))
        self._logged = len(lines)

    def _clear_amount(self) -> None:
        field = self.query_one("#amount", AmountInput)
        field.value = ""
        self._typing = False
        self._hint("")
        if field.has_focus:
            self.set_focus(None)

    def _not_your_turn(self) -> str:
        if self.state in _QUESTIONS:
            keys = _QUESTIONS[self.state][1]
            return "Answer first: " + " · ".join(f"{key} {label}" for key, label in keys)
        current = self.game.current
        if self.state == "bot" and current is not None and current.hand.actor is not None:
            return f"Not your turn: {current.names[current.hand.actor]} is to act"
        if self.state == "busted":
            return "You are out of chips: b rebuys"
        if self.state == "over":
            return "The game is over: q quits"
        return "The hand is over: n deals the next one"


def _marker(current: TableHand | None, seat: int) -> str:
    """'D', 'SB', 'BB' (or 'D SB' heads-up) for the button and the blinds."""
    if current is None:
        return ""
    layout = current.layout
    marks = [
        mark
        for mark, where in (
            ("D", layout.button),
            ("SB", layout.small_blind),
            ("BB", layout.big_blind),
        )
        if where == seat
    ]
    return " ".join(marks)


def preset_keys(view: HandView) -> list[tuple[str, str]]:
    """The preset keys that mean something now, each with its own key (6 is always all-in).

    x2 and x3 are left out where nobody has bet on the street (after the
    flop); a preset that comes to the amount of one shown before it, or of
    all-in, is left out too, so one size only (fixed limit, a short stack)
    shows key 6 alone.
    """
    legal = view.legal
    if legal is None or not legal.can_raise:
        return []
    amounts = [preset_amount(view, preset) for preset in PRESETS]
    keys = []
    shown: set[int] = set()
    for index, (preset, amount) in enumerate(zip(PRESETS, amounts, strict=True)):
        last = index == len(PRESETS) - 1
        if legal.bet and preset in ("x2", "x3"):
            continue
        if not last and (amount in shown or amount == amounts[-1]):
            continue
        shown.add(amount)
        label = preset_label(view, preset)
        if legal.min_raise_to == legal.max_raise_to:
            label = legal.raise_word
        keys.append((str(index + 1), f"{label} {amount}"))
    return keys


def preset_label(view: HandView, preset: str) -> str:
    """The preset's name; 'all-in' is 'max' where the limit stops short of the stack."""
    if preset == "all-in" and view.legal is not None:
        everything = view.stacks[view.seat] + view.bets[view.seat]
        if view.legal.max_raise_to != everything:
            return "max"
    return _PRESET_LABELS.get(preset, preset)


def _net_text(net: int | None) -> str:
    """': you won 12', ': you lost 8', ': you broke even', or '' when not dealt in."""
    if net is None:
        return ""
    if net > 0:
        return f": you won {net}"
    if net < 0:
        return f": you lost {-net}"
    return ": you broke even"


def _clock(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f}s"
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def _grid(pairs: list[tuple[str, str]], width: int) -> Content:
    """Keys in aligned columns: all on one line if they fit, else three or two a line."""
    items = [Content.assemble((f" {key} ", _PRESET_KEY), f" {label}") for key, label in pairs]
    column = max(item.cell_length for item in items) + 2
    fits = (width + 2) // column
    per_line = next((n for n in (len(items), 3, 2) if n <= fits), 1)
    lines = []
    for start in range(0, len(items), per_line):
        row = items[start : start + per_line]
        padded = [item.pad_right(column - item.cell_length) for item in row]
        lines.append(Content("").join(padded).rstrip())
    return Content("\n").join(lines)


def _log_style(line: str) -> str:
    if line.startswith("──"):
        return "bold #93c5fd"
    return _result_style(line)


def _result_style(line: str) -> str:
    if " wins " in line or " split " in line:
        return "bold #86efac"
    if " shows " in line:
        return "#fde68a"
    if line.endswith(" mucks"):
        return MUTED
    return ""
