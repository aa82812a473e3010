//! The referee's verdict on one game (the object `referee --json` prints),
//! read tolerantly: the fields that decide the result are checked, the
//! statistics default to zero when missing, unknown fields are ignored.

use serde_json::{Map, Value};
use thiserror::Error;

/// The verdict schema this runner understands.
pub const SCHEMA: u64 = 1;

/// How a game ended, from the colours' point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Player 0 or 1 won.
    Win(usize),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// Points scored by player `seat` (0 or 1): 1, ½ or 0.
    pub fn points(self, seat: usize) -> f64 {
        match self {
            Outcome::Win(w) if w == seat => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }

    /// The result as the referee writes it: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Win(0) => "1-0",
            Outcome::Win(_) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

/// What a player did wrong when the game's reason is a failure of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// No reply within the time limit.
    Timeout,
    /// The program died: killed by a signal, exited, or could not be
    /// started.
    Crash,
    /// The program broke its pipes: closed its output or stopped reading
    /// its input.
    Pipe,
    /// An illegal move or a malformed one.
    IllegalMove,
    /// A setup the referee refused.
    RefusedSetup,
}

impl Failure {
    /// The failure a verdict `reason` denotes, if it is one.
    pub fn from_reason(reason: &str) -> Option<Failure> {
        match reason {
            "timeout" => Some(Failure::Timeout),
            "crashed" | "exited" | "exec_failed" => Some(Failure::Crash),
            "closed_output" | "stopped_reading" => Some(Failure::Pipe),
            "illegal_move" => Some(Failure::IllegalMove),
            "setup_refused" => Some(Failure::RefusedSetup),
            _ => None,
        }
    }
}

/// One player's statistics in a verdict.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlayerReport {
    /// `accepted`, `refused`, `failed` or `none`, when given.
    pub setup: Option<String>,
    /// Moves the player made.
    pub moves: u64,
    /// Replies that came too late, when given.
    pub timeouts: Option<u64>,
    /// Illegal moves, when given.
    pub illegal_moves: Option<u64>,
    /// Slowest reply, in milliseconds.
    pub max_reply_ms: f64,
    /// Mean reply time, in milliseconds.
    pub mean_reply_ms: f64,
    /// How the process ended, as text.
    pub exit: Option<String>,
    /// The player's own failure (a failure reason), when the verdict says:
    /// `None` when the field is absent, `Some(None)` when it is null (the
    /// player did not fail).
    pub failure: Option<Option<String>>,
}

/// A checked verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// Who won.
    pub outcome: Outcome,
    /// Why the game ended (`flag_captured`, `timeout`, ...).
    pub reason: String,
    /// The referee's explanation, as text.
    pub detail: Option<String>,
    /// Moves played in the game.
    pub moves: u64,
    /// The game's duration according to the referee, in milliseconds.
    pub duration_ms: f64,
    /// Statistics of player 0 and player 1.
    pub players: [PlayerReport; 2],
}

impl Verdict {
    /// The failure that ended the game, if the reason is a player failure.
    pub fn failure(&self) -> Option<Failure> {
        Failure::from_reason(&self.reason)
    }
}

/// Why a verdict object was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VerdictError {
    /// The value is not a JSON object.
    #[error("the verdict is not a JSON object")]
    NotAnObject,
    /// The object announces a schema this runner does not know.
    #[error("unsupported verdict schema {0} (this tournament understands schema {SCHEMA})")]
    Schema(String),
    /// `winner` is neither 0, 1 nor null.
    #[error("invalid winner {0} (expected 0, 1 or null)")]
    Winner(String),
    /// `result` is not one of the three results.
    #[error("invalid result {0} (expected \"1-0\", \"0-1\" or \"1/2-1/2\")")]
    Result(String),
    /// `winner` and `result` disagree.
    #[error("winner {winner} contradicts result {result}")]
    Contradiction {
        /// The `winner` field as JSON.
        winner: String,
        /// The `result` field.
        result: String,
    },
    /// Neither `winner` nor `result` is present.
    #[error("the verdict has neither a winner nor a result")]
    NoOutcome,
    /// The referee was interrupted: the game has no result.
    #[error("the game was interrupted and has no result")]
    Interrupted,
    /// `reason` is missing or not a string.
    #[error("the verdict has no reason")]
    NoReason,
}

/// Checks and extracts a verdict from the referee's JSON object.
pub fn parse(value: &Value) -> Result<Verdict, VerdictError> {
    let obj = value.as_object().ok_or(VerdictError::NotAnObject)?;
    if let Some(schema) = obj.get("schema")
        && schema.as_u64() != Some(SCHEMA)
    {
        return Err(VerdictError::Schema(schema.to_string()));
    }
    if obj.get("reason").and_then(Value::as_str) == Some("interrupted") {
        return Err(VerdictError::Interrupted);
    }
    let outcome = outcome(obj)?;
    let reason = obj
        .get("reason")
        .and_then(Value::as_str)
        .ok_or(VerdictError::NoReason)?
        .to_owned();
    let players = obj.get("players").and_then(Value::as_array);
    let player = |i: usize| {
        players
            .and_then(|p| p.get(i))
            .and_then(Value::as_object)
            .map(player_report)
            .unwrap_or_default()
    };
    Ok(Verdict {
        outcome,
        reason,
        detail: obj.get("detail").and_then(text),
        moves: count(obj, "moves").unwrap_or(0),
        duration_ms: millis(obj, "duration_ms"),
        players: [player(0), player(1)],
    })
}

fn outcome(obj: &Map<String, Value>) -> Result<Outcome, VerdictError> {
    let from_winner = match obj.get("winner") {
        None => None,
        Some(Value::Null) => Some(Outcome::Draw),
        Some(w) => match w.as_u64() {
            Some(0) => Some(Outcome::Win(0)),
            Some(1) => Some(Outcome::Win(1)),
            _ => return Err(VerdictError::Winner(w.to_string())),
        },
    };
    let from_result = match obj.get("result") {
        None => None,
        Some(r) => Some(match r.as_str() {
            Some("1-0") => Outcome::Win(0),
            Some("0-1") => Outcome::Win(1),
            Some("1/2-1/2") => Outcome::Draw,
            _ => return Err(VerdictError::Result(r.to_string())),
        }),
    };
    match (from_winner, from_result) {
        (Some(w), Some(r)) if w != r => Err(VerdictError::Contradiction {
            winner: obj["winner"].to_string(),
            result: obj["result"].to_string(),
        }),
        (Some(o), _) | (None, Some(o)) => Ok(o),
        (None, None) => Err(VerdictError::NoOutcome),
    }
}

fn player_report(obj: &Map<String, Value>) -> PlayerReport {
    PlayerReport {
        setup: obj.get("setup").and_then(Value::as_str).map(str::to_owned),
        moves: count(obj, "moves").unwrap_or(0),
        timeouts: count(obj, "timeouts"),
        illegal_moves: count(obj, "illegal_moves"),
        max_reply_ms: millis(obj, "max_reply_ms"),
        mean_reply_ms: millis(obj, "mean_reply_ms"),
        exit: obj.get("exit").and_then(|e| {
            // The referee's exit object carries its own words in `text`.
            e.get("text")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .or_else(|| text(e))
        }),
        failure: obj.get("failure").map(|f| f.as_str().map(str::to_owned)),
    }
}

/// A non-negative integer field; absent, null or of another type is `None`.
fn count(obj: &Map<String, Value>, key: &str) -> Option<u64> {
    obj.get(key).and_then(Value::as_u64)
}

/// A duration field in milliseconds (integer or not); 0 when absent.
fn millis(obj: &Map<String, Value>, key: &str) -> f64 {
    obj.get(key)
        .and_then(Value::as_f64)
        .filter(|v| v.is_finite() && *v >= 0.0)
        .unwrap_or(0.0)
}

/// A field shown to humans: strings as they are, other values as JSON.
fn text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn full() -> Value {
        json!({
            "schema": 1, "winner": 1, "result": "0-1", "reason": "timeout",
            "detail": "player 0 did not reply within 500 ms", "moves": 41,
            "duration_ms": 1234, "future_field": [1, 2],
            "players": [
                {"program": "./a", "args": [], "setup": "accepted", "moves": 21,
                 "timeouts": 1, "illegal_moves": 0, "max_reply_ms": 501.5,
                 "mean_reply_ms": 12.25, "exit": {"signal": 9}, "log": "x/player0.log",
                 "failure": "timeout"},
                {"program": "./b", "setup": "accepted", "moves": 20, "timeouts": 0,
                 "illegal_moves": 0, "max_reply_ms": 3, "mean_reply_ms": 1.5,
                 "exit": {"code": 0, "text": "exited 0"}, "failure": null}
            ]
        })
    }

    #[test]
    fn a_full_verdict_parses() {
        let v = parse(&full()).unwrap();
        assert_eq!(v.outcome, Outcome::Win(1));
        assert_eq!(v.failure(), Some(Failure::Timeout));
        assert_eq!(v.moves, 41);
        assert_eq!(v.duration_ms, 1234.0);
        assert_eq!(v.players[0].timeouts, Some(1));
        assert_eq!(v.players[0].max_reply_ms, 501.5);
        assert_eq!(v.players[0].exit.as_deref(), Some(r#"{"signal":9}"#));
        assert_eq!(v.players[0].failure, Some(Some("timeout".into())));
        assert_eq!(v.players[1].failure, Some(None));
        assert_eq!(v.players[1].exit.as_deref(), Some("exited 0"));
    }

    #[test]
    fn statistics_default_when_missing() {
        let v = parse(&json!({"result": "1/2-1/2", "reason": "turn_limit"})).unwrap();
        assert_eq!(v.outcome, Outcome::Draw);
        assert_eq!(v.players[0], PlayerReport::default());
        assert_eq!(v.failure(), None);
    }

    #[test]
    fn the_outcome_is_checked() {
        let bad = |v: Value| parse(&v).unwrap_err();
        assert_eq!(
            bad(json!({"winner": 2, "reason": "x"})),
            VerdictError::Winner("2".into())
        );
        assert_eq!(
            bad(json!({"result": "2-0", "reason": "x"})),
            VerdictError::Result("\"2-0\"".into())
        );
        assert!(matches!(
            bad(json!({"winner": 0, "result": "0-1", "reason": "x"})),
            VerdictError::Contradiction { .. }
        ));
        assert!(matches!(
            bad(json!({"winner": null, "result": "1-0", "reason": "x"})),
            VerdictError::Contradiction { .. }
        ));
        assert_eq!(bad(json!({"reason": "x"})), VerdictError::NoOutcome);
        assert_eq!(bad(json!({"winner": 0})), VerdictError::NoReason);
        assert_eq!(
            bad(json!({"schema": 2, "winner": 0, "reason": "x"})),
            VerdictError::Schema("2".into())
        );
        assert_eq!(bad(json!([1])), VerdictError::NotAnObject);
        assert_eq!(
            bad(json!({"winner": null, "result": null, "reason": "interrupted"})),
            VerdictError::Interrupted
        );
    }

    #[test]
    fn points_and_results() {
        assert_eq!(Outcome::Win(0).points(0), 1.0);
        assert_eq!(Outcome::Win(0).points(1), 0.0);
        assert_eq!(Outcome::Draw.points(1), 0.5);
        assert_eq!(Outcome::Win(1).result(), "0-1");
    }

    #[test]
    fn failures_are_classified() {
        for r in ["crashed", "exited", "exec_failed"] {
            assert_eq!(Failure::from_reason(r), Some(Failure::Crash), "{r}");
        }
        for r in ["closed_output", "stopped_reading"] {
            assert_eq!(Failure::from_reason(r), Some(Failure::Pipe), "{r}");
        }
        assert_eq!(
            Failure::from_reason("illegal_move"),
            Some(Failure::IllegalMove)
        );
        assert_eq!(
            Failure::from_reason("setup_refused"),
            Some(Failure::RefusedSetup)
        );
        assert_eq!(Failure::from_reason("flag_captured"), None);
    }
}
