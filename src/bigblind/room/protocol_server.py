"""The room protocol's server half: the state each tab is sent, and the HTTP answers.

:mod:`bigblind.room.protocol` re-exports every name here with the client's
messages; docs/protocol.md shows an example of each.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ChatLine",
    "CreateRoom",
    "CreatedRoom",
    "ErrorMessage",
    "Finish",
    "HandState",
    "LastHand",
    "LegalActions",
    "Pong",
    "PotState",
    "RequestedSeat",
    "RoomState",
    "SeatRequest",
    "SeatState",
    "SevenDeucePayment",
    "StateMessage",
    "StraddleOffer",
    "TournamentState",
    "Welcome",
]


class _ServerMessage(BaseModel):
    # As strict as the client's messages: a tab reads exactly the fields documented.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    v: Literal[1] = Field(description="protocol version")


# ------------------------------------------------------------------ the server


class LegalActions(BaseModel):
    """What the player to act may do (RULES 4-5), with the presets' amounts (RULES 5.7)."""

    fold: bool
    check: bool
    call: int | None = Field(description="chips a call puts in; None: nothing to call")
    bet: bool = Field(description="True: min/max bound a bet; False: a raise-to total")
    min_raise_to: int | None
    max_raise_to: int | None
    presets: dict[str, int]
    options: list[str] = Field(description="the choices in words: 'fold', 'call 4', ...")


class SeatState(BaseModel):
    """One occupied seat as the viewer sees it; ``cards`` only for the viewer's own seat
    and hands shown (RULES 3.4)."""

    seat: int
    name: str
    stack: int
    status: str = Field(
        description="active, waiting, posting, sitting_out, or joining (seated during the"
        " hand in play, dealt in from the next)"
    )
    away: bool
    bot: str | None
    time_bank: float
    in_hand: bool
    bet: int
    folded: bool
    cards: str | None = Field(description="'As Kd', or None when hidden")
    auto_muck: bool = Field(True, description="losing hands mucked without asking")
    leaving: bool = Field(False, description="leaves (or is removed) when the hand ends")
    last_action: str | None = Field(
        None, description="what the player did last this betting round: 'call 4', 'check'..."
    )


class PotState(BaseModel):
    """One pot (RULES 6.4); after the hand, with its winners and their hand."""

    name: str = Field(description="'Main pot', 'Side pot 1'...")
    amount: int
    winners: list[int] | None = None
    hand: str | None = None


class HandState(BaseModel):
    """The hand being played."""

    number: int
    button: int
    small_blind: int | None
    big_blind: int
    street: str
    board: str
    pot: int
    pots: list[PotState] = Field(default_factory=list)
    actor: int | None
    deadline: float | None = Field(description="Unix time the actor's time and bank run out")
    boards: list[str] = Field(description="each run's board: one, or two when run twice")
    runs_offer: list[int] = Field(
        description="seats asked whether to run it twice (RULES 10.3); [] when none"
    )
    runs_deadline: float | None = Field(description="when an unanswered offer means one run")
    run_votes: dict[str, bool] = Field(description="answers so far, by seat")
    decision: int = Field(
        description="the decision being waited for: an action names it, with the hand's number"
    )
    legal: LegalActions | None = Field(description="only in the actor's own view")
    log: list[str]
    show_choice: int | None = Field(
        None, description="the seat choosing to show or muck a hand that cannot win (RULES 6.7)"
    )
    bomb_pot: int = Field(
        0, description="each player's ante when the hand is a bomb pot (RULES 12.1); 0: not"
    )


class SevenDeucePayment(BaseModel):
    """A seven-deuce bounty paid after the pots (RULES 12.2): ``chips`` from the player in
    seat ``from`` to the winner with 7-2 in seat ``winner``."""

    model_config = ConfigDict(populate_by_name=True)

    winner: int
    payer: int = Field(alias="from")
    chips: int


class LastHand(BaseModel):
    """The public outcome of the last finished hand."""

    number: int
    board: str
    boards: list[str] = Field(description="each run's board: two when run twice")
    shown: dict[str, str] = Field(description="cards shown, by seat")
    pots: list[PotState] = Field(default_factory=list)
    winnings: dict[str, int]
    rake: int
    log: list[str]
    rabbit: str | None = Field(
        None, description="the board cards that would have come, once asked for (RULES 12.3)"
    )
    rabbit_offered: bool = Field(
        False, description="whether anyone may ask for the rabbit now (RULES 12.3)"
    )
    seven_deuce: list[SevenDeucePayment] = Field(
        default_factory=list, description="the seven-deuce bounties paid (RULES 12.2)"
    )


class SeatRequest(BaseModel):
    """A seat request waiting for the host."""

    request: int
    name: str
    seat: int
    chips: int


class ChatLine(BaseModel):
    """One chat line."""

    name: str
    text: str
    at: float
    spectator: bool = Field(False, description="sent by a spectator, under a name of theirs")


class Reaction(BaseModel):
    """An emoji a player sent, shown by their seat for a moment after ``at``."""

    seat: int
    emoji: str
    at: float


class Spectators(BaseModel):
    """Whether people without a seat may watch the table, and chat."""

    allowed: bool
    chat: bool


class StackEdit(BaseModel):
    """A host's change to a stack, made when the hand in play ends."""

    seat: int
    chips: int = Field(description="added, or taken away when below 0")


class StraddleOffer(BaseModel):
    """The player asked whether to straddle the next hand, and until when."""

    seat: int
    amount: int
    deadline: float | None


class Finish(BaseModel):
    """A place given in a sit-and-go: shared places list each (RULES 8.3)."""

    places: list[int]
    name: str
    payout: int


class TournamentState(BaseModel):
    """A sit-and-go: level, blinds, the next level, prizes and places (RULES 8)."""

    started: bool
    finished: bool
    level: int
    blinds: list[int] = Field(description="[small, big, ante] of this level")
    next_blinds: list[int]
    next_level_at: float | None = Field(description="Unix time the next level starts")
    level_minutes: float
    starting_stack: int
    buy_in: int
    entrants: int
    prize_pool: int
    prizes: list[int] = Field(description="the prize of each paid place, first place first")
    finishes: list[Finish] = Field(description="places given so far, best first")


class RoomState(BaseModel):
    """The whole room as one viewer may see it."""

    room: str
    name: str
    settings: dict[str, Any]
    blinds: list[int] = Field(description="[small, big, ante]")
    paused: bool
    ended: bool
    you: int | None = Field(description="the viewer's seat, None for a spectator")
    seats: list[SeatState | None]
    hand: HandState | None
    last_hand: LastHand | None
    requests: list[SeatRequest]
    next_hand_at: float | None
    hands_played: int
    chat: list[ChatLine]
    straddle: StraddleOffer | None = Field(
        None, description="the straddle offered before the next hand (RULES 2.7)"
    )
    tournament: TournamentState | None = Field(None, description="a sit-and-go's progress")
    bomb_pot_next: int = Field(
        0, description="each player's ante when the next hand is a bomb pot (RULES 12.1); 0: not"
    )
    bomb_pot_called: int = Field(
        0, description="the bomb pot the host called for the next hand, which 0 calls off"
    )
    host: bool = Field(False, description="whether the viewer is the host")
    host_seat: int | None = Field(None, description="the host's seat, when the host is seated")
    spectators: Spectators = Spectators(allowed=True, chat=False)
    spectators_closed: bool = Field(
        False, description="the viewer may not watch: the seats alone are shown"
    )
    adjustments: list[StackEdit] = Field(
        [], description="the host's stack edits waiting for the hand in play to end"
    )
    reactions: list[Reaction] = Field([], description="the latest reactions, oldest first")


class StateMessage(_ServerMessage):
    """The room after a change, in the receiving tab's own view."""

    type: Literal["state"] = "state"
    server_time: float = Field(description="the server's Unix time, to count deadlines down")
    state: RoomState


class Welcome(_ServerMessage):
    """First message on a connection: who the token makes you."""

    type: Literal["welcome"] = "welcome"
    room: str
    seat: int | None
    host: bool
    request: int | None
    token: str | None = Field(
        None, description="a new secret token, sent when the tab came without one: keep it"
    )


class ErrorMessage(_ServerMessage):
    """A request refused; nothing changed. ``error`` says what was wrong and what is legal."""

    type: Literal["error"] = "error"
    error: str
    id: int | str | None = None


class Pong(_ServerMessage):
    """The answer to ``ping``."""

    type: Literal["pong"] = "pong"
    id: int | str | None = None


# ------------------------------------------------------------------ HTTP bodies


class CreateRoom(BaseModel):
    """``POST /api/rooms`` body: the room's settings (see :class:`RoomSettings`)."""

    model_config = ConfigDict(extra="allow")


class CreatedRoom(BaseModel):
    """``POST /api/rooms`` answer: the room, the host's secret token and the links."""

    room: str
    host_token: str
    join_url: str
    host_url: str


class RequestedSeat(BaseModel):
    """``POST /api/rooms/{room}/seats`` answer: the seat token (keep it) and the request."""

    token: str
    request: int | None
    seat: int | None
