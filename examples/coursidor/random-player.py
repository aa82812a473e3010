#!/usr/bin/env python3
"""random-player.py -- a Coursidor player for the referee, in one Python file:
a program that speaks the referee's protocol on its stdin and stdout (the
course's shared-library clients are the other way to play: random-client.c
beside this file).

It plays random legal moves (a wall one time in five while it has walls
left), and keeps its own copy of the game up to date from what the referee
tells it. Start from here to write a real player: replace choose_move() by
something clever.

    referee --game coursidor --player 'python3 random-player.py' \
        --player 'target/release/player --game coursidor'

The protocol (docs/games/coursidor.md, "The wire format") in short. The
referee first sends the whole game:

    0            our colour: 0 black (moves first), 1 white
    T 6          the board: its type (T, C or H) and size
    91 240       the number of vertices n (numbered 0 .. n-1) and of edges E
    0 1 3        E lines, one per edge: V W D, W is the neighbour of V in
    ...            direction D (1 NW, 2 NE, 3 E, 4 SE, 5 SW, 6 W)
    0 90         the starts: black's, white's
    4 17 40 50 73  the objectives: their number, then each
    15           the walls each player has
    1000         the turn limit (0: none)

Then, turn by turn, the player to move sends one line: "M 34" (our pawn goes
to vertex 34) or "W 12 13 12 19" (a wall on the edges 12-13 and 12-19). The
referee answers the mover N (play on), W (we won), D (a draw: the turn limit)
or E (illegal: we lost), and sends the opponent the move followed by the same
letter; or E or F alone in place of the move (the mover played an illegal
move, or its program failed: the reader won). After W, D, E or F the game is
over: the referee closes our input. Every move must be FLUSHED
(print(..., flush=True)); each has 2 s.

The rules (docs/games/coursidor.md, "Rules"), as this program checks them:
  - a pawn moves in a straight line along one direction: up to 3 steps in the
    direction of its last step, 2 in a direction next to it (60 degrees
    off), 1 otherwise, and 1 before its first move. No edge on the way may be
    walled, and no vertex on the way may hold the opponent;
  - when the opponent stands next to our pawn (through an edge that is not
    walled), the pawn may instead jump over it to any neighbour of the
    opponent's (again through an edge that is not walled) but our own vertex;
    a landing that a one-step move reaches is a step, not a jump. The
    momentum afterwards is the line's direction, or for a jump the direction
    from the opponent to the landing;
  - a wall covers two edges from one vertex in consecutive directions, neither
    walled yet; afterwards each player must still reach, from where its pawn
    stands, its start and every objective it has not visited yet. A player
    has a limited number of walls;
  - an objective is visited when a move passes through it or ends on it (a
    jump visits only its landing); a player wins by ending a move on its own
    start with every objective visited.
"""

import random
import sys

DIRS = range(1, 7)  # 1 NW, 2 NE, 3 E, 4 SE, 5 SW, 6 W


def opposite(d):
    return d - 3 if d >= 4 else d + 3


def next_dir(d):
    """The next direction counter-clockwise: E, NE, NW, W, SW, SE, E..."""
    return 6 if d == 1 else d - 1


def consecutive(a, b):
    return next_dir(a) == b or next_dir(b) == a


class Game:
    """Our copy of the game: the board, its walls, the pawns, the visits."""

    def __init__(self, n):
        self.nb = [dict() for _ in range(n)]  # nb[v][d]: the neighbour of v in direction d
        self.walled = set()  # (v, d) for each walled edge, from both ends
        self.start = [0, 0]
        self.pawn = [0, 0]
        self.objectives = []
        self.visited = [set(), set()]  # the objectives each player has visited
        self.walls_left = 0  # ours
        self.last_dir = None  # the direction of our last step; None before our first move

    def live(self, v, d):
        """The neighbour of v in direction d through an edge that is not
        walled, or None."""
        return None if (v, d) in self.walled else self.nb[v].get(d)

    def set_wall(self, v, d, on):
        """Walls (or unwalls) the edge from v in direction d."""
        w = self.nb[v][d]
        for edge in ((v, d), (w, opposite(d))):
            if on:
                self.walled.add(edge)
            else:
                self.walled.discard(edge)

    def direction(self, v, w):
        """The direction from v to its neighbour w."""
        return next(d for d, x in self.nb[v].items() if x == w)

    def max_steps(self, d):
        """How far our pawn may go in direction d."""
        if self.last_dir is None:
            return 1
        if d == self.last_dir:
            return 3
        return 2 if consecutive(d, self.last_dir) else 1

    def legal_steps(self, me):
        """Our pawn's legal moves, as (to, direction afterwards, visits)."""
        start, opp = self.pawn[me], self.pawn[1 - me]
        moves = []
        for d in DIRS:  # straight lines
            cur, visits = start, set()
            for _ in range(self.max_steps(d)):
                cur = self.live(cur, d)
                if cur is None or cur == opp:
                    break
                if cur in self.objectives:
                    visits.add(cur)
                moves.append((cur, d, set(visits)))
        for d1 in DIRS:  # jumps over the opponent
            if self.live(start, d1) != opp:
                continue
            steps = {self.live(start, d) for d in DIRS}
            for d2 in DIRS:
                to = self.live(opp, d2)
                if to is not None and to != start and to not in steps:
                    moves.append((to, d2, {to} & set(self.objectives)))
        return moves

    def nobody_cut_off(self):
        """Whether every player still reaches its start and the objectives it
        has not visited, along edges that are not walled (pawns aside)."""
        for c in (0, 1):
            seen, queue = {self.pawn[c]}, [self.pawn[c]]
            for v in queue:  # a breadth-first search from the pawn
                for d in DIRS:
                    w = self.live(v, d)
                    if w is not None and w not in seen:
                        seen.add(w)
                        queue.append(w)
            needed = {self.start[c]} | (set(self.objectives) - self.visited[c])
            if not needed <= seen:
                return False
        return True

    def random_wall(self):
        """A random legal wall (each legal wall equally likely), as (at, d1,
        d2); None if there is none."""
        candidates = [(v, d) for v in range(len(self.nb)) for d in DIRS]
        random.shuffle(candidates)
        for at, d1 in candidates:
            d2 = next_dir(d1)
            if self.live(at, d1) is None or self.live(at, d2) is None:
                continue
            self.set_wall(at, d1, True)  # try it, then take it back
            self.set_wall(at, d2, True)
            ok = self.nobody_cut_off()
            self.set_wall(at, d1, False)
            self.set_wall(at, d2, False)
            if ok:
                return at, d1, d2
        return None

    def opponent_moves(self, them, to):
        """Plays the opponent's pawn move to `to`: a straight line (passing
        through the objectives on the way) when one leads there, else a jump
        over us."""
        for d in DIRS:
            cur, visits = self.pawn[them], set()
            for _ in range(3):
                cur = self.live(cur, d)
                if cur is None or cur == self.pawn[1 - them]:
                    break
                if cur in self.objectives:
                    visits.add(cur)
                if cur == to:
                    self.visited[them] |= visits
                    self.pawn[them] = to
                    return
        self.visited[them] |= {to} & set(self.objectives)
        self.pawn[them] = to


def choose_move(game, me):
    """The strategy: a random wall one time in five while we have walls, else
    a random move of the pawn (there always is one). A wall is ("W", at, d1,
    d2), a pawn's move ("M", to, direction afterwards, visits)."""
    if game.walls_left > 0 and random.randrange(5) == 0:
        wall = game.random_wall()
        if wall is not None:
            return ("W",) + wall
    return ("M",) + random.choice(game.legal_steps(me))


def read_line():
    """The referee's next non-blank line, or None at the end of the input."""
    return next(filter(None, map(str.strip, sys.stdin)), None)


def read_greeting():
    """Our colour and the game; None at the end of the input or on an F."""
    first = read_line()
    if first is None or first == "F":
        return None
    me = int(first)
    board = read_line()  # "T 6": the type and size, which we do not need
    n, edges = map(int, read_line().split())
    game = Game(n)
    for _ in range(edges):
        v, w, d = map(int, read_line().split())
        game.nb[v][d] = w
        game.nb[w][opposite(d)] = v
    game.start = list(map(int, read_line().split()))
    game.pawn = list(game.start)
    game.objectives = list(map(int, read_line().split()))[1:]
    game.walls_left = int(read_line())
    turn_limit = int(read_line())
    print(f"colour {me}, board {board}, {n} vertices, {len(game.objectives)} objectives, "
          f"{game.walls_left} walls, turn limit {turn_limit}", file=sys.stderr)
    return me, game


def main():
    greeting = read_greeting()
    if greeting is None:
        return
    me, game = greeting
    to_move = 0  # black moves first
    while True:
        if to_move == me:
            move = choose_move(game, me)
            if move[0] == "W":
                _, at, d1, d2 = move
                print("W", at, game.nb[at][d1], at, game.nb[at][d2], flush=True)
                game.set_wall(at, d1, True)
                game.set_wall(at, d2, True)
                game.walls_left -= 1
            else:
                _, to, d, visits = move
                print("M", to, flush=True)
                game.pawn[me] = to
                game.last_dir = d
                game.visited[me] |= visits
        else:
            line = read_line()
            if line is None or line in ("E", "F"):
                return  # E or F alone in place of the move: we won
            words = line.split()
            if words[0] == "M":
                game.opponent_moves(to_move, int(words[1]))
            else:
                a, b, c, d = map(int, words[1:])
                game.set_wall(a, game.direction(a, b), True)
                game.set_wall(c, game.direction(c, d), True)
        # The result: N plays on; W or D (or E after our move) ends the game.
        if read_line() != "N":
            return
        to_move = 1 - to_move


if __name__ == "__main__":
    main()
