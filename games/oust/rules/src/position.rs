//! A position under the rules of Oust: whose turn it is, the legal moves,
//! playing them, and the end of the game.

use game_core::Framing;
use std::fmt;

use crate::board::{Colour, MAX_POINTS, Options, Point};
use crate::error::IllegalMove;
use crate::groups::Groups;
use crate::wire;

/// A move as the wire says it: a column and a row, 0-based; coordinates
/// off the board mean a pass. Not yet checked against a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct UncheckedMove {
    /// The column.
    pub col: u32,
    /// The row.
    pub row: u32,
}

impl UncheckedMove {
    /// The move `col row`.
    pub fn new(col: u32, row: u32) -> UncheckedMove {
        UncheckedMove { col, row }
    }
}

impl fmt::Display for UncheckedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.col, self.row)
    }
}

impl game_core::Reply for UncheckedMove {
    type Error = crate::error::WireError;
    const FRAMING: Framing = Framing::new(wire::MAX_LINE_BYTES, wire::MAX_REPLY_BYTES);
}

/// A legal move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A placement that touches no stone of the mover's: the turn ends.
    Quiet(Point),
    /// A placement that touches the mover's stones and makes a group of
    /// `size` stones, larger than every enemy group it touches: those are
    /// removed and the mover plays again.
    Capture {
        /// The point.
        point: Point,
        /// The size of the group it makes.
        size: u16,
    },
    /// A pass, legal only without any legal placement.
    Pass,
}

impl game_core::Legal for Move {
    type Unchecked = UncheckedMove;
    type Illegal = crate::error::IllegalMove;
}

impl Move {
    /// The point placed on, unless a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Quiet(p) | Move::Capture { point: p, .. } => Some(p),
            Move::Pass => None,
        }
    }

    /// Whether it captures.
    pub fn is_capture(self) -> bool {
        matches!(self, Move::Capture { .. })
    }
}

/// What a move did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Effect {
    /// Enemy stones removed.
    pub captured: u16,
    /// Enemy groups removed.
    pub groups: u16,
    /// The mover plays again (it captured).
    pub again: bool,
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// A player has no stone left, after each has played at least once.
    AllCaptured,
    /// Both players passed in a row: neither can place a stone, and the
    /// position can never change again (the seed is silent; a draw).
    Blocked,
    /// The turn limit was reached: a draw.
    TurnLimit,
}

impl EndReason {
    /// The stable snake_case name of the referee's JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::AllCaptured => "all_captured",
            EndReason::Blocked => "blocked",
            EndReason::TurnLimit => "turn_limit",
        }
    }

    /// The reason in words.
    pub fn words(self) -> &'static str {
        match self {
            EndReason::AllCaptured => "a player lost its last stone",
            EndReason::Blocked => "neither player could place a stone",
            EndReason::TurnLimit => "the turn limit was reached",
        }
    }
}

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct End {
    /// The winner, `None` for a draw.
    pub winner: Option<Colour>,
    /// Why.
    pub reason: EndReason,
}

/// A position: the stones, the colour to move, who has played yet, the
/// moves played.
#[derive(Clone)]
pub struct Position {
    opts: Options,
    cells: [u8; MAX_POINTS],
    to_move: Colour,
    played: [bool; 2],
    stones: [u16; 2],
    plies: u32,
    /// Passes in a row, both colours (two: blocked).
    passes: u8,
    max_turns: u32,
}

impl Position {
    /// The empty board of size `opts` (already validated), black to move;
    /// `max_turns` moves in all draw the game (0: no limit).
    pub fn new(opts: Options, max_turns: u32) -> Position {
        Position {
            opts,
            cells: [0; MAX_POINTS],
            to_move: Colour::Black,
            played: [false; 2],
            stones: [0; 2],
            plies: 0,
            passes: 0,
            max_turns,
        }
    }

    /// A position from its cells (row by row, `0` empty, `1` black, `2`
    /// white) and the colour to move, as the wire gives it. A colour with
    /// stones has played; without the history that is all that can be
    /// known, and all that matters (`docs/games/oust.md`).
    pub fn from_cells(opts: Options, cells: &[u8], to_move: Colour, max_turns: u32) -> Position {
        let mut pos = Position::new(opts, max_turns);
        pos.cells[..cells.len()].copy_from_slice(cells);
        for &c in cells {
            if c == 1 || c == 2 {
                pos.stones[usize::from(c - 1)] += 1;
            }
        }
        pos.played = [pos.stones[0] > 0, pos.stones[1] > 0];
        pos.to_move = to_move;
        pos
    }

    /// The board size.
    pub fn options(&self) -> Options {
        self.opts
    }

    /// The stone on `p`: `None`, or its colour.
    pub fn stone(&self, p: Point) -> Option<Colour> {
        match self.cells[p.index()] {
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => None,
        }
    }

    /// The cells, row by row (`0`, `1`, `2`).
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.opts.points()]
    }

    /// The colour to move.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Stones of `c` on the board.
    pub fn stones(&self, c: Colour) -> u16 {
        self.stones[c.seat()]
    }

    /// Whether `c` has played at least once.
    pub fn has_played(&self, c: Colour) -> bool {
        self.played[c.seat()]
    }

    /// Moves played so far (placements and passes, both colours).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The groups of the position.
    pub fn groups(&self) -> Groups {
        Groups::new(self.opts, &self.cells)
    }

    /// The end of the game, if it is over.
    pub fn end(&self) -> Option<End> {
        if self.played[0] && self.played[1] {
            for c in [Colour::Black, Colour::White] {
                if self.stones[c.seat()] == 0 {
                    return Some(End {
                        winner: Some(c.other()),
                        reason: EndReason::AllCaptured,
                    });
                }
            }
        }
        if self.passes >= 2 {
            return Some(End {
                winner: None,
                reason: EndReason::Blocked,
            });
        }
        (self.max_turns > 0 && self.plies >= self.max_turns).then_some(End {
            winner: None,
            reason: EndReason::TurnLimit,
        })
    }

    /// What a placement of the colour to move on the empty point `p`
    /// would be, given the position's groups.
    fn classify(&self, p: Point, g: &Groups) -> Result<Move, IllegalMove> {
        self.placement(p, self.to_move, g)
    }

    /// What a placement of `colour` on the empty point `p` would be, given
    /// the position's groups `g`, whoever is to move (an evaluation asks it
    /// of both colours).
    pub fn placement(&self, p: Point, colour: Colour, g: &Groups) -> Result<Move, IllegalMove> {
        let me = colour.digit();
        let mut own = [usize::MAX; 4];
        let (mut n_own, mut size, mut enemy) = (0, 1u16, 0u16);
        for q in self.opts.neighbours(p) {
            let c = self.cells[q.index()];
            if c == 0 {
                continue;
            }
            let id = g.group(q).expect("a stone has a group");
            if c == me {
                if !own[..n_own].contains(&id) {
                    own[n_own] = id;
                    n_own += 1;
                    size += g.size(id);
                    enemy = enemy.max(g.enemy_max(id));
                }
            } else {
                enemy = enemy.max(g.size(id));
            }
        }
        if n_own == 0 {
            return Ok(Move::Quiet(p));
        }
        let (col, row) = self.opts.coords(p);
        if enemy == 0 {
            return Err(IllegalMove::NoEnemyTouched {
                col,
                row,
                colour,
                size,
            });
        }
        if enemy >= size {
            return Err(IllegalMove::NotLarger {
                col,
                row,
                colour,
                size,
                enemy,
            });
        }
        Ok(Move::Capture { point: p, size })
    }

    /// Every legal move, in point order (a pass alone when no placement is
    /// legal; none once the game is over).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.end().is_some() {
            return;
        }
        let g = self.groups();
        for i in 0..self.opts.points() {
            if self.cells[i] == 0
                && let Ok(m) = self.classify(Point(i as u16), &g)
            {
                out.push(m);
            }
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    /// Checks a move from the wire against the position.
    pub fn check(&self, m: &UncheckedMove) -> Result<Move, IllegalMove> {
        if self.end().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let Some(p) = self.opts.point(m.col, m.row) else {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            return match moves.as_slice() {
                [Move::Pass] => Ok(Move::Pass),
                legal => Err(IllegalMove::Pass {
                    col: m.col,
                    row: m.row,
                    legal: legal.len(),
                }),
            };
        };
        if let Some(by) = self.stone(p) {
            return Err(IllegalMove::Occupied {
                col: m.col,
                row: m.row,
                by,
            });
        }
        self.classify(p, &self.groups())
    }

    /// Plays a legal move. Panics on a move that is not legal here (see
    /// [`play_unchecked`](Self::play_unchecked)).
    pub fn play(&mut self, m: Move) -> Effect {
        if let Some(p) = m.point() {
            let want = self.classify(p, &self.groups());
            assert!(
                self.cells[p.index()] == 0 && want == Ok(m),
                "not a legal move here: {m:?}"
            );
        }
        self.play_unchecked(m)
    }

    /// Plays a move this position generated or checked, trusting it: no
    /// legality check (the search plays millions).
    pub fn play_unchecked(&mut self, m: Move) -> Effect {
        let me = self.to_move;
        self.plies += 1;
        self.played[me.seat()] = true;
        let mut effect = Effect {
            captured: 0,
            groups: 0,
            again: false,
        };
        self.passes = if m == Move::Pass { self.passes + 1 } else { 0 };
        match m {
            Move::Pass => {}
            Move::Quiet(p) => {
                self.cells[p.index()] = me.digit();
                self.stones[me.seat()] += 1;
            }
            Move::Capture { point, .. } => {
                self.cells[point.index()] = me.digit();
                self.stones[me.seat()] += 1;
                let (captured, groups) = self.remove_enemies_of(point);
                effect = Effect {
                    captured,
                    groups,
                    again: true,
                };
            }
        }
        if !effect.again {
            self.to_move = me.other();
        }
        effect
    }

    /// Removes every enemy group touching the group of the stone on `p`;
    /// returns the stones and groups removed.
    fn remove_enemies_of(&mut self, p: Point) -> (u16, u16) {
        let me = self.cells[p.index()];
        let them = 3 - me;
        let o = self.opts;
        let mut seen = [false; MAX_POINTS];
        let mut stack = [0u16; MAX_POINTS];
        // The mover's group, and the enemy stones touching it.
        let mut enemy_seeds = Vec::with_capacity(8);
        let mut top = 1;
        stack[0] = p.0;
        seen[p.index()] = true;
        while top > 0 {
            top -= 1;
            for q in o.neighbours(Point(stack[top])) {
                let qi = q.index();
                if seen[qi] {
                    continue;
                }
                if self.cells[qi] == me {
                    seen[qi] = true;
                    stack[top] = q.0;
                    top += 1;
                } else if self.cells[qi] == them {
                    enemy_seeds.push(q);
                }
            }
        }
        let (mut stones, mut groups) = (0, 0);
        for seed in enemy_seeds {
            if self.cells[seed.index()] != them {
                continue; // removed with an earlier group
            }
            groups += 1;
            self.cells[seed.index()] = 0;
            stack[0] = seed.0;
            let mut top = 1;
            while top > 0 {
                top -= 1;
                stones += 1;
                for q in o.neighbours(Point(stack[top])) {
                    if self.cells[q.index()] == them {
                        self.cells[q.index()] = 0;
                        stack[top] = q.0;
                        top += 1;
                    }
                }
            }
        }
        self.stones[usize::from(them - 1)] -= stones;
        (stones, groups)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::wire::draw(self, false))
    }
}
