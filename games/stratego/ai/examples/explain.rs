//! Why did the AI play that? Replays a game record (`referee --record`)
//! from the side of the seat to move at a given ply, with the same
//! observations the AI made in the game, then prints its beliefs about
//! every enemy piece on the board (next to the piece's true rank, from the
//! record) and the moves its search ranks first there.
//!
//! ```text
//! cargo run --release -p stratego-ai --example explain -- game.json 131 [MOVE_MS] [SEED]
//! ```
//!
//! The search is the AI's own (`--move-time-ms MOVE_MS`, 350 by default),
//! so the ranking is the one a fresh AI would give; the beliefs are exactly
//! the game's (they depend on the observations only).

use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use referee_schema::Record;
use stratego::referee_game::MoveRecord;
use stratego::{Game, MoveResult, Player, Rank, Rules, Setup, Square, UncheckedMove, View};
use stratego_ai::ai::exposure::Exposure;
use stratego_ai::ai::knowledge::Knowledge;
use stratego_ai::strategy::{AiConfig, AiStrategy, Strategy};

fn setup(player: Player, codes: &[u8]) -> Result<Setup> {
    let ranks: Vec<Rank> = codes
        .iter()
        .map(|&c| Rank::from_code(c).context("a piece code"))
        .collect::<Result<_>>()?;
    Ok(Setup::new(player, &ranks)?)
}

fn result_of(m: &MoveRecord) -> Result<MoveResult> {
    Ok(match (m.result.as_str(), m.attacker, m.defender) {
        ("N", _, _) => MoveResult::Nothing,
        ("B", Some(a), Some(d)) => MoveResult::Battle {
            attacker: Rank::from_code(a).context("attacker")?,
            defender: Rank::from_code(d).context("defender")?,
        },
        _ => bail!("move {m}: no result this replay knows"),
    })
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, ply, rest @ ..] = &args[..] else {
        bail!("usage: explain RECORD PLY [MOVE_MS] [SEED]");
    };
    let ply: usize = ply.parse().context("PLY is a move number")?;
    let ms: u64 = rest.first().map_or(Ok(350), |s| s.parse())?;
    let seed: u64 = rest.get(1).map_or(Ok(1), |s| s.parse())?;
    let warm = std::env::var_os("EXPLAIN_WARM").is_some();
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
    let record: Record<MoveRecord, Vec<u8>> = Record::from_json(&text)?;
    let setups: Vec<&Vec<u8>> = record.setups.iter().flatten().collect();
    let [s0, s1] = setups[..] else {
        bail!("the record has no two setups");
    };
    let setups = [setup(Player::Zero, s0)?, setup(Player::One, s1)?];
    let seat = if ply % 2 == 1 {
        Player::Zero
    } else {
        Player::One
    };
    let mut game = Game::new(&setups[0], &setups[1], Rules::default());
    let mut view = View::new(&setups[seat.index()]);
    let mut ai = AiStrategy::new(seed, AiConfig::default());
    let mut exposure = Exposure::new();
    let mut knowledge = Knowledge::new(&view);
    for m in record.moves.iter().take(ply - 1) {
        let u = UncheckedMove::from_lines(
            &m.detail.square,
            &m.detail.direction,
            &m.detail.distance.to_string(),
        )?;
        let r = result_of(&m.detail)?;
        let mv = game.check(&u)?;
        game.play(mv);
        if usize::from(m.player) == seat.index() {
            if warm {
                // As in the game: a search before each of our moves (its
                // tables carry over), whose choice is then overridden.
                ai.choose(&view, Instant::now() + Duration::from_millis(ms));
            }
            let mv = view.check(&u)?;
            view.apply_own(mv, r)?;
            ai.observe_own(&view, mv, r);
            exposure.observe_own(mv, r);
        } else {
            view.apply_opponent(u, r)?;
            ai.observe_opponent(&view, u, r);
            exposure.observe_opponent(u, r);
            knowledge.observe_opponent(&view, &exposure, u, r);
        }
    }
    knowledge.refresh(&view);
    println!("{}: player {} to move at ply {ply}", path, seat.index());
    if let Some(m) = record.moves.get(ply - 1) {
        println!("played in the game: {}", m.detail);
    }
    print!("{}", stratego::show::draw_board(&game, false));
    println!("enemy pieces (square, moved, true rank: beliefs ≥ 3%):");
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
        println!("  {l}");
    }
    let mv = ai.choose(&view, Instant::now() + Duration::from_millis(ms));
    let report = ai.report().context("the AI reports its search")?;
    println!("the AI now: {mv} ({report})");
    for (m, v) in &report.top {
        let target = game
            .board()
            .get(m.to())
            .map(|p| format!(" onto {}", p.rank));
        println!("  {m} {v:+.0}{}", target.unwrap_or_default());
    }
    Ok(())
}
