//! The plan file, `LOG_DIR/NAME/plan.json`: the tournament as it was last
//! planned (programs, settings, schedule, files, report options), written
//! before any game of a run starts. It is what `tournament merge` reads to
//! collect games that another scheduler ran, and what a later run reads to
//! collect the games an interrupted one left behind.
//!
//! Its paths are those of the run that wrote it: absolute, or relative to
//! its working directory (`workdir`), like the paths in the job list and in
//! the results file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::plan::schedule::Mode;
use crate::plan::spec::Program;
use crate::report::rating::{Anchor, RatingOptions};
use crate::report::sprt::Sprt;
use crate::results::record::Settings;
use crate::run::executor::write_atomically;
use crate::run::play::Config;

/// The plan file's name, in the tournament's log directory.
pub const FILE: &str = "plan.json";

/// Version of the plan file's format.
pub const SCHEMA: u32 = 1;

/// A planned tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlanFile {
    /// Format version ([`SCHEMA`]).
    pub schema: u32,
    /// The tournament's name.
    pub name: String,
    /// The working directory of the run that wrote it (absolute): relative
    /// paths below are relative to it, and every job enters it.
    pub workdir: PathBuf,
    /// The programs.
    pub programs: Vec<Program>,
    /// How they are paired.
    pub mode: Mode,
    /// Games per table.
    pub games: u32,
    /// Seats of the game.
    pub seats: usize,
    /// The referee options of every game.
    pub settings: Settings,
    /// The referee.
    pub referee: PathBuf,
    /// The tournament's log directory.
    pub log_dir: PathBuf,
    /// The results file.
    pub results: PathBuf,
    /// Wall-clock limit of one referee process, in seconds.
    pub game_timeout_secs: Option<u64>,
    /// Games at once (local runner and GNU parallel's job slots).
    pub concurrency: usize,
    /// The SPRT, as `ELO0,ELO1,ALPHA,BETA`.
    pub sprt: Option<String>,
    /// Virtual draws per pair (ratings).
    pub prior: f64,
    /// The program rated 0, if not the mean.
    pub anchor: Option<String>,
    /// Report files to write.
    pub reports: Vec<PathBuf>,
    /// Whether results of other programs or settings were to be replayed
    /// (`--force`).
    pub force: bool,
    /// What runs the games: `local`, `parallel`, `slurm` or `plan` (a job
    /// list for any scheduler).
    pub executor: String,
    /// The Slurm array job that runs the job list, once submitted.
    #[serde(default)]
    pub slurm_job: Option<String>,
}

/// Why the plan file could not be used.
#[derive(Debug, Error)]
pub enum PlanFileError {
    /// It could not be read.
    #[error("cannot read the plan file `{}`", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// It could not be written.
    #[error("cannot write the plan file `{}`", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// It is not a plan file.
    #[error("`{}` is not a tournament plan file", .path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// The parser's error.
        #[source]
        source: serde_json::Error,
    },
    /// It was written by another version.
    #[error("`{}`: unsupported plan schema {schema} (this tournament writes schema {SCHEMA})", .path.display())]
    Schema {
        /// The file.
        path: PathBuf,
        /// Its schema.
        schema: u32,
    },
    /// A field is not valid.
    #[error("`{}`: {what}", .path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
}

impl PlanFile {
    /// The plan of `config`, run from `workdir`.
    pub fn new(
        config: &Config,
        workdir: &Path,
        results: &Path,
        rating: &RatingOptions,
        reports: &[PathBuf],
        force: bool,
        executor: &str,
    ) -> PlanFile {
        PlanFile {
            schema: SCHEMA,
            name: config.name.clone(),
            workdir: workdir.to_owned(),
            programs: config.programs.clone(),
            mode: config.mode,
            games: config.games,
            seats: config.seats,
            settings: config.settings.clone(),
            referee: config.referee.clone(),
            log_dir: config.log_dir.clone(),
            results: results.to_owned(),
            game_timeout_secs: config.game_timeout.map(|t| t.as_secs()),
            concurrency: config.concurrency,
            sprt: config
                .sprt
                .map(|s| format!("{},{},{},{}", s.elo0, s.elo1, s.alpha, s.beta)),
            prior: rating.prior_draws,
            anchor: match rating.anchor {
                Anchor::Mean => None,
                Anchor::Program(i) => config.programs.get(i).map(|p| p.name.clone()),
            },
            reports: reports.to_vec(),
            force,
            executor: executor.to_owned(),
            slurm_job: None,
        }
    }

    /// Where the plan file of a tournament whose log directory is
    /// `log_dir` is.
    pub fn path(log_dir: &Path) -> PathBuf {
        log_dir.join(FILE)
    }

    /// The tournament, ready to play; `path` names the file in errors.
    pub fn config(&self, path: &Path, quiet: bool) -> Result<Config, PlanFileError> {
        let sprt = match &self.sprt {
            None => None,
            Some(text) => Some(text.parse::<Sprt>().map_err(|e| PlanFileError::Invalid {
                path: path.to_owned(),
                what: format!("sprt `{text}`: {e}"),
            })?),
        };
        Ok(Config {
            name: self.name.clone(),
            programs: self.programs.clone(),
            mode: self.mode,
            games: self.games,
            seats: self.seats,
            settings: self.settings.clone(),
            referee: self.referee.clone(),
            log_dir: self.log_dir.clone(),
            concurrency: self.concurrency.max(1),
            game_timeout: self.game_timeout_secs.map(Duration::from_secs),
            sprt,
            quiet,
        })
    }

    /// The rating options; `path` names the file in errors.
    pub fn rating(&self, path: &Path) -> Result<RatingOptions, PlanFileError> {
        let anchor = match &self.anchor {
            None => Anchor::Mean,
            Some(name) => Anchor::Program(
                self.programs
                    .iter()
                    .position(|p| &p.name == name)
                    .ok_or_else(|| PlanFileError::Invalid {
                        path: path.to_owned(),
                        what: format!("anchor `{name}` is not a program"),
                    })?,
            ),
        };
        Ok(RatingOptions {
            prior_draws: self.prior,
            anchor,
        })
    }

    /// Writes the plan to `path`, whole or not at all.
    pub fn write(&self, path: &Path) -> Result<(), PlanFileError> {
        let mut text =
            serde_json::to_string_pretty(self).map_err(|source| PlanFileError::Json {
                path: path.to_owned(),
                source,
            })?;
        text.push('\n');
        write_atomically(path, text.as_bytes()).map_err(|source| PlanFileError::Write {
            path: path.to_owned(),
            source,
        })
    }

    /// Reads the plan at `path`; `Ok(None)` when there is none.
    pub fn read(path: &Path) -> Result<Option<PlanFile>, PlanFileError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(PlanFileError::Read {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        // The schema first, so that a newer file gets a clear error.
        #[derive(Deserialize)]
        struct Version {
            schema: u32,
        }
        let json = |source| PlanFileError::Json {
            path: path.to_owned(),
            source,
        };
        let version: Version = serde_json::from_str(&text).map_err(json)?;
        if version.schema != SCHEMA {
            return Err(PlanFileError::Schema {
                path: path.to_owned(),
                schema: version.schema,
            });
        }
        Ok(Some(serde_json::from_str(&text).map_err(json)?))
    }

    /// The working directory to use for a plan found at `path`: the one it
    /// names if its log directory is absolute; otherwise the directory
    /// that holds the log directory where the plan was found (the same as
    /// the one it names, unless the tournament's files were copied or
    /// moved), falling back to the one it names.
    pub fn workdir_for(&self, path: &Path) -> PathBuf {
        if self.log_dir.is_absolute() {
            return self.workdir.clone();
        }
        let Some(mut dir) = path.parent().map(Path::to_path_buf) else {
            return self.workdir.clone();
        };
        for part in self.log_dir.components().rev() {
            if dir.file_name() != Some(part.as_os_str()) {
                return self.workdir.clone();
            }
            dir.pop();
        }
        if dir.as_os_str().is_empty() {
            dir.push(".");
        }
        dir
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        Config {
            name: "t".into(),
            programs: vec![
                Program {
                    name: "a".into(),
                    path: "/bin/a".into(),
                    args: vec!["--seed".into(), "{seed}".into()],
                    // A program's own protocol and time limit survive the
                    // plan file (a resumed or merged run plays it the same).
                    protocol: Some("ucc".into()),
                    time_limit_ms: Some(2000),
                    // What was digested is stated beside the digest.
                    content: Some(crate::plan::spec::Content {
                        digest: format!("sha256:{}", "ab".repeat(32)),
                        files: vec!["/bin/a".into(), "book.bin".into()],
                        interpreter: Some("/usr/bin/python3".into()),
                    }),
                },
                Program {
                    name: "b".into(),
                    path: "/bin/b".into(),
                    args: vec![],
                    protocol: None,
                    time_limit_ms: None,
                    content: None,
                },
            ],
            mode: Mode::Gauntlet,
            games: 3,
            seats: 2,
            settings: Settings {
                game: "oust".into(),
                game_options: vec!["--cols".into(), "9".into()],
                time_limit_ms: 100,
                max_turns: 50,
                referee_args: vec![],
                pairs: true,
            },
            referee: "/bin/referee".into(),
            log_dir: "logs/t".into(),
            concurrency: 2,
            game_timeout: Some(Duration::from_secs(70)),
            sprt: Some("0,10,0.05,0.05".parse().unwrap()),
            quiet: false,
        }
    }

    #[test]
    fn a_plan_reads_back_as_the_tournament_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logs/t/plan.json");
        let rating = RatingOptions {
            prior_draws: 2.0,
            anchor: Anchor::Program(1),
        };
        let plan = PlanFile::new(
            &config(),
            Path::new("/w"),
            Path::new("logs/t/results.jsonl"),
            &rating,
            &["r.md".into()],
            false,
            "parallel",
        );
        plan.write(&path).unwrap();
        let read = PlanFile::read(&path).unwrap().unwrap();
        assert_eq!(read, plan);
        let back = read.config(&path, false).unwrap();
        assert_eq!(format!("{back:?}"), format!("{:?}", config()));
        assert_eq!(read.rating(&path).unwrap(), rating);
        assert!(
            PlanFile::read(&dir.path().join("none.json"))
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn a_moved_tournament_is_merged_where_it_now_is() {
        let mut plan = PlanFile::new(
            &config(),
            Path::new("/cluster/scratch/u"),
            Path::new("logs/t/results.jsonl"),
            &RatingOptions::default(),
            &[],
            false,
            "slurm",
        );
        assert_eq!(
            plan.workdir_for(Path::new("/home/u/copy/logs/t/plan.json")),
            Path::new("/home/u/copy")
        );
        assert_eq!(
            plan.workdir_for(Path::new("logs/t/plan.json")),
            Path::new(".")
        );
        // Not under its log directory: the working directory it names.
        assert_eq!(
            plan.workdir_for(Path::new("/elsewhere/plan.json")),
            Path::new("/cluster/scratch/u")
        );
        plan.log_dir = "/abs/logs/t".into();
        assert_eq!(
            plan.workdir_for(Path::new("/home/u/copy/logs/t/plan.json")),
            Path::new("/cluster/scratch/u")
        );
    }

    #[test]
    fn a_newer_plan_is_refused_by_its_schema() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("plan.json");
        std::fs::write(&path, r#"{"schema": 9}"#).unwrap();
        let err = PlanFile::read(&path).unwrap_err();
        assert!(
            err.to_string().contains("unsupported plan schema 9"),
            "{err}"
        );
    }
}
