//! Pieces as data: the sorts (`enum sort_t`), the kinds of move a sort may
//! have (at most [`MAX_MOVE_TYPES`] per sort, as the seed's
//! configurations), and the directions each kind goes in.

use std::fmt;

use crate::dir::Dir;

/// The most move kinds of one sort (`MAX_MOVE_TYPES`).
pub const MAX_MOVE_TYPES: usize = 3;

game_core::named_enum! {
    /// A sort of piece. What it may do is not here but in the game's
    /// configuration ([`SortDef`]). The sorts are declared in the order of
    /// their numbers.
    #[derive(
        Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
    )]
    #[serde(rename_all = "kebab-case")]
    pub enum Sort {
        /// The seed's pawn (`PAWN`, 1).
        Pawn => "pawn",
        /// The tower (`TOWER`, 2): the seed's cardinal slide.
        Tower => "tower",
        /// The elephant (`ELEPHANT`, 3): the seed's two cardinal steps.
        Elephant => "elephant",
        /// The bishop: a diagonal slide.
        Bishop => "bishop",
        /// The queen: a slide in every direction.
        Queen => "queen",
        /// The king: one step in every direction.
        King => "king",
    }
}

impl Sort {
    /// Its number in `sort_t` (1 for the pawn; 0 is `NO_SORT`).
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// Its index in [`Sort::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its letter on the wire and on boards: `P T E B Q K`.
    pub fn letter(self) -> char {
        match self {
            Sort::Pawn => 'P',
            Sort::Tower => 'T',
            Sort::Elephant => 'E',
            Sort::Bishop => 'B',
            Sort::Queen => 'Q',
            Sort::King => 'K',
        }
    }

    /// The sort of letter `c`.
    pub fn from_letter(c: char) -> Option<Sort> {
        Sort::ALL.into_iter().find(|s| s.letter() == c)
    }
}

/// A kind of move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// Simple move: to the neighbour in a direction.
    Step,
    /// Simple jump: over the neighbour in a direction (any piece) to the
    /// place after it in the same direction.
    Jump,
    /// Multiple jump: simple jumps chained; every landing place but the
    /// start is a destination.
    MultiJump,
    /// Slide: any number of places in one direction while they are free.
    Slide,
    /// Double step: two steps, each in one of the directions (the same or
    /// not, but not back), the place between free or not (the seed's
    /// elephant).
    Double,
}

impl Kind {
    /// Its name in the greeting and the docs.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Step => "step",
            Kind::Jump => "jump",
            Kind::MultiJump => "multi-jump",
            Kind::Slide => "slide",
            Kind::Double => "double",
        }
    }
}

/// The directions a move kind goes in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dirs {
    /// Every direction the relation has.
    All,
    /// E, N, W and S.
    Cardinal,
    /// NE, NW, SW and SE.
    Diagonal,
}

impl Dirs {
    /// The directions, in neighbour order.
    pub fn list(self) -> &'static [Dir] {
        match self {
            Dirs::All => &Dir::ALL,
            Dirs::Cardinal => &Dir::CARDINAL,
            Dirs::Diagonal => &Dir::DIAGONAL,
        }
    }

    /// Its name in the greeting and the docs.
    pub fn name(self) -> &'static str {
        match self {
            Dirs::All => "all",
            Dirs::Cardinal => "cardinal",
            Dirs::Diagonal => "diagonal",
        }
    }
}

/// One move kind of a sort, with its directions: `slide:cardinal`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveKind {
    /// The kind.
    pub kind: Kind,
    /// Its directions.
    pub dirs: Dirs,
}

impl MoveKind {
    /// `kind` in `dirs`.
    pub const fn new(kind: Kind, dirs: Dirs) -> MoveKind {
        MoveKind { kind, dirs }
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.kind.name(), self.dirs.name())
    }
}

/// A sort as a configuration defines it: its move kinds, one to
/// [`MAX_MOVE_TYPES`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SortDef {
    /// The sort.
    pub sort: Sort,
    /// What it may do.
    pub moves: Vec<MoveKind>,
}

impl SortDef {
    /// `sort` with `moves` (one to three).
    pub fn new(sort: Sort, moves: &[MoveKind]) -> SortDef {
        assert!(
            (1..=MAX_MOVE_TYPES).contains(&moves.len()),
            "a sort has 1 to {MAX_MOVE_TYPES} move kinds"
        );
        SortDef {
            sort,
            moves: moves.to_vec(),
        }
    }
}

impl fmt::Display for SortDef {
    /// The greeting's line: `P pawn step:all jump:all multi-jump:all`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.sort.letter(), self.sort.name())?;
        for m in &self.moves {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}
