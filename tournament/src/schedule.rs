//! Which games a tournament plays, in which order, with which colours, and
//! the stable id of each game.

use std::fmt;

/// How programs are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Every pair of programs meets.
    RoundRobin,
    /// The first program meets each of the others; the others do not meet.
    Gauntlet,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::RoundRobin => "round robin",
            Mode::Gauntlet => "gauntlet",
        })
    }
}

/// One game of the schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Stable id `A+B+K`: the pairing's two names in program order and the
    /// 1-based game number within the pairing. Program names never contain
    /// `+`, so the id determines the game; it does not depend on the number
    /// of games or programs, so a tournament can be extended and resumed.
    pub id: String,
    /// Indices of the pairing's programs, in program order.
    pub pairing: (usize, usize),
    /// 0-based number of the game within its pairing.
    pub index: u32,
    /// Program indices by colour: `seats[0]` is player 0 (moves first).
    pub seats: [usize; 2],
}

/// The id of game `index` (0-based) of the pairing of programs named `a`
/// and `b` (in program order).
pub fn game_id(a: &str, b: &str, index: u32) -> String {
    format!("{a}+{b}+{}", index + 1)
}

/// All pairings of `n` programs, in program order within each pair.
pub fn pairings(n: usize, mode: Mode) -> Vec<(usize, usize)> {
    match mode {
        Mode::RoundRobin => (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect(),
        Mode::Gauntlet => (1..n).map(|b| (0, b)).collect(),
    }
}

/// The games of a tournament between programs named `names`, `games`
/// games per pairing, in playing order.
///
/// Games are ordered round by round (game 1 of every pairing, then game 2
/// of every pairing, ...) so that a tournament stopped early, or an SPRT
/// that decides early, has given every pairing a fair share of games.
/// Colours alternate within a pairing: the first program of the pair is
/// player 0 in odd-numbered games (1, 3, ...).
pub fn schedule(names: &[String], mode: Mode, games: u32) -> Vec<Game> {
    let pairs = pairings(names.len(), mode);
    let mut out = Vec::with_capacity(pairs.len() * games as usize);
    for index in 0..games {
        for &(a, b) in &pairs {
            let seats = if index % 2 == 0 { [a, b] } else { [b, a] };
            out.push(Game {
                id: game_id(&names[a], &names[b], index),
                pairing: (a, b),
                index,
                seats,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("p{i}")).collect()
    }

    #[test]
    fn round_robin_pairs_everyone_with_alternating_colours() {
        let games = schedule(&names(4), Mode::RoundRobin, 4);
        assert_eq!(games.len(), 6 * 4);
        for a in 0..4 {
            for b in 0..4 {
                if a == b {
                    continue;
                }
                let as_first = games.iter().filter(|g| g.seats == [a, b]).count();
                assert_eq!(as_first, 2, "{a} first against {b}");
            }
        }
        let ids: HashSet<_> = games.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids.len(), games.len());
    }

    #[test]
    fn games_are_ordered_round_by_round() {
        let games = schedule(&names(3), Mode::RoundRobin, 2);
        let order: Vec<_> = games.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(
            order,
            [
                "p0+p1+1", "p0+p2+1", "p1+p2+1", "p0+p1+2", "p0+p2+2", "p1+p2+2"
            ]
        );
        assert_eq!(games[3].seats, [1, 0]);
    }

    #[test]
    fn gauntlet_pairs_the_first_with_each_other() {
        let games = schedule(&names(4), Mode::Gauntlet, 3);
        assert_eq!(games.len(), 9);
        assert!(games.iter().all(|g| g.pairing.0 == 0));
    }

    #[test]
    fn ids_do_not_depend_on_the_number_of_games() {
        let short = schedule(&names(3), Mode::RoundRobin, 2);
        let long = schedule(&names(3), Mode::RoundRobin, 6);
        assert_eq!(short[..], long[..short.len()]);
    }
}
