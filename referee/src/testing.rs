//! Fixtures of the crate's unit tests.

use std::path::PathBuf;

/// A fresh temporary directory holding one file, `name`, of `text`: the
/// directory (removed when dropped) and the file's path.
pub(crate) fn temp_file(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}
