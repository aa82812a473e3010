//! The CPU time a child's program used, its children's included, read
//! once a reply has been awaited for a millisecond (`child::CPU_PROBE`)
//! and again when it is in (or at the deadline):
//! the counter of its jail's cgroup where it has one (cgroup v2's
//! `cpu.stat`, v1's `cpuacct.usage`), else `/proc/PID/stat` of the
//! program's own process (its threads, and the children it has reaped).
//! One small file, kept open and read again from its start, each time.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::time::Duration;

/// Where a child's CPU time is read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CpuSource {
    /// Its jail's cgroup: every process of the jail, to the nanosecond
    /// (v1) or microsecond (v2).
    Cgroup,
    /// `/proc/PID/stat` of its own process: its threads and reaped
    /// children, in clock ticks (10 ms on most machines).
    Proc,
}

impl CpuSource {
    /// A stable lowercase name (`cgroup`, `proc`).
    pub fn as_str(self) -> &'static str {
        match self {
            CpuSource::Cgroup => "cgroup",
            CpuSource::Proc => "proc",
        }
    }
}

/// The format of a counter file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Counter {
    /// cgroup v2's `cpu.stat`: a `usage_usec N` line.
    CpuStat,
    /// cgroup v1's `cpuacct.usage`: nanoseconds.
    CpuacctUsage,
    /// `/proc/PID/stat`: utime, stime, cutime and cstime in ticks of
    /// this many nanoseconds.
    ProcStat(u64),
}

/// An open counter.
#[derive(Debug)]
pub(crate) struct CpuMeter {
    file: File,
    counter: Counter,
}

impl CpuMeter {
    /// Opens the counter `path` of format `counter`; `None` if it cannot be
    /// opened (the process is gone, the cgroup has no such file).
    pub fn open(path: &Path, counter: Counter) -> Option<CpuMeter> {
        let file = File::open(path).ok()?;
        let meter = CpuMeter { file, counter };
        meter.read().map(|_| meter)
    }

    /// The meter of process `pid`'s `/proc/PID/stat`.
    pub fn of_process(pid: i32) -> Option<CpuMeter> {
        let tick = super::sys::clock_tick_ns()?;
        CpuMeter::open(
            Path::new(&format!("/proc/{pid}/stat")),
            Counter::ProcStat(tick),
        )
    }

    /// Where it reads.
    pub fn source(&self) -> CpuSource {
        match self.counter {
            Counter::ProcStat(_) => CpuSource::Proc,
            Counter::CpuStat | Counter::CpuacctUsage => CpuSource::Cgroup,
        }
    }

    /// The CPU time counted so far; `None` if the file cannot be read
    /// (the process was reaped) or is not as expected.
    pub fn read(&self) -> Option<Duration> {
        let mut buf = [0u8; 1024];
        let n = self.file.read_at(&mut buf, 0).ok()?;
        let text = std::str::from_utf8(&buf[..n]).ok()?;
        parse(self.counter, text)
    }
}

/// The CPU time `text`, a counter file of format `counter`, says.
fn parse(counter: Counter, text: &str) -> Option<Duration> {
    match counter {
        Counter::CpuStat => text.lines().find_map(|l| {
            let v = l.strip_prefix("usage_usec ")?;
            v.trim().parse().ok().map(Duration::from_micros)
        }),
        Counter::CpuacctUsage => text.trim().parse().ok().map(Duration::from_nanos),
        Counter::ProcStat(tick_ns) => {
            // Fields 14 to 17 (1-based); the name (field 2) may hold
            // spaces and parentheses, so count from after its last `)`,
            // where field 3 starts.
            let after = &text[text.rfind(')')? + 1..];
            let times: Vec<u64> = after
                .split_whitespace()
                .skip(11)
                .take(4)
                .map(|f| f.parse::<u64>().ok())
                .collect::<Option<_>>()?;
            if times.len() < 4 {
                return None;
            }
            let ticks: u64 = times.iter().sum();
            Some(Duration::from_nanos(ticks.saturating_mul(tick_ns)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_counter_format_reads() {
        let v2 = "usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n";
        assert_eq!(
            parse(Counter::CpuStat, v2),
            Some(Duration::from_micros(1500))
        );
        assert_eq!(
            parse(Counter::CpuacctUsage, "2500000\n"),
            Some(Duration::from_nanos(2_500_000))
        );
        let stat = "42 (a) b) R 1 42 42 0 -1 4194304 100 0 0 0 7 3 2 1 20 0 1 0 26036 0 0";
        assert_eq!(
            parse(Counter::ProcStat(10_000_000), stat),
            Some(Duration::from_millis(130))
        );
        assert_eq!(parse(Counter::CpuStat, "user_usec 1\n"), None);
        assert_eq!(parse(Counter::ProcStat(1), "42 (a) R 1"), None);
    }

    #[test]
    fn our_own_process_is_measured_and_its_clock_advances() {
        let meter = CpuMeter::of_process(std::process::id() as i32).unwrap();
        assert_eq!(meter.source(), CpuSource::Proc);
        let before = meter.read().unwrap();
        // Busy until the counter moves (a tick at most, on a quiet
        // machine); a meter that never moves fails after 5 s.
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while meter.read().unwrap() == before && start.elapsed() < Duration::from_secs(5) {
            for _ in 0..100_000 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(1));
            }
        }
        assert!(meter.read().unwrap() > before);
    }
}
