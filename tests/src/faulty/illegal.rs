//! Finds, in the current position, a move of each illegal kind of §3.3.

use stratego::{Cell, Direction, Rank, Square, View};

use super::mode::Mode;

/// The three wire lines of an illegal move of the kind `mode` names, found
/// in `view`; `None` if the position offers no such move (or `mode` is not
/// an illegal-move mode).
pub fn illegal_move_lines(view: &View, mode: Mode) -> Option<String> {
    let lines = |sq: Square, dir: &str, dist: &str| Some(format!("{sq}\n{dir}\n{dist}\n"));
    let own = || view.own_pieces();
    let movable = || own().filter(|(_, r)| r.can_move());
    let dirs = Direction::ALL;
    match mode {
        Mode::MoveEmpty => {
            let sq = Square::all().find(|s| !s.is_lake() && view.cell(*s) == Cell::Empty)?;
            lines(sq, "N", "1")
        }
        Mode::MoveOpponent => {
            let sq = Square::all().find(|s| matches!(view.cell(*s), Cell::Enemy(_)))?;
            lines(sq, "S", "1")
        }
        Mode::MoveBomb | Mode::MoveFlag => {
            let want = if mode == Mode::MoveBomb {
                Rank::Bomb
            } else {
                Rank::Flag
            };
            // A direction that stays on the board, so the only fault is the piece.
            own().filter(|(_, r)| *r == want).find_map(|(sq, _)| {
                let dir = dirs
                    .into_iter()
                    .find(|d| sq.step(*d, 1).is_some_and(|t| !t.is_lake()))?;
                lines(sq, &dir.to_string(), "1")
            })
        }
        Mode::MoveLake => movable().find_map(|(sq, _)| {
            let dir = dirs
                .into_iter()
                .find(|d| sq.step(*d, 1).is_some_and(Square::is_lake))?;
            lines(sq, &dir.to_string(), "1")
        }),
        Mode::MoveOffBoard => movable().find_map(|(sq, _)| {
            let dir = dirs.into_iter().find(|d| sq.step(*d, 1).is_none())?;
            lines(sq, &dir.to_string(), "1")
        }),
        Mode::MoveOwnPiece => movable().find_map(|(sq, _)| {
            let dir = dirs.into_iter().find(|d| {
                sq.step(*d, 1)
                    .is_some_and(|t| matches!(view.cell(t), Cell::Own(_)))
            })?;
            lines(sq, &dir.to_string(), "1")
        }),
        Mode::MoveTwoSquares => movable()
            .filter(|(_, r)| *r != Rank::Scout)
            .find_map(|(sq, _)| {
                let dir = dirs.into_iter().find(|d| {
                    sq.step(*d, 1)
                        .is_some_and(|t| !t.is_lake() && view.cell(t) == Cell::Empty)
                        && sq
                            .step(*d, 2)
                            .is_some_and(|t| !t.is_lake() && !matches!(view.cell(t), Cell::Own(_)))
                })?;
                lines(sq, &dir.to_string(), "2")
            }),
        Mode::MoveBlockedScout => own()
            .filter(|(_, r)| *r == Rank::Scout)
            .find_map(|(sq, _)| {
                let dir = dirs.into_iter().find(|d| {
                    sq.step(*d, 1).is_some_and(|t| view.cell(t) != Cell::Empty)
                        && sq.step(*d, 2).is_some_and(|t| !t.is_lake())
                })?;
                lines(sq, &dir.to_string(), "2")
            }),
        Mode::MoveDirectionX => movable().next().and_then(|(sq, _)| lines(sq, "X", "1")),
        Mode::MoveDistance0 => movable().next().and_then(|(sq, _)| lines(sq, "N", "0")),
        Mode::MoveDistanceAbc => movable().next().and_then(|(sq, _)| lines(sq, "N", "abc")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::faulty::play::fixed_setup;
    use stratego::{IllegalMove, Player, UncheckedMove, WireError};

    /// Every illegal-move mode finds its move in the starting position, and
    /// the rules refuse it for the intended reason: as a move that breaks a
    /// rule (`Err`), or as lines that do not read as a move (`Ok`).
    #[test]
    fn each_kind_is_found_and_refused_for_its_reason() {
        for me in Player::BOTH {
            let view = View::new(&fixed_setup(me));
            let check = |mode: Mode| {
                let text = illegal_move_lines(&view, mode)
                    .unwrap_or_else(|| panic!("{mode:?}: none found"));
                match UncheckedMove::from_wire(&text) {
                    Ok(m) => Err(view.check(&m).expect_err("must be illegal")),
                    Err(e) => Ok(e),
                }
            };
            macro_rules! refused {
                ($($mode:ident => $reason:pat,)*) => {$(
                    let got = check(Mode::$mode);
                    assert!(matches!(got, $reason), "{me:?}, {:?}: {got:?}", Mode::$mode);
                )*};
            }
            refused! {
                MoveEmpty => Err(IllegalMove::EmptySquare(_)),
                MoveOpponent => Err(IllegalMove::OpponentPiece(_)),
                MoveBomb => Err(IllegalMove::Immobile(_, Rank::Bomb)),
                MoveFlag => Err(IllegalMove::Immobile(_, Rank::Flag)),
                MoveLake => Err(IllegalMove::LakeDestination(_)),
                MoveOffBoard => Err(IllegalMove::OffBoard { .. }),
                MoveOwnPiece => Err(IllegalMove::OwnPiece(_)),
                MoveTwoSquares => Err(IllegalMove::TooFar { .. }),
                MoveBlockedScout => Err(IllegalMove::Blocked(_)),
                MoveDirectionX => Ok(WireError::BadDirection(_)),
                MoveDistance0 => Ok(WireError::ZeroDistance(_)),
                MoveDistanceAbc => Ok(WireError::BadDistance(_)),
            }
        }
    }
}
