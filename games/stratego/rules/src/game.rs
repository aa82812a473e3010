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
    use crate::testing::{mv, position, ranks, sq};
    use Player::{One, Zero};
    use Rank::*;

    fn game(pieces: &str) -> Game {
        Game::from_position(position(pieces), Zero, Rules::default())
    }

    fn error(g: &Game, m: UncheckedMove) -> String {
        g.check(&m).unwrap_err().to_string()
    }

    /// Both sides keep a movable piece far away so no game ends by accident.
    const KEEP: &str = "0 Sergeant J0, 1 Sergeant A9, 1 Flag J9, 0 Flag J1";

    fn with_keep(pieces: &str) -> Game {
        game(&format!("{pieces}, {KEEP}"))
    }

    fn play(g: &mut Game, m: UncheckedMove) -> Outcome {
        let checked = g.check(&m).unwrap_or_else(|e| panic!("{m} refused: {e}"));
        g.play(checked)
    }

    /// The winner and the reason of the game's end, if it is over.
    fn end(g: &Game) -> Option<(Option<Player>, EndReason)> {
        g.end().map(|e| (e.winner, e.reason))
    }

    /// Two Sergeants free to shuttle up and down, E0 and E9, and the flags
    /// in the corners, under `rules`; player 0 to move.
    fn shuttles(rules: Rules) -> Game {
        let pieces = "0 Sergeant E0, 1 Sergeant E9, 0 Flag J0, 1 Flag J9";
        Game::from_position(position(pieces), Zero, rules)
    }

    #[test]
    fn accepted_moves_land_where_they_should() {
        // Pieces (besides `KEEP`), the move, and where it lands.
        let cases = [
            ("0 Captain E2", "E2 N 1", "D2"),
            ("0 Captain E2", "E2 S 1", "F2"),
            ("0 Captain E2", "E2 E 1", "E3"),
            ("0 Captain E2", "E2 W 1", "E1"),
            ("0 Scout C0", "C0 E 3", "C3"),
            ("0 Scout E0", "E0 E 9", "E9"),
        ];
        for (pieces, m, to) in cases {
            let checked = with_keep(pieces).check(&mv(m)).unwrap();
            assert_eq!(checked.to(), sq(to), "{m}");
            assert_eq!(checked.to_unchecked(), mv(m));
        }
    }

    #[test]
    fn refused_moves_say_why() {
        // Pieces (besides `KEEP`), the move, and why it is refused.
        let lake = "0 Marshal C3, 0 Scout B4";
        let edges = "0 Major A0, 0 Scout I0";
        let unmoving = "0 Bomb B3, 0 Flag E3";
        let row = "0 Captain E2, 0 Miner E3, 1 Miner E6";
        let cases = [
            (
                "0 Captain E2",
                "E2 S 2",
                "E2 holds a Captain, which moves 1 square, not 2",
            ),
            (
                "0 Scout E0, 1 Spy E5, 0 Scout B0",
                "E0 E 7",
                "Scout path blocked at E5",
            ),
            (
                "0 Scout E0, 0 Miner E3",
                "E0 E 4",
                "Scout path blocked at E3",
            ),
            ("0 Scout C0", "C0 E 6", "path crosses the lake at C4"),
            (lake, "C3 E 1", "C4 is a lake"),
            (lake, "B4 S 1", "C4 is a lake"),
            (lake, "B4 S 4", "path crosses the lake at C4"),
            (edges, "A0 N 1", "A0 N 1 goes off the board"),
            (edges, "A0 W 1", "A0 W 1 goes off the board"),
            (edges, "I0 S 2", "Scout path blocked at J0"),
            (edges, "I0 E 10", "I0 E 10 goes off the board"),
            (
                edges,
                "I0 W 4000000000",
                "I0 W 4000000000 goes off the board",
            ),
            (unmoving, "B3 E 1", "B3 holds a Bomb, which cannot move"),
            (unmoving, "E3 E 1", "E3 holds a Flag, which cannot move"),
            (row, "E2 E 1", "E3 holds one of your own pieces"),
            (row, "E5 E 1", "E5 is empty"),
            (row, "E6 E 1", "E6 holds an opponent's piece"),
        ];
        for (pieces, m, why) in cases {
            assert_eq!(error(&with_keep(pieces), mv(m)), why);
        }
    }

    #[test]
    fn scout_moves_and_strikes_in_one_turn() {
        let mut g = with_keep("0 Scout E0");
        assert_eq!(play(&mut g, mv("E0 E 9")), Outcome::Quiet);
        assert_eq!(g.board().get(sq("E9")), Some(Piece::new(Zero, Scout)));
        let mut g = with_keep("0 Scout E0, 1 Spy E7");
        let out = play(&mut g, mv("E0 E 7"));
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
    fn a_battle_leaves_the_winner_on_the_defenders_square() {
        // Player 0's attacker on E3 strikes player 1's defender on E4; what
        // stands on E4 afterwards.
        let cases = [
            (Spy, Marshal, Some(Piece::new(Zero, Spy))),
            (Marshal, Spy, Some(Piece::new(Zero, Marshal))),
            (Miner, Bomb, Some(Piece::new(Zero, Miner))),
            (Marshal, Bomb, Some(Piece::new(One, Bomb))),
            (Scout, Bomb, Some(Piece::new(One, Bomb))),
            (Captain, Captain, None),
            (Sergeant, Major, Some(Piece::new(One, Major))),
        ];
        for (attacker, defender, after) in cases {
            let mut g = with_keep(&format!("0 {attacker} E3, 1 {defender} E4"));
            let out = play(&mut g, mv("E3 E 1"));
            assert_eq!(out, Outcome::Battle { attacker, defender });
            assert_eq!(g.board().get(sq("E3")), None, "{attacker} on {defender}");
            assert_eq!(g.board().get(sq("E4")), after, "{attacker} on {defender}");
        }
    }

    #[test]
    fn games_end_as_the_rules_say() {
        let two_square = Rules {
            max_turns: 0,
            two_square_rule: true,
        };
        // The position, the player to move and the rules; the moves played,
        // the game going on until the last; how it ends.
        type Case<'a> = (
            &'a str,
            Player,
            Rules,
            &'a [&'a str],
            (Option<Player>, EndReason),
        );
        let cases: [Case<'_>; 5] = [
            // Taking the flag wins.
            (
                "0 Sergeant E3, 1 Flag E4, 1 Scout J9, 0 Flag J0",
                Zero,
                Rules::default(),
                &["E3 E 1"],
                (Some(Zero), EndReason::FlagCaptured),
            ),
            // Player 1's last movable piece dies on a bomb; only bombs and
            // the flag are left. The rule judges the player to move: player
            // 0 still moves once.
            (
                "0 Bomb E3, 1 Captain E4, 0 Sergeant A0, 0 Flag J0, 1 Flag J9, 1 Bomb J8",
                One,
                Rules::default(),
                &["E4 W 1", "A0 E 1"],
                (Some(Zero), EndReason::NoLegalMove),
            ),
            // A Scout boxed in by its own bombs and the board's corner.
            (
                "0 Scout A0, 0 Bomb A1, 0 Bomb B0, 0 Flag J0, 1 Flag J9, 1 Sergeant J8",
                Zero,
                Rules::default(),
                &[],
                (Some(One), EndReason::NoLegalMove),
            ),
            // Neither side can move: a draw.
            (
                "0 Captain E3, 1 Captain E4, 0 Flag J0, 1 Flag J9",
                Zero,
                Rules::default(),
                &["E3 E 1"],
                (None, EndReason::NeitherCanMove),
            ),
            // The two-square rule: player 0's Sergeant, which can only
            // shuttle between A0 and B0, has no move left.
            (
                "0 Sergeant A0, 0 Bomb A1, 0 Bomb B1, 0 Bomb C0, 0 Flag J0, 1 Sergeant E9, 1 Flag J9",
                Zero,
                two_square,
                &["A0 S 1", "E9 N 1", "B0 N 1", "D9 S 1", "A0 S 1", "E9 N 1"],
                (Some(One), EndReason::NoLegalMove),
            ),
        ];
        for (pieces, first, rules, moves, expected) in cases {
            let mut g = Game::from_position(position(pieces), first, rules);
            for &m in moves {
                assert_eq!(g.end(), None, "before {m}");
                play(&mut g, mv(m));
            }
            assert_eq!(end(&g), Some(expected));
            assert_eq!(g.check(&mv("J9 N 1")), Err(IllegalMove::GameOver));
        }
    }

    #[test]
    fn player_zero_may_have_no_move_from_the_start() {
        // Bombs on every open square of column 3 wall in the whole army.
        let mut ranks = ranks();
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
        assert_eq!(end(&g), Some((Some(One), EndReason::NoLegalMove)));
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
    fn turn_limit_draws_and_zero_is_none() {
        let mut g = shuttles(Rules {
            max_turns: 4,
            two_square_rule: false,
        });
        for m in ["E0 N 1", "E9 N 1", "D0 S 1"] {
            play(&mut g, mv(m));
            assert_eq!(g.end(), None);
        }
        play(&mut g, mv("D9 S 1"));
        assert_eq!(g.plies(), 4);
        assert_eq!(end(&g), Some((None, EndReason::TurnLimit)));
        let mut g = shuttles(Rules {
            max_turns: 0,
            two_square_rule: false,
        });
        for m in ["E0 N 1", "E9 N 1", "D0 S 1", "D9 S 1"].repeat(750) {
            play(&mut g, mv(m));
        }
        assert_eq!(g.end(), None);
    }

    #[test]
    fn two_square_rule_forbids_the_fourth_back_and_forth() {
        let mut g = shuttles(Rules {
            max_turns: 0,
            two_square_rule: true,
        });
        play(&mut g, mv("E0 N 1")); // 1: E0-D0
        play(&mut g, mv("E9 N 1"));
        play(&mut g, mv("D0 S 1")); // 2: D0-E0
        play(&mut g, mv("D9 S 1"));
        play(&mut g, mv("E0 N 1")); // 3: E0-D0
        play(&mut g, mv("E9 N 1"));
        assert_eq!(
            error(&g, mv("D0 S 1")),
            "two-square rule: the piece on D0 has moved between D0 and E0 three times in a row"
        );
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        assert!(moves.iter().all(|m| m.to() != sq("E0")), "{moves:?}");
        // Another square is fine, and so is the rule off.
        assert!(g.check(&mv("D0 E 1")).is_ok());
        let free = Game::from_position(g.board().clone(), Zero, Rules::default());
        assert!(free.check(&mv("D0 S 1")).is_ok());
    }

    #[test]
    fn make_and_unmake_restore_the_board() {
        let b = position("0 Miner E3, 1 Bomb E4, 0 Scout E0, 1 Captain F3");
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
