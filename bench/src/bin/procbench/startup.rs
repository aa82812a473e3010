//! Figure 7: what the players' sandbox costs at start-up.
//!
//! - Per game: a two-move Stratego game between two instant `shuffler`s,
//!   the whole referee run (its start, the sandbox's probe of the machine,
//!   two jails, the players' starts, the cleanup), with and without the
//!   sandbox, alternating.
//! - Per move, for the games that start a process per move (Oust): games
//!   of Oust on 5×5 between two random players, the same seeds with and
//!   without the sandbox, alternating; the wall time of a game over the
//!   processes it started.

use anyhow::bail;
use bench::stats::Summary;

use crate::tools::{self, Player, Tools};

/// The figures of the start-up benchmark.
pub struct Startup {
    /// Wall ms of a two-move game, sandboxed.
    pub game: Summary,
    /// The same without the sandbox.
    pub game_plain: Summary,
    /// Wall ms per process started, in an Oust game, sandboxed.
    pub launch: Summary,
    /// The same without the sandbox.
    pub launch_plain: Summary,
    /// Processes per Oust game (mean).
    pub processes: f64,
}

impl Startup {
    /// The sandbox's cost per game, ms (difference of the medians).
    pub fn per_game(&self) -> f64 {
        self.game.median() - self.game_plain.median()
    }

    /// The sandbox's cost per process started, ms.
    pub fn per_launch(&self) -> f64 {
        self.launch.median() - self.launch_plain.median()
    }

    /// The figures, one per line.
    pub fn lines(&self) -> Vec<String> {
        vec![
            format!(
                "a two-move Stratego game, whole referee run, {} runs each, alternating: median (min, max)",
                self.game.len()
            ),
            format!("  sandboxed          {} ms", self.game.display(2)),
            format!("  --sandbox none     {} ms", self.game_plain.display(2)),
            format!(
                "  the sandbox's cost {:.2} ms per game (two players)",
                self.per_game()
            ),
            format!(
                "Oust 5x5, a process per move ({:.0} per game), {} games each: wall per process started",
                self.processes,
                self.launch.len()
            ),
            format!("  sandboxed          {} ms", self.launch.display(3)),
            format!("  --sandbox none     {} ms", self.launch_plain.display(3)),
            format!(
                "  the sandbox's cost {:.3} ms per process started",
                self.per_launch()
            ),
        ]
    }
}

/// Runs the benchmark: `runs` games of each kind, each way.
pub fn measure(tools: &Tools, runs: usize) -> anyhow::Result<Startup> {
    let shuffler = Player::new(&tools.bin("shuffler"), &[]);
    let short = ["--max-turns=2".to_owned()];
    let short_plain = ["--max-turns=2".to_owned(), "--sandbox=none".to_owned()];
    let (mut game, mut game_plain) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        for (options, out) in [(&short[..], &mut game), (&short_plain[..], &mut game_plain)] {
            let run = tools::run(&mut tools.referee(0, options, [&shuffler, &shuffler]))?;
            let report = tools::report(&run)?;
            if report.reason.as_str() != "turn_limit" {
                bail!("the two-move game ended otherwise: {}", report.to_json());
            }
            out.push(run.wall.as_secs_f64() * 1e3);
        }
    }
    let oust = |plain: bool| {
        let mut o = vec![
            "--game=oust".to_owned(),
            "--cols=5".to_owned(),
            "--rows=5".to_owned(),
        ];
        if plain {
            o.push("--sandbox=none".to_owned());
        }
        o
    };
    let (mut launch, mut launch_plain) = (Vec::new(), Vec::new());
    let mut processes = 0u64;
    for seed in 0..runs as u64 {
        let s = [(2 * seed).to_string(), (2 * seed + 1).to_string()];
        let players = [0, 1].map(|i| {
            Player::new(
                tools.player_path(),
                &["--game", "oust", "--strategy", "random", "--seed", &s[i]],
            )
        });
        for (plain, out) in [(false, &mut launch), (true, &mut launch_plain)] {
            let run = tools::run(&mut tools.referee(0, &oust(plain), [&players[0], &players[1]]))?;
            let report = tools::report(&run)?;
            if report.result.is_none() {
                bail!("an Oust game had no verdict: {}", report.to_json());
            }
            let n: u32 = report.players.iter().filter_map(|p| p.processes).sum();
            if n == 0 {
                bail!("an Oust game started no process: {}", report.to_json());
            }
            if !plain {
                processes += u64::from(n);
            }
            out.push(run.wall.as_secs_f64() * 1e3 / f64::from(n));
        }
    }
    Ok(Startup {
        game: Summary::new(game),
        game_plain: Summary::new(game_plain),
        launch: Summary::new(launch),
        launch_plain: Summary::new(launch_plain),
        processes: processes as f64 / runs.max(1) as f64,
    })
}
