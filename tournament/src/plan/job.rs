//! One scheduled game as a command: the referee's command line (its
//! arguments, seeds and seats), the game's log directory and result file,
//! and its wall-clock limit. Every executor runs games from here, so a game
//! played by the local runner, by GNU parallel, by Slurm or by any other
//! scheduler is the same game: same id, seeds, seats and referee command
//! line.
//!
//! The job list line of a game ([`GameJob::shell_line`]) is that command
//! for a POSIX shell: it enters the tournament's working directory (where
//! the relative paths of the command hold), creates the game's log
//! directory and runs the referee under `timeout` with its verdict and its
//! standard error written to the game's files.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use referee_schema::{ProgramSpec, RefereeCommand};
use thiserror::Error;

use crate::plan::schedule::Game;
use crate::plan::spec::Program;
use crate::run::play::Config;
use crate::run::runner;

/// The referee's `--json` verdict, in the game's log directory: the game's
/// result file.
pub const VERDICT_FILE: &str = "verdict.json";
/// The referee's standard error.
pub const REFEREE_LOG: &str = "referee.log";
/// The game record (`referee --record`).
pub const GAME_RECORD: &str = "game.json";

/// Time a referee gets between SIGTERM and SIGKILL.
pub const KILL_GRACE: Duration = Duration::from_secs(5);

/// A program argument as passed in `game`: `{game}` becomes the game's
/// number within its pairing (1, 2, ...) and `{seed}` a seed derived from
/// the game's seed id (its id, or its pair's first game's) and the
/// program's name, so that seeded programs play different games throughout
/// a tournament, the same in both games of a pair, and the same games when
/// it is run again.
pub fn expand_arg(arg: &str, game: &Game, program: &Program) -> String {
    if !arg.contains('{') {
        return arg.to_owned();
    }
    arg.replace("{game}", &(game.index + 1).to_string())
        .replace(
            "{seed}",
            &game_seed(&game.seed_id, &program.name).to_string(),
        )
}

/// FNV-1a of `id/name`, cut to 63 bits so that it fits any signed or
/// unsigned 64-bit seed option.
pub fn game_seed(id: &str, name: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.bytes().chain([b'/']).chain(name.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash >> 1
}

/// The log directory of `game`.
pub fn game_dir(config: &Config, game: &Game) -> PathBuf {
    config.log_dir.join(&game.id)
}

/// The referee's command for `game`, whose log directory is `dir`: the
/// game and its options, the settings, the game's seed (the referee's own
/// random draws), each seat's protocol and time limit when its program has
/// one of its own, and each seat's program as a `--player` spec.
pub fn referee_command(config: &Config, game: &Game, dir: &Path) -> RefereeCommand {
    let s = &config.settings;
    let mut cmd = RefereeCommand::new(&config.referee)
        .game(&s.game)
        .game_options(&s.game_options)
        .json()
        .record(&dir.join(GAME_RECORD))
        .log_dir(dir)
        .time_limit_ms(s.time_limit_ms)
        .max_turns(s.max_turns)
        .seed(game_seed(&game.seed_id, ""))
        .options(&s.referee_args);
    for (seat, &p) in game.seats.iter().enumerate() {
        let program = &config.programs[p];
        if let Some(protocol) = &program.protocol {
            cmd = cmd.seat_protocol(seat, protocol);
        }
        if let Some(ms) = program.time_limit_ms {
            cmd = cmd.seat_time_limit_ms(seat, ms);
        }
        cmd = cmd.player(ProgramSpec::new(
            program.path.to_string_lossy(),
            program.args.iter().map(|a| expand_arg(a, game, program)),
        ));
    }
    cmd
}

/// The referee's arguments for `game`, whose log directory is `dir`.
pub fn referee_args(config: &Config, game: &Game, dir: &Path) -> Vec<OsString> {
    referee_command(config, game, dir).args()
}

/// Why a game cannot be written as a job list line.
#[derive(Debug, Error)]
pub enum LineError {
    /// A word holds a line break (or a NUL byte), which a job list of one
    /// line per game cannot carry.
    #[error(
        "game {id}: the word {word:?} of its command holds a line break or a NUL byte, which a job list of one line per game cannot carry"
    )]
    Unquotable {
        /// The game.
        id: String,
        /// The word.
        word: String,
    },
}

/// One scheduled game, ready for any executor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameJob {
    /// The game's index in the schedule.
    pub key: usize,
    /// The game's id.
    pub id: String,
    /// The game's log directory, where its result file goes.
    pub dir: PathBuf,
    /// The referee executable.
    pub referee: PathBuf,
    /// The referee's arguments.
    pub args: Vec<OsString>,
    /// Wall-clock limit of the referee process.
    pub timeout: Option<Duration>,
}

impl GameJob {
    /// Game `key` of the schedule, `game`, in the tournament `config`.
    pub fn new(config: &Config, game: &Game, key: usize) -> GameJob {
        let dir = game_dir(config, game);
        GameJob {
            key,
            id: game.id.clone(),
            args: referee_args(config, game, &dir),
            referee: config.referee.clone(),
            dir,
            timeout: config.game_timeout,
        }
    }

    /// The game's result file: the referee's verdict.
    pub fn verdict_file(&self) -> PathBuf {
        self.dir.join(VERDICT_FILE)
    }

    /// The referee's standard error.
    pub fn referee_log(&self) -> PathBuf {
        self.dir.join(REFEREE_LOG)
    }

    /// Empties the game's log directory: files of an earlier attempt must
    /// not pass for this one's. Failures surface when the game's files are
    /// created.
    pub fn clear_dir(&self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        let _ = std::fs::create_dir_all(&self.dir);
    }

    /// The job of the local runner: the referee run directly, its verdict
    /// and standard error in the game's files.
    pub fn runner_job(&self) -> runner::Job {
        runner::Job {
            key: self.key,
            program: self.referee.clone(),
            args: self.args.clone(),
            stdout: self.verdict_file(),
            stderr: self.referee_log(),
            timeout: self.timeout,
        }
    }

    /// The game as one line of a job list, for a POSIX shell, run from any
    /// directory: enter `workdir` (the tournament's working directory,
    /// where the command's relative paths hold), create the log directory,
    /// and run the referee (under `timeout`, SIGKILL following SIGTERM
    /// after [`KILL_GRACE`], when the game has a wall-clock limit) with its
    /// verdict and standard error in the game's files.
    ///
    /// `timeout --foreground` stays in the job's process group, so a
    /// scheduler that signals the job's group (GNU parallel does) reaches
    /// it and the referee; the referee stops its players, which it runs in
    /// groups of their own. The line does not `exec`, so that a job list
    /// also runs as a plain script (`sh jobs.txt`), one game after the
    /// other.
    pub fn shell_line(&self, workdir: &Path) -> Result<String, LineError> {
        let quote = |word: &std::ffi::OsStr| -> Result<String, LineError> {
            let text = word.to_string_lossy();
            if text.contains(['\n', '\r', '\0']) {
                return Err(LineError::Unquotable {
                    id: self.id.clone(),
                    word: text.into_owned(),
                });
            }
            Ok(shlex::try_quote(&text)
                .map_err(|_| LineError::Unquotable {
                    id: self.id.clone(),
                    word: text.to_string(),
                })?
                .into_owned())
        };
        let dir = quote(self.dir.as_os_str())?;
        let mut line = format!("cd {} && mkdir -p {dir} && ", quote(workdir.as_os_str())?);
        if let Some(limit) = self.timeout {
            line.push_str(&format!(
                "timeout --foreground -k {} {} ",
                KILL_GRACE.as_secs(),
                limit.as_secs().max(1)
            ));
        }
        line.push_str(&quote(self.referee.as_os_str())?);
        for arg in &self.args {
            line.push(' ');
            line.push_str(&quote(arg)?);
        }
        line.push_str(&format!(
            " >{} 2>{}",
            quote(self.verdict_file().as_os_str())?,
            quote(self.referee_log().as_os_str())?
        ));
        Ok(line)
    }
}

/// The exit status of `timeout` when it stopped the command (SIGTERM), and
/// when it had to kill it (SIGKILL: 128 + 9).
pub const TIMEOUT_STATUSES: [i32; 2] = [124, 137];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::schedule::{Mode, schedule};
    use crate::results::record::Settings;

    pub(crate) fn config() -> Config {
        let program = |name: &str, args: &[&str]| Program {
            name: name.into(),
            path: format!("/bin/{name}").into(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            protocol: None,
            time_limit_ms: None,
            content: None,
        };
        Config {
            name: "t".into(),
            programs: vec![
                program("a", &["--seed", "{seed}", "--x"]),
                program("b", &["--game={game}"]),
            ],
            mode: Mode::RoundRobin,
            games: 4,
            seats: 2,
            settings: Settings {
                game: "stratego".into(),
                game_options: vec![],
                time_limit_ms: 100,
                max_turns: 50,
                referee_args: vec!["--two-square-rule".into()],
                pairs: false,
            },
            referee: "/bin/referee".into(),
            log_dir: "logs/t".into(),
            concurrency: 1,
            game_timeout: None,
            sprt: None,
            quiet: true,
        }
    }

    #[test]
    fn referee_arguments_carry_settings_colours_and_program_arguments() {
        let config = config();
        let games = schedule(&["a".into(), "b".into()], Mode::RoundRobin, 4, 2);
        let dir = Path::new("logs/t/a+b+2");
        let args: Vec<String> = referee_args(&config, &games[1], dir)
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect();
        let seed = game_seed("a+b+2", "a");
        let game_seed = game_seed("a+b+2", "");
        assert_eq!(
            args,
            [
                "--game",
                "stratego",
                "--json",
                "--record",
                "logs/t/a+b+2/game.json",
                "--log-dir",
                "logs/t/a+b+2",
                "--time-limit-ms=100",
                "--max-turns=50",
                &format!("--seed={game_seed}"),
                "--two-square-rule",
                "--player",
                "/bin/b '--game=2'",
                "--player",
                &format!("/bin/a --seed {seed} --x"),
            ]
        );
    }

    #[test]
    fn a_program_with_a_protocol_of_its_own_has_it_at_every_seat() {
        let mut config = config();
        config.programs[0].protocol = Some("ucc".into());
        config.programs[0].time_limit_ms = Some(2000);
        let games = schedule(&["a".into(), "b".into()], Mode::RoundRobin, 4, 2);
        let dir = Path::new("logs/t/x");
        for g in &games[..2] {
            let args: Vec<String> = referee_args(&config, g, dir)
                .into_iter()
                .map(|a| a.into_string().unwrap())
                .collect();
            let seat = g.seats.iter().position(|&p| p == 0).unwrap();
            let protocols: Vec<&String> = args
                .iter()
                .filter(|a| a.starts_with("--protocol"))
                .collect();
            assert_eq!(protocols, [&format!("--protocol={seat}=ucc")], "{args:?}");
            let limit = format!("--player-time-limit-ms={seat}=2000");
            assert!(args.contains(&limit), "{args:?}");
        }
    }

    #[test]
    fn the_games_of_a_pair_get_the_same_seeds_with_seats_swapped() {
        let config = config();
        let mut games = schedule(&["a".into(), "b".into()], Mode::RoundRobin, 4, 2);
        crate::plan::schedule::pair(&mut games);
        let words = |g: &Game| -> Vec<String> {
            referee_args(&config, g, Path::new("d"))
                .into_iter()
                .map(|a| a.into_string().unwrap())
                .collect()
        };
        let (first, second, third) = (words(&games[0]), words(&games[1]), words(&games[2]));
        let seed = format!("--seed={}", game_seed("a+b+1", ""));
        assert!(
            first.contains(&seed) && second.contains(&seed),
            "{second:?}"
        );
        let a = format!("/bin/a --seed {} --x", game_seed("a+b+1", "a"));
        // Seat 0 in the first game, seat 1 in the second.
        assert_eq!(first[12], a);
        assert_eq!(second[14], a);
        // The next pair has seeds of its own.
        assert!(!third.contains(&seed), "{third:?}");
    }

    #[test]
    fn seeds_differ_between_games_and_programs_and_are_stable() {
        let seeds: std::collections::HashSet<u64> = ["a+b+1", "a+b+2", "a+c+1"]
            .iter()
            .flat_map(|id| [game_seed(id, "a"), game_seed(id, "b")])
            .collect();
        assert_eq!(seeds.len(), 6);
        // Pinned: changing the derivation would change every rerun's games.
        assert_eq!(game_seed("a+b+1", "a"), 2_336_898_471_511_313_672);
        assert!(game_seed("a+b+1", "a") < 1 << 63);
    }

    #[test]
    fn the_job_list_line_runs_the_local_runners_command() {
        let mut config = config();
        config.game_timeout = Some(Duration::from_secs(90));
        let games = schedule(&["a".into(), "b".into()], Mode::RoundRobin, 4, 2);
        let job = GameJob::new(&config, &games[1], 1);
        let line = job.shell_line(Path::new("/work/my dir")).unwrap();
        let words = shlex::split(&line).unwrap();
        let local = job.runner_job();
        // cd WORKDIR && mkdir -p DIR && timeout --foreground -k 5 90 REFEREE ARGS >V 2>L
        assert_eq!(
            words[..8],
            [
                "cd",
                "/work/my dir",
                "&&",
                "mkdir",
                "-p",
                "logs/t/a+b+2",
                "&&",
                "timeout"
            ]
        );
        assert_eq!(words[8..12], ["--foreground", "-k", "5", "90"]);
        assert_eq!(Path::new(&words[12]), local.program);
        let args: Vec<OsString> = words[13..words.len() - 2]
            .iter()
            .map(OsString::from)
            .collect();
        assert_eq!(args, local.args);
        assert_eq!(
            words[words.len() - 2..],
            [">logs/t/a+b+2/verdict.json", "2>logs/t/a+b+2/referee.log"]
        );
        assert_eq!(local.stdout, Path::new("logs/t/a+b+2/verdict.json"));
    }

    #[test]
    fn a_line_break_in_an_argument_cannot_go_into_a_job_list() {
        let mut config = config();
        config.programs[0].args = vec!["two\nlines".into()];
        let games = schedule(&["a".into(), "b".into()], Mode::RoundRobin, 1, 2);
        let err = GameJob::new(&config, &games[0], 0)
            .shell_line(Path::new("/w"))
            .unwrap_err();
        assert!(err.to_string().contains("game a+b+1"), "{err}");
    }
}
