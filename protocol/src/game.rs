//! A game under the rules of §3.3–§3.5: whose turn it is, legal moves
//! (with the optional two-square rule), playing moves, and the end of the game.

use std::fmt;

use crate::battle::Outcome;
use crate::board::Board;
use crate::error::IllegalMove;
use crate::moves::{Move, MoveList, UncheckedMove};
use crate::piece::Player;
use crate::setup::Setup;

/// The configurable rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// Moves (both players together) after which the game is drawn; 0 = no limit.
    pub max_turns: u32,
    /// Whether the two-square rule applies: a piece may not move between
    /// the same two squares more than three times in a row (the fourth
    /// such move of its player is illegal).
    pub two_square_rule: bool,
}

impl Rules {
    /// The default turn limit.
    pub const DEFAULT_MAX_TURNS: u32 = 2000;
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            max_turns: Rules::DEFAULT_MAX_TURNS,
            two_square_rule: false,
        }
    }
}

/// Why a game ended by the rules of play (§3.5 items 1, 2 and 4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// The winner took the opponent's Flag.
    FlagCaptured,
    /// The player to move had no legal move and lost.
    NoLegalMove,
    /// Neither player had a legal move: draw.
    NeitherCanMove,
    /// The turn limit was reached: draw.
    TurnLimit,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::FlagCaptured => "flag captured",
            EndReason::NoLegalMove => "no legal move left",
            EndReason::NeitherCanMove => "neither player can move",
            EndReason::TurnLimit => "turn limit reached",
        })
    }
}

/// The end of a game: who won (`None` for a draw) and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameEnd {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    pub reason: EndReason,
}

/// A game in progress: the board, the side to move, the number of moves
/// played, the last moves of each player (for the two-square rule), and the
/// end once reached.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    to_move: Player,
    plies: u32,
    rules: Rules,
    /// Each player's last three moves, most recent first.
    recent: [[Option<Move>; 3]; 2],
    end: Option<GameEnd>,
}

impl Game {
    /// A new game from both setups; player 0 moves first. If player 0
    /// cannot move at all, the game is over at once.
    pub fn new(setup0: &Setup, setup1: &Setup, rules: Rules) -> Game {
        assert!(
            setup0.player() == Player::Zero && setup1.player() == Player::One,
            "setups must be player 0's then player 1's"
        );
        Game::from_position(Board::from_setups(setup0, setup1), Player::Zero, rules)
    }

    /// A game from any position, with `to_move` to play and no history.
    pub fn from_position(board: Board, to_move: Player, rules: Rules) -> Game {
        let mut g = Game {
            board,
            to_move,
            plies: 0,
            rules,
            recent: [[None; 3]; 2],
            end: None,
        };
        g.end = g.find_end();
        g
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Moves played so far, both players together.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The end of the game, once reached.
    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    /// Whether the two-square rule (if on) forbids `mv` for `player` now.
    fn breaks_two_square(&self, player: Player, mv: Move) -> bool {
        if !self.rules.two_square_rule {
            return false;
        }
        let back = Move {
            from: mv.to,
            to: mv.from,
        };
        self.recent[player.index()] == [Some(back), Some(mv), Some(back)]
    }

    /// Appends the legal moves of the player to move to `out`; none once
    /// the game is over.
    pub fn legal_moves(&self, out: &mut MoveList) {
        if self.end.is_some() {
            return;
        }
        self.moves_of(self.to_move, out);
    }

    fn moves_of(&self, player: Player, out: &mut MoveList) {
        let start = out.len();
        self.board.legal_moves(player, out);
        if self.rules.two_square_rule {
            let mut i = 0;
            out.retain(|m| {
                // Moves already in the list before this call are kept as they are.
                let keep = i < start || !self.breaks_two_square(player, m);
                i += 1;
                keep
            });
        }
    }

    fn can_move(&self, player: Player) -> bool {
        if !self.rules.two_square_rule {
            return self.board.has_legal_move(player);
        }
        let mut moves = MoveList::new();
        self.moves_of(player, &mut moves);
        !moves.is_empty()
    }

    /// Checks a move of the player to move.
    pub fn check(&self, m: &UncheckedMove) -> Result<Move, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let mv = self.board.check(self.to_move, m)?;
        if self.breaks_two_square(self.to_move, mv) {
            return Err(IllegalMove::TwoSquare {
                from: mv.from,
                to: mv.to,
            });
        }
        Ok(mv)
    }

    /// Plays a move checked in this position and returns what happened.
    /// The turn passes and the end of the game is detected.
    pub fn play(&mut self, mv: Move) -> Outcome {
        debug_assert!(self.end.is_none(), "play after the end of the game");
        let player = self.to_move;
        let outcome = self.board.make(mv).outcome();
        self.plies += 1;
        let r = &mut self.recent[player.index()];
        *r = [Some(mv), r[0], r[1]];
        self.to_move = player.opponent();
        self.end = if outcome.takes_flag() {
            Some(GameEnd {
                winner: Some(player),
                reason: EndReason::FlagCaptured,
            })
        } else {
            self.find_end()
        };
        outcome
    }

    /// The end reached in the current position, Flag capture aside:
    /// first the side to move without a legal move, then the turn limit.
    fn find_end(&self) -> Option<GameEnd> {
        if !self.can_move(self.to_move) {
            return Some(if self.can_move(self.to_move.opponent()) {
                GameEnd {
                    winner: Some(self.to_move.opponent()),
                    reason: EndReason::NoLegalMove,
                }
            } else {
                GameEnd {
                    winner: None,
                    reason: EndReason::NeitherCanMove,
                }
            });
        }
        if self.rules.max_turns > 0 && self.plies >= self.rules.max_turns {
            return Some(GameEnd {
                winner: None,
                reason: EndReason::TurnLimit,
            });
        }
        None
    }
}
