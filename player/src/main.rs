//! `player`: our player program for every game of the referee. `player
//! [--game NAME] [OPTIONS]` plays game NAME (Stratego by default); the
//! options after it are that game's player's own (`player --game NAME
//! --help`).

use std::ffi::OsString;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().collect();
    let name = match take_game(&mut args) {
        Ok(name) => name.unwrap_or_else(|| games::DEFAULT.to_owned()),
        Err(message) => {
            eprintln!("player: {message}");
            return ExitCode::from(2);
        }
    };
    match games::entry(&name) {
        Some(entry) => {
            // The game's player sees itself as `player --game NAME` in its usage.
            args[0] = format!("player --game {name}").into();
            (entry.player)(args)
        }
        None => {
            eprintln!(
                "player: unknown game '{name}'; the games are: {}",
                games::names().join(", ")
            );
            ExitCode::from(2)
        }
    }
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
