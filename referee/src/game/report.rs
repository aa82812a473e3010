//! The report of a match: the verdict, per-player statistics, and the full
//! record of the game. Serialised as documented in `docs/json.md`.

use std::time::Duration;

use serde::Serialize;

use super::verdict::{Reason, Verdict};
use crate::process::{ProcessEnd, WaitStatus, signal_name};

/// Version of the JSON documents; bumped on any incompatible change.
pub const SCHEMA: u32 = 1;

/// What became of a player's setup.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupStatus {
    /// `OK`.
    Accepted,
    /// `KO`.
    Refused,
    /// The player failed before its setup was judged.
    Failed,
    /// The match ended before the setup was judged (the opponent failed).
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

/// How a player's process ended, for JSON.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ExitReport {
    /// Whether the program was started at all.
    pub started: bool,
    /// Its exit code, if it exited.
    pub code: Option<i32>,
    /// The signal that killed it (`"SIGKILL"`), if one did.
    pub signal: Option<String>,
    /// The referee's harshest signal to it before it ended: `"timeout"`,
    /// `"stopped_reading"` (SIGKILL for a failure), `"sigterm"` or
    /// `"sigkill"` (the end-of-game escalation); `null` if it ended by itself.
    pub killed_by_referee: Option<&'static str>,
    /// The same in words.
    pub text: String,
}

impl From<ProcessEnd> for ExitReport {
    fn from(e: ProcessEnd) -> ExitReport {
        let (code, signal) = match e.status {
            Some(WaitStatus::Exited(c)) => (Some(c), None),
            Some(WaitStatus::Signaled(s)) => (None, Some(signal_name(s))),
            None => (None, None),
        };
        ExitReport {
            started: e.started,
            code,
            signal,
            killed_by_referee: e.killed_by.map(|k| k.as_str()),
            text: e.to_string(),
        }
    }
}

/// One player's side of the match.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct PlayerReport {
    /// The program as given.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// What became of its setup.
    pub setup: SetupStatus,
    /// Time taken by its setup reply, in ms, if it gave one.
    pub setup_ms: Option<f64>,
    /// Legal moves it played.
    pub moves: u32,
    /// 1 if it went over the time limit, else 0.
    pub timeouts: u32,
    /// 1 if it lost by an illegal or unreadable move (`E`), else 0.
    pub illegal_moves: u32,
    /// Its failure, if it failed (`timeout`, `crashed`, `exited`,
    /// `closed_output`, `stopped_reading`, `exec_failed`).
    pub failure: Option<Reason>,
    /// Its slowest move reply, in ms (`null` without moves).
    pub max_reply_ms: Option<f64>,
    /// Its mean move reply time, in ms (`null` without moves).
    pub mean_reply_ms: Option<f64>,
    /// How its process ended.
    pub exit: ExitReport,
    /// Its stderr log.
    pub log: String,
}

/// One legal move of the game.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct MoveRecord {
    /// 1-based number of the move, both players together.
    pub ply: u32,
    /// 0 or 1.
    pub player: u8,
    /// The square of the moved piece (`"B3"`).
    pub square: String,
    /// `"N"`, `"S"`, `"E"` or `"W"`.
    pub direction: String,
    /// Squares travelled.
    pub distance: u32,
    /// `"N"` or `"B"`.
    pub result: String,
    /// For a battle, the attacker's code.
    pub attacker: Option<u8>,
    /// For a battle, the defender's code.
    pub defender: Option<u8>,
    /// The reply time, in ms.
    pub reply_ms: f64,
}

/// The verdict, for JSON.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct VerdictReport {
    /// 0, 1, or `null` (draw or interrupted).
    pub winner: Option<u8>,
    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `null` when interrupted.
    pub result: Option<&'static str>,
    /// Why the game ended.
    pub reason: Reason,
    /// The reason in words.
    pub reason_text: &'static str,
    /// What happened exactly.
    pub detail: String,
}

impl From<&Verdict> for VerdictReport {
    fn from(v: &Verdict) -> VerdictReport {
        VerdictReport {
            winner: v.winner.map(|p| p.index() as u8),
            result: v.result(),
            reason: v.reason,
            reason_text: v.reason.words(),
            detail: v.detail.clone(),
        }
    }
}

/// The settings the match was played with.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Settings {
    /// Time limit per reply, in ms.
    pub time_limit_ms: u64,
    /// Grace period at the end, in ms.
    pub grace_ms: u64,
    /// Turn limit (0 = none).
    pub max_turns: u32,
    /// Whether the two-square rule was on.
    pub two_square_rule: bool,
}

/// The whole game, for `--record`.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Record {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The settings.
    pub settings: Settings,
    /// Each player's accepted setup as codes in wire order, or `null`.
    pub setups: [Option<Vec<u8>>; 2],
    /// Every legal move played, in order.
    pub moves: Vec<MoveRecord>,
    /// The end.
    pub end: VerdictReport,
}

/// The report of a match.
#[derive(Clone, PartialEq, Debug)]
pub struct MatchReport {
    /// How it ended.
    pub verdict: Verdict,
    /// Legal moves played.
    pub moves: u32,
    /// Wall-clock duration, from the start of the programs to the end of the cleanup.
    pub duration: Duration,
    /// Each player's side.
    pub players: [PlayerReport; 2],
    /// The full game.
    pub record: Record,
    /// The signal that interrupted the referee, if one did.
    pub interrupted_by: Option<i32>,
}

/// The `--json` document.
#[derive(Serialize)]
struct Summary<'a> {
    schema: u32,
    winner: Option<u8>,
    result: Option<&'static str>,
    reason: Reason,
    reason_text: &'static str,
    detail: &'a str,
    moves: u32,
    duration_ms: f64,
    settings: &'a Settings,
    players: &'a [PlayerReport; 2],
}

/// Milliseconds with microsecond precision.
pub fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

impl MatchReport {
    /// The `--json` document (see `docs/json.md`), on one line, fields in
    /// the documented order.
    pub fn to_json(&self) -> String {
        let v = VerdictReport::from(&self.verdict);
        serde_json::to_string(&Summary {
            schema: SCHEMA,
            winner: v.winner,
            result: v.result,
            reason: v.reason,
            reason_text: v.reason_text,
            detail: &v.detail,
            moves: self.moves,
            duration_ms: millis(self.duration),
            settings: &self.record.settings,
            players: &self.players,
        })
        .expect("the report serialises")
    }

    /// The `--record` document (see `docs/json.md`), indented.
    pub fn record_json(&self) -> String {
        serde_json::to_string_pretty(&self.record).expect("the record serialises")
    }
}
