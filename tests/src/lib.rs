//! End-to-end tests of the real binaries (filled by a later issue).
