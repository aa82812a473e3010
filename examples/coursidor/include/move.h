/* The moves of Coursidor, as the course's clients see them: the ABI of the
 * headers the course distributed in 2025 (docs/games/coursidor.md, "The
 * course's clients"), written for this project. */
#ifndef _CORS_MOVE_H_
#define _CORS_MOVE_H_

#define NUM_PLAYERS 2

/* The players: BLACK moves first. */
enum player_color_t { BLACK = 0, WHITE = 1, NO_COLOR = 2 };

/* What a move does. NO_TYPE is no move: the "previous move" of black's
 * first call to play(). */
enum move_type_t { NO_TYPE = 0, WALL = 1, MOVE = 2 };

/* A vertex: its number, 0 to num_vertices - 1. */
typedef unsigned int vertex_t;

/* An edge, from one vertex to a neighbour. */
struct edge_t {
  vertex_t fr;
  vertex_t to;
};

/* A move: the player's colour c, the type t; for MOVE, the vertex m the
 * pawn goes to; for WALL, the two edges e covered (e[0].fr == e[1].fr).
 * The field a type does not use holds anything. */
struct move_t {
  enum player_color_t c;
  enum move_type_t t;
  vertex_t m;
  struct edge_t e[2];
};

#endif
