//! The workspace's binaries for end-to-end tests, built on first use, so
//! that `cargo test` passes on a fresh clone without a build first.
//!
//! Cargo gives an integration test the binaries of its own package only
//! (`CARGO_BIN_EXE_*`); the referee, the player and the others live in
//! other packages. The first call runs `cargo build --workspace --bins
//! --lib` (the libraries: Coursidor's client library is one) with the
//! test's own profile and target directory (a no-op when they are up to
//! date, as under `make test`), under the cargo that runs the tests.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Where the test executable's profile puts binaries
/// (`target/PROFILE/deps/TEST-HASH` → `target/PROFILE`).
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("the test executable lives in target/PROFILE/deps")
        .to_owned()
}

/// Builds every binary of the workspace once per test process.
fn build_once() {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = profile_dir();
        let target = dir.parent().expect("a target directory");
        let profile = match dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") | None => "dev".to_owned(),
            Some(other) => other.to_owned(),
        };
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the workspace root");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(&cargo)
            .current_dir(workspace)
            .args([
                "build",
                "--quiet",
                "--workspace",
                "--bins",
                "--lib",
                "--profile",
            ])
            .arg(&profile)
            .arg("--target-dir")
            .arg(target)
            .status()
            .unwrap_or_else(|e| panic!("cannot run {cargo:?} to build the binaries: {e}"));
        assert!(
            status.success(),
            "`cargo build --workspace --bins --lib --profile {profile}` failed"
        );
    });
}

/// The path of the file `name` the workspace builds beside its binaries (a
/// shared library: `libcoursidor_player.so`), built if need be.
pub fn workspace_file(name: &str) -> PathBuf {
    build_once();
    let path = profile_dir().join(name);
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// The path of the workspace binary `name`, built if need be.
pub fn workspace_bin(name: &str) -> PathBuf {
    build_once();
    let path = profile_dir().join(name);
    assert!(path.is_file(), "{} was not built", path.display());
    path
}
