//! `player --game oust`: the seed's per-move program. It is started for
//! each move with the time allowed, in whole seconds, as its last argument;
//! reads the position on stdin; prints `col row` and exits. Logs what it
//! thought to stderr.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use game_core::{Rng, parse_args, seed_or_clock};
use game_search::program::PlayerArgs;
use oust::{Move, Position, UncheckedMove, wire};

use crate::search::Settings;
use crate::strategy::{Strategy, choose};

/// Our Oust player: one move per run, as the seed's programs.
#[derive(Parser, Debug)]
#[command(name = "player --game oust", version, about)]
pub struct Cli {
    /// The strategy, the seed and the node budget.
    #[command(flatten)]
    pub player: PlayerArgs<Strategy>,

    /// Time kept back from the allowed time, for start-up, output and a
    /// loaded machine, in milliseconds (at least a quarter of the time is
    /// always kept back).
    #[arg(long, default_value_t = 300)]
    pub margin_ms: u64,

    /// Think at most this long, in milliseconds, whatever time is allowed.
    #[arg(long)]
    pub move_time_ms: Option<u64>,

    /// Switch the transposition table off (measurements).
    #[arg(long)]
    pub no_tt: bool,

    /// Switch move ordering off: no captures first, killers or history
    /// (measurements).
    #[arg(long)]
    pub no_ordering: bool,

    /// Switch iterative deepening off: one search to --depth (measurements).
    #[arg(long)]
    pub no_iterative: bool,

    /// The depth searched without iterative deepening.
    #[arg(long, default_value_t = 4)]
    pub depth: u32,

    /// Switch the quiescence search off (measurements).
    #[arg(long)]
    pub no_quiescence: bool,

    /// Evaluate by material alone (measurements).
    #[arg(long)]
    pub material_only: bool,

    /// The time allowed for the move, in whole seconds (the referee gives
    /// it; 0 means under a second).
    pub seconds: u64,
}

impl Cli {
    /// The search settings these options ask for.
    pub fn settings(&self) -> Settings {
        Settings {
            tt: !self.no_tt,
            ordering: !self.no_ordering,
            iterative: !self.no_iterative,
            fixed_depth: self.depth,
            quiescence: !self.no_quiescence,
            max_nodes: self.player.max_nodes,
            weights: if self.material_only {
                crate::eval::Weights::MATERIAL
            } else {
                crate::eval::Weights::DEFAULT
            },
            ..Settings::default()
        }
    }

    /// How long to think: the time allowed less the margin (and never
    /// more than three quarters of it), capped by --move-time-ms; under a
    /// second allowed (`0`), 150 ms.
    pub fn budget(&self) -> Duration {
        let allowed = self.seconds * 1000;
        let ms = if allowed == 0 {
            150
        } else {
            allowed.saturating_sub(self.margin_ms).min(allowed * 3 / 4)
        };
        Duration::from_millis(self.move_time_ms.map_or(ms, |cap| ms.min(cap)))
    }
}

/// Runs the player with `args` (`args[0]` is the program name).
pub fn player_main(args: Vec<OsString>) -> ExitCode {
    let start = Instant::now();
    let cli: Cli = match parse_args(args) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let deadline = start + cli.budget();
    let mut log = std::io::stderr().lock();
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        let _ = writeln!(log, "oust: cannot read the position: {e}");
        return ExitCode::FAILURE;
    }
    let (opts, cells, colour) = match wire::parse_position(&text) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(log, "oust: bad position: {e}");
            return ExitCode::FAILURE;
        }
    };
    let pos = Position::from_cells(opts, &cells, colour, 0);
    if pos.end().is_some() {
        let _ = writeln!(log, "oust: the game is over in this position");
        return ExitCode::FAILURE;
    }
    let seed = seed_or_clock(cli.player.seed);
    let mut rng = Rng::new(seed);
    let choice = choose(
        cli.player.strategy,
        &pos,
        &mut rng,
        deadline,
        &cli.settings(),
    );
    let reply = match choice.mv.point() {
        Some(p) => {
            let (c, r) = opts.coords(p);
            UncheckedMove::new(c, r)
        }
        // Off the board: a pass.
        None => UncheckedMove::new(u32::from(opts.cols), u32::from(opts.rows)),
    };
    let mut out = std::io::stdout().lock();
    if out
        .write_all(wire::reply_text(reply).as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return ExitCode::FAILURE;
    }
    let what = match choice.mv {
        Move::Pass => "pass".to_owned(),
        Move::Capture { size, .. } => format!("{reply} (capture, group of {size})"),
        Move::Quiet(_) => reply.to_string(),
    };
    let _ = match choice.report {
        Some(r) => writeln!(
            log,
            "{colour} {what}: {:?}, depth {}, {} nodes, {:.1} ms, value {:+}",
            cli.player.strategy,
            r.depth,
            r.nodes,
            r.elapsed.as_secs_f64() * 1e3,
            r.score
        ),
        None => writeln!(log, "{colour} {what}: {:?}", cli.player.strategy),
    };
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(args: &[&str]) -> Cli {
        let mut all = vec!["player"];
        all.extend(args);
        Cli::try_parse_from(all).unwrap()
    }

    #[test]
    fn the_budget_keeps_a_margin() {
        assert_eq!(cli(&["4"]).budget(), Duration::from_millis(3000));
        assert_eq!(cli(&["10"]).budget(), Duration::from_millis(7500));
        assert_eq!(cli(&["1"]).budget(), Duration::from_millis(700));
        assert_eq!(cli(&["0"]).budget(), Duration::from_millis(150));
        assert_eq!(
            cli(&["--move-time-ms", "200", "4"]).budget(),
            Duration::from_millis(200)
        );
    }

    #[test]
    fn the_seconds_are_required() {
        assert!(Cli::try_parse_from(["player"]).is_err());
    }
}
