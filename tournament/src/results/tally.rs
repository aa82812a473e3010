//! Counting finished games: the crosstable (wins, draws and losses of every
//! program against every other) and each program's failures and reply
//! times.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use referee_schema::{Fault, Outcome, Reason, SetupStatus};

use crate::results::load::CpuWaits;
use crate::results::record::GameRecord;
use crate::results::verdict::Verdict;

/// Wins, draws and losses from one side's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// Wins, draws and losses.
    pub const fn new(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Number of games.
    pub fn games(self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win is 1, a draw ½.
    pub fn points(self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// Points per game, if any game was played.
    pub fn score(self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / f64::from(self.games()))
    }

    /// The same games from the other side's point of view.
    pub fn reversed(self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Adds a game in which this side scored `points` (1, ½ or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }
}

impl std::ops::AddAssign for Wdl {
    fn add_assign(&mut self, other: Wdl) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

/// Game pairs from one side's point of view (pentanomial): `counts[k]`
/// pairs in which it scored `k / 2` points (0, ½, 1, 1½, 2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Penta {
    /// Pairs by the side's points, in half points.
    pub counts: [u32; 5],
}

impl Penta {
    /// Pairs of 0, ½, 1, 1½ and 2 points.
    pub const fn new(counts: [u32; 5]) -> Penta {
        Penta { counts }
    }

    /// Number of pairs.
    pub fn pairs(self) -> u32 {
        self.counts.iter().sum()
    }

    /// The same pairs from the other side's point of view.
    pub fn reversed(self) -> Penta {
        let mut counts = self.counts;
        counts.reverse();
        Penta { counts }
    }

    /// Adds a pair in which this side scored `points` (0 to 2, in halves).
    pub fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }
}

/// The game pairs of a paired tournament (two seats), by pairing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pairs {
    /// The first game counted of each incomplete pair: `(a, b, pair)`
    /// (`a < b`) to `a`'s points.
    open: HashMap<(usize, usize, u32), f64>,
    /// Complete pairs of `(a, b)` (`a < b`), from `a`'s side.
    done: HashMap<(usize, usize), Penta>,
}

impl Pairs {
    /// Counts game `index` (0-based, in its pairing) played by programs
    /// `seats` (two) with `outcome`; the pair counts once both its games
    /// are in.
    pub fn add(&mut self, seats: &[usize], index: u32, outcome: &Outcome) {
        let &[x, y] = seats else {
            return;
        };
        let points = outcome.points();
        let side = match points[0].partial_cmp(&points[1]) {
            Some(std::cmp::Ordering::Greater) => 1.0,
            Some(std::cmp::Ordering::Less) => 0.0,
            _ => 0.5,
        };
        let (a, b, of_a) = if x < y {
            (x, y, side)
        } else {
            (y, x, 1.0 - side)
        };
        let key = (a, b, crate::plan::schedule::pair_of(index));
        match self.open.remove(&key) {
            Some(first) => self.done.entry((a, b)).or_default().add(first + of_a),
            None => {
                self.open.insert(key, of_a);
            }
        }
    }

    /// The complete pairs of `a` against `b`, from `a`'s side.
    pub fn get(&self, a: usize, b: usize) -> Penta {
        if a <= b {
            self.done.get(&(a, b)).copied().unwrap_or_default()
        } else {
            self.get(b, a).reversed()
        }
    }

    /// Pairs of which one game only is counted.
    pub fn incomplete(&self) -> usize {
        self.open.len()
    }
}

/// Results of every program against every other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crosstable {
    n: usize,
    cells: Vec<Wdl>,
}

impl Crosstable {
    /// An empty table for `n` programs.
    pub fn new(n: usize) -> Crosstable {
        Crosstable {
            n,
            cells: vec![Wdl::default(); n * n],
        }
    }

    /// Number of programs.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the table has no programs.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Results of program `a` against program `b`.
    pub fn get(&self, a: usize, b: usize) -> Wdl {
        self.cells[a * self.n + b]
    }

    /// Records a game: `seats` are the programs by seat. Every pair of
    /// seats counts as a game between their programs, won by the one that
    /// scored more (two seats: the game itself).
    pub fn add(&mut self, seats: &[usize], outcome: &Outcome) {
        let points = outcome.points();
        for i in 0..seats.len() {
            for j in i + 1..seats.len() {
                let (a, b) = (seats[i], seats[j]);
                let (pa, pb) = (points[i], points[j]);
                let side = if pa > pb {
                    1.0
                } else if pa < pb {
                    0.0
                } else {
                    0.5
                };
                self.cells[a * self.n + b].add(side);
                self.cells[b * self.n + a].add(1.0 - side);
            }
        }
    }

    /// Adds `wdl` (from `a`'s side) to the results of `a` against `b`, and
    /// the reverse to `b` against `a`.
    pub fn add_wdl(&mut self, a: usize, b: usize, wdl: Wdl) {
        self.cells[a * self.n + b] += wdl;
        self.cells[b * self.n + a] += wdl.reversed();
    }

    /// Results of program `a` against everyone.
    pub fn total(&self, a: usize) -> Wdl {
        let mut sum = Wdl::default();
        for b in 0..self.n {
            sum += self.get(a, b);
        }
        sum
    }
}

/// One program's failures and reply times over all its games.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProgramStats {
    /// Replies that came too late.
    pub timeouts: u64,
    /// Games lost by dying: a signal, exiting, or failing to start.
    pub crashes: u64,
    /// Games lost by closing the output or not reading the input.
    pub pipe_failures: u64,
    /// Illegal moves.
    pub illegal_moves: u64,
    /// Setups the referee refused.
    pub refused_setups: u64,
    /// Moves made (the weights of the mean reply time).
    pub moves: u64,
    /// Sum over games of mean reply time × moves, in milliseconds.
    reply_ms_total: f64,
    /// Slowest reply over all games, in milliseconds.
    pub max_reply_ms: f64,
    /// Every move's reply time that the games' records hold (the verdicts
    /// have only each game's mean and maximum).
    pub replies: ReplyTimes,
}

impl ProgramStats {
    /// Mean reply time over all moves, in milliseconds.
    pub fn mean_reply_ms(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.reply_ms_total / self.moves as f64)
    }

    fn charge(&mut self, fault: Fault, times: u64) {
        let count = match fault {
            Fault::Timeout => &mut self.timeouts,
            Fault::Crash => &mut self.crashes,
            Fault::Pipe => &mut self.pipe_failures,
            Fault::IllegalMove => &mut self.illegal_moves,
            Fault::RefusedSetup => &mut self.refused_setups,
        };
        *count += times;
    }
}

/// Reply times, counted by the microsecond: their median is exact to a
/// microsecond whatever their number, in the memory of the distinct
/// values (a long tournament's millions of moves reply in a few thousand
/// distinct microseconds).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReplyTimes {
    counts: BTreeMap<u64, u64>,
    total: u64,
}

impl ReplyTimes {
    /// Counts a reply of `ms` milliseconds.
    pub fn add(&mut self, ms: f64) {
        let micros = (ms.max(0.0) * 1000.0).round() as u64;
        *self.counts.entry(micros).or_default() += 1;
        self.total += 1;
    }

    /// Replies counted.
    pub fn len(&self) -> u64 {
        self.total
    }

    /// Whether none was counted.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The median, in milliseconds (of an even number, the mean of the
    /// two middle ones).
    pub fn median_ms(&self) -> Option<f64> {
        if self.total == 0 {
            return None;
        }
        // The values at 0-based ranks (total - 1) / 2 and total / 2.
        let ranks = [(self.total - 1) / 2, self.total / 2];
        let mut found = [0u64; 2];
        let mut seen = 0;
        for (&micros, &n) in &self.counts {
            for (slot, &rank) in found.iter_mut().zip(&ranks) {
                if (seen..seen + n).contains(&rank) {
                    *slot = micros;
                }
            }
            seen += n;
            if seen > ranks[1] {
                break;
            }
        }
        Some((found[0] + found[1]) as f64 / 2000.0)
    }
}

/// The faults a game's verdict charges to `seat`, each with its count.
///
/// The verdict's own account of each player (`failure`, `timeouts`,
/// `illegal_moves`, `setup`) is used, as it is exact. A verdict without
/// players (not our referee's) charges its reason's fault to every seat
/// that scored less than the best (to all, in a draw).
pub fn charged(verdict: &Verdict, seat: usize) -> Vec<(Fault, u64)> {
    let outcome = &verdict.outcome;
    let Some(report) = verdict.summary.players.get(seat) else {
        let best = outcome.points().iter().copied().fold(0.0, f64::max);
        let lost = outcome.points()[seat] < best || outcome.is_draw();
        return verdict
            .fault()
            .filter(|_| lost)
            .map(|f| (f, 1))
            .into_iter()
            .collect();
    };
    let own = report.failure.as_ref().and_then(Reason::fault);
    [
        (Fault::Timeout, u64::from(report.timeouts)),
        (Fault::Crash, u64::from(own == Some(Fault::Crash))),
        (Fault::Pipe, u64::from(own == Some(Fault::Pipe))),
        (Fault::IllegalMove, u64::from(report.illegal_moves)),
        (
            Fault::RefusedSetup,
            u64::from(report.setup == Some(SetupStatus::Refused)),
        ),
    ]
    .into_iter()
    .filter(|&(_, n)| n > 0)
    .collect()
}

/// A counted game, for the report's list of games.
#[derive(Debug, Clone, PartialEq)]
pub struct GameEntry {
    /// The game's id.
    pub id: String,
    /// The programs by seat.
    pub seats: Vec<usize>,
    /// Its log directory (its record, and its viewer's page).
    pub log_dir: PathBuf,
    /// When its referee ended, in milliseconds since the Unix epoch: the
    /// order in which the games' results came.
    pub ended_unix_ms: u64,
    /// Its verdict.
    pub verdict: Verdict,
    /// Its 0-based number in its pairing, when games are paired.
    pub paired_index: Option<u32>,
}

/// Everything counted over a set of finished games.
#[derive(Debug, Clone)]
pub struct Tally {
    /// Results of every program against every other.
    pub crosstable: Crosstable,
    /// Per-program failures and reply times.
    pub stats: Vec<ProgramStats>,
    /// Results from player 0's side (the first mover's advantage).
    pub first_mover: Wdl,
    /// Number of games ending for each reason.
    pub reasons: BTreeMap<String, u32>,
    /// Number of games.
    pub games: u32,
    /// The games counted with [`Tally::count`], in that order.
    pub entries: Vec<GameEntry>,
    /// The game pairs of a paired tournament.
    pub pairs: Pairs,
    /// The games whose players waited for a CPU, from the verdicts' CPU
    /// and wall times.
    pub cpu_waits: CpuWaits,
}

impl Tally {
    /// An empty tally for `n` programs.
    pub fn new(n: usize) -> Tally {
        Tally {
            crosstable: Crosstable::new(n),
            stats: vec![ProgramStats::default(); n],
            first_mover: Wdl::default(),
            reasons: BTreeMap::new(),
            games: 0,
            entries: Vec::new(),
            pairs: Pairs::default(),
            cpu_waits: CpuWaits::default(),
        }
    }

    /// Counts the game of `record` (played by programs `seats`, by seat),
    /// and keeps it for the list of games.
    pub fn count(&mut self, seats: &[usize], record: &GameRecord, verdict: &Verdict) {
        self.add(seats, verdict);
        let paired = record.settings.pairs && seats.len() == 2;
        if paired {
            self.pairs.add(seats, record.index, &verdict.outcome);
        }
        self.cpu_waits.add(Some(&record.id), &verdict.summary);
        self.entries.push(GameEntry {
            id: record.id.clone(),
            seats: seats.to_vec(),
            log_dir: record.log_dir.clone(),
            ended_unix_ms: record.started_unix_ms.saturating_add(record.wall_ms),
            verdict: verdict.clone(),
            paired_index: paired.then_some(record.index),
        });
    }

    /// Counts a game played by programs `seats` (by seat); its faults are
    /// [`charged`]'s.
    pub fn add(&mut self, seats: &[usize], verdict: &Verdict) {
        self.games += 1;
        let outcome = &verdict.outcome;
        self.crosstable.add(seats, outcome);
        self.first_mover.add(outcome.points()[0]);
        *self
            .reasons
            .entry(verdict.summary.reason.as_str().to_owned())
            .or_default() += 1;
        for (seat, &program) in seats.iter().enumerate() {
            let stats = &mut self.stats[program];
            for (fault, n) in charged(verdict, seat) {
                stats.charge(fault, n);
            }
            let Some(report) = verdict.summary.players.get(seat) else {
                continue;
            };
            stats.moves += u64::from(report.moves);
            stats.reply_ms_total += report.mean_reply_ms.unwrap_or(0.0) * f64::from(report.moves);
            stats.max_reply_ms = stats.max_reply_ms.max(report.max_reply_ms.unwrap_or(0.0));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use referee_schema::PlayerReport;

    fn verdict(outcome: Outcome, reason: &str, players: Vec<PlayerReport>) -> Verdict {
        Verdict::made(outcome, reason, players)
    }

    #[test]
    fn wdl_counts_points() {
        let mut w = Wdl::default();
        for p in [1.0, 0.5, 0.5, 0.0] {
            w.add(p);
        }
        assert_eq!(
            w,
            Wdl {
                wins: 1,
                draws: 2,
                losses: 1
            }
        );
        assert_eq!((w.games(), w.points(), w.score()), (4, 2.0, Some(0.5)));
        assert_eq!(Wdl::default().score(), None);
    }

    #[test]
    fn crosstable_is_antisymmetric() {
        let mut t = Crosstable::new(3);
        t.add(&[0, 1], &Outcome::win(0, 2));
        t.add(&[1, 0], &Outcome::win(0, 2));
        t.add(&[2, 0], &Outcome::draw(2));
        assert_eq!(
            t.get(0, 1),
            Wdl {
                wins: 1,
                draws: 0,
                losses: 1
            }
        );
        assert_eq!(t.get(1, 0), t.get(0, 1).reversed());
        assert_eq!(t.get(0, 2).draws, 1);
        assert_eq!(t.total(0).games(), 3);
        assert_eq!(t.get(1, 2), Wdl::default());
    }

    #[test]
    fn a_game_of_three_seats_counts_every_pair() {
        let mut t = Crosstable::new(3);
        // Seat 1 (program 2) lost by a fault; seats 0 and 2 share the point.
        t.add(&[1, 2, 0], &Outcome::lost(&[1], 3));
        assert_eq!(t.get(1, 2), Wdl::new(1, 0, 0));
        assert_eq!(t.get(0, 2), Wdl::new(1, 0, 0));
        assert_eq!(t.get(1, 0), Wdl::new(0, 1, 0));
        assert_eq!(t.total(2), Wdl::new(0, 0, 2));
        // A win: the winner beats both, the others draw.
        let mut t = Crosstable::new(3);
        t.add(&[0, 1, 2], &Outcome::win(2, 3));
        assert_eq!(t.total(2), Wdl::new(2, 0, 0));
        assert_eq!(t.get(0, 1), Wdl::new(0, 1, 0));
    }

    #[test]
    fn failures_are_charged_to_the_loser_without_per_player_counts() {
        let mut tally = Tally::new(2);
        tally.add(&[1, 0], &verdict(Outcome::win(0, 2), "crashed", vec![]));
        tally.add(&[0, 1], &verdict(Outcome::win(0, 2), "timeout", vec![]));
        tally.add(&[0, 1], &verdict(Outcome::draw(2), "setup_refused", vec![]));
        tally.add(
            &[0, 1],
            &verdict(Outcome::win(0, 2), "stopped_reading", vec![]),
        );
        assert_eq!(tally.stats[0].crashes, 1);
        assert_eq!(tally.stats[1].crashes, 0);
        assert_eq!(tally.stats[1].timeouts, 1);
        assert_eq!(tally.stats[0].timeouts, 0);
        assert_eq!(tally.stats[0].refused_setups, 1);
        assert_eq!(tally.stats[1].refused_setups, 1);
        assert_eq!(tally.reasons["crashed"], 1);
        assert_eq!(
            (tally.stats[0].pipe_failures, tally.stats[1].pipe_failures),
            (0, 1)
        );
        assert_eq!(
            tally.first_mover,
            Wdl {
                wins: 3,
                draws: 1,
                losses: 0
            }
        );
    }

    #[test]
    fn a_players_own_failure_field_wins_over_the_reason() {
        let mut tally = Tally::new(2);
        let failed = |f: Option<Reason>, timeouts| PlayerReport {
            failure: f,
            timeouts,
            ..PlayerReport::default()
        };
        // Both failed, the draw's reason names only one: each is charged
        // with its own failure.
        tally.add(
            &[0, 1],
            &verdict(
                Outcome::draw(2),
                "exited",
                vec![
                    failed(Some(Reason::Timeout), 1),
                    failed(Some(Reason::Exited), 0),
                ],
            ),
        );
        // The loser's failure is null (it lost on the board): no charge.
        tally.add(
            &[0, 1],
            &verdict(
                Outcome::win(0, 2),
                "crashed",
                vec![failed(None, 0), failed(None, 0)],
            ),
        );
        assert_eq!((tally.stats[0].timeouts, tally.stats[0].crashes), (1, 0));
        assert_eq!((tally.stats[1].timeouts, tally.stats[1].crashes), (0, 1));
    }

    #[test]
    fn per_player_counts_win_and_reply_times_are_weighted_by_moves() {
        use SetupStatus::{Accepted, Refused};
        let mut tally = Tally::new(2);
        let p = |(timeouts, setup, moves, mean, max)| PlayerReport {
            setup: Some(setup),
            moves,
            timeouts,
            max_reply_ms: Some(max),
            mean_reply_ms: Some(mean),
            ..PlayerReport::default()
        };
        // Two games won by the second seat: the seats, the reason, and each
        // seat's timeouts, setup, moves, mean and maximum reply.
        let games = [
            (
                [0, 1],
                "timeout",
                [(1, Accepted, 10, 4.0, 501.0), (0, Accepted, 10, 1.0, 2.0)],
            ),
            (
                [1, 0],
                "setup_refused",
                [(0, Refused, 0, 0.0, 3.0), (0, Accepted, 30, 8.0, 9.0)],
            ),
        ];
        for (seats, reason, players) in games {
            let players = players.into_iter().map(p).collect();
            tally.add(&seats, &verdict(Outcome::win(1, 2), reason, players));
        }
        let s = &tally.stats;
        assert_eq!((s[0].timeouts, s[1].timeouts), (1, 0));
        assert_eq!((s[0].refused_setups, s[1].refused_setups), (0, 1));
        assert_eq!(s[0].mean_reply_ms(), Some((4.0 * 10.0 + 8.0 * 30.0) / 40.0));
        assert_eq!(s[0].max_reply_ms, 501.0);
        assert_eq!(s[1].max_reply_ms, 3.0);
    }

    #[test]
    fn the_median_reply_is_exact_to_the_microsecond() {
        let mut r = ReplyTimes::default();
        assert_eq!(r.median_ms(), None);
        for ms in [5.0, 1.0, 3.0004, 1000.0] {
            r.add(ms);
        }
        // 1, 3, 5, 1000: between 3 and 5.
        assert_eq!(r.median_ms(), Some(4.0));
        r.add(3.0);
        assert_eq!((r.len(), r.median_ms()), (5, Some(3.0)));
        let mut same = ReplyTimes::default();
        same.add(2.5);
        same.add(2.5);
        assert_eq!(same.median_ms(), Some(2.5));
    }
}
