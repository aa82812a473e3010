/* The board of Coursidor as the course's clients receive it: the ABI of
 * the headers the course distributed in 2025 (graph.h, second version:
 * with WALL_DIR and next_dir), written for this project. */
#ifndef _CORS_GRAPH_H_
#define _CORS_GRAPH_H_

#include <stddef.h>
#include <gsl/gsl_spmatrix.h>
#include <gsl/gsl_spmatrix_uint.h>
#include <gsl/gsl_spblas.h>

#include "move.h"

/* The direction from a vertex to a neighbour; NO_EDGE for none, WALL_DIR
 * for an edge covered by a wall. */
enum dir_t {
  NO_EDGE = 0,
  NW = 1,
  NE = 2,
  E = 3,
  SE = 4,
  SW = 5,
  W = 6,
  FIRST_DIR = NW,
  LAST_DIR = W,
  NUM_DIRS = 6,
  WALL_DIR = 7
};

/* NW <-> SE, NE <-> SW, E <-> W; NO_EDGE stays NO_EDGE. */
static inline enum dir_t opposite_dir(enum dir_t d) {
  if (d == NO_EDGE)
    return NO_EDGE;
  return d >= 4 ? (enum dir_t)(d - 3) : (enum dir_t)(d + 3);
}

/* The next direction counter-clockwise: E, NE, NW, W, SW, SE, E...;
 * NO_EDGE stays NO_EDGE. Two directions are consecutive when one is the
 * next of the other. */
static inline enum dir_t next_dir(enum dir_t d) {
  if (d == NO_EDGE)
    return NO_EDGE;
  return d == NW ? W : (enum dir_t)(d - 1);
}

/* The three kinds of board: T, C and H. */
enum graph_type_t { TRIANGULAR = 0, CYCLIC = 1, HOLEY = 2 };

/* The board given to initialize(), which then belongs to the player (it
 * frees it in finalize()):
 * - num_edges counts each edge once;
 * - t is a num_vertices x num_vertices matrix in CSR form, allocated by
 *   libgsl: t[i][j] is the direction from i to j (E: j is east of i);
 * - start[c] is where colour c starts (0 and num_vertices - 1);
 * - objectives holds num_objectives vertices. */
struct graph_t {
  enum graph_type_t type;
  unsigned int num_vertices;
  unsigned int num_edges;
  gsl_spmatrix_uint *t;
  vertex_t start[NUM_PLAYERS];
  unsigned int num_objectives;
  vertex_t *objectives;
};

#endif
