//! The referee: plays one game between programs exactly as the game's
//! protocol says, and survives anything they do.
//!
//! Two layers, one folder each, and the program on top:
//! - [`process`]: supervision of child processes, with no game in it;
//! - [`game`]: the match driver — the game flow over the process layer,
//!   no system calls; the rules are the game's ([`game_core::Game`]);
//! - [`replay`]: a record judged again, and the viewer's page;
//! - [`check`]: a program's pre-flight, games against scripted opponents;
//! - [`cli`]: the `referee` program (arguments, printing, the `replay` and
//!   `view` commands) over a registry of games; `src/main.rs` runs it with
//!   the list's.
//!
//! [`play_match`] plays one whole match of a game from a [`MatchConfig`]
//! and returns a [`MatchReport`]; it keeps no global state, so a process
//! may play many matches one after the other.

pub mod check;
pub mod cli;
pub mod game;
pub mod process;
pub mod replay;
#[cfg(test)]
mod testing;

pub use game::{
    HostError, MatchConfig, MatchError, MatchReport, Observer, Verdict, hosted, play_match,
};
pub use process::Program;
