//! Aggregates games into what the strength benchmark prints.

use std::collections::BTreeMap;
use std::fmt;

use crate::game::{Played, search_reports};

/// The games of one player (the measured one) against one opponent.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Wins, draws, losses and points of every game.
    pub total: Results,
    /// Games lost through the measured player's own fault (an illegal
    /// move, a failure of its program).
    pub faults: u32,
    /// Games won through the opponent's fault (its timeout, crash, illegal
    /// move): wins that say nothing of the measured player's strength.
    pub opponent_faults: u32,
    /// What the first game won through the opponent's fault ended on: the
    /// failing seat, the reason and the last line of its log (the wins
    /// say nothing when the opponent could not even start).
    pub first_opponent_fault: Option<String>,
    /// `"win: flag_captured"` .. with counts.
    pub endings: BTreeMap<String, u32>,
    /// Every move reply time of the measured player, in milliseconds.
    pub reply_ms: Vec<f64>,
    /// The slowest reply by the referee's verdicts, which also count a
    /// last reply the record lacks (an illegal or late one).
    pub max_reply_ms: f64,
    /// Moves per game.
    pub lengths: Vec<u32>,
    /// The most seats of a game.
    pub seats: usize,
    /// Search depth reached per move.
    pub depths: Vec<u32>,
    /// Boards (determinizations) searched per move.
    pub boards: Vec<u32>,
    /// Nodes searched per move.
    pub nodes: Vec<u64>,
    /// Moves whose search report says the player waited for a CPU
    /// [`LOADED_WAIT`] of its time or more.
    pub loaded_moves: u32,
    /// The same games by the seat the measured player sat in (index 0:
    /// the first to move), so that a weakness in one seat shows.
    pub by_seat: Vec<Results>,
}

/// How a game ended for the measured player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It took the whole point.
    Win,
    /// It shared the point (with two seats a draw is half a point; with
    /// more, the point shared by several seats: a draw, or a fault of
    /// another).
    Draw,
    /// It took nothing.
    Loss,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        })
    }
}

/// Wins, draws, losses and points of a set of games (all of them, or
/// those played from one seat).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Results {
    /// Games played.
    pub games: u32,
    /// Games won (the whole point taken).
    pub wins: u32,
    /// Games drawn (the point shared).
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Points taken.
    pub points: f64,
}

impl Results {
    /// Adds a game in which the measured player took `points` of the one
    /// point at stake, and says what that was.
    pub fn add(&mut self, points: f64) -> Outcome {
        self.games += 1;
        self.points += points;
        // Points are sums of 1/seats: compare with a margin.
        if points > 1.0 - 1e-9 {
            self.wins += 1;
            Outcome::Win
        } else if points > 1e-9 {
            self.draws += 1;
            Outcome::Draw
        } else {
            self.losses += 1;
            Outcome::Loss
        }
    }

    /// The points per game.
    pub fn score(&self) -> f64 {
        per_game(self.points, self.games)
    }
}

/// `total` per game, 0 with no game.
fn per_game(total: f64, games: u32) -> f64 {
    if games == 0 {
        return 0.0;
    }
    total / f64::from(games)
}

/// A move searched while the player waited for a CPU this share of its
/// time or more was searched on a loaded machine: the Stratego AI then
/// also keeps back part of its budget. (Over 100 games against peternlewis
/// on a quiet machine, 4.1% of our moves; beside one more busy process on
/// 2 cores, 64% against celsius, with half the nodes a move.)
pub const LOADED_WAIT: f64 = 0.25;

/// The most moves searched on a loaded machine (a share of the moves
/// reported) for a run to measure the AI at its time limit.
pub const MAX_LOADED_SHARE: f64 = 0.15;

impl Tally {
    /// Adds a game in which the measured player was seat `me`.
    pub fn add(&mut self, game: &Played, me: usize) {
        let v = &game.verdict;
        let seats = v.players.len().max(2);
        self.seats = self.seats.max(seats);
        let points = v
            .points
            .as_ref()
            .and_then(|p| p.get(me).copied())
            .unwrap_or(1.0 / seats as f64);
        if self.by_seat.len() <= me {
            self.by_seat.resize(me + 1, Results::default());
        }
        let outcome = self.total.add(points);
        self.by_seat[me].add(points);
        match (outcome, v.reason.fault().is_some()) {
            (Outcome::Win, true) => {
                self.opponent_faults += 1;
                if self.first_opponent_fault.is_none() {
                    self.first_opponent_fault = Some(fault_line(game, me));
                }
            }
            (Outcome::Loss, true) => self.faults += 1,
            _ => {}
        }
        *self
            .endings
            .entry(format!("{outcome}: {}", v.reason))
            .or_insert(0) += 1;
        let replies = game.reply_ms.get(me).map_or(&[][..], Vec::as_slice);
        self.reply_ms.extend(replies);
        let slowest = v
            .players
            .get(me)
            .and_then(|p| p.max_reply_ms)
            .into_iter()
            .chain(replies.iter().copied())
            .fold(self.max_reply_ms, f64::max);
        self.max_reply_ms = slowest;
        self.lengths.push(v.moves);
        for r in search_reports(game.logs.get(me).map_or("", String::as_str)) {
            self.depths.push(r.depth);
            self.boards.push(r.boards);
            self.nodes.push(r.nodes);
            if r.waiting.is_some_and(|w| w >= LOADED_WAIT) {
                self.loaded_moves += 1;
            }
        }
    }

    /// The share of the reported searches made on a loaded machine
    /// ([`LOADED_WAIT`]); `None` when no search was reported.
    pub fn loaded_share(&self) -> Option<f64> {
        let reported = self.depths.len();
        (reported > 0).then(|| f64::from(self.loaded_moves) / reported as f64)
    }

    /// Whether the machine was quiet enough for the run to measure the AI
    /// ([`MAX_LOADED_SHARE`]); true when no search was reported.
    pub fn quiet(&self) -> bool {
        self.loaded_share().is_none_or(|s| s <= MAX_LOADED_SHARE)
    }

    /// The score: the points per game (two seats: a win 1, a draw ½;
    /// more: a share of the point).
    pub fn score(&self) -> f64 {
        self.total.score()
    }

    /// The score over the games not won through the opponent's fault (its
    /// timeout, crash, illegal move), which say nothing of the measured
    /// player's strength; `None` when every game was won so.
    pub fn judged_score(&self) -> Option<f64> {
        let games = self.total.games - self.opponent_faults;
        (games > 0)
            .then(|| (self.total.points - f64::from(self.opponent_faults)) / f64::from(games))
    }

    /// The share of games won outright.
    pub fn win_share(&self) -> f64 {
        per_game(f64::from(self.total.wins), self.total.games)
    }

    /// The 95% Wilson interval of the score (draws counted as half a win):
    /// unlike the normal approximation it stays inside [0, 1] and is not
    /// empty when every game is won.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.score(), f64::from(self.total.games))
    }
}

/// How the opponent's fault ended `game`: the first other seat that failed,
/// with the reason and the last line of its log.
fn fault_line(game: &Played, me: usize) -> String {
    let v = &game.verdict;
    let seat = v.players.iter().enumerate().position(|(i, p)| {
        i != me && (p.failure.is_some() || p.illegal_moves > 0 || p.timeouts > 0)
    });
    let last = |i: usize| {
        game.logs
            .get(i)
            .and_then(|l| l.lines().rev().find(|l| !l.trim().is_empty()))
            .map_or_else(
                || "its log is empty".to_owned(),
                |l| format!("its log ends `{}`", l.trim()),
            )
    };
    match seat {
        Some(i) => format!("seat {i}, {}: {}", v.reason, last(i)),
        None => format!("{}: {}", v.reason, v.detail),
    }
}

pub use game_search::stats::wilson;

/// The median of `values`, if any ([`game_search::stats::median`]).
pub fn median<T: Copy + Into<f64>>(values: &[T]) -> Option<f64> {
    let values: Vec<f64> = values.iter().map(|&v| v.into()).collect();
    game_search::stats::median(&values)
}

/// The largest of `values`, if any.
pub fn max(values: &[f64]) -> Option<f64> {
    values.iter().copied().reduce(f64::max)
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.interval();
        writeln!(
            f,
            "  {} games: +{} ={} -{}  score {:.1}% (95% interval {:.1}%..{:.1}%)",
            self.total.games,
            self.total.wins,
            self.total.draws,
            self.total.losses,
            self.score() * 100.0,
            lo * 100.0,
            hi * 100.0
        )?;
        let seats: Vec<String> = self
            .by_seat
            .iter()
            .enumerate()
            .filter(|(_, s)| s.games > 0)
            .map(|(i, s)| {
                format!(
                    "seat {i} +{} ={} -{} {:.1}%",
                    s.wins,
                    s.draws,
                    s.losses,
                    s.score() * 100.0
                )
            })
            .collect();
        if seats.len() > 1 {
            // Seat 0 moves first: a gap between seats is a weakness of one
            // side of the board or of the tempo, not of the opponent.
            writeln!(f, "  by our seat: {}", seats.join(", "))?;
        }
        if self.seats > 2 {
            let (lo, hi) = wilson(self.win_share(), f64::from(self.total.games));
            writeln!(
                f,
                "  {} seats: games won {:.1}% (95% interval {:.1}%..{:.1}%; an even share is {:.1}%)",
                self.seats,
                self.win_share() * 100.0,
                lo * 100.0,
                hi * 100.0,
                100.0 / self.seats as f64
            )?;
        }
        writeln!(
            f,
            "  games lost by E or F: {}; won by the opponent's E or F: {}",
            self.faults, self.opponent_faults
        )?;
        if let Some(first) = &self.first_opponent_fault {
            let judged = self.judged_score().map_or_else(
                || "no game is left to judge the score on".to_owned(),
                |s| {
                    format!(
                        "score without them {:.1}% over {} games",
                        s * 100.0,
                        self.total.games - self.opponent_faults
                    )
                },
            );
            writeln!(f, "    the first: {first}; {judged}")?;
        }
        for (e, n) in &self.endings {
            writeln!(f, "    {n:4}  {e}")?;
        }
        if let Some(med) = median(&self.reply_ms) {
            writeln!(
                f,
                "  reply time: median {med:.1} ms, max {:.1} ms over {} replies",
                self.max_reply_ms,
                self.reply_ms.len()
            )?;
        }
        if let Some(len) = median(&self.lengths) {
            writeln!(f, "  game length: median {len} moves")?;
        }
        let nodes: Vec<f64> = self.nodes.iter().map(|&n| n as f64).collect();
        if let (Some(d), Some(b), Some(n)) =
            (median(&self.depths), median(&self.boards), median(&nodes))
        {
            let dmin = self.depths.iter().min().copied().unwrap_or(0);
            let dmax = self.depths.iter().max().copied().unwrap_or(0);
            writeln!(
                f,
                "  search per move: depth median {d} (min {dmin}, max {dmax}), {b} boards, {n} nodes (medians)"
            )?;
        }
        if let Some(share) = self.loaded_share() {
            writeln!(
                f,
                "  searched waiting for a CPU {:.0}% of the time or more: {} of {} moves ({:.1}%){}",
                LOADED_WAIT * 100.0,
                self.loaded_moves,
                self.depths.len(),
                share * 100.0,
                if self.quiet() {
                    ""
                } else {
                    ": a loaded machine, the AI had less than its time"
                }
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4u32, 1, 2, 3]), Some(2.5));
        assert_eq!(median::<u32>(&[]), None);
        assert_eq!(max(&[1.0, 5.0, 2.0]), Some(5.0));
    }

    fn played(winner: Option<u8>, reason: &str, max0: f64, replies0: Vec<f64>) -> Played {
        let result = match winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        };
        let text = format!(
            r#"{{"schema":1,"winner":{},"result":"{result}","points":{},"reason":"{reason}","moves":10,
                "players":[{{"program":"a","max_reply_ms":{max0}}},{{"program":"b","max_reply_ms":1.0}}]}}"#,
            winner.map_or("null".to_owned(), |w| w.to_string()),
            match winner {
                Some(0) => "[1,0]",
                Some(_) => "[0,1]",
                None => "[0.5,0.5]",
            }
        );
        Played {
            verdict: referee_schema::Summary::from_json(&text).unwrap(),
            reply_ms: vec![replies0, vec![1.0]],
            logs: vec![
                "move 1: A3 E 1 in 300.0 ms (depth 3, 40 boards, 1000 nodes, value +1)\n"
                    .to_owned(),
                String::new(),
            ],
        }
    }

    #[test]
    fn a_tally_counts_outcomes_faults_and_the_slowest_reply() {
        let mut t = Tally::default();
        t.add(
            &played(Some(0), "flag_captured", 310.0, vec![300.0, 310.0]),
            0,
        );
        t.add(&played(None, "turn_limit", 320.0, vec![320.0]), 0);
        // Lost by a timeout: the late reply is only in the verdict.
        t.add(&played(Some(1), "timeout", 612.0, vec![305.0]), 0);
        t.add(&played(Some(0), "illegal_move", 300.0, vec![300.0]), 1);
        assert_eq!(
            (
                t.total.games,
                t.total.wins,
                t.total.draws,
                t.total.losses,
                t.faults
            ),
            (4, 1, 1, 2, 2)
        );
        assert_eq!(t.max_reply_ms, 612.0);
        assert_eq!(t.reply_ms.len(), 5);
        assert_eq!(t.endings["loss: timeout"], 1);
        assert_eq!(t.depths, vec![3, 3, 3]);
        assert!((t.score() - 0.375).abs() < 1e-9);
        assert_eq!(t.by_seat.len(), 2);
        assert_eq!(
            (
                t.by_seat[0].games,
                t.by_seat[0].wins,
                t.by_seat[0].draws,
                t.by_seat[0].losses
            ),
            (3, 1, 1, 1)
        );
        assert!((t.by_seat[0].score() - 0.5).abs() < 1e-9);
        assert_eq!((t.by_seat[1].games, t.by_seat[1].losses), (1, 1));
        assert!(
            t.to_string()
                .contains("  by our seat: seat 0 +1 =1 -1 50.0%, seat 1 +0 =0 -1 0.0%\n"),
            "{t}"
        );
    }

    /// Seven of nine losses to celsius over two runs of 100 games came
    /// from our first seat, and only reading every record showed it: the
    /// report splits the games by our seat, and says nothing when one seat
    /// was played.
    #[test]
    fn regression_the_report_splits_the_score_by_our_seat() {
        let mut one = Tally::default();
        one.add(&played(Some(0), "flag_captured", 300.0, vec![300.0]), 0);
        assert!(!one.to_string().contains("by our seat"), "{one}");
        let mut t = Tally::default();
        for _ in 0..3 {
            t.add(&played(Some(1), "no_legal_move", 300.0, vec![300.0]), 0);
        }
        t.add(&played(Some(0), "flag_captured", 300.0, vec![300.0]), 0);
        t.add(&played(Some(1), "flag_captured", 300.0, vec![300.0]), 1);
        assert!(
            t.to_string()
                .contains("by our seat: seat 0 +1 =0 -3 25.0%, seat 1 +1 =0 -0 100.0%"),
            "{t}"
        );
    }

    /// The UCC agents run by a python2 installed under /root could not
    /// start in any of 400 games (the seat's uid could not reach it), and
    /// the report said "score 100.0%" and "all targets met".
    #[test]
    fn regression_wins_by_an_opponent_that_never_started_are_not_a_score() {
        let mut exited = played(Some(0), "exited", 0.0, vec![]);
        exited.verdict.players[1].failure = Some(referee_schema::Reason::from_name("exited"));
        exited.logs[1] = "/bin/sh: 1: exec: /root/python2.7: Permission denied\n\n".to_owned();
        let mut t = Tally::default();
        t.add(&exited, 0);
        t.add(&exited, 0);
        assert_eq!((t.total.wins, t.opponent_faults), (2, 2));
        assert_eq!(t.score(), 1.0);
        assert_eq!(t.judged_score(), None);
        let text = t.to_string();
        assert!(
            text.contains(
                "the first: seat 1, exited: its log ends `/bin/sh: 1: exec: /root/python2.7: \
                 Permission denied`; no game is left to judge the score on"
            ),
            "{text}"
        );
        // A real win and a real loss next to them: judged on those two.
        t.add(&played(Some(0), "flag_captured", 300.0, vec![300.0]), 0);
        t.add(&played(Some(1), "flag_captured", 300.0, vec![300.0]), 0);
        assert_eq!(t.judged_score(), Some(0.5));
        assert!(
            t.to_string()
                .contains("score without them 50.0% over 2 games")
        );
    }

    /// A celsius gauntlet run beside another busy process on 2 cores: our
    /// searches waited for a CPU half their time in 64% of the moves,
    /// searched half the nodes, and the report said nothing
    /// (`docs/experiments/2026-11-28-threat-and-rampage.md`).
    #[test]
    fn regression_a_run_on_a_loaded_machine_says_so() {
        let line = |waiting: &str| {
            format!(
                "move 1: A3 E 1 in 170.0 ms (depth 2, 24 boards, 47104 nodes, value -5{waiting})\n"
            )
        };
        let mut quiet = played(Some(0), "flag_captured", 300.0, vec![300.0]);
        quiet.logs[0] = line("").repeat(9) + &line(", waiting 24%");
        let mut loaded = quiet.clone();
        loaded.logs[0] = line(", waiting 53%").repeat(2);
        let mut t = Tally::default();
        t.add(&quiet, 0);
        assert_eq!((t.loaded_moves, t.quiet()), (0, true));
        assert!(
            t.to_string().contains("or more: 0 of 10 moves (0.0%)\n"),
            "{t}"
        );
        t.add(&loaded, 0);
        assert_eq!(t.loaded_moves, 2);
        assert!(
            t.loaded_share()
                .is_some_and(|s| (s - 2.0 / 12.0).abs() < 1e-9)
        );
        assert!(!t.quiet());
        assert!(
            t.to_string().contains(
                "or more: 2 of 12 moves (16.7%): a loaded machine, the AI had less than its time"
            ),
            "{t}"
        );
        // No search reported (a baseline's log): nothing to say.
        let mut none = Tally::default();
        none.add(&played(Some(0), "flag_captured", 1.0, vec![1.0]), 1);
        assert!(none.quiet() && none.loaded_share().is_none());
        assert!(!none.to_string().contains("CPU"));
    }

    #[test]
    fn with_more_seats_a_shared_point_is_a_draw_and_the_score_is_the_points() {
        let game = |points: &str| {
            let text = format!(
                r#"{{"schema":1,"winner":null,"result":"x","points":{points},"reason":"turn_limit","moves":10,
                    "players":[{{"program":"a"}},{{"program":"b"}},{{"program":"c"}},{{"program":"d"}},{{"program":"e"}}]}}"#
            );
            Played {
                verdict: referee_schema::Summary::from_json(&text).unwrap(),
                reply_ms: vec![Vec::new(); 5],
                logs: vec![String::new(); 5],
            }
        };
        let mut t = Tally::default();
        t.add(&game("[0.2,0.2,0.2,0.2,0.2]"), 0);
        t.add(&game("[1,0,0,0,0]"), 0);
        t.add(&game("[0,0,1,0,0]"), 0);
        t.add(&game("[0,0.25,0.25,0.25,0.25]"), 1);
        assert_eq!(
            (t.total.wins, t.total.draws, t.total.losses, t.seats),
            (1, 2, 1, 5)
        );
        assert!((t.score() - (0.2 + 1.0 + 0.25) / 4.0).abs() < 1e-9);
        assert!((t.win_share() - 0.25).abs() < 1e-9);
        assert!(t.to_string().contains("5 seats: games won 25.0%"), "{t}");
    }

    /// The overall tally and each seat's used to count outcomes apart
    /// (two sets of counters bumped side by side): one `Results::add`
    /// now names the outcome both count.
    #[test]
    fn results_name_the_outcome_of_the_points_taken() {
        let mut r = Results::default();
        // A sum of thirds is not exactly 1: still a win.
        let third = 1.0_f64 / 3.0;
        assert_eq!(r.add(third + third + third), Outcome::Win);
        assert_eq!(r.add(0.5), Outcome::Draw);
        assert_eq!(r.add(third), Outcome::Draw);
        assert_eq!(r.add(0.0), Outcome::Loss);
        assert_eq!((r.games, r.wins, r.draws, r.losses), (4, 1, 2, 1));
        assert!((r.score() - (1.0 + 0.5 + third) / 4.0).abs() < 1e-9);
        assert_eq!(Results::default().score(), 0.0);
        assert_eq!(Outcome::Draw.to_string(), "draw");
    }
}
