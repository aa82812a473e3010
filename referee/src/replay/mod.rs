//! Records played again: judged with today's rules ([`rejudge`]), and
//! shown — in the HTML viewer ([`html`]); the terminal playback is the
//! binary's (`referee replay`).
//!
//! - [`rejudge`]: a record replayed through the game's rules, into frames;
//! - [`html`]: one self-contained page of the frames, with the game's own
//!   drawing.

pub mod html;
pub mod rejudge;

pub use html::page;
pub use rejudge::{Frame, Judgement, Replay, ReplayError, rejudge};
