//! What happened, in words for the person playing: a move and its result
//! from its own side, and how the game ended.

use stratego::{Fight, MoveResult, Rank, UncheckedMove, fight};

/// A piece for people: `Colonel (3)`, `Bomb (B)`.
fn piece(rank: Rank) -> String {
    format!("{} ({})", rank.name(), rank.symbol())
}

/// A move and its result, from the person's side: `mine` says whether it
/// was the person's move.
pub fn turn(mv: UncheckedMove, result: MoveResult, mine: bool) -> String {
    let (who, theirs_word, ours_word) = if mine {
        ("You", "their", "your")
    } else {
        ("Opponent", "your", "their")
    };
    let head = format!("{who}: {mv}");
    let MoveResult::Battle { attacker, defender } = result else {
        return format!("{head}.");
    };
    // The attacker is the mover's.
    let (a, d) = (
        format!("{ours_word} {}", piece(attacker)),
        format!("{theirs_word} {}", piece(defender)),
    );
    let outcome = match fight(attacker, defender) {
        Fight::AttackerWins if defender == Rank::Flag => {
            if mine {
                "the Flag is yours: you win!".to_owned()
            } else {
                "your Flag is taken: you lose.".to_owned()
            }
        }
        Fight::AttackerWins => format!("{d} is removed"),
        Fight::DefenderWins => format!("{a} is removed"),
        Fight::BothRemoved => "both are removed".to_owned(),
    };
    format!("{head}: {a} attacks {d}: {outcome}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn battles_are_told_from_the_persons_side() {
        let b = |attacker, defender| MoveResult::Battle { attacker, defender };
        for (wire, result, mine, told) in [
            ("B3\nE\n1\n", MoveResult::Nothing, true, "You: B3 E 1."),
            (
                "B4\nE\n1\n",
                b(Rank::Colonel, Rank::Marshal),
                true,
                "You: B4 E 1: your Colonel (3) attacks their Marshal (1): your Colonel (3) is removed",
            ),
            (
                "G6\nW\n1\n",
                b(Rank::Scout, Rank::Bomb),
                false,
                "Opponent: G6 W 1: their Scout (9) attacks your Bomb (B): their Scout (9) is removed",
            ),
            (
                "A3\nE\n3\n",
                b(Rank::Scout, Rank::Flag),
                true,
                "You: A3 E 3: your Scout (9) attacks their Flag (F): the Flag is yours: you win!",
            ),
            (
                "A3\nE\n3\n",
                b(Rank::Major, Rank::Major),
                false,
                "Opponent: A3 E 3: their Major (4) attacks your Major (4): both are removed",
            ),
        ] {
            let mv = UncheckedMove::from_wire(wire).unwrap();
            assert_eq!(turn(mv, result, mine), told);
        }
    }
}
