"""Reading one PokerStars hand (Hold'em cash or tournament) into a history to replay.

:func:`read_hand` turns the lines of one hand into a
:class:`~bigblind.formats.phh.history.HandHistory`, the form PHH files take,
so that the engine can replay it. The history's ``finishing_stacks`` are what
the file says each player left with (stacks, less what they put in, plus what
they collected after rake). :mod:`~bigblind.formats.pokerstars.hands` reads
whole files, each hand on its own.

Players are in PHH order: ``p1`` is the first player dealt in left of the
button, the button (or the player right of an empty button seat) is ``pn``.
Amounts are chips; in a cash game for money one chip is one cent. Hole
cards come from ``Dealt to`` lines, shows and the summary's ``mucked``
cards, else they are unknown. Lines that do not change the hand (chat,
players joining, leaving or sitting out, time-outs, bounties) are passed over.

Each history's ``metadata`` holds ``hand`` (the hand's number), ``table``,
``seats`` (table seat numbers, PHH order), ``seat_count``, ``kind`` (``cash``,
``zoom``, ``home`` or ``tournament``), ``winnings`` (what each player
collected), ``returned`` (each player's uncalled bet as the file writes it),
``line`` (the hand's first line in its file), ``action_lines`` (the file line
of each action, 0 for the deal), ``_rake`` (every fee of the pot),
``_total_pot`` and, as the file says, ``currency`` (``'USD'`` ...) or
``tournament``, ``level``, ``buy_in`` and ``round``; ``club`` for a home game.
``site`` is ``'PokerStars'`` or ``'GGPoker'``, whose hands are written in the
same form; ``cents`` whether a chip is the hundredth of what the file writes;
``time`` the header's time (a ``datetime``, Eastern where PokerStars gives it).
Where the file says so: ``cash_out``, what each player took from
the site by an all-in cash out (their final stack counts it instead of the
pot); ``cashout_risk``, what each paid GGPoker for an EV cash out (their
final stack is less by it); ``cash_drop``, what GGPoker added to the pot;
``ante_first``, the players whose blind the site took after their ante from a
stack too short for both. In a cap game (``cap``) the stacks are what each
player could put in at most, the cap, and ``cap_excess`` what they held
beyond it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import BigblindError, HistoryError
from bigblind.formats.phh.history import HandHistory, variant_code
from bigblind.formats.pokerstars.heading import AMOUNT, Heading, parse_amount, read_heading

__all__ = ["read_hand", "sit_out_idle"]

_SEAT: Final = re.compile(
    rf"Seat (?P<seat>[0-9]{{1,2}}): (?P<name>.+?) \((?P<stack>{AMOUNT}) in chips"
    r"(?:, .*)?\)(?P<rest>.*)"
)
_POST: Final = re.compile(
    r"(?P<kind>posts small blind|posts big blind|posts the ante|posts small & big blinds"
    r"|posts button blind"
    rf"|posts straddle|unknown) (?P<amount>{AMOUNT})(?P<all_in> and is all-in)?"
)
# 9stacks writes a straddle as 'unknown 200'.
_ACTION: Final = re.compile(
    rf"(?P<verb>folds|checks|calls|bets|raises)(?: (?P<amount>{AMOUNT}))?"
    rf"(?: to (?P<to>{AMOUNT}))?(?P<all_in> and is all-in)?"
    rf"(?: and has reached the (?P<cap>{AMOUNT}) cap)?(?: \[.*\])?(?: \(.*\))?"
)
_STREET: Final = re.compile(
    r"\*\*\* (?:(?P<run>FIRST|SECOND) )?(FLOP|TURN|RIVER) \*\*\* "
    r"(?:\[[^\]]*\] )?\[(?P<new>[^\]]*)\]"
)
_DEALT: Final = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_SHOWS: Final = re.compile(r"shows \[(?P<cards>[^\]]*)\]")
_MUCKS: Final = re.compile(r"mucks\b.*", re.IGNORECASE)
_COLLECTED: Final = re.compile(
    rf"(?P<name>.+) collected (?P<amount>{AMOUNT}) from (?:the )?(?:main |side )?pot(?:-[0-9]+)?"
)
# All-in Cash Out: the player takes an amount from the site instead of the pot.
_CASHED: Final = re.compile(
    rf"(?P<name>.+) cashed out the hand for (?P<amount>{AMOUNT})(?: \| Cash Out Fee .*)?"
)
_NOT_AWARDED: Final = re.compile(
    rf"Seat [0-9]{{1,2}}: (?P<rest>.*) won \((?P<won>{AMOUNT})\).*"
    r"\(pot not awarded as player cashed out\)"
)
_RETURNED: Final = re.compile(rf"Uncalled bet \((?P<amount>{AMOUNT})\) returned to (?P<name>.+)")
_TOTAL: Final = re.compile(
    rf"Total pot (?P<total>{AMOUNT}).*?\| Rake (?P<rake>{AMOUNT})(?P<fees>.*)"
)
# GGPoker's other fees after the rake: '| Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0'.
_FEE: Final = re.compile(rf"\| [A-Za-z ]+ (?P<fee>{AMOUNT})")
# GGPoker: money the site adds to a pot, and the price of an EV cash out.
_CASH_DROP: Final = re.compile(rf"Cash Drop to Pot : total (?P<amount>{AMOUNT})")
_CASHOUT_RISK: Final = re.compile(rf"Pays Cashout Risk \((?P<amount>{AMOUNT})\)")
_SUMMARY_CARDS: Final = re.compile(
    r"Seat [0-9]{1,2}: (?P<rest>.*) (?:mucked|showed) \[(?P<cards>[^\]]*)\]"
)
_CARD: Final = re.compile(r"[2-9TJQKA][cdhs]")
# PHH has no code for pot-limit Texas hold'em: 'PT' names it, by analogy with 'PO'.
_VARIANT: Final = {Structure.NO_LIMIT: "NT", Structure.FIXED_LIMIT: "FT", Structure.POT_LIMIT: "PT"}


def _variant(rules: Rules) -> str:
    """The hand's PHH variant code; for a game PHH has none for (limit Omaha high, no-limit
    Omaha) a label in the same form: the structure's letter and the game's."""
    code = variant_code(rules)
    if code is not None:
        return code
    letter = _VARIANT[rules.structure][0]
    return letter + {"omaha5": "5O", "omaha6": "6O", "omaha8": "O/8"}.get(rules.game.code, "O")


def read_hand(lines: list[str], first_line: int = 1) -> HandHistory:
    """Read the lines of one hand; ``first_line`` is the number of its header in its file.

    Raises :class:`~bigblind.errors.HistoryError` naming the hand and the
    file's line, or :class:`~bigblind.formats.pokerstars.heading.OtherGameError`
    for a hand of a game bigblind does not play.
    """
    if not lines:
        raise HistoryError(f"line {first_line}: no hand there")
    try:
        heading = read_heading(lines[0], lines[1] if len(lines) > 1 else "")
    except HistoryError as error:
        raise _shifted(error, first_line) from None
    return _Hand(lines, first_line, heading).history()


def sit_out_idle(lines: list[str]) -> list[str]:
    """A hand's PokerStars lines with ``is sitting out`` added to every seat whose player
    posts nothing, does nothing and collects nothing: not dealt in.

    Sites that list every seat, those waiting for the button too (Winamax, 888poker),
    leave it to the reader to tell; PokerStars says so itself.
    """
    seats = {m["name"]: i for i, line in enumerate(lines) if (m := _SEAT.fullmatch(line.strip()))}
    playing = {line.split(": ", 1)[0] for line in lines[2:] if ": " in line}
    for name in seats:
        if any(line.startswith(f"{name} collected ") for line in lines):
            playing.add(name)
    out = list(lines)
    for name, at in seats.items():
        if name not in playing and "sitting out" not in out[at]:
            out[at] = out[at].rstrip() + " is sitting out"
    return out


def _shifted(error: HistoryError, first_line: int) -> HistoryError:
    """The heading's error with its 'line 1'/'line 2' counted in the file."""
    text = re.sub(
        r"\bline ([12])\b",
        lambda m: f"line {int(m.group(1)) + first_line - 1}",
        str(error),
        count=1,
    )
    if type(error) is HistoryError:
        return HistoryError(text)
    error.args = (text,)
    return error


@dataclass(slots=True)
class _Player:
    name: str
    seat: int  # the table seat number
    stack: int
    dealt: bool
    put_in: int = 0
    street: int = 0  # chips in front this betting round
    collected: int = 0
    returned: int = 0
    cashed_out: int = 0  # from the site, for the player's share of the pot
    cashout_risk: int = 0  # paid to the site for an EV cash out (GGPoker)
    not_awarded: int = 0  # the pot the player would have won, had they not cashed out
    cards: str | None = None
    shown: bool = False


@dataclass(slots=True)
class _Post:
    name: str
    kind: str
    amount: int
    all_in: bool


@dataclass(slots=True)
class _Hand:
    """The lines of one hand, read in one pass into the parts of a history."""

    lines: list[str]
    first_line: int
    heading: Heading
    players: dict[str, _Player] = field(default_factory=dict)
    posts: list[_Post] = field(default_factory=list)
    # (a player's name, or None for the dealer: any text may be a name, 'd' too; PHH
    # verb; the line's index)
    play: list[tuple[str | None, str, int]] = field(default_factory=list)
    rake: int = 0
    total: int | None = None
    cash_drop: int = 0
    ante_first: list[str] = field(default_factory=list)
    runs: int = 1
    cap: int | None = None
    metadata: dict[str, object] = field(default_factory=dict)

    def history(self) -> HandHistory:
        heading = self.heading
        self.metadata["hand"] = heading.number
        self.metadata["site"] = heading.site
        self.metadata["cents"] = heading.cents
        if heading.when is not None:
            self.metadata["time"] = heading.when
        self.metadata["kind"] = heading.kind
        self.metadata["line"] = self.first_line
        if heading.tournament is not None:
            self.metadata["tournament"] = heading.tournament
            if heading.level is not None:
                self.metadata["level"] = heading.level
            if heading.buy_in is not None:
                self.metadata["buy_in"] = heading.buy_in
            if heading.round is not None:
                self.metadata["round"] = heading.round
        elif heading.currency is not None and heading.cents:
            self.metadata["currency"] = heading.currency
        if heading.club is not None:
            self.metadata["club"] = heading.club
        self.metadata["table"] = heading.table
        if heading.seat_count is not None:
            self.metadata["seat_count"] = heading.seat_count
        self.read_lines()
        order = self.order(heading.button)
        return self.build(order, heading.structure, heading.low, heading.high)

    # ----------------------------------------------------------- the lines

    def read_lines(self) -> None:
        index = 2
        while index < len(self.lines) and (seat := _SEAT.fullmatch(self.lines[index].strip())):
            name = seat["name"]
            if name in self.players:
                raise self.error(index, f"player {name!r} is seated twice")
            out = "sitting out" in seat["rest"] or "out of hand" in seat["rest"]
            stack = self.amount(index, seat["stack"])
            self.players[name] = _Player(name, int(seat["seat"]), stack, dealt=not out)
            index += 1
        if len(self.players) < 2:
            raise self.error(index, "a hand needs two seated players ('Seat N: name (X in chips)')")
        summary = False
        for at in range(index, len(self.lines)):
            line = self.lines[at].strip()
            if line.startswith("*** SUMMARY ***"):
                summary = True
            elif summary:
                self.summary_line(at, line)
            else:
                self.play_line(at, line)

    def play_line(self, index: int, line: str) -> None:
        if not line or line.startswith(("*** HOLE CARDS", "*** SHOW", "*** FIRST SHOW")):
            return
        if line.startswith("*** SECOND SHOW"):
            return
        if drop := _CASH_DROP.fullmatch(line):
            self.cash_drop += self.amount(index, drop["amount"])
            return
        if street := _STREET.fullmatch(line):
            cards = self.cards(index, street["new"], 1)
            if street["run"] == "SECOND":  # RULES 10.3: the board run twice
                self.runs = 2
                self.play.append((None, f"db {cards} # run 2", index))
                return
            self.play.append((None, f"db {cards}", index))
            for player in self.players.values():
                player.street = 0
            return
        if dealt := _DEALT.fullmatch(line):
            if dealt["name"] in self.players:
                self.players[dealt["name"]].cards = self.cards(index, dealt["cards"], 2)
            return
        if returned := _RETURNED.fullmatch(line):
            player = self.player(index, returned["name"])
            amount = self.amount(index, returned["amount"])
            player.put_in -= amount
            player.street -= amount
            player.returned += amount
            return
        if (cashed := _CASHED.fullmatch(line)) and cashed["name"] in self.players:
            self.players[cashed["name"]].cashed_out += self.amount(index, cashed["amount"])
            return
        collected = _COLLECTED.fullmatch(line)
        if collected and collected["name"] in self.players:
            self.players[collected["name"]].collected += self.amount(index, collected["amount"])
            return
        name, rest = self.split_name(line)
        if name is None:
            return  # not about a seated player's play: a table message
        player = self.players[name]
        rest = rest.strip()
        if post := _POST.fullmatch(rest):
            self.post(index, player, post)
        elif action := _ACTION.fullmatch(rest):
            self.action(index, player, action)
        elif (shows := _SHOWS.match(rest)) and len(shows["cards"].split()) >= 2:
            # One card shown (after winning unopposed) is no showdown: passed over. A hand
            # run twice shows each hand again at the second showdown: once is the show.
            player.cards = self.cards(index, shows["cards"], 2)
            if not player.shown:
                player.shown = True
                self.play.append((name, f"sm {player.cards}", index))
        elif risk := _CASHOUT_RISK.fullmatch(rest):
            player.cashout_risk += self.amount(index, risk["amount"])
        elif _MUCKS.fullmatch(rest) and not player.shown:
            player.shown = True
            self.play.append((name, "sm", index))

    def post(self, index: int, player: _Player, post: re.Match[str]) -> None:
        amount = self.amount(index, post["amount"])
        kind = post["kind"].removeprefix("posts ").replace("unknown", "straddle")
        player.dealt = True
        player.put_in += amount
        if kind == "small & big blinds":
            # The small blind's part is dead money: only the big blind's counts as a bet.
            heading = self.heading
            big = heading.low if heading.structure is Structure.FIXED_LIMIT else heading.high
            player.street += min(amount, big)
        elif kind == "small blind" and any(p.kind == "big blind" for p in self.posts):
            pass  # a small blind after the big blind is owed, dead money (RULES 10.1)
        elif kind != "the ante":
            player.street += amount
        all_in = post["all_in"] is not None
        anted = any(p.name == player.name and p.kind == "the ante" for p in self.posts)
        if all_in and kind != "the ante" and anted:
            # The site took the ante first from a stack too short for both; RULES 2.6
            # posts the blind first, and so does the engine.
            self.ante_first.append(player.name)
        self.posts.append(_Post(player.name, kind, amount, all_in))

    def action(self, index: int, player: _Player, action: re.Match[str]) -> None:
        verb, name = action["verb"], player.name
        player.dealt = True
        if action["cap"] is not None:
            self.cap = self.amount(index, action["cap"])
        if verb == "folds":
            self.play.append((name, "f", index))
            return
        if verb == "checks":
            self.play.append((name, "cc", index))
            return
        if action["amount"] is None:
            raise self.error(index, f"{verb!r} needs an amount")
        amount = self.amount(index, action["amount"])
        if verb == "calls":
            player.put_in += amount
            player.street += amount
            self.play.append((name, "cc", index))
            return
        if verb == "raises":
            if action["to"] is None:
                raise self.error(index, "a raise reads 'raises X to Y'")
            to = self.amount(index, action["to"])
        else:
            to = player.street + amount
        player.put_in += to - player.street
        player.street = to
        self.play.append((name, f"cbr {to}", index))

    def summary_line(self, index: int, line: str) -> None:
        if total := _TOTAL.match(line):
            self.total = self.amount(index, total["total"])
            self.rake = self.amount(index, total["rake"])
            for fee in _FEE.finditer(total["fees"]):
                self.rake += self.amount(index, fee["fee"])  # the house's too, as the rake
        if (won := _NOT_AWARDED.fullmatch(line)) and (player := self.seated(won["rest"])):
            player.not_awarded += self.amount(index, won["won"])
        # The summary names the cards the house saw: mucked ones too (RULES 6.8).
        cards = _SUMMARY_CARDS.match(line)
        if cards and len(cards["cards"].split()) >= 2 and (player := self.seated(cards["rest"])):
            # (One card shown after winning uncontested tells no hand.)
            player.cards = player.cards or self.cards(index, cards["cards"], 2)

    def seated(self, rest: str) -> _Player | None:
        """The player a summary line's text after ``Seat N:`` is about (the longest name)."""
        rest += " "
        names = [name for name in self.players if rest.startswith(name + " ")]
        return self.players[max(names, key=len)] if names else None

    # ------------------------------------------------------------- building

    def order(self, button: int) -> list[_Player]:
        """The players dealt in, in PHH order: from left of the button seat round to it."""
        dealt = [p for p in self.players.values() if p.dealt]
        if len(dealt) < 2:
            raise self.error(1, "fewer than two players are dealt in")
        for player in dealt:
            if player.stack < 1:
                raise self.error(1, f"{player.name!r} is dealt in with no chips")
        return sorted(dealt, key=lambda p: (p.seat - button - 1) % 100)

    def build(self, order: list[_Player], structure: Structure, low: int, high: int) -> HandHistory:
        n = len(order)
        index = {p.name: i for i, p in enumerate(order)}
        small = {index[p.name]: p.amount for p in self.posts if p.kind == "small blind"}
        big = {index[p.name]: p.amount for p in self.posts if p.kind == "big blind"}
        both = {index[p.name]: p.amount for p in self.posts if p.kind == "small & big blinds"}
        straddles = {index[p.name]: p.amount for p in self.posts if p.kind == "straddle"}
        antes = {index[p.name]: p.amount for p in self.posts if p.kind == "the ante"}
        button_blind = {index[p.name]: p.amount for p in self.posts if p.kind == "button blind"}
        # Where the blinds sit (RULES 2.2, 2.3, 8.4); every other blind is owed (10.1).
        dead_small = on_button = False
        sb_at: int | None
        if button_blind:  # 6+ Hold'em: the button's one blind, as a big blind (RULES 11.3)
            if n == 2 or set(button_blind) != {n - 1} or small or big or both:
                raise self.error(
                    0,
                    "a button blind is read only when the button alone posts it,"
                    " with three or more players dealt in and no other blind",
                )
            sb_at, bb_at, big = None, n - 1, button_blind
        elif n == 2:
            sb_at, bb_at = (1 if 1 in small else None), 0
        elif 0 in small:
            sb_at, bb_at = 0, 1
        elif n - 1 in small and 0 in big:
            sb_at, bb_at, on_button = n - 1, 0, True
        elif 0 in big:
            sb_at, bb_at, dead_small = None, 0, True
        else:
            sb_at, bb_at = None, 1  # a game without a small blind
        if bb_at not in big:
            if small and not big:
                raise self.error(
                    0,
                    "no big blind posted: the site dealt a hand with a small blind alone,"
                    " which bigblind's engine cannot start (RULES 2.2 has both blinds)",
                )
            raise self.error(0, f"no big blind posted by {order[bb_at].name!r}")
        if structure is Structure.FIXED_LIMIT:
            # The stakes are the small and big bets: the blinds are as posted, or else
            # half and all of the small bet.
            small_blind, big_blind = low // 2, low
            full = {p.kind: p.amount for p in self.posts if not p.all_in}
            small_blind = full.get("small blind", small_blind)
            big_blind = full.get("big blind", big_blind)
        else:
            small_blind, big_blind = low, high
        if sb_at is None and not dead_small:
            small_blind = 0
        live, dead = [0] * n, [0] * n
        for at, amount in big.items():
            if at != bb_at:
                live[at] += amount
        for at, amount in small.items():
            if at != sb_at:
                dead[at] += amount
        for at, amount in both.items():
            live[at] += min(amount, big_blind)
            dead[at] += amount - min(amount, big_blind)
        straddle = max(
            (p.amount for p in self.posts if p.kind == "straddle" and not p.all_in),
            default=2 * big_blind if straddles else 0,  # all-in for less: the usual size
        )
        if straddles and set(straddles) != {(bb_at + 1) % n}:
            raise self.error(0, "a straddle is posted by the player left of the big blind")
        ante_type, ante = AnteType.NONE, max(antes.values(), default=0)
        if antes:
            # One ante, by the big blind, is a big-blind ante. (Antes owed by every
            # player read the same when the others were all-in on their blinds
            # before the antes, RULES 2.6: the text cannot tell the two apart.)
            one = set(antes) == {bb_at}
            ante_type = AnteType.BIG_BLIND if one else AnteType.PER_PLAYER
        try:
            rules = Rules(
                structure=structure,
                small_blind=small_blind,
                big_blind=big_blind,
                ante=ante,
                ante_type=ante_type,
                straddle=straddle,
                min_bet=big_blind if structure is not Structure.FIXED_LIMIT else 0,
                small_bet=low if structure is Structure.FIXED_LIMIT else 0,
                big_bet=high if structure is Structure.FIXED_LIMIT else 0,
                cap=4 if structure is Structure.FIXED_LIMIT else None,
                game=self.heading.game,
                button_blind=bool(button_blind),
            )
        except BigblindError as error:
            raise self.error(0, f"the stakes cannot be played: {error}") from None
        unknown = "??" * rules.game.hole_cards
        actions = [f"d dh p{i + 1} {p.cards or unknown}" for i, p in enumerate(order)]
        lines = [0] * len(actions)
        for name, verb, at in _shows_before_run_out(self.play):
            if name is not None and name not in index:
                continue  # a show by a player not dealt in (sitting out): no hand to show
            actions.append(f"d {verb}" if name is None else f"p{index[name] + 1} {verb}")
            lines.append(self.first_line + at)
        self.metadata["seats"] = [p.seat for p in order]
        self.metadata["winnings"] = [p.collected for p in order]
        self.metadata["returned"] = [p.returned for p in order]
        self.metadata["action_lines"] = tuple(lines)
        self.metadata["_rake"] = self.rake
        if any(p.cashout_risk for p in order):
            self.metadata["cashout_risk"] = [p.cashout_risk for p in order]
        if self.cash_drop:
            self.metadata["cash_drop"] = self.cash_drop
        if self.ante_first:
            self.metadata["ante_first"] = list(self.ante_first)
        if any(p.cashed_out for p in order):
            self.metadata["cash_out"] = [p.cashed_out for p in order]
            self.metadata["_not_awarded"] = [p.not_awarded for p in order]
        if self.total is not None:
            self.metadata["_total_pot"] = self.total
        stacks = [p.stack for p in order]
        if self.cap is not None:
            # A cap game (a player 'has reached the cap'; older headers say 'Cap', newer
            # table names 'CAP'): nobody puts in more than the cap, as if all-in for it.
            self.metadata["cap"] = self.cap
            self.metadata["cap_excess"] = [max(0, s - self.cap) for s in stacks]
            stacks = [min(s, self.cap) for s in stacks]
        return HandHistory(
            _variant(rules),
            rules,
            tuple(stacks),
            tuple(actions),
            tuple(
                s - p.put_in + p.collected + p.cashed_out - p.cashout_risk
                for s, p in zip(stacks, order, strict=True)
            ),
            tuple(p.name for p in order),
            self.heading.number,
            dict(self.metadata),
            dead_small_blind=dead_small,
            small_blind_on_button=on_button,
            live_blinds=tuple(live) if any(live) else (),
            dead_money=tuple(dead) if any(dead) else (),
            runs=self.runs,
        )

    # -------------------------------------------------------------- pieces

    def split_name(self, line: str) -> tuple[str | None, str]:
        """The seated player a ``name: ...`` line is about (the longest name that fits)."""
        best = None
        for name in self.players:
            if line.startswith(name + ":") and (best is None or len(name) > len(best)):
                best = name
        return (best, line[len(best) + 1 :]) if best is not None else (None, line)

    def player(self, index: int, name: str) -> _Player:
        player = self.players.get(name)
        if player is None:
            raise self.error(index, f"{name!r} is not seated at the table")
        return player

    def amount(self, index: int, text: str) -> int:
        amount = parse_amount(text, cents=self.heading.cents)
        if amount is None:
            raise self.error(index, f"amount {text!r}: chips are whole numbers")
        return amount

    def cards(self, index: int, text: str, count: int) -> str:
        cards = text.split()
        if len(cards) < count or not all(_CARD.fullmatch(c) for c in cards):
            raise self.error(index, f"cannot read cards [{text!r}]")
        return "".join(cards)

    def error(self, index: int, message: str) -> HistoryError:
        line = self.first_line + index
        return HistoryError(f"hand #{self.heading.number}, line {line}: {message}")


def _shows_before_run_out(
    play: list[tuple[str | None, str, int]],
) -> list[tuple[str | None, str, int]]:
    """The play with every show and muck moved before the board run out after an all-in.

    PokerStars writes the showdown after the whole board; when betting ended
    all-in the hands were turned up before the rest of the board came (RULES
    4.7, 6.7), and that is the order a replay needs.
    """
    last_bet = max(
        (i for i, (who, verb, _) in enumerate(play) if who is not None and verb[:2] != "sm"),
        default=-1,
    )
    shows = [item for item in play[last_bet + 1 :] if item[0] is not None]
    boards = [item for item in play[last_bet + 1 :] if item[0] is None]
    return [*play[: last_bet + 1], *shows, *boards]
