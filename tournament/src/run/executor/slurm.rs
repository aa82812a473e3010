//! Slurm: a batch script that runs the job list as an array job
//! (`sbatch --array`), each array task a slice of its lines, and its
//! submission. The tournament does not wait for the array: `tournament
//! merge` collects the games when it is done ([`crate::run::harvest`]), and
//! running the tournament again submits only the games still missing.
//!
//! Each task writes a joblog of its own in GNU parallel's format
//! (`slurm/joblog.JOB.TASK`), so the games' start times, run times and exit
//! statuses are merged as those of a parallel run are.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use thiserror::Error;

use super::{JobList, JobListError, write_atomically};
use crate::plan::job::GameJob;

/// The directory, in the tournament's log directory, of the tasks' output
/// and joblogs.
pub const DIR: &str = "slurm";
/// The batch script, in the tournament's log directory.
pub const SCRIPT: &str = "slurm.sh";
/// Array tasks at most, when the user does not say how many games a task
/// plays: Slurm's default `MaxArraySize` is 1001 (indices up to 1000).
pub const MAX_TASKS: usize = 1000;

/// The batch script's settings.
#[derive(Debug, Clone)]
pub struct Slurm {
    /// The job list; the script and the tasks' files go beside it.
    pub job_list: JobList,
    /// The tournament's name, for the job's name.
    pub name: String,
    /// Further `#SBATCH` options (partition, time limit, account...), as
    /// they are.
    pub sbatch_args: Vec<String>,
    /// Games per array task [default: as few as keep the array within
    /// [`MAX_TASKS`] tasks].
    pub games_per_task: Option<usize>,
    /// Array tasks running at once (`--array=...%N`); `None`: Slurm decides.
    pub max_running: Option<usize>,
}

/// A written batch script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    /// Its path.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Games in the job list.
    pub games: usize,
    /// Games per array task.
    pub per_task: usize,
    /// Array tasks (`--array=1-TASKS`).
    pub tasks: usize,
}

/// Why the batch script could not be written or submitted.
#[derive(Debug, Error)]
pub enum SlurmError {
    /// The job list could not be written.
    #[error(transparent)]
    JobList(#[from] JobListError),
    /// The script (or the tasks' directory) could not be written.
    #[error("cannot write `{}`", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// `sbatch` could not be started.
    #[error("cannot run sbatch (is Slurm's client installed? Debian: slurm-client)")]
    Spawn(#[source] std::io::Error),
    /// `sbatch` refused the script.
    #[error("sbatch refused {} ({status}): {message}", .script.display())]
    Refused {
        /// The script.
        script: PathBuf,
        /// How sbatch ended.
        status: String,
        /// What it said.
        message: String,
    },
}

impl Slurm {
    fn absolute(&self, path: &Path) -> PathBuf {
        self.job_list.workdir.join(path)
    }

    /// The script's path.
    pub fn script_path(&self) -> PathBuf {
        self.job_list.dir.join(SCRIPT)
    }

    /// Games per task and tasks for a job list of `games` lines.
    pub fn split(&self, games: usize) -> (usize, usize) {
        let per_task = self
            .games_per_task
            .unwrap_or_else(|| games.div_ceil(MAX_TASKS))
            .max(1);
        (per_task, games.div_ceil(per_task))
    }

    /// The batch script for a job list of `games` lines.
    pub fn script(&self, games: usize) -> Script {
        let (per_task, tasks) = self.split(games);
        let dir = self.absolute(&self.job_list.dir);
        let q = |p: &Path| quote(&p.to_string_lossy());
        let mut array = format!("1-{tasks}");
        if let Some(n) = self.max_running {
            array.push_str(&format!("%{n}"));
        }
        let mut text = format!(
            "#!/bin/bash\n\
             # Tournament {name}: the {games} game(s) of the job list (one line each),\n\
             # {per_task} per array task. Written by `tournament --executor slurm` (or\n\
             # `tournament plan --executor slurm`); submit it with sbatch, then run\n\
             # `tournament merge {dir_text}` when the array is done.\n\
             # Each task writes a joblog in GNU parallel's format in {dir_text}/{DIR}/.\n\
             #SBATCH --job-name={job_name}\n\
             #SBATCH --array={array}\n\
             #SBATCH --output={output}\n\
             #SBATCH --chdir={workdir}\n",
            name = self.name,
            dir_text = dir.display(),
            job_name = sbatch_word(&format!("tournament-{}", self.name)),
            output = sbatch_word(&format!("{}/{DIR}/%A_%a.out", dir.display())),
            workdir = sbatch_word(&self.job_list.workdir.to_string_lossy()),
        );
        for arg in &self.sbatch_args {
            text.push_str(&format!("#SBATCH {}\n", sbatch_word(arg)));
        }
        text.push_str(&format!(
            "set -u\n\
             jobs={jobs}\n\
             per_task={per_task}\n\
             task=${{SLURM_ARRAY_TASK_ID:?not a Slurm array task: submit this script with sbatch}}\n\
             first=$(( (task - 1) * per_task + 1 ))\n\
             last=$(( task * per_task ))\n\
             joblog={tasks_dir}/joblog.${{SLURM_ARRAY_JOB_ID:-manual}}.$task\n\
             host=$(hostname)\n\
             seq=$first\n\
             sed -n \"${{first}},${{last}}p\" \"$jobs\" | while IFS= read -r line; do\n\
             \x20   start=$(date +%s%N)\n\
             \x20   bash -c \"$line\" </dev/null\n\
             \x20   status=$?\n\
             \x20   ms=$(( ($(date +%s%N) - start) / 1000000 ))\n\
             \x20   printf '%d\\t%s\\t%d.%03d\\t%d.%03d\\t0\\t0\\t%d\\t0\\t%s\\n' \"$seq\" \"$host\" \\\n\
             \x20       $(( start / 1000000000 )) $(( start / 1000000 % 1000 )) \\\n\
             \x20       $(( ms / 1000 )) $(( ms % 1000 )) \"$status\" \"$line\" >>\"$joblog\"\n\
             \x20   seq=$(( seq + 1 ))\n\
             done\n",
            jobs = q(&self.absolute(&self.job_list.path())),
            tasks_dir = q(&dir.join(DIR)),
        ));
        Script {
            path: self.script_path(),
            text,
            games,
            per_task,
            tasks,
        }
    }

    /// Writes the job list of `jobs` and the batch script that runs it
    /// (nothing is submitted).
    pub fn write(&self, jobs: &[GameJob]) -> Result<Script, SlurmError> {
        self.job_list.write(jobs)?;
        let tasks_dir = self.job_list.dir.join(DIR);
        std::fs::create_dir_all(&tasks_dir).map_err(|source| SlurmError::Write {
            path: tasks_dir,
            source,
        })?;
        let script = self.script(jobs.len());
        write_atomically(&script.path, script.text.as_bytes()).map_err(|source| {
            SlurmError::Write {
                path: script.path.clone(),
                source,
            }
        })?;
        Ok(script)
    }

    /// Submits the written script; returns the array's job id.
    pub fn submit(&self, sbatch: &Path) -> Result<String, SlurmError> {
        let script = self.script_path();
        let out = Command::new(sbatch)
            .arg("--parsable")
            .arg(&script)
            .stdin(Stdio::null())
            .output()
            .map_err(SlurmError::Spawn)?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        // `--parsable`: `JOBID` or `JOBID;CLUSTER`.
        let id = stdout
            .trim()
            .split(';')
            .next()
            .unwrap_or_default()
            .to_owned();
        if !out.status.success() || id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SlurmError::Refused {
                script,
                status: out.status.to_string(),
                message: format!(
                    "{}{}",
                    stdout.trim(),
                    String::from_utf8_lossy(&out.stderr).trim()
                ),
            });
        }
        Ok(id)
    }
}

/// Whether Slurm still has tasks of the array job `id` queued or running:
/// `None` when `squeue` cannot tell (not installed, no controller).
pub fn still_queued(squeue: &Path, id: &str) -> Option<bool> {
    let out = Command::new(squeue)
        .args(["--noheader", "--format=%i", "--jobs", id])
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status.success() {
        return Some(!stdout.trim().is_empty());
    }
    // A job the controller has forgotten is no longer queued.
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr.contains("Invalid job id").then_some(false)
}

/// A word for a shell script, quoted when it needs to be.
fn quote(word: &str) -> String {
    shlex::try_quote(word).map_or_else(|_| word.to_owned(), |q| q.into_owned())
}

/// A word of an `#SBATCH` line: sbatch splits them at blanks and reads
/// double quotes.
fn sbatch_word(word: &str) -> String {
    if word.contains([' ', '\t', '"', '\'']) {
        format!("\"{}\"", word.replace('"', "\\\""))
    } else {
        word.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slurm() -> Slurm {
        Slurm {
            job_list: JobList {
                dir: "logs/t".into(),
                workdir: "/home/u/course".into(),
            },
            name: "t".into(),
            sbatch_args: vec!["--partition=short".into(), "--time=01:00:00".into()],
            games_per_task: None,
            max_running: None,
        }
    }

    #[test]
    fn the_array_covers_every_line_within_slurms_default_size() {
        let s = slurm();
        assert_eq!(s.split(6), (1, 6));
        assert_eq!(s.split(1000), (1, 1000));
        assert_eq!(s.split(1001), (2, 501));
        assert_eq!(s.split(87_000), (87, 1000));
        let s = Slurm {
            games_per_task: Some(4),
            ..slurm()
        };
        assert_eq!(s.split(10), (4, 3));
    }

    #[test]
    fn the_script_names_the_array_its_files_and_the_users_options() {
        let s = Slurm {
            max_running: Some(8),
            ..slurm()
        };
        let script = s.script(12);
        let text = &script.text;
        for line in [
            "#SBATCH --job-name=tournament-t\n",
            "#SBATCH --array=1-12%8\n",
            "#SBATCH --output=/home/u/course/logs/t/slurm/%A_%a.out\n",
            "#SBATCH --chdir=/home/u/course\n",
            "#SBATCH --partition=short\n",
            "#SBATCH --time=01:00:00\n",
            "jobs=/home/u/course/logs/t/jobs.txt\n",
            "per_task=1\n",
        ] {
            assert!(text.contains(line), "{line:?} missing from\n{text}");
        }
        // Every #SBATCH line comes before the first command.
        let first_command = text.find("set -u").unwrap();
        assert!(text.rfind("#SBATCH").unwrap() < first_command);
        assert_eq!(script.path, Path::new("logs/t/slurm.sh"));
    }
}
