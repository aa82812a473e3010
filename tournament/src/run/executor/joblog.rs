//! GNU parallel's joblog: one tab-separated line per finished job —
//! sequence number, sshlogin, start time (seconds since the epoch), run
//! time (seconds), bytes sent and received, exit value, signal, and the
//! command. The Slurm batch script writes the same lines, so the games'
//! start times, run times and exit statuses are read the same way whatever
//! ran them.

use std::collections::HashMap;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// One finished job.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Its number in its job list (1-based).
    pub seq: u64,
    /// Where it ran (`:` is the local machine).
    pub host: String,
    /// When it started.
    pub started: SystemTime,
    /// How long it ran.
    pub runtime: Duration,
    /// Its exit value; -1 when GNU parallel killed it (Ctrl-C, timeout,
    /// lack of memory).
    pub exitval: i64,
    /// The signal that killed it, or 0.
    pub signal: i32,
    /// The command, as given in the job list.
    pub command: String,
}

impl Entry {
    /// Reads one joblog line (without its newline); `None` for the header
    /// line and for anything that is not a joblog line.
    pub fn parse(line: &str) -> Option<Entry> {
        let mut fields = line.splitn(9, '\t');
        let seq = fields.next()?.trim().parse().ok()?;
        let host = fields.next()?.to_owned();
        let started: f64 = fields.next()?.trim().parse().ok()?;
        let runtime: f64 = fields.next()?.trim().parse().ok()?;
        let _sent = fields.next()?;
        let _received = fields.next()?;
        let exitval = fields.next()?.trim().parse().ok()?;
        let signal = fields.next()?.trim().parse().ok()?;
        let command = fields.next()?.to_owned();
        if !(started.is_finite() && started >= 0.0 && runtime.is_finite() && runtime >= 0.0) {
            return None;
        }
        Some(Entry {
            seq,
            host,
            // Milliseconds, rounded: the joblog's three decimals exactly.
            started: UNIX_EPOCH + Duration::from_millis((started * 1000.0).round() as u64),
            runtime: Duration::from_millis((runtime * 1000.0).round() as u64),
            exitval,
            signal,
            command,
        })
    }

    /// The job's exit status as a wait status; `None` when GNU parallel
    /// killed it (exit value -1).
    pub fn status(&self) -> Option<ExitStatus> {
        if self.signal != 0 {
            return Some(ExitStatus::from_raw(self.signal & 0x7f));
        }
        if self.exitval < 0 {
            return None;
        }
        Some(ExitStatus::from_raw(((self.exitval & 0xff) as i32) << 8))
    }

    /// Whether the job succeeded.
    pub fn succeeded(&self) -> bool {
        self.exitval == 0 && self.signal == 0
    }
}

/// The complete lines of `text` read as entries, and the length of the
/// text they took (a last line without its newline is still being
/// written).
pub fn parse_complete(text: &str) -> (Vec<Entry>, usize) {
    let mut entries = Vec::new();
    let mut used = 0;
    for line in text.split_inclusive('\n') {
        let Some(line) = line.strip_suffix('\n') else {
            break;
        };
        used += line.len() + 1;
        entries.extend(Entry::parse(line));
    }
    (entries, used)
}

/// The joblogs of a tournament directory: GNU parallel's and those of the
/// Slurm array tasks.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = vec![dir.join(super::parallel::JOBLOG)];
    if let Ok(entries) = std::fs::read_dir(dir.join(super::slurm::DIR)) {
        let mut tasks: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("joblog."))
            })
            .collect();
        tasks.sort();
        found.extend(tasks);
    }
    found.retain(|p| p.is_file());
    found
}

/// The last successful entry of each command in the joblogs of `dir`, by
/// command. Unreadable files are skipped: the entries only add timings.
pub fn successes(dir: &Path) -> HashMap<String, Entry> {
    let mut by_command = HashMap::new();
    for file in files(dir) {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        for entry in parse_complete(&text).0 {
            if entry.succeeded() {
                by_command.insert(entry.command.clone(), entry);
            }
        }
    }
    by_command
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joblog_lines_are_read_and_the_header_is_skipped() {
        let text = "Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand\n\
                    2\t:\t1795711637.160\t     0.003\t0\t0\t3\t0\texit 3\n\
                    3\tssh -p 2 w\t1795711637.5\t     1.250\t0\t0\t0\t0\tcd /x && a\tb\n\
                    4\t:\t1795711638.0\t     0.1\t0\t0\t-1\t0\tslee";
        let (entries, used) = parse_complete(text);
        assert_eq!(entries.len(), 2);
        assert_eq!(used, text.rfind('\n').unwrap() + 1);
        let e = &entries[0];
        assert_eq!((e.seq, e.exitval, e.signal), (2, 3, 0));
        assert_eq!(e.status().unwrap().code(), Some(3));
        assert!(!e.succeeded());
        let e = &entries[1];
        assert_eq!(e.host, "ssh -p 2 w");
        assert_eq!(e.command, "cd /x && a\tb");
        assert_eq!(e.runtime, Duration::from_millis(1250));
        assert_eq!(
            e.started.duration_since(UNIX_EPOCH).unwrap().as_millis(),
            1_795_711_637_500
        );
        assert!(e.succeeded());
    }

    #[test]
    fn killed_jobs_have_a_signal_or_no_status() {
        let killed = Entry::parse("1\t:\t1.0\t1.0\t0\t0\t0\t9\tx").unwrap();
        assert_eq!(killed.status().unwrap().signal(), Some(9));
        let stopped = Entry::parse("1\t:\t1.0\t1.0\t0\t0\t-1\t0\tx").unwrap();
        assert_eq!(stopped.status(), None);
    }
}
