//! The game a tournament plays, as the registry describes it: its name,
//! its defaults, and its number of seats once its options are applied
//! (checked up front: bad options would fail every game the same way).

use std::ffi::OsString;

use clap::{Args, FromArgMatches};
use game_core::{Context, Defaults, Game as _, Limits, Spec};
use games::Registry;
use thiserror::Error;

/// A game with its options applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Its name (`--game`).
    pub name: String,
    /// Its defaults, for its options.
    pub defaults: Defaults,
    /// Its number of seats with these options.
    pub seats: usize,
}

/// Why a game or its options were refused.
#[derive(Debug, Error)]
pub enum GameError {
    /// No such game.
    #[error("unknown game `{name}`; the games are: {known}")]
    Unknown {
        /// The name given.
        name: String,
        /// The games there are.
        known: String,
    },
    /// The options do not parse.
    #[error("--game-options for {game}: {message}")]
    Options {
        /// The game.
        game: String,
        /// What clap or the game said.
        message: String,
    },
}

struct Describe<'a> {
    options: &'a [String],
}

impl games::Visit for Describe<'_> {
    type Output = Result<GameInfo, GameError>;

    fn visit<S: Spec>(self) -> Self::Output {
        let bad = |message: String| GameError::Options {
            game: S::NAME.to_owned(),
            message,
        };
        let cmd = S::Options::augment_args(
            clap::Command::new(format!("{} options", S::NAME)).no_binary_name(true),
        );
        let args = self.options.iter().map(OsString::from);
        let matches = cmd
            .try_get_matches_from(args)
            .map_err(|e| bad(e.kind().to_string() + ": " + &first_line(&e.to_string())))?;
        let options = S::Options::from_arg_matches(&matches).map_err(|e| bad(e.to_string()))?;
        // The defaults for these options: the turn limit may depend on them.
        let defaults = Defaults {
            max_turns: S::default_max_turns(&options),
            ..S::DEFAULTS
        };
        let context = Context {
            max_turns: defaults.max_turns,
            limits: Limits::new(
                std::time::Duration::from_millis(S::DEFAULTS.time_limit_ms),
                std::time::Duration::from_millis(S::DEFAULTS.setup_time_limit_ms),
            ),
            seed: 0,
        };
        let game = S::new(&options, &context).map_err(|e| bad(e.to_string()))?;
        Ok(GameInfo {
            name: S::NAME.to_owned(),
            defaults,
            seats: game.seats(),
        })
    }
}

/// clap's message without its usage lines.
fn first_line(message: &str) -> String {
    message
        .lines()
        .next()
        .unwrap_or_default()
        .trim_start_matches("error: ")
        .to_owned()
}

/// The game `name` of registry `R` with `options` applied.
pub fn describe<R: Registry>(name: &str, options: &[String]) -> Result<GameInfo, GameError> {
    R::visit(name, Describe { options }).unwrap_or_else(|| {
        Err(GameError::Unknown {
            name: name.to_owned(),
            known: R::names().join(", "),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::All;

    fn opts(words: &[&str]) -> Vec<String> {
        words.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn games_are_described_with_their_seats_and_defaults() {
        let g = describe::<All>("stratego", &[]).unwrap();
        assert_eq!((g.seats, g.defaults.time_limit_ms), (2, 500));
        let g = describe::<All>("oust", &opts(&["--cols", "9", "--rows", "5"])).unwrap();
        assert_eq!((g.name.as_str(), g.seats), ("oust", 2));
    }

    #[test]
    fn bad_games_and_options_are_named() {
        let e = describe::<All>("chess", &[]).unwrap_err().to_string();
        assert!(
            e.starts_with("unknown game `chess`; the games are: stratego"),
            "{e}"
        );
        let e = describe::<All>("oust", &opts(&["--colz", "9"]))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--game-options for oust") && e.contains("--colz"),
            "{e}"
        );
        let e = describe::<All>("oust", &opts(&["--cols", "40"]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("each side must be 2 to 30"), "{e}");
    }
}
