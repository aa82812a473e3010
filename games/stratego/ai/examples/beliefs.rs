//! How good are the AI's beliefs against a given opponent? Replays game
//! records (`referee --record`, e.g. `logs/bench-sparring/AGENT/*/game.json`)
//! from our AI's seat with the observations it made, and scores its belief
//! about every unidentified enemy piece before each of its moves against
//! the piece's true rank (from the record). No search runs: a hundred games
//! take seconds, so a change to the beliefs can be judged on the games of a
//! real opponent before any game is played with it.
//!
//! ```text
//! cargo run --release -p stratego-ai --example beliefs -- logs/bench-sparring/peternlewis/*/game.json
//! ```
//!
//! Our seat is the one whose program is our `player` (its file name
//! starts with `player`: `player-v9` is a build of ours too); `--seat
//! 0|1` overrides that for every record, and `--tune NAME=VALUE`
//! (repeatable, the player's) sets the beliefs' tuning. It prints the mean
//! log loss (natural log, lower is better) over every (piece, move) and
//! over the pieces our side then attacked, and the mean probability given
//! to the true rank; calibration tables (the beliefs in bins against how
//! often they were true, and all bins together) for "Bomb", "Flag" and
//! "immobile" (Bomb or Flag) on the unmoved pieces, and for "Bomb" on the
//! unmoved pieces our Marshal, General, Colonels and Majors attacked, with
//! their beliefs in Bomb and Flag by the column they stood on; and the
//! moved pieces by the band of enemy moves in which each first moved: their
//! log loss, and their belief in the Miner against how many were.

use std::io::Write;

use anyhow::{Context, Result};
use stratego::{Player, Rank};
use stratego_ai::ai::prior;
use stratego_ai::ai::tuning::Tuning;

mod replay;
use replay::Replay;

/// Beliefs in ten bins of probability: how many, their sum, how many true.
#[derive(Default)]
struct Calibration {
    count: [u64; 10],
    belief: [f64; 10],
    truth: [u64; 10],
}

impl Calibration {
    fn add(&mut self, p: f64, true_: bool) {
        let bin = ((p * 10.0) as usize).min(9);
        self.count[bin] += 1;
        self.belief[bin] += p;
        self.truth[bin] += u64::from(true_);
    }

    fn merge(&mut self, other: &Calibration) {
        for b in 0..10 {
            self.count[b] += other.count[b];
            self.belief[b] += other.belief[b];
            self.truth[b] += other.truth[b];
        }
    }

    fn print(&self, out: &mut impl Write, name: &str) -> Result<()> {
        writeln!(out, "{name}: belief bin, pieces, mean belief, true")?;
        for b in 0..10 {
            if self.count[b] == 0 {
                continue;
            }
            let n = self.count[b] as f64;
            writeln!(
                out,
                "  {:>3}-{:<3}% {:>8} {:>6.1}% {:>6.1}%",
                b * 10,
                b * 10 + 10,
                self.count[b],
                100.0 * self.belief[b] / n,
                100.0 * self.truth[b] as f64 / n
            )?;
        }
        let n: u64 = self.count.iter().sum();
        let belief: f64 = self.belief.iter().sum();
        let truth: u64 = self.truth.iter().sum();
        writeln!(
            out,
            "  all      {n:>8} {:>6.1}% {:>6.1}% (believed {belief:.0}, were {truth})",
            100.0 * belief / n.max(1) as f64,
            100.0 * truth as f64 / n.max(1) as f64
        )?;
        Ok(())
    }
}

/// The first enemy move of each band of [`Starts`] (a band ends where
/// the next begins): a moved piece's rank by when it started to move
/// (the Miners are held back).
const START_ROWS: [u32; 5] = [0, 25, 50, 100, 200];

/// The beliefs in the moved pieces, by the band of enemy moves
/// ([`START_ROWS`]) in which each moved first: how many, their log loss,
/// their belief in the Miner and how many were.
#[derive(Default)]
struct Starts {
    count: [u64; 5],
    log_loss: [f64; 5],
    miner: [f64; 5],
    miners: [u64; 5],
}

impl Starts {
    fn add(&mut self, turn: u32, loss: f64, miner: f64, is_miner: bool) {
        let row = START_ROWS.iter().rposition(|&t| turn >= t).unwrap_or(0);
        self.count[row] += 1;
        self.log_loss[row] += loss;
        self.miner[row] += miner;
        self.miners[row] += u64::from(is_miner);
    }

    fn merge(&mut self, other: &Starts) {
        for r in 0..START_ROWS.len() {
            self.count[r] += other.count[r];
            self.log_loss[r] += other.log_loss[r];
            self.miner[r] += other.miner[r];
            self.miners[r] += other.miners[r];
        }
    }

    fn print(&self, out: &mut impl Write) -> Result<()> {
        writeln!(
            out,
            "moved pieces by their first move, the enemy's: moves, beliefs, log loss, mean Miner belief, Miners"
        )?;
        for (r, from) in START_ROWS.iter().enumerate() {
            if self.count[r] == 0 {
                continue;
            }
            let n = self.count[r] as f64;
            let band = match START_ROWS.get(r + 1) {
                Some(next) => format!("{from}-{}", next - 1),
                None => format!("{from}+"),
            };
            writeln!(
                out,
                "  {band:>7} {:>8} {:>7.4} {:>6.1}% {:>6.1}%",
                self.count[r],
                self.log_loss[r] / n,
                100.0 * self.miner[r] / n,
                100.0 * self.miners[r] as f64 / n
            )?;
        }
        Ok(())
    }
}

/// The beliefs in Bomb and Flag of the attacked pieces of one column
/// against how many were: whether the calibration over every attack
/// hides a column where the belief errs (setups keep Bombs and the Flag
/// to the back).
#[derive(Default)]
struct Outcomes {
    count: u64,
    bomb: f64,
    bombs: u64,
    flag: f64,
    flags: u64,
}

impl Outcomes {
    fn add(&mut self, d: &[f64; 12], truth: Rank) {
        self.count += 1;
        self.bomb += d[Rank::Bomb.index()];
        self.bombs += u64::from(truth == Rank::Bomb);
        self.flag += d[Rank::Flag.index()];
        self.flags += u64::from(truth == Rank::Flag);
    }

    fn merge(&mut self, other: &Outcomes) {
        self.count += other.count;
        self.bomb += other.bomb;
        self.bombs += other.bombs;
        self.flag += other.flag;
        self.flags += other.flags;
    }
}

/// Sums over the records.
#[derive(Default)]
struct Score {
    games: u64,
    pieces: u64,
    log_loss: f64,
    p_true: f64,
    attacked: u64,
    attacked_log_loss: f64,
    bomb: Calibration,
    flag: Calibration,
    immobile: Calibration,
    strong_attacks: Calibration,
    strong_by_depth: [Outcomes; 4],
    starts: Starts,
}

impl Score {
    fn merge(&mut self, other: &Score) {
        self.games += other.games;
        self.pieces += other.pieces;
        self.log_loss += other.log_loss;
        self.p_true += other.p_true;
        self.attacked += other.attacked;
        self.attacked_log_loss += other.attacked_log_loss;
        self.bomb.merge(&other.bomb);
        self.flag.merge(&other.flag);
        self.immobile.merge(&other.immobile);
        self.strong_attacks.merge(&other.strong_attacks);
        for (ours, theirs) in self.strong_by_depth.iter_mut().zip(&other.strong_by_depth) {
            ours.merge(theirs);
        }
        self.starts.merge(&other.starts);
    }
}

/// A probability scored by log loss is never taken below this.
const FLOOR: f64 = 1e-6;

/// The score of one record, whole or not at all.
fn score_record(path: &str, seat_override: Option<Player>, tuning: &Tuning) -> Result<Score> {
    let mut score = Score::default();
    let recorded = replay::load(path)?;
    let seat = recorded.our_seat(path, seat_override)?;
    let mut at = Replay::new(&recorded, seat, tuning);
    score.games += 1;
    // The enemy's moves so far, and the one on which each enemy piece
    // first moved.
    let mut turns = 0;
    let mut first_move: Vec<Option<u32>> = vec![None; at.view.enemies().len()];
    for &(by, u, r, _) in &recorded.moves {
        if by != seat {
            turns += 1;
            if let Some((i, _)) = at.view.enemy_at(u.from) {
                first_move[i].get_or_insert(turns);
            }
        }
        if by == seat {
            // Before our move: every unidentified enemy piece, scored.
            let target = u.from.step(u.dir, u.distance);
            let strong = at.game.board().get(u.from).is_some_and(|p| {
                matches!(
                    p.rank,
                    Rank::Marshal | Rank::General | Rank::Colonel | Rank::Major
                )
            });
            for (i, e) in at.view.enemies().iter().enumerate() {
                let Some(sq) = e.square else { continue };
                if e.known_rank().is_some() {
                    continue;
                }
                let truth = at
                    .game
                    .board()
                    .get(sq)
                    .context("a piece the view has")?
                    .rank;
                let d = at.knowledge.distribution(i);
                let p = d[truth.index()];
                let loss = -p.max(FLOOR).ln();
                score.pieces += 1;
                score.log_loss += loss;
                score.p_true += p;
                if Some(sq) == target {
                    score.attacked += 1;
                    score.attacked_log_loss += loss;
                    if strong && !e.moved {
                        let bomb = d[Rank::Bomb.index()];
                        score.strong_attacks.add(bomb, truth == Rank::Bomb);
                        let depth = prior::depth(seat.opponent(), sq);
                        score.strong_by_depth[depth].add(d, truth);
                    }
                }
                if let (true, Some(turn)) = (e.moved, first_move[i]) {
                    let miner = d[Rank::Miner.index()];
                    score.starts.add(turn, loss, miner, truth == Rank::Miner);
                }
                if !e.moved {
                    let bomb = d[Rank::Bomb.index()];
                    score.bomb.add(bomb, truth == Rank::Bomb);
                    let flag = d[Rank::Flag.index()];
                    score.flag.add(flag, truth == Rank::Flag);
                    score.immobile.add(bomb + flag, !truth.can_move());
                }
            }
        }
        at.play(by, u, r)?;
    }
    Ok(score)
}

fn main() -> Result<()> {
    replay::quiet_when_closed(run(&mut std::io::stdout().lock()))
}

fn run(out: &mut impl Write) -> Result<()> {
    let mut score = Score::default();
    replay::each_tuned_record("beliefs", |path, seat, tuning| {
        score.merge(&score_record(path, seat, tuning)?);
        Ok(())
    })?;
    let n = score.pieces.max(1) as f64;
    writeln!(
        out,
        "{} games, {} beliefs: log loss {:.4}, p(true rank) {:.4}; {} attacked pieces: log loss {:.4}",
        score.games,
        score.pieces,
        score.log_loss / n,
        score.p_true / n,
        score.attacked,
        score.attacked_log_loss / score.attacked.max(1) as f64
    )?;
    score.bomb.print(out, "unmoved pieces, Bomb")?;
    score.flag.print(out, "unmoved pieces, Flag")?;
    score.immobile.print(out, "unmoved pieces, Bomb or Flag")?;
    score.strong_attacks.print(
        out,
        "unmoved pieces our Marshal, General, Colonel or Major attacked, Bomb",
    )?;
    writeln!(
        out,
        "the same by column from the enemy's front: attacks, Bomb believed, were; Flag believed, were"
    )?;
    for (depth, o) in score.strong_by_depth.iter().enumerate() {
        let n = o.count.max(1) as f64;
        writeln!(
            out,
            "  {depth} {:>7} {:>6.1}% {:>6.1}% {:>6.1}% {:>6.1}%",
            o.count,
            100.0 * o.bomb / n,
            100.0 * o.bombs as f64 / n,
            100.0 * o.flag / n,
            100.0 * o.flags as f64 / n
        )?;
    }
    score.starts.print(out)?;
    Ok(())
}
