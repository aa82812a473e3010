//! The registration point of the referee's games: adding a game is one
//! line in `src/list.rs` (its [`Spec`], its player's entry point, and the
//! program a person plays it with, if any), and nothing else in the
//! referee (`docs/games.md`).
//!
//! This crate keeps the specs only: the referee and the tournament, which
//! judge, link the games' rules and none of our players. They reach a
//! game's types through a [`Registry`], whose [`visit`](Registry::visit)
//! calls a generic function with the game's [`Spec`]: [`All`] is the list's,
//! and [`And`] adds a game to a registry without the list knowing it (the
//! tests build the referee and the tournament with a game of their own this
//! way). The `player` and `human` binaries go through `game-players`, which
//! reads the same list.

use std::marker::PhantomData;

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

/// A set of games the referee and the tournament know: their entries, and
/// each one's types through [`Visit`]. A type, not a value, because a visit
/// is generic: the programs are generic over their registry.
pub trait Registry {
    /// Every game, in the order `--list-games` shows them; the first is
    /// the default.
    fn entries() -> Vec<Entry>;

    /// Calls `v` with the [`Spec`] of game `name`; `None` if there is no
    /// such game.
    fn visit<V: Visit>(name: &str, v: V) -> Option<V::Output>;

    /// The entry of game `name`.
    fn entry(name: &str) -> Option<Entry> {
        Self::entries().into_iter().find(|e| e.name == name)
    }

    /// The names of every game, for messages.
    fn names() -> Vec<&'static str> {
        Self::entries().iter().map(|e| e.name).collect()
    }
}

/// The games of the list (`src/list.rs`): the registry of the programs we
/// ship.
#[derive(Debug)]
pub enum All {}

/// The games of registry `R`, then game `S` (its [`Spec`]): a game a
/// program adds to a registry without the list knowing it, as the tests add
/// theirs (`tests/src/lib.rs`). A name of `R`'s stays `R`'s.
pub struct And<R, S>(PhantomData<fn() -> (R, S)>);

impl<R: Registry, S: Spec> Registry for And<R, S> {
    fn entries() -> Vec<Entry> {
        let mut entries = R::entries();
        entries.push(entry_of::<S>());
        entries
    }

    fn visit<V: Visit>(name: &str, v: V) -> Option<V::Output> {
        if R::entry(name).is_none() && name == S::NAME {
            return Some(v.visit::<S>());
        }
        R::visit(name, v)
    }
}

/// The entry of the game whose spec is `S`.
fn entry_of<S: Spec>() -> Entry {
    Entry {
        name: S::NAME,
        about: S::ABOUT,
        defaults: S::DEFAULTS,
        max_turns_rule: S::MAX_TURNS_RULE,
    }
}

macro_rules! games {
    ($($spec:ty => $player:path $(, human $human:path)?);+ $(;)?) => {
        impl Registry for All {
            fn entries() -> Vec<Entry> {
                vec![$(entry_of::<$spec>()),+]
            }

            fn visit<V: Visit>(name: &str, v: V) -> Option<V::Output> {
                $(if name == <$spec as Spec>::NAME {
                    return Some(v.visit::<$spec>());
                })+
                None
            }
        }
    };
}

include!("list.rs");

/// The default game.
pub const DEFAULT: &str = "stratego";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_the_default_is_first() {
        let names = All::names();
        assert_eq!(names[0], DEFAULT);
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        assert!(All::entry(DEFAULT).is_some());
        assert!(All::entry("nope").is_none());
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
        for name in All::names() {
            assert_eq!(All::visit(name, Name), Some(name));
        }
        assert_eq!(All::visit("nope", Name), None);
    }

    /// A game added to the list: after the list's, reached by its name;
    /// one that takes a name of the list's does not hide the list's.
    #[test]
    fn and_adds_a_game_after_the_lists() {
        struct Extra;
        impl Spec for Extra {
            const NAME: &'static str = "extra";
            const ABOUT: &'static str = "a game of this test";
            const DEFAULTS: Defaults = Defaults {
                time_limit_ms: 1,
                setup_time_limit_ms: 1,
                max_turns: 0,
            };
            type Options = <oust::referee_game::Spec as Spec>::Options;
            type Game = <oust::referee_game::Spec as Spec>::Game;
            fn new(
                options: &Self::Options,
                context: &game_core::Context,
            ) -> Result<Self::Game, game_core::OptionsError> {
                oust::referee_game::Spec::new(options, context)
            }
        }
        type Both = And<All, Extra>;
        let names = Both::names();
        assert_eq!(names.len(), All::names().len() + 1);
        assert_eq!((names[0], *names.last().unwrap()), (DEFAULT, "extra"));
        assert_eq!(Both::visit("extra", Name), Some("extra"));
        assert_eq!(Both::visit("oust", Name), Some("oust"));
        assert_eq!(Both::entry("extra").unwrap().about, "a game of this test");
    }
}
