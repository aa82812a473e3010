//! An in-process arena: two strategies play a game on a [`Game`], without
//! processes or pipes, so that many games can be played quickly to measure
//! and tune the AI.

use std::time::{Duration, Instant};

use stratego::{Board, EndReason, Game, MoveResult, Player, Rules, View};

use crate::strategy::{SearchReport, Strategy};

/// How an arena game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// By the rules of play (Flag taken, no legal move, turn limit ..).
    Rules(EndReason),
    /// A player chose a move the rules refuse: it loses (the referee's `E`).
    Illegal(Player),
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Rules(r) => write!(f, "{r}"),
            Ending::Illegal(p) => write!(f, "illegal move by player {p}"),
        }
    }
}

/// The record of one arena game.
#[derive(Clone, Debug)]
pub struct Record {
    /// The winner, `None` for a draw.
    pub winner: Option<Player>,
    /// Why it ended.
    pub ending: Ending,
    /// Moves played, both players together.
    pub plies: u32,
    /// Each player's time per move, in order.
    pub times: [Vec<Duration>; 2],
    /// Each player's search reports, one per move, for strategies that search.
    pub reports: [Vec<SearchReport>; 2],
    /// The position at the end.
    pub board: Board,
}

/// A new game: `players[0]` (player 0) and `players[1]` set up, and each
/// one's view of the start.
pub fn start(players: [&mut dyn Strategy; 2], rules: Rules) -> (Game, [View; 2]) {
    let setups = [
        players[0].setup(Player::Zero),
        players[1].setup(Player::One),
    ];
    let game = Game::new(&setups[0], &setups[1], rules);
    (game, [View::new(&setups[0]), View::new(&setups[1])])
}

/// Plays one game: `players[0]` is player 0. Each move gets `move_time`.
///
/// # Panics
/// If a view refuses a result the rules produced (a bug in `protocol`).
pub fn play(players: [&mut dyn Strategy; 2], rules: Rules, move_time: Duration) -> Record {
    play_traced(players, rules, move_time, &mut |_, _| {})
}

/// One step of a game, for tracing.
#[derive(Clone, Debug)]
pub struct Step<'a> {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: stratego::Move,
    /// Its result.
    pub result: MoveResult,
    /// The mover's search report, if it searches.
    pub report: Option<SearchReport>,
    /// The position after the move.
    pub board: &'a Board,
}

/// [`play`], calling `trace` after every move with the move number.
pub fn play_traced(
    mut players: [&mut dyn Strategy; 2],
    rules: Rules,
    move_time: Duration,
    trace: &mut dyn FnMut(u32, Step<'_>),
) -> Record {
    let [p0, p1] = &mut players;
    let (mut game, mut views) = start([&mut **p0, &mut **p1], rules);
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut reports: [Vec<SearchReport>; 2] = [Vec::new(), Vec::new()];
    while game.end().is_none() {
        let side = game.to_move();
        let (i, o) = (side.index(), side.opponent().index());
        let start = Instant::now();
        let mv = players[i].choose(&views[i], start + move_time);
        times[i].push(start.elapsed());
        if let Some(r) = players[i].report() {
            reports[i].push(r);
        }
        let Ok(mv) = game.check(&mv.to_unchecked()) else {
            return Record {
                winner: Some(side.opponent()),
                ending: Ending::Illegal(side),
                plies: game.plies(),
                times,
                reports,
                board: game.board().clone(),
            };
        };
        let result = MoveResult::from(game.play(mv));
        trace(
            game.plies(),
            Step {
                player: side,
                mv,
                result,
                report: players[i].report(),
                board: game.board(),
            },
        );
        views[i]
            .apply_own(mv, result)
            .expect("the mover's view accepts a legal move");
        players[i].observe_own(&views[i], mv, result);
        views[o]
            .apply_opponent(mv.to_unchecked(), result)
            .expect("the opponent's view accepts a legal move");
        players[o].observe_opponent(&views[o], mv.to_unchecked(), result);
    }
    let end = game.end().expect("the loop ends with the game");
    Record {
        winner: end.winner,
        ending: Ending::Rules(end.reason),
        plies: game.plies(),
        times,
        reports,
        board: game.board().clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::{GreedyStrategy, RandomStrategy};

    #[test]
    fn random_against_random_ends_by_the_rules() {
        let r = play(
            [&mut RandomStrategy::new(1), &mut RandomStrategy::new(2)],
            Rules::default(),
            Duration::from_millis(10),
        );
        assert!(matches!(r.ending, Ending::Rules(_)), "{:?}", r.ending);
        assert!(r.plies > 0 && r.plies <= Rules::DEFAULT_MAX_TURNS);
        let moves = r.times[0].len() + r.times[1].len();
        assert_eq!(moves as u32, r.plies);
    }

    #[test]
    fn greedy_beats_random_usually() {
        let mut wins = 0;
        for g in 0..6u64 {
            let mut a = GreedyStrategy::new(g);
            let mut b = RandomStrategy::new(100 + g);
            let (players, greedy): ([&mut dyn Strategy; 2], _) = if g % 2 == 0 {
                ([&mut a, &mut b], Player::Zero)
            } else {
                ([&mut b, &mut a], Player::One)
            };
            let r = play(players, Rules::default(), Duration::from_millis(10));
            if r.winner == Some(greedy) {
                wins += 1;
            }
        }
        assert!(wins >= 4, "greedy won {wins} of 6 against random");
    }

    #[test]
    fn a_seeded_node_bounded_ai_replays_the_same_game() {
        use crate::strategy::{AiConfig, AiStrategy};
        let rules = Rules {
            max_turns: 60,
            two_square_rule: false,
        };
        let config = AiConfig {
            max_nodes: Some(1500),
            ..AiConfig::default()
        };
        let game = || {
            let mut ai = AiStrategy::new(5, config);
            let mut random = RandomStrategy::new(6);
            let mut moves = Vec::new();
            play_traced(
                [&mut ai, &mut random],
                rules,
                Duration::from_secs(60),
                &mut |_, step| moves.push((step.mv, step.result)),
            );
            moves
        };
        let first = game();
        assert!(first.len() > 10);
        assert_eq!(first, game());
    }
}
