"""The room protocol: every message between a browser tab and the server, typed.

One WebSocket per tab carries JSON objects, each with ``"v": 1`` (the
protocol version) and a ``"type"``. The client sends the requests below
(:data:`ClientMessage`); the server answers each accepted request with the
new :class:`StateMessage` for every tab of the room (each tab its own view),
and a refused one with an :class:`ErrorMessage` to its sender alone, the
room unchanged. docs/protocol.md shows an example of each message. The server's
messages are written in :mod:`bigblind.room.protocol_server`, and named here too.

>>> parse_client('{"v": 1, "type": "act", "hand": 3, "decision": 9, "action": "raise",'
...              ' "amount": 6}')
Act(v=1, id=None, hand=3, decision=9, type='act', action='raise', amount=6)
>>> parse_client('{"v": 1, "id": 4, "type": "top_up", "chips": 0}')
Traceback (most recent call last):
...
bigblind.room.protocol.ProtocolError: top-up refused: the chips must be at least 1
>>> parse_client('{"v": 1, "type": "dance"}')
Traceback (most recent call last):
...
bigblind.room.protocol.ProtocolError: unknown message type 'dance': accepted are act, add_bot, ...
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bigblind.room.protocol_server import (
    CreatedRoom,
    CreateRoom,
    ErrorMessage,
    Finish,
    HandState,
    LastHand,
    LegalActions,
    Pong,
    RequestedSeat,
    RoomState,
    SeatState,
    SevenDeucePayment,
    StateMessage,
    StraddleOffer,
    TournamentState,
    Welcome,
)
from bigblind.room.settings import RoomError

__all__ = [
    "MAX_DEPTH",
    "MAX_ID",
    "MAX_MESSAGE_BYTES",
    "VERSION",
    "Act",
    "AddBot",
    "AdjustStack",
    "Approve",
    "AutoMuck",
    "BombPot",
    "Chat",
    "ClientMessage",
    "CreateRoom",
    "CreatedRoom",
    "End",
    "ErrorMessage",
    "Finish",
    "HandState",
    "LastHand",
    "Leave",
    "LegalActions",
    "Pause",
    "Ping",
    "Pong",
    "Preset",
    "ProtocolError",
    "RabbitHunt",
    "React",
    "Refuse",
    "Remove",
    "RequestSeat",
    "RequestedSeat",
    "Resume",
    "RoomState",
    "RunItTwice",
    "SeatState",
    "SetAway",
    "SetBlinds",
    "SetSpectators",
    "SevenDeucePayment",
    "Show",
    "SitIn",
    "SitOut",
    "StartTournament",
    "StateMessage",
    "Straddle",
    "StraddleOffer",
    "TopUp",
    "TournamentState",
    "TransferHost",
    "Welcome",
    "nesting",
    "parse_client",
]

VERSION = 1
"""The protocol version every message carries as ``v``."""

MAX_MESSAGE_BYTES = 4096
"""The largest client message accepted."""


MAX_DEPTH = 8
"""The deepest nesting of arrays and objects in a client message."""

MAX_ID = 2**53
"""A request ``id`` is a whole number below this (in size), or text of up to 64 characters."""


class ProtocolError(RoomError):
    """A message the server cannot read: malformed JSON, unknown type, bad fields.
    ``request_id`` is the message's ``id`` when it could be read, for the reply."""

    def __init__(self, message: str, request_id: int | str | None = None) -> None:
        super().__init__(message)
        self.request_id = request_id


class _Message(BaseModel):
    # Strict: "6", 6.0 and true are not the whole number 6; a client sends what it means.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    v: Literal[1] = Field(description="protocol version")


def _printable(text: str) -> str:
    # A lone surrogate cannot be stored as UTF-8, and control characters would break the
    # line-based hand histories and the chat: refused where they are read.
    if not text.isprintable():
        raise ValueError("must be letters, digits, spaces and punctuation")
    return text


_Text = Annotated[str, AfterValidator(_printable)]
_Id = Annotated[int, Field(gt=-MAX_ID, lt=MAX_ID)] | Annotated[_Text, Field(max_length=64)]


class _Request(_Message):
    id: _Id | None = Field(None, description="echoed in the reply that answers or refuses it")


# ------------------------------------------------------------------ the client


class _Decision(_Request):
    """A request that answers one decision of one hand: ``hand`` and ``decision`` are the
    numbers of the state it answers (``hand.number``, ``hand.decision``), so that an action
    sent again, late or from another tab is refused rather than applied to a later one."""

    hand: int = Field(ge=1, le=MAX_ID, description="the hand's number, from the state")
    decision: int = Field(ge=0, le=MAX_ID, description="the decision's number, from the state")


class Act(_Decision):
    """Act in the hand (RULES 4-5): ``amount`` is the bet, or the total raised to."""

    type: Literal["act"]
    action: Literal["fold", "check", "call", "bet", "raise", "all-in", "show", "muck"] = Field(
        description="'show' or 'muck': at the showdown, a hand that cannot win (RULES 6.7)"
    )
    amount: int | None = Field(None, ge=1, le=10**12)


class Preset(_Decision):
    """Bet or raise by a preset (RULES 5.7): 'x2', 'x3', '33%', '50%', '100%', 'pot', 'min',
    'all-in'; the server turns it into the legal amount."""

    type: Literal["preset"]
    preset: str = Field(max_length=8)


class RequestSeat(_Request):
    """Ask for a seat with a buy-in (RULES 10.1); ``wait_for_big_blind`` instead of posting one."""

    type: Literal["request_seat"]
    name: _Text = Field(min_length=1, max_length=24)
    seat: int = Field(ge=0, le=9)
    buy_in: int = Field(ge=1, le=10**12)
    wait_for_big_blind: bool = False


class SitOut(_Request):
    """Stop being dealt in from the next hand."""

    type: Literal["sit_out"]


class SitIn(_Request):
    """Come back (no longer away); blinds missed are owed (RULES 10.1)."""

    type: Literal["sit_in"]


class TopUp(_Request):
    """Add chips between hands, up to the maximum buy-in."""

    type: Literal["top_up"]
    chips: int = Field(ge=1, le=10**12)


class Leave(_Request):
    """Leave the table; the stack goes to the ledger (after the hand, if dealt in)."""

    type: Literal["leave"]


class RunItTwice(_Request):
    """Answer the offer to run the rest of the board twice (RULES 10.3): every player still
    in must agree; a refusal, or no answer in time, means one run."""

    type: Literal["run_it_twice"]
    agree: bool


class Show(_Request):
    """Show one's cards after the hand (RULES 12.4): all of them, or only ``card``, its
    place in the hand (0 for the first card, 1 for the second...)."""

    type: Literal["show"]
    card: int | None = Field(None, ge=0, le=5)


class RabbitHunt(_Request):
    """Turn up the board cards that would have come after a hand that ended before the
    river (RULES 12.3), where the room allows it; anyone may ask, once a hand."""

    type: Literal["rabbit_hunt"]


class AutoMuck(_Request):
    """Muck losing hands unasked (``on``, the default), or be asked at each showdown whether
    to show a hand that cannot win (RULES 6.7), answered by ``act`` 'show' or 'muck'."""

    type: Literal["auto_muck"]
    on: bool


class Straddle(_Request):
    """Answer the offer to straddle the next hand (RULES 2.7); no answer in time is no."""

    type: Literal["straddle"]
    agree: bool


class StartTournament(_Request):
    """Host: start a sit-and-go before every seat is taken (2 players or more)."""

    type: Literal["start_tournament"]


class Chat(_Request):
    """A chat line (seated players and the host; spectators, under ``name``, where the
    host lets them chat)."""

    type: Literal["chat"]
    text: _Text = Field(min_length=1, max_length=300)
    name: _Text | None = Field(None, min_length=1, max_length=24)


class React(_Request):
    """An emoji shown by one's seat for a moment: 👍 😂 😮 😬 🔥 👏 🤔 😭 (3 in 10 s at most)."""

    type: Literal["react"]
    emoji: str = Field(min_length=1, max_length=8)


class Ping(_Request):
    """Keep the connection alive; answered by ``pong``."""

    type: Literal["ping"]


class Approve(_Request):
    """Host: seat a player who asked, in the seat asked for or in ``seat``."""

    type: Literal["approve"]
    request: int
    seat: int | None = Field(None, ge=0, le=9)


class AdjustStack(_Request):
    """Host: add ``chips`` to the stack in ``seat``, or take them away (below 0), between
    hands, with a line in the ledger."""

    type: Literal["adjust_stack"]
    seat: int = Field(ge=0, le=9)
    chips: int = Field(ge=-(10**12), le=10**12)


class TransferHost(_Request):
    """Host: hand the host's part to the person in ``seat``."""

    type: Literal["transfer_host"]
    seat: int = Field(ge=0, le=9)


class SetSpectators(_Request):
    """Host: whether people without a seat may watch, and whether they may chat."""

    type: Literal["set_spectators"]
    allowed: bool
    chat: bool


class Refuse(_Request):
    """Host: turn a seat request down."""

    type: Literal["refuse"]
    request: int


class AddBot(_Request):
    """Host: seat a bot by name (random, station, tag, strong)."""

    type: Literal["add_bot"]
    bot: str = Field(max_length=16)
    seat: int | None = Field(None, ge=0, le=9)
    chips: int | None = Field(None, ge=1, le=10**12)


class Remove(_Request):
    """Host: remove a player or bot; their chips go to the ledger."""

    type: Literal["remove"]
    seat: int = Field(ge=0, le=9)


class SetAway(_Request):
    """Host: mark a player away (checked or folded at once, sat out next hand)."""

    type: Literal["set_away"]
    seat: int = Field(ge=0, le=9)


class Pause(_Request):
    """Host: deal no new hand until resumed."""

    type: Literal["pause"]


class Resume(_Request):
    """Host: deal again."""

    type: Literal["resume"]


class SetBlinds(_Request):
    """Host: new blinds and ante from the next hand."""

    type: Literal["set_blinds"]
    small: int = Field(ge=0, le=10**9)
    big: int = Field(ge=1, le=10**9)
    ante: int = Field(0, ge=0, le=10**9)


class BombPot(_Request):
    """Host: make the next hand a bomb pot (RULES 12.1), each player putting in ``amount``
    (default: the room's ``bomb_pot``); 0 calls it off."""

    type: Literal["bomb_pot"]
    amount: int | None = Field(None, ge=0, le=10**12)


class End(_Request):
    """Host: end the game after this hand; everyone is cashed out."""

    type: Literal["end"]


ClientMessage = Annotated[
    Act
    | Preset
    | RequestSeat
    | SitOut
    | SitIn
    | TopUp
    | Leave
    | RunItTwice
    | Show
    | RabbitHunt
    | Straddle
    | AutoMuck
    | StartTournament
    | Chat
    | React
    | Ping
    | Approve
    | AdjustStack
    | TransferHost
    | SetSpectators
    | Refuse
    | AddBot
    | Remove
    | SetAway
    | Pause
    | Resume
    | SetBlinds
    | BombPot
    | End,
    Field(discriminator="type"),
]
"""Any message a client may send."""

_CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)
CLIENT_TYPES = sorted(
    m.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
    for m in (
        Act,
        Preset,
        RequestSeat,
        SitOut,
        SitIn,
        TopUp,
        Leave,
        RunItTwice,
        Show,
        RabbitHunt,
        Straddle,
        AutoMuck,
        StartTournament,
        Chat,
        React,
        Ping,
        Approve,
        AdjustStack,
        TransferHost,
        SetSpectators,
        Refuse,
        AddBot,
        Remove,
        SetAway,
        Pause,
        Resume,
        SetBlinds,
        BombPot,
        End,
    )
)


def parse_client(text: str | bytes) -> Any:
    """Read one client message; :class:`ProtocolError` names what is wrong and what is
    accepted, in words a player reads (never a field's name alone)."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message of {len(text):,} bytes: at most {MAX_MESSAGE_BYTES:,}")
    if nesting(text) > MAX_DEPTH:
        raise ProtocolError(f"message nested too deep: at most {MAX_DEPTH} levels")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        raise ProtocolError(f"not JSON ({error}): send one JSON object per message") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"a message is a JSON object, not {type(data).__name__}")
    request_id = _request_id(data.get("id"))
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise ProtocolError(
            f"protocol version {_short(data.get('v'))}: this server speaks v {VERSION}", request_id
        )
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            f"unknown message type {_short(kind)}: accepted are {', '.join(CLIENT_TYPES)}",
            request_id,
        )
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as error:
        problems = "; ".join(_problem(e) for e in error.errors())
        raise ProtocolError(
            f"{KINDS.get(str(kind), kind)} refused: {problems}", request_id
        ) from None


KINDS = {
    "act": "action",
    "preset": "bet preset",
    "request_seat": "seat request",
    "top_up": "top-up",
    "run_it_twice": "run-it-twice answer",
    "auto_muck": "auto-muck setting",
    "straddle": "straddle answer",
    "start_tournament": "start",
    "add_bot": "new bot",
    "set_away": "away mark",
    "set_blinds": "new blinds",
    "show": "show",
    "rabbit_hunt": "rabbit hunt",
    "bomb_pot": "bomb pot",
    "adjust_stack": "change to a stack",
    "transfer_host": "new host",
    "set_spectators": "spectators' setting",
    "react": "reaction",
}
"""Message types as a player would call them, for error messages."""

WORDS = {
    "amount": "the amount",
    "chips": "the chips",
    "buy_in": "the buy-in",
    "seat": "the seat",
    "name": "the name",
    "text": "the chat line",
    "bot": "the bot's name",
    "request": "the request's number",
    "small": "the small blind",
    "big": "the big blind",
    "ante": "the ante",
    "agree": "the answer",
    "on": "the setting",
    "wait_for_big_blind": "waiting for the big blind",
    "hand": "the hand's number",
    "decision": "the decision's number",
    "id": "the request's id",
    "action": "the action",
    "preset": "the preset",
    "card": "the card",
    "emoji": "the reaction",
    "allowed": "whether spectators may watch",
    "chat": "whether spectators may chat",
}
"""Fields as a player would call them, for error messages."""


def _problem(error: Any) -> str:
    """One validation problem in words: what is wrong with which value."""
    where = [str(part) for part in error["loc"][1:] if not str(part).startswith(("int", "str"))]
    field = where[0] if where else ""
    what = WORDS.get(field, f"'{field}'" if field else "the message")
    kind, context = error["type"], error.get("ctx") or {}
    if kind == "missing":
        return f"{what} is missing"
    if kind == "extra_forbidden":
        return f"{_short(field, 24)} is not part of this request"
    if kind in ("greater_than_equal", "greater_than"):
        return f"{what} must be at least {context.get('ge', context.get('gt'))}"
    if kind in ("less_than_equal", "less_than"):
        return f"{what} must be at most {context.get('le', context.get('lt'))}"
    if kind.startswith("int"):
        return f"{what} must be a whole number"
    if kind.startswith("bool"):
        return f"{what} must be true or false"
    if kind == "string_too_short":
        return f"{what} must not be empty"
    if kind == "string_too_long":
        return f"{what} must be at most {context.get('max_length')} characters"
    if kind.startswith("string"):
        return f"{what} must be text"
    if kind == "value_error":
        return f"{what} {context.get('error', 'is not accepted')!s}"
    if kind == "literal_error":
        return f"{what} must be one of {context.get('expected')}"
    return f"{what} is not accepted"


def _request_id(value: object) -> int | str | None:
    """The ``id`` to echo in a refusal: only one that is itself acceptable."""
    if isinstance(value, int) and not isinstance(value, bool) and -MAX_ID < value < MAX_ID:
        return value
    if isinstance(value, str) and len(value) <= 64 and value.isprintable():
        return value
    return None


def nesting(text: str | bytes) -> int:
    """How deep arrays and objects nest, brackets inside strings counted too: an upper
    bound, found without parsing (a deep message would exhaust the parser's stack)."""
    data = text.encode() if isinstance(text, str) else text
    if data.count(b"[") + data.count(b"{") <= MAX_DEPTH:
        return 1
    depth = deepest = 0
    for byte in data:
        if byte in b"[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif byte in b"]}":
            depth -= 1
    return deepest


def _short(value: object, length: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= length else text[: length - 3] + "..."
