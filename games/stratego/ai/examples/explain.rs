//! Why did the AI play that? Replays a game record (`referee --record`)
//! from the side of the seat to move at a given ply, with the same
//! observations the AI made in the game, then prints its beliefs about
//! every enemy piece on the board (next to the piece's true rank, from the
//! record), the stall push on each move it pushes, and the moves its search
//! ranks first there.
//!
//! ```text
//! cargo run --release -p stratego-ai --example explain -- game.json 131 [MOVE_MS] [SEED]
//! ```
//!
//! The search is the AI's own (`--move-time-ms MOVE_MS`, 350 by default),
//! so the ranking is the one a fresh AI would give; the beliefs are exactly
//! the game's (they depend on the observations only). `EXPLAIN_TUNE="name=value
//! ..."` sets weights as the player's `--tune` does (`EXPLAIN_TUNE=rampage=100`),
//! and `EXPLAIN_WARM=1` searches before each of the seat's earlier moves, as
//! in the game, so the search's tables carry over.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use stratego::{MoveList, Player, Rank, Square};
use stratego_ai::ai::stall::Stall;
use stratego_ai::ai::tuning::Tuning;
use stratego_ai::strategy::{AiConfig, AiStrategy, Strategy};

mod replay;
use replay::Replay;

fn main() -> Result<()> {
    replay::quiet_when_closed(run(&mut std::io::stdout().lock()))
}

fn run(out: &mut impl Write) -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, ply, rest @ ..] = &args[..] else {
        bail!("usage: explain RECORD PLY [MOVE_MS] [SEED]");
    };
    let ply: usize = ply.parse().context("PLY is a move number")?;
    let ms: u64 = rest.first().map_or(Ok(350), |s| s.parse())?;
    let seed: u64 = rest.get(1).map_or(Ok(1), |s| s.parse())?;
    let warm = std::env::var_os("EXPLAIN_WARM").is_some();
    let recorded = replay::load(path)?;
    let seat = if ply % 2 == 1 {
        Player::Zero
    } else {
        Player::One
    };
    let mut tuning = Tuning::default();
    if let Some(settings) = std::env::var_os("EXPLAIN_TUNE") {
        let settings = settings
            .into_string()
            .map_err(|s| anyhow::anyhow!("EXPLAIN_TUNE is not UTF-8: {s:?}"))?;
        for setting in settings.split_whitespace() {
            tuning
                .set(setting)
                .with_context(|| format!("EXPLAIN_TUNE: {setting}"))?;
        }
    }
    let mut ai = AiStrategy::new(
        seed,
        AiConfig {
            tuning,
            ..AiConfig::default()
        },
    );
    // The AI's stall push is private to it: a second counter, fed the same
    // results, shows it.
    let mut stall = Stall::new();
    let mut at = Replay::new(&recorded, seat, &tuning);
    for &(by, u, r, _) in recorded.moves.iter().take(ply - 1) {
        if warm && by == seat {
            // As in the game: a search before each of our moves (its
            // tables carry over), whose choice is then overridden.
            ai.choose(&at.view, Instant::now() + Duration::from_millis(ms));
        }
        match at.play(by, u, r)? {
            Some(mv) => ai.observe_own(&at.view, mv, r),
            None => ai.observe_opponent(&at.view, u, r),
        }
        stall.observe(r);
    }
    let Replay {
        game,
        view,
        mut knowledge,
        ..
    } = at;
    knowledge.refresh(&view);
    writeln!(
        out,
        "{}: player {} to move at ply {ply}",
        path,
        seat.index()
    )?;
    if let Some((_, _, _, m)) = recorded.moves.get(ply - 1) {
        writeln!(out, "played in the game: {m}")?;
    }
    write!(out, "{}", stratego::show::draw_board(&game, false))?;
    writeln!(
        out,
        "enemy pieces (square, moved, true rank: beliefs ≥ 3%):"
    )?;
    let mut rows: Vec<(Square, String)> = Vec::new();
    for (i, e) in view.enemies().iter().enumerate() {
        let Some(sq) = e.square else { continue };
        let truth = game
            .board()
            .get(sq)
            .map_or("?".into(), |p| p.rank.to_string());
        let line = match e.known_rank() {
            Some(r) => format!("{sq} known {r}"),
            None => {
                let d = knowledge.distribution(i);
                let mut ranked: Vec<(usize, f64)> = d.iter().copied().enumerate().collect();
                ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
                let beliefs: Vec<String> = ranked
                    .iter()
                    .filter(|(_, p)| *p >= 0.03)
                    .map(|(k, p)| format!("{} {:.0}%", Rank::ALL[*k], p * 100.0))
                    .collect();
                format!(
                    "{sq} {} is {truth}: {}",
                    if e.moved { "moved" } else { "still" },
                    beliefs.join(", ")
                )
            }
        };
        rows.push((sq, line));
    }
    rows.sort();
    for (_, l) in rows {
        writeln!(out, "  {l}")?;
    }
    let push = stall.push(&view, &tuning);
    writeln!(
        out,
        "stall: {} quiet plies, pressure {:.0}",
        stall.quiet(),
        stall.pressure(&tuning)
    )?;
    let mut legal = MoveList::new();
    view.legal_moves(&mut legal);
    let pushed: Vec<String> = legal
        .iter()
        .filter_map(|&m| {
            let b = push.bonus(&view, m);
            (b != 0.0).then(|| format!("{m} {b:+.0}"))
        })
        .collect();
    if !pushed.is_empty() {
        writeln!(out, "  pushed: {}", pushed.join(", "))?;
    }
    let mv = ai.choose(&view, Instant::now() + Duration::from_millis(ms));
    let report = ai.report().context("the AI reports its search")?;
    writeln!(out, "the AI now: {mv} ({report})")?;
    for (m, v) in &report.top {
        let target = game
            .board()
            .get(m.to())
            .map(|p| format!(" onto {}", p.rank));
        writeln!(out, "  {m} {v:+.0}{}", target.unwrap_or_default())?;
    }
    Ok(())
}
