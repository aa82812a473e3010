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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::Outcome;
    use crate::piece::{Piece, Rank};
    use crate::square::{Direction, Square};
    use Player::{One, Zero};
    use Rank::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A position from a list of (square, owner, rank).
    fn position(pieces: &[(&str, Player, Rank)]) -> Board {
        let mut b = Board::empty();
        for &(s, owner, rank) in pieces {
            b.set(sq(s), Some(Piece::new(owner, rank)));
        }
        b
    }

    fn game(pieces: &[(&str, Player, Rank)]) -> Game {
        Game::from_position(position(pieces), Zero, Rules::default())
    }

    fn mv(from: &str, dir: Direction, distance: u32) -> UncheckedMove {
        UncheckedMove {
            from: sq(from),
            dir,
            distance,
        }
    }

    fn error(g: &Game, m: UncheckedMove) -> String {
        g.check(&m).unwrap_err().to_string()
    }

    /// Both sides keep a movable piece far away so no game ends by accident.
    const KEEP: [(&str, Player, Rank); 4] = [
        ("J0", Zero, Sergeant),
        ("A9", One, Sergeant),
        ("J9", One, Flag),
        ("J1", Zero, Flag),
    ];

    fn with_keep(pieces: &[(&str, Player, Rank)]) -> Game {
        let mut all = pieces.to_vec();
        all.extend_from_slice(&KEEP);
        game(&all)
    }

    fn play(g: &mut Game, m: UncheckedMove) -> Outcome {
        let checked = g.check(&m).unwrap_or_else(|e| panic!("{m} refused: {e}"));
        g.play(checked)
    }

    #[test]
    fn one_step_moves_in_every_direction() {
        let g = with_keep(&[("E2", Zero, Captain)]);
        for (dir, to) in [
            (Direction::N, "D2"),
            (Direction::S, "F2"),
            (Direction::E, "E3"),
            (Direction::W, "E1"),
        ] {
            assert_eq!(g.check(&mv("E2", dir, 1)).unwrap().to(), sq(to));
        }
    }

    #[test]
    fn non_scout_cannot_move_two_squares() {
        let g = with_keep(&[("E2", Zero, Captain)]);
        assert_eq!(
            error(&g, mv("E2", Direction::S, 2)),
            "E2 holds a Captain, which moves 1 square, not 2"
        );
    }

    #[test]
    fn scout_moves_several_squares() {
        let mut g = with_keep(&[("E0", Zero, Scout)]);
        let m = g.check(&mv("E0", Direction::E, 9)).unwrap();
        assert_eq!(m.to(), sq("E9"));
        assert_eq!(m.distance(), 9);
        assert_eq!(g.play(m), Outcome::Quiet);
        assert_eq!(g.board().get(sq("E9")), Some(Piece::new(Zero, Scout)));
    }

    #[test]
    fn scout_moves_and_strikes_in_one_turn() {
        let mut g = with_keep(&[("E0", Zero, Scout), ("E7", One, Spy)]);
        let out = play(&mut g, mv("E0", Direction::E, 7));
        assert_eq!(
            out,
            Outcome::Battle {
                attacker: Scout,
                defender: Spy
            }
        );
        assert_eq!(g.board().get(sq("E7")), Some(Piece::new(Zero, Scout)));
        assert_eq!(g.board().get(sq("E0")), None);
    }

    #[test]
    fn scout_cannot_pass_a_piece() {
        let g = with_keep(&[
            ("E0", Zero, Scout),
            ("E5", One, Spy),
            ("B0", Zero, Scout),
            ("E0", Zero, Scout),
        ]);
        assert_eq!(
            error(&g, mv("E0", Direction::E, 7)),
            "Scout path blocked at E5"
        );
        let g = with_keep(&[("E0", Zero, Scout), ("E3", Zero, Miner)]);
        assert_eq!(
            error(&g, mv("E0", Direction::E, 4)),
            "Scout path blocked at E3"
        );
    }

    #[test]
    fn scout_cannot_cross_a_lake() {
        let g = with_keep(&[("C0", Zero, Scout)]);
        assert_eq!(
            error(&g, mv("C0", Direction::E, 6)),
            "path crosses the lake at C4"
        );
        assert_eq!(g.check(&mv("C0", Direction::E, 3)).unwrap().to(), sq("C3"));
    }

    #[test]
    fn nobody_enters_a_lake() {
        let g = with_keep(&[("C3", Zero, Marshal), ("B4", Zero, Scout)]);
        assert_eq!(error(&g, mv("C3", Direction::E, 1)), "C4 is a lake");
        assert_eq!(error(&g, mv("B4", Direction::S, 1)), "C4 is a lake");
        assert_eq!(
            error(&g, mv("B4", Direction::S, 4)),
            "path crosses the lake at C4"
        );
    }

    #[test]
    fn board_edges() {
        let g = with_keep(&[("A0", Zero, Major), ("I0", Zero, Scout)]);
        assert_eq!(
            error(&g, mv("A0", Direction::N, 1)),
            "A0 N 1 goes off the board"
        );
        assert_eq!(
            error(&g, mv("A0", Direction::W, 1)),
            "A0 W 1 goes off the board"
        );
        assert_eq!(
            error(&g, mv("I0", Direction::S, 2)),
            "Scout path blocked at J0"
        );
        assert_eq!(
            error(&g, mv("I0", Direction::E, 10)),
            "I0 E 10 goes off the board"
        );
        assert_eq!(
            error(&g, mv("I0", Direction::W, 4000000000)),
            "I0 W 4000000000 goes off the board"
        );
    }

    #[test]
    fn bombs_and_flag_never_move() {
        let g = with_keep(&[("B3", Zero, Bomb), ("E3", Zero, Flag)]);
        assert_eq!(
            error(&g, mv("B3", Direction::E, 1)),
            "B3 holds a Bomb, which cannot move"
        );
        assert_eq!(
            error(&g, mv("E3", Direction::E, 1)),
            "E3 holds a Flag, which cannot move"
        );
    }

    #[test]
    fn own_piece_empty_square_and_opponent_piece() {
        let g = with_keep(&[
            ("E2", Zero, Captain),
            ("E3", Zero, Miner),
            ("E6", One, Miner),
        ]);
        assert_eq!(
            error(&g, mv("E2", Direction::E, 1)),
            "E3 holds one of your own pieces"
        );
        assert_eq!(error(&g, mv("E5", Direction::E, 1)), "E5 is empty");
        assert_eq!(
            error(&g, mv("E6", Direction::E, 1)),
            "E6 holds an opponent's piece"
        );
    }

    fn battle(attacker: Rank, defender: Rank) -> (Option<Piece>, Option<Piece>, Outcome) {
        let mut g = with_keep(&[("E3", Zero, attacker), ("E4", One, defender)]);
        let out = play(&mut g, mv("E3", Direction::E, 1));
        (g.board().get(sq("E3")), g.board().get(sq("E4")), out)
    }

    #[test]
    fn spy_attacking_marshal_takes_its_square() {
        assert_eq!(
            battle(Spy, Marshal),
            (
                None,
                Some(Piece::new(Zero, Spy)),
                Outcome::Battle {
                    attacker: Spy,
                    defender: Marshal
                }
            )
        );
    }

    #[test]
    fn marshal_attacking_spy_wins() {
        assert_eq!(battle(Marshal, Spy).1, Some(Piece::new(Zero, Marshal)));
    }

    #[test]
    fn miner_takes_a_bomb_and_others_die_on_it() {
        assert_eq!(battle(Miner, Bomb).1, Some(Piece::new(Zero, Miner)));
        assert_eq!(
            battle(Marshal, Bomb),
            (
                None,
                Some(Piece::new(One, Bomb)),
                Outcome::Battle {
                    attacker: Marshal,
                    defender: Bomb
                }
            )
        );
        assert_eq!(battle(Scout, Bomb).1, Some(Piece::new(One, Bomb)));
    }

    #[test]
    fn equal_strengths_remove_both_pieces() {
        let (a, d, _) = battle(Captain, Captain);
        assert_eq!((a, d), (None, None));
    }

    #[test]
    fn winning_defender_stays_put() {
        assert_eq!(
            battle(Sergeant, Major),
            (
                None,
                Some(Piece::new(One, Major)),
                Outcome::Battle {
                    attacker: Sergeant,
                    defender: Major
                }
            )
        );
    }

    #[test]
    fn taking_the_flag_wins() {
        let mut g = game(&[
            ("E3", Zero, Sergeant),
            ("E4", One, Flag),
            ("J9", One, Scout),
            ("J0", Zero, Flag),
        ]);
        play(&mut g, mv("E3", Direction::E, 1));
        assert_eq!(
            g.end(),
            Some(GameEnd {
                winner: Some(Zero),
                reason: EndReason::FlagCaptured
            })
        );
        assert_eq!(
            g.check(&mv("J9", Direction::N, 1)),
            Err(IllegalMove::GameOver)
        );
    }

    #[test]
    fn side_to_move_without_a_move_loses() {
        // Player 1's last movable piece dies on a bomb; only bombs and flag are left.
        let mut g = game(&[
            ("E3", Zero, Bomb),
            ("E4", One, Captain),
            ("A0", Zero, Sergeant),
            ("J0", Zero, Flag),
            ("J9", One, Flag),
            ("J8", One, Bomb),
        ]);
        g = Game::from_position(g.board().clone(), One, Rules::default());
        play(&mut g, mv("E4", Direction::W, 1));
        // The rule judges the player to move: player 0 still moves once.
        assert_eq!(g.end(), None);
        play(&mut g, mv("A0", Direction::E, 1));
        assert_eq!(
            g.end(),
            Some(GameEnd {
                winner: Some(Zero),
                reason: EndReason::NoLegalMove
            })
        );
    }

    #[test]
    fn walled_in_pieces_have_no_move() {
        // A Scout boxed in by its own bombs and the board's corner.
        let g = game(&[
            ("A0", Zero, Scout),
            ("A1", Zero, Bomb),
            ("B0", Zero, Bomb),
            ("J0", Zero, Flag),
            ("J9", One, Flag),
            ("J8", One, Sergeant),
        ]);
        assert_eq!(
            g.end(),
            Some(GameEnd {
                winner: Some(One),
                reason: EndReason::NoLegalMove
            })
        );
    }

    #[test]
    fn neither_side_can_move_is_a_draw() {
        let mut g = game(&[
            ("E3", Zero, Captain),
            ("E4", One, Captain),
            ("J0", Zero, Flag),
            ("J9", One, Flag),
        ]);
        play(&mut g, mv("E3", Direction::E, 1));
        assert_eq!(
            g.end(),
            Some(GameEnd {
                winner: None,
                reason: EndReason::NeitherCanMove
            })
        );
    }

    #[test]
    fn player_zero_may_have_no_move_from_the_start() {
        // Bombs on every open square of column 3 wall in the whole army.
        let s0 = "12 11 12 8 12 12 8 9 7 12 9 4 6 12 5 9 3 8 2 9 1 8 3 9 10 8 5 9 7 4 6 9 5 6 7 9 4 5 6 7";
        let mut ranks: Vec<Rank> = s0.split(' ').map(|c| c.parse().unwrap()).collect();
        // Rows A, B, E, F, I, J of column 3 (wire indices 3, 7, 19, 23, 35, 39) get the bombs.
        let walls = [3, 7, 19, 23, 35, 39];
        let mut bombs: Vec<usize> = (0..40)
            .filter(|i| ranks[*i] == Bomb && !walls.contains(i))
            .collect();
        for w in walls {
            if ranks[w] != Bomb {
                let b = bombs.pop().unwrap();
                ranks.swap(w, b);
            }
        }
        let setup0 = crate::Setup::new(Zero, &ranks).unwrap();
        let setup1 = crate::Setup::new(One, &ranks).unwrap();
        let g = Game::new(&setup0, &setup1, Rules::default());
        assert_eq!(
            g.end(),
            Some(GameEnd {
                winner: Some(One),
                reason: EndReason::NoLegalMove
            })
        );
        // Both walled in: draw.
        let mut ranks1 = ranks.clone();
        // Player 1's front column is 6: wire indices 0, 4, 16, 20, 32, 36.
        for (w0, w1) in walls.into_iter().zip([0, 4, 16, 20, 32, 36]) {
            ranks1.swap(w0, w1);
        }
        let setup1 = crate::Setup::new(One, &ranks1).unwrap();
        let g = Game::new(&setup0, &setup1, Rules::default());
        assert_eq!(g.end().map(|e| e.reason), Some(EndReason::NeitherCanMove));
    }

    #[test]
    fn turn_limit_draws() {
        let rules = Rules {
            max_turns: 4,
            two_square_rule: false,
        };
        let mut g = Game::from_position(
            position(&[
                ("E0", Zero, Sergeant),
                ("E9", One, Sergeant),
                ("J0", Zero, Flag),
                ("J9", One, Flag),
            ]),
            Zero,
            rules,
        );
        for (from, dir) in [
            ("E0", Direction::N),
            ("E9", Direction::N),
            ("D0", Direction::S),
        ] {
            play(&mut g, mv(from, dir, 1));
            assert_eq!(g.end(), None);
        }
        play(&mut g, mv("D9", Direction::S, 1));
        assert_eq!(g.plies(), 4);
        assert_eq!(
            g.end(),
            Some(GameEnd {
                winner: None,
                reason: EndReason::TurnLimit
            })
        );
    }

    #[test]
    fn no_turn_limit_when_zero() {
        let rules = Rules {
            max_turns: 0,
            two_square_rule: false,
        };
        let mut g = Game::from_position(
            position(&[
                ("E0", Zero, Sergeant),
                ("E9", One, Sergeant),
                ("J0", Zero, Flag),
                ("J9", One, Flag),
            ]),
            Zero,
            rules,
        );
        for i in 0..3000 {
            let (from, dir) = match i % 4 {
                0 => ("E0", Direction::N),
                1 => ("E9", Direction::N),
                2 => ("D0", Direction::S),
                _ => ("D9", Direction::S),
            };
            play(&mut g, mv(from, dir, 1));
        }
        assert_eq!(g.end(), None);
    }

    #[test]
    fn two_square_rule_forbids_the_fourth_back_and_forth() {
        let rules = Rules {
            max_turns: 0,
            two_square_rule: true,
        };
        let mut g = Game::from_position(
            position(&[
                ("E0", Zero, Sergeant),
                ("E9", One, Sergeant),
                ("J0", Zero, Flag),
                ("J9", One, Flag),
            ]),
            Zero,
            rules,
        );
        play(&mut g, mv("E0", Direction::N, 1)); // 1: E0-D0
        play(&mut g, mv("E9", Direction::N, 1));
        play(&mut g, mv("D0", Direction::S, 1)); // 2: D0-E0
        play(&mut g, mv("D9", Direction::S, 1));
        play(&mut g, mv("E0", Direction::N, 1)); // 3: E0-D0
        play(&mut g, mv("E9", Direction::N, 1));
        assert_eq!(
            error(&g, mv("D0", Direction::S, 1)),
            "two-square rule: the piece on D0 has moved between D0 and E0 three times in a row"
        );
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        assert!(moves.iter().all(|m| m.to() != sq("E0")), "{moves:?}");
        // Another square is fine, and so is the rule off.
        assert!(g.check(&mv("D0", Direction::E, 1)).is_ok());
        let free = Game::from_position(g.board().clone(), Zero, Rules::default());
        assert!(free.check(&mv("D0", Direction::S, 1)).is_ok());
    }

    #[test]
    fn two_square_rule_can_leave_a_player_without_moves() {
        let rules = Rules {
            max_turns: 0,
            two_square_rule: true,
        };
        // Player 0's Sergeant can only shuttle between A0 and B0.
        let mut g = Game::from_position(
            position(&[
                ("A0", Zero, Sergeant),
                ("A1", Zero, Bomb),
                ("B1", Zero, Bomb),
                ("C0", Zero, Bomb),
                ("J0", Zero, Flag),
                ("E9", One, Sergeant),
                ("J9", One, Flag),
            ]),
            Zero,
            rules,
        );
        for (from, dir) in [
            ("A0", Direction::S),
            ("E9", Direction::N),
            ("B0", Direction::N),
            ("D9", Direction::S),
            ("A0", Direction::S),
        ] {
            play(&mut g, mv(from, dir, 1));
        }
        assert_eq!(g.end(), None);
        play(&mut g, mv("E9", Direction::N, 1));
        assert_eq!(
            g.end(),
            Some(GameEnd {
                winner: Some(One),
                reason: EndReason::NoLegalMove
            })
        );
    }

    #[test]
    fn make_and_unmake_restore_the_board() {
        let b = position(&[
            ("E3", Zero, Miner),
            ("E4", One, Bomb),
            ("E0", Zero, Scout),
            ("F3", One, Captain),
        ]);
        let mut moves = MoveList::new();
        b.legal_moves(Zero, &mut moves);
        assert!(!moves.is_empty());
        for &m in moves.iter() {
            let mut c = b.clone();
            let u = c.make(m);
            assert_ne!(c, b);
            c.unmake(u);
            assert_eq!(c, b, "after {m}");
        }
    }
}
