//! How a match ended: the points of each seat and the reason, in words and
//! as a stable name.

use game_core::{Game, Seat};
use referee_schema::{Outcome, Reason};

use crate::process::{Failure, WaitStatus};

/// The end of a match.
#[derive(Clone, PartialEq, Debug)]
pub struct Verdict {
    /// The points of each seat; `None` when interrupted (no verdict).
    pub outcome: Option<Outcome>,
    /// Why it ended.
    pub reason: Reason,
    /// The reason in words.
    pub reason_text: String,
    /// What happened exactly, in words (an illegal move's error, a
    /// refused setup's error, a failure's cause).
    pub detail: String,
}

impl Verdict {
    /// A verdict for a reason that is not the game's own.
    pub fn new(outcome: Option<Outcome>, reason: Reason, detail: String) -> Verdict {
        let reason_text = reason.words().unwrap_or_default().to_owned();
        Verdict {
            outcome,
            reason,
            reason_text,
            detail,
        }
    }

    /// The winning seat, if one seat took the whole point.
    pub fn winner(&self) -> Option<usize> {
        self.outcome.as_ref().and_then(Outcome::winner)
    }

    /// Whether the match reached a verdict (it was not interrupted).
    pub fn is_decided(&self) -> bool {
        self.reason != Reason::Interrupted
    }

    /// The result string (`"1-0"`, `"1/2-1/2"`), or `None` without a verdict.
    pub fn result(&self) -> Option<String> {
        self.outcome.as_ref().map(Outcome::result)
    }
}

/// The reason of a failure of a player's program.
pub fn reason_of(f: &Failure) -> Reason {
    match f {
        Failure::ExecFailed(_) => Reason::ExecFailed,
        Failure::Timeout { .. } => Reason::Timeout,
        Failure::Exited(_) => Reason::Exited,
        Failure::Crashed(_) => Reason::Crashed,
        Failure::ClosedOutput => Reason::ClosedOutput,
        Failure::StoppedReading => Reason::StoppedReading,
        Failure::Limit { status, .. } => match status {
            WaitStatus::Exited(_) => Reason::Exited,
            WaitStatus::Signaled(_) => Reason::Crashed,
        },
    }
}

/// `seat` as a verdict names it: `player 0`, and what the rules call it,
/// if anything (`player 0 (red)`).
pub fn who<G: Game>(game: &G, seat: Seat) -> String {
    match game.seat_name(seat) {
        Some(name) => format!("player {seat} ({name})"),
        None => format!("player {seat}"),
    }
}

/// The detail of an unreadable or illegal move reply: who, the reply
/// quoted (`reply`, its lines, when it was complete), and `why` it was
/// refused.
pub fn illegal_detail(who: &str, reply: Option<&[Vec<u8>]>, why: &str) -> String {
    match reply {
        Some(lines) => {
            let quoted: Vec<String> = lines.iter().map(|l| game_core::printable(l)).collect();
            format!("{who} replied {}: {why}", quoted.join(" "))
        }
        None => format!("{who}: {why}"),
    }
}

/// How [`early_note`] begins.
const EARLY_NOTE: &str = "; the program sent ";

/// What the detail of a refused move reply adds when its first `early`
/// lines had arrived before the program was asked for the move: they are
/// not what the program answered, but what its previous reply sent in
/// excess (a 41st setup line, a fourth line after a move), which the
/// error alone (`"12" is not a square`) does not tell.
pub fn early_note(early: usize) -> String {
    let lines = match early {
        1 => "line 1 of this reply".to_owned(),
        n => format!("lines 1 to {n} of this reply"),
    };
    format!(
        "{EARLY_NOTE}{lines} before it was asked for a move: they are what its previous reply sent beyond the lines it takes"
    )
}

/// A detail without its [`early_note`], if it has one.
pub fn without_early_note(detail: &str) -> &str {
    match detail.rfind(EARLY_NOTE) {
        Some(i) if detail[i..].contains(" before it was asked for a move: ") => &detail[..i],
        _ => detail,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_early_note_names_the_lines_and_comes_off_again() {
        let detail = format!(
            "{}{}",
            illegal_detail(
                "player 0",
                Some(&[b"12".to_vec()]),
                "\"12\" is not a square"
            ),
            early_note(1)
        );
        assert_eq!(
            detail,
            "player 0 replied \"12\": \"12\" is not a square; the program sent line 1 of this reply \
             before it was asked for a move: they are what its previous reply sent beyond the lines it takes"
        );
        assert!(early_note(2).contains("lines 1 to 2 of this reply"));
        assert_eq!(
            without_early_note(&detail),
            "player 0 replied \"12\": \"12\" is not a square"
        );
        assert_eq!(without_early_note("player 1: no"), "player 1: no");
    }

    #[test]
    fn an_illegal_detail_quotes_each_line_of_the_reply() {
        let lines = [b"A1".to_vec(), b"E \"x\"".to_vec()];
        assert_eq!(
            illegal_detail("player 0 (red)", Some(&lines), "no"),
            "player 0 (red) replied \"A1\" \"E \\\"x\\\"\": no"
        );
        assert_eq!(
            illegal_detail("player 1", None, "too long"),
            "player 1: too long"
        );
    }
}
