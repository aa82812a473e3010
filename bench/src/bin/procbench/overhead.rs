//! Figure 1: the referee's cost per move against the physical floor.
//!
//! Two instant `shuffler` players play `moves` moves under the real
//! `referee` binary — with its sandbox (the default) and without
//! (`--sandbox none`) — and the same two players exchange the same bytes in
//! the same pattern through `relay` (raw pipes, no parsing, no rules).
//! Runs alternate between the three so that all see the same load. A run's
//! figure is its wall-clock time, from the spawn of the referee (or relay)
//! to its exit, setup and cleanup included, divided by the moves; the CPU
//! figure is the user + system time of the whole process tree (the two
//! players included), which the machine's load disturbs less.

use anyhow::bail;
use bench::stats::Summary;

use crate::tools::{self, Player, Tools};

/// The figures of the overhead benchmark, in µs per move.
pub struct Overhead {
    /// Moves per run.
    pub moves: u64,
    /// Wall-clock µs per move under the referee (sandboxed, the default).
    pub referee: Summary,
    /// Wall-clock µs per move under the referee without its sandbox.
    pub plain: Summary,
    /// Wall-clock µs per move through the relay.
    pub relay: Summary,
    /// CPU µs per move of the process tree under the referee.
    pub referee_cpu: Summary,
    /// CPU µs per move of the process tree through the relay.
    pub relay_cpu: Summary,
    /// CPU µs per move of the process tree under the referee without its
    /// sandbox.
    pub plain_cpu: Summary,
    /// The referee's time over the relay's, run by run (paired).
    pub paired_ratio: Summary,
    /// The same without the sandbox.
    pub paired_plain: Summary,
}

impl Overhead {
    /// The target: the referee at most 1.5 times the floor.
    pub const TARGET: f64 = 1.5;

    /// Median referee time over median relay time.
    pub fn ratio(&self) -> f64 {
        self.referee.median() / self.relay.median()
    }

    /// The same without the sandbox.
    pub fn plain_ratio(&self) -> f64 {
        self.plain.median() / self.relay.median()
    }

    /// Fastest referee run over fastest relay run: the runs least disturbed
    /// by other processes, so the steadiest figure on a loaded machine.
    pub fn ratio_of_minima(&self) -> f64 {
        self.referee.min() / self.relay.min()
    }

    /// The same ratio for CPU time.
    pub fn cpu_ratio(&self) -> f64 {
        self.referee_cpu.median() / self.relay_cpu.median()
    }

    /// The figures, one per line.
    pub fn lines(&self) -> Vec<String> {
        vec![
            format!(
                "{} moves per run, {} runs each, alternating; median (min, max)",
                self.moves,
                self.referee.len()
            ),
            format!(
                "referee      {} µs/move wall (sandboxed)",
                self.referee.display(2)
            ),
            format!(
                "no sandbox   {} µs/move wall (--sandbox none)",
                self.plain.display(2)
            ),
            format!("raw relay    {} µs/move wall", self.relay.display(2)),
            format!(
                "ratio        {:.2} (of the medians; run by run {}); target ≤ {}: {}",
                self.ratio(),
                self.paired_ratio.display(2),
                Overhead::TARGET,
                crate::met(self.ratio() <= Overhead::TARGET)
            ),
            format!(
                "ratio without the sandbox {:.2} (run by run {})",
                self.plain_ratio(),
                self.paired_plain.display(2)
            ),
            format!("ratio of the fastest runs {:.2}", self.ratio_of_minima()),
            format!(
                "CPU, whole process tree: referee {} µs/move, without sandbox {} µs/move, relay {} µs/move: ratio {:.2}",
                self.referee_cpu.display(2),
                self.plain_cpu.display(2),
                self.relay_cpu.display(2),
                self.cpu_ratio()
            ),
        ]
    }
}

/// Runs the benchmark: `runs` runs of `moves` moves for each side.
pub fn measure(tools: &Tools, moves: u64, runs: usize) -> anyhow::Result<Overhead> {
    let shuffler = Player::new(&tools.bin("shuffler"), &[]);
    let options = vec![format!("--max-turns={moves}")];
    let plain_options = vec![format!("--max-turns={moves}"), "--sandbox=none".into()];
    let per_move = |d: std::time::Duration| d.as_secs_f64() * 1e6 / moves as f64;
    let (mut referee, mut relay, mut plain) = (Vec::new(), Vec::new(), Vec::new());
    let (mut referee_cpu, mut relay_cpu, mut plain_cpu) = (Vec::new(), Vec::new(), Vec::new());
    let (mut paired, mut paired_plain) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let mut cmd = std::process::Command::new(tools.bin("relay"));
        cmd.arg(format!("--moves={moves}"))
            .arg(&shuffler.program)
            .arg(&shuffler.program);
        let floor = tools::run(&mut cmd)?;

        let check = |run: &tools::Run| -> anyhow::Result<()> {
            let report = tools::report(run)?;
            if report.reason.as_str() != "turn_limit" || u64::from(report.moves) != moves {
                bail!(
                    "the scripted game did not reach its turn limit: {}",
                    report.to_json()
                );
            }
            Ok(())
        };
        let game = tools::run(&mut tools.referee(0, &options, [&shuffler, &shuffler]))?;
        check(&game)?;
        let bare = tools::run(&mut tools.referee(0, &plain_options, [&shuffler, &shuffler]))?;
        check(&bare)?;

        plain.push(per_move(bare.wall));
        plain_cpu.push(per_move(bare.cpu));
        paired_plain.push(bare.wall.as_secs_f64() / floor.wall.as_secs_f64());
        referee.push(per_move(game.wall));
        relay.push(per_move(floor.wall));
        referee_cpu.push(per_move(game.cpu));
        relay_cpu.push(per_move(floor.cpu));
        paired.push(game.wall.as_secs_f64() / floor.wall.as_secs_f64());
    }
    Ok(Overhead {
        moves,
        referee: Summary::new(referee),
        plain: Summary::new(plain),
        relay: Summary::new(relay),
        referee_cpu: Summary::new(referee_cpu),
        relay_cpu: Summary::new(relay_cpu),
        plain_cpu: Summary::new(plain_cpu),
        paired_ratio: Summary::new(paired),
        paired_plain: Summary::new(paired_plain),
    })
}
