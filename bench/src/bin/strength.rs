//! `strength`: the strength benchmark (`make bench-strength`, and the
//! per-game `make bench-*-strength`). Plays our AI against each baseline
//! strategy of a game through the real referee — every match through the
//! tournament library, the one match manager (a gauntlet per opponent,
//! seats alternating, resumable) — and prints wins/draws/losses, the score
//! with its 95% interval, how the games ended, the reply times and the
//! search depth reached; then checks the targets of the issues. In a game
//! of more than two seats the AI meets as many copies of the baseline as
//! fill the table (the share of games it wins is printed beside the even
//! share).
//!
//! Exit status: 0 when every target is met, 1 when one is missed, 2 for a
//! usage error.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use bench::game::Played;
use bench::summary::Tally;
use clap::Parser;
use referee_schema::ProgramSpec;
use tournament::play::{self, Config};
use tournament::record::Settings;
use tournament::results_file::ResultsFile;
use tournament::schedule::{self, Mode};
use tournament::{game, resume, spec};

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
    /// Opponent strategies of the player program (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "random,greedy")]
    opponents: Vec<String>,
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
    /// line [default: Stratego `--move-time-ms 350`, none for other games].
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
        (_, "random", 2) => Some(0.99),
        ("stratego" | "oust" | "quarto", "greedy", 2) | ("mansuba", "closer", 2) => Some(0.90),
        _ => None,
    }
}

/// Replies must stay under this share of the time limit.
const TARGET_REPLY_SHARE: f64 = 0.9;

/// Plays (or resumes) the gauntlet of the AI against `opponent` and tallies
/// it from the AI's side.
fn gauntlet(cli: &Cli, g: &game::GameInfo, settings: &Settings, opponent: &str) -> Result<Tally> {
    let ai_args = match &cli.ai_args {
        Some(a) => shlex::split(a).ok_or_else(|| anyhow!("--ai-args: unbalanced quotes"))?,
        None if g.name == "stratego" => vec!["--move-time-ms".into(), "350".into()],
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
        opp.name = Some(if g.seats == 2 {
            opponent.to_owned()
        } else {
            format!("{opponent}{i}")
        });
        specs.push(opp);
    }
    let programs = spec::resolve(&specs, std::env::var_os("PATH").as_deref())?;
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
                    .saturating_mul(settings.time_limit_ms),
            )
            .saturating_add(Duration::from_secs(60)),
        ),
        sprt: None,
        quiet: false,
    };
    let names: Vec<String> = config.programs.iter().map(|p| p.name.clone()).collect();
    let games = schedule::schedule(&names, config.mode, config.games, config.seats);
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
    let played = play::play(&config, &games, &plan, &contents.records, &mut results)?;
    results.close()?;
    if let Some(fatal) = &played.fatal {
        bail!("{}", play::error_chain(fatal));
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
    let g = game::describe(&cli.game, &game_options)?;
    let settings = Settings {
        game: g.name.clone(),
        game_options,
        time_limit_ms: cli.time_limit_ms.unwrap_or(g.defaults.time_limit_ms),
        max_turns: cli.max_turns.unwrap_or(u64::from(g.defaults.max_turns)),
        referee_args: Vec::new(),
    };
    let mut tallies = Vec::new();
    for opponent in &cli.opponents {
        tallies.push(gauntlet(cli, &g, &settings, opponent)?);
    }
    println!(
        "strength: our {} AI ({}) through {} (--time-limit-ms {}{}), {} seats, {} jobs",
        g.name,
        cli.player.display(),
        cli.referee.display(),
        settings.time_limit_ms,
        if settings.game_options.is_empty() {
            String::new()
        } else {
            format!(", game options `{}`", settings.game_options.join(" "))
        },
        g.seats,
        cli.jobs
    );
    let reply_limit = TARGET_REPLY_SHARE * settings.time_limit_ms as f64;
    let mut met = true;
    for (name, t) in cli.opponents.iter().zip(&tallies) {
        println!("against {name}:");
        print!("{t}");
        if let Some(target) = target_score(&g.name, name, g.seats) {
            let ok = t.score() >= target;
            met &= ok;
            println!(
                "  target score >= {:.0}%: {}",
                target * 100.0,
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
