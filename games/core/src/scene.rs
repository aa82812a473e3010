//! The viewer's scene of a game without secrets, shared by the adapters
//! whose seats all see the whole position (Quarto, Coursidor, Mansuba,
//! Oust).

use crate::{Game, Seat};

/// [`Game::scene`] for a game whose seats all see everything: one view,
/// everyone's (`viewer` is `None`), which `draw` makes from the detail of
/// the game's end, if it is over; no seat has a view of its own.
pub fn open_scene<G: Game + ?Sized>(
    game: &G,
    viewer: Option<Seat>,
    draw: impl FnOnce(Option<String>) -> String,
) -> Option<String> {
    viewer.is_none().then(|| draw(game.end().map(|e| e.detail)))
}
