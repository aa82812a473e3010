//! The report of a match: the `--json` summary and the `--record` game,
//! as the types of `referee-schema` (`docs/json.md`).

use std::time::Duration;

use referee_schema::{DeadlineKill, ExitReport, Record, SandboxSettings, Summary, millis};
use serde::Serialize;

use crate::process::{ProcessEnd, Sandbox, SandboxStatus, WaitStatus, signal_name};

/// The exit of a player's (last) process, for JSON.
pub fn exit_report(e: &ProcessEnd) -> ExitReport {
    let (code, signal) = match e.status {
        Some(WaitStatus::Exited(c)) => (Some(c), None),
        Some(WaitStatus::Signaled(s)) => (None, Some(signal_name(s))),
        None => (None, None),
    };
    ExitReport {
        started: e.started,
        code,
        signal,
        killed_by_referee: e.killed_by.map(|k| k.as_str().to_owned()),
        text: e.to_string(),
        deadline_kill: e.deadline_kill.map(|k| DeadlineKill {
            signal_ms: millis(k.signal_sent),
            death_ms: k.death.map(millis),
            teardown_ms: k.teardown.map(millis),
        }),
        limit: e.limit.map(|l| l.name().to_owned()),
    }
}

/// The sandbox as it was, for JSON; `None` without one.
pub fn sandbox_settings(sandbox: &Sandbox, status: &SandboxStatus) -> Option<SandboxSettings> {
    if sandbox.is_off() {
        return None;
    }
    let l = &sandbox.limits;
    Some(SandboxSettings {
        layers: status.on.iter().map(|l| l.name().to_owned()).collect(),
        refused: status
            .notes
            .iter()
            .map(|(layer, why)| format!("{layer}: {why}"))
            .collect(),
        memory_bytes: l.memory,
        address_space_bytes: l.address_space,
        cpu_seconds: l.cpu_time.as_secs(),
        processes: l.processes,
        open_files: l.open_files,
        file_size_bytes: l.file_size,
        disk_bytes: l.disk,
    })
}

/// A game's record, whatever the types of its moves and setups.
pub trait RecordDocument: std::fmt::Debug {
    /// The `--record` document, indented.
    fn to_json_pretty(&self) -> String;
}

impl<M: Serialize + std::fmt::Debug, S: Serialize + std::fmt::Debug> RecordDocument
    for Record<M, S>
{
    fn to_json_pretty(&self) -> String {
        Record::to_json_pretty(self)
    }
}

/// The report of a match.
#[derive(Debug)]
pub struct MatchReport {
    /// The `--json` document.
    pub summary: Summary,
    /// The whole game, for `--record`.
    pub record: Box<dyn RecordDocument>,
    /// Wall-clock duration, from the start of the programs to the end of
    /// the cleanup.
    pub duration: Duration,
    /// The signal that interrupted the referee, if one did.
    pub interrupted_by: Option<i32>,
    /// How each seat's program ended, seat 0 first (`referee check`
    /// judges the ends beyond what the summary says).
    pub ends: Vec<ProcessEnd>,
}

impl MatchReport {
    /// The `--json` document, on one line.
    pub fn to_json(&self) -> String {
        self.summary.to_json()
    }

    /// The `--record` document, indented.
    pub fn record_json(&self) -> String {
        self.record.to_json_pretty()
    }
}
