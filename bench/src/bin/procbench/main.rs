//! `procbench`: the process-level benchmarks of `make bench` (see
//! `docs/benchmarks.md`). Prints every figure, then a summary with the
//! targets, and exits 0: a missed target is reported, never a failure.
//!
//! Modules, one figure each: [`overhead`], [`timing`], [`throughput`],
//! [`memory`], [`rules`] (read from criterion's files), [`player`],
//! [`startup`] (the sandbox's start-up cost; figures 1 and 2 also give
//! the referee with and without its sandbox);
//! [`tools`] finds and
//! runs the programs, [`machine`] describes the machine.

mod machine;
mod memory;
mod overhead;
mod player;
mod rules;
mod startup;
mod throughput;
mod timing;
mod tools;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;

/// Process-level benchmarks of the referee: overhead per move against the
/// raw-pipe floor, timing precision, throughput, memory; and a summary of
/// every figure, the rules engine's criterion benchmarks included.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// Moves per run of the overhead benchmark.
    #[arg(long, default_value_t = 20_000)]
    moves: u64,
    /// Runs of the overhead benchmark (each side).
    #[arg(long, default_value_t = 15)]
    runs: usize,
    /// Games with a player that never answers (timing precision).
    #[arg(long, default_value_t = 200)]
    kills: usize,
    /// Their time limit, ms.
    #[arg(long, default_value_t = 50)]
    kill_limit_ms: u64,
    /// Replies judged for the false-timeout count.
    #[arg(long, default_value_t = 500)]
    replies: u64,
    /// Their time limit, ms.
    #[arg(long, default_value_t = 100)]
    reply_limit_ms: u64,
    /// How long before the limit those replies come, ms.
    #[arg(long, default_value_t = 20)]
    margin_ms: u64,
    /// Games per run of the throughput benchmark.
    #[arg(long, default_value_t = 50)]
    games: usize,
    /// Runs of the throughput benchmark (each mode).
    #[arg(long, default_value_t = 5)]
    game_runs: usize,
    /// Runs of each memory case.
    #[arg(long, default_value_t = 3)]
    memory_runs: usize,
    /// Criterion's output directory (default: `criterion` beside the
    /// directory of procbench, i.e. `target/criterion`).
    #[arg(long)]
    criterion_dir: Option<PathBuf>,
    /// Games of the player benchmark (the AI takes each side in turn).
    #[arg(long, default_value_t = 2)]
    player_games: usize,
    /// Plies per game of the player benchmark.
    #[arg(long, default_value_t = 60)]
    player_plies: u32,
    /// Runs of each start-up case (a short game, an Oust game; each way).
    #[arg(long, default_value_t = 30)]
    startup_runs: usize,
    /// The referee to measure (default: the one beside procbench), to
    /// compare two builds.
    #[arg(long)]
    referee: Option<PathBuf>,
    /// The player to measure (default: the one beside procbench).
    #[arg(long)]
    player: Option<PathBuf>,
}

fn main() -> ExitCode {
    bench::exit_status("procbench: error", run(&Cli::parse()))
}

/// How a target is reported.
fn met(ok: bool) -> &'static str {
    if ok { "met" } else { "MISSED" }
}

fn section(title: &str, lines: &[String]) {
    println!("\n== {title} ==");
    for l in lines {
        println!("{l}");
    }
}

fn run(cli: &Cli) -> anyhow::Result<()> {
    let tools = tools::Tools::locate(cli.referee.clone(), cli.player.clone())?;
    let criterion_dir = match &cli.criterion_dir {
        Some(d) => d.clone(),
        None => std::env::current_exe()
            .context("locating procbench")?
            .parent()
            .and_then(|d| d.parent())
            .context("procbench has no target directory")?
            .join("criterion"),
    };
    let load_at_start = machine::load();
    section(
        "Machine",
        &[
            machine::describe(),
            format!("load average at the start: {load_at_start}"),
        ],
    );

    let o = overhead::measure(&tools, cli.moves, cli.runs)?;
    section("1. Overhead per move", &o.lines());

    let t = timing::measure(
        &tools,
        timing::Settings {
            kills: cli.kills,
            kill_limit_ms: cli.kill_limit_ms,
            replies: cli.replies,
            reply_limit_ms: cli.reply_limit_ms,
            margin_ms: cli.margin_ms,
        },
    )?;
    section("2. Timing precision", &t.lines());

    let g = throughput::measure(&tools, cli.games, cli.game_runs)?;
    section("3. Throughput", &g.lines());

    let m = memory::measure(&tools, cli.memory_runs)?;
    section("4. Memory", &m.lines());

    let r = rules::read(&criterion_dir)?;
    let rule_lines = match &r {
        Some(r) => r.lines(),
        None => vec![format!(
            "no results in {}: run `cargo bench -p stratego --bench movegen` first (make bench does)",
            criterion_dir.display()
        )],
    };
    section("5. Rules (criterion)", &rule_lines);

    let p = if cli.player_games == 0 {
        None
    } else {
        player::measure(&tools, cli.player_games, cli.player_plies)?
    };
    let player_lines = match &p {
        Some(p) => p.lines(),
        None if cli.player_games == 0 => vec!["skipped (--player-games 0)".to_owned()],
        None => vec![format!(
            "{} has no AI (`--strategy ai`): no figure",
            tools.player_path().display()
        )],
    };
    section("6. Player", &player_lines);

    let st = startup::measure(&tools, cli.startup_runs)?;
    section("7. Sandbox start-up", &st.lines());

    let (p99_ok, none_false) = t.met();
    let mut summary = vec![
        format!(
            "overhead per move       referee {:.2} µs, floor {:.2} µs: ratio {:.2} (target ≤ {}: {}); fastest runs {:.2}; CPU {:.2}",
            o.referee.median(),
            o.relay.median(),
            o.ratio(),
            overhead::Overhead::TARGET,
            met(o.ratio() <= overhead::Overhead::TARGET),
            o.ratio_of_minima(),
            o.cpu_ratio()
        ),
        format!(
            "deadline -> death       p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms (the player's, sandboxed; target p99 ≤ {} ms: {}); the jail's end p50 {:.3} ms, p99 {:.3} ms; machine's wake-up floor p99 {:.3} ms",
            t.death.median(),
            t.death.percentile(99.0),
            t.death.max(),
            timing::Timing::P99_TARGET_MS,
            met(p99_ok),
            t.teardown.median(),
            t.teardown.percentile(99.0),
            t.wake_floor.percentile(99.0)
        ),
        format!(
            "without the sandbox     overhead ratio {:.2}; death seen p50 {:.3} ms, p99 {:.3} ms",
            o.plain_ratio(),
            t.death_plain.median(),
            t.death_plain.percentile(99.0)
        ),
        format!(
            "sandbox start-up        {:.2} ms per game ({:.2} against {:.2}), {:.3} ms per process of a game run a process per move ({:.3} against {:.3})",
            st.game.cost(),
            st.game.sandboxed.median(),
            st.game.plain.median(),
            st.launch.cost(),
            st.launch.sandboxed.median(),
            st.launch.plain.median()
        ),
        format!(
            "false timeouts          {} in {} replies at limit − {} ms (target 0: {})",
            t.false_timeouts,
            t.replies,
            cli.margin_ms,
            met(none_false)
        ),
        format!(
            "throughput              {:.1} games/s one at a time, {:.1} two at a time",
            g.sequential.median(),
            g.parallel.median()
        ),
    ];
    if let Some(why) = &m.not_measured {
        summary.push(format!("peak RSS                {why}"));
    }
    for c in &m.cases {
        summary.push(format!(
            "peak RSS                {:.0} KiB: {}",
            c.kib.median(),
            c.name
        ));
    }
    if let Some(r) = &r {
        for b in &r.benches {
            summary.push(format!(
                "rules                   {:.1} ns per position: {}",
                b.ns.median(),
                b.name
            ));
        }
    }
    match &p {
        Some(p) => summary.push(format!(
            "player (AI)             {:.2} M nodes/s; reply median {:.1} ms, max {:.1} ms",
            p.overall_mnodes_per_s,
            p.reply_ms.median(),
            p.reply_ms.max()
        )),
        None => summary
            .push("player (AI)             not measured (no AI in this build, or skipped)".into()),
    }
    summary.push(format!(
        "load average: {load_at_start} at the start, {} at the end",
        machine::load()
    ));
    section("Summary (medians)", &summary);
    Ok(())
}
