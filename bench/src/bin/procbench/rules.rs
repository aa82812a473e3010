//! Figure 5: the rules engine's criterion benchmarks
//! (`cargo bench -p stratego --bench movegen`, run by `make bench` just
//! before procbench), read back from criterion's files.
//!
//! Each benchmark's samples (iterations, total time) give the time per
//! element (one position of the set): median, min and max over the 100
//! samples.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::Context;
use bench::stats::Summary;
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// One criterion benchmark.
pub struct Bench {
    /// Its name (`rules/legal_moves per 64 positions`).
    pub name: String,
    /// Nanoseconds per element (position).
    pub ns: Summary,
    /// The target per element, if one was set (issue "Foundation").
    pub target_ns: Option<f64>,
}

/// The figures of the rules benchmarks.
pub struct Rules {
    /// Every benchmark found.
    pub benches: Vec<Bench>,
    /// Age of the oldest result, seconds.
    pub age_s: u64,
}

impl Rules {
    /// The figures, one per line.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "criterion, ns per position, median of 100 samples (min, max); measured {} s ago",
            self.age_s
        )];
        for b in &self.benches {
            let target = b.target_ns.map_or(String::new(), |t| {
                format!("; target ≤ {t} ns: {}", crate::met(b.ns.median() <= t))
            });
            out.push(format!("  {:<46} {} ns{target}", b.name, b.ns.display(1)));
        }
        out
    }
}

/// The targets of movegen.rs: generation ≤ 1 µs per position, make and
/// unmake ≤ 50 ns each (so ≤ 100 ns for the pair).
fn target(name: &str) -> Option<f64> {
    if name.contains("legal_moves") {
        Some(1000.0)
    } else if name.contains("make+unmake") {
        Some(100.0)
    } else {
        None
    }
}

/// What criterion's `benchmark.json` says of a benchmark.
#[derive(Deserialize)]
struct Meta {
    /// `group/name`.
    full_id: String,
    /// What one iteration processes, if the benchmark said.
    #[serde(default)]
    throughput: Option<Throughput>,
}

/// Criterion's throughput: elements per iteration, or another unit.
#[derive(Deserialize)]
struct Throughput {
    #[serde(rename = "Elements")]
    elements: Option<f64>,
}

/// Criterion's `sample.json`: each sample's iterations and total time (ns).
#[derive(Deserialize)]
struct Sample {
    iters: Vec<f64>,
    times: Vec<f64>,
}

fn json<T: DeserializeOwned>(path: &Path) -> anyhow::Result<T> {
    let text = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_slice(&text).with_context(|| format!("parsing {}", path.display()))
}

/// Reads every benchmark of criterion's group `rules` under `dir`
/// (`target/criterion`). `None` if there is none (criterion was not run).
pub fn read(dir: &Path) -> anyhow::Result<Option<Rules>> {
    let group = dir.join("rules");
    let Ok(entries) = std::fs::read_dir(&group) else {
        return Ok(None);
    };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path().join("new")))
        .filter(|p| p.join("sample.json").is_file())
        .collect();
    dirs.sort();
    let mut benches = Vec::new();
    let mut oldest = SystemTime::now();
    for d in dirs {
        let meta: Meta = json(&d.join("benchmark.json"))?;
        let sample: Sample = json(&d.join("sample.json"))?;
        let name = meta.full_id;
        let elements = meta.throughput.and_then(|t| t.elements).unwrap_or(1.0);
        let ns: Vec<f64> = sample
            .iters
            .iter()
            .zip(&sample.times)
            .map(|(i, t)| t / i / elements)
            .collect();
        if ns.is_empty() {
            continue;
        }
        let modified = std::fs::metadata(d.join("sample.json"))
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        oldest = oldest.min(modified);
        benches.push(Bench {
            target_ns: target(&name),
            name,
            ns: Summary::new(ns),
        });
    }
    if benches.is_empty() {
        return Ok(None);
    }
    let age_s = SystemTime::now()
        .duration_since(oldest)
        .map_or(0, |d| d.as_secs());
    Ok(Some(Rules { benches, age_s }))
}
