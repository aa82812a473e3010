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
//! With `--sparring DIR` (`make bench-sparring`) the opponents are the
//! Stratego agents of the UCC 2012 competition, built by the user in DIR,
//! each seated with `--protocol SEAT=ucc` (docs/ucc.md).
//!
//! Exit status: 0 when every target is met, 1 when one is missed, 2 for a
//! usage error.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use bench::game::Played;
use bench::summary::{MAX_LOADED_SHARE, Tally};
use clap::Parser;
use referee_schema::ProgramSpec;
use tournament::plan::schedule::{self, Mode};
use tournament::plan::{game, resume, spec};
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
    /// Opponent strategies of the player program (comma-separated)
    /// [default: random,greedy; with --sparring: the agents
    /// peternlewis,celsius,vixen,asmodeus,hunter].
    #[arg(long, value_delimiter = ',')]
    opponents: Option<Vec<String>>,
    /// Play against the UCC 2012 Stratego agents built in DIR instead of
    /// our baselines (Stratego only): for each opponent NAME, DIR/NAME or
    /// DIR/NAME/NAME if executable, or else DIR/NAME/NAME.py run by
    /// --python2 in its own directory; the referee speaks the UCC protocol
    /// to it (docs/ucc.md).
    #[arg(long, value_name = "DIR")]
    sparring: Option<PathBuf>,
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
    /// The player program (the AI and the baselines).
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

/// Plays (or resumes) the gauntlet of the AI against `opponent` and tallies
/// it from the AI's side.
fn gauntlet(cli: &Cli, g: &game::GameInfo, settings: &Settings, opponent: &str) -> Result<Tally> {
    let ai_args = match &cli.ai_args {
        Some(a) => shlex::split(a).ok_or_else(|| anyhow!("--ai-args: unbalanced quotes"))?,
        None => Vec::new(),
    };
    let player = cli.player.to_string_lossy().into_owned();
    let mut ai = ProgramSpec::new(
        &player,
        ["--game", &g.name, "--seed", "{seed}"]
            .into_iter()
            .map(String::from)
            .chain(ai_args),
    );
    ai.name = Some("ai".into());
    // As many copies of the opponent as fill the table.
    let mut specs = vec![ai];
    for i in 1..g.seats {
        let mut opp = ProgramSpec::new(
            &player,
            [
                "--game",
                &g.name,
                "--strategy",
                opponent,
                "--seed",
                "{seed}",
            ],
        );
        if let Some(dir) = &cli.sparring {
            opp = agent(dir, opponent, &cli.python2)?;
        }
        opp.name = Some(if g.seats == 2 {
            opponent.to_owned()
        } else {
            format!("{opponent}{i}")
        });
        specs.push(opp);
    }
    let mut programs = spec::resolve(&specs, std::env::var_os("PATH").as_deref())?;
    for opp in &mut programs[1..] {
        if cli.sparring.is_some() {
            opp.protocol = Some("ucc".into());
        }
        opp.time_limit_ms = cli.opponent_time_limit_ms;
    }
    let log_dir = cli.log_dir.join(opponent);
    let config = Config {
        name: format!("strength-{opponent}"),
        programs,
        mode: Mode::Gauntlet,
        games: cli.games,
        seats: g.seats,
        settings: settings.clone(),
        referee: cli.referee.clone(),
        log_dir: log_dir.clone(),
        concurrency: cli.jobs.max(1),
        game_timeout: Some(
            Duration::from_millis(
                2u64.saturating_mul(settings.max_turns.saturating_add(2))
                    .saturating_mul(
                        settings
                            .time_limit_ms
                            .max(cli.opponent_time_limit_ms.unwrap_or(0)),
                    ),
            )
            .saturating_add(Duration::from_secs(60)),
        ),
        sprt: None,
        quiet: false,
    };
    let names: Vec<String> = config.programs.iter().map(|p| p.name.clone()).collect();
    let games = scheduled(&names, config.mode, cli.skip, cli.games, config.seats)?;
    let results_path = log_dir.join("results.jsonl");
    let (mut results, contents) = ResultsFile::open(&results_path)?;
    let plan = resume::plan(
        &games,
        &config.programs,
        &config.settings,
        &contents.records,
        false,
    )
    .with_context(|| format!("{} holds other games", results_path.display()))?;
    let played = play::play(
        &Executor::local(),
        &config,
        &games,
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
    if played.unfinished > 0 {
        bail!(
            "{} game(s) against {opponent} without a verdict (rerun to resume)",
            played.unfinished
        );
    }
    // Everything the results file holds for this gauntlet, old and new.
    let (file, contents) = ResultsFile::open(&results_path)?;
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
            .position(|p| p.name == "ai")
            .context("a game without the AI")?;
        let game = Played::read(&loaded.record.log_dir, loaded.verdict.summary.clone())?;
        tally.add(&game, me);
    }
    Ok(tally)
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
    let opponents: Vec<String> = match (&cli.opponents, &cli.sparring) {
        (Some(o), _) => o.clone(),
        (None, Some(_)) => SPARRING.map(String::from).to_vec(),
        (None, None) => vec!["random".into(), "greedy".into()],
    };
    let mut tallies = Vec::new();
    for opponent in &opponents {
        tallies.push(gauntlet(cli, &g, &settings, opponent)?);
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
    for (name, t) in opponents.iter().zip(&tallies) {
        println!("against {name}:");
        print!("{t}");
        if let Some(target) = target_score(&g.name, name, g.seats) {
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
    }
    println!("all targets {}", if met { "met" } else { "NOT met" });
    Ok(met)
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
