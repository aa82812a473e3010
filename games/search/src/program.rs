//! Our player programs' command line and `main`: the options every player
//! of ours takes (its strategy, its seed, its node budget; a session's
//! time per move), and the start and end of a session player.

use std::error::Error;
use std::ffi::OsString;
use std::fmt::Debug;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::ValueEnum;
use game_core::{finish_session, parse_args, seed_or_clock};

/// The options of every player program of ours, `S` its game's
/// strategies (the first of them, its AI, by default).
#[derive(clap::Args, Clone, Debug)]
pub struct PlayerArgs<S: ValueEnum + Default + Clone + Send + Sync + 'static> {
    /// How to play.
    #[arg(long, value_enum, default_value_t)]
    pub strategy: S,

    /// Seed of the random choices [default: from the clock]; with
    /// --max-nodes, the same seed plays the same game against the same
    /// moves.
    #[arg(long)]
    pub seed: Option<u64>,

    /// Stop each search after this many nodes (reproducible games).
    #[arg(long)]
    pub max_nodes: Option<u64>,
}

impl<S: ValueEnum + Default + Clone + Send + Sync + 'static> PlayerArgs<S> {
    /// The strategy's name on the command line.
    pub fn strategy_name(&self) -> String {
        self.strategy
            .to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_owned())
    }
}

/// The options of a session player of ours: [`PlayerArgs`], and the time
/// it takes for a move, `MOVE_TIME_MS` milliseconds by default (each
/// game's default keeps a margin under the referee's limit for a loaded
/// machine).
#[derive(clap::Args, Clone, Debug)]
pub struct SessionArgs<
    S: ValueEnum + Default + Clone + Send + Sync + 'static,
    const MOVE_TIME_MS: u64,
> {
    /// The options of every player.
    #[command(flatten)]
    pub player: PlayerArgs<S>,

    /// Time to choose a move, in milliseconds, from the moment the
    /// referee's message has been read.
    #[arg(long, default_value_t = MOVE_TIME_MS)]
    pub move_time_ms: u64,
}

impl<S: ValueEnum + Default + Clone + Send + Sync + 'static, const MOVE_TIME_MS: u64>
    SessionArgs<S, MOVE_TIME_MS>
{
    /// The time to choose a move.
    pub fn move_time(&self) -> Duration {
        Duration::from_millis(self.move_time_ms)
    }
}

/// The `main` of a session player of ours, `player --game GAME`: parses
/// `args` (`args[0]` the program's name) into `C`, and returns at once
/// after clap's message on a usage error (2) or `--help` (0); chooses the
/// seed (`player` finds the common options in `C`) and logs it with the
/// strategy; plays the session, `play` given the options, the seed and the
/// log (stderr); logs how it ended and returns the exit status
/// ([`finish_session`]).
pub fn session_main<C, S, T, E>(
    game: &str,
    args: Vec<OsString>,
    player: impl FnOnce(&C) -> &PlayerArgs<S>,
    play: impl FnOnce(&C, u64, &mut dyn Write) -> Result<T, E>,
) -> ExitCode
where
    C: clap::Parser,
    S: ValueEnum + Default + Clone + Send + Sync + 'static,
    T: Debug,
    E: Error + 'static,
{
    let cli: C = match parse_args(args) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let options = player(&cli);
    let seed = seed_or_clock(options.seed);
    let mut log = io::stderr().lock();
    let _ = writeln!(
        log,
        "{game}: strategy {}, seed {seed}",
        options.strategy_name()
    );
    let result = play(&cli, seed, &mut log);
    finish_session(result, &mut log)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::Strategy;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        session: SessionArgs<Strategy, 250>,
    }

    #[test]
    fn defaults_and_options() {
        let cli = Cli::try_parse_from(["player"]).unwrap();
        assert_eq!(cli.session.player.strategy, Strategy::Ai);
        assert_eq!(cli.session.move_time(), Duration::from_millis(250));
        assert_eq!(
            (cli.session.player.seed, cli.session.player.max_nodes),
            (None, None)
        );
        let cli = Cli::try_parse_from([
            "player",
            "--strategy",
            "greedy",
            "--seed",
            "4",
            "--max-nodes",
            "9",
            "--move-time-ms",
            "30",
        ])
        .unwrap();
        assert_eq!(cli.session.player.strategy_name(), "greedy");
        assert_eq!(
            (cli.session.player.seed, cli.session.player.max_nodes),
            (Some(4), Some(9))
        );
        assert_eq!(cli.session.move_time_ms, 30);
        assert!(Cli::try_parse_from(["player", "--strategy", "tour"]).is_err());
    }

    #[test]
    fn a_usage_error_plays_no_session() {
        let code = session_main(
            "test",
            vec!["player".into(), "--nope".into()],
            |cli: &Cli| &cli.session.player,
            |_, _, _| -> Result<(), io::Error> { panic!("no session") },
        );
        assert_eq!(code, ExitCode::from(2));
    }
}
