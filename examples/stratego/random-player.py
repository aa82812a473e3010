#!/usr/bin/env python3
"""random-player.py -- a Stratego player for the referee, in one Python file.

It plays random legal moves, and keeps its own copy of the board up to date
from what the referee tells it. Start from here to write a real player:
replace choose_move() by something clever.

    referee --player 'python3 random-player.py' target/release/player

The protocol (docs/protocol.md) in three lines:
  - we read our number (0 or 1), then send 40 piece codes, one per line;
    the referee answers OK (or KO: refused, we lose);
  - on our turn we send a square, a direction and a distance (B3, E, 1), and
    read the result: N (moved), B + attacker code + defender code (a battle),
    E (our move was illegal: we lose), F (the opponent failed);
  - on the opponent's turn we read its move (three lines) and its result, or
    E or F alone in place of the move.
Every reply must be FLUSHED (print(..., flush=True)): otherwise the referee
never sees it and we lose on time. Python's start-up counts against the
setup's time (2 s by default); each move has 0.5 s. We keep reading until the
end of the input: the referee closes it when the game is over (some referees
go on after a Flag is taken).
"""

import random
import sys

# Pieces are their protocol codes: 1 Marshal (the strongest) ... 9 Scout,
# 10 Spy, 11 Flag, 12 Bomb. How many of each an army has:
COUNT = {1: 1, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 7: 4, 8: 5, 9: 8, 10: 1, 11: 1, 12: 6}
MARSHAL, MINER, SCOUT, SPY, FLAG, BOMB = 1, 8, 9, 10, 11, 12

# The board: rows A..J (0..9) from the top, columns 0..9 from the left.
# Each square holds None (empty), "~" (a lake), "?" (an opponent's piece:
# we do not know what it is) or one of our codes.
LAKES = {(r, c) for r in (2, 3, 6, 7) for c in (4, 5)}
board = [["~" if (r, c) in LAKES else None for c in range(10)] for r in range(10)]

# Directions as the protocol names them: N up (row - 1), S down, E right
# (column + 1), W left.
STEP = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}


def read_line():
    """The referee's next non-blank line, or None at the end of the input."""
    return next(filter(None, map(str.strip, sys.stdin)), None)


def send(*lines):
    """Sends lines to the referee, flushed at once."""
    print("\n".join(str(l) for l in lines), flush=True)


def fight(attacker, defender):
    """Who survives a battle: 1 the attacker, -1 the defender, 0 neither."""
    if defender == FLAG:
        return 1
    if defender == BOMB:
        return 1 if attacker == MINER else -1
    if attacker == SPY and defender == MARSHAL:
        return 1
    # Lower codes are stronger: Marshal 1 beats General 2, and so on.
    return (attacker < defender) - (attacker > defender)


def send_setup(me):
    """Our 40 pieces shuffled over our four columns (player 0 sets up on
    columns 0-3, player 1 on 6-9), sent row A first, left to right."""
    army = [code for code, n in COUNT.items() for _ in range(n)]
    random.shuffle(army)
    first = 0 if me == 0 else 6
    for i, code in enumerate(army):
        board[i // 4][first + i % 4] = code
    send(*army)
    theirs = 6 if me == 0 else 0
    for r in range(10):
        for c in range(theirs, theirs + 4):
            board[r][c] = "?"


def legal_moves():
    """Our legal moves, as (row, col, direction, distance)."""
    moves = []
    for r in range(10):
        for c in range(10):
            code = board[r][c]
            if not isinstance(code, int) or code in (FLAG, BOMB):
                continue
            for d, (dr, dc) in STEP.items():
                # A Scout goes on over empty squares; the others one step.
                for k in range(1, 10 if code == SCOUT else 2):
                    tr, tc = r + dr * k, c + dc * k
                    if not (0 <= tr < 10 and 0 <= tc < 10):
                        break
                    there = board[tr][tc]
                    if there == "~" or isinstance(there, int):
                        break  # a lake, or one of ours
                    moves.append((r, c, d, k))
                    if there == "?":
                        break  # an attack ends the move
    return moves


def choose_move(moves):
    """The strategy: any legal move."""
    return random.choice(moves)


def read_result():
    """A result: ("N",), ("B", attacker, defender), ("E",) or ("F",); None at
    the end of the input."""
    letter = read_line()
    if letter == "B":
        attacker, defender = read_line(), read_line()
        if attacker is None or defender is None:
            return None
        return ("B", int(attacker), int(defender))
    return None if letter is None else (letter,)


def apply(move, result, ours):
    """Updates the board after a move and its result."""
    r, c, d, k = move
    tr, tc = r + STEP[d][0] * k, c + STEP[d][1] * k
    mover = board[r][c]
    board[r][c] = None
    if result[0] == "N":
        board[tr][tc] = mover
        return
    _, attacker, defender = result  # a battle
    winner = fight(attacker, defender)
    if winner == 1:
        board[tr][tc] = attacker if ours else "?"
    elif winner == 0:
        board[tr][tc] = None
    # winner == -1: the defender stays where it is.


def main():
    first = read_line()
    if first is None or first == "F":
        return
    me = int(first)
    send_setup(me)
    if read_line() != "OK":  # KO (refused) or F (the opponent failed)
        return
    to_move = 0  # player 0 moves first
    while True:
        if to_move == me:
            moves = legal_moves()
            if not moves:
                # No legal move: we have lost; wait for the referee's end.
                while read_line() is not None:
                    pass
                return
            move = choose_move(moves)
            r, c, d, k = move
            send("ABCDEFGHIJ"[r] + str(c), d, k)
            result = read_result()
            if result is None or result[0] in "EF":
                return  # the game is over
            apply(move, result, ours=True)
        else:
            square = read_line()
            if square is None or square in ("E", "F"):
                return  # E or F alone in place of the move: we won
            d, k = read_line(), read_line()
            if d is None or k is None:
                return
            result = read_result()
            if result is None or result[0] in "EF":
                return  # its move then E: it was illegal, we won
            move = ("ABCDEFGHIJ".index(square[0]), int(square[1]), d, int(k))
            apply(move, result, ours=False)
        to_move = 1 - to_move


if __name__ == "__main__":
    main()
