#!/usr/bin/env python3
"""random-player.py -- an Oust player for the referee, in one Python file.

It plays a random legal move. Start from here to write a real player:
replace choose_move() by something clever.

    referee --game oust --player 'python3 random-player.py' \
        --player 'target/release/player --game oust'

The protocol (docs/games/oust.md, "Wire format"): the referee starts this
program FOR EVERY MOVE, with the time allowed in whole seconds as its last
argument (4 by default; Python's start-up included), and writes the position
to its stdin, then closes it:

    3 5          columns, then rows (2 to 30 each)
    0 1 0        each row, top first: 0 empty, 1 black, 2 white
    0 1 0
    1 0 2
    0 0 2
    2 0 0
    1            the colour to play: 1 black, 2 white

The program prints one line, "col row" (counted from 0: "2 1"), flushes and
exits. A point off the board ("cols rows") is a pass, legal only when no
placement is. Nothing is kept from one move to the next: the position says
everything (after a capture the same colour plays again, and the program is
simply started again with the new position).

The rules of a placement (docs/games/oust.md, "Rules"): stones are neighbours
side by side on a row or a column; a group is a maximal set of connected
stones of one colour.
  - on an empty point with no neighbour of our colour: legal, a quiet move;
  - next to our own stones: the new stone joins them into a group; legal only
    if that group touches at least one enemy group and every enemy group it
    touches is strictly smaller. Those enemy groups are removed and we move
    again.
"""

import random
import sys


def neighbours(cols, rows, col, row):
    """The points side by side with (col, row) on the board."""
    for c, r in ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)):
        if 0 <= c < cols and 0 <= r < rows:
            yield c, r


def find_groups(cols, rows, cell):
    """Each stone's group number, each group's size, and for each group the
    size of the largest enemy group it touches."""
    group, size = {}, []
    for start, colour in cell.items():
        if colour == 0 or start in group:
            continue
        g = len(size)
        size.append(0)
        group[start] = g
        stack = [start]
        while stack:  # a flood fill over the stones of this colour
            p = stack.pop()
            size[g] += 1
            for q in neighbours(cols, rows, *p):
                if cell[q] == colour and q not in group:
                    group[q] = g
                    stack.append(q)
    enemy = [0] * len(size)
    for p, g in group.items():
        for q in neighbours(cols, rows, *p):
            if cell[q] not in (0, cell[p]):
                enemy[g] = max(enemy[g], size[group[q]])
    return group, size, enemy


def legal_moves(cols, rows, cell, me):
    """Our legal placements, as (col, row)."""
    group, size, enemy = find_groups(cols, rows, cell)
    moves = []
    for p, colour in cell.items():
        if colour != 0:
            continue
        own = set()  # our groups next to the new stone
        largest_enemy = 0
        for q in neighbours(cols, rows, *p):
            if cell[q] == me:
                own.add(group[q])
            elif cell[q] != 0:
                largest_enemy = max(largest_enemy, size[group[q]])
        if not own:
            moves.append(p)  # a quiet placement
            continue
        merged = 1 + sum(size[g] for g in own)
        # The enemy groups our merged groups touch are touched too.
        largest_enemy = max([largest_enemy] + [enemy[g] for g in own])
        if 0 < largest_enemy < merged:
            moves.append(p)  # a capture
    return moves


def choose_move(moves):
    """The strategy: any legal move."""
    return random.choice(moves)


def main():
    numbers = [int(w) for w in sys.stdin.read().split()]
    cols, rows = numbers[0], numbers[1]
    cells = numbers[2 : 2 + cols * rows]
    me = numbers[2 + cols * rows]
    cell = {(i % cols, i // cols): v for i, v in enumerate(cells)}
    moves = legal_moves(cols, rows, cell, me)
    if moves:
        col, row = choose_move(moves)
    else:
        col, row = cols, rows  # no placement: pass (a point off the board)
    print(col, row, flush=True)


if __name__ == "__main__":
    main()
