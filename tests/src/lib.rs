//! Test tools for the referee and the end-to-end suite of the real binaries:
//!
//! - `faulty-player` ([`faulty`], `src/bin/faulty-player.rs`): plays
//!   correctly until a chosen moment, then misbehaves in a chosen way;
//! - `oust-faulty` (`src/bin/oust-faulty.rs`): the same for Oust's process
//!   per move;
//! - `quarto-faulty` (`src/bin/quarto-faulty.rs`): the same for Quarto's
//!   session, every bad reply of its protocol;
//! - `mansuba-faulty` (`src/bin/mansuba-faulty.rs`): the same for
//!   Mansuba's session, with any number of seats;
//! - `scripted-player` (`src/bin/scripted-player.rs`): plays a script of
//!   commands and records every byte it receives;
//! - `ucc-agent` (`src/bin/ucc-agent.rs`): an agent of the UCC 2012
//!   manager's protocol, written from its manual, that checks every board
//!   it is sent and plays random moves or chosen faults;
//! - `test-referee` and `test-tournament` (`src/bin/`): the referee and the
//!   tournament programs with the registry [`Games`], the list's games and
//!   the tests' own;
//! - the suite in `tests/e2e/`, which runs the real `referee` against them;
//! - [`bins`] and [`tools`]: the workspace's binaries and the system
//!   programs that end-to-end tests (here and in other crates) need;
//! - [`cdp`]: a headless Chromium driven over the DevTools protocol, for
//!   the tests of HTML pages (the viewer's, the tournament's report).

pub mod bins;
pub mod cdp;
pub mod faulty;
pub mod tictactoe;
pub mod tools;

/// The games of `test-referee` and `test-tournament`: the registry's list,
/// and after it the games the tests add (`games::And<_, Spec>`), which the
/// programs we ship do not know. A game written for the tests is registered
/// here, and nowhere else (`docs/games.md`).
pub type Games = games::And<games::All, tictactoe::Spec>;
