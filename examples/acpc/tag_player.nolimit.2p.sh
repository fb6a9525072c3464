#!/bin/sh
# A player for play_match.pl, which runs each player as `PLAYER HOST PORT`.
exec bigblind acpc play holdem.nolimit.2p.reverse_blinds.game "$1" "$2" --bot tag
