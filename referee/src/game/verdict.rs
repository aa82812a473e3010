//! How a match ended: the winner and the reason, in words and as a stable name.

use std::fmt;

use serde::Serialize;
use stratego::{EndReason, Player};

use crate::process::Failure;

/// Why a match ended, ordered from the rules of play to the failures of
/// programs and finally the referee's own interruption. When two things
/// end a match at once (both players fail), the greater reason is reported.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A Flag was taken (§3.5.1).
    FlagCaptured,
    /// The player to move had no legal move (§3.5.2).
    NoLegalMove,
    /// Neither player could move: draw (§3.5.2).
    NeitherCanMove,
    /// The turn limit was reached: draw (§3.5.4).
    TurnLimit,
    /// A setup was refused (`KO`).
    SetupRefused,
    /// A move was illegal or unreadable (`E`).
    IllegalMove,
    /// A player did not reply in time (`F`).
    Timeout,
    /// A player exited (`F`).
    Exited,
    /// A player was killed by a signal it did not get from the referee (`F`).
    Crashed,
    /// A player closed its stdout (`F`).
    ClosedOutput,
    /// A player stopped reading its stdin (`F`).
    StoppedReading,
    /// A player's program could not be started (`F`).
    ExecFailed,
    /// The referee was interrupted (SIGINT, SIGTERM, SIGHUP): no verdict.
    Interrupted,
}

impl Reason {
    /// The stable snake_case name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::FlagCaptured => "flag_captured",
            Reason::NoLegalMove => "no_legal_move",
            Reason::NeitherCanMove => "neither_can_move",
            Reason::TurnLimit => "turn_limit",
            Reason::SetupRefused => "setup_refused",
            Reason::IllegalMove => "illegal_move",
            Reason::Timeout => "timeout",
            Reason::Exited => "exited",
            Reason::Crashed => "crashed",
            Reason::ClosedOutput => "closed_output",
            Reason::StoppedReading => "stopped_reading",
            Reason::ExecFailed => "exec_failed",
            Reason::Interrupted => "interrupted",
        }
    }

    /// The reason in words, for people.
    pub fn words(self) -> &'static str {
        match self {
            Reason::FlagCaptured => "the flag was captured",
            Reason::NoLegalMove => "the player to move had no legal move",
            Reason::NeitherCanMove => "neither player could move",
            Reason::TurnLimit => "the turn limit was reached",
            Reason::SetupRefused => "a setup was refused",
            Reason::IllegalMove => "an illegal or unreadable move",
            Reason::Timeout => "a player went over the time limit",
            Reason::Exited => "a player exited",
            Reason::Crashed => "a player crashed",
            Reason::ClosedOutput => "a player closed its output",
            Reason::StoppedReading => "a player stopped reading its input",
            Reason::ExecFailed => "a player program could not be started",
            Reason::Interrupted => "the referee was interrupted",
        }
    }

    /// The reason of a failure.
    pub fn of_failure(f: &Failure) -> Reason {
        match f {
            Failure::ExecFailed(_) => Reason::ExecFailed,
            Failure::Timeout(_) => Reason::Timeout,
            Failure::Exited(_) => Reason::Exited,
            Failure::Crashed(_) => Reason::Crashed,
            Failure::ClosedOutput => Reason::ClosedOutput,
            Failure::StoppedReading => Reason::StoppedReading,
        }
    }

    /// The reason of an end by the rules of play.
    pub fn of_end(r: EndReason) -> Reason {
        match r {
            EndReason::FlagCaptured => Reason::FlagCaptured,
            EndReason::NoLegalMove => Reason::NoLegalMove,
            EndReason::NeitherCanMove => Reason::NeitherCanMove,
            EndReason::TurnLimit => Reason::TurnLimit,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The end of a match.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    /// The winner; `None` for a draw, or when interrupted.
    pub winner: Option<Player>,
    /// Why it ended.
    pub reason: Reason,
    /// What happened exactly, in words (an illegal move's error, a
    /// refused setup's error, a failure's cause).
    pub detail: String,
}

impl Verdict {
    /// Whether the match reached a verdict (it was not interrupted).
    pub fn is_decided(&self) -> bool {
        self.reason != Reason::Interrupted
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `None` without a verdict.
    pub fn result(&self) -> Option<&'static str> {
        if !self.is_decided() {
            return None;
        }
        Some(match self.winner {
            Some(Player::Zero) => "1-0",
            Some(Player::One) => "0-1",
            None => "1/2-1/2",
        })
    }
}
