//! Why `coursidor-host` stops before the game's end: its exit statuses,
//! one per cause (`docs/games/coursidor.md`, "Why a host stops"), and the
//! last line of its log that says so. One home for both sides: the host
//! exits with them, the referee's verdict reads them
//! ([`game_core::Host::exits`]).

use game_core::HostExit;

/// A cause of the host's stopping before the game's end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HostStop {
    /// The referee's messages could not be read or written, or the
    /// client's graph could not be built.
    Protocol,
    /// The command line is not `coursidor-host CLIENT.so`.
    Usage,
    /// libgsl could not be loaded.
    NoGsl,
    /// The client's file does not exist.
    NoFile,
    /// The file is no shared library the loader accepts (not an ELF
    /// object, another architecture, a missing dependency).
    NotALibrary,
    /// The library lacks one of player.h's four functions.
    MissingFunction,
    /// The client closed or replaced the descriptors the host speaks
    /// the protocol on.
    Descriptors,
    /// The client called `exit()` while it was loaded or called.
    ClientExit,
}

/// The beginning of the host's last line when it stops early.
pub const LAST_WORDS: &str = "coursidor-host stopped: ";

impl HostStop {
    /// Every cause, in the order of their statuses.
    pub const ALL: [HostStop; 8] = [
        HostStop::Protocol,
        HostStop::Usage,
        HostStop::NoGsl,
        HostStop::NoFile,
        HostStop::NotALibrary,
        HostStop::MissingFunction,
        HostStop::Descriptors,
        HostStop::ClientExit,
    ];

    /// The exit status (1 to 8; 0 is a game played to its end, or closed
    /// by the referee).
    pub const fn status(self) -> i32 {
        match self {
            HostStop::Protocol => 1,
            HostStop::Usage => 2,
            HostStop::NoGsl => 3,
            HostStop::NoFile => 4,
            HostStop::NotALibrary => 5,
            HostStop::MissingFunction => 6,
            HostStop::Descriptors => 7,
            HostStop::ClientExit => 8,
        }
    }

    /// The cause in words.
    pub const fn cause(self) -> &'static str {
        match self {
            HostStop::Protocol => "the host could not speak the protocol with the referee",
            HostStop::Usage => "the host's command line is wrong",
            HostStop::NoGsl => "libgsl cannot be loaded",
            HostStop::NoFile => "the client's file does not exist",
            HostStop::NotALibrary => "the client's file is no shared library the loader accepts",
            HostStop::MissingFunction => "the client lacks a function of player.h",
            HostStop::Descriptors => {
                "the client closed or replaced the host's protocol descriptors"
            }
            HostStop::ClientExit => "the client called exit() during the game",
        }
    }

    /// The host's last line for this cause, `what` saying more.
    pub fn last_line(self, what: &str) -> String {
        format!("{LAST_WORDS}{}: {what}", self.cause())
    }
}

/// The statuses and causes as the referee reads them.
pub const HOST_EXITS: &[HostExit] = &{
    let mut out = [HostExit {
        status: 0,
        cause: "",
    }; HostStop::ALL.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = HostExit {
            status: HostStop::ALL[i].status(),
            cause: HostStop::ALL[i].cause(),
        };
        i += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cause_has_a_status_of_its_own_and_the_table_follows_them() {
        for (i, s) in HostStop::ALL.iter().enumerate() {
            assert_eq!(s.status(), i as i32 + 1);
            assert_eq!(HOST_EXITS[i].status, s.status());
            assert_eq!(HOST_EXITS[i].cause, s.cause());
        }
        assert_eq!(
            HostStop::MissingFunction.last_line("x.so has no function play"),
            "coursidor-host stopped: the client lacks a function of player.h: x.so has no function play"
        );
    }
}
