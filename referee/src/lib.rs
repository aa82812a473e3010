//! The Stratego referee: plays one game between two programs exactly as the
//! protocol says, and survives anything they do.
//!
//! Three layers, one folder each:
//! - [`process`]: supervision of child processes, with no Stratego in it;
//! - [`game`]: the match driver — the game flow over the process layer, no
//!   system calls;
//! - the binary (`main.rs`, `cli.rs`, `output.rs`): arguments and printing.
//!
//! [`play_match`] plays one whole match from a [`MatchConfig`] and returns a
//! [`MatchReport`]; it keeps no global state, so a process may play many
//! matches one after the other.

pub mod game;
pub mod process;

pub use game::{
    MatchConfig, MatchError, MatchReport, Observer, PlayerReport, Reason, Verdict, play_match,
};
pub use process::Program;
