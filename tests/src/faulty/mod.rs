//! `faulty-player`: plays correctly until a chosen moment, then misbehaves
//! in a chosen way, to probe every critical case of the referee; and
//! ([`skeleton`]) what the other games' faulty players share.

mod attack;
mod illegal;
mod mode;
mod play;
pub mod skeleton;
pub mod sys;

pub use illegal::illegal_move_lines;
pub use mode::{Config, Mode};
pub use play::run;
