"""The betting tree of a spot, street by street, before any card is dealt.

Amounts are chips. A player's ``street_in`` is what they have put in on the
street, so a bet or raise is named by its bet-to amount; ``invested`` is what
each player has put in since the spot began (the pot not counted).

* A p% bet is ``round(p x pot)``, the pot as the street began; a raise of p%
  is to the call plus p% of the pot after that call; a 2.5x raise is to
  ``round(2.5 x the bet-to raised)``; halves round up.
* A raise is at least the last bet or raise again; any size at or over the
  stack is all-in; equal amounts are one action.
* ``force_all_in``: a size becomes all-in when, called, it leaves a stack-to-pot
  ratio at most this; ``add_all_in``: all-in is added when what is behind is at
  most this times the pot (after the call, for a raise).
* A raise cap counts the raises on a street after its first bet.
* ``merge``: from the largest size down, a size within about this share of the
  pot of the last size kept is left out (see :meth:`_Builder.merged`).
* The out-of-position player's first action on a street after calling on the
  last one uses the ``donk`` sizes when given, none when ``donk_bets`` is off.

>>> from bigblind.solver.sizes import parse_sizes
>>> from bigblind.solver.spot import PlayerSizes, StreetSizes, TreeOptions
>>> both = PlayerSizes(bets=parse_sizes("50%", raises=False), raises=parse_sizes("a", raises=True))
>>> root = build_tree(pot=100, stack=200, streets=[StreetSizes(oop=both, ip=both)])
>>> root.labels
('check', 'bet 50')
>>> root.children[1].labels
('fold', 'call', 'all-in 200')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bigblind.solver.sizes import Size, bet_to
from bigblind.solver.spot import PlayerSizes, StreetSizes, TreeOptions

__all__ = ["CHANCE", "DECISION", "FOLD", "SHOWDOWN", "Node", "build_tree", "count_nodes"]

FOLD: Final = 0
SHOWDOWN: Final = 1
CHANCE: Final = 2
DECISION: Final = 3

MAX_ACTIONS: Final = 40


@dataclass(frozen=True, slots=True, kw_only=True)
class Node:
    """One node: a decision (``player`` 0 out of position, 1 in position), a fold (``player``
    folded), a showdown, or a chance node whose one child is the tree after any card."""

    kind: int
    player: int = -1
    invested: tuple[int, int] = (0, 0)
    labels: tuple[str, ...] = ()
    children: tuple[Node, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Street:
    index: int
    pot: int  # as the street began
    base: int  # each player's investment as the street began
    behind: int  # each player's stack as the street began
    after_call: bool  # the last street ended with the out-of-position player calling


class _Builder:
    def __init__(
        self, pot: int, stack: int, streets: Sequence[StreetSizes], options: TreeOptions
    ) -> None:
        self.pot = pot
        self.stack = stack
        self.streets = list(streets)
        self.options = options

    def street(self, index: int, base: int, after_call: bool) -> Node:
        street = _Street(
            index=index,
            pot=self.pot + 2 * base,
            base=base,
            behind=self.stack - base,
            after_call=after_call,
        )
        if street.behind <= 0:  # nothing behind: no betting, the cards are dealt out
            return self.close(street, 0, oop_called=False)
        return self.decide(street, 0, (0, 0), 0, 0, checked=False)

    def close(self, street: _Street, each: int, oop_called: bool) -> Node:
        """The street is over with ``each`` in from both players."""
        invested = street.base + each
        left = len(self.streets) - 1 - street.index
        if left == 0:
            return Node(kind=SHOWDOWN, invested=(invested, invested))
        if invested >= self.stack:  # all in: the cards are dealt with no more betting
            node = Node(kind=SHOWDOWN, invested=(invested, invested))
            for _ in range(left):
                node = Node(kind=CHANCE, invested=(invested, invested), children=(node,))
            return node
        after = self.street(street.index + 1, invested, oop_called)
        return Node(kind=CHANCE, invested=(invested, invested), children=(after,))

    def decide(
        self,
        street: _Street,
        player: int,
        street_in: tuple[int, int],
        last_raise: int,
        raises: int,
        *,
        checked: bool,
    ) -> Node:
        other = 1 - player
        facing = street_in[other]
        invested = (street.base + street_in[0], street.base + street_in[1])
        labels: list[str] = []
        children: list[Node] = []
        if facing > street_in[player]:
            labels += ["fold", "call"]
            children.append(Node(kind=FOLD, player=player, invested=invested))
            children.append(self.close(street, facing, oop_called=player == 0))
        else:
            labels.append("check")
            if checked or player == 1:
                children.append(self.close(street, facing, oop_called=False))
            else:
                children.append(self.decide(street, other, street_in, 0, 0, checked=True))
        for amount in self.amounts(street, player, facing, last_raise, raises):
            word = "all-in" if amount == street.behind else "raise" if facing else "bet"
            labels.append(f"{word} {amount}")
            new_in = (amount, facing) if player == 0 else (facing, amount)
            counted = raises + 1 if facing else 0
            children.append(
                self.decide(street, other, new_in, amount - facing, counted, checked=checked)
            )
        if len(labels) > MAX_ACTIONS:
            raise ValueError(f"a node of the tree has {len(labels)} actions, over {MAX_ACTIONS}")
        return Node(
            kind=DECISION,
            player=player,
            invested=invested,
            labels=tuple(labels),
            children=tuple(children),
        )

    def sizes(self, street: _Street, player: int, facing: int) -> tuple[Size, ...]:
        mine: PlayerSizes = (
            self.streets[street.index].oop if player == 0 else self.streets[street.index].ip
        )
        if facing:
            return mine.raises
        if player == 0 and street.index > 0 and street.after_call:
            if not self.options.donk_bets:
                return ()
            if mine.donk is not None:
                return mine.donk
        return mine.bets

    def amounts(
        self, street: _Street, player: int, facing: int, last_raise: int, raises: int
    ) -> list[int]:
        """The bet-to amounts the player may bet or raise to, ascending."""
        behind = street.behind
        if behind <= facing:
            return []  # all in already, or too short to do more than call
        cap = self.options.raise_cap
        if facing and cap is not None and raises >= cap:
            return []
        found: set[int] = set()
        least = facing + max(last_raise, 1)
        for size in self.sizes(street, player, facing):
            streets = len(self.streets) - street.index
            to = bet_to(size, pot=street.pot, facing=facing, behind=behind, streets=streets)
            to = max(to, least)
            if to >= behind or self.forced(street, to):
                to = behind
            found.add(to)
        add = self.options.add_all_in
        if add > 0 and behind - facing <= add * (street.pot + 2 * facing):
            found.add(behind)
        return self.merged(sorted(found), street.pot + 2 * facing, facing)

    def merged(self, amounts: list[int], pot: int, facing: int) -> list[int]:
        """``amounts`` less those close to a larger one kept: from the largest down, a size
        (its raise over the pot after the call) is kept when it is below (s - m) / (1 + m),
        s the last size kept and m the merge threshold."""
        merge = self.options.merge
        if merge <= 0:
            return amounts
        kept: list[int] = []
        for amount in reversed(amounts):
            share = (amount - facing) / pot
            if not kept or share < ((kept[-1] - facing) / pot - merge) / (1 + merge) - 1e-12:
                kept.append(amount)
        return kept[::-1]

    def forced(self, street: _Street, to: int) -> bool:
        force = self.options.force_all_in
        return force > 0 and (street.behind - to) <= force * (street.pot + 2 * to)


def build_tree(
    *,
    pot: int,
    stack: int,
    streets: Sequence[StreetSizes],
    options: TreeOptions | None = None,
) -> Node:
    """The betting tree of ``len(streets)`` streets from a pot and equal stacks behind.

    The first street's sizes are ``streets[0]``; a chance node between streets stands for
    the card dealt, its child the same for every card.
    """
    if not streets:
        raise ValueError("a betting tree needs at least one street")
    return _Builder(pot, stack, streets, options or TreeOptions()).street(0, 0, after_call=False)


def count_nodes(node: Node, deals: Sequence[int] = ()) -> int:
    """The nodes of the tree once dealt: ``deals[i]`` cards at the i-th chance level.

    >>> from bigblind.solver.spot import StreetSizes
    >>> count_nodes(build_tree(pot=2, stack=0, streets=[StreetSizes()] * 2), [3])  # all in
    4
    >>> count_nodes(build_tree(pot=2, stack=5, streets=[StreetSizes()] * 2), [3])  # checks
    12
    """
    if node.kind == CHANCE:
        return 1 + deals[0] * count_nodes(node.children[0], deals[1:])
    return 1 + sum(count_nodes(child, deals) for child in node.children)
