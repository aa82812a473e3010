//! A game in progress: the pieces on the world, the prisoners, the
//! relation, whose turn it is; the actions each piece may take (moves by
//! its sort's kinds, escapes, passes), their check and their play, the
//! victories and the turn limit.
//!
//! The position draws nothing at random: an escape's outcome and a new
//! relation are given to it (by the referee, from the game's seed; by a
//! search, one chance outcome at a time).

use game_core::Framing;
use std::fmt;
use std::sync::Arc;

use crate::config::{Rules, Victory};
use crate::error::IllegalMove;
use crate::sort::{Kind, Sort};
use crate::wire;
use crate::world::{MAX_PLACES, Neighbours, Place, Relation};

/// A piece: its owner and its sort.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The seat that owns it.
    pub seat: u8,
    /// Its sort.
    pub sort: Sort,
}

impl fmt::Display for Piece {
    /// `player 1's tower`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}'s {}", self.seat, self.sort)
    }
}

impl Piece {
    /// `1T`: the seat and the sort's letter.
    pub fn code(self) -> String {
        format!("{}{}", self.seat, self.sort.letter())
    }
}

/// A captured piece, kept by its owner: where it was taken, and its sort.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Prisoner {
    /// The place of its capture (where it escapes to).
    pub place: Place,
    /// Its sort.
    pub sort: Sort,
}

/// An action as read off the wire, not checked against the position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UncheckedAction {
    /// `FROM TO`.
    Move {
        /// The place moved from.
        from: u32,
        /// The place moved to.
        to: u32,
    },
    /// `escape PLACE [SORT]`.
    Escape {
        /// The place of capture.
        place: u32,
        /// The prisoner's sort, if named.
        sort: Option<Sort>,
    },
    /// `pass`.
    Pass,
}

impl fmt::Display for UncheckedAction {
    /// The reply line: `14 27`, `escape 35 T`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UncheckedAction::Move { from, to } => write!(f, "{from} {to}"),
            UncheckedAction::Escape {
                place,
                sort: Some(s),
            } => write!(f, "escape {place} {}", s.letter()),
            UncheckedAction::Escape { place, sort: None } => write!(f, "escape {place}"),
            UncheckedAction::Pass => f.write_str("pass"),
        }
    }
}

impl game_core::Reply for UncheckedAction {
    type Error = crate::error::WireError;
    const FRAMING: Framing = Framing::new(wire::MAX_LINE_BYTES, wire::MAX_REPLY_BYTES);
}

/// A legal action of the player to move (from [`Position::check`] or
/// [`Position::legal_actions`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// A piece moves (capturing what stands at `to`, if anything).
    Move {
        /// From.
        from: Place,
        /// To.
        to: Place,
    },
    /// A prisoner captured on `place` tries to escape there.
    Escape {
        /// Its place of capture.
        place: Place,
        /// Its sort.
        sort: Sort,
    },
    /// The turn passes (a piece of the mover cannot act).
    Pass,
}

impl game_core::Legal for Action {
    type Unchecked = UncheckedAction;
    type Illegal = crate::error::IllegalMove;
}

impl Action {
    /// The action as a reply says it.
    pub fn to_unchecked(self) -> UncheckedAction {
        match self {
            Action::Move { from, to } => UncheckedAction::Move {
                from: u32::from(from),
                to: u32::from(to),
            },
            Action::Escape { place, sort } => UncheckedAction::Escape {
                place: u32::from(place),
                sort: Some(sort),
            },
            Action::Pass => UncheckedAction::Pass,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_unchecked().fmt(f)
    }
}

/// How a game ended by its rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// A piece reached another player's start place.
    SimpleVictory,
    /// A player covered every start place of another.
    ComplexVictory,
    /// MAX_TURNS turns were played: a draw.
    TurnLimit,
}

impl EndReason {
    /// The stable name in verdicts.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::SimpleVictory => "simple_victory",
            EndReason::ComplexVictory => "complex_victory",
            EndReason::TurnLimit => "turn_limit",
        }
    }

    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            EndReason::SimpleVictory => "a piece reached a start place of another player",
            EndReason::ComplexVictory => "a player covered every start place of another",
            EndReason::TurnLimit => "the turn limit was reached",
        }
    }
}

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct End {
    /// The winner; `None` for a draw.
    pub winner: Option<usize>,
    /// Why.
    pub reason: EndReason,
    /// For a victory: the place the last move reached, and whose start
    /// place it is.
    pub at: Option<(Place, usize)>,
}

/// What a played action led to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Play goes on.
    Next,
    /// The mover won.
    Win,
    /// The game is drawn (the turn limit).
    Draw,
}

impl Outcome {
    /// The wire's letter: `N`, `W`, `D`.
    pub fn letter(self) -> char {
        match self {
            Outcome::Next => 'N',
            Outcome::Win => 'W',
            Outcome::Draw => 'D',
        }
    }
}

/// What playing an action did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Played {
    /// The action.
    pub action: Action,
    /// The piece a move captured.
    pub captured: Option<Piece>,
    /// For an escape: whether it succeeded.
    pub escaped: Option<bool>,
    /// What it led to.
    pub outcome: Outcome,
}

/// What [`Position::undo`] needs to take an action back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    played: Played,
    /// For a capture: the index the captured piece had in its owner's list.
    captured_index: usize,
    /// For a successful escape: the index the prisoner had.
    prisoner_index: usize,
    to_move: u8,
    end: Option<End>,
    change_due: bool,
}

impl Undo {
    /// What the action did.
    pub fn played(&self) -> &Played {
        &self.played
    }
}

/// A set of places as bits, on the stack.
#[derive(Clone)]
struct Seen([u64; MAX_PLACES.div_ceil(64)]);

impl Seen {
    fn new() -> Seen {
        Seen([0; MAX_PLACES.div_ceil(64)])
    }
    /// Adds `p`; whether it was new.
    #[inline]
    fn insert(&mut self, p: Place) -> bool {
        let (w, b) = (usize::from(p) / 64, usize::from(p) % 64);
        let new = self.0[w] & (1 << b) == 0;
        self.0[w] |= 1 << b;
        new
    }
}

/// A game in progress.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    rules: Arc<Rules>,
    board: Vec<Option<Piece>>,
    /// Per seat, the places of its pieces on the board.
    pieces: Vec<Vec<Place>>,
    /// Per seat, its pieces held prisoner, in the order of capture.
    prisoners: Vec<Vec<Prisoner>>,
    relation: Relation,
    to_move: u8,
    turn: u32,
    max_turns: u32,
    change_every: u32,
    change_due: bool,
    end: Option<End>,
}

/// ⌈√n⌉.
pub fn ceil_sqrt(n: u32) -> u32 {
    let mut r = (f64::from(n).sqrt()) as u32;
    while r * r < n {
        r += 1;
    }
    while r > 0 && (r - 1) * (r - 1) >= n {
        r -= 1;
    }
    r
}

/// Turns between relation changes: ⌈√MAX_TURNS⌉ when the rules change
/// the relation and there is a limit, else 0 (never).
fn change_every(rules: &Rules, max_turns: u32) -> u32 {
    if rules.relation_change() && max_turns > 0 {
        ceil_sqrt(max_turns)
    } else {
        0
    }
}

impl Position {
    /// The start of a game: every seat's lineup on its start places, the
    /// relation `relation`, seat `first` to move; drawn after `max_turns`
    /// turns (0: never).
    pub fn new(rules: Arc<Rules>, relation: Relation, first: usize, max_turns: u32) -> Position {
        let world = rules.world();
        let mut board = vec![None; world.size()];
        let mut pieces = Vec::with_capacity(rules.players());
        for seat in 0..rules.players() {
            let mut mine = Vec::new();
            for (i, &p) in rules.start(seat).iter().enumerate() {
                board[usize::from(p)] = Some(Piece {
                    seat: seat as u8,
                    sort: rules.lineup_at(i),
                });
                mine.push(p);
            }
            pieces.push(mine);
        }
        let change_every = change_every(&rules, max_turns);
        Position {
            prisoners: vec![Vec::new(); rules.players()],
            rules,
            board,
            pieces,
            relation,
            to_move: first as u8,
            turn: 0,
            max_turns,
            change_every,
            change_due: false,
            end: None,
        }
    }

    /// A position from its parts (puzzles, tests): the pieces on `board`
    /// (one entry per place), each seat's prisoners, the relation, the
    /// seat to move and the turns played so far.
    pub fn from_parts(
        rules: Arc<Rules>,
        board: Vec<Option<Piece>>,
        prisoners: Vec<Vec<Prisoner>>,
        relation: Relation,
        to_move: usize,
        turn: u32,
        max_turns: u32,
    ) -> Position {
        assert_eq!(board.len(), rules.world().size(), "one entry per place");
        assert_eq!(prisoners.len(), rules.players(), "prisoners per seat");
        let mut pieces = vec![Vec::new(); rules.players()];
        for (p, cell) in board.iter().enumerate() {
            if let Some(piece) = cell {
                pieces[usize::from(piece.seat)].push(p as Place);
            }
        }
        let change_every = change_every(&rules, max_turns);
        Position {
            rules,
            board,
            pieces,
            prisoners,
            relation,
            to_move: to_move as u8,
            turn,
            max_turns,
            change_every,
            change_due: false,
            end: None,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// What stands on `p`.
    #[inline]
    pub fn at(&self, p: Place) -> Option<Piece> {
        self.board[usize::from(p)]
    }

    /// The board, place by place.
    pub fn board(&self) -> &[Option<Piece>] {
        &self.board
    }

    /// The places of `seat`'s pieces on the board.
    pub fn pieces(&self, seat: usize) -> &[Place] {
        &self.pieces[seat]
    }

    /// `seat`'s pieces held prisoner.
    pub fn prisoners(&self, seat: usize) -> &[Prisoner] {
        &self.prisoners[seat]
    }

    /// The relation now.
    pub fn relation(&self) -> Relation {
        self.relation
    }

    /// The neighbours under the relation now.
    #[inline]
    pub fn neighbours(&self) -> &Neighbours {
        self.rules.neighbours(self.relation)
    }

    /// The seat to move.
    pub fn to_move(&self) -> usize {
        usize::from(self.to_move)
    }

    /// Turns played (every action counts, passes too).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The turn limit (0: none).
    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }

    /// Turns between relation changes (0: none).
    pub fn change_every(&self) -> u32 {
        self.change_every
    }

    /// The end, if the game is over.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Whether the relation must change now (after the turn just played):
    /// the referee draws the new one among [`Position::relation_choices`]
    /// and gives it to [`Position::set_relation`].
    pub fn change_due(&self) -> bool {
        self.change_due
    }

    /// The relations a change may draw: every one but the current, in
    /// their order.
    pub fn relation_choices(&self) -> Vec<Relation> {
        Relation::ALL
            .into_iter()
            .filter(|&r| r != self.relation)
            .collect()
    }

    /// Changes the relation; returns the old one.
    pub fn set_relation(&mut self, relation: Relation) -> Relation {
        self.change_due = false;
        std::mem::replace(&mut self.relation, relation)
    }

    /// Takes a relation change back (after [`Position::set_relation`]).
    pub fn unset_relation(&mut self, old: Relation) {
        self.relation = old;
        self.change_due = true;
    }

    /// Whether `p` holds no piece.
    #[inline]
    pub fn is_free(&self, p: Place) -> bool {
        self.board[usize::from(p)].is_none()
    }

    /// Whether a move of `seat` ending on `p` captures: captures are on, an
    /// enemy piece stands there, and `p` is nobody's start place.
    #[inline]
    pub fn capturable(&self, p: Place, seat: u8) -> bool {
        self.rules.captures()
            && matches!(self.board[usize::from(p)], Some(q) if q.seat != seat)
            && self.rules.start_owner(p).is_none()
    }

    /// The destinations of the piece on `from` by its sort's move kinds
    /// under the relation now, each once, appended to `out`. Nothing if
    /// `from` holds no piece.
    pub fn destinations(&self, from: Place, out: &mut Vec<Place>) {
        let Some(piece) = self.at(from) else { return };
        let nb = self.neighbours();
        let mut seen = Seen::new();
        seen.insert(from);
        let seat = piece.seat;
        // The moving piece is off the board while it moves: its place is
        // free to land on (a chain back to it is no move) and cannot be
        // jumped over.
        let occupied = |p: Place| p != from && !self.is_free(p);
        let open = |p: Place| p == from || self.is_free(p);
        for mk in self.rules.moves(piece.sort) {
            let dirs = mk.dirs.list();
            match mk.kind {
                Kind::Step => {
                    for &d in dirs {
                        if let Some(n) = nb.get(from, d) {
                            if (self.is_free(n) || self.capturable(n, seat)) && seen.insert(n) {
                                out.push(n);
                            }
                        }
                    }
                }
                Kind::Jump => {
                    for &d in dirs {
                        let Some(over) = nb.get(from, d) else {
                            continue;
                        };
                        if !occupied(over) {
                            continue;
                        }
                        if let Some(n) = nb.get(over, d) {
                            if (self.is_free(n) || self.capturable(n, seat)) && seen.insert(n) {
                                out.push(n);
                            }
                        }
                    }
                }
                Kind::MultiJump => {
                    // Landing places, breadth first; a capture ends a chain.
                    let mut landed = Seen::new();
                    landed.insert(from);
                    let mut queue: Vec<Place> = vec![from];
                    let mut head = 0;
                    while let Some(&p) = queue.get(head) {
                        head += 1;
                        for &d in dirs {
                            let Some(over) = nb.get(p, d) else { continue };
                            if !occupied(over) {
                                continue;
                            }
                            let Some(n) = nb.get(over, d) else { continue };
                            if open(n) {
                                if landed.insert(n) {
                                    if seen.insert(n) {
                                        out.push(n);
                                    }
                                    queue.push(n);
                                }
                            } else if self.capturable(n, seat) && seen.insert(n) {
                                out.push(n);
                            }
                        }
                    }
                }
                Kind::Slide => {
                    for &d in dirs {
                        let mut p = from;
                        while let Some(n) = nb.get(p, d) {
                            if self.is_free(n) {
                                if seen.insert(n) {
                                    out.push(n);
                                }
                                p = n;
                                continue;
                            }
                            if self.capturable(n, seat) && seen.insert(n) {
                                out.push(n);
                            }
                            break;
                        }
                    }
                }
                Kind::Double => {
                    for &d1 in dirs {
                        let Some(mid) = nb.get(from, d1) else {
                            continue;
                        };
                        for &d2 in dirs {
                            if d2 == d1.opposite() {
                                continue;
                            }
                            let Some(n) = nb.get(mid, d2) else { continue };
                            if n != from
                                && (self.is_free(n) || self.capturable(n, seat))
                                && seen.insert(n)
                            {
                                out.push(n);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether the piece on `from` has a move.
    pub fn can_move(&self, from: Place) -> bool {
        let mut out = Vec::new();
        self.destinations(from, &mut out);
        !out.is_empty()
    }

    /// The prisoners of `seat` that could escape now (their place free),
    /// each (place, sort) once.
    pub fn escapes(&self, seat: usize, out: &mut Vec<Prisoner>) {
        for (i, pr) in self.prisoners[seat].iter().enumerate() {
            if self.is_free(pr.place) && !self.prisoners[seat][..i].contains(pr) {
                out.push(*pr);
            }
        }
    }

    /// Whether `seat` may pass: one of its pieces cannot act (a piece on
    /// the board without a move, or a prisoner whose place is taken).
    pub fn may_pass(&self, seat: usize) -> bool {
        self.pieces[seat].iter().any(|&p| !self.can_move(p))
            || self.prisoners[seat]
                .iter()
                .any(|pr| !self.is_free(pr.place))
    }

    /// Every legal action of the seat to move, appended to `out`: moves
    /// piece by piece (in the order of the seat's pieces, each piece's
    /// destinations in the order of its kinds), then escapes, then the
    /// pass if allowed. None once the game is over.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        if self.end.is_some() {
            return;
        }
        let seat = self.to_move();
        let mut dests = Vec::new();
        let mut blocked = false;
        for &from in &self.pieces[seat] {
            dests.clear();
            self.destinations(from, &mut dests);
            blocked |= dests.is_empty();
            out.extend(dests.iter().map(|&to| Action::Move { from, to }));
        }
        let mut esc = Vec::new();
        self.escapes(seat, &mut esc);
        out.extend(esc.iter().map(|pr| Action::Escape {
            place: pr.place,
            sort: pr.sort,
        }));
        blocked |= self.prisoners[seat]
            .iter()
            .any(|pr| !self.is_free(pr.place));
        if blocked {
            out.push(Action::Pass);
        }
    }

    /// Checks an action of the seat to move.
    pub fn check(&self, action: &UncheckedAction) -> Result<Action, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let seat = self.to_move();
        let world = self.rules.world();
        let place = |n: u32| -> Result<Place, IllegalMove> {
            if world.contains(n) {
                Ok(n as Place)
            } else {
                Err(IllegalMove::OffBoard {
                    place: n,
                    last: world.size() - 1,
                })
            }
        };
        match *action {
            UncheckedAction::Move { from, to } => {
                let (from, to) = (place(from)?, place(to)?);
                let piece = match self.at(from) {
                    Some(p) if usize::from(p.seat) == seat => p,
                    other => {
                        return Err(IllegalMove::NotYours {
                            place: from,
                            holds: other.map_or_else(|| "no piece".to_owned(), |p| p.to_string()),
                        });
                    }
                };
                let mut dests = Vec::new();
                self.destinations(from, &mut dests);
                if dests.contains(&to) {
                    return Ok(Action::Move { from, to });
                }
                dests.sort_unstable();
                let moves = if dests.is_empty() {
                    format!("it has no move under the {} relation", self.relation)
                } else {
                    let list: Vec<String> = dests.iter().map(Place::to_string).collect();
                    format!("its moves are to {}", list.join(", "))
                };
                Err(IllegalMove::CannotGo {
                    piece: piece.sort,
                    from,
                    to,
                    moves,
                })
            }
            UncheckedAction::Escape { place: at, sort } => {
                if !self.rules.captures() {
                    return Err(IllegalMove::NoCaptures);
                }
                let at = place(at)?;
                let mine = &self.prisoners[seat];
                let mut there: Vec<Sort> = mine
                    .iter()
                    .filter(|pr| pr.place == at)
                    .map(|pr| pr.sort)
                    .collect();
                there.sort_unstable();
                there.dedup();
                let letters = |v: &[Sort]| -> String {
                    v.iter()
                        .map(|s| s.letter().to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let sort = match (sort, there.as_slice()) {
                    (_, []) => {
                        let prisoners = if mine.is_empty() {
                            String::new()
                        } else {
                            let list: Vec<String> = mine
                                .iter()
                                .map(|pr| format!("{} on {}", pr.sort, pr.place))
                                .collect();
                            format!(" (yours: {})", list.join(", "))
                        };
                        return Err(IllegalMove::NoPrisoner {
                            place: at,
                            prisoners,
                        });
                    }
                    (None, [one]) => *one,
                    (None, _) => {
                        return Err(IllegalMove::WhichPrisoner {
                            place: at,
                            sorts: letters(&there),
                        });
                    }
                    (Some(s), _) if there.contains(&s) => s,
                    (Some(s), _) => {
                        return Err(IllegalMove::NoPrisonerOfSort {
                            place: at,
                            sort: s,
                            sorts: letters(&there),
                        });
                    }
                };
                match self.at(at) {
                    Some(by) => Err(IllegalMove::EscapeBlocked {
                        place: at,
                        sort,
                        by,
                    }),
                    None => Ok(Action::Escape { place: at, sort }),
                }
            }
            UncheckedAction::Pass => {
                if self.may_pass(seat) {
                    return Ok(Action::Pass);
                }
                let mut dests = Vec::new();
                let mut examples = Vec::new();
                for &from in &self.pieces[seat] {
                    dests.clear();
                    self.destinations(from, &mut dests);
                    let sort = self.at(from).expect("a piece").sort;
                    examples.push(format!("the {sort} on {from} can go to {}", dests[0]));
                }
                for pr in &self.prisoners[seat] {
                    examples.push(format!(
                        "the {} captured on {} can escape",
                        pr.sort, pr.place
                    ));
                }
                if examples.len() > 3 {
                    let more = examples.len() - 3;
                    examples.truncate(3);
                    examples.push(format!("and {more} more"));
                }
                Err(IllegalMove::CannotPass {
                    example: examples.join(", "),
                })
            }
        }
    }

    /// Plays a legal action of the seat to move (from [`Position::check`]
    /// or [`Position::legal_actions`]: it trusts its caller); `escaped`
    /// is an escape's outcome (ignored for other actions).
    pub fn play(&mut self, action: Action, escaped: bool) -> Played {
        *self.play_undoable(action, escaped).played()
    }

    /// [`Position::play`], returning what [`Position::undo`] needs.
    pub fn play_undoable(&mut self, action: Action, escaped: bool) -> Undo {
        debug_assert!(self.end.is_none(), "the game is over");
        let seat = self.to_move;
        let mut undo = Undo {
            played: Played {
                action,
                captured: None,
                escaped: None,
                outcome: Outcome::Next,
            },
            captured_index: 0,
            prisoner_index: 0,
            to_move: self.to_move,
            end: self.end,
            change_due: self.change_due,
        };
        let mut won = None;
        match action {
            Action::Move { from, to } => {
                let piece = self.board[usize::from(from)]
                    .take()
                    .expect("a piece to move");
                debug_assert_eq!(piece.seat, seat, "the mover's piece");
                if let Some(victim) = self.board[usize::from(to)].replace(piece) {
                    let list = &mut self.pieces[usize::from(victim.seat)];
                    let i = list.iter().position(|&p| p == to).expect("listed");
                    list.swap_remove(i);
                    undo.captured_index = i;
                    undo.played.captured = Some(victim);
                    self.prisoners[usize::from(victim.seat)].push(Prisoner {
                        place: to,
                        sort: victim.sort,
                    });
                }
                let mine = &mut self.pieces[usize::from(seat)];
                let i = mine.iter().position(|&p| p == from).expect("listed");
                mine[i] = to;
                won = self.victory_at(to, seat);
            }
            Action::Escape { place, sort } => {
                undo.played.escaped = Some(escaped);
                if escaped {
                    let list = &mut self.prisoners[usize::from(seat)];
                    let i = list
                        .iter()
                        .position(|pr| pr.place == place && pr.sort == sort)
                        .expect("a prisoner");
                    list.remove(i);
                    undo.prisoner_index = i;
                    self.board[usize::from(place)] = Some(Piece { seat, sort });
                    self.pieces[usize::from(seat)].push(place);
                }
            }
            Action::Pass => {}
        }
        self.turn += 1;
        if let Some(end) = won {
            self.end = Some(end);
            undo.played.outcome = Outcome::Win;
        } else if self.max_turns > 0 && self.turn >= self.max_turns {
            self.end = Some(End {
                winner: None,
                reason: EndReason::TurnLimit,
                at: None,
            });
            undo.played.outcome = Outcome::Draw;
        } else {
            self.to_move = ((usize::from(seat) + 1) % self.rules.players()) as u8;
            self.change_due = self.change_every > 0 && self.turn % self.change_every == 0;
        }
        undo
    }

    /// Takes back the last action played (with [`Position::play_undoable`];
    /// a relation change after it must be taken back first).
    pub fn undo(&mut self, undo: Undo) {
        self.turn -= 1;
        self.to_move = undo.to_move;
        self.end = undo.end;
        self.change_due = undo.change_due;
        let seat = undo.to_move;
        match undo.played.action {
            Action::Move { from, to } => {
                let piece = self.board[usize::from(to)].take().expect("the moved piece");
                self.board[usize::from(from)] = Some(piece);
                let mine = &mut self.pieces[usize::from(seat)];
                let i = mine.iter().position(|&p| p == to).expect("listed");
                mine[i] = from;
                if let Some(victim) = undo.played.captured {
                    self.board[usize::from(to)] = Some(victim);
                    self.prisoners[usize::from(victim.seat)].pop();
                    let list = &mut self.pieces[usize::from(victim.seat)];
                    list.push(to);
                    let last = list.len() - 1;
                    list.swap(undo.captured_index, last);
                }
            }
            Action::Escape { place, sort } => {
                if undo.played.escaped == Some(true) {
                    self.board[usize::from(place)] = None;
                    self.pieces[usize::from(seat)].pop();
                    self.prisoners[usize::from(seat)]
                        .insert(undo.prisoner_index, Prisoner { place, sort });
                }
            }
            Action::Pass => {}
        }
    }

    /// The victory a move of `seat` to `to` wins, if any. Only the moved
    /// piece changed place (a capture never happens on a start place), so
    /// only the start set it landed in can be newly reached or covered.
    fn victory_at(&self, to: Place, seat: u8) -> Option<End> {
        let owner = self.rules.start_owner(to)?;
        if owner == usize::from(seat) {
            return None;
        }
        let reason = match self.rules.victory() {
            Victory::Simple => EndReason::SimpleVictory,
            Victory::Complex => {
                let covered = self
                    .rules
                    .start(owner)
                    .iter()
                    .all(|&p| matches!(self.board[usize::from(p)], Some(q) if q.seat == seat));
                if !covered {
                    return None;
                }
                EndReason::ComplexVictory
            }
        };
        Some(End {
            winner: Some(usize::from(seat)),
            reason,
            at: Some((to, owner)),
        })
    }
}
