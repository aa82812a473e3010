//! `strength`: the strength benchmark (`make bench-strength`, and the
//! per-game `make bench-*-strength`). Plays our AI against each baseline
//! strategy of a game through the real referee — every match through the
//! tournament library, the one match manager (a gauntlet per opponent,
//! seats alternating, resumable) — and prints wins/draws/losses, the score
//! with its 95% interval, how the games ended, the reply times and the
//! search depth reached and how often it waited for a CPU; then checks the
//! targets of the issues (and that the machine was quiet). In a game
//! of more than two seats the AI meets as many copies of the baseline as
//! fill the table (the share of games it wins is printed beside the even
//! share).
//!
//! With `--sparring DIR` (`make bench-sparring`) the opponents include the
//! Stratego agents of the UCC 2012 competition, built by the user in DIR,
//! each seated with `--protocol SEAT=ucc` (docs/ucc.md). `--previous PATH`
//! adds an earlier build of the player to the pool (`--previous-args` its
//! own arguments, for a change of arguments alone), `--pool NAME=COMMAND`
//! any program (`make bench-pool`). `--sprt` then tests the AI against the
//! first previous build (paired games, the tournament's SPRT) and
//! `--baseline DIR` compares every member's score with a stored run: the
//! accept rule of a change (`make bench-sprt`, docs/player.md).
//!
//! Exit status: 0 when every target is met (and, with `--sprt` or
//! `--baseline`, the change is accepted), 1 when one is missed, 2 for a
//! usage error.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use bench::game::Played;
use bench::pool::{AI, Against, parse_member, parse_target};
use bench::summary::{MAX_LOADED_SHARE, Tally};
use clap::Parser;
use referee_schema::ProgramSpec;
use tournament::plan::schedule::{self, Mode};
use tournament::plan::{game, resume, spec};
use tournament::report::SprtStatus;
use tournament::report::sprt::{Decision, Sprt};
use tournament::results::file::ResultsFile;
use tournament::results::record::Settings;
use tournament::run::executor::Executor;
use tournament::run::play::{self, Config};

/// Plays our AI against a game's baseline strategies through the referee.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Plays our AI against a game's baseline strategies through the referee (via the tournament library) and checks the strength targets"
)]
struct Cli {
    /// The game.
    #[arg(long, default_value = "stratego")]
    game: String,
    /// The game's own options, one string split like a shell command line.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    game_options: String,
    /// Games against each opponent.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Skip the schedule's first N games: with `--games M`, games N+1 to
    /// N+M are played, with their own seeds and seats (a game's seed
    /// follows from its number), for a second sample beside a run of the
    /// first M (in another --log-dir: a results file holding other games
    /// is refused).
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip: u32,
    /// Opponents (comma-separated): strategies of the player program, or
    /// with --sparring the UCC agents built there [default: random,greedy;
    /// with --sparring also each of the agents
    /// peternlewis,celsius,vixen,asmodeus,hunter found in DIR].
    #[arg(long, value_delimiter = ',')]
    opponents: Option<Vec<String>>,
    /// Where the UCC 2012 Stratego agents are built (Stratego only): an
    /// opponent NAME is the agent DIR/NAME or DIR/NAME/NAME if executable,
    /// or else DIR/NAME/NAME.py run by --python2 in its own directory, if
    /// one is there (the five of the competition must be), a strategy of
    /// the player if not; the referee speaks the UCC protocol to an agent
    /// (docs/ucc.md).
    #[arg(long, value_name = "DIR")]
    sparring: Option<PathBuf>,
    /// An earlier build of the player, one more member of the pool
    /// (`previous`, then `previous2`..), run with the AI's own arguments
    /// (--ai-args) unless --previous-args says otherwise; repeatable. The
    /// first is the one --sprt tests against.
    #[arg(long, value_name = "PATH")]
    previous: Vec<PathBuf>,
    /// The arguments of the --previous builds instead of the AI's, one
    /// string split like a shell command line (`""` for none): for a change
    /// of arguments alone, such as a tuning weight, --previous is this same
    /// build and these are its old arguments.
    #[arg(
        long,
        value_name = "ARGS",
        requires = "previous",
        allow_hyphen_values = true
    )]
    previous_args: Option<String>,
    /// Any other program as a member of the pool, NAME=COMMAND (split like
    /// a shell command line, `{seed}` the game's seed), e.g.
    /// `ismcts=target/release/player --strategy ismcts --seed {seed}`;
    /// repeatable, or several separated by `;`.
    #[arg(long, value_name = "NAME=COMMAND", value_delimiter = ';')]
    pool: Vec<String>,
    /// The lowest score against member NAME, a fraction, NAME=SCORE
    /// (over the built-in targets); repeatable.
    #[arg(long, value_name = "NAME=SCORE")]
    target: Vec<String>,
    /// Test the AI against the first --previous build with the SPRT
    /// ELO0,ELO1,ALPHA,BETA (the tournament's, on paired games) before the
    /// pool: the change is accepted only if it passes (H1).
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", requires = "previous")]
    sprt: Option<Sprt>,
    /// Most games of the SPRT (even: pairs) before it is called undecided.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    sprt_games: u32,
    /// The log directory of a stored run of the pool (the previous build's,
    /// with the same --games and options): the change is accepted only if
    /// no member's score drops, i.e. no baseline score lies above the new
    /// run's 95% interval.
    #[arg(long, value_name = "DIR")]
    baseline: Option<PathBuf>,
    /// The Python 2 interpreter of the Python agents (--sparring).
    #[arg(long, value_name = "PATH", default_value = "python2.7")]
    python2: String,
    /// The opponents' own limit per reply, in ms (the referee's
    /// `--player-time-limit-ms` for their seat); ours stays the game's
    /// [default: the game's for both].
    #[arg(long, value_name = "MS")]
    opponent_time_limit_ms: Option<u64>,
    /// Games played at once. Each game runs the AI on one core; more jobs
    /// than cores make the reply times meaningless.
    #[arg(short, long, default_value_t = 2)]
    jobs: usize,
    /// The referee program.
    #[arg(long, default_value = "target/release/referee")]
    referee: PathBuf,
    /// The player program (the AI and the baseline strategies).
    #[arg(long, default_value = "target/release/player")]
    player: PathBuf,
    /// Further arguments of the AI, one string split like a shell command
    /// line [default: none, so a run measures the player's own defaults;
    /// a second default here went stale when the player's changed].
    /// A results file records the arguments its games were played with:
    /// the older Stratego runs, started when this passed
    /// `--move-time-ms 350`, resume or re-tally with `--ai-args
    /// "--move-time-ms 350"`.
    #[arg(long, allow_hyphen_values = true)]
    ai_args: Option<String>,
    /// The referee's limit per move reply [default: the game's].
    #[arg(long)]
    time_limit_ms: Option<u64>,
    /// The referee's turn limit [default: the game's].
    #[arg(long)]
    max_turns: Option<u64>,
    /// Where the gauntlets' results and each game's logs and record go
    /// (`LOG_DIR/OPPONENT/`); a run stopped early resumes from there.
    #[arg(long, default_value = "logs/bench-strength")]
    log_dir: PathBuf,
}

/// A target of the issues: the lowest score of our AI against an opponent
/// in a game of `seats` seats.
fn target_score(game: &str, opponent: &str, seats: usize) -> Option<f64> {
    match (game, opponent, seats) {
        ("coursidor", "random", 2) => Some(1.0),
        ("coursidor", "tour", 2) => Some(0.95),
        (_, "random", 2) => Some(0.99),
        ("stratego" | "oust" | "quarto", "greedy", 2) | ("mansuba", "closer", 2) => Some(0.90),
        // The UCC 2012 agents (--sparring): the competition's winner, and
        // the others.
        ("stratego", "peternlewis", 2) => Some(0.90),
        ("stratego", "celsius" | "vixen" | "asmodeus" | "hunter", 2) => Some(0.97),
        // The independent player of another search family (issue 52).
        ("stratego", "ismcts", 2) => Some(0.80),
        _ => None,
    }
}

/// The UCC 2012 agents `--sparring` plays by default.
const SPARRING: [&str; 5] = ["peternlewis", "celsius", "vixen", "asmodeus", "hunter"];

/// The program of UCC agent `name` built in `dir`: an executable `dir/name`
/// or `dir/name/name`, or the script `dir/name/name.py` run by `python2`.
fn agent(dir: &std::path::Path, name: &str, python2: &str) -> Result<ProgramSpec> {
    let executable = |p: &std::path::Path| {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    let dir = std::path::absolute(dir)?;
    let own = dir.join(name);
    for p in [own.clone(), own.join(name)] {
        if executable(&p) {
            return Ok(ProgramSpec::new(p.to_string_lossy(), Vec::<String>::new()));
        }
    }
    let script = own.join(format!("{name}.py"));
    if !script.is_file() {
        bail!(
            "no agent {name} in {}: neither an executable {name} or {name}/{name}, nor \
             {name}/{name}.py (docs/ucc.md says how to build the agents)",
            dir.display()
        );
    }
    // The interpreter is the program itself, not a `sh -c` line: the
    // referee's sandbox then sees what must run (a seat's uid that cannot
    // reach an interpreter installed under /root runs as root without
    // capabilities instead of failing at exec). The agents find their
    // modules and hunter its `default.scores` next to the script's path.
    Ok(ProgramSpec::new(
        python2,
        ["-u".to_owned(), script.to_string_lossy().into_owned()],
    ))
}

/// Replies must stay under this share of the time limit.
const TARGET_REPLY_SHARE: f64 = 0.9;

/// Games `skip + 1` to `skip + games` of the schedule, each with the id
/// (so the seed) and seats it has in the whole schedule.
fn scheduled(
    names: &[String],
    mode: Mode,
    skip: u32,
    games: u32,
    seats: usize,
) -> Result<Vec<schedule::Game>> {
    let total = skip
        .checked_add(games)
        .ok_or_else(|| anyhow!("--skip {skip} with --games {games}: too many games"))?;
    Ok(schedule::schedule(names, mode, total, seats)
        .into_iter()
        .filter(|g| g.index >= skip)
        .collect())
}

/// One opponent of the AI in the pool.
struct Member {
    /// Its name in the matches, the results and the log directory.
    name: String,
    /// Its program.
    spec: ProgramSpec,
    /// Whether it speaks the UCC 2012 protocol (an agent of --sparring).
    ucc: bool,
}

/// The AI's further arguments (--ai-args).
fn ai_args(cli: &Cli) -> Result<Vec<String>> {
    split_args("--ai-args", cli.ai_args.as_deref())
}

/// The arguments of the --previous builds: --previous-args, or else the
/// AI's.
fn previous_args(cli: &Cli) -> Result<Vec<String>> {
    match &cli.previous_args {
        Some(a) => split_args("--previous-args", Some(a)),
        None => ai_args(cli),
    }
}

/// The arguments in the value of `option`, split like a shell command
/// line (none when the option is absent).
fn split_args(option: &str, value: Option<&str>) -> Result<Vec<String>> {
    match value {
        Some(a) => shlex::split(a).ok_or_else(|| anyhow!("{option} `{a}`: unbalanced quotes")),
        None => Ok(Vec::new()),
    }
}

/// The build of the player at `path` playing `game` with the AI's
/// arguments, named `name`.
fn ai_program(path: &str, game: &str, args: &[String], name: &str) -> ProgramSpec {
    let mut spec = ProgramSpec::new(
        path,
        ["--game", game, "--seed", "{seed}"]
            .into_iter()
            .map(String::from)
            .chain(args.iter().cloned()),
    );
    spec.name = Some(name.to_owned());
    spec
}

/// The pool: the --opponents (strategies, agents of --sparring), the
/// --previous builds, the --pool programs, each name once.
fn members(cli: &Cli, g: &game::GameInfo) -> Result<Vec<Member>> {
    let found = |name: &str| {
        cli.sparring
            .as_deref()
            .and_then(|dir| agent(dir, name, &cli.python2).ok())
    };
    let opponents: Vec<String> = match &cli.opponents {
        Some(o) => o.clone(),
        None => {
            let mut o = vec!["random".to_owned(), "greedy".to_owned()];
            if let Some(dir) = &cli.sparring {
                let agents: Vec<String> = SPARRING
                    .iter()
                    .filter(|a| found(a).is_some())
                    .map(|a| (*a).to_owned())
                    .collect();
                if agents.is_empty() {
                    bail!(
                        "--sparring {}: none of the agents {} is there (docs/ucc.md says how to build them)",
                        dir.display(),
                        SPARRING.join(", ")
                    );
                }
                o.extend(agents);
            }
            o
        }
    };
    let player = cli.player.to_string_lossy().into_owned();
    let mut pool = Vec::new();
    for name in opponents {
        let member = match (&cli.sparring, found(&name)) {
            (Some(_), Some(spec)) => Member {
                name,
                spec,
                ucc: true,
            },
            // One of the competition's agents must be there: its absence
            // is a mistake to report, not a strategy to try.
            (Some(dir), None) if SPARRING.contains(&name.as_str()) => {
                agent(dir, &name, &cli.python2)?;
                unreachable!("agent() found no agent above");
            }
            _ => Member {
                spec: ProgramSpec::new(
                    &player,
                    ["--game", &g.name, "--strategy", &name, "--seed", "{seed}"],
                ),
                name,
                ucc: false,
            },
        };
        pool.push(member);
    }
    let args = previous_args(cli)?;
    for (i, path) in cli.previous.iter().enumerate() {
        if !path.is_file() {
            bail!("--previous {}: no such program", path.display());
        }
        let name = previous_name(i);
        let spec = ai_program(&path.to_string_lossy(), &g.name, &args, &name);
        pool.push(Member {
            name,
            spec,
            ucc: false,
        });
    }
    for text in &cli.pool {
        let spec = parse_member(text)?;
        let name = spec.name.clone().expect("parse_member names it");
        pool.push(Member {
            name,
            spec,
            ucc: false,
        });
    }
    let mut seen = std::collections::HashSet::new();
    for m in &pool {
        if m.name == AI || !seen.insert(m.name.as_str()) {
            bail!(
                "two members of the pool (or the AI) are named `{}`: name them apart",
                m.name
            );
        }
    }
    Ok(pool)
}

/// The name of the `i`th --previous build.
fn previous_name(i: usize) -> String {
    match i {
        0 => "previous".to_owned(),
        _ => format!("previous{}", i + 1),
    }
}

/// One match of the AI, played (or resumed) through the tournament
/// library into `log_dir`; returns the SPRT's state after it, if one runs.
fn play_match(
    config: &Config,
    games: &[schedule::Game],
    opponent: &str,
) -> Result<Option<SprtStatus>> {
    let results_path = config.log_dir.join("results.jsonl");
    let (mut results, contents) = ResultsFile::open(&results_path)?;
    let plan = resume::plan(
        games,
        &config.programs,
        &config.settings,
        &contents.records,
        false,
    )
    .with_context(|| format!("{} holds other games", results_path.display()))?;
    let played = play::play(
        &Executor::local(),
        config,
        games,
        &plan,
        &contents.records,
        &mut results,
    )?;
    results.close()?;
    // The tournament's own judgment, from the verdicts' CPU and wall times
    // (the AI's "waiting" figures below are from its own log).
    if let Some(warning) = played.tally.cpu_waits.warning() {
        println!("  {warning}");
    }
    if let Some(fatal) = &played.fatal {
        bail!("{}", game_core::error_chain(fatal));
    }
    let decided = played
        .sprt
        .as_ref()
        .is_some_and(|s| s.decision != Decision::Continue);
    if played.unfinished > 0 && !decided {
        bail!(
            "{} game(s) against {opponent} without a verdict (rerun to resume)",
            played.unfinished
        );
    }
    Ok(played.sprt)
}

/// The AI's games among `games` in the results file `path`, from its side.
fn tally_file(path: &std::path::Path, games: &[schedule::Game]) -> Result<Tally> {
    let (file, contents) = ResultsFile::open(path)?;
    file.close()?;
    let ids: std::collections::HashSet<&str> = games.iter().map(|g| g.id.as_str()).collect();
    let mut tally = Tally::default();
    for loaded in contents
        .records
        .iter()
        .filter(|l| ids.contains(l.record.id.as_str()))
    {
        let me = loaded
            .record
            .players
            .iter()
            .position(|p| p.name == AI)
            .with_context(|| format!("{}: a game without the AI", path.display()))?;
        let game = Played::read(&loaded.record.log_dir, loaded.verdict.summary.clone())?;
        tally.add(&game, me);
    }
    Ok(tally)
}

/// The limit on one game's wall time: every move at the slowest limit.
fn game_timeout(cli: &Cli, settings: &Settings) -> Duration {
    Duration::from_millis(
        2u64.saturating_mul(settings.max_turns.saturating_add(2))
            .saturating_mul(
                settings
                    .time_limit_ms
                    .max(cli.opponent_time_limit_ms.unwrap_or(0)),
            ),
    )
    .saturating_add(Duration::from_secs(60))
}

/// Plays (or resumes) the gauntlet of the AI against `member` and tallies
/// it from the AI's side, with the games it counts.
fn gauntlet(
    cli: &Cli,
    g: &game::GameInfo,
    settings: &Settings,
    member: &Member,
) -> Result<(Tally, Vec<schedule::Game>)> {
    let player = cli.player.to_string_lossy().into_owned();
    let ai = ai_program(&player, &g.name, &ai_args(cli)?, AI);
    // As many copies of the opponent as fill the table.
    let mut specs = vec![ai];
    for i in 1..g.seats {
        let mut opp = member.spec.clone();
        opp.name = Some(if g.seats == 2 {
            member.name.clone()
        } else {
            format!("{}{i}", member.name)
        });
        specs.push(opp);
    }
    let mut programs = spec::resolve(&specs, std::env::var_os("PATH").as_deref())?;
    for opp in &mut programs[1..] {
        if member.ucc {
            opp.protocol = Some("ucc".into());
        }
        opp.time_limit_ms = cli.opponent_time_limit_ms;
    }
    let config = Config {
        name: format!("strength-{}", member.name),
        programs,
        mode: Mode::Gauntlet,
        games: cli.games,
        seats: g.seats,
        settings: settings.clone(),
        referee: cli.referee.clone(),
        log_dir: cli.log_dir.join(&member.name),
        concurrency: cli.jobs.max(1),
        game_timeout: Some(game_timeout(cli, settings)),
        sprt: None,
        quiet: false,
    };
    let names: Vec<String> = config.programs.iter().map(|p| p.name.clone()).collect();
    let games = scheduled(&names, config.mode, cli.skip, cli.games, config.seats)?;
    play_match(&config, &games, &member.name)?;
    // Everything the results file holds for this gauntlet, old and new.
    let tally = tally_file(&config.log_dir.join("results.jsonl"), &games)?;
    Ok((tally, games))
}

/// Plays (or resumes) the SPRT of the AI against the first --previous
/// build, in paired games, until it decides or --sprt-games are played.
fn sprt_match(
    cli: &Cli,
    g: &game::GameInfo,
    settings: &Settings,
    sprt: Sprt,
) -> Result<SprtStatus> {
    if g.seats != 2 {
        bail!(
            "--sprt needs a game of two seats, {} has {}",
            g.name,
            g.seats
        );
    }
    if cli.sprt_games == 0 || cli.sprt_games % 2 != 0 {
        bail!(
            "--sprt-games {}: an even number of games is needed (they are played in pairs)",
            cli.sprt_games
        );
    }
    let previous = cli.previous.first().context("--sprt needs --previous")?;
    let player = cli.player.to_string_lossy().into_owned();
    let specs = [
        ai_program(&player, &g.name, &ai_args(cli)?, AI),
        ai_program(
            &previous.to_string_lossy(),
            &g.name,
            &previous_args(cli)?,
            &previous_name(0),
        ),
    ];
    let programs = spec::resolve(&specs, std::env::var_os("PATH").as_deref())?;
    let settings = Settings {
        pairs: true,
        ..settings.clone()
    };
    let config = Config {
        name: "strength-sprt".to_owned(),
        programs,
        mode: Mode::Gauntlet,
        games: cli.sprt_games,
        seats: 2,
        game_timeout: Some(game_timeout(cli, &settings)),
        settings,
        referee: cli.referee.clone(),
        log_dir: cli.log_dir.join("sprt"),
        concurrency: cli.jobs.max(1),
        sprt: Some(sprt),
        quiet: false,
    };
    let names: Vec<String> = config.programs.iter().map(|p| p.name.clone()).collect();
    let mut games = schedule::schedule(&names, config.mode, config.games, 2);
    schedule::pair(&mut games);
    let status = play_match(&config, &games, &previous_name(0))?;
    status.context("the SPRT ran without a state")
}

fn run(cli: &Cli) -> Result<bool> {
    for (what, path) in [("referee", &cli.referee), ("player", &cli.player)] {
        if !path.is_file() {
            bail!(
                "the {what} program {} does not exist (build with `cargo build --release --workspace --bins`)",
                path.display()
            );
        }
    }
    let game_options = shlex::split(&cli.game_options)
        .ok_or_else(|| anyhow!("--game-options: unbalanced quotes"))?;
    let g = game::describe::<games::All>(&cli.game, &game_options)?;
    let settings = Settings {
        game: g.name.clone(),
        game_options,
        time_limit_ms: cli.time_limit_ms.unwrap_or(g.defaults.time_limit_ms),
        max_turns: cli.max_turns.unwrap_or(u64::from(g.defaults.max_turns)),
        referee_args: Vec::new(),
        pairs: false,
    };
    if cli.sparring.is_some() && g.name != "stratego" {
        bail!("--sparring plays the UCC 2012 Stratego agents: it needs --game stratego");
    }
    let mut targets: std::collections::HashMap<String, f64> = std::collections::HashMap::new();
    for t in &cli.target {
        let (name, score) = parse_target(t)?;
        targets.insert(name, score);
    }
    let pool = members(cli, &g)?;
    for name in targets.keys() {
        if !pool.iter().any(|m| &m.name == name) {
            bail!("--target {name}=..: no member of the pool is named `{name}`");
        }
    }
    // The SPRT first: a change it rejects needs no pool run.
    let sprt = match cli.sprt {
        Some(s) => Some(sprt_match(cli, &g, &settings, s)?),
        None => None,
    };
    let mut tallies = Vec::new();
    for member in &pool {
        tallies.push(gauntlet(cli, &g, &settings, member)?);
    }
    println!(
        "strength: our {} AI ({}) through {} (--time-limit-ms {}{}{}), {} seats, {} jobs",
        g.name,
        cli.player.display(),
        cli.referee.display(),
        settings.time_limit_ms,
        if settings.game_options.is_empty() {
            String::new()
        } else {
            format!(", game options `{}`", settings.game_options.join(" "))
        },
        cli.opponent_time_limit_ms
            .map_or_else(String::new, |ms| format!(", the opponents {ms}")),
        g.seats,
        cli.jobs
    );
    let reply_limit = TARGET_REPLY_SHARE * settings.time_limit_ms as f64;
    let mut met = true;
    let mut drops = Vec::new();
    for (member, (t, games)) in pool.iter().zip(&tallies) {
        let name = &member.name;
        println!("against {name}:");
        print!("{t}");
        let target = targets
            .get(name)
            .copied()
            .or_else(|| target_score(&g.name, name, g.seats));
        if let Some(target) = target {
            // Wins through the opponent's fault (an agent that cannot
            // start, a timeout) are not counted towards the target.
            let ok = t.judged_score().is_some_and(|s| s >= target);
            met &= ok;
            println!(
                "  target score >= {:.0}%{}: {}",
                target * 100.0,
                if t.opponent_faults > 0 {
                    " (without the opponent's faults)"
                } else {
                    ""
                },
                if ok { "met" } else { "MISSED" }
            );
        }
        let ok = t.max_reply_ms < reply_limit;
        met &= ok && t.faults == 0;
        println!(
            "  target max reply < {reply_limit:.0} ms: {}; no game lost by a fault: {}",
            if ok { "met" } else { "MISSED" },
            if t.faults == 0 { "met" } else { "MISSED" }
        );
        // A score measured while the AI waited for a CPU is the score of
        // a weaker AI: it measures nothing the targets ask.
        let quiet = t.quiet();
        met &= quiet;
        if !quiet {
            println!(
                "  measured on a quiet machine (at most {:.0}% of moves searched waiting for a CPU): \
                 MISSED, rerun with fewer --jobs or nothing else running",
                MAX_LOADED_SHARE * 100.0
            );
        }
        if let Some(dir) = &cli.baseline {
            let path = dir.join(name).join("results.jsonl");
            let base = if path.is_file() {
                Some(tally_file(&path, games)?)
            } else {
                None
            };
            let (lo, hi) = t.interval();
            let against = Against::judge(t, base.as_ref());
            match against {
                Against::NoBaseline => {
                    println!("  baseline: no game against {name} in {}", dir.display());
                }
                Against::Held { baseline } | Against::Dropped { baseline } => {
                    let games = base.as_ref().map_or(0, |b| b.total.games);
                    println!(
                        "  baseline {:.1}% over {games} games, this run's interval {:.1}-{:.1}%: {}",
                        baseline * 100.0,
                        lo * 100.0,
                        hi * 100.0,
                        if against.dropped() { "DROPPED" } else { "held" }
                    );
                }
            }
            if against.dropped() {
                drops.push(name.clone());
            }
        }
    }
    println!("all targets {}", if met { "met" } else { "NOT met" });
    if cli.sprt.is_none() && cli.baseline.is_none() {
        return Ok(met);
    }
    let mut accepted = true;
    if let Some(s) = &sprt {
        let games = s.wdl.wins + s.wdl.draws + s.wdl.losses;
        let verdict = match s.decision {
            Decision::H1 => "passed (H1)",
            Decision::H0 => "FAILED (H0)",
            Decision::Continue => "UNDECIDED",
        };
        let arguments = match cli.previous_args.as_deref() {
            Some(a) if a.trim().is_empty() => " with no arguments".to_owned(),
            Some(a) => format!(" with arguments `{a}`"),
            None => String::new(),
        };
        println!(
            "SPRT against {}{arguments} over {games} games ({} pairs): +{} ={} -{}, {}: {verdict}",
            cli.previous[0].display(),
            s.pairs.map_or(0, |p| p.pairs()),
            s.wdl.wins,
            s.wdl.draws,
            s.wdl.losses,
            s.short()
        );
        accepted &= s.decision == Decision::H1;
    }
    if cli.baseline.is_some() {
        if drops.is_empty() {
            println!("no pool member dropped against the baseline");
        } else {
            println!("DROPPED against the baseline: {}", drops.join(", "));
        }
        accepted &= drops.is_empty();
    }
    println!(
        "change {}",
        if accepted && met {
            "accepted"
        } else {
            "NOT accepted"
        }
    );
    Ok(met && accepted)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("strength: {e:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `strength` run with `args` (after the program name).
    fn cli(args: &[&str]) -> Cli {
        Cli::try_parse_from(std::iter::once("strength").chain(args.iter().copied())).unwrap()
    }

    #[test]
    fn the_pool_holds_strategies_agents_previous_builds_and_programs() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let agent = dir.path().join("peternlewis");
        std::fs::write(&agent, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&agent, std::fs::Permissions::from_mode(0o755)).unwrap();
        let old = dir.path().join("old-player");
        std::fs::write(&old, "").unwrap();
        let g = game::describe::<games::All>("stratego", &[]).unwrap();
        let sparring = dir.path().to_str().unwrap();
        let c = cli(&[
            "--sparring",
            sparring,
            "--previous",
            old.to_str().unwrap(),
            "--pool",
            "ismcts=./p --strategy ismcts;other=./q",
            "--ai-args",
            "--max-nodes 100",
        ]);
        let pool = members(&c, &g).unwrap();
        let names: Vec<&str> = pool.iter().map(|m| m.name.as_str()).collect();
        // Of the five agents only the one built is in the default pool.
        assert_eq!(
            names,
            [
                "random",
                "greedy",
                "peternlewis",
                "previous",
                "ismcts",
                "other"
            ]
        );
        let ucc: Vec<bool> = pool.iter().map(|m| m.ucc).collect();
        assert_eq!(ucc, [false, false, true, false, false, false]);
        // The previous build plays with the AI's own arguments.
        assert_eq!(
            pool[3].spec.args,
            [
                "--game",
                "stratego",
                "--seed",
                "{seed}",
                "--max-nodes",
                "100"
            ]
        );
        assert_eq!(pool[4].spec.args, ["--strategy", "ismcts"]);
        // A competition agent asked for but not built is an error, not a
        // strategy.
        let c = cli(&["--sparring", sparring, "--opponents", "random,celsius"]);
        let e = members(&c, &g).err().unwrap().to_string();
        assert!(e.contains("no agent celsius"), "{e}");
        // Two members of one name are refused.
        let c = cli(&["--opponents", "random", "--pool", "random=./x"]);
        let e = members(&c, &g).err().unwrap().to_string();
        assert!(e.contains("named `random`"), "{e}");
        // --sprt needs the build to test against.
        assert!(Cli::try_parse_from(["strength", "--sprt", "0,20,0.05,0.1"]).is_err());
    }

    #[test]
    fn previous_args_replace_the_ais_for_the_previous_build_only() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join("player");
        std::fs::write(&old, "").unwrap();
        let g = game::describe::<games::All>("stratego", &[]).unwrap();
        let path = old.to_str().unwrap();
        let previous = |c: &Cli| {
            let pool = members(c, &g).unwrap();
            let m = pool.iter().find(|m| m.name == "previous").unwrap();
            m.spec.args[4..].to_vec()
        };
        let base = ["--opponents", "random", "--previous", path];
        let with = |extra: &[&str]| cli(&[&base[..], extra].concat());
        // A tuning change: the same build, the old arguments (none).
        let c = with(&["--ai-args", "--tune samples=8", "--previous-args", ""]);
        assert_eq!(ai_args(&c).unwrap(), ["--tune", "samples=8"]);
        assert!(previous(&c).is_empty(), "{:?}", previous(&c));
        let c = with(&[
            "--ai-args",
            "--max-nodes 9",
            "--previous-args",
            "--max-nodes 7",
        ]);
        assert_eq!(previous(&c), ["--max-nodes", "7"]);
        // Without --previous-args the previous build plays with the AI's.
        let c = with(&["--ai-args", "--max-nodes 9"]);
        assert_eq!(previous(&c), ["--max-nodes", "9"]);
        // Bad quoting is named with its option.
        let c = with(&["--previous-args", "--tune 'x"]);
        let e = members(&c, &g).err().unwrap().to_string();
        assert!(e.contains("--previous-args `--tune 'x`"), "{e}");
        // Arguments for builds that are not there are refused.
        assert!(Cli::try_parse_from(["strength", "--previous-args", "-x"]).is_err());
    }

    #[test]
    fn skipped_games_keep_their_ids_and_seats() {
        let names = vec!["ai".to_owned(), "peternlewis".to_owned()];
        let all = schedule::schedule(&names, Mode::Gauntlet, 10, 2);
        let later = scheduled(&names, Mode::Gauntlet, 4, 6, 2).unwrap();
        assert_eq!(later.len(), 6);
        for (g, whole) in later.iter().zip(&all[4..]) {
            assert_eq!(
                (&g.id, &g.seats, g.index),
                (&whole.id, &whole.seats, whole.index)
            );
        }
        assert_eq!(
            scheduled(&names, Mode::Gauntlet, 0, 10, 2).unwrap().len(),
            10
        );
        assert!(scheduled(&names, Mode::Gauntlet, u32::MAX, 1, 2).is_err());
    }
}
