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

/// A figure with the sandbox and without it, measured alternately, in ms.
pub struct Compared {
    /// Sandboxed.
    pub sandboxed: Summary,
    /// With `--sandbox none`.
    pub plain: Summary,
}

impl Compared {
    /// The sandbox's cost, ms (the difference of the medians).
    pub fn cost(&self) -> f64 {
        self.sandboxed.median() - self.plain.median()
    }

    /// The figure under `title`: both ways with `digits` decimals, and the
    /// cost `per` what it is measured for.
    fn lines(&self, title: String, digits: usize, per: &str) -> [String; 4] {
        [
            title,
            format!("  sandboxed          {} ms", self.sandboxed.display(digits)),
            format!("  --sandbox none     {} ms", self.plain.display(digits)),
            format!("  the sandbox's cost {:.digits$} ms per {per}", self.cost()),
        ]
    }
}

/// The figures of the start-up benchmark.
pub struct Startup {
    /// Wall of a two-move game.
    pub game: Compared,
    /// Wall per process started, in an Oust game.
    pub launch: Compared,
    /// Processes per Oust game (mean).
    pub processes: f64,
}

impl Startup {
    /// The figures, one per line.
    pub fn lines(&self) -> Vec<String> {
        let game = format!(
            "a two-move Stratego game, whole referee run, {} runs each, alternating: median (min, max)",
            self.game.sandboxed.len()
        );
        let launch = format!(
            "Oust 5x5, a process per move ({:.0} per game), {} games each: wall per process started",
            self.processes,
            self.launch.sandboxed.len()
        );
        let mut lines = self.game.lines(game, 2, "game (two players)").to_vec();
        lines.extend(self.launch.lines(launch, 3, "process started"));
        lines
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
        game: Compared {
            sandboxed: Summary::new(game),
            plain: Summary::new(game_plain),
        },
        launch: Compared {
            sandboxed: Summary::new(launch),
            plain: Summary::new(launch_plain),
        },
        processes: processes as f64 / runs.max(1) as f64,
    })
}
