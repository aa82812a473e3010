#!/usr/bin/env python3
"""random-player.py -- a Mansuba player for the referee, in one Python file,
for games of two to five players and every configuration (the referee's
greeting says which pieces move how).

It plays random legal actions, and keeps its own copy of the game up to date
from what the referee tells every seat after each turn. Start from here to
write a real player: replace choose_action() by something clever.

    referee --game mansuba --player 'python3 random-player.py' \
        --player 'target/release/player --game mansuba'
    referee --game mansuba --players 3 --player 'python3 random-player.py' \
        --player 'target/release/player --game mansuba' \
        --player 'target/release/player --game mansuba'

The protocol (docs/games/mansuba.md, "Wire format") in short. The referee
first tells every seat the whole game:

    1 2          our seat, the number of players
    10 10        WIDTH HEIGHT: places are numbered row * WIDTH + col, row 0 at the top
    square4      the relation: which places are neighbours (below)
    simple       the victory: simple or complex (nothing we need to move legally)
    off          captures: on or off
    200 0        the turn limit, the turns between relation changes (0: none)
    0            the seat that moves first; then the seats in turn, 0, 1, ... round the table
    1            the number of sorts, then a line each: its letter, its name, its move kinds
    P pawn step:all jump:all multi-jump:all
    P P P ...    the lineup: the sort on each seat's start places, in order (HEIGHT letters)
    0 10 20 ...  seat 0's start places (HEIGHT of them), then a line per seat

The seat to move sends one line: "FROM TO" (move our piece on FROM to TO),
"escape PLACE SORT" (try to free our prisoner taken on PLACE) or "pass".
After every turn EVERY seat, the mover too, reads what happened:

    1 14 27          the seat and its move, or "1 escape 35 T free" (or held:
                     the referee tossed a coin), or "1 pass"
    relation hex     only when the relation changed after this turn
    N                N: play on; W: the mover won; D: a draw (the turn limit)

or "SEAT E" (that seat's reply was illegal) or "SEAT F" (its program failed)
alone: the game is over. After W, D, E or F the referee closes our input.
Every reply must be FLUSHED (print(..., flush=True)); each has 1 s by default.

The rules (docs/games/mansuba.md), as this program checks them:
  - a piece moves by its sort's move kinds, each in some directions (all,
    cardinal or diagonal) that the relation has: "step" to the neighbour;
    "jump" over the neighbour (any piece) to the place after it in the same
    direction; "multi-jump", jumps chained, every landing a destination;
    "slide" any number of free places in a line; "double", two steps not
    straight back, the place between may be taken. The moving piece is off
    the board while it moves (it cannot be jumped over; its own place is free
    to land on mid-chain, never a destination);
  - the destination must be free or, with captures on, hold another player's
    piece that stands on nobody's start place: the move takes it (a capture
    ends a chain of jumps; a slide stops at the first piece it meets). The
    piece taken becomes its owner's prisoner, at that place;
  - an escape is legal when we hold a prisoner taken on PLACE and PLACE is
    free; the referee's coin says whether it is back on the board;
  - a pass is legal only when one of our pieces cannot act: a piece on the
    board without any move, or a prisoner whose place is taken.
"""

import random
import sys

# The eight directions as (row, column) offsets; the cardinal ones, and the
# diagonal ones.
CARDINAL = [(1, 0), (0, -1), (0, 1), (-1, 0)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
DIRS = {"all": CARDINAL + DIAGONAL, "cardinal": CARDINAL, "diagonal": DIAGONAL}


class Game:
    """Our copy of the game: the world, the pieces, the prisoners."""

    def __init__(self, width, height, relation, captures):
        self.width, self.height = width, height
        self.relation = relation
        self.captures = captures
        self.sorts = {}  # letter -> [(kind, directions)]
        self.board = {}  # place -> (seat, sort letter)
        self.start_owner = {}  # place -> the seat whose start place it is
        self.prisoners = {}  # seat -> [(place of capture, sort letter)], in order

    def neighbour(self, p, d):
        """The neighbour of place p in direction d (an offset) under the
        relation now, or None."""
        row, col = divmod(p, self.width)
        dr, dc = d
        if self.relation == "square4" and dr != 0 and dc != 0:
            return None
        if self.relation == "triangular" and d in ((1, 1), (-1, -1)):
            return None  # the square grid plus one diagonal pair, NE and SW
        if self.relation == "hex":  # offset rows, odd rows half a place right
            if dc == 0:
                return None  # no N or S
            if dr != 0:
                odd = row % 2 == 1
                dc = (1 if odd else 0) if dc > 0 else (0 if odd else -1)
        row, col = row + dr, col + dc
        if 0 <= row < self.height and 0 <= col < self.width:
            return row * self.width + col
        return None

    def capturable(self, p, seat):
        """Whether a move of seat's ending on p takes the piece there."""
        return (self.captures and p in self.board and self.board[p][0] != seat
                and p not in self.start_owner)

    def destinations(self, start):
        """The places the piece on start may move to."""
        seat, letter = self.board[start]
        free = lambda p: p not in self.board
        out = set()
        for kind, dirs in self.sorts[letter]:
            if kind == "multi-jump":  # landings breadth first; a capture ends a chain
                landed, queue = {start}, [start]
                for p in queue:
                    for d in DIRS[dirs]:
                        over = self.neighbour(p, d)
                        # The moving piece is off the board: its own place is
                        # no piece to jump over, and free to land on.
                        if over is None or over == start or free(over):
                            continue
                        to = self.neighbour(over, d)
                        if to is None:
                            continue
                        if to == start or free(to):
                            if to not in landed:
                                landed.add(to)
                                out.add(to)
                                queue.append(to)
                        elif self.capturable(to, seat):
                            out.add(to)
                continue
            for d in DIRS[dirs]:
                nxt = self.neighbour(start, d)
                if nxt is None:
                    continue
                if kind == "step":
                    if free(nxt) or self.capturable(nxt, seat):
                        out.add(nxt)
                elif kind == "jump":  # over a piece, anyone's
                    to = self.neighbour(nxt, d)
                    if not free(nxt) and to is not None and (free(to) or self.capturable(to, seat)):
                        out.add(to)
                elif kind == "slide":  # over free places, up to the first piece
                    to = nxt
                    while to is not None and free(to):
                        out.add(to)
                        to = self.neighbour(to, d)
                    if to is not None and self.capturable(to, seat):
                        out.add(to)
                elif kind == "double":  # two steps, the second not straight back
                    for d2 in DIRS[dirs]:
                        if d2 == (-d[0], -d[1]):
                            continue
                        to = self.neighbour(nxt, d2)
                        if to is not None and to != start and (free(to) or self.capturable(to, seat)):
                            out.add(to)
        out.discard(start)  # never a destination
        return sorted(out)

    def legal_actions(self, seat):
        """The legal actions of seat: ("move", from, to), ("escape", place,
        sort), ("pass",)."""
        actions, blocked = [], False
        for p in [p for p, (s, _) in self.board.items() if s == seat]:
            dests = self.destinations(p)
            blocked |= not dests  # a piece that cannot act
            actions.extend(("move", p, to) for to in dests)
        for place, sort in dict.fromkeys(self.prisoners.get(seat, [])):
            if place in self.board:
                blocked = True  # a prisoner whose place is taken
            else:
                actions.append(("escape", place, sort))
        if blocked:
            actions.append(("pass",))
        return actions

    def apply(self, seat, words):
        """Plays the action a turn message tells: ["14", "27"], ["escape",
        "35", "T", "free"], ["pass"]."""
        if words[0] == "pass":
            return
        if words[0] == "escape":
            place, sort, result = int(words[1]), words[2], words[3]
            if result == "free":  # held: nothing changes
                self.prisoners[seat].remove((place, sort))
                self.board[place] = (seat, sort)
            return
        start, to = int(words[0]), int(words[1])
        if to in self.board:  # a capture: the piece taken becomes a prisoner
            victim, sort = self.board[to]
            self.prisoners.setdefault(victim, []).append((to, sort))
        self.board[to] = self.board.pop(start)


def choose_action(actions):
    """The strategy: any legal action."""
    return random.choice(actions)


def read_line():
    """The referee's next non-blank line, or None at the end of the input."""
    return next(filter(None, map(str.strip, sys.stdin)), None)


def read_greeting():
    """Our seat, the number of players, the seat that moves first and the
    game; None at the end of the input."""
    first_line = read_line()
    if first_line is None:
        return None
    me, players = map(int, first_line.split())
    width, height = map(int, read_line().split())
    relation = read_line()
    victory = read_line()
    captures = read_line() == "on"
    max_turns, change_every = map(int, read_line().split())
    first = int(read_line())
    game = Game(width, height, relation, captures)
    for _ in range(int(read_line())):
        letter, _name, *kinds = read_line().split()
        game.sorts[letter] = [tuple(k.split(":")) for k in kinds]
    lineup = read_line().split()
    for seat in range(players):
        for place, sort in zip(map(int, read_line().split()), lineup):
            game.board[place] = (seat, sort)
            game.start_owner[place] = seat
    print(f"seat {me} of {players}, {width}x{height}, {relation}, {victory} victory, "
          f"captures {'on' if captures else 'off'}, turn limit {max_turns}, "
          f"relation changes every {change_every}", file=sys.stderr)
    return me, players, first, game


def main():
    greeting = read_greeting()
    if greeting is None:
        return
    me, players, first, game = greeting
    to_move = first
    while True:
        if to_move == me:
            action = choose_action(game.legal_actions(me))
            if action[0] == "move":
                print(action[1], action[2], flush=True)
            else:
                print(*action, flush=True)  # "escape PLACE SORT" or "pass"
        # What the seat to move did ("SEAT ACTION"), or "SEAT E", "SEAT F".
        line = read_line()
        if line is None:
            return
        seat, *words = line.split()
        if words in (["E"], ["F"]):
            return  # the game is over
        game.apply(int(seat), words)
        line = read_line()
        if line is not None and line.startswith("relation "):
            game.relation = line.split()[1]
            line = read_line()
        if line != "N":
            return  # W (a win) or D (a draw): the game is over
        to_move = (int(seat) + 1) % players


if __name__ == "__main__":
    main()
