//! The command line: the referee's own options, the game's options (from
//! the registry), the players.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use crate::process::affinity::{check_allowed, parse_cpu_list, show_cpu_list};
use crate::process::sandbox::{BindDir, EnvPolicy, EnvVar, Layers, ResourceLimits, Sandbox, Size};
use crate::{MatchConfig, Program};
use clap::{Args, CommandFactory, FromArgMatches};
use game_core::{Defaults, Spec};
use referee_schema::ProgramSpec;

/// The referee's options, whatever the game. The game's own options are
/// added to these on the command line (`referee --game NAME --help`).
#[derive(clap::Parser, Debug)]
#[command(
    name = "referee",
    version,
    about = "Plays one game between player programs, exactly as the game's protocol says, and reports the verdict",
    after_help = "Games (--list-games for more): see docs/games.md. Records: `referee replay \
                  RECORD` judges one again and plays it back, `referee view RECORD -o FILE` writes \
                  it as an HTML page, `referee reproduce RECORD --seat N` plays a recorded fault \
                  again; `referee check PROGRAM` checks a player program before its games. Exit \
                  status: 0 when the game reached a verdict (whatever it is), 2 for a \
                  usage error, 1 for an internal error, 128+N after signal N (130 after Ctrl-C, \
                  143 after SIGTERM, 129 after SIGHUP)."
)]
pub struct Cli {
    /// The game (`--list-games` lists them).
    #[arg(long, value_name = "NAME", default_value = games::DEFAULT)]
    pub game: String,

    /// List the games and their defaults, then exit.
    #[arg(long)]
    pub list_games: bool,

    /// The players' programs, seat 0 (the first to move) first: each a
    /// path, or a bare name looked up in PATH. Or use --player.
    #[arg(value_name = "PLAYER")]
    pub players: Vec<OsString>,

    /// A player as one string, `[NAME=]PATH [ARG...]`, split like a shell
    /// command line (the tournament's PROGRAM); repeat for each seat, in
    /// order. Not together with PLAYER arguments.
    #[arg(long = "player", value_name = "SPEC")]
    pub player_specs: Vec<String>,

    /// An argument for seat 0's PLAYER program; repeat for several, in
    /// order. Write `--arg0=--seed` for values that start with `-`.
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    pub arg0: Vec<OsString>,

    /// An argument for seat 1's PLAYER program (as --arg0).
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    pub arg1: Vec<OsString>,

    /// Time allowed for each move reply, in milliseconds.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub time_limit_ms: Option<u64>,

    /// Time allowed for the setup reply, in milliseconds (games with a
    /// secret setup); it includes the program's start-up.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub setup_time_limit_ms: Option<u64>,

    /// A time limit of one player's own, for its setup and every move:
    /// SEAT=MS, or SEAT=none for no limit at all (a person playing with the
    /// `human` program); repeat for several players.
    #[arg(long, value_name = "SEAT=MS|none", value_parser = parse_player_limit)]
    pub player_time_limit_ms: Vec<(usize, Option<u64>)>,

    /// No pondering: stop (SIGSTOP to its process group) each player that
    /// is not on move, and continue it when it is asked to move (games
    /// with a session per player).
    #[arg(long)]
    pub no_ponder: bool,

    /// Pin the players to CPUs: a list (`0-1,3`) pins every player to it,
    /// SEAT=LIST one player (repeat for several). Set before the exec; the
    /// verdict's settings say it.
    #[arg(long, value_name = "[SEAT=]CPUS", value_parser = parse_affinity)]
    pub affinity: Vec<(Option<usize>, Vec<usize>)>,

    /// Grace period at the end, in milliseconds: after closing a player's
    /// stdin, then again after SIGTERM, before SIGKILL.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub grace_ms: u64,

    /// Moves (all players together) after which the game is drawn; 0 = no
    /// limit.
    #[arg(long, value_name = "N")]
    pub max_turns: Option<u32>,

    /// Seed of the referee's random draws for the game (recorded; games
    /// that draw nothing ignore it) [default: from the clock].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Cap of each player's stderr log, in bytes.
    #[arg(long, value_name = "N", default_value_t = 10 * 1024 * 1024)]
    pub max_log_bytes: u64,

    /// Directory of player0.log, player1.log, ... (created if missing).
    #[arg(long, value_name = "DIR", default_value = "logs")]
    pub log_dir: PathBuf,

    /// Print one JSON object (docs/json.md) instead of the summary.
    #[arg(long)]
    pub json: bool,

    /// Write the whole game as JSON (docs/json.md) to FILE.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,

    /// Write the game as one self-contained HTML page to FILE (the viewer
    /// of `referee view`): the board, each player's view, step and play.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// Draw the board after every move (on stderr with --json).
    #[arg(short, long)]
    pub verbose: bool,

    /// The players' sandbox: `all` its layers (pid, user, net, ipc, fs,
    /// limits, cgroup, seccomp; those this machine refuses are said once
    /// and left out), `none`, or a list of layers (`pid,net,fs`). As root,
    /// every seat runs as a uid of its own whatever the list. See
    /// docs/referee.md.
    #[arg(
        long,
        value_name = "LAYERS",
        default_value = "all",
        help_heading = "Sandbox"
    )]
    pub sandbox: Layers,

    /// Memory of each player's processes together (its cgroup, where the
    /// machine has one): bytes, or with K, M, G.
    #[arg(long, value_name = "SIZE", help_heading = "Sandbox",
          default_value_t = Size(ResourceLimits::default().memory))]
    pub sandbox_memory: Size,

    /// Address space of each player process (RLIMIT_AS; a JVM reserves
    /// about 4G).
    #[arg(long, value_name = "SIZE", help_heading = "Sandbox",
          default_value_t = Size(ResourceLimits::default().address_space))]
    pub sandbox_address_space: Size,

    /// CPU time of each player process, in seconds (RLIMIT_CPU: SIGXCPU).
    #[arg(long, value_name = "N", help_heading = "Sandbox",
          default_value_t = ResourceLimits::default().cpu_time.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    pub sandbox_cpu_s: u64,

    /// Processes and threads of each player together.
    #[arg(long, value_name = "N", help_heading = "Sandbox",
          default_value_t = ResourceLimits::default().processes,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub sandbox_processes: u64,

    /// Open descriptors of each player process.
    #[arg(long, value_name = "N", help_heading = "Sandbox",
          default_value_t = ResourceLimits::default().open_files,
          value_parser = clap::value_parser!(u64).range(4..))]
    pub sandbox_open_files: u64,

    /// Size of any file a player writes (RLIMIT_FSIZE: SIGXFSZ).
    #[arg(long, value_name = "SIZE", help_heading = "Sandbox",
          default_value_t = Size(ResourceLimits::default().file_size))]
    pub sandbox_file_size: Size,

    /// Room for all a player writes: its working directory's private
    /// layer, /tmp and /dev/shm together (a tmpfs).
    #[arg(long, value_name = "SIZE", help_heading = "Sandbox",
          default_value_t = Size(ResourceLimits::default().disk))]
    pub sandbox_disk: Size,

    /// First uid of the seats when the referee runs as root: seat S of the
    /// referee of pid P runs as BASE + 32 P + S.
    #[arg(long, value_name = "BASE", help_heading = "Sandbox",
          default_value_t = Sandbox::default().uid_base,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(u32::MAX - 32 * (1 << 22))))]
    pub sandbox_uid_base: u32,

    /// Pass the referee's variable NAME to every player, or set it to
    /// VALUE (repeatable). A sandboxed player gets only PATH, LANG, LC_*,
    /// TERM, and a private HOME and TMPDIR, besides these.
    #[arg(
        long = "sandbox-env",
        value_name = "NAME[=VALUE]",
        help_heading = "Sandbox"
    )]
    pub sandbox_env: Vec<EnvVar>,

    /// Give every sandboxed player the referee's whole environment, as
    /// without a sandbox (a CI token or a password in it goes to every
    /// player).
    #[arg(long = "sandbox-env-all", help_heading = "Sandbox")]
    pub sandbox_env_all: bool,

    /// Show every player the directory DIR whole (repeatable): read-only,
    /// or read-write with `:rw` (its writes then stay on the machine's
    /// disk). For files a program needs that its command line does not
    /// name, in a private place (/tmp) or a directory closed to the seats'
    /// uids.
    #[arg(
        long = "sandbox-bind",
        value_name = "DIR[:rw]",
        help_heading = "Sandbox"
    )]
    pub sandbox_bind: Vec<BindDir>,
}

/// Reads `SEAT=MS` or `SEAT=none`.
fn parse_player_limit(s: &str) -> Result<(usize, Option<u64>), String> {
    let (seat, limit) = s
        .split_once('=')
        .ok_or_else(|| format!("{s:?} is not SEAT=MS or SEAT=none"))?;
    let seat = seat
        .parse()
        .map_err(|_| format!("{seat:?} is not a seat number"))?;
    let limit = match limit {
        "none" => None,
        ms => match ms.parse::<u64>() {
            Ok(ms @ 1..=3_600_000) => Some(ms),
            _ => return Err(format!("{ms:?} is not a time in ms (1 to 3600000) or none")),
        },
    };
    Ok((seat, limit))
}

/// `--affinity`'s value: a CPU list for every seat, or SEAT=LIST.
fn parse_affinity(s: &str) -> Result<(Option<usize>, Vec<usize>), String> {
    let (seat, list) = match s.split_once('=') {
        Some((seat, list)) => {
            let seat = seat
                .parse()
                .map_err(|_| format!("{seat:?} is not a seat number"))?;
            (Some(seat), list)
        }
        None => (None, s),
    };
    let cpus = parse_cpu_list(list).map_err(|e| format!("{list:?} is not a CPU list: {e}"))?;
    Ok((seat, cpus))
}

/// The game named on a command line: the value of its `--game` option,
/// read before the command line can be parsed (the game's options are
/// part of it). `None` for the default game.
pub fn game_name(args: &[OsString]) -> Option<String> {
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        let a = a.to_string_lossy();
        if a == "--" {
            break;
        }
        if a == "--game" {
            return it.next().map(|v| v.to_string_lossy().into_owned());
        }
        if let Some(v) = a.strip_prefix("--game=") {
            return Some(v.to_owned());
        }
    }
    None
}

/// The command of game `S`: the referee's options, the game's, and the
/// game's defaults; its help opens with what the referee is and how to
/// call it.
pub fn command<S: Spec>() -> clap::Command {
    let d: Defaults = S::DEFAULTS;
    let secret = <<S::Game as game_core::Game>::Phase as game_core::SetupPhase<S::Game>>::SECRET;
    let cmd = Cli::command()
        .mut_arg("time_limit_ms", |a| {
            a.default_value(d.time_limit_ms.to_string())
        })
        // Its default is the game's, unless --time-limit-ms is larger: it
        // is filled in after parsing, and said here.
        .mut_arg("setup_time_limit_ms", |a| {
            let help = a.get_help().map(ToString::to_string).unwrap_or_default();
            if secret {
                a.help(format!(
                    "{help} [default: {}, or --time-limit-ms if larger]",
                    d.setup_time_limit_ms
                ))
            } else {
                a.hide(true)
            }
        })
        // The turn limit's default may depend on the game's options
        // (`Spec::default_max_turns`): filled in after parsing, and said
        // here; a seed's own short flag for it is the game's
        // (`Spec::MAX_TURNS_SHORT`).
        .mut_arg("max_turns", |a| {
            let help = a.get_help().map(ToString::to_string).unwrap_or_default();
            let default = match S::MAX_TURNS_RULE {
                Some(rule) => format!("{rule}; {} with the defaults", d.max_turns),
                None => d.max_turns.to_string(),
            };
            let a = a.help(format!("{help} [default: {default}]"));
            match S::MAX_TURNS_SHORT {
                Some(c) => a.short(c),
                None => a,
            }
        });
    // The game's options' own doc comment would become the command's
    // description: the description is the referee's, set after them.
    S::Options::augment_args(cmd.next_help_heading(format!("Options of {}", S::NAME)))
        .about(about(S::NAME))
        .long_about(None)
}

/// What `referee --help` opens with: what the referee is, how to call it,
/// and where the other games' options are.
fn about(game: &str) -> String {
    format!(
        "The referee: plays one game between player programs, exactly as the game's protocol \
         says, and reports the verdict. Call it with the game and one program per seat, seat 0 \
         first: `referee --game {game} [OPTIONS] PLAYER PLAYER` (or `--player SPEC` per seat). \
         These are the options of {game}, with its defaults; `referee --game NAME --help` shows \
         another game's, `referee --list-games` lists the games."
    )
}

/// Parses the command line of game `S`.
pub fn parse<S: Spec>(args: &[OsString]) -> Result<(Cli, S::Options), clap::Error> {
    let mut cmd = command::<S>();
    let matches = cmd.try_get_matches_from_mut(args)?;
    let cli = Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))?;
    let options = S::Options::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))?;
    Ok((cli, options))
}

/// A usage error on the command line of game `S`.
pub fn usage_error<S: Spec>(message: impl std::fmt::Display) -> clap::Error {
    command::<S>().error(clap::error::ErrorKind::ArgumentConflict, message)
}

impl Cli {
    /// The players, seat by seat, with their names; checks that their number
    /// is the game's.
    pub fn players(&self, seats: usize) -> Result<Vec<(Option<String>, Program)>, String> {
        if !self.players.is_empty() && !self.player_specs.is_empty() {
            return Err(
                "give the players either as PLAYER arguments or with --player, not both".into(),
            );
        }
        let players: Vec<(Option<String>, Program)> = if self.player_specs.is_empty() {
            let mut args = vec![self.arg0.clone(), self.arg1.clone()];
            args.resize(self.players.len().max(2), Vec::new());
            self.players
                .iter()
                .zip(args)
                .map(|(p, a)| (None, Program::new(p.clone(), a)))
                .collect()
        } else {
            if !self.arg0.is_empty() || !self.arg1.is_empty() {
                return Err("--arg0/--arg1 go with PLAYER arguments; with --player, write the arguments in the spec".into());
            }
            self.player_specs
                .iter()
                .map(|s| {
                    ProgramSpec::parse(s)
                        .map(|p| (p.name, Program::new(p.path, p.args)))
                        .map_err(|e| format!("--player {s:?}: {e}"))
                })
                .collect::<Result<_, _>>()?
        };
        if players.len() != seats {
            return Err(format!(
                "{} takes {seats} players, {} given",
                self.game,
                players.len()
            ));
        }
        if let Some((seat, _)) = self.player_time_limit_ms.iter().find(|(s, _)| *s >= seats) {
            return Err(format!(
                "--player-time-limit-ms: there is no player {seat} ({} takes {seats})",
                self.game
            ));
        }
        for (seat, cpus) in &self.affinity {
            let arg = || match seat {
                Some(s) => format!("--affinity {s}={}", show_cpu_list(cpus)),
                None => format!("--affinity {}", show_cpu_list(cpus)),
            };
            if let Some(s) = seat.filter(|&s| s >= seats) {
                return Err(format!(
                    "{}: there is no player {s} ({} takes {seats})",
                    arg(),
                    self.game
                ));
            }
            check_allowed(cpus).map_err(|e| format!("{}: {e}", arg()))?;
        }
        Ok(players)
    }

    /// The match settings for these players; the game's defaults fill
    /// what the command line leaves open.
    pub fn config(
        &self,
        players: Vec<(Option<String>, Program)>,
        defaults: Defaults,
    ) -> MatchConfig {
        let (names, programs) = players.into_iter().unzip();
        let mut cfg = MatchConfig::new(programs);
        cfg.names = names;
        let time = self.time_limit_ms.unwrap_or(defaults.time_limit_ms);
        cfg.time_limit = Duration::from_millis(time);
        let setup = self
            .setup_time_limit_ms
            .unwrap_or(defaults.setup_time_limit_ms.max(time));
        cfg.setup_time_limit = Duration::from_millis(setup);
        cfg.player_time_limits = self
            .player_time_limit_ms
            .iter()
            .map(|&(seat, ms)| (seat, ms.map(Duration::from_millis)))
            .collect();
        cfg.grace = Duration::from_millis(self.grace_ms);
        cfg.no_ponder = self.no_ponder;
        cfg.affinity = (0..cfg.programs.len())
            .map(|s| {
                // A seat's own list wins over one for every seat.
                let own = self
                    .affinity
                    .iter()
                    .rev()
                    .find(|(seat, _)| *seat == Some(s));
                let all = self.affinity.iter().rev().find(|(seat, _)| seat.is_none());
                own.or(all).map(|(_, c)| c.clone()).unwrap_or_default()
            })
            .collect();
        cfg.max_turns = self.max_turns.unwrap_or(defaults.max_turns);
        cfg.max_log_bytes = self.max_log_bytes;
        cfg.log_dir = self.log_dir.clone();
        cfg.seed = self.seed.unwrap_or_else(seed_from_clock);
        cfg.sandbox = Sandbox {
            layers: self.sandbox,
            limits: ResourceLimits {
                address_space: self.sandbox_address_space.0,
                cpu_time: Duration::from_secs(self.sandbox_cpu_s),
                processes: self.sandbox_processes,
                open_files: self.sandbox_open_files,
                file_size: self.sandbox_file_size.0,
                disk: self.sandbox_disk.0,
                memory: self.sandbox_memory.0,
            },
            uid_base: self.sandbox_uid_base,
            env: EnvPolicy {
                keep_all: self.sandbox_env_all,
                extra: self.sandbox_env.clone(),
            },
            binds: self.sandbox_bind.clone(),
        };
        cfg
    }
}

/// A seed when none is given: the clock's nanoseconds mixed with the pid.
fn seed_from_clock() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    game_core::Rng::new(nanos ^ u64::from(std::process::id()).rotate_left(32)).next_u64() >> 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::Registry as _;
    use stratego::referee_game::Spec as Stratego;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn arguments_for_players() {
        let (cli, opts) = parse::<Stratego>(&os(&[
            "referee",
            "--arg0=--seed",
            "--arg0",
            "7",
            "--arg1",
            "--strategy",
            "a",
            "b",
        ]))
        .unwrap();
        assert_eq!(cli.arg0, ["--seed", "7"]);
        assert_eq!(cli.arg1, ["--strategy"]);
        assert!(!opts.two_square_rule);
        let players = cli.players(2).unwrap();
        assert_eq!(players[0].1, Program::new("a", ["--seed", "7"]));
        assert_eq!(players[1].1, Program::new("b", ["--strategy"]));
        let cfg = cli.config(players, <Stratego as Spec>::DEFAULTS);
        assert_eq!(cfg.time_limit, Duration::from_millis(500));
        // The setup reply has 2 s by default (start-up included).
        assert_eq!(cfg.setup_time_limit, Duration::from_millis(2000));
        assert_eq!(cfg.max_turns, 2000);
    }

    #[test]
    fn player_specs_carry_names_and_arguments() {
        let (cli, _) = parse::<Stratego>(&os(&[
            "referee",
            "--player",
            "ai=./player --seed 1",
            "--player",
            "./other 'two words'",
        ]))
        .unwrap();
        let players = cli.players(2).unwrap();
        assert_eq!(players[0].0.as_deref(), Some("ai"));
        assert_eq!(players[0].1, Program::new("./player", ["--seed", "1"]));
        assert_eq!(players[1].1, Program::new("./other", ["two words"]));
    }

    #[test]
    fn affinity_for_every_seat_and_one() {
        let (cli, _) = parse::<Stratego>(&os(&[
            "referee",
            "--affinity",
            "0",
            "--affinity",
            "1=0",
            "a",
            "b",
        ]))
        .unwrap();
        assert_eq!(cli.affinity, [(None, vec![0]), (Some(1), vec![0])]);
        let players = cli.players(2).unwrap();
        let cfg = cli.config(players, <Stratego as Spec>::DEFAULTS);
        assert_eq!(cfg.affinity, [vec![0], vec![0]]);
        let (cli, _) = parse::<Stratego>(&os(&["referee", "--affinity", "2=0", "a", "b"])).unwrap();
        assert_eq!(
            cli.players(2).unwrap_err(),
            "--affinity 2=0: there is no player 2 (stratego takes 2)"
        );
        let (cli, _) =
            parse::<Stratego>(&os(&["referee", "--affinity", "1000", "a", "b"])).unwrap();
        assert!(cli.players(2).unwrap_err().contains("is not among"));
        assert!(parse::<Stratego>(&os(&["referee", "--affinity", "x", "a", "b"])).is_err());
    }

    #[test]
    fn usage_errors() {
        let (cli, _) = parse::<Stratego>(&os(&["referee", "a"])).unwrap();
        assert_eq!(
            cli.players(2).unwrap_err(),
            "stratego takes 2 players, 1 given"
        );
        let (cli, _) = parse::<Stratego>(&os(&["referee", "a", "b", "--player", "c"])).unwrap();
        assert!(cli.players(2).unwrap_err().contains("not both"));
        assert!(parse::<Stratego>(&os(&["referee", "--time-limit-ms", "0", "a", "b"])).is_err());
        let (cli, opts) =
            parse::<Stratego>(&os(&["referee", "--two-square-rule", "a", "b"])).unwrap();
        assert!(opts.two_square_rule);
        assert_eq!(cli.players(2).unwrap().len(), 2);
    }

    #[test]
    fn a_player_may_have_a_limit_of_its_own_or_none() {
        let (cli, _) = parse::<Stratego>(&os(&[
            "referee",
            "--player-time-limit-ms",
            "0=none",
            "--player-time-limit-ms=1=1500",
            "a",
            "b",
        ]))
        .unwrap();
        let cfg = cli.config(cli.players(2).unwrap(), <Stratego as Spec>::DEFAULTS);
        assert_eq!(cfg.move_limit(0), None);
        assert_eq!(cfg.setup_limit(0), None);
        assert_eq!(cfg.move_limit(1), Some(Duration::from_millis(1500)));
        assert_eq!(cfg.setup_limit(1), Some(Duration::from_millis(1500)));
        for bad in ["0", "x=1", "0=0", "0=soon"] {
            let args = os(&["referee", "--player-time-limit-ms", bad, "a", "b"]);
            assert!(parse::<Stratego>(&args).is_err(), "{bad}");
        }
        let (cli, _) =
            parse::<Stratego>(&os(&["referee", "--player-time-limit-ms", "2=9", "a", "b"]))
                .unwrap();
        assert!(cli.players(2).unwrap_err().contains("no player 2"));
    }

    /// Every game's options fit beside the referee's: no name taken twice
    /// (clap's checks), and a command line parses.
    #[test]
    fn every_games_options_fit_the_referees_command() {
        struct Check;
        impl games::Visit for Check {
            type Output = ();
            fn visit<S: Spec>(self) {
                command::<S>().debug_assert();
                let (cli, _) = parse::<S>(&os(&["referee", "--game", S::NAME, "a", "b"]))
                    .unwrap_or_else(|e| panic!("{}: {e}", S::NAME));
                assert_eq!(cli.players.len(), 2);
            }
        }
        for name in games::All::names() {
            games::All::visit(name, Check);
        }
    }

    #[test]
    fn the_game_is_found_before_parsing() {
        assert_eq!(game_name(&os(&["referee", "a", "b"])), None);
        assert_eq!(
            game_name(&os(&["referee", "--game", "oust", "a"])).as_deref(),
            Some("oust")
        );
        assert_eq!(
            game_name(&os(&["referee", "--game=oust", "a"])).as_deref(),
            Some("oust")
        );
        assert_eq!(game_name(&os(&["referee", "--", "--game=x"])), None);
    }
}
