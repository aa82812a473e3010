//! The results file: one JSON line per finished game, appended as games
//! end, locked against a second tournament writing to it, and read back on
//! resume.
//!
//! Each line is written with a single `write` as its game ends, so a
//! killed tournament leaves only complete lines, and a machine crash at
//! worst a truncated *last* line; that line is dropped (the game is then
//! played again) and any other unreadable line is an error naming it.
//!
//! Lines reach the disk through a background thread that calls
//! `fdatasync` whenever lines were added: syncing in the dispatcher would
//! delay the start of the next game by the disk's latency (about 20% of
//! the time of a short game). A machine crash can therefore lose the last
//! few results, which a resume plays again; closing the file syncs it.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;

use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg};
use thiserror::Error;

use crate::results::record::{self, GameRecord};
use crate::results::verdict::Verdict;

/// A record read back from the file, with its checked verdict.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// 1-based line number in the file.
    pub line: usize,
    /// The record.
    pub record: GameRecord,
    /// Its verdict, checked.
    pub verdict: Verdict,
}

/// What was read from an existing file.
#[derive(Debug, Default)]
pub struct Contents {
    /// Every record, in file order.
    pub records: Vec<Loaded>,
    /// The line number of a truncated last line that was dropped, if any.
    pub dropped_line: Option<usize>,
    /// Lines the file holds (after dropping a truncated last line).
    pub lines: usize,
}

/// An open, locked results file, positioned for appending.
#[derive(Debug)]
pub struct ResultsFile {
    file: Arc<Flock<File>>,
    path: PathBuf,
    syncer: Option<Syncer>,
    /// Lines in the file.
    lines: usize,
}

/// The background thread that syncs appended lines to disk.
#[derive(Debug)]
struct Syncer {
    shared: Arc<(Mutex<SyncState>, Condvar)>,
    thread: JoinHandle<()>,
}

#[derive(Debug, Default)]
struct SyncState {
    /// Lines were written since the last sync.
    dirty: bool,
    /// The file is being closed: sync what is left and stop.
    closing: bool,
    /// The first sync failure, reported by the next append or the close.
    error: Option<std::io::Error>,
}

impl Syncer {
    fn start(file: Arc<Flock<File>>) -> Syncer {
        let shared = Arc::new((Mutex::new(SyncState::default()), Condvar::new()));
        let theirs = Arc::clone(&shared);
        let thread = std::thread::spawn(move || {
            let (state, wake) = &*theirs;
            let mut guard = state.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                if guard.dirty {
                    guard.dirty = false;
                    drop(guard);
                    let result = file.sync_data();
                    guard = state.lock().unwrap_or_else(PoisonError::into_inner);
                    if let Err(e) = result {
                        guard.error.get_or_insert(e);
                    }
                } else if guard.closing {
                    return;
                } else {
                    guard = wake.wait(guard).unwrap_or_else(PoisonError::into_inner);
                }
            }
        });
        Syncer { shared, thread }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, SyncState> {
        self.shared.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Notes new lines; returns an earlier sync failure, if any.
    fn written(&self) -> Result<(), std::io::Error> {
        let mut state = self.state();
        if let Some(e) = state.error.take() {
            return Err(e);
        }
        state.dirty = true;
        self.shared.1.notify_one();
        Ok(())
    }

    /// Syncs what is left, stops the thread, and returns any failure.
    fn stop(self) -> Result<(), std::io::Error> {
        {
            let mut state = self.state();
            state.closing = true;
            self.shared.1.notify_one();
        }
        let Syncer { shared, thread } = self;
        let _ = thread.join();
        let error = shared
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .error
            .take();
        match error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Why the results file could not be used.
#[derive(Debug, Error)]
pub enum ResultsError {
    /// Opening, reading, writing or syncing failed.
    #[error("results file `{}`: {action}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What was being done.
        action: &'static str,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// Another process holds the lock.
    #[error("results file `{}` is in use by another tournament", .0.display())]
    Locked(PathBuf),
    /// A line (not a truncated last one) is not a valid record.
    #[error("results file `{}`, line {line}: {message}", .path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// A record could not be serialised.
    #[error("cannot serialise the result of game {id}")]
    Serialise {
        /// The game.
        id: String,
        /// The serialiser's error.
        #[source]
        source: serde_json::Error,
    },
}

impl ResultsFile {
    /// Opens (creating it and its directory if needed) and locks the file,
    /// reads its records, and drops a truncated last line.
    pub fn open(path: &Path) -> Result<(ResultsFile, Contents), ResultsError> {
        let io = |action| {
            let path = path.to_owned();
            move |source| ResultsError::Io {
                path,
                action,
                source,
            }
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io("cannot create its directory"))?;
        }
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io("cannot open"))?;
        let mut file = match Flock::lock(file, FlockArg::LockExclusiveNonblock) {
            Ok(locked) => locked,
            Err((_, Errno::EWOULDBLOCK)) => return Err(ResultsError::Locked(path.to_owned())),
            Err((_, errno)) => return Err(io("cannot lock")(errno.into())),
        };
        let mut data = Vec::new();
        file.seek(SeekFrom::Start(0))
            .and_then(|_| file.read_to_end(&mut data))
            .map_err(io("cannot read"))?;
        let (contents, repair) = parse(path, &data)?;
        match repair {
            Repair::None => {}
            Repair::Truncate(len) => file.set_len(len).map_err(io("cannot truncate"))?,
            // A complete last record without its newline: add the newline
            // so the next record starts on a line of its own.
            Repair::Newline => file.write_all(b"\n").map_err(io("cannot write"))?,
        }
        if !matches!(repair, Repair::None) {
            file.sync_data().map_err(io("cannot sync"))?;
        }
        let file = Arc::new(file);
        let results = ResultsFile {
            syncer: Some(Syncer::start(Arc::clone(&file))),
            file,
            path: path.to_owned(),
            lines: contents.lines,
        };
        Ok((results, contents))
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one record as one line and returns its line number; the line
    /// is synced to disk in the background (a failure to sync is reported
    /// by a later call).
    pub fn append(&mut self, record: &GameRecord) -> Result<usize, ResultsError> {
        let mut line = serde_json::to_vec(record).map_err(|source| ResultsError::Serialise {
            id: record.id.clone(),
            source,
        })?;
        line.push(b'\n');
        // One write of the whole line (the file is in append mode): a crash
        // leaves either nothing or a prefix of this line at the end.
        let io = |action| {
            let path = self.path.clone();
            move |source| ResultsError::Io {
                path,
                action,
                source,
            }
        };
        (&**self.file)
            .write_all(&line)
            .map_err(io("cannot write"))?;
        self.lines += 1;
        if let Some(syncer) = &self.syncer {
            syncer.written().map_err(io("cannot sync"))?;
        }
        Ok(self.lines)
    }

    /// Syncs every line to disk, and closes and unlocks the file.
    pub fn close(mut self) -> Result<(), ResultsError> {
        let path = self.path.clone();
        let io = |source| ResultsError::Io {
            path: path.clone(),
            action: "cannot sync",
            source,
        };
        if let Some(syncer) = self.syncer.take() {
            syncer.stop().map_err(io)?;
        }
        self.file.sync_data().map_err(io)
    }
}

impl Drop for ResultsFile {
    /// Closing without [`ResultsFile::close`] still syncs, best effort.
    fn drop(&mut self) {
        if let Some(syncer) = self.syncer.take() {
            let _ = syncer.stop();
        }
    }
}

/// How the end of the file must be fixed before appending.
#[derive(Debug, PartialEq, Eq)]
enum Repair {
    None,
    /// Cut the file to this length (a truncated last line).
    Truncate(u64),
    /// Add a final newline.
    Newline,
}

fn parse(path: &Path, data: &[u8]) -> Result<(Contents, Repair), ResultsError> {
    let mut contents = Contents::default();
    let mut repair = Repair::None;
    let mut start = 0;
    let mut line_no = 0;
    while start < data.len() {
        line_no += 1;
        let (line, terminated) = match data[start..].iter().position(|&b| b == b'\n') {
            Some(n) => (&data[start..start + n], true),
            None => (&data[start..], false),
        };
        let line_start = start;
        start += line.len() + 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            // Blank lines carry nothing; an editor may have added one.
            if !terminated {
                repair = Repair::Newline;
            }
            continue;
        }
        match parse_line(line) {
            Ok((record, verdict)) => {
                contents.records.push(Loaded {
                    line: line_no,
                    record,
                    verdict,
                });
                if !terminated {
                    repair = Repair::Newline;
                }
            }
            // Only a line without its newline can be an interrupted write.
            Err(_) if !terminated => {
                contents.dropped_line = Some(line_no);
                repair = Repair::Truncate(line_start as u64);
                line_no -= 1;
            }
            Err(message) => {
                return Err(ResultsError::Corrupt {
                    path: path.to_owned(),
                    line: line_no,
                    message,
                });
            }
        }
    }
    contents.lines = line_no;
    Ok((contents, repair))
}

fn parse_line(line: &[u8]) -> Result<(GameRecord, Verdict), String> {
    let record: GameRecord = serde_json::from_slice(line).map_err(|e| e.to_string())?;
    if record.schema != record::SCHEMA {
        return Err(format!(
            "unsupported record schema {} (this tournament writes schema {})",
            record.schema,
            record::SCHEMA
        ));
    }
    let verdict = Verdict::from_summary(record.verdict.clone())
        .map_err(|e| format!("game {}: {e}", record.id))?;
    Ok((record, verdict))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::spec::Program;
    use crate::results::record::Settings;
    use referee_schema::Summary;

    fn record(id: &str) -> GameRecord {
        let program = |name: &str| Program {
            name: name.into(),
            path: format!("/bin/{name}").into(),
            args: vec!["--seed".into(), "1".into()],
            protocol: None,
            time_limit_ms: None,
            content: None,
        };
        GameRecord {
            schema: record::SCHEMA,
            id: id.into(),
            pairing: vec!["a".into(), "b".into()],
            index: 0,
            players: vec![program("a"), program("b")],
            settings: Settings {
                game: "stratego".into(),
                game_options: vec![],
                time_limit_ms: 500,
                max_turns: 2000,
                referee_args: vec![],
                pairs: false,
            },
            started_unix_ms: 1,
            wall_ms: 2,
            log_dir: "logs/t/x".into(),
            verdict: Summary::from_json(
                r#"{"schema": 1, "winner": 0, "result": "1-0", "reason": "flag_captured"}"#,
            )
            .unwrap(),
        }
    }

    fn line(id: &str) -> String {
        serde_json::to_string(&record(id)).unwrap() + "\n"
    }

    fn open_with(text: &str) -> Result<(ResultsFile, Contents, tempfile::TempDir), ResultsError> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        std::fs::write(&path, text).unwrap();
        let (file, contents) = ResultsFile::open(&path)?;
        Ok((file, contents, dir))
    }

    fn ids(contents: &Contents) -> Vec<&str> {
        contents
            .records
            .iter()
            .map(|l| l.record.id.as_str())
            .collect()
    }

    #[test]
    fn appended_records_are_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/r.jsonl");
        {
            let (mut file, contents) = ResultsFile::open(&path).unwrap();
            assert!(contents.records.is_empty());
            file.append(&record("a+b+1")).unwrap();
            file.append(&record("a+b+2")).unwrap();
            file.close().unwrap();
        }
        let (mut file, contents) = ResultsFile::open(&path).unwrap();
        assert_eq!(ids(&contents), ["a+b+1", "a+b+2"]);
        assert_eq!(contents.records[1].line, 2);
        assert_eq!(contents.lines, 2);
        assert_eq!(file.append(&record("a+b+3")).unwrap(), 3);
        assert_eq!(contents.records[0].record, record("a+b+1"));
    }

    #[test]
    fn a_truncated_last_line_is_dropped_and_cut_off() {
        let full = line("a+b+1");
        let text = format!("{full}{}", &line("a+b+2")[..30]);
        let (mut file, contents, dir) = open_with(&text).unwrap();
        assert_eq!(ids(&contents), ["a+b+1"]);
        assert_eq!(contents.dropped_line, Some(2));
        assert_eq!(file.append(&record("a+b+3")).unwrap(), 2);
        drop(file);
        let text = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
        assert_eq!(text, format!("{full}{}", line("a+b+3")));
    }

    #[test]
    fn a_complete_last_line_without_newline_gets_one() {
        let text = format!("{}{}", line("a+b+1"), line("a+b+2").trim_end());
        let (mut file, contents, dir) = open_with(&text).unwrap();
        assert_eq!(ids(&contents), ["a+b+1", "a+b+2"]);
        assert_eq!(contents.dropped_line, None);
        file.append(&record("a+b+3")).unwrap();
        drop(file);
        let (_, contents) = ResultsFile::open(&dir.path().join("r.jsonl")).unwrap();
        assert_eq!(ids(&contents), ["a+b+1", "a+b+2", "a+b+3"]);
    }

    #[test]
    fn a_corrupt_line_elsewhere_is_an_error_naming_it() {
        let text = format!("{}\n{{\"garbage\n{}", line("a+b+1"), line("a+b+2"));
        let err = open_with(&text).unwrap_err();
        assert!(
            matches!(&err, ResultsError::Corrupt { line: 3, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("line 3:"), "{err}");
    }

    #[test]
    fn a_terminated_but_invalid_last_line_is_an_error() {
        let text = format!("{}not json\n", line("a+b+1"));
        assert!(matches!(
            open_with(&text).unwrap_err(),
            ResultsError::Corrupt { line: 2, .. }
        ));
    }

    #[test]
    fn an_invalid_verdict_is_an_error_naming_the_line() {
        let mut bad = record("a+b+1");
        bad.verdict = Summary::from_json(r#"{"winner": 3, "reason": "x"}"#).unwrap();
        let text = format!("{}\n", serde_json::to_string(&bad).unwrap());
        let err = open_with(&text).unwrap_err();
        assert_eq!(
            err.to_string().split("line 1: ").nth(1).unwrap(),
            "game a+b+1: invalid winner 3 (expected a seat number or null)"
        );
    }

    #[test]
    fn a_line_written_before_games_had_names_still_reads() {
        // Schema 1 as the two-player tournament wrote it: no game, arrays of
        // two, the verdict without `game` or `points`.
        let old = r#"{"schema":1,"id":"a+b+1","pairing":["a","b"],"index":0,"players":[{"name":"a","path":"/bin/a","args":[]},{"name":"b","path":"/bin/b","args":["--seed","1"]}],"settings":{"time_limit_ms":500,"max_turns":2000,"referee_args":[]},"started_unix_ms":1,"wall_ms":2,"log_dir":"logs/t/a+b+1","verdict":{"schema":1,"winner":1,"result":"0-1","reason":"timeout","players":[{"program":"/bin/a","failure":"timeout","timeouts":1},{"program":"/bin/b"}]}}"#;
        let (_file, contents, _dir) = open_with(&format!("{old}\n")).unwrap();
        let loaded = &contents.records[0];
        assert_eq!(loaded.record.settings.game, "stratego");
        assert!(loaded.record.settings.game_options.is_empty());
        assert_eq!(loaded.record.players.len(), 2);
        assert_eq!(loaded.verdict.outcome, referee_schema::Outcome::win(1, 2));
        assert_eq!(loaded.verdict.summary.players[0].timeouts, 1);
    }

    #[test]
    fn a_second_opener_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let _first = ResultsFile::open(&path).unwrap();
        assert!(matches!(
            ResultsFile::open(&path),
            Err(ResultsError::Locked(_))
        ));
    }
}
