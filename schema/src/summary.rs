//! The `--json` verdict of one game: who won, why, the settings, and each
//! player's statistics and process end.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::outcome::{Outcome, OutcomeError};
use crate::reason::Reason;

/// The `--json` document of one game (`docs/json.md`).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Summary {
    /// [`crate::SCHEMA`].
    #[serde(default = "schema_one")]
    pub schema: u32,
    /// The game's name (`--game`); [`crate::DEFAULT_GAME`] when absent.
    #[serde(default = "default_game")]
    pub game: String,
    /// The winning seat; `None` for a draw, and when interrupted.
    #[serde(default)]
    pub winner: Option<u8>,
    /// The result string (`"1-0"`, `"1/2-1/2"`, `"0-1/2-1/2"`); `None`
    /// when interrupted.
    #[serde(default)]
    pub result: Option<String>,
    /// Each seat's points, as the result string says; `None` when
    /// interrupted.
    #[serde(default)]
    pub points: Option<Vec<f64>>,
    /// Why the game ended.
    pub reason: Reason,
    /// The reason in words.
    #[serde(default)]
    pub reason_text: String,
    /// What happened exactly.
    #[serde(default)]
    pub detail: String,
    /// The replies the referee refused (refused setups, the illegal or
    /// unreadable move that ended the game), as the record has them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rejected: Vec<crate::RejectedReply>,
    /// What the referee accepted although the protocol does not spell it
    /// so (a reply read leniently under `--wire course`, a Quarto gift
    /// named on the sixteenth placement), each quoting what was received.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// Legal moves played, all seats together.
    #[serde(default)]
    pub moves: u32,
    /// From starting the programs to the end of the cleanup, in ms.
    #[serde(default)]
    pub duration_ms: f64,
    /// The settings the game was played with.
    #[serde(default)]
    pub settings: Settings,
    /// When a player's fault ended the game and it was recorded
    /// (`--record`): the command that plays the recorded game again for
    /// the first seat at fault, `referee reproduce RECORD --seat N`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproduce: Option<String>,
    /// Seat by seat.
    #[serde(default)]
    pub players: Vec<PlayerReport>,
}

fn schema_one() -> u32 {
    1
}

fn default_game() -> String {
    crate::DEFAULT_GAME.to_owned()
}

impl Summary {
    /// The outcome, checked: the result must be well formed and agree with
    /// the winner. An interrupted game has none.
    pub fn outcome(&self) -> Result<Outcome, OutcomeError> {
        if self.reason == Reason::Interrupted {
            return Err(OutcomeError::Interrupted);
        }
        let seats = self.players.len().max(2);
        let from_result = self
            .result
            .as_deref()
            .map(Outcome::from_result)
            .transpose()?;
        match (self.winner, from_result) {
            (Some(w), None) if usize::from(w) >= seats => Err(OutcomeError::Winner(w.to_string())),
            (Some(w), None) => Ok(Outcome::win(w.into(), seats)),
            (w, Some(o)) if w.map(usize::from) != o.winner() => Err(OutcomeError::Contradiction {
                winner: w.map_or_else(|| "null".to_owned(), |w| w.to_string()),
                result: format!("{:?}", self.result.as_deref().unwrap_or_default()),
            }),
            (_, Some(o)) => Ok(o),
            (None, None) if self.players.is_empty() => Err(OutcomeError::Missing),
            (None, None) => Ok(Outcome::draw(seats)),
        }
    }

    /// Reads a document, with serde_json's message on failure.
    pub fn from_json(text: &str) -> Result<Summary, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Reads a document already parsed as JSON (a results file keeps it
    /// verbatim inside its own lines).
    pub fn deserialize_value(value: &Value) -> Result<Summary, serde_json::Error> {
        Summary::deserialize(value)
    }

    /// The document on one line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a summary serialises")
    }
}

/// The match settings: the referee's own and the game's options.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Settings {
    /// Time for each move reply, in ms.
    #[serde(default)]
    pub time_limit_ms: u64,
    /// Time for the setup reply, in ms (games with a setup phase).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_time_limit_ms: Option<u64>,
    /// When some players have a limit of their own
    /// (`--player-time-limit-ms`): each seat's time per reply, setup
    /// included, in ms (`None`: no limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_time_limits_ms: Option<Vec<Option<u64>>>,
    /// Whether the players not on move were stopped (`--no-ponder`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_ponder: bool,
    /// Grace period at the end, in ms.
    #[serde(default)]
    pub grace_ms: u64,
    /// Turn limit (0 = none).
    #[serde(default)]
    pub max_turns: u32,
    /// The seed of the referee's random draws for the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The CPUs each seat's player was pinned to (`--affinity`), seat by
    /// seat (empty: not pinned); `None` when none was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affinity: Option<Vec<Vec<usize>>>,
    /// The players' sandbox as it was on the machine (`--sandbox`); `None`
    /// without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<SandboxSettings>,
    /// The game's own options (Stratego: `two_square_rule`).
    #[serde(flatten)]
    pub options: Map<String, Value>,
}

/// The players' sandbox: its layers in effect, what the machine refused,
/// and the limits (`docs/referee.md`, "The sandbox").
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SandboxSettings {
    /// The layers in effect, wholly or partly (`pid`, `user`, `net`, `ipc`,
    /// `fs`, `limits`, `cgroup`).
    pub layers: Vec<String>,
    /// What of the layers asked for the machine refused, and why, one
    /// `layer: why` each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<String>,
    /// Memory of each player's processes together (its cgroup), in bytes.
    pub memory_bytes: u64,
    /// Address space of each process, in bytes.
    pub address_space_bytes: u64,
    /// CPU time of each process, in seconds.
    pub cpu_seconds: u64,
    /// Processes (and threads) of each player.
    pub processes: u64,
    /// Open descriptors of each process.
    pub open_files: u64,
    /// Size of each file written, in bytes.
    pub file_size_bytes: u64,
    /// Room for all a player writes, in bytes.
    pub disk_bytes: u64,
}

/// What became of a seat's setup, in games with a setup phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupStatus {
    /// Accepted (`OK`).
    Accepted,
    /// Refused (`KO`).
    Refused,
    /// The player failed before its setup was judged.
    Failed,
    /// The game ended before the setup was judged.
    None,
}

impl SetupStatus {
    /// The JSON name.
    pub fn as_str(self) -> &'static str {
        match self {
            SetupStatus::Accepted => "accepted",
            SetupStatus::Refused => "refused",
            SetupStatus::Failed => "failed",
            SetupStatus::None => "none",
        }
    }
}

/// One seat's side of the game.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerReport {
    /// The name given to the program (`--player NAME=...`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The program as given.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// What became of its setup; `None` in a game without setups.
    pub setup: Option<SetupStatus>,
    /// Time of its setup reply, in ms.
    pub setup_ms: Option<f64>,
    /// Legal moves it played.
    pub moves: u32,
    /// 1 if it went over the time limit, else 0.
    pub timeouts: u32,
    /// 1 if it lost by an illegal or unreadable move, else 0.
    pub illegal_moves: u32,
    /// Its own failure, if its program failed (`timeout`, `crashed`,
    /// `exited`, `closed_output`, `stopped_reading`, `exec_failed`).
    pub failure: Option<Reason>,
    /// Its slowest move reply, in ms (`None` without moves).
    pub max_reply_ms: Option<f64>,
    /// Its mean move reply time, in ms.
    pub mean_reply_ms: Option<f64>,
    /// The CPU time its program used per move reply (its processes
    /// together, from 1 ms after the question to the reply), in ms: the
    /// median, the largest and the mean over the replies it was read for
    /// (those over 1 ms); `None` without them. Far below the reply times for a program that
    /// computes, the machine did not give it its time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub median_cpu_ms: Option<f64>,
    /// See [`PlayerReport::median_cpu_ms`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_cpu_ms: Option<f64>,
    /// See [`PlayerReport::median_cpu_ms`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_cpu_ms: Option<f64>,
    /// If it timed out: the CPU time it got from 1 ms after the question
    /// to the deadline, in ms (near the limit: a slow program; far below it: a
    /// machine too busy to run it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout_cpu_ms: Option<f64>,
    /// Where its CPU times were read: `cgroup` (its jail's cgroup, every
    /// process of it) or `proc` (`/proc/PID/stat` of its own process: its
    /// threads and reaped children, in clock ticks); `None` if they could
    /// not be.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_source: Option<String>,
    /// Processes started for it: in a game run a process per move, one a
    /// move (absent for a session).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub processes: Option<u32>,
    /// How its (last) process ended.
    pub exit: ExitReport,
    /// Its stderr log.
    pub log: String,
}

/// How a player's process ended.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ExitReport {
    /// Whether the program was started at all.
    pub started: bool,
    /// Its exit code, if it exited.
    pub code: Option<i32>,
    /// The signal that killed it (`"SIGKILL"`), if one did.
    pub signal: Option<String>,
    /// The referee's harshest signal before it ended: `"timeout"`,
    /// `"stopped_reading"` (SIGKILL for a failure), `"sigterm"` or
    /// `"sigkill"` (the end-of-game escalation); `None` if it ended by
    /// itself.
    pub killed_by_referee: Option<String>,
    /// The same in words.
    pub text: String,
    /// If it was killed for missing a deadline: how long the kill took.
    pub deadline_kill: Option<DeadlineKill>,
    /// A limit of its sandbox it reached: `cpu_time`, `file_size`,
    /// `memory`, `processes` or `disk` (for a process per move: the first
    /// any of them reached).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<String>,
}

/// The timing of a kill at a missed deadline, from the deadline, in ms.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct DeadlineKill {
    /// Until SIGKILL was sent (to its process group, or by its jail's init
    /// to every process of the jail).
    pub signal_ms: f64,
    /// Until the player's own process was dead: when its jail's init
    /// reaped it (the init timestamps it), or when `waitid` reported it
    /// dead without a sandbox (`None` if it never was).
    pub death_ms: Option<f64>,
    /// In a sandbox: until the referee saw the jail gone, after the
    /// kernel's teardown of its namespaces (`None` without a sandbox).
    pub teardown_ms: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(v: Value) -> Summary {
        serde_json::from_value(v).unwrap()
    }

    fn full() -> Value {
        json!({
            "schema": 1, "winner": 1, "result": "0-1", "reason": "timeout",
            "detail": "player 0 did not reply within 500 ms", "moves": 41,
            "duration_ms": 1234, "future_field": [1, 2],
            "settings": {"time_limit_ms": 500, "grace_ms": 100, "max_turns": 2000,
                         "two_square_rule": false},
            "players": [
                {"program": "./a", "args": [], "setup": "accepted", "moves": 21,
                 "timeouts": 1, "illegal_moves": 0, "max_reply_ms": 501.5,
                 "mean_reply_ms": 12.25, "exit": {"signal": "SIGKILL"}, "log": "x/player0.log",
                 "failure": "timeout"},
                {"program": "./b", "setup": "accepted", "moves": 20, "timeouts": 0,
                 "illegal_moves": 0, "max_reply_ms": 3, "mean_reply_ms": 1.5,
                 "exit": {"code": 0, "text": "exited 0"}, "failure": null}
            ]
        })
    }

    #[test]
    fn a_full_verdict_reads() {
        let s = parse(full());
        assert_eq!(s.game, "stratego");
        assert_eq!(s.outcome().unwrap(), Outcome::win(1, 2));
        assert_eq!(s.reason, Reason::Timeout);
        assert_eq!(s.moves, 41);
        assert_eq!(s.settings.options["two_square_rule"], false);
        assert_eq!(s.players[0].failure, Some(Reason::Timeout));
        assert_eq!(s.players[0].max_reply_ms, Some(501.5));
        assert_eq!(s.players[0].exit.signal.as_deref(), Some("SIGKILL"));
        assert_eq!(s.players[1].exit.text, "exited 0");
        assert_eq!(s.players[1].failure, None);
        // Written before CPU times were measured.
        assert_eq!(s.players[0].median_cpu_ms, None);
        assert_eq!(s.players[0].cpu_source, None);
        assert!(!s.to_json().contains("cpu"));
        // Written by a referee without `reproduce`: none, and none written.
        assert_eq!(s.reproduce, None);
        assert!(!s.to_json().contains("reproduce"));
        let mut v = full();
        v["reproduce"] = json!("referee reproduce game.json --seat 0");
        let s = parse(v);
        assert_eq!(
            s.reproduce.as_deref(),
            Some("referee reproduce game.json --seat 0")
        );
    }

    #[test]
    fn statistics_default_when_missing() {
        let s = parse(json!({"result": "1/2-1/2", "reason": "turn_limit"}));
        assert_eq!(s.outcome().unwrap(), Outcome::draw(2));
        assert!(s.players.is_empty());
    }

    #[test]
    fn the_outcome_is_checked() {
        let bad = |v: Value| parse(v).outcome().unwrap_err();
        assert_eq!(
            bad(json!({"winner": 2, "reason": "x"})),
            OutcomeError::Winner("2".into())
        );
        assert!(matches!(
            bad(json!({"result": "2-0", "reason": "x"})),
            OutcomeError::Sum(..)
        ));
        assert!(matches!(
            bad(json!({"winner": 0, "result": "0-1", "reason": "x"})),
            OutcomeError::Contradiction { .. }
        ));
        assert!(matches!(
            bad(json!({"winner": null, "result": "1-0", "reason": "x"})),
            OutcomeError::Contradiction { .. }
        ));
        assert_eq!(bad(json!({"reason": "x"})), OutcomeError::Missing);
        assert_eq!(
            bad(json!({"winner": null, "result": null, "reason": "interrupted"})),
            OutcomeError::Interrupted
        );
        assert!(serde_json::from_value::<Summary>(json!({"winner": 0})).is_err());
    }

    #[test]
    fn writing_then_reading_gives_the_same_summary() {
        let s = parse(full());
        assert_eq!(Summary::from_json(&s.to_json()).unwrap(), s);
    }
}
