//! The programs of every game, `player --game NAME` and `human --game
//! NAME`: the game picked from the command line, its program run with the
//! rest of the arguments. The games are the registry's list
//! (`games/registry/src/list.rs`), read here for their programs.

use std::ffi::OsString;
use std::process::ExitCode;

use game_core::Spec;
use games::{All, DEFAULT, Registry as _};

/// A game's programs.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// `--game NAME`.
    pub name: &'static str,
    /// Our player for it: `player --game NAME ARGS...` (the arguments
    /// start with the program name).
    pub player: fn(Vec<OsString>) -> ExitCode,
    /// The program a person plays it with, if it has one: `human --game
    /// NAME ARGS...`.
    pub human: Option<fn(Vec<OsString>) -> ExitCode>,
}

macro_rules! games {
    (@human) => { None };
    (@human $human:path) => { Some($human as fn(Vec<OsString>) -> ExitCode) };
    ($($spec:ty => $player:path $(, human $human:path)?);+ $(;)?) => {
        /// The programs of every game, in the registry's order.
        pub fn entries() -> Vec<Entry> {
            vec![$(Entry {
                name: <$spec as Spec>::NAME,
                player: $player,
                human: games!(@human $($human)?),
            }),+]
        }
    };
}

include!("../../registry/src/list.rs");

/// The programs of game `name`.
fn entry(name: &str) -> Option<Entry> {
    entries().into_iter().find(|e| e.name == name)
}

/// Which program of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Program {
    /// Our player (`player`).
    Player,
    /// The program a person plays with (`human`).
    Human,
}

impl Program {
    fn name(self) -> &'static str {
        match self {
            Program::Player => "player",
            Program::Human => "human",
        }
    }

    fn of(self, e: &Entry) -> Option<fn(Vec<OsString>) -> ExitCode> {
        match self {
            Program::Player => Some(e.player),
            Program::Human => e.human,
        }
    }
}

/// The `main` of `program`: `--game NAME` (the default game without it)
/// picks the game, whose program gets the other arguments, its name first
/// (`player --game NAME`, for its usage messages).
pub fn main(program: Program, mut args: Vec<OsString>) -> ExitCode {
    let me = program.name();
    let name = match take_game(&mut args) {
        Ok(name) => name.unwrap_or_else(|| DEFAULT.to_owned()),
        Err(message) => {
            eprintln!("{me}: {message}");
            return ExitCode::from(2);
        }
    };
    let Some(e) = entry(&name) else {
        eprintln!(
            "{me}: unknown game '{name}'; the games are: {}",
            All::names().join(", ")
        );
        return ExitCode::from(2);
    };
    let Some(run) = program.of(&e) else {
        let have: Vec<&str> = entries()
            .iter()
            .filter(|e| program.of(e).is_some())
            .map(|e| e.name)
            .collect();
        eprintln!(
            "{me}: {name} has no {me} program yet; the games that have one: {}",
            have.join(", ")
        );
        return ExitCode::from(2);
    };
    if args.is_empty() {
        args.push(OsString::new());
    }
    args[0] = format!("{me} --game {name}").into();
    run(args)
}

/// Takes `--game NAME` or `--game=NAME` out of the arguments (the first
/// one, before any `--`).
fn take_game(args: &mut Vec<OsString>) -> Result<Option<String>, String> {
    for i in 1..args.len() {
        let a = args[i].to_string_lossy().into_owned();
        if a == "--" {
            break;
        }
        if a == "--game" {
            let Some(name) = args.get(i + 1).map(|n| n.to_string_lossy().into_owned()) else {
                return Err("--game needs a game name".to_owned());
            };
            args.drain(i..i + 2);
            return Ok(Some(name));
        }
        if let Some(name) = a.strip_prefix("--game=") {
            let name = name.to_owned();
            args.remove(i);
            return Ok(Some(name));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn every_game_of_the_registry_has_a_player() {
        let ours: Vec<&str> = entries().iter().map(|e| e.name).collect();
        assert_eq!(ours, All::names());
    }

    #[test]
    fn the_game_option_is_taken_out() {
        let mut a = os(&["player", "--seed", "1", "--game", "oust", "4"]);
        assert_eq!(take_game(&mut a), Ok(Some("oust".into())));
        assert_eq!(a, os(&["player", "--seed", "1", "4"]));
        let mut a = os(&["player", "--game=quarto"]);
        assert_eq!(take_game(&mut a), Ok(Some("quarto".into())));
        assert_eq!(a, os(&["player"]));
        let mut a = os(&["player", "--seed", "1"]);
        assert_eq!(take_game(&mut a), Ok(None));
        assert!(take_game(&mut os(&["player", "--game"])).is_err());
    }
}
