/*
 * random-player.c -- a Quarto player for the referee, in one C file.
 *
 * It plays random legal moves, and keeps its own copy of the game (the
 * board, the piece in hand, the pieces left) up to date from what the
 * referee tells it. Start from here to write a real player: replace
 * choose_move() by something clever.
 *
 *   cc -std=c99 -O2 -Wall -Wextra -o random-player random-player.c
 *   referee --game quarto --player ./random-player --player 'target/release/player --game quarto'
 *
 * The protocol (docs/games/quarto.md, "Wire format") in short:
 *   - we read our seat (0 or 1) and the level (1 to 4: which patterns win);
 *     seat 0 moves first;
 *   - a move is two lines: the square where the piece we were given goes
 *     (A1..D4; "-" on the game's very first move, when nobody holds a
 *     piece), then the piece we give the opponent (0..15; "-" when our
 *     placement wins or no piece is left);
 *   - the referee answers our move with one line: N (play on), W (we won),
 *     D (a draw) or E (our move was illegal: we lost);
 *   - on the opponent's turn we read its move (the same two lines) and its
 *     result (N, W or D), or E or F alone in place of the move (it played
 *     an illegal move, or its program failed: we won).
 * After W, D, E or F the game is over: the referee closes our input.
 * Every line we send ends with '\n', and stdout must be FLUSHED after each
 * move: otherwise the referee never sees it and we lose on time (2 s).
 *
 * The pieces: a piece is its number 0..15, four bits, each an attribute:
 * 8 brown (else light), 4 tall (else short), 2 hollow (else solid), 1 cube
 * (else round). Squares: rows A..D from the top, columns 1..4 from the
 * left; square number n is row n / 4, column n % 4 (A1 = 0, D4 = 15).
 * A placement wins when it completes one of the level's patterns: four
 * occupied squares whose pieces share an attribute (all tall, all round...).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define NONE -1

/* The winning patterns, each four square numbers; level n plays with the
 * first PATTERNS_AT[n] of them (the levels are cumulative). */
static const int PATTERN[29][4] = {
    /* Level 1: the rows, the columns, the two long diagonals. */
    {0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15},
    {0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
    {0, 5, 10, 15}, {3, 6, 9, 12},
    /* Level 2: every 2x2 square. */
    {0, 1, 4, 5}, {1, 2, 5, 6}, {2, 3, 6, 7},
    {4, 5, 8, 9}, {5, 6, 9, 10}, {6, 7, 10, 11},
    {8, 9, 12, 13}, {9, 10, 13, 14}, {10, 11, 14, 15},
    /* Level 3: the four corners of every 3x3 square. */
    {0, 2, 8, 10}, {1, 3, 9, 11}, {4, 6, 12, 14}, {5, 7, 13, 15},
    /* Level 4: the diamonds around B2, B3, C2, C3, and the corners of the
     * two tilted squares that span the board. */
    {1, 4, 6, 9}, {2, 5, 7, 10}, {5, 8, 10, 13}, {6, 9, 11, 14},
    {1, 7, 14, 8}, {2, 11, 13, 4},
};
static const int PATTERNS_AT[5] = {0, 10, 19, 23, 29};

static int level;
static int board[16];  /* the piece on each square, or NONE */
static int left[16];   /* left[p]: 1 while piece p may still be given */
static int hand = NONE; /* the piece the player to move must place */

/* A move: the square (NONE on the first move) and the gift (NONE when
 * nothing is given). */
typedef struct { int square, gift; } Move;

/* Reads one line of the referee's into buf (without its '\n'); returns 0
 * at the end of the input. Blank lines and a '\r' are skipped. */
static int read_line(char *buf, size_t size) {
    for (;;) {
        if (!fgets(buf, (int)size, stdin)) return 0;
        buf[strcspn(buf, "\r\n")] = '\0';
        if (buf[0] != '\0') return 1;
    }
}

/* Whether putting `piece` on the empty square `s` completes a pattern. */
static int wins(int s, int piece) {
    for (int i = 0; i < PATTERNS_AT[level]; i++) {
        int through = 0, all_set = 0xf, all_clear = 0xf, full = 1;
        for (int k = 0; k < 4; k++) {
            int q = PATTERN[i][k];
            int p = q == s ? piece : board[q];
            if (q == s) through = 1;
            if (p == NONE) { full = 0; break; }
            all_set &= p;         /* the bits every piece has */
            all_clear &= ~p & 0xf; /* the bits no piece has */
        }
        if (through && full && (all_set | all_clear)) return 1;
    }
    return 0;
}

/* Whether any piece is left to give. */
static int any_left(void) {
    for (int p = 0; p < 16; p++)
        if (left[p]) return 1;
    return 0;
}

/* Lists our legal moves into moves[]; returns how many. */
static int legal_moves(Move *moves) {
    int n = 0;
    if (hand == NONE) { /* the first move: give any piece */
        for (int g = 0; g < 16; g++) moves[n++] = (Move){NONE, g};
        return n;
    }
    for (int s = 0; s < 16; s++) {
        if (board[s] != NONE) continue;
        /* A winning placement, or the last one, gives nothing. */
        if (wins(s, hand) || !any_left()) {
            moves[n++] = (Move){s, NONE};
            continue;
        }
        for (int g = 0; g < 16; g++)
            if (left[g]) moves[n++] = (Move){s, g};
    }
    return n;
}

/* The strategy: any legal move. */
static Move choose_move(const Move *moves, int n) { return moves[rand() % n]; }

/* Plays a move (ours or the opponent's) on our copy of the game. */
static void apply(Move m) {
    if (m.square != NONE) board[m.square] = hand;
    hand = m.gift;
    if (m.gift != NONE) left[m.gift] = 0;
}

/* Reads a square line ("B3" or "-") into *square; 0 if it is neither. */
static int parse_square(const char *s, int *square) {
    if (!strcmp(s, "-")) { *square = NONE; return 1; }
    if (s[0] < 'A' || s[0] > 'D' || s[1] < '1' || s[1] > '4' || s[2]) return 0;
    *square = (s[0] - 'A') * 4 + (s[1] - '1');
    return 1;
}

int main(void) {
    char line[128];
    /* Seeded by the kernel, not by the clock and the process id: in the
     * referee's sandbox every player is process 2, and two started in the
     * same second would play alike. */
    unsigned seed;
    srand(getrandom(&seed, sizeof seed, 0) == sizeof seed ? seed : (unsigned)time(NULL));
    for (int s = 0; s < 16; s++) board[s] = NONE;
    for (int p = 0; p < 16; p++) left[p] = 1;

    if (!read_line(line, sizeof line) || line[0] == 'F') return 0;
    int me = atoi(line);
    if (!read_line(line, sizeof line) || line[0] == 'F') return 0;
    level = atoi(line);
    if (level < 1 || level > 4) return 1;

    int to_move = 0; /* seat 0 moves first */
    Move moves[16 * 16];
    for (;;) {
        Move m;
        if (to_move == me) {
            m = choose_move(moves, legal_moves(moves));
            if (m.square == NONE) printf("-\n");
            else printf("%c%d\n", 'A' + m.square / 4, 1 + m.square % 4);
            if (m.gift == NONE) printf("-\n");
            else printf("%d\n", m.gift);
            fflush(stdout); /* without this, the referee waits in vain */
        } else {
            /* The opponent's move, or E or F alone: it lost. */
            if (!read_line(line, sizeof line) || !strcmp(line, "E") || !strcmp(line, "F")) return 0;
            if (!parse_square(line, &m.square)) return 1;
            if (!read_line(line, sizeof line)) return 0;
            m.gift = strcmp(line, "-") ? atoi(line) : NONE;
        }
        /* The result of the move: N plays on; W, D (or E after ours) end. */
        if (!read_line(line, sizeof line) || strcmp(line, "N")) return 0;
        apply(m);
        to_move = 1 - to_move;
    }
}
