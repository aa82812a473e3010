//! Which games a tournament plays, in which order, who sits where, and the
//! stable id of each game.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How programs are brought together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Every combination of programs meets (every pair, in a two-seat game).
    RoundRobin,
    /// The first program meets each combination of the others; the others
    /// never meet without it.
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
    /// Stable id `A+B+K` (`A+B+C+K` for three seats...): the table's names
    /// in program order and the 1-based game number at that table. Program
    /// names never contain `+`, so the id determines the game; it does not
    /// depend on the number of games or programs, so a tournament can be
    /// extended and resumed.
    pub id: String,
    /// Indices of the table's programs, in program order.
    pub table: Vec<usize>,
    /// 0-based number of the game at its table.
    pub index: u32,
    /// Program indices by seat: `seats[0]` is seat 0 (moves first).
    pub seats: Vec<usize>,
    /// The id the game's seeds derive from: its own, or in a paired
    /// tournament ([`pair`]) the first game's of its pair.
    pub seed_id: String,
}

/// The id of game `index` (0-based) of the table of programs named `names`
/// (in program order).
pub fn game_id(names: &[&str], index: u32) -> String {
    format!("{}+{}", names.join("+"), index + 1)
}

/// Every combination of `k` of `0..n`, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn go(start: usize, n: usize, k: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in start..n {
            pick.push(i);
            go(i + 1, n, k, pick, out);
            pick.pop();
        }
    }
    go(0, n, k, &mut pick, &mut out);
    out
}

/// The tables of `n` programs for a game of `seats` seats, in program
/// order within each table.
pub fn tables(n: usize, seats: usize, mode: Mode) -> Vec<Vec<usize>> {
    match mode {
        Mode::RoundRobin => combinations(n, seats),
        Mode::Gauntlet => combinations(n.saturating_sub(1), seats - 1)
            .into_iter()
            .map(|rest| {
                std::iter::once(0)
                    .chain(rest.into_iter().map(|i| i + 1))
                    .collect()
            })
            .collect(),
    }
}

/// The games of a tournament between programs named `names`, in games of
/// `seats` seats, `games` games per table, in playing order.
///
/// Games are ordered round by round (game 1 of every table, then game 2,
/// ...) so that a tournament stopped early, or an SPRT that decides early,
/// has given every table a fair share of games. Seats rotate within a
/// table: game `k` seats the table's programs rotated left by `k mod
/// seats`, so over `seats` games each program sits in each seat once (two
/// seats: colours alternate, the first program moving first in odd-numbered
/// games). With more than two seats the order round the table matters too
/// (who plays after whom): every other round of `seats` games seats them
/// in the reverse order, rotated the same way, so that each program plays
/// after each neighbour and before it (three seats: the six orders in six
/// games).
pub fn schedule(names: &[String], mode: Mode, games: u32, seats: usize) -> Vec<Game> {
    let tables = tables(names.len(), seats, mode);
    let mut out = Vec::with_capacity(tables.len() * games as usize);
    for index in 0..games {
        for table in &tables {
            let mut seated = table.clone();
            if seats > 2 && (index as usize / seats) % 2 == 1 {
                seated.reverse();
            }
            seated.rotate_left(index as usize % seats);
            let table_names: Vec<&str> = table.iter().map(|&p| names[p].as_str()).collect();
            let id = game_id(&table_names, index);
            out.push(Game {
                seed_id: id.clone(),
                id,
                table: table.clone(),
                index,
                seats: seated,
            });
        }
    }
    out
}

/// Makes `games` (of a two-seat schedule) a paired tournament: games
/// `2k + 1` and `2k + 2` of a pairing, whose seats [`schedule`] swaps, get
/// the seeds of game `2k + 1` (the referee's, hence any start the game
/// draws, and each program's `{seed}`), so that each program of the pair
/// plays both sides of the same game.
pub fn pair(games: &mut [Game]) {
    for game in games {
        let first = game.index & !1;
        let names: Vec<&str> = game.id.split('+').collect();
        game.seed_id = game_id(&names[..names.len() - 1], first);
    }
}

/// The 0-based number of the pair of game `index` of its pairing.
pub fn pair_of(index: u32) -> u32 {
    index / 2
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
        let games = schedule(&names(4), Mode::RoundRobin, 4, 2);
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
        let games = schedule(&names(3), Mode::RoundRobin, 2, 2);
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
        let games = schedule(&names(4), Mode::Gauntlet, 3, 2);
        assert_eq!(games.len(), 9);
        assert!(games.iter().all(|g| g.table[0] == 0));
    }

    #[test]
    fn ids_do_not_depend_on_the_number_of_games() {
        let short = schedule(&names(3), Mode::RoundRobin, 2, 2);
        let long = schedule(&names(3), Mode::RoundRobin, 6, 2);
        assert_eq!(short[..], long[..short.len()]);
    }

    #[test]
    fn three_seat_tables_rotate_every_program_through_every_seat() {
        let games = schedule(&names(4), Mode::RoundRobin, 3, 3);
        // C(4, 3) = 4 tables of 3 games.
        assert_eq!(games.len(), 12);
        assert_eq!(games[0].id, "p0+p1+p2+1");
        for table in tables(4, 3, Mode::RoundRobin) {
            let at: Vec<&Game> = games.iter().filter(|g| g.table == table).collect();
            assert_eq!(at.len(), 3);
            for &p in &table {
                let mut seats: Vec<usize> = at
                    .iter()
                    .map(|g| g.seats.iter().position(|&s| s == p).unwrap())
                    .collect();
                seats.sort_unstable();
                assert_eq!(seats, [0, 1, 2], "program {p} at table {table:?}");
            }
        }
    }

    #[test]
    fn more_seats_alternate_the_order_round_the_table() {
        // Three seats: the six orders in six games.
        let games = schedule(&names(3), Mode::RoundRobin, 6, 3);
        let orders: HashSet<Vec<usize>> = games.iter().map(|g| g.seats.clone()).collect();
        assert_eq!(orders.len(), 6);
        // Five seats, ten games: each program twice in each seat, and
        // after each of its neighbours as often as before it.
        let games = schedule(&names(5), Mode::RoundRobin, 10, 5);
        for p in 0..5 {
            for seat in 0..5 {
                let n = games.iter().filter(|g| g.seats[seat] == p).count();
                assert_eq!(n, 2, "program {p} in seat {seat}");
            }
        }
        let follows = |a: usize, b: usize| {
            games
                .iter()
                .filter(|g| (0..5).any(|s| g.seats[s] == a && g.seats[(s + 1) % 5] == b))
                .count()
        };
        assert_eq!(follows(0, 1), follows(1, 0));
        assert_eq!(follows(0, 1), 5);
        // Two seats are as before: colours alternate.
        let games = schedule(&names(2), Mode::RoundRobin, 4, 2);
        let seats: Vec<Vec<usize>> = games.iter().map(|g| g.seats.clone()).collect();
        assert_eq!(seats, [vec![0, 1], vec![1, 0], vec![0, 1], vec![1, 0]]);
    }

    #[test]
    fn paired_games_share_the_first_games_seeds_with_seats_swapped() {
        let mut games = schedule(&names(3), Mode::RoundRobin, 4, 2);
        assert!(games.iter().all(|g| g.seed_id == g.id));
        pair(&mut games);
        let at = |id: &str| games.iter().find(|g| g.id == id).unwrap();
        for (second, first) in [("p0+p1+2", "p0+p1+1"), ("p1+p2+4", "p1+p2+3")] {
            assert_eq!(at(second).seed_id, first);
            assert_eq!(at(first).seed_id, first);
            let mut swapped = at(first).seats.clone();
            swapped.reverse();
            assert_eq!(at(second).seats, swapped);
        }
        assert_eq!((pair_of(0), pair_of(1), pair_of(2)), (0, 0, 1));
    }

    #[test]
    fn a_gauntlet_of_three_seats_always_seats_the_first_program() {
        let games = schedule(&names(4), Mode::Gauntlet, 1, 3);
        let tables: Vec<&[usize]> = games.iter().map(|g| g.table.as_slice()).collect();
        assert_eq!(tables, [&[0, 1, 2][..], &[0, 1, 3], &[0, 2, 3]]);
    }
}
