//! Figure 6: the AI player (`player --strategy ai`, its default settings)
//! under the referee, against the random player, over the positions of
//! fixed-seed games (the AI playing each side in turn).
//!
//! - Reply times are the referee's (`--record`: each move's `reply_ms`).
//! - The search speed comes from the AI's log: each move's line
//!   `move N: … in T ms (depth D, B boards, K nodes, value V)` gives the
//!   nodes searched and the AI's own time for that move; only moves the
//!   referee played count.

use std::process::{Command, Stdio};

use anyhow::{Context, bail};
use bench::stats::Summary;
use referee_schema::Record;

use crate::tools::{self, Player, Tools};

/// The figures of the player benchmark.
pub struct PlayerFigures {
    /// Games played, plies each.
    pub games: usize,
    /// Plies per game.
    pub plies: u32,
    /// The AI's reply time per move as the referee measured it, ms.
    pub reply_ms: Summary,
    /// Nodes searched per second, per move, millions.
    pub mnodes_per_s: Summary,
    /// Search depth completed, per move.
    pub depth: Summary,
    /// Total nodes over total search time, millions per second.
    pub overall_mnodes_per_s: f64,
}

impl PlayerFigures {
    /// The figures, one per line.
    pub fn lines(&self) -> Vec<String> {
        vec![
            format!(
                "AI (default settings) against the random player: {} games of {} plies, {} AI moves",
                self.games,
                self.plies,
                self.reply_ms.len()
            ),
            format!(
                "reply time (referee)  median {:.1} ms, max {:.1} ms (min {:.1})",
                self.reply_ms.median(),
                self.reply_ms.max(),
                self.reply_ms.min()
            ),
            format!(
                "search speed          {:.2} M nodes/s overall; per move {} M nodes/s",
                self.overall_mnodes_per_s,
                self.mnodes_per_s.display(2)
            ),
            format!("depth completed       {} plies", self.depth.display(0)),
        ]
    }
}

/// Whether `player` has the AI (`--strategy ai`): with no input at all, a
/// player that knows the strategy ends at once with status 0.
fn has_ai(tools: &Tools) -> bool {
    Command::new(tools.player_path())
        .args(["--strategy", "ai", "--seed", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// One move line of the AI's log: (ply, ms, depth, nodes).
fn parse_move_line(line: &str) -> Option<(u32, f64, f64, f64)> {
    let rest = line.strip_prefix("move ")?;
    let (ply, rest) = rest.split_once(':')?;
    let (_, rest) = rest.split_once(" in ")?;
    let (ms, rest) = rest.split_once(" ms (")?;
    let stats = rest.strip_suffix(')')?;
    let (mut depth, mut nodes) = (None, None);
    for item in stats.split(", ") {
        if let Some(d) = item.strip_prefix("depth ") {
            depth = d.parse().ok();
        } else if let Some(n) = item.strip_suffix(" nodes") {
            nodes = n.parse().ok();
        }
    }
    Some((ply.parse().ok()?, ms.parse().ok()?, depth?, nodes?))
}

/// Runs the benchmark; `None` if the player has no AI yet.
pub fn measure(tools: &Tools, games: usize, plies: u32) -> anyhow::Result<Option<PlayerFigures>> {
    if !has_ai(tools) {
        return Ok(None);
    }
    let (mut reply_ms, mut rate, mut depth) = (Vec::new(), Vec::new(), Vec::new());
    let (mut nodes_total, mut ms_total) = (0.0, 0.0);
    for g in 0..games {
        let ai_side = g % 2;
        let seed = (g + 1).to_string();
        let ai = Player::new(tools.player_path(), &["--strategy", "ai", "--seed", &seed]);
        let random = Player::new(
            tools.player_path(),
            &["--strategy", "random", "--seed", &seed],
        );
        let players = if ai_side == 0 {
            [&ai, &random]
        } else {
            [&random, &ai]
        };
        let record = tools.scratch_file(&format!("player-game{g}.json"));
        let options = vec![
            format!("--max-turns={plies}"),
            format!("--record={}", record.display()),
        ];
        let run = tools::run(&mut tools.referee(0, &options, players))?;
        let report = tools::report(&run)?;
        if tools::seat(&report, ai_side)?.failure.is_some() {
            bail!("the AI failed: {}", report.to_json());
        }
        let played = report.moves;
        let text = std::fs::read_to_string(&record)
            .with_context(|| format!("reading {}", record.display()))?;
        let record: Record = Record::from_json(&text).context("the record is not a game record")?;
        for m in record.moves {
            if usize::from(m.player) == ai_side {
                reply_ms.push(m.reply_ms);
            }
        }
        let log_path = tools.log_dir(0).join(format!("player{ai_side}.log"));
        let log = std::fs::read_to_string(&log_path)
            .with_context(|| format!("reading {}", log_path.display()))?;
        for (ply, ms, d, nodes) in log.lines().filter_map(parse_move_line) {
            if ply > played || ms <= 0.0 {
                continue;
            }
            rate.push(nodes / ms / 1e3);
            depth.push(d);
            nodes_total += nodes;
            ms_total += ms;
        }
    }
    if reply_ms.is_empty() || rate.is_empty() {
        bail!("the AI played no move, or its log has no move line with search figures");
    }
    Ok(Some(PlayerFigures {
        games,
        plies,
        reply_ms: Summary::new(reply_ms),
        mnodes_per_s: Summary::new(rate),
        depth: Summary::new(depth),
        overall_mnodes_per_s: nodes_total / ms_total / 1e3,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_ai_move_line() {
        assert_eq!(
            parse_move_line(
                "move 119: E4 E 5 in 341.147 ms (depth 2, 564 boards, 584704 nodes, value +286)"
            ),
            Some((119, 341.147, 2.0, 584_704.0))
        );
    }

    #[test]
    fn ignores_other_lines() {
        assert_eq!(parse_move_line("strategy Ai, seed 1"), None);
        assert_eq!(parse_move_line("move 3: B3 E 1 in 0.020 ms"), None);
        assert_eq!(parse_move_line("game over: Closed"), None);
    }
}
