/*
 * random-player.c -- a Coursidor player for the referee, in one C file: a
 * program that speaks the referee's protocol on its stdin and stdout (the
 * course's shared-library clients are the other way to play:
 * random-client.c beside this file).
 *
 * It plays random legal moves (a wall one time in five while it has walls
 * left), and keeps its own copy of the game up to date from what the
 * referee tells it. Start from here to write a real player: replace
 * choose_move() by something clever.
 *
 *   cc -std=c99 -O2 -Wall -Wextra -o random-player random-player.c
 *   referee --game coursidor --player ./random-player --player 'target/release/player --game coursidor'
 *
 * The protocol (docs/games/coursidor.md, "The wire format") in short. The
 * referee first sends the whole game:
 *
 *   0            our colour: 0 black (moves first), 1 white
 *   T 6          the board: its type (T, C or H) and size
 *   91 240       the number of vertices n (numbered 0 .. n-1) and of edges E
 *   0 1 3        E lines, one per edge: V W D, W is the neighbour of V in
 *   ...            direction D (1 NW, 2 NE, 3 E, 4 SE, 5 SW, 6 W)
 *   0 90         the starts: black's, white's
 *   4 17 40 50 73  the objectives: their number, then each
 *   15           the walls each player has
 *   1000         the turn limit (0: none)
 *
 * Then, turn by turn, the player to move sends one line: "M 34" (our pawn
 * goes to vertex 34) or "W 12 13 12 19" (a wall on the edges 12-13 and
 * 12-19). The referee answers the mover N (play on), W (we won), D (a
 * draw: the turn limit) or E (illegal: we lost), and sends the opponent
 * the move followed by the same letter; or E or F alone in place of the
 * move (the mover played an illegal move, or its program failed: the
 * reader won). After W, D, E or F the game is over: the referee closes our
 * input. stdout must be FLUSHED after each move (2 s a move).
 *
 * The rules (docs/games/coursidor.md, "Rules"), as this program checks them:
 *   - a pawn moves in a straight line along one direction: up to 3 steps in
 *     the direction of its last step, 2 in a direction next to it (60
 *     degrees off), 1 otherwise, and 1 before its first move. No edge on the
 *     way may be walled, and no vertex on the way may hold the opponent;
 *   - when the opponent stands next to our pawn (through an edge that is not
 *     walled), the pawn may instead jump over it to any neighbour of the
 *     opponent's (again through an edge that is not walled) but our own
 *     vertex; a landing that a one-step move reaches is a step, not a jump.
 *     The momentum afterwards is the line's direction, or for a jump the
 *     direction from the opponent to the landing;
 *   - a wall covers two edges from one vertex in consecutive directions,
 *     neither walled yet; afterwards each player must still reach, from
 *     where its pawn stands, its start and every objective it has not
 *     visited yet. A player has a limited number of walls;
 *   - an objective is visited when a move passes through it or ends on it
 *     (a jump visits only its landing); a player wins by ending a move on
 *     its own start with every objective visited.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define NONE -1
#define DIRS 6 /* directions 1..6, stored at index d - 1 */

static int n;                 /* vertices */
static int (*nb)[DIRS];       /* nb[v][d - 1]: the neighbour of v in direction d, or NONE */
static char (*walled)[DIRS];  /* walled[v][d - 1]: 1 once that edge is walled */
static int start[2], pawn[2];
static int objectives[8], num_objectives;
static int visited[2];        /* the objectives each player has visited, as bits */
static int walls_left;        /* ours */
static int last_dir;          /* the direction of our last step; 0 before our first move */

static int opposite(int d) { return d >= 4 ? d - 3 : d + 3; }
/* The next direction counter-clockwise: E, NE, NW, W, SW, SE, E... */
static int next_dir(int d) { return d == 1 ? 6 : d - 1; }
static int consecutive(int a, int b) { return next_dir(a) == b || next_dir(b) == a; }

/* The neighbour of v in direction d through an edge that is not walled. */
static int live(int v, int d) { return walled[v][d - 1] ? NONE : nb[v][d - 1]; }

/* The objective bit of vertex v (0 if it is none). */
static int objective_bit(int v) {
    for (int i = 0; i < num_objectives; i++)
        if (objectives[i] == v) return 1 << i;
    return 0;
}

/* How far our pawn may go in direction d. */
static int max_steps(int d) {
    if (last_dir == 0) return 1;
    if (d == last_dir) return 3;
    return consecutive(d, last_dir) ? 2 : 1;
}

/* Walls (on = 1) or unwalls (on = 0) the edge from v in direction d. */
static void set_wall(int v, int d, int on) {
    walled[v][d - 1] = (char)on;
    walled[nb[v][d - 1]][opposite(d) - 1] = (char)on;
}

/* The direction from v to its neighbour w, or 0. */
static int direction(int v, int w) {
    for (int d = 1; d <= DIRS; d++)
        if (nb[v][d - 1] == w) return d;
    return 0;
}

/* Whether every player still reaches its start and the objectives it has
 * not visited, along edges that are not walled (pawns aside). */
static int nobody_cut_off(void) {
    char *seen = malloc((size_t)n);
    int *queue = malloc((size_t)n * sizeof *queue), ok = 1;
    for (int c = 0; c < 2 && ok; c++) {
        int head = 0, tail = 0;
        memset(seen, 0, (size_t)n);
        seen[pawn[c]] = 1;
        queue[tail++] = pawn[c];
        while (head < tail) { /* a breadth-first search from the pawn */
            int v = queue[head++];
            for (int d = 1; d <= DIRS; d++) {
                int w = live(v, d);
                if (w != NONE && !seen[w]) {
                    seen[w] = 1;
                    queue[tail++] = w;
                }
            }
        }
        ok = seen[start[c]];
        for (int i = 0; i < num_objectives; i++)
            if (!(visited[c] >> i & 1) && !seen[objectives[i]]) ok = 0;
    }
    free(seen);
    free(queue);
    return ok;
}

/* A move: a pawn's (to, its direction afterwards, the objectives it
 * visits) or a wall (at, the directions of its two edges). */
typedef struct { int wall, to, dir, visits, at, d1, d2; } Move;

/* Lists our pawn's legal moves into moves[]; returns how many. */
static int legal_steps(int me, Move *moves) {
    int from = pawn[me], opp = pawn[1 - me], count = 0;
    for (int d = 1; d <= DIRS; d++) { /* straight lines */
        int cur = from, visits = 0;
        for (int k = 1; k <= max_steps(d); k++) {
            cur = live(cur, d);
            if (cur == NONE || cur == opp) break;
            visits |= objective_bit(cur);
            moves[count++] = (Move){0, cur, d, visits, 0, 0, 0};
        }
    }
    for (int d1 = 1; d1 <= DIRS; d1++) { /* jumps over the opponent */
        if (live(from, d1) != opp) continue;
        for (int d2 = 1; d2 <= DIRS; d2++) {
            int to = live(opp, d2), step = 0;
            if (to == NONE || to == from) continue;
            for (int d = 1; d <= DIRS; d++) step |= live(from, d) == to;
            if (!step) moves[count++] = (Move){0, to, d2, objective_bit(to), 0, 0, 0};
        }
    }
    return count;
}

/* A random legal wall into *m (each legal wall equally likely); 0 if none. */
static int random_wall(Move *m) {
    int candidates = n * DIRS;
    int *order = malloc((size_t)candidates * sizeof *order), found = 0;
    for (int i = 0; i < candidates; i++) order[i] = i;
    for (int i = candidates - 1; i > 0; i--) { /* Fisher-Yates shuffle */
        int j = rand() % (i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < candidates && !found; i++) {
        int at = order[i] / DIRS, d1 = order[i] % DIRS + 1, d2 = next_dir(d1);
        if (live(at, d1) == NONE || live(at, d2) == NONE) continue;
        set_wall(at, d1, 1); /* try it, then take it back */
        set_wall(at, d2, 1);
        found = nobody_cut_off();
        set_wall(at, d1, 0);
        set_wall(at, d2, 0);
        if (found) *m = (Move){1, 0, 0, 0, at, d1, d2};
    }
    free(order);
    return found;
}

/* The strategy: a random wall one time in five while we have walls, else
 * a random move of the pawn (there always is one). */
static Move choose_move(int me) {
    static Move steps[64];
    Move m;
    if (walls_left > 0 && rand() % 5 == 0 && random_wall(&m)) return m;
    return steps[rand() % legal_steps(me, steps)];
}

/* Reads one line of the referee's into buf (without its '\n'); returns 0
 * at the end of the input. Blank lines and a '\r' are skipped. */
static int read_line(char *buf, size_t size) {
    for (;;) {
        if (!fgets(buf, (int)size, stdin)) return 0;
        buf[strcspn(buf, "\r\n")] = '\0';
        if (buf[0] != '\0') return 1;
    }
}

/* Plays the opponent's pawn move to `to`: a straight line (passing through
 * the objectives on the way) when one leads there, else a jump over us. */
static void opponent_moves(int them, int to) {
    int from = pawn[them], me = 1 - them;
    for (int d = 1; d <= DIRS; d++) {
        int cur = from, visits = 0;
        for (int k = 1; k <= 3; k++) {
            cur = live(cur, d);
            if (cur == NONE || cur == pawn[me]) break;
            visits |= objective_bit(cur);
            if (cur == to) {
                visited[them] |= visits;
                pawn[them] = to;
                return;
            }
        }
    }
    visited[them] |= objective_bit(to);
    pawn[them] = to;
}

/* Reads the greeting; 0 at the end of the input or on an F. */
static int read_greeting(int *me) {
    char line[256], type;
    int m, edges, turn_limit;
    if (!read_line(line, sizeof line) || line[0] == 'F') return 0;
    *me = atoi(line);
    if (!read_line(line, sizeof line) || sscanf(line, " %c %d", &type, &m) != 2) return 0;
    if (!read_line(line, sizeof line) || sscanf(line, "%d %d", &n, &edges) != 2) return 0;
    nb = malloc((size_t)n * sizeof *nb);
    walled = calloc((size_t)n, sizeof *walled);
    for (int v = 0; v < n; v++)
        for (int d = 0; d < DIRS; d++) nb[v][d] = NONE;
    for (int e = 0; e < edges; e++) {
        int v, w, d;
        if (!read_line(line, sizeof line) || sscanf(line, "%d %d %d", &v, &w, &d) != 3) return 0;
        nb[v][d - 1] = w;
        nb[w][opposite(d) - 1] = v;
    }
    if (!read_line(line, sizeof line) || sscanf(line, "%d %d", &start[0], &start[1]) != 2) return 0;
    pawn[0] = start[0];
    pawn[1] = start[1];
    if (!read_line(line, sizeof line)) return 0;
    char *p = line;
    num_objectives = (int)strtol(p, &p, 10);
    for (int i = 0; i < num_objectives; i++) objectives[i] = (int)strtol(p, &p, 10);
    if (!read_line(line, sizeof line)) return 0;
    walls_left = atoi(line);
    if (!read_line(line, sizeof line)) return 0;
    turn_limit = atoi(line);
    fprintf(stderr, "colour %d, board %c %d, %d vertices, %d objectives, %d walls, turn limit %d\n",
            *me, type, m, n, num_objectives, walls_left, turn_limit);
    return 1;
}

int main(void) {
    char line[256];
    int me;
    /* Seeded by the kernel, not by the clock and the process id: in the
     * referee's sandbox every player is process 2, and two started in the
     * same second would play alike. */
    unsigned seed;
    srand(getrandom(&seed, sizeof seed, 0) == sizeof seed ? seed : (unsigned)time(NULL));
    if (!read_greeting(&me)) return 0;

    int to_move = 0; /* black moves first */
    for (;;) {
        if (to_move == me) {
            Move m = choose_move(me);
            if (m.wall) {
                int a = m.at, b = nb[a][m.d1 - 1], c = nb[a][m.d2 - 1];
                printf("W %d %d %d %d\n", a, b, a, c);
                set_wall(a, m.d1, 1);
                set_wall(a, m.d2, 1);
                walls_left--;
            } else {
                printf("M %d\n", m.to);
                pawn[me] = m.to;
                last_dir = m.dir;
                visited[me] |= m.visits;
            }
            fflush(stdout); /* without this, the referee waits in vain */
        } else {
            /* The opponent's move, or E or F alone: it lost. */
            int v, a, b, c, d;
            if (!read_line(line, sizeof line) || !strcmp(line, "E") || !strcmp(line, "F")) return 0;
            if (sscanf(line, "M %d", &v) == 1) {
                opponent_moves(to_move, v);
            } else if (sscanf(line, "W %d %d %d %d", &a, &b, &c, &d) == 4) {
                set_wall(a, direction(a, b), 1);
                set_wall(c, direction(c, d), 1);
            } else {
                return 1;
            }
        }
        /* The result of the move: N plays on; W, D (or E after ours) end. */
        if (!read_line(line, sizeof line) || strcmp(line, "N")) return 0;
        to_move = 1 - to_move;
    }
}
