/* A course client of Coursidor that plays random legal moves: an example
 * for students, and the client the referee's tests run in coursidor-host.
 *
 * Build it as a shared library, against the course's headers (here in
 * include/, with libgsl-dev's):
 *
 *     gcc -std=c99 -O2 -Wall -Wextra -shared -fPIC -Iinclude \
 *         -o random-client.so random-client.c
 *
 * and play it: referee --game coursidor ./random-client.so ./other.so
 *
 * It keeps its own board: the graph it receives (its matrix holds, for
 * each edge, the direction from one end to the other, WALL_DIR once it is
 * walled), both pawns, and its own momentum. Each turn it lists its legal
 * pawn moves (docs/games/coursidor.md: straight lines as far as the
 * momentum allows, jumps over an adjacent opponent) and picks one at
 * random; one time in ten it tries a random wall instead. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "player.h"

#define NONE ((vertex_t)-1)
#define MAX_CHOICES 64

static struct graph_t *graph;
static unsigned int me;
static vertex_t pawn[NUM_PLAYERS];
static enum dir_t last_dir = NO_EDGE; /* NO_EDGE: not moved yet */
static unsigned int walls_left;

char const *get_player_name(void) { return "random client"; }

/* The neighbour of v in direction d through an edge that is not walled,
 * or NONE: the row of v in the CSR matrix lists its neighbours. */
static vertex_t neighbour(vertex_t v, enum dir_t d) {
  gsl_spmatrix_uint *t = graph->t;
  for (int k = t->p[v]; k < t->p[v + 1]; k++)
    if (t->data[k] == (unsigned int)d)
      return (vertex_t)t->i[k];
  return NONE;
}

/* Sets the matrix entry (a, b) to value, if the edge exists. */
static void set_entry(vertex_t a, vertex_t b, unsigned int value) {
  gsl_spmatrix_uint *t = graph->t;
  for (int k = t->p[a]; k < t->p[a + 1]; k++)
    if ((vertex_t)t->i[k] == b)
      t->data[k] = value;
}

/* Walls the edge a-b whose direction from a is d (d = 0: takes it off). */
static void wall_edge(vertex_t a, vertex_t b, enum dir_t d, int on) {
  set_entry(a, b, on ? WALL_DIR : (unsigned int)d);
  set_entry(b, a, on ? WALL_DIR : (unsigned int)opposite_dir(d));
}

/* The direction from a to its neighbour b (walled or not), or NO_EDGE. */
static enum dir_t direction(vertex_t a, vertex_t b) {
  gsl_spmatrix_uint *t = graph->t;
  for (int k = t->p[a]; k < t->p[a + 1]; k++)
    if ((vertex_t)t->i[k] == b)
      return (enum dir_t)t->data[k];
  return NO_EDGE;
}

/* How far the pawn may go in direction d after its last step. */
static unsigned int max_steps(enum dir_t d) {
  if (last_dir == NO_EDGE)
    return 1;
  if (d == last_dir)
    return 3;
  if (next_dir(d) == last_dir || next_dir(last_dir) == d)
    return 2;
  return 1;
}

/* Whether `at` still reaches both a and b with the wall in place: then
 * whatever the two edges joined is still joined, every vertex reaches what
 * it reached before, and the wall is legal (a stricter test than the rule,
 * which only asks that each player reach its start and the objectives it
 * still needs). */
static int still_connected(vertex_t at, vertex_t a, vertex_t b) {
  unsigned int n = graph->num_vertices;
  char *seen = calloc(n, 1);
  vertex_t *queue = malloc(n * sizeof *queue);
  unsigned int head = 0, tail = 0;
  int found = 0;
  seen[at] = 1;
  queue[tail++] = at;
  while (head < tail) {
    vertex_t v = queue[head++];
    for (enum dir_t d = FIRST_DIR; d <= LAST_DIR; d++) {
      vertex_t w = neighbour(v, d);
      if (w != NONE && !seen[w]) {
        seen[w] = 1;
        queue[tail++] = w;
      }
    }
  }
  found = seen[a] && seen[b];
  free(seen);
  free(queue);
  return found;
}

/* A random legal wall into *m, or 0 after a few tries without one. */
static int random_wall(struct move_t *m) {
  for (int tries = 0; tries < 50; tries++) {
    vertex_t at = (vertex_t)(rand() % graph->num_vertices);
    enum dir_t d0 = (enum dir_t)(FIRST_DIR + rand() % NUM_DIRS);
    enum dir_t d1 = next_dir(d0);
    vertex_t a = neighbour(at, d0), b = neighbour(at, d1);
    if (a == NONE || b == NONE)
      continue;
    wall_edge(at, a, d0, 1);
    wall_edge(at, b, d1, 1);
    if (still_connected(at, a, b)) {
      m->t = WALL;
      m->e[0].fr = at;
      m->e[0].to = a;
      m->e[1].fr = at;
      m->e[1].to = b;
      walls_left--;
      return 1;
    }
    wall_edge(at, a, d0, 0);
    wall_edge(at, b, d1, 0);
  }
  return 0;
}

void initialize(unsigned int player_id, struct graph_t *g) {
  graph = g;
  me = player_id;
  pawn[BLACK] = g->start[BLACK];
  pawn[WHITE] = g->start[WHITE];
  walls_left = (g->num_edges + 15) / 16;
  srand((unsigned int)time(NULL) ^ (unsigned int)getpid() ^ (player_id << 16));
}

struct move_t play(const struct move_t previous) {
  unsigned int them = 1 - me;
  if (previous.t == MOVE)
    pawn[them] = previous.m;
  else if (previous.t == WALL)
    for (int i = 0; i < 2; i++)
      wall_edge(previous.e[i].fr, previous.e[i].to,
                direction(previous.e[i].fr, previous.e[i].to), 1);

  struct move_t m;
  memset(&m, 0, sizeof m);
  m.c = (enum player_color_t)me;
  if (walls_left > 0 && rand() % 10 == 0 && random_wall(&m))
    return m;

  /* The pawn's moves: straight lines, then jumps over the opponent. */
  vertex_t to[MAX_CHOICES];
  enum dir_t dir[MAX_CHOICES];
  int count = 0;
  for (enum dir_t d = FIRST_DIR; d <= LAST_DIR; d++) {
    vertex_t v = pawn[me];
    for (unsigned int k = 0; k < max_steps(d); k++) {
      v = neighbour(v, d);
      if (v == NONE || v == pawn[them])
        break;
      to[count] = v;
      dir[count++] = d;
    }
  }
  for (enum dir_t d = FIRST_DIR; d <= LAST_DIR; d++) {
    if (neighbour(pawn[me], d) != pawn[them])
      continue;
    for (enum dir_t d2 = FIRST_DIR; d2 <= LAST_DIR; d2++) {
      vertex_t v = neighbour(pawn[them], d2);
      int known = v == NONE || v == pawn[me];
      for (int i = 0; i < count && !known; i++)
        known = to[i] == v; /* a straight move there counts first */
      if (!known) {
        to[count] = v;
        dir[count++] = d2;
      }
    }
  }
  int pick = rand() % count; /* never 0: a pawn can always move */
  m.t = MOVE;
  m.m = to[pick];
  pawn[me] = to[pick];
  last_dir = dir[pick];
  return m;
}

void finalize(void) {
  gsl_spmatrix_uint_free(graph->t);
  free(graph->objectives);
  free(graph);
}
