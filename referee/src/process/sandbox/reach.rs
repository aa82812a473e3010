//! What a jail shows of the places it hides, so that its program still
//! runs: the program, its `#!` interpreter, the files and directories its
//! arguments name, its working directory and the directories the user
//! binds (`--sandbox-bind`).
//!
//! Two kinds of places are hidden. The machine's `/tmp` and `/var/tmp`
//! become private and empty (other users' files, and the sockets and
//! FIFOs of the machine's services there, are not the player's to
//! reach): an entry of theirs on the way to what the program needs is
//! bound back, whole. And, when a seat runs as a uid of its own (the
//! referee is root), a directory that uid may not search: it is not opened
//! to the seat (its other entries may be anyone's secrets, `/root/.ssh`);
//! it is *masked* by an empty read-only `tmpfs` holding only the entries
//! on the way — unless it is the directory that holds what is needed (a
//! program in a `mktemp -d` directory, beside the files it reads), which
//! is bound whole, read-only, with its owner's files shown as the seat's
//! (an ID-mapped mount). A directory bound by the user is shown whole the
//! same way.
//!
//! This module only decides ([`Reach::plan`]); `jail` turns the steps
//! into mounts, and refuses a start whose needs cannot be met.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Something the program needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Need {
    /// Its absolute path, as the program names it.
    pub path: PathBuf,
    /// What it is to the program.
    pub what: Needed,
}

/// How a need is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Needed {
    /// A file it reads (4), executes (1) or both: its directory is shown
    /// whole.
    File(u32),
    /// A directory it uses whole (an argument, a `--sandbox-bind`);
    /// `writable`: bound read-write.
    Dir { writable: bool },
    /// The working directory: with `overlay`, the jail covers it with a
    /// layer of its own (its top the seat's), so only its path must exist.
    WorkDir { overlay: bool },
}

/// One step of showing what is needed, in the order to take them
/// (parents first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Makes a mount point at `path`, in a hidden directory: a directory
    /// or an empty file.
    Point { path: PathBuf, dir: bool },
    /// Makes the symbolic link `path` (in a hidden directory) to `target`,
    /// as on the machine.
    Link { path: PathBuf, target: PathBuf },
    /// Covers the directory `path` with an empty `tmpfs`, read-only once
    /// its points are made: it is closed to the seat, and only the
    /// entries on the way are shown.
    Mask { path: PathBuf },
    /// Binds the machine's `path` (opened before anything was hidden) on
    /// itself, read-only unless `writable`; with `owner`, that uid and gid
    /// are shown as the seat's (an ID-mapped bind).
    Bind {
        path: PathBuf,
        dir: bool,
        writable: bool,
        owner: Option<(u32, u32)>,
    },
}

/// Why a need cannot be met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unreachable {
    /// What is needed.
    pub needed: PathBuf,
    /// Why not, and what fixes it.
    pub why: String,
}

/// The steps that show a jail what its program needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Reach {
    /// In order.
    pub steps: Vec<Step>,
}

/// The seat's identity, for the permission checks (it has no
/// supplementary group).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seat {
    /// Its uid.
    pub uid: u32,
    /// Its gid.
    pub gid: u32,
}

impl Seat {
    /// Whether the seat has `bits` (4 read, 2 write, 1 execute or search)
    /// on a file of this owner and mode (mode bits only: no ACL).
    fn may(self, m: &std::fs::Metadata, bits: u32) -> bool {
        let mode = m.mode();
        let granted = if m.uid() == self.uid {
            mode >> 6
        } else if m.gid() == self.gid {
            mode >> 3
        } else {
            mode
        };
        granted & bits == bits
    }
}

impl Reach {
    /// The steps for `needs`, given the places hidden whole (`hidden`:
    /// `/tmp`, `/var/tmp`) and the seat's uid when it is not the user's
    /// own (`seat`: directories it may not search are then masked or
    /// bound with their owner mapped). A need that does not exist is
    /// skipped (its exec or open will say so).
    pub fn plan(
        hidden: &[PathBuf],
        seat: Option<Seat>,
        needs: &[Need],
    ) -> Result<Reach, Unreachable> {
        let mut r = Planner {
            hidden: hidden.to_vec(),
            seat,
            steps: Vec::new(),
        };
        for need in needs {
            r.walk(need)?;
        }
        Ok(Reach { steps: r.steps })
    }

    /// Whether a step maps owners (the machine must allow ID-mapped
    /// mounts).
    #[cfg(test)]
    pub fn needs_idmap(&self) -> bool {
        self.steps
            .iter()
            .any(|s| matches!(s, Step::Bind { owner: Some(_), .. }))
    }

    /// Whether a step masks a directory closed to the seat.
    #[cfg(test)]
    pub fn masks(&self) -> bool {
        self.steps.iter().any(|s| matches!(s, Step::Mask { .. }))
    }

    /// Whether `path` is shown as a mount point of these steps (a new
    /// name there would collide with it).
    pub fn shows(&self, path: &Path) -> bool {
        self.steps.iter().any(|s| match s {
            Step::Point { path: p, .. } | Step::Link { path: p, .. } => p == path,
            _ => false,
        })
    }
}

struct Planner {
    /// Directories whose entries are not shown unless needed.
    hidden: Vec<PathBuf>,
    seat: Option<Seat>,
    steps: Vec<Step>,
}

impl Planner {
    fn is_hidden(&self, dir: &Path) -> bool {
        self.hidden.iter().any(|h| h == dir)
    }

    /// Adds `step` unless it is there; a bind met again with an owner to
    /// map, or writable, is upgraded.
    fn add(&mut self, step: Step) {
        if let Step::Bind {
            path,
            writable,
            owner,
            ..
        } = &step
        {
            for s in &mut self.steps {
                if let Step::Bind {
                    path: p,
                    writable: w,
                    owner: o,
                    ..
                } = s
                {
                    if p == path {
                        *w |= *writable;
                        if o.is_none() {
                            *o = *owner;
                        }
                        return;
                    }
                }
            }
        }
        if !self.steps.contains(&step) {
            self.steps.push(step);
        }
    }

    /// Adds the steps that show every place the kernel passes on its way
    /// to `need` ([`resolve`]), and what is needed at its end.
    fn walk(&mut self, need: &Need) -> Result<(), Unreachable> {
        let way = resolve(&need.path);
        for place in &way.places {
            let path = &place.path;
            let meta = &place.meta;
            let dir = path.parent().unwrap_or(Path::new("/"));
            let hidden_parent = self.is_hidden(dir);
            if let Some(target) = &place.link {
                if hidden_parent {
                    self.add(Step::Link {
                        path: path.clone(),
                        target: target.clone(),
                    });
                }
                continue;
            }
            let last = way.end.as_deref() == Some(path.as_path());
            let is_dir = meta.is_dir();
            // The directory that holds what is needed, or the directory
            // needed itself: shown whole.
            let whole = match need.what {
                Needed::File(_) => {
                    way.end.as_deref().and_then(Path::parent) == Some(path.as_path())
                }
                Needed::Dir { .. } | Needed::WorkDir { .. } => last,
            };
            let closed = is_dir && self.seat.is_some_and(|s| !s.may(meta, 1));
            if hidden_parent {
                self.add(Step::Point {
                    path: path.clone(),
                    dir: is_dir,
                });
            }
            let writable = matches!(need.what, Needed::Dir { writable: true }) && last;
            let overlaid = matches!(need.what, Needed::WorkDir { overlay: true }) && last;
            if closed && !whole {
                self.add(Step::Mask { path: path.clone() });
                self.hidden.push(path.clone());
            } else if closed && !overlaid {
                self.add(Step::Bind {
                    path: path.clone(),
                    dir: true,
                    writable,
                    owner: Some((meta.uid(), meta.gid())),
                });
            } else if hidden_parent || writable {
                self.add(Step::Bind {
                    path: path.clone(),
                    dir: is_dir,
                    writable,
                    owner: None,
                });
            }
            if last {
                if let (Needed::File(bits), Some(seat)) = (need.what, self.seat) {
                    let mapped = self.owner_mapped(dir, meta);
                    if !mapped && !seat.may(meta, bits) {
                        let fix = if bits & 1 != 0 { "o+rx" } else { "o+r" };
                        return Err(Unreachable {
                            needed: path.clone(),
                            why: format!(
                                "its mode is {:o}, closed to others: chmod {fix} {}",
                                meta.mode() & 0o777,
                                path.display()
                            ),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether `dir` is bound with the owner of `file` shown as the seat.
    fn owner_mapped(&self, dir: &Path, file: &std::fs::Metadata) -> bool {
        self.steps.iter().any(|s| match s {
            Step::Bind {
                path,
                owner: Some((uid, gid)),
                ..
            } => path == dir && *uid == file.uid() && *gid == file.gid(),
            _ => false,
        })
    }
}

/// A place the kernel passes through, with what it is (not followed,
/// when it is a symbolic link).
struct Place {
    path: PathBuf,
    meta: std::fs::Metadata,
    /// A symbolic link's target, as read once: the link made in the jail
    /// is the one the way followed.
    link: Option<PathBuf>,
}

/// The places on the way to a path, in the kernel's order.
struct Way {
    /// Each directory entered, link read and the file at the end, as met:
    /// a name walked back out of by `..` was met all the same (it must
    /// exist in the jail for the kernel to pass it).
    places: Vec<Place>,
    /// Where the way ends, its links followed and its `..` taken: a place
    /// met, or a name missing from the last directory (a file the program
    /// will make); `None` when a directory on the way is missing, or a
    /// link cannot be followed.
    end: Option<PathBuf>,
}

/// How many symbolic links a way may follow, as Linux's `MAXSYMLINKS`:
/// past it the kernel says `ELOOP`, and so the way ends there.
const MAX_LINKS: usize = 40;

/// The way the kernel resolves the absolute `path`: name by name from the
/// root, `..` going back from where the walk is (not lexically: after a
/// link, `..` is the parent of its target), each symbolic link replaced by
/// its target.
fn resolve(path: &Path) -> Way {
    use std::ffi::OsString;
    let names =
        |p: &Path| -> Vec<OsString> { p.components().map(|c| c.as_os_str().to_owned()).collect() };
    let mut todo: std::collections::VecDeque<OsString> = names(path).into();
    let mut places = Vec::new();
    let mut dir = PathBuf::from("/");
    let mut links = 0;
    while let Some(name) = todo.pop_front() {
        // A component is "/" only as the root, ".." and "." only as
        // themselves: no file name is any of them.
        if name == "/" {
            dir = PathBuf::from("/");
            continue;
        }
        if name == ".." {
            dir.pop();
            continue;
        }
        if name == "." {
            continue;
        }
        let path = dir.join(&name);
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            let end = todo.iter().all(|n| n == ".").then_some(path);
            return Way { places, end };
        };
        if meta.file_type().is_symlink() {
            links += 1;
            let target = std::fs::read_link(&path);
            places.push(Place {
                path,
                meta,
                link: Some(target.as_ref().cloned().unwrap_or_default()),
            });
            match target {
                Ok(target) if links <= MAX_LINKS => {
                    for n in names(&target).into_iter().rev() {
                        todo.push_front(n);
                    }
                }
                _ => return Way { places, end: None },
            }
            continue;
        }
        places.push(Place {
            path: path.clone(),
            meta,
            link: None,
        });
        dir = path;
    }
    Way {
        places,
        end: Some(dir),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn chmod(p: &Path, mode: u32) {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    /// A tree: ROOT/open (755) / closed (700) / inner (755) / prog (755),
    /// and ROOT/box (700) / bot (755), with ROOT standing for a hidden
    /// place (`/tmp`).
    fn tree() -> (tempfile::TempDir, PathBuf) {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().to_path_buf();
        chmod(&root, 0o755);
        let inner = root.join("open/closed/inner");
        std::fs::create_dir_all(&inner).unwrap();
        std::fs::write(inner.join("prog"), "#!/bin/sh\n").unwrap();
        chmod(&inner.join("prog"), 0o755);
        chmod(&root.join("open"), 0o755);
        chmod(&root.join("open/closed"), 0o700);
        chmod(&inner, 0o755);
        std::fs::create_dir(root.join("box")).unwrap();
        std::fs::write(root.join("box/bot"), "#!/bin/sh\n").unwrap();
        chmod(&root.join("box/bot"), 0o755);
        chmod(&root.join("box"), 0o700);
        (t, root)
    }

    /// `root` as the one place hidden whole.
    fn hidden(root: &Path) -> Vec<PathBuf> {
        vec![root.to_path_buf()]
    }

    const STRANGER: Seat = Seat {
        uid: 0x7fff_0001,
        gid: 0x7fff_0001,
    };

    fn need(path: PathBuf, what: Needed) -> Need {
        Need { path, what }
    }

    fn file(p: PathBuf) -> Need {
        need(p, Needed::File(5))
    }

    /// The plan that shows `seat` the program `root/prog`, `root` hidden.
    fn plan_to(root: &Path, seat: Option<Seat>, prog: &str) -> Reach {
        Reach::plan(&hidden(root), seat, &[file(root.join(prog))]).unwrap()
    }

    #[test]
    fn a_closed_directory_on_the_way_is_masked_and_the_programs_own_is_bound() {
        let (_t, root) = tree();
        let r = plan_to(&root, Some(STRANGER), "open/closed/inner/prog");
        let open = root.join("open");
        let closed = open.join("closed");
        let inner = closed.join("inner");
        assert_eq!(
            r.steps,
            [
                Step::Point {
                    path: open.clone(),
                    dir: true
                },
                Step::Bind {
                    path: open.clone(),
                    dir: true,
                    writable: false,
                    owner: None
                },
                Step::Mask {
                    path: closed.clone()
                },
                Step::Point {
                    path: inner.clone(),
                    dir: true
                },
                Step::Bind {
                    path: inner,
                    dir: true,
                    writable: false,
                    owner: None
                },
            ]
        );
        assert!(r.masks() && !r.needs_idmap());
    }

    #[test]
    fn a_closed_directory_holding_the_program_is_bound_with_its_owner_mapped() {
        let (_t, root) = tree();
        let me = std::fs::metadata(&root).unwrap();
        let r = plan_to(&root, Some(STRANGER), "box/bot");
        let b = root.join("box");
        assert_eq!(
            r.steps,
            [
                Step::Point {
                    path: b.clone(),
                    dir: true
                },
                Step::Bind {
                    path: b,
                    dir: true,
                    writable: false,
                    owner: Some((me.uid(), me.gid()))
                },
            ]
        );
        assert!(r.needs_idmap());
        // The user's own uid needs nothing but the bind out of the hidden place.
        let own = Seat {
            uid: me.uid(),
            gid: me.gid(),
        };
        let r = plan_to(&root, Some(own), "box/bot");
        assert!(!r.needs_idmap());
    }

    #[test]
    fn a_file_closed_to_the_seat_in_an_open_directory_is_refused_with_the_fix() {
        let (_t, root) = tree();
        let secret = root.join("open/secret");
        std::fs::write(&secret, "x").unwrap();
        chmod(&secret, 0o700);
        let e = Reach::plan(&[], Some(STRANGER), &[file(secret.clone())]).unwrap_err();
        assert_eq!(e.needed, secret);
        assert!(
            e.why
                .contains("its mode is 700, closed to others: chmod o+rx"),
            "{}",
            e.why
        );
    }

    #[test]
    fn a_symbolic_link_in_a_hidden_place_is_made_again_and_its_target_followed() {
        let (_t, root) = tree();
        let link = root.join("link");
        std::os::unix::fs::symlink(root.join("open/closed/inner"), &link).unwrap();
        let r = plan_to(&root, Some(STRANGER), "link/prog");
        assert!(r.steps.contains(&Step::Link {
            path: link,
            target: root.join("open/closed/inner")
        }));
        assert!(r.steps.contains(&Step::Mask {
            path: root.join("open/closed")
        }));
    }

    #[test]
    fn every_directory_a_dot_dot_walks_back_out_of_is_made_in_the_jail() {
        // As `mktemp -d`/tests/../examples/script: the kernel enters
        // `tests` before it goes back, so `tests` must be in the mask.
        let (_t, root) = tree();
        let b = root.join("box");
        std::fs::create_dir(b.join("tests")).unwrap();
        std::fs::create_dir(b.join("examples")).unwrap();
        std::fs::write(b.join("examples/f"), "x").unwrap();
        let needs = [need(b.join("tests/../examples/f"), Needed::File(4))];
        let r = Reach::plan(&hidden(&root), Some(STRANGER), &needs).unwrap();
        assert!(r.steps.contains(&Step::Mask { path: b.clone() }), "{r:?}");
        assert!(r.shows(&b.join("tests")), "{r:?}");
        // The file's directory is the one it is in.
        assert!(r.steps.contains(&Step::Bind {
            path: b.join("examples"),
            dir: true,
            writable: false,
            owner: None
        }));
        // A directory named with a trailing `..` is its parent.
        let needs = [need(b.join("tests/.."), Needed::Dir { writable: false })];
        let r = Reach::plan(&hidden(&root), Some(STRANGER), &needs).unwrap();
        assert!(r.needs_idmap() && !r.masks(), "{r:?}");
    }

    #[test]
    fn a_dot_dot_after_a_symbolic_link_goes_back_from_its_target() {
        // open/link -> open/closed/inner: link/../inner/prog is
        // open/closed/inner/prog to the kernel, open/inner/prog lexically.
        let (_t, root) = tree();
        let link = root.join("open/link");
        std::os::unix::fs::symlink(root.join("open/closed/inner"), &link).unwrap();
        let needs = [file(link.join("../inner/prog"))];
        let r = Reach::plan(&hidden(&root), Some(STRANGER), &needs).unwrap();
        assert!(r.steps.contains(&Step::Mask {
            path: root.join("open/closed")
        }));
        assert!(r.steps.contains(&Step::Bind {
            path: root.join("open/closed/inner"),
            dir: true,
            writable: false,
            owner: None
        }));
        // A loop of links ends the way; nothing past it is shown.
        let a = root.join("a");
        std::os::unix::fs::symlink(root.join("b"), &a).unwrap();
        std::os::unix::fs::symlink(&a, root.join("b")).unwrap();
        let r = Reach::plan(&hidden(&root), Some(STRANGER), &[file(a.join("x"))]).unwrap();
        assert_eq!(r.steps.len(), 2, "{r:?}");
    }

    #[test]
    fn the_working_directory_under_its_overlay_needs_only_its_path() {
        let (_t, root) = tree();
        let needs = [need(root.join("box"), Needed::WorkDir { overlay: true })];
        let r = Reach::plan(&hidden(&root), Some(STRANGER), &needs).unwrap();
        assert!(!r.needs_idmap(), "{r:?}");
        assert!(r.shows(&root.join("box")));
        let needs = [need(root.join("box"), Needed::WorkDir { overlay: false })];
        assert!(
            Reach::plan(&[root], Some(STRANGER), &needs)
                .unwrap()
                .needs_idmap()
        );
    }

    #[test]
    fn without_a_seat_uid_only_the_hidden_places_matter() {
        let (_t, root) = tree();
        let r = plan_to(&root, None, "open/closed/inner/prog");
        assert_eq!(r.steps.len(), 2, "{r:?}");
        assert!(
            Reach::plan(&[], None, &[file(root.join("box/bot"))])
                .unwrap()
                .steps
                .is_empty()
        );
        // A need that does not exist adds nothing.
        assert!(plan_to(&root, None, "nope/x").steps.is_empty());
    }

    #[test]
    fn a_directory_bound_writable_is_bound_even_where_nothing_hides_it() {
        let (_t, root) = tree();
        let needs = [need(root.join("open"), Needed::Dir { writable: true })];
        let r = Reach::plan(&[], Some(STRANGER), &needs).unwrap();
        assert_eq!(
            r.steps,
            [Step::Bind {
                path: root.join("open"),
                dir: true,
                writable: true,
                owner: None
            }]
        );
    }
}
