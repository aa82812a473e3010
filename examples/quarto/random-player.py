#!/usr/bin/env python3
"""random-player.py -- a Quarto player for the referee, in one Python file.

It plays random legal moves, and keeps its own copy of the game (the board,
the piece in hand, the pieces left) up to date from what the referee tells
it. Start from here to write a real player: replace choose_move() by
something clever.

    referee --game quarto --player 'python3 random-player.py' \
        --player 'target/release/player --game quarto'

The protocol (docs/games/quarto.md, "Wire format") in short:
  - we read our seat (0 or 1) and the level (1 to 4: which patterns win);
    seat 0 moves first;
  - a move is two lines: the square where the piece we were given goes
    (A1..D4; "-" on the game's very first move, when nobody holds a piece),
    then the piece we give the opponent (0..15; "-" when our placement wins
    or no piece is left);
  - the referee answers our move with one line: N (play on), W (we won), D (a
    draw) or E (our move was illegal: we lost);
  - on the opponent's turn we read its move (the same two lines) and its
    result (N, W or D), or E or F alone in place of the move (it played an
    illegal move, or its program failed: we won).
After W, D, E or F the game is over: the referee closes our input. Every
move must be FLUSHED (print(..., flush=True)): otherwise the referee never
sees it and we lose on time (2 s a move; Python's start-up counts against the
first).

The pieces: a piece is its number 0..15, four bits, each an attribute: 8
brown (else light), 4 tall (else short), 2 hollow (else solid), 1 cube (else
round). Squares: rows A..D from the top, columns 1..4 from the left; square
number n is row n // 4, column n % 4 (A1 = 0, D4 = 15). A placement wins when
it completes one of the level's patterns: four occupied squares whose pieces
share an attribute (all tall, all round...).
"""

import random
import sys

# The winning patterns, each four square numbers, level by level: level n
# plays with those of levels 1 to n.
PATTERNS = {
    # The rows, the columns, the two long diagonals.
    1: [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15),
        (0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
        (0, 5, 10, 15), (3, 6, 9, 12)],
    # Every 2x2 square.
    2: [(0, 1, 4, 5), (1, 2, 5, 6), (2, 3, 6, 7),
        (4, 5, 8, 9), (5, 6, 9, 10), (6, 7, 10, 11),
        (8, 9, 12, 13), (9, 10, 13, 14), (10, 11, 14, 15)],
    # The four corners of every 3x3 square.
    3: [(0, 2, 8, 10), (1, 3, 9, 11), (4, 6, 12, 14), (5, 7, 13, 15)],
    # The diamonds around B2, B3, C2, C3, and the corners of the two tilted
    # squares that span the board.
    4: [(1, 4, 6, 9), (2, 5, 7, 10), (5, 8, 10, 13), (6, 9, 11, 14),
        (1, 7, 14, 8), (2, 11, 13, 4)],
}

board = [None] * 16  # the piece on each square, or None
left = set(range(16))  # the pieces that may still be given
hand = None  # the piece the player to move must place (None: nobody holds one)


def read_line():
    """The referee's next non-blank line, or None at the end of the input."""
    return next(filter(None, map(str.strip, sys.stdin)), None)


def wins(patterns, square, piece):
    """Whether putting piece on the empty square completes a pattern."""
    for pattern in patterns:
        if square not in pattern:
            continue
        pieces = [piece if q == square else board[q] for q in pattern]
        if None in pieces:
            continue
        all_set, all_clear = 0xF, 0xF
        for p in pieces:
            all_set &= p  # the bits every piece has
            all_clear &= ~p & 0xF  # the bits no piece has
        if all_set | all_clear:
            return True
    return False


def legal_moves(patterns):
    """Our legal moves, as (square, gift); None for "-"."""
    if hand is None:  # the first move: give any piece
        return [(None, g) for g in sorted(left)]
    moves = []
    for s in range(16):
        if board[s] is not None:
            continue
        if wins(patterns, s, hand) or not left:
            moves.append((s, None))  # a win, or the last placement: no gift
        else:
            moves.extend((s, g) for g in sorted(left))
    return moves


def choose_move(moves):
    """The strategy: any legal move."""
    return random.choice(moves)


def apply(move):
    """Plays a move (ours or the opponent's) on our copy of the game."""
    global hand
    square, gift = move
    if square is not None:
        board[square] = hand
    hand = gift
    left.discard(gift)


def main():
    first = read_line()
    if first is None or first == "F":
        return
    me = int(first)
    line = read_line()
    if line is None or line == "F":
        return
    level = int(line)
    patterns = [p for n in range(1, level + 1) for p in PATTERNS[n]]
    to_move = 0  # seat 0 moves first
    while True:
        if to_move == me:
            square, gift = choose_move(legal_moves(patterns))
            print("-" if square is None else "ABCD"[square // 4] + str(1 + square % 4))
            print("-" if gift is None else gift, flush=True)
        else:
            line = read_line()
            if line is None or line in ("E", "F"):
                return  # E or F alone in place of the move: we won
            square = None if line == "-" else "ABCD".index(line[0]) * 4 + int(line[1]) - 1
            line = read_line()
            if line is None:
                return
            gift = None if line == "-" else int(line)
        # The result: N plays on; W or D (or E after our move) ends the game.
        if read_line() != "N":
            return
        apply((square, gift))
        to_move = 1 - to_move


if __name__ == "__main__":
    main()
