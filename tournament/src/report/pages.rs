//! The games' records read back at the end: every move's reply time (for
//! the median, which verdicts do not give) and each game's page of the
//! referee's viewer, written in its log directory for the HTML report to
//! link to.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use games::Registry;
use referee_schema::Record;

use crate::plan::job::GAME_RECORD;
use crate::results::tally::{GameEntry, Tally};

/// The viewer's page in a game's log directory.
pub const VIEWER_PAGE: &str = "view.html";

/// What became of a counted game's viewer page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Page {
    /// The page, written now or by an earlier run.
    Written(PathBuf),
    /// Not asked for (`--no-game-pages`).
    Skipped,
    /// The record could not be read or replayed: why.
    Failed(String),
}

/// Reads the record of every game `tally` counted (through
/// `referee-schema`'s [`Record`]), adds each move's reply time to its
/// program's, and with `write` writes each game's viewer page (replayed
/// with the games of `R`) unless one newer than the record is there
/// already (a finished game's record does not change; a game played again
/// writes a new one). Returns each game's page, in the tally's order.
pub fn read_records<R: Registry>(tally: &mut Tally, write: bool) -> Vec<Page> {
    let mut pages = Vec::with_capacity(tally.entries.len());
    for i in 0..tally.entries.len() {
        let entry = &tally.entries[i];
        let page = match read_record(entry) {
            Err(e) => Page::Failed(format!("{e:#}")),
            Ok((text, record)) => {
                for m in &record.moves {
                    if let Some(&program) = entry.seats.get(usize::from(m.player)) {
                        tally.stats[program].replies.add(m.reply_ms);
                    }
                }
                let entry = &tally.entries[i];
                if write {
                    write_page::<R>(&entry.log_dir, &text)
                        .unwrap_or_else(|e| Page::Failed(format!("{e:#}")))
                } else {
                    Page::Skipped
                }
            }
        };
        pages.push(page);
    }
    pages
}

fn read_record(entry: &GameEntry) -> anyhow::Result<(String, Record)> {
    let path = entry.log_dir.join(GAME_RECORD);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read the record {}", path.display()))?;
    let record = Record::from_json(&text)
        .with_context(|| format!("{} is not a record of the referee", path.display()))?;
    Ok((text, record))
}

fn write_page<R: Registry>(dir: &Path, text: &str) -> anyhow::Result<Page> {
    let path = dir.join(VIEWER_PAGE);
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let page = modified(&path);
    if page.is_none() || page < modified(&dir.join(GAME_RECORD)) {
        let replay = referee::replay::judge::<R>(text, false)
            .with_context(|| format!("{} cannot be replayed", dir.join(GAME_RECORD).display()))?;
        std::fs::write(&path, referee::replay::page(&replay))
            .with_context(|| format!("cannot write the page {}", path.display()))?;
    }
    Ok(Page::Written(path))
}

/// `target` as a link from a page in directory `from`: relative when both
/// are on one file system tree (always, for absolute paths), each byte
/// that a URL's path may not hold percent-encoded.
pub fn link(from: &Path, target: &Path) -> String {
    let absolute = |p: &Path| {
        std::path::absolute(p)
            .map(|p| {
                let mut clean = PathBuf::new();
                for c in p.components() {
                    match c {
                        std::path::Component::ParentDir => {
                            clean.pop();
                        }
                        std::path::Component::CurDir => {}
                        c => clean.push(c),
                    }
                }
                clean
            })
            .unwrap_or_else(|_| p.to_owned())
    };
    let (from, target) = (absolute(from), absolute(target));
    let common = from
        .components()
        .zip(target.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut parts: Vec<String> = from
        .components()
        .skip(common)
        .map(|_| "..".to_owned())
        .collect();
    parts.extend(
        target
            .components()
            .skip(common)
            .map(|c| encode(&c.as_os_str().to_string_lossy())),
    );
    parts.join("/")
}

/// A path segment for a URL: unreserved characters as they are, the rest
/// percent-encoded.
fn encode(segment: &str) -> String {
    let mut out = String::new();
    for b in segment.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~+".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_made_again_only_when_its_record_is_newer() {
        let dir = tempfile::tempdir().unwrap();
        let (record, page) = (dir.path().join(GAME_RECORD), dir.path().join(VIEWER_PAGE));
        let set = |path: &Path, secs: u64| {
            let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
            std::fs::File::options()
                .write(true)
                .open(path)
                .unwrap()
                .set_modified(t)
                .unwrap();
        };
        // Not a record: judging it fails, so a page kept is one not made.
        std::fs::write(&record, "{}").unwrap();
        std::fs::write(&page, "kept").unwrap();
        set(&record, 1_000);
        set(&page, 2_000);
        let written = write_page::<games::All>(dir.path(), "{}").unwrap();
        assert_eq!(written, Page::Written(page.clone()));
        assert_eq!(std::fs::read_to_string(&page).unwrap(), "kept");
        set(&record, 3_000);
        let e = write_page::<games::All>(dir.path(), "{}").unwrap_err();
        assert!(format!("{e:#}").contains("cannot be replayed"), "{e:#}");
        std::fs::remove_file(&page).unwrap();
        assert!(write_page::<games::All>(dir.path(), "{}").is_err());
    }

    #[test]
    fn links_are_relative_and_encoded() {
        assert_eq!(
            link(
                Path::new("/t/logs/x"),
                Path::new("/t/logs/x/a+b+1/view.html")
            ),
            "a+b+1/view.html"
        );
        assert_eq!(
            link(Path::new("/t/out"), Path::new("/t/logs/my x/a<b/view.html")),
            "../logs/my%20x/a%3Cb/view.html"
        );
        assert_eq!(
            link(Path::new("/t/./out/../logs"), Path::new("/t/logs/g/v.html")),
            "g/v.html"
        );
    }
}
