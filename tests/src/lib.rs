//! End-to-end tests of the real binaries: the `scripted-player` program
//! (`src/bin/scripted-player.rs`), which plays a script of commands and
//! records every byte it receives, and the suite in `tests/e2e/`, which runs
//! the real `referee` against it.
