//! A game's verdict as the tournament uses it: the referee's `--json`
//! document, read through `referee-schema` (no hand-made reader), with its
//! outcome checked (the result well formed, agreeing with the winner).

use referee_schema::{Fault, Outcome, OutcomeError, Summary};
use thiserror::Error;

/// The verdict schema this runner understands.
pub const SCHEMA: u32 = referee_schema::SCHEMA;

/// A checked verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// The referee's document.
    pub summary: Summary,
    /// The points of each seat.
    pub outcome: Outcome,
}

/// Why a verdict object was rejected.
#[derive(Debug, Error)]
pub enum VerdictError {
    /// Not the referee's JSON verdict.
    #[error("not a verdict: {0}")]
    Json(#[from] serde_json::Error),
    /// It announces a schema this runner does not know.
    #[error("unsupported verdict schema {0} (this tournament understands schema {SCHEMA})")]
    Schema(u32),
    /// Its outcome is missing, malformed or contradictory, or the game was
    /// interrupted.
    #[error(transparent)]
    Outcome(#[from] OutcomeError),
}

impl Verdict {
    /// Checks a verdict read from the referee's output.
    pub fn from_json(text: &str) -> Result<Verdict, VerdictError> {
        Verdict::from_summary(Summary::from_json(text)?)
    }

    /// Checks the referee's document.
    pub fn from_summary(summary: Summary) -> Result<Verdict, VerdictError> {
        if summary.schema != SCHEMA {
            return Err(VerdictError::Schema(summary.schema));
        }
        let outcome = summary.outcome()?;
        Ok(Verdict { summary, outcome })
    }

    /// The fault that ended the game, if a player's fault did.
    pub fn fault(&self) -> Option<Fault> {
        self.summary.reason.fault()
    }

    /// The result string (`1-0`, `1/2-1/2`, ...).
    pub fn result(&self) -> String {
        self.outcome.result()
    }

    /// A verdict of our referee's shape, for tests: `outcome` for
    /// `reason`, with these player reports.
    #[cfg(test)]
    pub fn made(
        outcome: Outcome,
        reason: &str,
        players: Vec<referee_schema::PlayerReport>,
    ) -> Verdict {
        Verdict {
            summary: Summary {
                schema: SCHEMA,
                game: referee_schema::DEFAULT_GAME.into(),
                winner: outcome.winner().map(|w| w as u8),
                result: Some(outcome.result()),
                points: Some(outcome.points().to_vec()),
                reason: referee_schema::Reason::from_name(reason),
                reason_text: String::new(),
                detail: String::new(),
                rejected: Vec::new(),
                warnings: Vec::new(),
                reproduce: None,
                moves: 10,
                duration_ms: 1.0,
                settings: Default::default(),
                players,
            },
            outcome,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_referee_verdict_reads_and_old_ones_too() {
        let v = Verdict::from_json(
            r#"{"schema": 1, "winner": 1, "result": "0-1", "reason": "timeout",
                "players": [{"program": "./a", "failure": "timeout"}, {"program": "./b"}]}"#,
        )
        .unwrap();
        assert_eq!(v.outcome, Outcome::win(1, 2));
        assert_eq!(v.fault(), Some(Fault::Timeout));
        assert_eq!(v.summary.game, "stratego");
        assert_eq!(v.result(), "0-1");
    }

    #[test]
    fn bad_verdicts_say_why() {
        let bad = |v: &str| Verdict::from_json(v).unwrap_err().to_string();
        assert_eq!(
            bad(r#"{"schema": 2, "winner": 0, "reason": "x"}"#),
            "unsupported verdict schema 2 (this tournament understands schema 1)"
        );
        assert_eq!(
            bad(r#"{"winner": null, "result": null, "reason": "interrupted"}"#),
            "the game was interrupted and has no result"
        );
        assert!(bad("[1]").starts_with("not a verdict"));
        assert!(bad(r#"{"winner": 0}"#).contains("missing field `reason`"));
        assert!(bad(r#"{"winner": 0, "result": "0-1", "reason": "x"}"#).contains("contradicts"));
    }
}
