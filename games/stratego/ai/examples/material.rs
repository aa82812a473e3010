//! Where does the material go against a given opponent? Replays game
//! records (`referee --record`, e.g. `logs/bench-sparring/AGENT/*/game.json`)
//! from our AI's seat and sorts every battle by who attacked and what the
//! attacker's side knew of the piece it attacked, then sums the material
//! each kind of battle won or lost for us (the base values of
//! `ai/values.rs`), per game, in the games we won and in those we lost.
//! The kind whose gap between the two columns is largest is where to look.
//!
//! ```text
//! cargo run --release -p stratego-ai --example material -- logs/bench-sparring/peternlewis/*/game.json
//! ```
//!
//! Our seat is found as `beliefs` finds it (`--seat 0|1` overrides it).
//! A second table splits the opponent's attacks on pieces of ours it had
//! not seen by the attacker's rank, and counts those made by a piece we
//! had identified.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::{Context, Result, bail};
use stratego::{Cell, Fight, MoveResult, Player, Rank, fight};
use stratego_ai::ai::tuning::Tuning;
use stratego_ai::ai::values;

mod replay;
use replay::Replay;

/// The kinds of battle, in the order they are printed.
const KINDS: [&str; 5] = [
    "they attack a piece of ours they have seen",
    "they attack a piece of ours they have not",
    "we attack a piece we have seen",
    "we attack an unknown piece that has moved",
    "we attack an unknown unmoved piece",
];

/// Sums over the games of one outcome.
#[derive(Default)]
struct Column {
    games: u32,
    /// Per kind: battles, material for us.
    kinds: [(u32, i64); 5],
    /// Their attacks on our unseen pieces, by their attacker's rank:
    /// battles, material for us, battles by a piece we had identified.
    unseen_by_rank: BTreeMap<usize, (u32, i64, u32)>,
}

/// The material a battle won (positive) or lost for us.
fn material(ours: Rank, theirs: Rank, we_attack: bool) -> i64 {
    let (attacker, defender) = if we_attack {
        (ours, theirs)
    } else {
        (theirs, ours)
    };
    let (attacker_dies, defender_dies) = match fight(attacker, defender) {
        Fight::AttackerWins => (false, true),
        Fight::DefenderWins => (true, false),
        Fight::BothRemoved => (true, true),
    };
    let (we_die, they_die) = if we_attack {
        (attacker_dies, defender_dies)
    } else {
        (defender_dies, attacker_dies)
    };
    i64::from(values::base(theirs)) * i64::from(they_die)
        - i64::from(values::base(ours)) * i64::from(we_die)
}

/// Adds one record to the column of its outcome.
fn add_record(
    path: &str,
    seat_override: Option<Player>,
    columns: &mut BTreeMap<&'static str, Column>,
) -> Result<()> {
    let recorded = replay::load(path)?;
    let seat = recorded.our_seat(path, seat_override)?;
    let outcome = match recorded.winner {
        Some(w) if usize::from(w) == seat.index() => "won",
        Some(_) => "lost",
        None => "drawn",
    };
    let mut one = Column::default();
    let mut at = Replay::new(&recorded, seat, &Tuning::default());
    for &(by, u, r, _) in &recorded.moves {
        if let MoveResult::Battle { attacker, defender } = r {
            let target = u
                .from
                .step(u.dir, u.distance)
                .context("a battle off the board")?;
            let we_attack = by == seat;
            let kind = if we_attack {
                let Cell::Enemy(i) = at.view.cell(target) else {
                    bail!("{path}: our attack on {target} finds no enemy piece");
                };
                let e = &at.view.enemies()[usize::from(i)];
                match (e.known_rank(), e.moved) {
                    (Some(_), _) => 2,
                    (None, true) => 3,
                    (None, false) => 4,
                }
            } else if at.exposure.is_revealed(target) {
                0
            } else {
                1
            };
            let (ours, theirs) = if we_attack {
                (attacker, defender)
            } else {
                (defender, attacker)
            };
            let gain = material(ours, theirs, we_attack);
            one.kinds[kind].0 += 1;
            one.kinds[kind].1 += gain;
            if kind == 1 {
                let identified = matches!(
                    at.view.cell(u.from),
                    Cell::Enemy(i) if at.view.enemies()[usize::from(i)].known_rank().is_some()
                );
                let e = one.unseen_by_rank.entry(attacker.index()).or_default();
                e.0 += 1;
                e.1 += gain;
                e.2 += u32::from(identified);
            }
        }
        at.play(by, u, r)?;
    }
    // Only a record replayed to its end counts.
    let column = columns.entry(outcome).or_default();
    column.games += 1;
    for k in 0..KINDS.len() {
        column.kinds[k].0 += one.kinds[k].0;
        column.kinds[k].1 += one.kinds[k].1;
    }
    for (rank, (n, gain, identified)) in one.unseen_by_rank {
        let e = column.unseen_by_rank.entry(rank).or_default();
        e.0 += n;
        e.1 += gain;
        e.2 += identified;
    }
    Ok(())
}

fn main() -> Result<()> {
    replay::quiet_when_closed(run(&mut std::io::stdout().lock()))
}

fn run(out: &mut impl Write) -> Result<()> {
    let mut columns: BTreeMap<&'static str, Column> = BTreeMap::new();
    replay::each_record("material", |path, seat| {
        add_record(path, seat, &mut columns)
    })?;
    let order = ["won", "lost", "drawn"];
    let present: Vec<(&str, &Column)> = order
        .iter()
        .filter_map(|o| columns.get(o).map(|c| (*o, c)))
        .collect();
    let header: Vec<String> = present
        .iter()
        .map(|(o, c)| format!("{} {o}", c.games))
        .collect();
    writeln!(
        out,
        "material for us per game (battles per game), by kind of battle: {}",
        header.join(" | ")
    )?;
    for (k, kind) in KINDS.iter().enumerate() {
        let cells: Vec<String> = present
            .iter()
            .map(|(_, c)| {
                let g = f64::from(c.games);
                format!(
                    "{:+7.1} ({:4.1})",
                    c.kinds[k].1 as f64 / g,
                    f64::from(c.kinds[k].0) / g
                )
            })
            .collect();
        writeln!(out, "  {kind:<44} {}", cells.join(" | "))?;
    }
    writeln!(
        out,
        "their attacks on pieces of ours they had not seen, by their rank: material per game (attacks per game, of which by a piece we had identified)"
    )?;
    for rank in Rank::ALL.iter().take(10) {
        let cells: Vec<String> = present
            .iter()
            .map(|(_, c)| {
                let g = f64::from(c.games);
                let (n, gain, identified) = c
                    .unseen_by_rank
                    .get(&rank.index())
                    .copied()
                    .unwrap_or_default();
                format!(
                    "{:+7.1} ({:4.1}, {:4.1})",
                    gain as f64 / g,
                    f64::from(n) / g,
                    f64::from(identified) / g
                )
            })
            .collect();
        writeln!(out, "  {:<11} {}", format!("{rank:?}"), cells.join(" | "))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_counts_both_sides_of_a_battle() {
        // Our General takes their Captain: +55.
        assert_eq!(material(Rank::General, Rank::Captain, true), 55);
        // Our General on their Bomb: -250.
        assert_eq!(material(Rank::General, Rank::Bomb, true), -250);
        // Their Miner takes our Bomb: -12.
        assert_eq!(material(Rank::Bomb, Rank::Miner, false), -12);
        // Their Major on our Major: both gone, even.
        assert_eq!(material(Rank::Major, Rank::Major, false), 0);
        // Their Spy on our Marshal: -400.
        assert_eq!(material(Rank::Marshal, Rank::Spy, false), -400);
    }

    fn seat_of(players: [&str; 2]) -> Result<Player> {
        let recorded = replay::Recorded {
            setups: [
                stratego_ai::ai::setups::template(Player::Zero, 0),
                stratego_ai::ai::setups::template(Player::One, 0),
            ],
            players: players.iter().map(|p| p.to_string()).collect(),
            moves: Vec::new(),
            winner: None,
        };
        recorded.our_seat("game.json", None)
    }

    #[test]
    fn regression_the_ai_seat_of_a_game_against_greedy_is_found() {
        let ai = "/x/target/release/player --game stratego --seed 7 --move-time-ms 350";
        let greedy = "/x/target/release/player --game stratego --strategy greedy --seed 8";
        assert_eq!(seat_of([ai, greedy]).unwrap(), Player::Zero);
        assert_eq!(seat_of([greedy, ai]).unwrap(), Player::One);
        let random = "/x/player --strategy=random";
        assert_eq!(seat_of([random, ai]).unwrap(), Player::One);
        let explicit = "/x/player --strategy ai";
        assert_eq!(seat_of([explicit, "/y/peternlewis"]).unwrap(), Player::Zero);
        assert!(seat_of([ai, ai]).is_err());
    }
}
