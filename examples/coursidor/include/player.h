/* What a client of Coursidor implements: the four functions a server
 * calls, as the course distributed them in 2025, written for this project.
 * A client is a shared library (gcc -shared -fPIC) that exports them. */
#ifndef _CORS_PLAYER_H_
#define _CORS_PLAYER_H_

#include "move.h"
#include "graph.h"

/* The player's name: letters, digits, spaces, '-' and '_'. */
char const *get_player_name(void);

/* Called once before the game: player_id is the player's colour (BLACK
 * moves first). The graph, matrix included, is the player's from now on:
 * it frees it in finalize(). */
void initialize(unsigned int player_id, struct graph_t *graph);

/* The player's move, given the opponent's last one (NO_TYPE on black's
 * first call). */
struct move_t play(const struct move_t previous_move);

/* Called once at the end: the player frees everything it allocated. */
void finalize(void);

#endif
