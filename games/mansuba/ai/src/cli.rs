//! `player --game mansuba`: our Mansuba player for the referee's session
//! protocol (`docs/games/mansuba.md`). Reads the referee's messages on
//! stdin, answers on stdout, logs to stderr (a line per move with its
//! reply time and what the search found).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use game_search::program::{SessionArgs, session_main};

use crate::search::Settings;
use crate::session::{self, SessionEnd, SessionError};
use crate::strategy::{Bot, Strategy};

/// Our Mansuba player, a session on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "player --game mansuba", version, about)]
pub struct Cli {
    /// The strategy, the seed and the budget of a move: 200 ms by
    /// default, a fifth of the referee's 1000.
    #[command(flatten)]
    pub session: SessionArgs<Strategy, 200>,

    /// The transposition table holds 2^BITS entries of 24 bytes.
    #[arg(long, value_name = "BITS", default_value_t = 18,
          value_parser = clap::value_parser!(u32).range(4..=26))]
    pub tt_bits: u32,
}

impl Cli {
    /// The search settings these options ask for.
    pub fn settings(&self) -> Settings {
        Settings {
            move_time: self.session.move_time(),
            max_nodes: self.session.player.max_nodes,
            tt_bits: self.tt_bits,
            ..Settings::default()
        }
    }
}

/// Runs the player with `args` (`args[0]` is the program name): plays one
/// session on stdin/stdout and returns the exit status (2 for a usage
/// error, after clap's message).
pub fn player_main(args: Vec<OsString>) -> ExitCode {
    session_main("mansuba", args, |cli: &Cli| &cli.session.player, play)
}

/// Plays one session on stdin/stdout as `cli` says, the random choices
/// from `seed`.
fn play(cli: &Cli, seed: u64, log: &mut dyn Write) -> Result<SessionEnd, SessionError> {
    let mut bot = Bot::new(cli.session.player.strategy, seed, cli.settings());
    session::run(io::stdin().lock(), io::stdout().lock(), &mut bot, log)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_options() {
        let cli = Cli::try_parse_from(["player"]).unwrap();
        assert_eq!(
            (cli.session.player.strategy, cli.session.move_time_ms),
            (Strategy::Ai, 200)
        );
        let cli =
            Cli::try_parse_from(["player", "--strategy", "closer", "--max-nodes", "9"]).unwrap();
        assert_eq!(cli.session.player.strategy, Strategy::Closer);
        assert_eq!(cli.settings().max_nodes, Some(9));
        assert!(Cli::try_parse_from(["player", "--tt-bits", "40"]).is_err());
        assert!(Cli::try_parse_from(["player", "--strategy", "greedy"]).is_err());
    }
}
