/*
 * random-player.c -- a Stratego player for the referee, in one C file.
 *
 * It plays random legal moves, and keeps its own copy of the board up to
 * date from what the referee tells it. Start from here to write a real
 * player: replace choose_move() by something clever.
 *
 *   cc -O2 -Wall -o random-player random-player.c
 *   referee ./random-player target/release/player
 *
 * The protocol (docs/protocol.md) in three lines:
 *   - we read our number (0 or 1), then send 40 piece codes, one per line;
 *     the referee answers OK (or KO: refused, we lose);
 *   - on our turn we send a square, a direction and a distance (B3, E, 1),
 *     and read the result: N (moved), B + attacker code + defender code
 *     (a battle), E (our move was illegal: we lose), F (the opponent failed);
 *   - on the opponent's turn we read its move (three lines) and its result,
 *     or E or F alone in place of the move.
 * Every line we send must end with '\n', and stdout must be FLUSHED after
 * each reply: otherwise the referee never sees it and we lose on time.
 * We keep reading until the end of the input: the referee closes it when
 * the game is over (some referees go on after a Flag is taken).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

/* Pieces are their protocol codes: 1 Marshal (the strongest) ... 9 Scout,
 * 10 Spy, 11 Flag, 12 Bomb. */
enum { MARSHAL = 1, MINER = 8, SCOUT = 9, SPY = 10, FLAG = 11, BOMB = 12 };

/* How many pieces of each code an army has (index = code). */
static const int COUNT[13] = {0, 1, 1, 2, 3, 4, 4, 4, 5, 8, 1, 1, 6};

/* The board: rows A..J (0..9) from the top, columns 0..9 from the left. */
#define EMPTY 0
#define LAKE -1
#define THEIRS -2 /* an opponent's piece: we do not know what it is */
static int board[10][10]; /* EMPTY, LAKE, THEIRS, or one of our codes */

/* Directions as the protocol names them: N up (row - 1), S down, E right
 * (column + 1), W left. */
static const char DIR_NAME[] = "NSEW";
static const int DROW[4] = {-1, 1, 0, 0};
static const int DCOL[4] = {0, 0, 1, -1};

static int me; /* our number, 0 or 1 */

/* Reads one line of the referee's into buf (without its '\n'); returns 0
 * at the end of the input. Blank lines and a '\r' are skipped, as the
 * protocol allows. */
static int read_line(char *buf, size_t size) {
    for (;;) {
        if (!fgets(buf, (int)size, stdin)) return 0;
        buf[strcspn(buf, "\r\n")] = '\0';
        if (buf[0] != '\0') return 1;
    }
}

/* Who survives a battle: 1 the attacker, -1 the defender, 0 neither
 * (equal strengths). */
static int fight(int attacker, int defender) {
    if (defender == FLAG) return 1;
    if (defender == BOMB) return attacker == MINER ? 1 : -1;
    if (attacker == SPY && defender == MARSHAL) return 1;
    /* Lower codes are stronger: Marshal 1 beats General 2, and so on. */
    if (attacker < defender) return 1;
    if (attacker > defender) return -1;
    return 0;
}

/* Sends our setup: the 40 pieces shuffled over our four columns (player 0
 * sets up on columns 0-3, player 1 on 6-9), row A first, left to right. */
static void send_setup(void) {
    int army[40], n = 0;
    for (int code = 1; code <= 12; code++)
        for (int k = 0; k < COUNT[code]; k++) army[n++] = code;
    for (int i = 39; i > 0; i--) { /* Fisher-Yates shuffle */
        int j = rand() % (i + 1), t = army[i];
        army[i] = army[j];
        army[j] = t;
    }
    int first_col = me == 0 ? 0 : 6;
    for (int i = 0; i < 40; i++) {
        int row = i / 4, col = first_col + i % 4;
        board[row][col] = army[i];
        printf("%d\n", army[i]);
    }
    fflush(stdout); /* without this, the referee waits in vain */
    /* The opponent's 40 pieces stand on its four columns. */
    int their_col = me == 0 ? 6 : 0;
    for (int row = 0; row < 10; row++)
        for (int c = 0; c < 4; c++) board[row][their_col + c] = THEIRS;
}

/* A move: from (row, col), in direction dir, over distance squares. */
typedef struct { int row, col, dir, distance; } Move;

/* Lists our legal moves into moves[]; returns how many. */
static int legal_moves(Move *moves) {
    int n = 0;
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++) {
            int code = board[r][c];
            if (code <= 0 || code == FLAG || code == BOMB) continue;
            for (int d = 0; d < 4; d++) {
                /* A Scout goes on over empty squares; the others one step. */
                int max = code == SCOUT ? 9 : 1;
                for (int k = 1; k <= max; k++) {
                    int tr = r + DROW[d] * k, tc = c + DCOL[d] * k;
                    if (tr < 0 || tr > 9 || tc < 0 || tc > 9) break;
                    int there = board[tr][tc];
                    if (there == LAKE || there > 0) break; /* lake or ours */
                    moves[n++] = (Move){r, c, d, k};
                    if (there == THEIRS) break; /* an attack ends the move */
                }
            }
        }
    return n;
}

/* Where a move lands. */
static void target(Move m, int *row, int *col) {
    *row = m.row + DROW[m.dir] * m.distance;
    *col = m.col + DCOL[m.dir] * m.distance;
}

/* The strategy: any legal move. */
static Move choose_move(const Move *moves, int n) { return moves[rand() % n]; }

/* Reads a result: N, B with two codes, E or F. Returns the letter, or 0 at
 * the end of the input; for B, *attacker and *defender get the codes. */
static char read_result(int *attacker, int *defender) {
    char line[128];
    if (!read_line(line, sizeof line)) return 0;
    if (line[0] == 'B') {
        char a[128], d[128];
        if (!read_line(a, sizeof a) || !read_line(d, sizeof d)) return 0;
        *attacker = atoi(a);
        *defender = atoi(d);
    }
    return line[0];
}

/* Updates our board after a move and its result. Our pieces are codes,
 * the opponent's THEIRS. */
static void apply(Move m, char result, int attacker, int defender, int ours) {
    int tr, tc;
    target(m, &tr, &tc);
    int mover = board[m.row][m.col];
    board[m.row][m.col] = EMPTY;
    if (result == 'N') {
        board[tr][tc] = mover;
        return;
    }
    /* A battle: the mover attacked what stood on the target square. */
    int winner = fight(attacker, defender);
    if (winner == 1) board[tr][tc] = ours ? attacker : THEIRS;
    else if (winner == 0) board[tr][tc] = EMPTY;
    /* winner == -1: the defender stays where it is. */
}

/* Reads a square like "B3" into (row, col); 0 if it is not one. */
static int parse_square(const char *s, int *row, int *col) {
    if (s[0] < 'A' || s[0] > 'J' || s[1] < '0' || s[1] > '9' || s[2]) return 0;
    *row = s[0] - 'A';
    *col = s[1] - '0';
    return 1;
}

int main(void) {
    char line[128];
    /* Seeded by the kernel, not by the clock and the process id: in the
     * referee's sandbox every player is process 2, and two started in the
     * same second would play alike. */
    unsigned seed;
    srand(getrandom(&seed, sizeof seed, 0) == sizeof seed ? seed : (unsigned)time(NULL));
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++)
            board[r][c] = ((r == 2 || r == 3 || r == 6 || r == 7) && (c == 4 || c == 5)) ? LAKE : EMPTY;

    if (!read_line(line, sizeof line) || line[0] == 'F') return 0;
    me = atoi(line);
    send_setup();
    if (!read_line(line, sizeof line) || strcmp(line, "OK") != 0) return 0; /* KO or F */

    int to_move = 0; /* player 0 moves first */
    Move moves[400];
    for (;;) {
        int attacker = 0, defender = 0;
        if (to_move == me) {
            int n = legal_moves(moves);
            if (n == 0) {
                /* No legal move: we have lost; wait for the referee's end. */
                while (read_line(line, sizeof line)) {}
                return 0;
            }
            Move m = choose_move(moves, n);
            int sr = m.row, sc = m.col;
            printf("%c%d\n%c\n%d\n", 'A' + sr, sc, DIR_NAME[m.dir], m.distance);
            fflush(stdout);
            char result = read_result(&attacker, &defender);
            if (result == 0 || result == 'E' || result == 'F') return 0; /* game over */
            apply(m, result, attacker, defender, 1);
        } else {
            /* The opponent's move: a square, or E or F alone (it lost). */
            if (!read_line(line, sizeof line) || !strcmp(line, "E") || !strcmp(line, "F")) return 0;
            char dir[128], dist[128];
            Move m;
            if (!parse_square(line, &m.row, &m.col) || !read_line(dir, sizeof dir) ||
                !read_line(dist, sizeof dist))
                return 0;
            const char *d = strchr(DIR_NAME, dir[0]);
            if (d == NULL || dir[0] == '\0') return 0;
            m.dir = (int)(d - DIR_NAME);
            m.distance = atoi(dist);
            char result = read_result(&attacker, &defender);
            /* Its move then E: it was illegal, the opponent lost. */
            if (result == 0 || result == 'E' || result == 'F') return 0;
            apply(m, result, attacker, defender, 0);
        }
        to_move = 1 - to_move;
    }
}
