//! The `--record` file: the whole game, enough to replay it.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::reason::Reason;
use crate::summary::Settings;

/// The whole game (`docs/json.md`). `M` is a move's own fields and `S` an
/// accepted setup, as the game writes them; read without knowing the game,
/// they stay JSON.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Record<M = Map<String, Value>, S = Value> {
    /// [`crate::SCHEMA`].
    pub schema: u32,
    /// The game's name; [`crate::DEFAULT_GAME`] when absent.
    #[serde(default = "default_game")]
    pub game: String,
    /// The settings, the game's options among them.
    pub settings: Settings,
    /// Each seat's accepted setup, or `None`; empty in a game without setups.
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    pub setups: Vec<Option<S>>,
    /// Every legal move played, in order.
    pub moves: Vec<MoveEntry<M>>,
    /// The end.
    pub end: EndReport,
}

fn default_game() -> String {
    crate::DEFAULT_GAME.to_owned()
}

/// One legal move of the game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct MoveEntry<M = Map<String, Value>> {
    /// 1-based number of the move, all seats together.
    pub ply: u32,
    /// The seat that moved.
    pub player: u8,
    /// The game's own fields.
    #[serde(flatten)]
    pub detail: M,
    /// The reply time, in ms.
    pub reply_ms: f64,
}

/// The verdict inside a record.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct EndReport {
    /// The winning seat, or `None`.
    pub winner: Option<u8>,
    /// The result string, `None` when interrupted.
    pub result: Option<String>,
    /// Each seat's points, `None` when interrupted.
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
}

impl<M: serde::de::DeserializeOwned, S: serde::de::DeserializeOwned> Record<M, S> {
    /// Reads a record file's text.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }
}

impl<M: Serialize, S: Serialize> Record<M, S> {
    /// The record, indented, as the referee writes it.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_stratego_record_reads_without_knowing_the_game() {
        let v = json!({
          "schema": 1,
          "settings": {"time_limit_ms": 500, "grace_ms": 100, "max_turns": 2000, "two_square_rule": false},
          "setups": [[11, 12], null],
          "moves": [
            {"ply": 1, "player": 0, "square": "B3", "direction": "E", "distance": 1,
             "result": "N", "attacker": null, "defender": null, "reply_ms": 0.05}
          ],
          "end": {"winner": 0, "result": "1-0", "reason": "flag_captured",
                  "reason_text": "the flag was captured", "detail": "player 0 took the flag: A3 E 3"}
        });
        let r: Record = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(r.game, "stratego");
        assert_eq!(r.moves[0].detail["square"], "B3");
        assert_eq!(r.moves[0].reply_ms, 0.05);
        assert_eq!(r.setups[1], None);
        assert_eq!(r.end.reason, Reason::Game("flag_captured".into()));
        // Written again, the moves keep their fields.
        let again = serde_json::to_value(&r).unwrap();
        assert_eq!(again["moves"], v["moves"]);
    }
}
