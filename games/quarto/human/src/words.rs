//! What happened, in words for the person playing: a move from their
//! side (a placement, a gift, what it led to) and how the game ended.

use quarto::{End, EndReason, Piece, Position, UncheckedMove};

/// A piece for people, with its attributes spelt out: `10 (BSHR: brown,
/// short, hollow, round)`.
pub fn piece(p: Piece) -> String {
    format!("{} ({}: {})", p.number(), p.letters(), p.words())
}

/// A move and what it led to, from the person's side, told once `after`
/// is the position it made: `mine` says whether it was the person's.
/// `placed` is the piece the mover held (`None` on the first move).
pub fn turn(mv: UncheckedMove, placed: Option<Piece>, after: &Position, mine: bool) -> String {
    let who = if mine { "You" } else { "Opponent" };
    let placement = match (mv.square, placed) {
        (Some(s), Some(p)) => Some(format!("put {p} on {s}")),
        _ => None,
    };
    let gift = mv.gift.map(|g| {
        if mine {
            format!("gave {g}")
        } else {
            format!("gives you {}", piece(g))
        }
    });
    let what = match (placement, after.end()) {
        (Some(put), Some(end)) => format!("{put}: {}", ending(end, mine)),
        (Some(put), None) => format!("{put} and {}.", gift.unwrap_or_default()),
        (None, _) => format!("{}.", gift.unwrap_or_default()),
    };
    format!("{who} {what}")
}

/// How the game ended, from the person's side (`mine`: their move ended
/// it): `column 1 (A1 B1 C1 D1), all tall: you win!`.
pub fn ending(end: End, mine: bool) -> String {
    match (end.reason, end.won) {
        (EndReason::Quarto, Some((pattern, agreement, _))) => format!(
            "{pattern}, all {}: {}",
            agreement.words(),
            if mine { "you win!" } else { "you lose." }
        ),
        (reason, _) => format!("{}: a draw.", reason.words()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quarto::{Level, Square};

    fn u(square: &str, gift: Option<u8>) -> UncheckedMove {
        UncheckedMove {
            square: Square::parse(square),
            gift: gift.and_then(Piece::new),
        }
    }

    /// Plays `moves` from the start; returns the position before the last
    /// one, the last one and the position after it.
    fn after(moves: &[(&str, Option<u8>)]) -> (Position, UncheckedMove, Position) {
        let mut pos = Position::new(Level::default(), 0);
        let mut before = pos.clone();
        let mut last = u("-", None);
        for &(s, g) in moves {
            before = pos.clone();
            last = u(s, g);
            pos.play(pos.check(&last).unwrap());
        }
        (before, last, pos)
    }

    /// How the last of `moves` is told: to the opponent of its mover,
    /// then to its mover.
    fn told(moves: &[(&str, Option<u8>)]) -> [String; 2] {
        let (b, m, a) = after(moves);
        [false, true].map(|mine| turn(m, b.hand(), &a, mine))
    }

    #[test]
    fn moves_are_told_from_the_persons_side() {
        assert_eq!(
            told(&[("-", Some(10))]),
            [
                "Opponent gives you 10 (BSHR: brown, short, hollow, round).",
                "You gave 10 (BSHR).",
            ]
        );
        assert_eq!(
            told(&[("-", Some(10)), ("B3", Some(4))]),
            [
                "Opponent put 10 (BSHR) on B3 and gives you 4 (LTFR: light, tall, solid, round).",
                "You put 10 (BSHR) on B3 and gave 4 (LTFR).",
            ]
        );
    }

    #[test]
    fn a_win_names_the_pattern_and_what_its_pieces_share() {
        let moves = [
            ("-", Some(4)),
            ("A1", Some(5)),
            ("B1", Some(6)),
            ("C1", Some(7)),
            ("D1", None),
        ];
        assert_eq!(
            told(&moves),
            [
                "Opponent put 7 (LTHC) on D1: column 1 (A1 B1 C1 D1), all light and tall: you lose.",
                "You put 7 (LTHC) on D1: column 1 (A1 B1 C1 D1), all light and tall: you win!",
            ]
        );
    }
}
