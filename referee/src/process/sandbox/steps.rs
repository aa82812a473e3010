//! The steps of a jail's set-up as they are planned: each op with the
//! feature it belongs to (the one to turn off when the kernel refuses it),
//! and the descriptor slots the ops open onto.

use std::ffi::CString;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::sys::{self, Op};

/// What each op is part of: the feature to turn off when it fails.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Feature {
    /// The user namespace's maps.
    User,
    /// The mount namespace itself.
    Mount,
    /// The private `tmpfs`, `/tmp` and `/var/tmp`.
    PrivateTmp,
    /// The working directory's overlay.
    CwdOverlay,
    /// The read-only remount.
    ReadOnly,
    /// `/run` hidden.
    HideRun,
    /// The new `/proc`.
    Proc,
    /// The logs hidden.
    HideLogs,
    /// The minimal `/dev`.
    Dev,
    /// The fresh `/sys`.
    Sys,
    /// The jail's own cgroups under `/sys/fs/cgroup`.
    CgroupView,
    /// A directory closed to the seat, masked.
    Mask,
    /// A directory closed to the seat, bound with its owner mapped.
    Idmap,
}

/// The ops of a plan, with their features and the slots they open onto.
#[derive(Default)]
pub(crate) struct Builder {
    ops: Vec<Op>,
    owners: Vec<Feature>,
    reserved: Vec<OwnedFd>,
}

impl Builder {
    /// Adds `op`, part of `owner`.
    pub fn op(&mut self, owner: Feature, op: Op) {
        self.ops.push(op);
        self.owners.push(owner);
    }

    /// How many ops so far.
    pub fn len(&self) -> usize {
        self.ops.len()
    }

    /// A descriptor number for an op to open a file onto.
    pub fn slot(&mut self) -> std::io::Result<i32> {
        let fd = sys::reserve_fd()?;
        let n = fd.as_raw_fd();
        self.reserved.push(fd);
        Ok(n)
    }

    /// Keeps `fd` open until the clone (a descriptor the ops name).
    pub fn hold(&mut self, fd: OwnedFd) {
        self.reserved.push(fd);
    }

    /// The ops, their features, the descriptors to hold until the clone.
    pub fn finish(self) -> (Vec<Op>, Vec<Feature>, Vec<OwnedFd>) {
        (self.ops, self.owners, self.reserved)
    }
}

/// A C string of a literal without NUL.
pub(crate) fn c(s: &str) -> CString {
    CString::new(s).expect("no NUL in a literal")
}

/// A C string of a formatted text without NUL.
pub(crate) fn cstr(s: String) -> CString {
    CString::new(s).expect("no NUL in a formatted path")
}

/// A path as a C string (a path from the OS holds no NUL).
pub(crate) fn cpath(p: &Path) -> CString {
    CString::new(p.as_os_str().as_bytes()).unwrap_or_else(|_| c("/nonexistent"))
}
