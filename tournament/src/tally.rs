//! Counting finished games: the crosstable (wins, draws and losses of every
//! program against every other) and each program's failures and reply
//! times.

use std::collections::BTreeMap;

use crate::verdict::{Failure, Outcome, Verdict};

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

    /// Records a game: `seats` are the programs by colour.
    pub fn add(&mut self, seats: [usize; 2], outcome: Outcome) {
        let [p0, p1] = seats;
        self.cells[p0 * self.n + p1].add(outcome.points(0));
        self.cells[p1 * self.n + p0].add(outcome.points(1));
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
}

impl ProgramStats {
    /// Mean reply time over all moves, in milliseconds.
    pub fn mean_reply_ms(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.reply_ms_total / self.moves as f64)
    }
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
        }
    }

    /// Counts a game played by programs `seats` (by colour).
    ///
    /// Where the verdict gives a player's own account (`failure`,
    /// `timeouts`, `illegal_moves`, `setup`), that is used, as it is exact.
    /// Otherwise a failure reason is charged to the loser, or to both
    /// players when nobody won (both failed).
    pub fn add(&mut self, seats: [usize; 2], verdict: &Verdict) {
        self.games += 1;
        self.crosstable.add(seats, verdict.outcome);
        self.first_mover.add(verdict.outcome.points(0));
        *self.reasons.entry(verdict.reason.clone()).or_default() += 1;
        let failure = verdict.failure();
        for (seat, &program) in seats.iter().enumerate() {
            let report = &verdict.players[seat];
            let own_failure = match &report.failure {
                Some(own) => own.as_deref().and_then(Failure::from_reason),
                None if verdict.outcome.points(seat) < 1.0 => failure,
                None => None,
            };
            let charged = |kind: Failure| u64::from(own_failure == Some(kind));
            let stats = &mut self.stats[program];
            stats.timeouts += report.timeouts.unwrap_or_else(|| charged(Failure::Timeout));
            stats.illegal_moves += report
                .illegal_moves
                .unwrap_or_else(|| charged(Failure::IllegalMove));
            stats.refused_setups += match &report.setup {
                Some(setup) => u64::from(setup == "refused"),
                None => charged(Failure::RefusedSetup),
            };
            stats.crashes += charged(Failure::Crash);
            stats.pipe_failures += charged(Failure::Pipe);
            stats.moves += report.moves;
            stats.reply_ms_total += report.mean_reply_ms * report.moves as f64;
            stats.max_reply_ms = stats.max_reply_ms.max(report.max_reply_ms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::PlayerReport;

    fn verdict(outcome: Outcome, reason: &str, players: [PlayerReport; 2]) -> Verdict {
        Verdict {
            outcome,
            reason: reason.into(),
            detail: None,
            moves: 0,
            duration_ms: 0.0,
            players,
        }
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
        t.add([0, 1], Outcome::Win(0));
        t.add([1, 0], Outcome::Win(0));
        t.add([2, 0], Outcome::Draw);
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
    fn failures_are_charged_to_the_loser_without_per_player_counts() {
        let mut tally = Tally::new(2);
        let none = PlayerReport::default;
        tally.add(
            [1, 0],
            &verdict(Outcome::Win(0), "crashed", [none(), none()]),
        );
        tally.add(
            [0, 1],
            &verdict(Outcome::Win(0), "timeout", [none(), none()]),
        );
        tally.add(
            [0, 1],
            &verdict(Outcome::Draw, "setup_refused", [none(), none()]),
        );
        tally.add(
            [0, 1],
            &verdict(Outcome::Win(0), "stopped_reading", [none(), none()]),
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
        let failed = |f: Option<&str>| PlayerReport {
            failure: Some(f.map(str::to_owned)),
            ..PlayerReport::default()
        };
        // Both failed, the draw's reason names only one: each is charged
        // with its own failure.
        tally.add(
            [0, 1],
            &verdict(
                Outcome::Draw,
                "exited",
                [failed(Some("timeout")), failed(Some("exited"))],
            ),
        );
        // The loser's failure is null (it lost on the board): no charge.
        tally.add(
            [0, 1],
            &verdict(Outcome::Win(0), "crashed", [failed(None), failed(None)]),
        );
        assert_eq!((tally.stats[0].timeouts, tally.stats[0].crashes), (1, 0));
        assert_eq!((tally.stats[1].timeouts, tally.stats[1].crashes), (0, 1));
    }

    #[test]
    fn per_player_counts_win_and_reply_times_are_weighted_by_moves() {
        let mut tally = Tally::new(2);
        let p = |timeouts, setup: &str, moves, mean, max| PlayerReport {
            setup: Some(setup.into()),
            moves,
            timeouts: Some(timeouts),
            illegal_moves: Some(0),
            max_reply_ms: max,
            mean_reply_ms: mean,
            exit: None,
            failure: None,
        };
        tally.add(
            [0, 1],
            &verdict(
                Outcome::Win(1),
                "timeout",
                [
                    p(1, "accepted", 10, 4.0, 501.0),
                    p(0, "accepted", 10, 1.0, 2.0),
                ],
            ),
        );
        tally.add(
            [1, 0],
            &verdict(
                Outcome::Win(1),
                "setup_refused",
                [p(0, "refused", 0, 0.0, 3.0), p(0, "accepted", 30, 8.0, 9.0)],
            ),
        );
        let s = &tally.stats;
        assert_eq!((s[0].timeouts, s[1].timeouts), (1, 0));
        assert_eq!((s[0].refused_setups, s[1].refused_setups), (0, 1));
        assert_eq!(s[0].mean_reply_ms(), Some((4.0 * 10.0 + 8.0 * 30.0) / 40.0));
        assert_eq!(s[0].max_reply_ms, 501.0);
        assert_eq!(s[1].max_reply_ms, 3.0);
    }
}
