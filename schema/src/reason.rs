//! Why a game ended: the list of reasons, written once for the whole
//! workspace.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a game ended, ordered from the rules of play to the failures of
/// programs and finally the referee's own interruption. When two seats
/// fail at once, the greater reason is reported.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Reason {
    /// The game's rules ended it; the game's own name for why
    /// (`flag_captured`, `no_legal_move`, `turn_limit`, `all_captured`...).
    Game(String),
    /// A setup was refused (`KO`).
    SetupRefused,
    /// A move was illegal or unreadable.
    IllegalMove,
    /// A player did not reply in time.
    Timeout,
    /// A player exited.
    Exited,
    /// A player was killed by a signal it did not get from the referee.
    Crashed,
    /// A player closed its stdout.
    ClosedOutput,
    /// A player stopped reading its stdin.
    StoppedReading,
    /// A player's program could not be started.
    ExecFailed,
    /// The referee was interrupted (SIGINT, SIGTERM, SIGHUP): no verdict.
    Interrupted,
}

/// What a player did wrong, in the classes a tournament counts.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Fault {
    /// No reply within the time limit.
    Timeout,
    /// The program died: killed by a signal, exited, or could not be started.
    Crash,
    /// The program broke its pipes: closed its output or stopped reading.
    Pipe,
    /// An illegal or unreadable move.
    IllegalMove,
    /// A setup the referee refused.
    RefusedSetup,
}

/// The reasons that are not the game's own, with their names and words.
const FIXED: [(Reason, &str, &str); 9] = [
    (Reason::SetupRefused, "setup_refused", "a setup was refused"),
    (
        Reason::IllegalMove,
        "illegal_move",
        "an illegal or unreadable move",
    ),
    (
        Reason::Timeout,
        "timeout",
        "a player went over the time limit",
    ),
    (Reason::Exited, "exited", "a player exited"),
    (Reason::Crashed, "crashed", "a player crashed"),
    (
        Reason::ClosedOutput,
        "closed_output",
        "a player closed its output",
    ),
    (
        Reason::StoppedReading,
        "stopped_reading",
        "a player stopped reading its input",
    ),
    (
        Reason::ExecFailed,
        "exec_failed",
        "a player program could not be started",
    ),
    (
        Reason::Interrupted,
        "interrupted",
        "the referee was interrupted",
    ),
];

impl Reason {
    /// The stable snake_case name used in JSON.
    pub fn as_str(&self) -> &str {
        match self {
            Reason::Game(name) => name,
            fixed => FIXED
                .iter()
                .find(|(r, _, _)| r == fixed)
                .map(|(_, name, _)| *name)
                .expect("every fixed reason is listed"),
        }
    }

    /// The reason in words, for the reasons that are not the game's own
    /// (a game's words come with its verdict: `reason_text`).
    pub fn words(&self) -> Option<&'static str> {
        FIXED
            .iter()
            .find(|(r, _, _)| r == self)
            .map(|(_, _, words)| *words)
    }

    /// Reads a name: a fixed reason, or else the game's own.
    pub fn from_name(name: &str) -> Reason {
        FIXED
            .iter()
            .find(|(_, n, _)| *n == name)
            .map_or_else(|| Reason::Game(name.to_owned()), |(r, _, _)| r.clone())
    }

    /// The fault of a player this reason denotes, if it is one.
    pub fn fault(&self) -> Option<Fault> {
        Some(match self {
            Reason::Timeout => Fault::Timeout,
            Reason::Crashed | Reason::Exited | Reason::ExecFailed => Fault::Crash,
            Reason::ClosedOutput | Reason::StoppedReading => Fault::Pipe,
            Reason::IllegalMove => Fault::IllegalMove,
            Reason::SetupRefused => Fault::RefusedSetup,
            Reason::Game(_) | Reason::Interrupted => return None,
        })
    }

    /// Whether this is a failure of a player's program (not of its moves):
    /// the reasons a `failure` field of a player holds.
    pub fn is_process_failure(&self) -> bool {
        matches!(
            self,
            Reason::Timeout
                | Reason::Exited
                | Reason::Crashed
                | Reason::ClosedOutput
                | Reason::StoppedReading
                | Reason::ExecFailed
        )
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Reason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Reason {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Reason, D::Error> {
        let name = String::deserialize(d)?;
        Ok(Reason::from_name(&name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (r, name, _) in FIXED {
            assert_eq!(r.as_str(), name);
            assert_eq!(Reason::from_name(name), r);
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<Reason>(&json).unwrap(), r);
        }
        assert_eq!(
            Reason::from_name("flag_captured"),
            Reason::Game("flag_captured".into())
        );
    }

    #[test]
    fn failures_are_ordered_after_the_rules() {
        assert!(Reason::Game("zzz".into()) < Reason::SetupRefused);
        assert!(Reason::Timeout < Reason::Crashed);
        assert!(Reason::ExecFailed < Reason::Interrupted);
    }

    #[test]
    fn faults_are_classified() {
        for r in ["crashed", "exited", "exec_failed"] {
            assert_eq!(Reason::from_name(r).fault(), Some(Fault::Crash), "{r}");
        }
        for r in ["closed_output", "stopped_reading"] {
            assert_eq!(Reason::from_name(r).fault(), Some(Fault::Pipe), "{r}");
        }
        assert_eq!(Reason::IllegalMove.fault(), Some(Fault::IllegalMove));
        assert_eq!(Reason::SetupRefused.fault(), Some(Fault::RefusedSetup));
        assert_eq!(Reason::from_name("flag_captured").fault(), None);
        assert_eq!(Reason::Interrupted.fault(), None);
    }
}
