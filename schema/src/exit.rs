//! The referee's exit codes.

/// The game reached a verdict, whatever it is.
pub const VERDICT: i32 = 0;
/// The referee itself failed (no verdict).
pub const INTERNAL: i32 = 1;
/// The command line was wrong.
pub const USAGE: i32 = 2;
/// `referee replay`: the record differs from today's rules; `referee
/// reproduce`: the recorded fault did not recur.
pub const DIFFERS: i32 = 3;
/// `referee check`: a check of the program failed.
pub const CHECK_FAILED: i32 = 4;
/// Added to the number of the signal that interrupted the referee
/// (130 after SIGINT, 143 after SIGTERM, 129 after SIGHUP).
pub const SIGNAL_BASE: i32 = 128;

/// The exit code after signal `sig`.
pub fn after_signal(sig: i32) -> i32 {
    SIGNAL_BASE + sig
}

/// What an exit code means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Meaning {
    /// [`VERDICT`].
    Verdict,
    /// [`INTERNAL`].
    Internal,
    /// [`USAGE`].
    Usage,
    /// [`DIFFERS`].
    Differs,
    /// [`CHECK_FAILED`].
    CheckFailed,
    /// Interrupted by this signal.
    Signal(i32),
    /// Not one of the referee's codes.
    Other(i32),
}

/// Reads an exit code.
pub fn meaning(code: i32) -> Meaning {
    match code {
        VERDICT => Meaning::Verdict,
        INTERNAL => Meaning::Internal,
        USAGE => Meaning::Usage,
        DIFFERS => Meaning::Differs,
        CHECK_FAILED => Meaning::CheckFailed,
        c if c > SIGNAL_BASE && c < SIGNAL_BASE + 65 => Meaning::Signal(c - SIGNAL_BASE),
        c => Meaning::Other(c),
    }
}
