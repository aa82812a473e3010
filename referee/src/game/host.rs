//! What a seat really runs: its program, or the host its game runs such
//! programs in ([`game_core::Spec::host`]: a course client `.so` of
//! Coursidor runs in `coursidor-host`). The process layer then starts the
//! host like any program; it never knows.

use std::path::{Path, PathBuf};

use game_core::Host;
use thiserror::Error;

use crate::process::Program;

/// A host the referee cannot find.
#[derive(Debug, Error)]
#[error(
    "{program} runs in {host}, which is not beside the referee: {} is missing (`cargo build --release --workspace --bins` builds it)",
    path.display()
)]
pub struct HostError {
    /// The player's program as given.
    pub program: String,
    /// The host's name.
    pub host: &'static str,
    /// Where it was looked for.
    pub path: PathBuf,
}

/// The program to run for `program`: itself without a host; with one, the
/// host from `dir` (the referee's own directory), given the host's
/// arguments, the program (absolute, when it exists) and its arguments.
pub fn hosted(host: Option<Host>, program: Program, dir: &Path) -> Result<Program, HostError> {
    let Some(host) = host else {
        return Ok(program);
    };
    let path = dir.join(host.program);
    if !path.is_file() {
        return Err(HostError {
            program: program.display(),
            host: host.program,
            path,
        });
    }
    // The program as an absolute path when it exists: the host may run in
    // another working directory (a sandbox's).
    let given = std::fs::canonicalize(&program.path).map_or(program.path, Into::into);
    let args = host
        .args
        .into_iter()
        .map(Into::into)
        .chain(std::iter::once(given))
        .chain(program.args)
        .collect::<Vec<std::ffi::OsString>>();
    Ok(Program::new(path, args))
}

/// The bytes at the end of a log searched for a host's last words: the
/// line is written last, just before the host exits.
const TAIL_BYTES: u64 = 16 * 1024;

/// The most characters of a host's last words quoted in a verdict.
const MAX_WORDS: usize = 400;

/// Why `host` stopped, when it exited with `status`, one of its own
/// ([`Host::exits`]): the last line of its `log` that begins with its
/// last words, else the cause its status stands for. `None` for any other
/// status (the host's client may exit with any status of its own).
pub fn stopped(host: &Host, status: i32, log: &Path) -> Option<String> {
    let cause = host.cause_of(status)?;
    let line = (!host.last_words.is_empty())
        .then(|| last_line_with(log, host.last_words))
        .flatten();
    Some(line.unwrap_or_else(|| format!("{} stopped: {cause}", host.program)))
}

/// The last line of the end of `log` that begins with `prefix`, its
/// control characters as `?`, cut to [`MAX_WORDS`] characters.
fn last_line_with(log: &Path, prefix: &str) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = std::fs::File::open(log).ok()?;
    let len = file.metadata().ok()?.len();
    file.seek(SeekFrom::Start(len.saturating_sub(TAIL_BYTES)))
        .ok()?;
    let mut tail = Vec::new();
    file.read_to_end(&mut tail).ok()?;
    let text = String::from_utf8_lossy(&tail);
    let line = text.lines().rev().find(|l| l.starts_with(prefix))?;
    Some(
        line.chars()
            .take(MAX_WORDS)
            .map(|c| if c.is_control() { '?' } else { c })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_without_a_host_runs_as_it_is_and_with_one_runs_in_it() {
        let p = Program::new("./a.so", ["x"]);
        assert_eq!(hosted(None, p.clone(), Path::new("/nowhere")).unwrap(), p);
        let (dir, _) = crate::testing::temp_file("the-host", "");
        // A program that exists goes to the host as an absolute path.
        let lib = dir.path().join("lib.so");
        std::fs::write(&lib, "").unwrap();
        let host = Host {
            program: "the-host",
            args: Vec::new(),
            exits: &[],
            last_words: "",
        };
        let got = hosted(Some(host), Program::new(&lib, ["y"]), dir.path()).unwrap();
        assert_eq!(
            got.args[0],
            std::fs::canonicalize(&lib).unwrap().into_os_string()
        );
        let host = Host {
            program: "the-host",
            args: vec!["--flag".into()],
            exits: &[],
            last_words: "",
        };
        let got = hosted(Some(host.clone()), p.clone(), dir.path()).unwrap();
        assert_eq!(
            got,
            Program::new(dir.path().join("the-host"), ["--flag", "./a.so", "x"])
        );
        let e = hosted(
            Some(Host {
                program: "missing-host",
                ..host
            }),
            p,
            dir.path(),
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("./a.so runs in missing-host, which is not beside the referee: "),
            "{e}"
        );
    }

    #[test]
    fn a_hosts_own_status_is_named_by_its_last_words_or_its_cause() {
        let host = Host {
            program: "the-host",
            args: Vec::new(),
            exits: &[game_core::HostExit {
                status: 6,
                cause: "the client lacks a function",
            }],
            last_words: "the-host stopped: ",
        };
        let (_dir, log) = crate::testing::temp_file(
            "player0.log",
            "the-host stopped: an older line\nclient chatter\n\
             the-host stopped: the client lacks a function: x.so has no function play\n",
        );
        assert_eq!(
            stopped(&host, 6, &log).as_deref(),
            Some("the-host stopped: the client lacks a function: x.so has no function play")
        );
        // Any other status is the client's own.
        assert_eq!(stopped(&host, 0, &log), None);
        assert_eq!(stopped(&host, 7, &log), None);
        // Without the line (a log cut short, or missing): the cause.
        assert_eq!(
            stopped(&host, 6, Path::new("/nonexistent/player0.log")).as_deref(),
            Some("the-host stopped: the client lacks a function")
        );
    }
}
