/*
 * random-player.c -- an Oust player for the referee, in one C file.
 *
 * It plays a random legal move. Start from here to write a real player:
 * replace choose_move() by something clever.
 *
 *   cc -std=c99 -O2 -Wall -Wextra -o random-player random-player.c
 *   referee --game oust --player ./random-player --player 'target/release/player --game oust'
 *
 * The protocol (docs/games/oust.md, "Wire format"): the referee starts this
 * program FOR EVERY MOVE, with the time allowed in whole seconds as its last
 * argument (4 by default; start-up included), and writes the position to
 * its stdin, then closes it:
 *
 *   3 5          columns, then rows (2 to 30 each)
 *   0 1 0        each row, top first: 0 empty, 1 black, 2 white
 *   0 1 0
 *   1 0 2
 *   0 0 2
 *   2 0 0
 *   1            the colour to play: 1 black, 2 white
 *
 * The program prints one line, "col row" (counted from 0: "2 1"), flushes
 * and exits. A point off the board ("cols rows") is a pass, legal only when
 * no placement is. Nothing is kept from one move to the next: the position
 * says everything (after a capture the same colour plays again, and the
 * program is simply started again with the new position).
 *
 * The rules of a placement (docs/games/oust.md, "Rules"): stones are
 * neighbours side by side on a row or a column; a group is a maximal set of
 * connected stones of one colour.
 *   - on an empty point with no neighbour of our colour: legal, a quiet move;
 *   - next to our own stones: the new stone joins them into a group; legal
 *     only if that group touches at least one enemy group and every enemy
 *     group it touches is strictly smaller. Those enemy groups are removed
 *     and we move again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
#include <time.h>

#define MAX 30

static int cols, rows;
static int cell[MAX * MAX];  /* 0 empty, 1 black, 2 white; index row * cols + col */
static int group[MAX * MAX]; /* the group number of each stone, -1 on an empty point */
static int size[MAX * MAX];  /* each group's number of stones */
static int enemy[MAX * MAX]; /* each group's largest enemy neighbour group */

/* The up to four neighbours of point p into n[]; returns how many. */
static int neighbours(int p, int *n) {
    int r = p / cols, c = p % cols, k = 0;
    if (r > 0) n[k++] = p - cols;
    if (r < rows - 1) n[k++] = p + cols;
    if (c > 0) n[k++] = p - 1;
    if (c < cols - 1) n[k++] = p + 1;
    return k;
}

/* Labels every stone with its group (a flood fill), counts each group's
 * stones, then finds for each group the largest enemy group it touches. */
static void find_groups(void) {
    static int stack[MAX * MAX];
    int points = cols * rows, groups = 0;
    for (int p = 0; p < points; p++) group[p] = -1;
    for (int p = 0; p < points; p++) {
        if (cell[p] == 0 || group[p] >= 0) continue;
        int g = groups++, top = 0;
        size[g] = 0;
        enemy[g] = 0;
        group[p] = g;
        stack[top++] = p;
        while (top > 0) {
            int q = stack[--top], n[4], k = neighbours(q, n);
            size[g]++;
            for (int i = 0; i < k; i++)
                if (cell[n[i]] == cell[p] && group[n[i]] < 0) {
                    group[n[i]] = g;
                    stack[top++] = n[i];
                }
        }
    }
    for (int p = 0; p < points; p++) {
        if (cell[p] == 0) continue;
        int n[4], k = neighbours(p, n);
        for (int i = 0; i < k; i++)
            if (cell[n[i]] != 0 && cell[n[i]] != cell[p] && size[group[n[i]]] > enemy[group[p]])
                enemy[group[p]] = size[group[n[i]]];
    }
}

/* Whether placing a stone of colour `me` on the empty point p is legal. */
static int legal(int p, int me) {
    int n[4], k = neighbours(p, n), own[4], owns = 0, merged = 1, largest_enemy = 0;
    for (int i = 0; i < k; i++) {
        int q = n[i];
        if (cell[q] == 0) continue;
        int g = group[q];
        if (cell[q] != me) { /* an enemy group next to the new stone */
            if (size[g] > largest_enemy) largest_enemy = size[g];
            continue;
        }
        int seen = 0; /* one of our groups, counted once */
        for (int j = 0; j < owns; j++) seen |= own[j] == g;
        if (seen) continue;
        own[owns++] = g;
        merged += size[g];
        /* The enemy groups our merged groups touch are touched too. */
        if (enemy[g] > largest_enemy) largest_enemy = enemy[g];
    }
    if (owns == 0) return 1; /* a quiet placement */
    return largest_enemy > 0 && largest_enemy < merged; /* a capture */
}

/* The strategy: any legal move. */
static int choose_move(const int *moves, int n) { return moves[rand() % n]; }

int main(void) {
    int me;
    /* Seeded by the kernel, not by the clock and the process id: in the
     * referee's sandbox every player is process 2, and two started in the
     * same second would play alike. */
    unsigned seed;
    srand(getrandom(&seed, sizeof seed, 0) == sizeof seed ? seed : (unsigned)time(NULL));
    if (scanf("%d %d", &cols, &rows) != 2 || cols < 2 || rows < 2 || cols > MAX || rows > MAX)
        return 1;
    for (int p = 0; p < cols * rows; p++)
        if (scanf("%d", &cell[p]) != 1) return 1;
    if (scanf("%d", &me) != 1) return 1;

    find_groups();
    static int moves[MAX * MAX];
    int n = 0;
    for (int p = 0; p < cols * rows; p++)
        if (cell[p] == 0 && legal(p, me)) moves[n++] = p;
    if (n == 0) {
        printf("%d %d\n", cols, rows); /* no placement: pass (a point off the board) */
    } else {
        int p = choose_move(moves, n);
        printf("%d %d\n", p % cols, p / cols);
    }
    fflush(stdout);
    return 0;
}
