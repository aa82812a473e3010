//! The registration point of the referee's games: adding a game is one
//! line in `src/list.rs` (its [`Spec`], its player's entry point, and the
//! program a person plays it with, if any), and nothing else in the
//! referee (`docs/games.md`).
//!
//! This crate keeps the specs only: the referee and the tournament, which
//! judge, link the games' rules and none of our players. The referee
//! reaches a game's types through [`visit`], which calls a generic function
//! with the game's [`Spec`]; the `player` and `human` binaries go through
//! `game-players`, which reads the same list.

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
    ($($spec:ty => $player:path $(, human $human:path)?);+ $(;)?) => {
        /// Every game, in the order `--list-games` shows them; the first
        /// is the default.
        pub fn entries() -> Vec<Entry> {
            vec![$(Entry {
                name: <$spec as Spec>::NAME,
                about: <$spec as Spec>::ABOUT,
                defaults: <$spec as Spec>::DEFAULTS,
                max_turns_rule: <$spec as Spec>::MAX_TURNS_RULE,
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

include!("list.rs");

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

    /// The judge links no player: the registry depends on the games'
    /// rules and on nothing of our players' or the terminal's.
    #[test]
    fn the_registry_links_no_player() {
        let manifest = include_str!("../Cargo.toml");
        for line in manifest.lines() {
            let dep = line.split(['.', ' ', '=']).next().unwrap_or("");
            assert!(
                !(dep.ends_with("-ai") || dep.ends_with("-human") || dep == "terminal"),
                "the registry depends on {dep}"
            );
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
