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

use anyhow::{Context as _, bail};
use game_core::Spec;
use games::Registry;
use referee_schema::Record;

/// Judges the record `text` of whatever game of registry `R` it is (the
/// record names its game); `colour` colours the frames' text.
pub fn judge<R: Registry>(text: &str, colour: bool) -> anyhow::Result<Replay> {
    let record: Record =
        Record::from_json(text).context("it is not a record written by referee --record")?;
    match R::visit(&record.game, Judge { text, colour }) {
        Some(replay) => Ok(replay?),
        None => bail!(
            "its game '{}' is not one of this referee's: {}",
            record.game,
            R::names().join(", ")
        ),
    }
}

/// [`rejudge`] with a game's types.
struct Judge<'t> {
    text: &'t str,
    colour: bool,
}

impl games::Visit for Judge<'_> {
    type Output = Result<Replay, ReplayError>;

    fn visit<S: Spec>(self) -> Self::Output {
        rejudge::<S>(self.text, self.colour)
    }
}
