//! The toolkit our players search with. Each game keeps its own search (its
//! moves, its evaluation, its table entries); what they share lives here
//! once, tested once:
//!
//! - [`Budget`]: when a search must stop — a node budget counted exactly,
//!   and the clock, always, read every few nodes;
//! - [`Table`] and [`Bound`]: a transposition table's slots and what a
//!   stored value bounds;
//! - [`Strategy`] and [`Choice`]: the AI or a baseline, and the move chosen
//!   with what it rests on;
//! - [`arena`]: an in-process match between two strategies, and [`Tally`],
//!   its results seen from the side measured, with its score's interval;
//! - [`stats`]: the median and the Wilson interval of measurements;
//! - [`program`]: our player programs' options and `main`.

pub mod arena;
mod budget;
mod choice;
pub mod program;
pub mod stats;
mod table;
mod tally;

pub use budget::Budget;
pub use choice::{Choice, Strategy};
pub use table::{Bound, Table};
pub use tally::Tally;
