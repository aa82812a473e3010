//! A finished game as the strength benchmark reads it: the referee's
//! verdict and record (through `referee-schema`) and the players' logs.

use std::path::{Path, PathBuf};

use referee_schema::{Record, Summary};
use thiserror::Error;

/// Why a game could not be read.
#[derive(Debug, Error)]
pub enum GameError {
    /// The game record could not be read.
    #[error("unreadable game record {}", .path.display())]
    Record {
        /// The record file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: anyhow::Error,
    },
}

/// A finished game: the verdict, every move's reply time per seat, and
/// each seat's log.
#[derive(Clone, Debug)]
pub struct Played {
    /// The referee's verdict.
    pub verdict: Summary,
    /// Reply times of each seat's moves, in milliseconds.
    pub reply_ms: Vec<Vec<f64>>,
    /// Each seat's log, as text (empty if unreadable).
    pub logs: Vec<String>,
}

impl Played {
    /// Reads the game of `verdict` from its directory `dir` (the record
    /// `game.json`, the players' logs as the verdict names them).
    pub fn read(dir: &Path, verdict: Summary) -> Result<Played, GameError> {
        let path = dir.join("game.json");
        let err = |source: anyhow::Error| GameError::Record {
            path: path.clone(),
            source,
        };
        let text = std::fs::read_to_string(&path).map_err(|e| err(e.into()))?;
        let record: Record = Record::from_json(&text).map_err(|e| err(e.into()))?;
        let seats = verdict.players.len();
        let mut reply_ms = vec![Vec::new(); seats];
        for m in record.moves {
            if let Some(t) = reply_ms.get_mut(usize::from(m.player)) {
                t.push(m.reply_ms);
            }
        }
        let logs = verdict
            .players
            .iter()
            .map(|p| read_log(dir, &p.log))
            .collect();
        Ok(Played {
            verdict,
            reply_ms,
            logs,
        })
    }
}

/// The log as the verdict names it; relative names are tried as given and
/// under the game's directory.
fn read_log(dir: &Path, name: &str) -> String {
    let given = PathBuf::from(name);
    std::fs::read_to_string(&given)
        .or_else(|_| std::fs::read_to_string(dir.join(given.file_name().unwrap_or_default())))
        .unwrap_or_default()
}

/// A search report in a player's log: depth, boards (determinizations;
/// 1 for a game of perfect information) and nodes.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SearchReport {
    /// Depth completed.
    pub depth: u32,
    /// Boards searched (Stratego's sampled boards; 1 otherwise).
    pub boards: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The share of its recent searches' time the player spent waiting for
    /// a CPU, as its line says (`waiting 53%`); `None` where the line
    /// names none (the Stratego AI leaves it out under 0.5%, the other
    /// games' AIs do not measure it).
    pub waiting: Option<f64>,
}

/// The search reports of our players' logs: a line holding `depth D`,
/// `N nodes` and optionally `B boards` (Stratego's `(depth 3, 40 boards,
/// 712000 nodes, value +12, waiting 53%)`, Oust's `depth 6, 46080 nodes,
/// ...`).
pub fn search_reports(log: &str) -> Vec<SearchReport> {
    log.lines()
        .filter_map(|l| {
            let after = |key: &str| l.find(key).map(|i| &l[i + key.len()..]);
            let before = |key: &str| {
                let i = l.find(key)?;
                l[..i].rsplit([' ', '(', ',']).next()
            };
            let depth = after("depth ")?
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()?;
            let nodes = before(" nodes")?.parse().ok()?;
            let boards = before(" boards").and_then(|b| b.parse().ok()).unwrap_or(1);
            let waiting = after("waiting ")
                .and_then(|w| w.split('%').next())
                .and_then(|w| w.parse::<f64>().ok())
                .map(|w| w / 100.0);
            Some(SearchReport {
                depth,
                boards,
                nodes,
                waiting,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_search_reports_of_every_game_from_a_log() {
        let log = "strategy Ai, seed 1\nplayer 0: setup sent\n\
                   move 1: B3 E 1 in 341.200 ms (depth 3, 40 boards, 712000 nodes, value +12)\n\
                   move 3: B4 E 1 in 1.0 ms\n\
                   move 5: C4 E 1 in 171.2 ms (depth 2, 24 boards, 47104 nodes, value -593, waiting 67%)\n\
                   black 3 4: Ai, depth 6, 46080 nodes, 100.4 ms, value +0\n";
        assert_eq!(
            search_reports(log),
            vec![
                SearchReport {
                    depth: 3,
                    boards: 40,
                    nodes: 712_000,
                    waiting: None
                },
                SearchReport {
                    depth: 2,
                    boards: 24,
                    nodes: 47_104,
                    waiting: Some(0.67)
                },
                SearchReport {
                    depth: 6,
                    boards: 1,
                    nodes: 46_080,
                    waiting: None
                }
            ]
        );
    }

    #[test]
    fn a_game_reads_from_its_directory() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("game.json"),
            r#"{"schema":1,"game":"oust","settings":{"time_limit_ms":4000,"grace_ms":100,"max_turns":5000},
               "moves":[{"ply":1,"player":0,"col":1,"row":1,"captured":0,"again":false,"reply_ms":2.5},
                        {"ply":2,"player":1,"col":3,"row":3,"captured":0,"again":false,"reply_ms":1.5}],
               "end":{"winner":null,"result":"1/2-1/2","reason":"turn_limit"}}"#,
        )
        .unwrap();
        std::fs::write(
            dir.path().join("player0.log"),
            "black 1 1: Ai, depth 4, 10 nodes\n",
        )
        .unwrap();
        let verdict = Summary::from_json(
            r#"{"schema":1,"winner":null,"result":"1/2-1/2","reason":"turn_limit",
                "players":[{"program":"a","log":"elsewhere/player0.log"},{"program":"b","log":"player1.log"}]}"#,
        )
        .unwrap();
        let p = Played::read(dir.path(), verdict).unwrap();
        assert_eq!(p.reply_ms, vec![vec![2.5], vec![1.5]]);
        assert_eq!(search_reports(&p.logs[0])[0].depth, 4);
        assert_eq!(p.logs[1], "");
    }
}
