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
        };
        let got = hosted(Some(host), Program::new(&lib, ["y"]), dir.path()).unwrap();
        assert_eq!(
            got.args[0],
            std::fs::canonicalize(&lib).unwrap().into_os_string()
        );
        let host = Host {
            program: "the-host",
            args: vec!["--flag".into()],
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
}
