//! The rules of Mansuba against the facts the course's tests pin down
//! (`docs/games/mansuba.md`, the 5 × 4 expectations), every sort's moves
//! on fixed boards, captures and escapes, the victories, the start sets,
//! the wire format.

mod moves;
mod play;
mod start;
mod util;
mod wire;
mod world;
