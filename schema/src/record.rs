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
    /// Each seat's player for people: its name (`--player NAME=...`), or
    /// its program and arguments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// Each seat's program as the referee ran it, with its arguments:
    /// what `referee reproduce` runs again. Empty in the records of
    /// referees that did not write it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<RecordedProgram>,
    /// Each seat's accepted setup, or `None`; empty in a game without setups.
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    pub setups: Vec<Option<S>>,
    /// Every legal move played, in order.
    pub moves: Vec<MoveEntry<M>>,
    /// The replies the referee refused (a refused setup, the illegal or
    /// unreadable move that ended the game), as received, so that a replay
    /// judges them again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rejected: Vec<RejectedReply>,
    /// The end.
    pub end: EndReport,
}

/// A seat's program in a record.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RecordedProgram {
    /// Its path, or the name looked up in `PATH`, as given.
    pub path: String,
    /// Its arguments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
}

/// Which reply of a seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Its secret setup.
    Setup,
    /// A move.
    Move,
}

/// A reply the referee refused, line by line as it was received.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RejectedReply {
    /// The seat that sent it.
    pub player: u8,
    /// A setup or a move.
    pub phase: Phase,
    /// Its non-blank lines, without `\n` or a trailing `\r`, each
    /// written with [`escape_line`] (bytes that are not printable ASCII
    /// as `\xNN`, a backslash as `\\`).
    pub lines: Vec<String>,
}

impl RejectedReply {
    /// A refused reply from its raw lines.
    pub fn new(player: usize, phase: Phase, lines: &[Vec<u8>]) -> RejectedReply {
        RejectedReply {
            player: player as u8,
            phase,
            lines: lines.iter().map(|l| escape_line(l)).collect(),
        }
    }

    /// The raw lines again; `None` if a line is not as [`escape_line`]
    /// writes them.
    pub fn raw_lines(&self) -> Option<Vec<Vec<u8>>> {
        self.lines.iter().map(|l| unescape_line(l)).collect()
    }
}

/// A raw line as JSON text, reversibly: printable ASCII but `\\` as it
/// is, `\\` doubled, any other byte as `\xNN`.
pub fn escape_line(raw: &[u8]) -> String {
    let mut s = String::with_capacity(raw.len());
    for &b in raw {
        match b {
            b'\\' => s.push_str("\\\\"),
            0x20..0x7f => s.push(char::from(b)),
            _ => s.push_str(&format!("\\x{b:02x}")),
        }
    }
    s
}

/// The raw line [`escape_line`] wrote; `None` for text it cannot have written.
pub fn unescape_line(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.bytes();
    while let Some(b) = bytes.next() {
        match b {
            b'\\' => match bytes.next()? {
                b'\\' => out.push(b'\\'),
                b'x' => {
                    let hex = [bytes.next()?, bytes.next()?];
                    let hex = std::str::from_utf8(&hex).ok()?;
                    out.push(u8::from_str_radix(hex, 16).ok()?);
                }
                _ => return None,
            },
            0x20..0x7f => out.push(b),
            _ => return None,
        }
    }
    Some(out)
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
    /// The CPU time the seat's program (its processes together) used
    /// from 1 ms after the question to the reply, in ms; absent for a
    /// reply within 1 ms (none is read), where it could not be read, and
    /// in records written before it was measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<f64>,
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
        // Written before CPU times were measured: none, and none written.
        assert_eq!(r.moves[0].cpu_ms, None);
        assert_eq!(r.setups[1], None);
        assert_eq!(r.end.reason, Reason::Game("flag_captured".into()));
        // Written again, the moves keep their fields.
        let again = serde_json::to_value(&r).unwrap();
        assert_eq!(again["moves"], v["moves"]);
        assert!(r.rejected.is_empty());
        assert!(again.get("rejected").is_none());
        // A record without its programs (an older referee's) reads.
        assert!(r.programs.is_empty());
        assert!(again.get("programs").is_none());
    }

    #[test]
    fn rejected_lines_come_back_byte_for_byte() {
        let raw = vec![b"B3".to_vec(), b"E\xb6\\x".to_vec(), Vec::new()];
        let r = RejectedReply::new(1, Phase::Move, &raw);
        assert_eq!(r.lines, ["B3", "E\\xb6\\\\x", ""]);
        assert_eq!(r.raw_lines().unwrap(), raw);
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(
            json,
            r#"{"player":1,"phase":"move","lines":["B3","E\\xb6\\\\x",""]}"#
        );
        assert_eq!(unescape_line("\\q"), None);
        assert_eq!(unescape_line("\\x4"), None);
        assert_eq!(unescape_line("é"), None);
    }
}
