/*
 * random-player.c -- a Mansuba player for the referee, in one C file, for
 * games of two to five players and every configuration (the referee's
 * greeting says which pieces move how).
 *
 * It plays random legal actions, and keeps its own copy of the game up to
 * date from what the referee tells every seat after each turn. Start from
 * here to write a real player: replace choose_action() by something clever.
 *
 *   cc -std=c99 -O2 -Wall -Wextra -o random-player random-player.c
 *   referee --game mansuba --player ./random-player --player 'target/release/player --game mansuba'
 *   referee --game mansuba --players 3 --player ./random-player \
 *       --player 'target/release/player --game mansuba' --player 'target/release/player --game mansuba'
 *
 * The protocol (docs/games/mansuba.md, "Wire format") in short. The referee
 * first tells every seat the whole game:
 *
 *   1 2          our seat, the number of players
 *   10 10        WIDTH HEIGHT: places are numbered row * WIDTH + col, row 0 at the top
 *   square4      the relation: which places are neighbours (below)
 *   simple       the victory: simple or complex (nothing we need to move legally)
 *   off          captures: on or off
 *   200 0        the turn limit, the turns between relation changes (0: none)
 *   0            the seat that moves first; then the seats in turn, 0, 1, ... round the table
 *   1            the number of sorts, then a line each: its letter, its name, its move kinds
 *   P pawn step:all jump:all multi-jump:all
 *   P P P ...    the lineup: the sort on each seat's start places, in order (HEIGHT letters)
 *   0 10 20 ...  seat 0's start places (HEIGHT of them), then a line per seat
 *
 * The seat to move sends one line: "FROM TO" (move our piece on FROM to TO),
 * "escape PLACE SORT" (try to free our prisoner taken on PLACE) or "pass".
 * After every turn EVERY seat, the mover too, reads what happened:
 *
 *   1 14 27          the seat and its move, or "1 escape 35 T free" (or
 *                    held: the referee tossed a coin), or "1 pass"
 *   relation hex     only when the relation changed after this turn
 *   N                N: play on; W: the mover won; D: a draw (the turn limit)
 *
 * or "SEAT E" (that seat's reply was illegal) or "SEAT F" (its program
 * failed) alone: the game is over. After W, D, E or F the referee closes our
 * input. stdout must be FLUSHED after each reply (1 s a reply by default).
 *
 * The rules (docs/games/mansuba.md), as this program checks them:
 *   - a piece moves by its sort's move kinds, each in some directions (all,
 *     cardinal or diagonal) that the relation has: "step" to the neighbour;
 *     "jump" over the neighbour (any piece) to the place after it in the
 *     same direction; "multi-jump", jumps chained, every landing a
 *     destination; "slide" any number of free places in a line; "double",
 *     two steps not straight back, the place between may be taken. The
 *     moving piece is off the board while it moves (it cannot be jumped over;
 *     its own place is free to land on mid-chain, never a destination);
 *   - the destination must be free or, with captures on, hold another
 *     player's piece that stands on nobody's start place: the move takes it
 *     (a capture ends a chain of jumps; a slide stops at the first piece it
 *     meets). The piece taken becomes its owner's prisoner, at that place;
 *   - an escape is legal when we hold a prisoner taken on PLACE and PLACE is
 *     free; the referee's coin says whether it is back on the board;
 *   - a pass is legal only when one of our pieces cannot act: a piece on the
 *     board without any move, or a prisoner whose place is taken.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define MAX_PLACES (40 * 40)
#define MAX_PLAYERS 5
#define NONE -1

/* The relations, by their names on the wire. */
enum { SQUARE4, SQUARE8, TRIANGULAR, HEX };
static const char *RELATION[4] = {"square4", "square8", "triangular", "hex"};

/* The eight directions, as (row, column) offsets: SE, S, SW, W, E, NE, N, NW.
 * The cardinal ones are S, W, E, N. */
static const int DROW[8] = {1, 1, 1, 0, 0, -1, -1, -1};
static const int DCOL[8] = {1, 0, -1, -1, 1, 1, 0, -1};
static const int CARDINAL[8] = {0, 1, 0, 1, 1, 0, 1, 0};
enum { SE, S, SW, W, E, NE, N, NW };

/* A sort's move kinds: what it does, and in which directions. */
enum { STEP, JUMP, MULTI_JUMP, SLIDE, DOUBLE };
static const char *KIND[5] = {"step", "jump", "multi-jump", "slide", "double"};
enum { ALL, CARDINAL_DIRS, DIAGONAL_DIRS };
static const char *DIRS[3] = {"all", "cardinal", "diagonal"};

typedef struct {
    char letter;
    int kinds, kind[3], dirs[3];
} Sort;

static int width, height, players, relation, captures;
static Sort sorts[6];
static int num_sorts;
static int owner[MAX_PLACES];       /* the seat whose piece stands there, or NONE */
static char sort_at[MAX_PLACES];    /* that piece's sort letter */
static int start_owner[MAX_PLACES]; /* the seat whose start place it is, or NONE */

/* Prisoners: each seat's pieces taken, where and of which sort, in order. */
typedef struct { int place; char sort; } Prisoner;
static Prisoner prisoners[MAX_PLAYERS][MAX_PLACES];
static int num_prisoners[MAX_PLAYERS];

/* The neighbour of place p in direction d under the relation now, or NONE. */
static int neighbour(int p, int d) {
    int row = p / width, col = p % width;
    switch (relation) {
    case SQUARE4:
        if (!CARDINAL[d]) return NONE;
        break;
    case TRIANGULAR: /* the square grid plus one diagonal pair, NE and SW */
        if (d == SE || d == NW) return NONE;
        break;
    case HEX: /* offset rows, odd rows half a place to the right: no N or S */
        if (d == N || d == S) return NONE;
        if (DROW[d] != 0) {
            int odd = row % 2 == 1;
            col += DCOL[d] > 0 ? (odd ? 1 : 0) : (odd ? 0 : -1);
            row += DROW[d];
            goto inside;
        }
        break;
    }
    row += DROW[d];
    col += DCOL[d];
inside:
    if (row < 0 || row >= height || col < 0 || col >= width) return NONE;
    return row * width + col;
}

/* Whether direction d is among the directions `dirs` names. */
static int in_dirs(int d, int dirs) {
    return dirs == ALL || (dirs == CARDINAL_DIRS) == CARDINAL[d];
}

static const Sort *sort_of(char letter) {
    for (int i = 0; i < num_sorts; i++)
        if (sorts[i].letter == letter) return &sorts[i];
    return NULL;
}

/* Whether a move of `seat`'s ending on p takes the piece there. */
static int capturable(int p, int seat) {
    return captures && owner[p] != NONE && owner[p] != seat && start_owner[p] == NONE;
}

/* Destinations: each listed once (a stamp per place says it is listed). */
static int listed[MAX_PLACES], landed[MAX_PLACES], stamp;

static void add(int p, int *out, int *n) {
    if (listed[p] != stamp) {
        listed[p] = stamp;
        out[(*n)++] = p;
    }
}

/* The destinations of the piece on `from`, into out[]; returns how many. */
static int destinations(int from, int *out) {
    static int queue[MAX_PLACES];
    const Sort *s = sort_of(sort_at[from]);
    int seat = owner[from], n = 0;
    stamp++;
    listed[from] = stamp; /* never a destination */
    for (int k = 0; k < s->kinds; k++) {
        if (s->kind[k] == MULTI_JUMP) { /* landings breadth first; a capture ends a chain */
            int head = 0, tail = 0;
            landed[from] = stamp;
            queue[tail++] = from;
            while (head < tail) {
                int p = queue[head++];
                for (int d = 0; d < 8; d++) {
                    if (!in_dirs(d, s->dirs[k])) continue;
                    int over = neighbour(p, d), to;
                    /* The moving piece is off the board: its own place is
                     * no piece to jump over, and free to land on. */
                    if (over == NONE || over == from || owner[over] == NONE) continue;
                    to = neighbour(over, d);
                    if (to == NONE) continue;
                    if (to == from || owner[to] == NONE) {
                        if (landed[to] != stamp) {
                            landed[to] = stamp;
                            add(to, out, &n);
                            queue[tail++] = to;
                        }
                    } else if (capturable(to, seat)) {
                        add(to, out, &n);
                    }
                }
            }
            continue;
        }
        for (int d = 0; d < 8; d++) {
            if (!in_dirs(d, s->dirs[k])) continue;
            int next = neighbour(from, d), to;
            if (next == NONE) continue;
            switch (s->kind[k]) {
            case STEP:
                if (owner[next] == NONE || capturable(next, seat)) add(next, out, &n);
                break;
            case JUMP: /* over a piece, anyone's */
                if (owner[next] == NONE) break;
                to = neighbour(next, d);
                if (to != NONE && (owner[to] == NONE || capturable(to, seat))) add(to, out, &n);
                break;
            case SLIDE: /* over free places, up to the first piece */
                for (to = next; to != NONE && owner[to] == NONE; to = neighbour(to, d)) add(to, out, &n);
                if (to != NONE && capturable(to, seat)) add(to, out, &n);
                break;
            case DOUBLE: /* two steps, the second not straight back (7 - d: the opposite) */
                for (int d2 = 0; d2 < 8; d2++) {
                    if (!in_dirs(d2, s->dirs[k]) || d2 == 7 - d) continue;
                    to = neighbour(next, d2);
                    if (to != NONE && to != from && (owner[to] == NONE || capturable(to, seat)))
                        add(to, out, &n);
                }
                break;
            }
        }
    }
    return n;
}

/* An action: a move (from, to), an escape (place, sort) or a pass. */
typedef struct { int kind, from, to; char sort; } Action;
enum { MOVE, ESCAPE, PASS };

/* Lists the legal actions of `seat` into out[]; returns how many. */
static int legal_actions(int seat, Action *out) {
    static int dest[MAX_PLACES];
    int n = 0, blocked = 0;
    for (int p = 0; p < width * height; p++) {
        if (owner[p] != seat) continue;
        int k = destinations(p, dest);
        if (k == 0) blocked = 1; /* a piece that cannot act */
        for (int i = 0; i < k; i++) out[n++] = (Action){MOVE, p, dest[i], 0};
    }
    for (int i = 0; i < num_prisoners[seat]; i++) {
        Prisoner pr = prisoners[seat][i];
        if (owner[pr.place] != NONE) {
            blocked = 1; /* a prisoner whose place is taken */
            continue;
        }
        int again = 0; /* the same (place, sort) listed once */
        for (int j = 0; j < i; j++)
            again |= prisoners[seat][j].place == pr.place && prisoners[seat][j].sort == pr.sort;
        if (!again) out[n++] = (Action){ESCAPE, pr.place, pr.place, pr.sort};
    }
    if (blocked) out[n++] = (Action){PASS, 0, 0, 0};
    return n;
}

/* The strategy: any legal action. */
static Action choose_action(const Action *actions, int n) { return actions[rand() % n]; }

/* Reads one line of the referee's into buf (without its '\n'); returns 0
 * at the end of the input. Blank lines and a '\r' are skipped. */
static int read_line(char *buf, size_t size) {
    for (;;) {
        if (!fgets(buf, (int)size, stdin)) return 0;
        buf[strcspn(buf, "\r\n")] = '\0';
        if (buf[0] != '\0') return 1;
    }
}

/* Reads a sort's line: "T tower slide:cardinal". */
static int parse_sort(char *line, Sort *s) {
    char *word = strtok(line, " \t");
    if (!word) return 0;
    s->letter = word[0];
    strtok(NULL, " \t"); /* its name */
    s->kinds = 0;
    while ((word = strtok(NULL, " \t")) && s->kinds < 3) {
        char *colon = strchr(word, ':');
        if (!colon) return 0;
        *colon = '\0';
        int kind = NONE, dirs = NONE;
        for (int i = 0; i < 5; i++)
            if (!strcmp(word, KIND[i])) kind = i;
        for (int i = 0; i < 3; i++)
            if (!strcmp(colon + 1, DIRS[i])) dirs = i;
        if (kind == NONE || dirs == NONE) return 0;
        s->kind[s->kinds] = kind;
        s->dirs[s->kinds++] = dirs;
    }
    return s->kinds > 0;
}

/* Reads the greeting; returns our seat, or NONE. */
static int read_greeting(int *first) {
    static char line[4096];
    char lineup[40];
    int me, max_turns, change_every;
    if (!read_line(line, sizeof line) || sscanf(line, "%d %d", &me, &players) != 2) return NONE;
    if (!read_line(line, sizeof line) || sscanf(line, "%d %d", &width, &height) != 2) return NONE;
    if (!read_line(line, sizeof line)) return NONE;
    for (int r = 0; r < 4; r++)
        if (!strcmp(line, RELATION[r])) relation = r;
    if (!read_line(line, sizeof line)) return NONE; /* the victory */
    if (!read_line(line, sizeof line)) return NONE;
    captures = !strcmp(line, "on");
    if (!read_line(line, sizeof line) || sscanf(line, "%d %d", &max_turns, &change_every) != 2)
        return NONE;
    if (!read_line(line, sizeof line)) return NONE;
    *first = atoi(line);
    if (!read_line(line, sizeof line)) return NONE;
    num_sorts = atoi(line);
    for (int i = 0; i < num_sorts; i++)
        if (!read_line(line, sizeof line) || !parse_sort(line, &sorts[i])) return NONE;
    if (!read_line(line, sizeof line)) return NONE;
    char *letter = strtok(line, " \t"); /* "P T E ...": a letter a place */
    for (int i = 0; i < height && letter; i++, letter = strtok(NULL, " \t")) lineup[i] = letter[0];
    for (int p = 0; p < width * height; p++) owner[p] = start_owner[p] = NONE;
    for (int seat = 0; seat < players; seat++) {
        if (!read_line(line, sizeof line)) return NONE;
        char *at = line;
        for (int i = 0; i < height; i++) {
            int p = (int)strtol(at, &at, 10);
            owner[p] = start_owner[p] = seat;
            sort_at[p] = lineup[i];
        }
    }
    fprintf(stderr, "seat %d of %d, %dx%d, %s, captures %s, turn limit %d, relation changes every %d\n",
            me, players, width, height, RELATION[relation], captures ? "on" : "off", max_turns,
            change_every);
    return me;
}

/* Plays the action a turn message tells ("14 27", "escape 35 T free",
 * "pass") for `seat`; 0 if it reads as none. */
static int apply(int seat, const char *what) {
    int from, to, place;
    char sort, result[8];
    if (!strcmp(what, "pass")) return 1;
    if (sscanf(what, "escape %d %c %7s", &place, &sort, result) == 3) {
        if (strcmp(result, "free")) return 1; /* held: nothing changes */
        for (int i = 0; i < num_prisoners[seat]; i++) {
            if (prisoners[seat][i].place != place || prisoners[seat][i].sort != sort) continue;
            memmove(&prisoners[seat][i], &prisoners[seat][i + 1],
                    (size_t)(num_prisoners[seat] - i - 1) * sizeof prisoners[seat][i]);
            num_prisoners[seat]--;
            owner[place] = seat;
            sort_at[place] = sort;
            return 1;
        }
        return 0;
    }
    if (sscanf(what, "%d %d", &from, &to) != 2) return 0;
    if (owner[to] != NONE) { /* a capture: the piece taken becomes a prisoner */
        int victim = owner[to];
        prisoners[victim][num_prisoners[victim]++] = (Prisoner){to, sort_at[to]};
    }
    owner[to] = owner[from];
    sort_at[to] = sort_at[from];
    owner[from] = NONE;
    return 1;
}

int main(void) {
    static char line[4096];
    static Action actions[MAX_PLACES * 40]; /* up to 40 pieces, each to any place */
    int first;
    /* Seeded by the kernel, not by the clock and the process id: in the
     * referee's sandbox every player is process 2, and two started in the
     * same second would play alike. */
    unsigned seed;
    srand(getrandom(&seed, sizeof seed, 0) == sizeof seed ? seed : (unsigned)time(NULL));
    int me = read_greeting(&first);
    if (me == NONE) return 0;

    int to_move = first;
    for (;;) {
        if (to_move == me) {
            Action a = choose_action(actions, legal_actions(me, actions));
            if (a.kind == MOVE) printf("%d %d\n", a.from, a.to);
            else if (a.kind == ESCAPE) printf("escape %d %c\n", a.from, a.sort);
            else printf("pass\n");
            fflush(stdout); /* without this, the referee waits in vain */
        }
        /* What the seat to move did ("SEAT ACTION"), or "SEAT E", "SEAT F". */
        int seat, skip;
        if (!read_line(line, sizeof line) || sscanf(line, "%d %n", &seat, &skip) != 1) return 0;
        const char *what = line + skip;
        if (!strcmp(what, "E") || !strcmp(what, "F")) return 0; /* the game is over */
        if (!apply(seat, what)) return 1;
        if (!read_line(line, sizeof line)) return 0;
        if (!strncmp(line, "relation ", 9)) {
            for (int r = 0; r < 4; r++)
                if (!strcmp(line + 9, RELATION[r])) relation = r;
            if (!read_line(line, sizeof line)) return 0;
        }
        if (strcmp(line, "N")) return 0; /* W (a win) or D (a draw): the game is over */
        to_move = (seat + 1) % players;
    }
}
