//! Our Coursidor AI as a course client: `libcoursidor_player.so`, a shared
//! library implementing the course's `player.h` (`docs/games/coursidor.md`),
//! to drop into any server of the course or to play under the referee
//! (`referee --game coursidor target/release/libcoursidor_player.so
//! ./other.so`, through `coursidor-host`).
//!
//! It keeps to the moves every course server accepts (jumps straight over
//! the opponent, walls that cut nothing off), follows whatever numbering of
//! the vertices the server uses, and thinks `COURSIDOR_AI_MOVE_MS`
//! milliseconds a move (500 by default). Each colour it is initialised for
//! is a player of its own, so a server that loads it once for both sides
//! gets two.

pub mod client;
#[allow(unsafe_code)]
mod ffi;
