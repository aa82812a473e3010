//! The end of a program: how a player's session ended, in its log, with
//! the exit code that goes with it, and an error told with its causes.

use std::error::Error;
use std::fmt::Debug;
use std::io::{self, Write};
use std::process::ExitCode;

/// Logs how a player's session ended and gives the program's exit code.
///
/// A session that ended (`Ok`) exits with success, and so does one whose
/// output the referee closed (a broken pipe anywhere in the error's chain
/// of causes): the referee ends a game by closing the pipes, which is not
/// the player's fault. Any other error is logged with its whole chain
/// (`error: i/o error: Connection reset by peer`) and exits with failure.
pub fn finish_session<T: Debug, E: Error + 'static>(
    result: Result<T, E>,
    log: &mut dyn Write,
) -> ExitCode {
    // The log is stderr: if it fails too there is nowhere left to say so.
    match result {
        Ok(end) => {
            let _ = writeln!(log, "game over: {end:?}");
            ExitCode::SUCCESS
        }
        Err(e) if output_closed(&e) => {
            let _ = writeln!(log, "game over: output closed");
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = writeln!(log, "error: {}", error_chain(&e));
            ExitCode::FAILURE
        }
    }
}

/// Whether a broken pipe is among `e` and its causes.
fn output_closed(e: &(dyn Error + 'static)) -> bool {
    causes(e).any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// An error and its causes on one line, joined by `: ` (`i/o error:
/// Connection reset by peer`): how players and tournaments report a
/// failure.
pub fn error_chain(e: &dyn Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        s.push_str(": ");
        s.push_str(&cause.to_string());
        source = cause.source();
    }
    s
}

fn causes<'a>(e: &'a (dyn Error + 'static)) -> impl Iterator<Item = &'a (dyn Error + 'static)> {
    std::iter::successors(Some(e), |&e| e.source())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    enum SessionError {
        #[error("i/o error")]
        Io(#[from] io::Error),
        #[error("unreadable message from the referee")]
        Wire(#[source] crate::LineError),
    }

    fn finish(result: Result<&str, SessionError>) -> (String, String) {
        let mut log = Vec::new();
        let code = finish_session(result, &mut log);
        (format!("{code:?}"), String::from_utf8(log).unwrap())
    }

    #[test]
    fn an_ended_session_says_how() {
        let (code, log) = finish(Ok("Won"));
        assert_eq!(code, format!("{:?}", ExitCode::SUCCESS));
        assert_eq!(log, "game over: \"Won\"\n");
    }

    #[test]
    fn a_closed_output_is_the_end_of_the_game() {
        let e = SessionError::from(io::Error::from(io::ErrorKind::BrokenPipe));
        let (code, log) = finish(Err(e));
        assert_eq!(code, format!("{:?}", ExitCode::SUCCESS));
        assert_eq!(log, "game over: output closed\n");
    }

    #[test]
    fn other_errors_fail_with_their_whole_chain() {
        let e = SessionError::from(io::Error::new(io::ErrorKind::ConnectionReset, "reset"));
        let (code, log) = finish(Err(e));
        assert_eq!(code, format!("{:?}", ExitCode::FAILURE));
        assert_eq!(log, "error: i/o error: reset\n");
        let line = crate::clean_line(b"a\x01", 4, 64).unwrap_err();
        let (code, log) = finish(Err(SessionError::Wire(line)));
        assert_eq!(code, format!("{:?}", ExitCode::FAILURE));
        assert_eq!(
            log,
            "error: unreadable message from the referee: line 4 holds the byte 0x01 at \
             column 2, which is not printable ASCII: \"a\\x01\"\n"
        );
    }
}
