//! A game in progress: the board, the piece in hand, whose turn, the end;
//! moves read off the wire, checked, and played.

use game_core::Framing;
use std::fmt;

use crate::board::Board;
use crate::error::{IllegalMove, PositionError};
use crate::pattern::{Agreement, Level, Pattern};
use crate::piece::{Piece, PieceSet};
use crate::square::Square;
use crate::wire;

/// A reply as read off the wire, not yet checked against the position:
/// where the piece in hand goes (`None`: `-`, the first move) and which
/// piece is given (`None`: `-`, nothing left or a winning placement).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct UncheckedMove {
    /// The square of the piece placed.
    pub square: Option<Square>,
    /// The piece given to the opponent.
    pub gift: Option<Piece>,
}

impl fmt::Display for UncheckedMove {
    /// As on the wire, on one line: `B3 7`, `- 7`, `D4 -`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.square {
            Some(s) => write!(f, "{s}")?,
            None => f.write_str("-")?,
        }
        match self.gift {
            Some(p) => write!(f, " {}", p.number()),
            None => f.write_str(" -"),
        }
    }
}

impl game_core::Reply for UncheckedMove {
    type Error = crate::error::WireError;
    const FRAMING: Framing = Framing::new(wire::MAX_LINE_BYTES, wire::MAX_REPLY_BYTES);
}

/// A legal move: made by [`Position::check`] or listed by
/// [`Position::legal_moves`], never built by hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    square: Option<Square>,
    gift: Option<Piece>,
}

impl game_core::Legal for Move {
    type Unchecked = UncheckedMove;
    type Illegal = crate::error::IllegalMove;
}

impl Move {
    /// The square the piece in hand goes to (`None` on the first move).
    pub const fn square(self) -> Option<Square> {
        self.square
    }

    /// The piece given (`None` after the last or a winning placement).
    pub const fn gift(self) -> Option<Piece> {
        self.gift
    }

    /// The move as the wire writes it.
    pub const fn to_unchecked(self) -> UncheckedMove {
        UncheckedMove {
            square: self.square,
            gift: self.gift,
        }
    }

    /// A move the caller vouches for (a search that generated it from the
    /// position): [`Position::play_unchecked`] takes it as it is.
    pub const fn new_unchecked(square: Option<Square>, gift: Option<Piece>) -> Move {
        Move { square, gift }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_unchecked().fmt(f)
    }
}

/// What a move led to: the mover's result letter, shared by the
/// session games (`N`, `W`, `D`).
pub use game_core::session::Outcome;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// A placement completed a winning pattern.
    Quarto,
    /// The sixteen pieces are placed and no pattern is won.
    BoardFull,
    /// The turn limit was reached.
    TurnLimit,
}

impl EndReason {
    /// The stable name in the verdict.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Quarto => "quarto",
            EndReason::BoardFull => "board_full",
            EndReason::TurnLimit => "turn_limit",
        }
    }

    /// In words.
    pub const fn words(self) -> &'static str {
        match self {
            EndReason::Quarto => "a placement completed a winning pattern",
            EndReason::BoardFull => "the sixteen pieces were placed without a winning pattern",
            EndReason::TurnLimit => "the turn limit was reached",
        }
    }
}

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct End {
    /// The winner's seat (0 or 1); `None` for a draw.
    pub winner: Option<u8>,
    /// Why.
    pub reason: EndReason,
    /// For a win: the pattern, what its pieces share, and the square of
    /// the last piece.
    pub won: Option<(Pattern, Agreement, Square)>,
}

/// A game of Quarto in progress.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    level: Level,
    board: Board,
    hand: Option<Piece>,
    available: PieceSet,
    to_move: u8,
    plies: u32,
    max_turns: u32,
    end: Option<End>,
}

impl Position {
    /// The start of a game at `level`: an empty board, nobody holding a
    /// piece, seat 0 to give the first one. `max_turns` moves (0: no
    /// limit) draw the game.
    pub fn new(level: Level, max_turns: u32) -> Position {
        Position {
            level,
            board: Board::EMPTY,
            hand: None,
            available: PieceSet::ALL,
            to_move: 0,
            plies: 0,
            max_turns,
            end: None,
        }
    }

    /// A position from its parts (tests, benchmarks, the AI's fixtures):
    /// the seat to move and the moves played follow from the number of
    /// pieces placed (seat 0 gives first, seat 1 places first).
    pub fn from_parts(
        level: Level,
        board: Board,
        hand: Option<Piece>,
    ) -> Result<Position, PositionError> {
        if let Some(h) = hand {
            if let Some(at) = board.find(h) {
                return Err(PositionError::HandOnBoard { piece: h, at });
            }
        }
        if let Some((p, a)) = board.won(level) {
            return Err(PositionError::AlreadyWon(format!("{p}: {}", a.words())));
        }
        let placed = 16 - board.empties();
        match (hand, placed) {
            (Some(_), 16) => return Err(PositionError::HandOnFullBoard),
            (None, 1..16) => return Err(PositionError::NoHand),
            _ => {}
        }
        let plies = placed + u32::from(hand.is_some());
        let mut available = !board.pieces();
        if let Some(h) = hand {
            available = available.without(h);
        }
        let end = (placed == 16).then_some(End {
            winner: None,
            reason: EndReason::BoardFull,
            won: None,
        });
        Ok(Position {
            level,
            board,
            hand,
            available,
            to_move: (plies % 2) as u8,
            plies,
            max_turns: 0,
            end,
        })
    }

    /// The level played.
    pub const fn level(&self) -> Level {
        self.level
    }

    /// The board.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The piece the seat to move must place (`None` before the first
    /// gift).
    pub const fn hand(&self) -> Option<Piece> {
        self.hand
    }

    /// The pieces neither on the board nor in hand: those that can be
    /// given.
    pub const fn available(&self) -> PieceSet {
        self.available
    }

    /// The seat to move, 0 or 1.
    pub const fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Moves played (the first gift included).
    pub const fn plies(&self) -> u32 {
        self.plies
    }

    /// The end, once the game is over.
    pub const fn end(&self) -> Option<End> {
        self.end
    }

    /// Checks a reply: `Ok` with the legal move, or why it is not legal.
    pub fn check(&self, m: &UncheckedMove) -> Result<Move, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let Some(hand) = self.hand else {
            if let Some(s) = m.square {
                return Err(IllegalMove::FirstMovePlaces(s));
            }
            let gift = m.gift.ok_or(IllegalMove::FirstMoveGivesNothing)?;
            return Ok(Move {
                square: None,
                gift: Some(gift),
            });
        };
        let square = m.square.ok_or(IllegalMove::NoSquare(hand))?;
        if let Some(by) = self.board.get(square) {
            return Err(IllegalMove::Occupied { square, by });
        }
        if self.available.is_empty() {
            // The sixteenth placement: nothing is left to give. The seed's
            // own code ignores a piece named here, so a program written
            // from it names one; the move drops it, as after a win
            // (`ignored_gift` tells the referee to warn).
            return Ok(Move {
                square: Some(square),
                gift: None,
            });
        }
        match m.gift {
            Some(g) if g == hand => Err(IllegalMove::GiftInHand(g)),
            Some(g) => match self.board.find(g) {
                Some(at) => Err(IllegalMove::GiftOnBoard { piece: g, at }),
                // A gift after a winning placement is allowed and means
                // nothing: the game is over, so the move drops it (the
                // record's `gift` is null, as after the last placement).
                None if self.board.wins_at(self.level, square, hand) => Ok(Move {
                    square: Some(square),
                    gift: None,
                }),
                None => Ok(Move {
                    square: Some(square),
                    gift: Some(g),
                }),
            },
            None => {
                if self.available.is_empty() || self.board.wins_at(self.level, square, hand) {
                    Ok(Move {
                        square: Some(square),
                        gift: None,
                    })
                } else {
                    Err(IllegalMove::GiftMissing {
                        square,
                        remaining: self.available.len(),
                    })
                }
            }
        }
    }

    /// The piece `m` names as its gift that a legal move drops without
    /// complaint because nothing is left to give: on the sixteenth
    /// placement, where the seed's own code ignores it. `None` for any
    /// other move (a gift after a winning placement means nothing either,
    /// but the protocol allows it).
    pub fn ignored_gift(&self, m: &UncheckedMove) -> Option<Piece> {
        let last = self.end.is_none() && self.hand.is_some() && self.available.is_empty();
        m.gift.filter(|_| last)
    }

    /// Every legal move, one per distinct effect: a placement that wins or
    /// fills the board is listed once, giving nothing (giving a piece after
    /// it is legal too, and changes nothing).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        let Some(hand) = self.hand else {
            out.extend(self.available.iter().map(|g| Move {
                square: None,
                gift: Some(g),
            }));
            return;
        };
        for s in Square::of_mask(self.board.empty()) {
            if self.available.is_empty() || self.board.wins_at(self.level, s, hand) {
                out.push(Move {
                    square: Some(s),
                    gift: None,
                });
            } else {
                out.extend(self.available.iter().map(|g| Move {
                    square: Some(s),
                    gift: Some(g),
                }));
            }
        }
    }

    /// Plays a legal move of this position.
    ///
    /// # Panics
    ///
    /// If the move is not legal here (a move checked against another
    /// position).
    pub fn play(&mut self, m: Move) -> Outcome {
        assert_eq!(
            self.check(&m.to_unchecked()),
            Ok(m),
            "{m} is not legal here"
        );
        self.play_unchecked(m)
    }

    /// Plays a move the caller knows to be legal (a search's own moves),
    /// without checking it.
    pub fn play_unchecked(&mut self, m: Move) -> Outcome {
        self.plies += 1;
        if let (Some(s), Some(hand)) = (m.square, self.hand) {
            self.board.place(s, hand);
            if let Some(p) = self
                .level
                .through(s)
                .iter()
                .find(|&&mask| self.board.is_won(mask))
            {
                let pattern = *self
                    .level
                    .patterns()
                    .iter()
                    .find(|q| q.mask == *p)
                    .expect("a pattern of the level");
                self.end = Some(End {
                    winner: Some(self.to_move),
                    reason: EndReason::Quarto,
                    won: Some((pattern, self.board.agreement(*p), s)),
                });
                // The piece is on the board now: nobody holds one.
                self.hand = None;
                return Outcome::Win;
            }
        }
        self.hand = m.gift;
        if let Some(g) = m.gift {
            self.available = self.available.without(g);
        }
        self.to_move = 1 - self.to_move;
        if self.board.empties() == 0 {
            self.end = Some(End {
                winner: None,
                reason: EndReason::BoardFull,
                won: None,
            });
            return Outcome::Draw;
        }
        if self.max_turns > 0 && self.plies >= self.max_turns {
            self.end = Some(End {
                winner: None,
                reason: EndReason::TurnLimit,
                won: None,
            });
            return Outcome::Draw;
        }
        Outcome::Next
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "level {}, {:?}, hand {}, seat {} to move, ply {}",
            self.level,
            self.board,
            self.hand
                .map_or_else(|| "-".to_owned(), |p| p.number().to_string()),
            self.to_move,
            self.plies
        )
    }
}
