//! System programs and files some tests need (Chromium, tmux, a C
//! compiler, libgsl's headers): found in `PATH` or on disk, or the test is
//! skipped with a message on the terminal — unless
//! `REFEREE_TEST_TOOLS=require` (set by `make test`, which installs them
//! first with `scripts/need.sh`): then a missing one fails the test.

use std::io::Write;
use std::path::PathBuf;

/// The program `name` from `PATH`; `None` (after saying so) when the test
/// that needs it is to be skipped.
pub fn need(name: &str, test: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    });
    if found.is_some() {
        return found;
    }
    missing(name, name, test);
    None
}

/// The file `path`, which Debian's `package` installs; `None` (after
/// saying so) when the test that needs it is to be skipped.
pub fn need_file(path: &str, package: &str, test: &str) -> Option<PathBuf> {
    let p = PathBuf::from(path);
    if p.exists() {
        return Some(p);
    }
    missing(
        &format!("{path} ({package})"),
        &format!("{path}:{package}"),
        test,
    );
    None
}

/// Says that `what` is missing for `test` (`need` is the argument of
/// `scripts/need.sh` that installs it), or fails under
/// `REFEREE_TEST_TOOLS=require`.
fn missing(what: &str, need: &str, test: &str) {
    let name = what;
    let required = std::env::var("REFEREE_TEST_TOOLS").is_ok_and(|v| v == "require");
    assert!(
        !required,
        "{test} needs {name}, which is not installed: scripts/need.sh {need} installs it (make test does)"
    );
    // Straight to the terminal: cargo test shows a passing test's
    // captured output only on failure.
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {name} is not installed (`make test` installs it with scripts/need.sh, and runs this test)"
    );
}
