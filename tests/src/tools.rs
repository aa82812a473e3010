//! System programs some tests need (Chromium, tmux, GNU parallel, sshd,
//! Slurm): found in `PATH` (or, for daemons, in the `sbin` directories), or
//! the test is skipped with a message on the terminal — unless
//! `REFEREE_TEST_TOOLS=require` (set by `make test`, which installs them
//! first with `scripts/need.sh`): then a missing one fails the test.

use std::io::Write;
use std::path::PathBuf;

/// Whether a test must fail, rather than skip, when what it needs is
/// missing (`REFEREE_TEST_TOOLS=require`, set by `make test`).
pub fn required() -> bool {
    std::env::var("REFEREE_TEST_TOOLS").is_ok_and(|v| v == "require")
}

/// Skips a test, saying why on the terminal, for something other than a
/// missing program (a daemon that cannot start here).
pub fn skip(test: &str, why: &str) {
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}

/// The program `name` in `PATH` or the `sbin` directories, if there: for
/// a program no package of `make test`'s installs (a JDK), whose absence
/// only skips.
pub fn find(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            // Daemons (sshd, slurmctld) live in sbin, often not in a user's
            // PATH.
            .chain(["/usr/sbin".into(), "/sbin".into()])
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })
}

/// The program `name` from `PATH`; `None` (after saying so) when the test
/// that needs it is to be skipped.
pub fn need(name: &str, test: &str) -> Option<PathBuf> {
    let found = find(name);
    if found.is_some() {
        return found;
    }
    assert!(
        !required(),
        "{test} needs {name}, which is not installed: scripts/need.sh {name} installs it (make test does)"
    );
    // Straight to the terminal: cargo test shows a passing test's
    // captured output only on failure.
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {name} is not installed (`make test` installs it with scripts/need.sh, and runs this test)"
    );
    None
}

/// The file `path`, which Debian's `package` installs (a library's header:
/// libgsl-dev's); `None` (after saying so) when the test that needs it is
/// to be skipped.
pub fn need_file(path: &str, package: &str, test: &str) -> Option<PathBuf> {
    let p = PathBuf::from(path);
    if p.exists() {
        return Some(p);
    }
    assert!(
        !required(),
        "{test} needs {path} ({package}), which is not installed: scripts/need.sh {path}:{package} installs it (make test does)"
    );
    skip(
        test,
        &format!(
            "{path} ({package}) is not installed (`make test` installs it with scripts/need.sh, and runs this test)"
        ),
    );
    None
}
