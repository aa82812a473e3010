//! The registration point of the referee's games: adding a game is one
//! line in [`games!`] below (its [`Spec`], its player's entry point, and
//! the program a person plays it with, if any), and nothing else in the
//! referee (`docs/games.md`).
//!
//! The referee reaches a game's types through [`visit`], which calls a
//! generic function with the game's [`Spec`]; the player binary calls
//! [`Entry::player`].

pub mod program;

use std::ffi::OsString;
use std::process::ExitCode;

use game_core::{Defaults, Spec};

/// A game as the command lines list it.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// `--game NAME`.
    pub name: &'static str,
    /// One line about it.
    pub about: &'static str,
    /// The defaults of its match settings.
    pub defaults: Defaults,
    /// How its default turn limit follows its options, if it does
    /// ([`Spec::MAX_TURNS_RULE`]).
    pub max_turns_rule: Option<&'static str>,
    /// Our player for it: `player --game NAME ARGS...` (the arguments
    /// start with the program name).
    pub player: fn(Vec<OsString>) -> ExitCode,
    /// The program a person plays it with, if it has one: `human --game
    /// NAME ARGS...`.
    pub human: Option<fn(Vec<OsString>) -> ExitCode>,
}

/// Something to do with one game's types: the referee parses the game's
/// options and plays a match with it.
pub trait Visit {
    /// What the visit returns.
    type Output;
    /// Does it, with the game's [`Spec`].
    fn visit<S: Spec>(self) -> Self::Output;
}

macro_rules! games {
    (@human) => { None };
    (@human $human:path) => { Some($human as fn(Vec<OsString>) -> ExitCode) };
    ($($spec:ty => $player:path $(, human $human:path)?);+ $(;)?) => {
        /// Every game, in the order `--list-games` shows them; the first
        /// is the default.
        pub fn entries() -> Vec<Entry> {
            vec![$(Entry {
                name: <$spec as Spec>::NAME,
                about: <$spec as Spec>::ABOUT,
                defaults: <$spec as Spec>::DEFAULTS,
                max_turns_rule: <$spec as Spec>::MAX_TURNS_RULE,
                player: $player,
                human: games!(@human $($human)?),
            }),+]
        }

        /// Calls `v` with the [`Spec`] of game `name`; `None` if there is
        /// no such game.
        pub fn visit<V: Visit>(name: &str, v: V) -> Option<V::Output> {
            $(if name == <$spec as Spec>::NAME {
                return Some(v.visit::<$spec>());
            })+
            None
        }
    };
}

games! {
    stratego::referee_game::Spec => stratego_ai::player_main, human stratego_human::human_main;
    oust::referee_game::Spec => oust_ai::player_main;
    quarto::referee_game::Spec => quarto_ai::player_main, human quarto_human::human_main;
    mansuba::referee_game::Spec => mansuba_ai::player_main;
    coursidor::referee_game::Spec => coursidor_ai::player_main;
}

/// The default game.
pub const DEFAULT: &str = "stratego";

/// The entry of game `name`.
pub fn entry(name: &str) -> Option<Entry> {
    entries().into_iter().find(|e| e.name == name)
}

/// The names of every game, for messages.
pub fn names() -> Vec<&'static str> {
    entries().iter().map(|e| e.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_the_default_is_first() {
        let names = names();
        assert_eq!(names[0], DEFAULT);
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        assert!(entry(DEFAULT).is_some());
        assert!(entry("nope").is_none());
    }

    struct Name;
    impl Visit for Name {
        type Output = &'static str;
        fn visit<S: Spec>(self) -> &'static str {
            S::NAME
        }
    }

    #[test]
    fn visit_reaches_each_game() {
        for name in names() {
            assert_eq!(visit(name, Name), Some(name));
        }
        assert_eq!(visit("nope", Name), None);
    }
}
