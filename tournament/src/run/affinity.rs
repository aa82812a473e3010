//! `--affinity`: each game running at once gets CPUs of its own, and each
//! of its players one of them where there are enough (as fastchess's
//! `-use-affinity`), so that games do not take each other's time. The
//! runner gives each running game a slot; a slot's CPUs go to its
//! referee as `--affinity SEAT=CPUS`, which pins the players before they
//! start.

use std::ffi::OsString;

use referee::process::affinity::show_cpu_list;

/// The CPUs of each slot's seats, and what was done, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pinning {
    /// `slots[k][s]`: the CPUs of seat `s` of the game in slot `k`; empty
    /// when nothing is pinned.
    pub slots: Vec<Vec<Vec<usize>>>,
    /// What was done, and why, for the user.
    pub note: String,
}

impl Pinning {
    /// Shares `cpus` between `games` games at once of `seats` players:
    /// each player CPUs of its own where there are enough of them, else
    /// each game CPUs of its own that its players share, else nothing
    /// pinned.
    pub fn plan(cpus: &[usize], games: usize, seats: usize) -> Pinning {
        let (games, seats) = (games.max(1), seats.max(1));
        let per_game = cpus.len() / games;
        let n = cpus.len();
        if per_game == 0 {
            return Pinning {
                slots: Vec::new(),
                note: format!(
                    "--affinity: {n} CPUs for {games} games at once: nothing pinned (-j {n} or \
                     fewer gives each game CPUs of its own)"
                ),
            };
        }
        let per_seat = per_game / seats;
        let slots: Vec<Vec<Vec<usize>>> = (0..games)
            .map(|k| {
                let own = &cpus[k * per_game..(k + 1) * per_game];
                (0..seats)
                    .map(|s| match per_seat {
                        0 => own.to_vec(),
                        p => own[s * p..(s + 1) * p].to_vec(),
                    })
                    .collect()
            })
            .collect();
        let shown = |slot: &Vec<Vec<usize>>| {
            slot.iter()
                .enumerate()
                .map(|(s, c)| format!("seat {s} on CPU {}", show_cpu_list(c)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let example = slots.first().map(shown).unwrap_or_default();
        let note = if per_seat > 0 {
            format!(
                "--affinity: {games} games at once of {seats} players on {n} CPUs: each player \
                 {per_seat} CPU(s) of its own (the first game: {example})"
            )
        } else {
            format!(
                "--affinity: {n} CPUs are too few for one per player ({games} games at once of \
                 {seats} players): each game's players share {per_game} CPU(s) of the game's \
                 own (the first game: {example}); -j {} gives each player its own",
                n / seats
            )
        };
        Pinning { slots, note }
    }

    /// The referee arguments of each slot (`--affinity=SEAT=CPUS` for
    /// each seat), for the runner.
    pub fn slot_args(&self) -> Vec<Vec<OsString>> {
        self.slots
            .iter()
            .map(|seats| {
                seats
                    .iter()
                    .enumerate()
                    .map(|(s, c)| OsString::from(format!("--affinity={s}={}", show_cpu_list(c))))
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_gets_a_cpu_of_its_own_where_there_are_enough() {
        let p = Pinning::plan(&[0, 1, 2, 3], 2, 2);
        assert_eq!(p.slots, [vec![vec![0], vec![1]], vec![vec![2], vec![3]]]);
        assert_eq!(
            p.slot_args()[1],
            [OsString::from("--affinity=0=2"), "--affinity=1=3".into()]
        );
        assert!(
            p.note.contains("each player 1 CPU(s) of its own"),
            "{}",
            p.note
        );
        // Twice as many CPUs: two each.
        let p = Pinning::plan(&(0..8).collect::<Vec<_>>(), 2, 2);
        assert_eq!(p.slots[1], [vec![4, 5], vec![6, 7]]);
    }

    #[test]
    fn too_few_cpus_are_shared_by_a_games_players_or_not_pinned() {
        let p = Pinning::plan(&[0, 1], 2, 2);
        assert_eq!(p.slots, [vec![vec![0], vec![0]], vec![vec![1], vec![1]]]);
        assert!(p.note.contains("too few for one per player"), "{}", p.note);
        assert!(
            p.note.contains("-j 1 gives each player its own"),
            "{}",
            p.note
        );
        let p = Pinning::plan(&[0, 1], 3, 2);
        assert!(p.slots.is_empty());
        assert!(p.note.contains("nothing pinned"), "{}", p.note);
        assert!(p.slot_args().is_empty());
    }
}
