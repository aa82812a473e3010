//! `player --game quarto`: our Quarto player for the referee's session
//! protocol (`docs/games/quarto.md`). Reads the referee's messages on
//! stdin, answers on stdout, logs to stderr (a line per move with its
//! reply time and what the search found).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use game_core::Rng;
use game_search::program::{SessionArgs, session_main};

use crate::search::Settings;
use crate::session::{self, Player, SessionEnd, SessionError};
use crate::strategy::Strategy;

/// Our Quarto player, a session on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "player --game quarto", version, about)]
pub struct Cli {
    /// The strategy, the seed and the budget of a move: 500 ms by
    /// default, a quarter of the referee's 2000.
    #[command(flatten)]
    pub session: SessionArgs<Strategy, 500>,

    /// Among moves of equal value, do not prefer those whose replies lose
    /// most often (measurements).
    #[arg(long)]
    pub no_traps: bool,

    /// Key the table without the symmetries (complements only;
    /// measurements).
    #[arg(long)]
    pub no_symmetry: bool,

    /// The transposition table holds 2^BITS entries of 16 bytes.
    #[arg(long, value_name = "BITS", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(4..=26))]
    pub tt_bits: u32,
}

impl Cli {
    /// The search settings these options ask for.
    pub fn settings(&self) -> Settings {
        Settings {
            max_nodes: self.session.player.max_nodes,
            traps: !self.no_traps,
            symmetry: !self.no_symmetry,
            tt_bits: self.tt_bits,
            ..Settings::default()
        }
    }
}

/// Runs the player with `args` (`args[0]` is the program name): plays one
/// session on stdin/stdout and returns the exit status (2 for a usage
/// error, after clap's message).
pub fn player_main(args: Vec<OsString>) -> ExitCode {
    session_main("quarto", args, |cli: &Cli| &cli.session.player, play)
}

/// Plays one session on stdin/stdout as `cli` says, the random choices
/// from `seed`.
fn play(cli: &Cli, seed: u64, log: &mut dyn Write) -> Result<SessionEnd, SessionError> {
    let mut player = Player {
        strategy: cli.session.player.strategy,
        settings: cli.settings(),
        rng: Rng::new(seed),
        move_time: cli.session.move_time(),
    };
    session::run(io::stdin().lock(), io::stdout().lock(), &mut player, log)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_options() {
        let cli = Cli::try_parse_from(["player"]).unwrap();
        assert_eq!(cli.session.move_time_ms, 500);
        assert!(cli.settings().traps && cli.settings().symmetry);
        let cli = Cli::try_parse_from(["player", "--strategy", "greedy", "--no-traps"]).unwrap();
        assert_eq!(cli.session.player.strategy, Strategy::Greedy);
        assert!(!cli.settings().traps);
        assert!(Cli::try_parse_from(["player", "--tt-bits", "40"]).is_err());
    }
}
