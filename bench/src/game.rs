//! One game through the referee: the command line, and what its `--json`
//! verdict and `--record` file say (schema 1, `docs/json.md`).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;
use thiserror::Error;

/// Why a game could not be played or read.
#[derive(Debug, Error)]
pub enum GameError {
    /// The referee could not be started.
    #[error("cannot run the referee {path}")]
    Spawn {
        /// The referee program.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// The referee exited with a failure status.
    #[error("the referee failed ({status}): {stderr}")]
    Failed {
        /// Its exit status.
        status: std::process::ExitStatus,
        /// What it wrote on stderr.
        stderr: String,
    },
    /// Its JSON verdict could not be read.
    #[error("unreadable verdict from the referee: {text}")]
    Verdict {
        /// What it printed.
        text: String,
        /// The cause.
        #[source]
        source: serde_json::Error,
    },
    /// The game record could not be read.
    #[error("unreadable game record {path}")]
    Record {
        /// The record file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: anyhow::Error,
    },
}

/// The referee's `--json` verdict (only the fields the benchmark uses).
#[derive(Clone, Debug, Deserialize)]
pub struct Verdict {
    /// 0, 1, or `None` for a draw.
    pub winner: Option<u8>,
    /// Why the game ended (`flag_captured`, `illegal_move`, `timeout`, ..).
    pub reason: String,
    /// Exactly what happened.
    pub detail: String,
    /// Legal moves played, both players together.
    pub moves: u32,
    /// Player 0 then player 1.
    pub players: [PlayerVerdict; 2],
}

/// One player's part of the verdict.
#[derive(Clone, Debug, Deserialize)]
pub struct PlayerVerdict {
    /// Its slowest move reply, in milliseconds.
    pub max_reply_ms: Option<f64>,
    /// Whether it went over the time limit (0 or 1).
    pub timeouts: u32,
    /// Whether it lost by an illegal move (0 or 1).
    pub illegal_moves: u32,
    /// The failure reason if it failed (`timeout`, `crashed`, ..).
    pub failure: Option<String>,
    /// Its stderr log.
    pub log: String,
}

#[derive(Debug, Deserialize)]
struct Record {
    moves: Vec<RecordedMove>,
}

#[derive(Debug, Deserialize)]
struct RecordedMove {
    player: u8,
    reply_ms: f64,
}

/// How to play one game.
#[derive(Clone, Debug)]
pub struct GameSpec {
    /// The referee program.
    pub referee: PathBuf,
    /// Player 0's program and arguments.
    pub player0: (PathBuf, Vec<String>),
    /// Player 1's program and arguments.
    pub player1: (PathBuf, Vec<String>),
    /// The referee's per-reply limit.
    pub time_limit_ms: u64,
    /// Where the players' logs and the record go (one directory per game).
    pub dir: PathBuf,
}

/// A finished game: the verdict, every move's reply time per player, and
/// the search reports the players logged.
#[derive(Clone, Debug)]
pub struct Played {
    /// The referee's verdict.
    pub verdict: Verdict,
    /// Reply times of each player's moves, in milliseconds.
    pub reply_ms: [Vec<f64>; 2],
    /// Each player's log, as text (empty if unreadable).
    pub logs: [String; 2],
}

impl GameSpec {
    /// The referee's command line for this game.
    pub fn command(&self) -> Command {
        let mut c = Command::new(&self.referee);
        c.arg("--json")
            .arg("--time-limit-ms")
            .arg(self.time_limit_ms.to_string())
            .arg("--log-dir")
            .arg(&self.dir)
            .arg("--record")
            .arg(self.record_path());
        for a in &self.player0.1 {
            c.arg(format!("--arg0={a}"));
        }
        for a in &self.player1.1 {
            c.arg(format!("--arg1={a}"));
        }
        c.arg(&self.player0.0).arg(&self.player1.0);
        c
    }

    fn record_path(&self) -> PathBuf {
        self.dir.join("record.json")
    }

    /// Plays the game and reads what the referee reports.
    pub fn play(&self) -> Result<Played, GameError> {
        std::fs::create_dir_all(&self.dir).map_err(|source| GameError::Spawn {
            path: self.dir.clone(),
            source,
        })?;
        let out = self.command().output().map_err(|source| GameError::Spawn {
            path: self.referee.clone(),
            source,
        })?;
        if !out.status.success() {
            return Err(GameError::Failed {
                status: out.status,
                stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            });
        }
        let text = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        let verdict: Verdict =
            serde_json::from_str(&text).map_err(|source| GameError::Verdict {
                text: text.clone(),
                source,
            })?;
        let reply_ms = read_record(&self.record_path())?;
        let logs = [0, 1].map(|i| read_log(&self.dir, &verdict.players[i].log));
        Ok(Played {
            verdict,
            reply_ms,
            logs,
        })
    }
}

fn read_record(path: &Path) -> Result<[Vec<f64>; 2], GameError> {
    let err = |source: anyhow::Error| GameError::Record {
        path: path.to_owned(),
        source,
    };
    let text = std::fs::read_to_string(path).map_err(|e| err(e.into()))?;
    let record: Record = serde_json::from_str(&text).map_err(|e| err(e.into()))?;
    let mut times = [Vec::new(), Vec::new()];
    for m in record.moves {
        if let Some(t) = times.get_mut(usize::from(m.player)) {
            t.push(m.reply_ms);
        }
    }
    Ok(times)
}

/// The log as the verdict names it; relative names are tried as given and
/// under the game's directory.
fn read_log(dir: &Path, name: &str) -> String {
    let given = PathBuf::from(name);
    std::fs::read_to_string(&given)
        .or_else(|_| std::fs::read_to_string(dir.join(given.file_name().unwrap_or_default())))
        .unwrap_or_default()
}

/// The search reports (`depth D, B boards, N nodes`) in a player's log.
pub fn search_reports(log: &str) -> Vec<(u32, u32, u64)> {
    log.lines()
        .filter_map(|l| {
            let start = l.find("(depth ")?;
            let rest = &l[start + 7..];
            let mut parts = rest.split(", ");
            let depth = parts.next()?.parse().ok()?;
            let boards = parts.next()?.strip_suffix(" boards")?.parse().ok()?;
            let nodes = parts.next()?.strip_suffix(" nodes")?.parse().ok()?;
            Some((depth, boards, nodes))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_verdict_of_docs_json_md() {
        let text = r#"{"schema":1,"winner":0,"result":"1-0","reason":"flag_captured",
 "reason_text":"the flag was captured","detail":"player 0 took the flag: H6 E 1",
 "moves":221,"duration_ms":15.8,
 "settings":{"time_limit_ms":500,"grace_ms":100,"max_turns":2000,"two_square_rule":false},
 "players":[{"program":"target/release/player","args":["--seed","1"],
   "setup":"accepted","setup_ms":0.41,"moves":111,"timeouts":0,"illegal_moves":0,
   "failure":null,"max_reply_ms":0.14,"mean_reply_ms":0.04,
   "exit":{"started":true,"code":0,"signal":null,"killed_by_referee":null,
           "text":"exited with status 0"},
   "log":"logs/player0.log"},
  {"program":"p","args":[],"setup":"accepted","setup_ms":0.4,"moves":110,"timeouts":1,
   "illegal_moves":0,"failure":"timeout","max_reply_ms":null,"mean_reply_ms":null,
   "exit":{"started":true,"code":null,"signal":"SIGKILL","killed_by_referee":"timeout",
           "text":"killed"},"log":"logs/player1.log"}]}"#;
        let v: Verdict = serde_json::from_str(text).unwrap();
        assert_eq!(v.winner, Some(0));
        assert_eq!(v.reason, "flag_captured");
        assert_eq!(v.players[0].max_reply_ms, Some(0.14));
        assert_eq!(v.players[1].failure.as_deref(), Some("timeout"));
    }

    #[test]
    fn reads_search_reports_from_a_log() {
        let log = "strategy Ai, seed 1\nplayer 0: setup sent\n\
                   move 1: B3 E 1 in 341.200 ms (depth 3, 40 boards, 712000 nodes, value +12)\n\
                   move 3: B4 E 1 in 1.0 ms\n";
        assert_eq!(search_reports(log), vec![(3, 40, 712_000)]);
    }

    #[test]
    fn the_command_line_passes_each_argument_through() {
        let spec = GameSpec {
            referee: "referee".into(),
            player0: ("player".into(), vec!["--seed".into(), "3".into()]),
            player1: ("player".into(), vec!["--strategy".into(), "random".into()]),
            time_limit_ms: 500,
            dir: "logs/x".into(),
        };
        let c = spec.command();
        let args: Vec<String> = c
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "--json",
                "--time-limit-ms",
                "500",
                "--log-dir",
                "logs/x",
                "--record",
                "logs/x/record.json",
                "--arg0=--seed",
                "--arg0=3",
                "--arg1=--strategy",
                "--arg1=random",
                "player",
                "player"
            ]
        );
    }
}
