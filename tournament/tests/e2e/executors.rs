//! The executors: GNU parallel (local job slots, and a worker over ssh on
//! 127.0.0.1), a job list run by hand and merged, and Slurm (a single-node
//! cluster started inside the test when it can be; the batch script
//! checked and run by hand in any case). Each run's games must be the
//! local runner's, game by game.

use std::collections::{BTreeMap, HashSet};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use referee_schema::{Record, Settings, Summary};
use tests::tools::{need, skip};
use tournament::results::record::GameRecord;

use crate::util::{Sandbox, csv, records, show, succeeded};
use crate::{interrupt_and_resume, resumable_args};

/// A results file's record without the fields that measure time (they
/// differ between any two runs), and with the seats' uids blanked.
fn untimed(mut r: GameRecord) -> GameRecord {
    r.started_unix_ms = 0;
    r.wall_ms = 0;
    untimed_verdict(&mut r.verdict);
    r
}

/// A verdict without its timings (CPU times among them), the seats' uids
/// blanked.
fn untimed_verdict(v: &mut Summary) {
    v.duration_ms = 0.0;
    without_uids_in(&mut v.settings);
    for p in &mut v.players {
        (p.setup_ms, p.max_reply_ms, p.mean_reply_ms) = (None, None, None);
        (p.median_cpu_ms, p.max_cpu_ms, p.mean_cpu_ms) = (None, None, None);
        p.timeout_cpu_ms = None;
        if let Some(kill) = &mut p.exit.deadline_kill {
            *kill = Default::default();
        }
        p.exit.text = without_uids(&p.exit.text);
    }
}

/// A game record without its reply and CPU times, the seats' uids blanked.
fn untimed_game(mut g: Record) -> Record {
    for m in &mut g.moves {
        m.reply_ms = 0.0;
        m.cpu_ms = None;
    }
    without_uids_in(&mut g.settings);
    g
}

/// The sandbox's notes with the seats' uids blanked (a seat's uid follows
/// the referee's pid).
fn without_uids_in(settings: &mut Settings) {
    for note in settings.sandbox.iter_mut().flat_map(|s| &mut s.refused) {
        *note = without_uids(note);
    }
}

/// `text` with the number after each "uid " replaced by `N`: the sandbox's
/// note "seat 0 runs as root without capabilities, not as uid 1879586304"
/// differs between two runs of the same games.
fn without_uids(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("uid ") {
        let (head, tail) = rest.split_at(at + "uid ".len());
        out.push_str(head);
        let digits = tail.len() - tail.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 {
            out.push('N');
        }
        rest = &tail[digits..];
    }
    out.push_str(rest);
    out
}

/// A results file's records by game id, without timings, each with its
/// game record (the moves) from the game's log directory.
fn games_of(dir: &Path, results: &str) -> BTreeMap<String, (GameRecord, Record)> {
    let recs = records(&dir.join(results));
    let n = recs.len();
    let by_id: BTreeMap<String, (GameRecord, Record)> = recs
        .into_iter()
        .map(|r| {
            let log_dir = dir.join(&r.log_dir);
            let game =
                Record::from_json(&std::fs::read_to_string(log_dir.join("game.json")).unwrap())
                    .unwrap();
            (r.id.clone(), (untimed(r), untimed_game(game)))
        })
        .collect();
    assert_eq!(by_id.len(), n, "a game id twice in {results}");
    by_id
}

/// Asserts that two runs played the same games with the same results,
/// game by game, and made the same crosstable and standings (reply times
/// aside).
fn assert_same_games(a: &Path, b: &Path, name: &str) {
    let results = format!("logs/{name}/results.jsonl");
    let (ga, gb) = (games_of(a, &results), games_of(b, &results));
    assert_eq!(ga.keys().collect::<Vec<_>>(), gb.keys().collect::<Vec<_>>());
    for (id, game) in &ga {
        assert_eq!(game, &gb[id], "game {id} differs");
    }
    let read = |dir: &Path, f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    assert_eq!(
        read(a, "report.crosstable.csv"),
        read(b, "report.crosstable.csv")
    );
    let standings = |dir: &Path| {
        let mut rows = csv(&read(dir, "report.csv"));
        for row in &mut rows {
            for times in ["mean_reply_ms", "median_reply_ms", "max_reply_ms"] {
                row.remove(times);
            }
        }
        rows
    };
    assert_eq!(standings(a), standings(b));
}

/// `n` seeded random players: deterministic games.
fn random_players(sb: &Sandbox, n: usize) -> Vec<String> {
    (1..=n)
        .map(|i| {
            sb.program(
                &format!("r{i}"),
                "player",
                "--strategy random --seed {seed}",
            )
        })
        .collect()
}

/// Runs the tournament in `dir` (a directory of the sandbox: runs in
/// different directories with the same name give the same referee command
/// lines).
fn run_in(sb: &Sandbox, dir: &str, args: &[&str], env: &[(&str, &Path)]) -> Output {
    let cwd = sb.path().join(dir);
    std::fs::create_dir_all(&cwd).unwrap();
    let (sub, args) = match args.split_first() {
        Some((&first, rest)) if first == "plan" || first == "merge" => (Some(first), rest),
        _ => (None, args),
    };
    let mut cmd = sb.subcommand(sub);
    cmd.current_dir(&cwd).args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

/// The common arguments of the compared round robins.
fn round_robin<'a>(programs: &'a [String], games: &'a str) -> Vec<&'a str> {
    let mut args: Vec<&str> = programs.iter().map(String::as_str).collect();
    args.extend([
        "--games",
        games,
        "--max-turns",
        "300",
        "-j",
        "2",
        "--name",
        "rr",
        "--report",
        "../report.csv",
        "-q",
    ]);
    args
}

/// Moves a run's report beside its directory into it, so that runs
/// compare by directory.
fn keep_report(sb: &Sandbox, dir: &str) {
    for f in ["report.csv", "report.crosstable.csv"] {
        std::fs::rename(sb.path().join(f), sb.path().join(dir).join(f)).unwrap();
    }
}

/// A sandbox for `test`, which needs GNU parallel; `None` (skipped, saying
/// so) without it.
fn with_parallel(test: &str) -> Option<Sandbox> {
    need("parallel", test).map(|_| Sandbox::new())
}

#[test]
fn a_round_robin_through_gnu_parallel_plays_the_local_games() {
    let Some(sb) = with_parallel("a_round_robin_through_gnu_parallel_plays_the_local_games") else {
        return;
    };
    let programs = random_players(&sb, 4);
    let args = round_robin(&programs, "2");
    succeeded(run_in(&sb, "local", &args, &[]));
    keep_report(&sb, "local");
    let mut par = args.clone();
    par.extend(["--executor", "parallel"]);
    succeeded(run_in(&sb, "parallel", &par, &[]));
    keep_report(&sb, "parallel");
    assert_same_games(&sb.path().join("local"), &sb.path().join("parallel"), "rr");

    // The job list held one line per game; parallel's joblog saw each end.
    let dir = sb.path().join("parallel/logs/rr");
    let jobs = std::fs::read_to_string(dir.join("jobs.txt")).unwrap();
    assert_eq!(jobs.lines().count(), 12);
    let joblog = std::fs::read_to_string(dir.join("parallel.joblog")).unwrap();
    assert_eq!(joblog.lines().count(), 12, "{joblog}");
    // The report is printed as by a local run.
    let out = succeeded(run_in(&sb, "parallel", &par, &[]));
    assert!(String::from_utf8_lossy(&out.stdout).contains("12 of 12 games played"));
    sb.assert_no_leftovers();
}

#[test]
fn an_interrupted_parallel_run_resumes_with_only_the_missing_games() {
    let test = "an_interrupted_parallel_run_resumes_with_only_the_missing_games";
    let Some(sb) = with_parallel(test) else {
        return;
    };
    let args = resumable_args(&sb, "10", &["--executor", "parallel"]);
    interrupt_and_resume(&sb, &args, 30);
}

#[test]
fn a_planned_job_list_runs_anywhere_and_merges_each_game_once() {
    let sb = Sandbox::new();
    let programs = random_players(&sb, 3);
    let mut args = vec!["plan"];
    args.extend(round_robin(&programs, "2"));
    succeeded(run_in(&sb, "plan", &args, &[]));
    let dir = sb.path().join("plan");
    let jobs = std::fs::read_to_string(dir.join("logs/rr/jobs.txt")).unwrap();
    let lines: Vec<&str> = jobs.lines().collect();
    assert_eq!(lines.len(), 6);
    let sh = |script: &str| {
        succeeded(
            Command::new("sh")
                .args(["-c", script])
                .stdin(Stdio::null())
                .output()
                .unwrap(),
        );
    };
    // The first game twice, the second once, from anywhere.
    sh(lines[0]);
    sh(lines[0]);
    sh(lines[1]);
    let merge = || run_in(&sb, ".", &["merge", "plan/logs/rr"], &[]);
    let out = merge();
    assert_eq!(out.status.code(), Some(1), "{}", show(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("4 game(s) have no result yet"),
        "{}",
        show(&out)
    );
    assert_eq!(records(&dir.join("logs/rr/results.jsonl")).len(), 2);
    // The whole list as a script: the two games run again, and count once.
    succeeded(
        Command::new("sh")
            .arg(dir.join("logs/rr/jobs.txt"))
            .stdin(Stdio::null())
            .output()
            .unwrap(),
    );
    let out = succeeded(merge());
    assert!(String::from_utf8_lossy(&out.stdout).contains("6 of 6 games played"));
    let recs = records(&dir.join("logs/rr/results.jsonl"));
    assert_eq!(recs.len(), 6);
    // Merging again adds nothing; running the tournament plays nothing.
    succeeded(merge());
    succeeded(run_in(&sb, "plan", &round_robin(&programs, "2"), &[]));
    assert_eq!(records(&dir.join("logs/rr/results.jsonl")).len(), 6);
    keep_report(&sb, "plan");

    succeeded(run_in(&sb, "local", &round_robin(&programs, "2"), &[]));
    keep_report(&sb, "local");
    assert_same_games(&sb.path().join("local"), &dir, "rr");
}

/// Whether the tests run as root (the owner of this process's /proc entry).
fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// A free TCP port on 127.0.0.1 (free when asked: good enough for a
/// test's daemon).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A daemon started by a test, its process group killed when dropped.
struct Daemon(Child);

impl Daemon {
    fn start(cmd: &mut Command, log: &Path) -> std::io::Result<Daemon> {
        let out = std::fs::File::create(log)?;
        cmd.stdin(Stdio::null())
            .stdout(out.try_clone()?)
            .stderr(out)
            .process_group(0);
        Ok(Daemon(cmd.spawn()?))
    }

    fn running(&mut self) -> bool {
        self.0.try_wait().ok().flatten().is_none()
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let group = Pid::from_raw(self.0.id() as i32);
        let _ = killpg(group, Signal::SIGTERM);
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.0.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = killpg(group, Signal::SIGKILL);
        let _ = self.0.wait();
    }
}

/// A private sshd on 127.0.0.1 accepting a generated key, and the ssh
/// configuration that reaches it as host `worker`; `None` (the reason
/// given) when it cannot be started here.
fn start_sshd(dir: &Path) -> Result<(Daemon, PathBuf), String> {
    let sshd = need("sshd", "ssh worker").ok_or("sshd is not installed")?;
    let keygen = |name: &str| {
        let status = Command::new("ssh-keygen")
            .args(["-q", "-t", "ed25519", "-N", "", "-f"])
            .arg(dir.join(name))
            .stdin(Stdio::null())
            .status()
            .map_err(|e| format!("ssh-keygen: {e}"))?;
        status
            .success()
            .then_some(())
            .ok_or(format!("ssh-keygen failed ({status})"))
    };
    keygen("host_key")?;
    keygen("user_key")?;
    std::fs::copy(dir.join("user_key.pub"), dir.join("authorized_keys")).unwrap();
    if is_root() {
        // sshd's privilege separation directory, which the system's
        // service would create.
        std::fs::create_dir_all("/run/sshd").map_err(|e| format!("/run/sshd: {e}"))?;
    }
    let port = free_port();
    let d = dir.display();
    std::fs::write(
        dir.join("sshd_config"),
        format!(
            "Port {port}\nListenAddress 127.0.0.1\nHostKey {d}/host_key\n\
             AuthorizedKeysFile {d}/authorized_keys\nPidFile {d}/sshd.pid\nUsePAM no\n\
             StrictModes no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n\
             PermitRootLogin prohibit-password\n"
        ),
    )
    .unwrap();
    let user = std::env::var("USER").unwrap_or_else(|_| {
        if is_root() {
            "root".into()
        } else {
            String::new()
        }
    });
    std::fs::write(
        dir.join("ssh_config"),
        format!(
            "Host worker\n  HostName 127.0.0.1\n  Port {port}\n  User {user}\n\
             IdentityFile {d}/user_key\n  IdentitiesOnly yes\n  StrictHostKeyChecking no\n\
             UserKnownHostsFile /dev/null\n  BatchMode yes\n  LogLevel ERROR\n"
        ),
    )
    .unwrap();
    let mut daemon = Daemon::start(
        Command::new(&sshd)
            .args(["-D", "-e", "-f"])
            .arg(dir.join("sshd_config")),
        &dir.join("sshd.log"),
    )
    .map_err(|e| format!("cannot start sshd: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let ok = Command::new("ssh")
            .arg("-F")
            .arg(dir.join("ssh_config"))
            .args(["worker", "true"])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return Ok((daemon, dir.join("ssh_config")));
        }
        if !daemon.running() || Instant::now() > deadline {
            let log = std::fs::read_to_string(dir.join("sshd.log")).unwrap_or_default();
            return Err(format!(
                "sshd on 127.0.0.1 does not let us in: {}",
                log.trim()
            ));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn parallel_runs_games_on_an_ssh_worker() {
    let test = "parallel_runs_games_on_an_ssh_worker";
    if need("parallel", test).is_none() || need("sshd", test).is_none() {
        return;
    }
    let sb = Sandbox::new();
    let ssh_dir = sb.path().join("ssh");
    std::fs::create_dir_all(&ssh_dir).unwrap();
    let (sshd, config) = match start_sshd(&ssh_dir) {
        Ok(started) => started,
        Err(why) => {
            skip(test, &why);
            return;
        }
    };
    // Two job slots on the worker, reached through our ssh configuration.
    let login = format!("2/ssh -F {} worker", config.display());
    std::fs::write(sb.path().join("workers"), format!("{login}\n")).unwrap();
    let programs = random_players(&sb, 3);
    let args = round_robin(&programs, "1");
    succeeded(run_in(&sb, "local", &args, &[]));
    keep_report(&sb, "local");
    let mut remote = args.clone();
    let workers = sb.path().join("workers");
    let workers = workers.to_str().unwrap();
    remote.extend(["--executor", "parallel", "--sshloginfile", workers]);
    succeeded(run_in(&sb, "remote", &remote, &[]));
    keep_report(&sb, "remote");
    assert_same_games(&sb.path().join("local"), &sb.path().join("remote"), "rr");
    let joblog = std::fs::read_to_string(sb.path().join("remote/logs/rr/parallel.joblog")).unwrap();
    let hosts: HashSet<&str> = joblog
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap())
        .collect();
    assert_eq!(hosts, HashSet::from([&login[2..]]), "{joblog}");
    drop(sshd);
    sb.assert_no_leftovers();
}

/// A single-node Slurm cluster (slurmctld and slurmd, `auth/none`) in
/// `dir`, and its configuration file; the reason when it cannot start.
fn start_slurm(dir: &Path) -> Result<(Daemon, Daemon, PathBuf), String> {
    if !is_root() {
        return Err("a test cluster's slurmd must run as root".into());
    }
    let ctld = need("slurmctld", "slurm").ok_or("slurmctld is not installed")?;
    let slurmd = need("slurmd", "slurm").ok_or("slurmd is not installed")?;
    for sub in ["state", "spool"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let d = dir.display();
    let ctld_port = free_port();
    let d_port = std::iter::repeat_with(free_port)
        .find(|&p| p != ctld_port)
        .unwrap();
    let conf = dir.join("slurm.conf");
    std::fs::write(
        &conf,
        format!(
            "ClusterName=tournament-test\nSlurmctldHost=localhost(127.0.0.1)\n\
             SlurmctldPort={ctld_port}\nSlurmdPort={d_port}\nSlurmUser=root\nSlurmdUser=root\n\
             AuthType=auth/none\nCredType=cred/none\nStateSaveLocation={d}/state\n\
             SlurmdSpoolDir={d}/spool\nSlurmctldPidFile={d}/ctld.pid\nSlurmdPidFile={d}/d.pid\n\
             ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n\
             JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n\
             SelectType=select/cons_tres\nSelectTypeParameters=CR_Core\nSchedulerType=sched/builtin\n\
             ReturnToService=2\nMpiDefault=none\nSlurmctldLogFile={d}/ctld.log\n\
             SlurmdLogFile={d}/d.log\n\
             NodeName=node1 NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN\n\
             PartitionName=test Nodes=node1 Default=YES MaxTime=INFINITE State=UP\n"
        ),
    )
    .unwrap();
    let mut controller = Daemon::start(
        Command::new(ctld).arg("-D").arg("-f").arg(&conf),
        &dir.join("ctld.out"),
    )
    .map_err(|e| format!("cannot start slurmctld: {e}"))?;
    let mut node = Daemon::start(
        Command::new(slurmd)
            .args(["-D", "-N", "node1", "-f"])
            .arg(&conf),
        &dir.join("d.out"),
    )
    .map_err(|e| format!("cannot start slurmd: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let out = Command::new("sinfo")
            .args(["--noheader", "--format=%t"])
            .env("SLURM_CONF", &conf)
            .stdin(Stdio::null())
            .output();
        if out.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle") {
            return Ok((controller, node, conf));
        }
        if !controller.running() || !node.running() || Instant::now() > deadline {
            let log = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap_or_default();
            return Err(format!(
                "the test cluster did not come up:\n{}\n{}",
                log("ctld.out"),
                log("d.out")
            ));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn slurm_runs_the_job_list_as_an_array_and_merge_collects_it() {
    let test = "slurm_runs_the_job_list_as_an_array_and_merge_collects_it";
    let sb = Sandbox::new();
    let programs = random_players(&sb, 3);
    let args = round_robin(&programs, "2");
    succeeded(run_in(&sb, "local", &args, &[]));
    keep_report(&sb, "local");

    // What can be checked without a cluster: the script, as printed.
    let mut dry = args.clone();
    dry.extend([
        "--executor",
        "slurm",
        "--dry-run",
        "--games-per-task",
        "4",
        "--sbatch-arg=--time=00:10:00",
    ]);
    let out = succeeded(run_in(&sb, "dry", &dry, &[]));
    let script = String::from_utf8_lossy(&out.stdout).into_owned();
    let dir = sb.path().join("dry/logs/rr");
    assert_eq!(
        std::fs::read_to_string(dir.join("slurm.sh")).unwrap(),
        script
    );
    // 6 games, 4 per task: two tasks, at most two at once (-j 2).
    assert!(script.contains("\n#SBATCH --array=1-2%2\n"), "{script}");
    assert!(script.contains("\n#SBATCH --time=00:10:00\n"), "{script}");
    let jobs = std::fs::read_to_string(dir.join("jobs.txt")).unwrap();
    assert_eq!(jobs.lines().count(), 6);
    let syntax = Command::new("bash")
        .arg("-n")
        .arg(dir.join("slurm.sh"))
        .output()
        .unwrap();
    assert!(syntax.status.success(), "{}", show(&syntax));
    // Both tasks, run by hand as Slurm would, then merged.
    for task in ["1", "2"] {
        succeeded(
            Command::new("bash")
                .arg(dir.join("slurm.sh"))
                .env("SLURM_ARRAY_TASK_ID", task)
                .env("SLURM_ARRAY_JOB_ID", "7")
                .stdin(Stdio::null())
                .output()
                .unwrap(),
        );
    }
    let joblog = std::fs::read_to_string(dir.join("slurm/joblog.7.2")).unwrap();
    assert_eq!(joblog.lines().count(), 2, "{joblog}");
    succeeded(run_in(&sb, ".", &["merge", "dry/logs/rr"], &[]));
    keep_report(&sb, "dry");
    assert_same_games(&sb.path().join("local"), &sb.path().join("dry"), "rr");
    // The merged timings are the tasks' joblog's.
    for rec in records(&dir.join("results.jsonl")) {
        assert!(rec.started_unix_ms > 0);
    }

    // A real cluster of one node, when one can be started here.
    if need("sbatch", test).is_none() {
        return;
    }
    let cluster = sb.path().join("cluster");
    std::fs::create_dir_all(&cluster).unwrap();
    let (_controller, _node, conf) = match start_slurm(&cluster) {
        Ok(started) => started,
        Err(why) => {
            // Only a missing program fails under `make test`: a daemon
            // that cannot start in this sandbox is skipped.
            skip(test, &why);
            return;
        }
    };
    let env = [("SLURM_CONF", conf.as_path())];
    let mut live = args.clone();
    live.extend(["--executor", "slurm"]);
    let out = succeeded(run_in(&sb, "slurm", &live, &env));
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let id = said
        .strip_prefix("submitted array job ")
        .and_then(|s| s.split(':').next())
        .unwrap_or_else(|| panic!("{said}"))
        .to_owned();
    // Submitting again while the array runs is refused.
    let again = run_in(&sb, "slurm", &live, &env);
    let queued = again.status.code() == Some(2);
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let out = Command::new("squeue")
            .args(["--noheader", "--jobs", &id])
            .env("SLURM_CONF", &conf)
            .output()
            .unwrap();
        if String::from_utf8_lossy(&out.stdout).trim().is_empty() {
            break;
        }
        assert!(Instant::now() < deadline, "the array did not finish");
        std::thread::sleep(Duration::from_millis(200));
    }
    if !queued {
        // The array may have been done before the second submission.
        assert!(again.status.success(), "{}", show(&again));
    }
    succeeded(run_in(&sb, ".", &["merge", "slurm/logs/rr"], &env));
    keep_report(&sb, "slurm");
    assert_same_games(&sb.path().join("local"), &sb.path().join("slurm"), "rr");
}
