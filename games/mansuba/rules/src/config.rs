//! Configurations (achievement 5): named sets of rules — the sorts in play
//! and their moves, the lineup on the start places, the relation, the
//! victory, captures — and the rules of one game, resolved from a
//! configuration and what the command line changes in it.

use crate::error::SetupError;
use crate::sort::{Dirs, Kind, MoveKind, Sort, SortDef};
use crate::start::{self, Layout, StartSets};
use crate::world::{Neighbours, Place, Relation, World};

/// The most players (`MAX_PLAYERS`).
pub const MAX_PLAYERS: usize = 5;

/// How a game is won.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Victory {
    /// The first player to reach any start place of another player with
    /// one of its pieces wins (`-t s`).
    #[value(alias = "s")]
    Simple,
    /// The first player to cover every start place of one other player
    /// with its pieces wins (`-t c`).
    #[value(alias = "c")]
    Complex,
}

impl Victory {
    /// Its name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Victory::Simple => "simple",
            Victory::Complex => "complex",
        }
    }
}

/// The initial relation: one, or drawn by the referee.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RelationChoice {
    /// This one.
    Fixed(Relation),
    /// One of [`Relation::ALL`], drawn from the game's seed.
    Random,
}

game_core::named_enum! {
    /// A configuration, by its name on the command line (`-c NAME`).
    #[derive(
        Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize, clap::ValueEnum,
    )]
    #[serde(rename_all = "kebab-case")]
    pub enum ConfigName {
        /// The seed's base version: pawns (simple move, simple jump, multiple
        /// jump), the 4-neighbour grid, the two columns, no capture, simple
        /// victory.
        Base => "base",
        /// Chinese checkers: pawns only, the triangular lattice, each player's
        /// triangle in a corner (the seed layout), no capture, complex victory
        /// (fill a triangle of the other's).
        ChineseCheckers => "chinese-checkers",
        /// Chess-like: chess pieces (no multiple jump), the 8-neighbour grid,
        /// a back rank on each column, captures, simple victory.
        ChessLike => "chess-like",
        /// Every achievement at once: pawns, towers, elephants and bishops, a
        /// random relation that changes every ⌈√MAX_TURNS⌉ turns, captures,
        /// simple victory.
        Full => "full",
    }
}

impl ConfigName {
    /// The configuration.
    pub fn config(self) -> Config {
        use Dirs::*;
        use Kind::*;
        let pawn = SortDef::new(
            Sort::Pawn,
            &[
                MoveKind::new(Step, All),
                MoveKind::new(Jump, All),
                MoveKind::new(MultiJump, All),
            ],
        );
        let tower = SortDef::new(Sort::Tower, &[MoveKind::new(Slide, Cardinal)]);
        let elephant = SortDef::new(Sort::Elephant, &[MoveKind::new(Double, Cardinal)]);
        let bishop = SortDef::new(Sort::Bishop, &[MoveKind::new(Slide, Diagonal)]);
        // The base version; every other configuration says how it differs.
        let base = Config {
            name: self,
            sorts: vec![pawn.clone()],
            lineup: vec![Sort::Pawn],
            relation: RelationChoice::Fixed(Relation::Square4),
            relation_change: false,
            captures: false,
            victory: Victory::Simple,
            layout: Layout::Columns,
        };
        match self {
            ConfigName::Base => base,
            ConfigName::ChineseCheckers => Config {
                relation: RelationChoice::Fixed(Relation::Triangular),
                victory: Victory::Complex,
                layout: Layout::Seeds,
                ..base
            },
            ConfigName::ChessLike => {
                use Sort::*;
                Config {
                    sorts: vec![
                        SortDef::new(Pawn, &[MoveKind::new(Step, Cardinal)]),
                        tower,
                        elephant,
                        bishop,
                        SortDef::new(Queen, &[MoveKind::new(Slide, All)]),
                        SortDef::new(King, &[MoveKind::new(Step, All)]),
                    ],
                    lineup: vec![
                        Tower, Elephant, Bishop, Queen, King, Bishop, Elephant, Tower, Pawn, Pawn,
                    ],
                    relation: RelationChoice::Fixed(Relation::Square8),
                    captures: true,
                    ..base
                }
            }
            ConfigName::Full => Config {
                sorts: vec![pawn, tower, elephant, bishop],
                lineup: vec![Sort::Pawn, Sort::Tower, Sort::Elephant, Sort::Bishop],
                relation: RelationChoice::Random,
                relation_change: true,
                captures: true,
                ..base
            },
        }
    }
}

/// A configuration: the rules but the world's size and the players.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Config {
    /// Its name.
    pub name: ConfigName,
    /// The sorts in play and their moves.
    pub sorts: Vec<SortDef>,
    /// The sorts laid out on each player's start places, in their order,
    /// repeated as often as needed.
    pub lineup: Vec<Sort>,
    /// The initial relation.
    pub relation: RelationChoice,
    /// Whether the relation changes every ⌈√MAX_TURNS⌉ turns.
    pub relation_change: bool,
    /// Whether a move may capture.
    pub captures: bool,
    /// How a game is won.
    pub victory: Victory,
    /// The start layout with two players (more always use the seeds).
    pub layout: Layout,
}

/// Everything a game is played under, but the position: the world, the
/// players, the sorts, the start places.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rules {
    world: World,
    players: usize,
    /// The configuration (`None` for rules read from a greeting).
    config: Option<ConfigName>,
    /// Per sort (by index), its move kinds; empty if not in play.
    moves: [Vec<MoveKind>; 6],
    sorts: Vec<SortDef>,
    lineup: Vec<Sort>,
    victory: Victory,
    captures: bool,
    relation_change: bool,
    /// The layout (`None` for rules read from a greeting).
    layout: Option<Layout>,
    layout_relation: Relation,
    start: StartSets,
    /// Per place: 0, or the seat + 1 whose start place it is.
    start_owner: Vec<u8>,
    tables: Vec<Neighbours>,
}

/// What a game's rules are built from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Variant {
    /// The configuration, with the command line's changes.
    pub config: Config,
    /// The world.
    pub world: World,
    /// Players, 2 to [`MAX_PLAYERS`].
    pub players: usize,
    /// The start layout.
    pub layout: Layout,
}

impl Variant {
    /// The rules when the game starts under `relation` (the layout of the
    /// seeds depends on it).
    pub fn rules(&self, relation: Relation) -> Result<Rules, SetupError> {
        if !(2..=MAX_PLAYERS).contains(&self.players) {
            return Err(SetupError::Players(self.players));
        }
        let tables: Vec<Neighbours> = Relation::ALL
            .iter()
            .map(|&r| Neighbours::new(self.world, r))
            .collect();
        let count = usize::from(self.world.height());
        let start = match self.layout {
            Layout::Columns => start::columns(self.world, self.players)?,
            Layout::Seeds => start::seeded(&tables[relation as usize], self.players, count)?,
        };
        let mut start_owner = vec![0u8; self.world.size()];
        for (seat, set) in start.sets.iter().enumerate() {
            for &p in set {
                start_owner[usize::from(p)] = seat as u8 + 1;
            }
        }
        let mut moves: [Vec<MoveKind>; 6] = Default::default();
        for def in &self.config.sorts {
            moves[def.sort.index()] = def.moves.clone();
        }
        if let Some(s) = self
            .config
            .lineup
            .iter()
            .find(|s| moves[s.index()].is_empty())
        {
            return Err(SetupError::SortNotInPlay(*s));
        }
        Ok(Rules {
            world: self.world,
            players: self.players,
            config: Some(self.config.name),
            moves,
            sorts: self.config.sorts.clone(),
            lineup: self.config.lineup.clone(),
            victory: self.config.victory,
            captures: self.config.captures,
            relation_change: self.config.relation_change,
            layout: Some(self.layout),
            layout_relation: relation,
            start,
            start_owner,
            tables,
        })
    }
}

impl Rules {
    /// Rules from their parts (a player reading the greeting); `None` if
    /// they do not hold together: 2 to 5 players, one start set of HEIGHT
    /// places each, disjoint, sorts of 1 to 3 move kinds, each sort of
    /// the lineup among them.
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        world: World,
        players: usize,
        sorts: Vec<SortDef>,
        lineup: Vec<Sort>,
        victory: Victory,
        captures: bool,
        relation_change: bool,
        start: StartSets,
        layout_relation: Relation,
    ) -> Option<Rules> {
        if !(2..=MAX_PLAYERS).contains(&players) || start.sets.len() != players {
            return None;
        }
        let mut start_owner = vec![0u8; world.size()];
        for (seat, set) in start.sets.iter().enumerate() {
            if set.len() != usize::from(world.height()) {
                return None;
            }
            for &p in set {
                let slot = start_owner.get_mut(usize::from(p))?;
                if *slot != 0 {
                    return None;
                }
                *slot = seat as u8 + 1;
            }
        }
        let mut moves: [Vec<MoveKind>; 6] = Default::default();
        for def in &sorts {
            if !(1..=crate::MAX_MOVE_TYPES).contains(&def.moves.len())
                || !moves[def.sort.index()].is_empty()
            {
                return None;
            }
            moves[def.sort.index()] = def.moves.clone();
        }
        if lineup.is_empty() || lineup.iter().any(|s| moves[s.index()].is_empty()) {
            return None;
        }
        Some(Rules {
            world,
            players,
            config: None,
            moves,
            sorts,
            lineup,
            victory,
            captures,
            relation_change,
            layout: None,
            layout_relation,
            start,
            start_owner,
            tables: Relation::ALL
                .iter()
                .map(|&r| Neighbours::new(world, r))
                .collect(),
        })
    }

    /// The world.
    pub fn world(&self) -> World {
        self.world
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The configuration they come from (`None` for rules read from a
    /// greeting).
    pub fn config(&self) -> Option<ConfigName> {
        self.config
    }

    /// The move kinds of `sort` (empty if it is not in play).
    #[inline]
    pub fn moves(&self, sort: Sort) -> &[MoveKind] {
        &self.moves[sort.index()]
    }

    /// The sorts in play.
    pub fn sorts(&self) -> &[SortDef] {
        &self.sorts
    }

    /// The lineup on the start places.
    pub fn lineup(&self) -> &[Sort] {
        &self.lineup
    }

    /// The sort that starts on the `i`-th start place of every seat.
    pub fn lineup_at(&self, i: usize) -> Sort {
        self.lineup[i % self.lineup.len()]
    }

    /// How a game is won.
    pub fn victory(&self) -> Victory {
        self.victory
    }

    /// Whether moves may capture.
    pub fn captures(&self) -> bool {
        self.captures
    }

    /// Whether the relation changes during the game.
    pub fn relation_change(&self) -> bool {
        self.relation_change
    }

    /// The start layout (`None` for rules read from a greeting).
    pub fn layout(&self) -> Option<Layout> {
        self.layout
    }

    /// The relation the start places were chosen under.
    pub fn layout_relation(&self) -> Relation {
        self.layout_relation
    }

    /// The start places of `seat`, in order.
    pub fn start(&self, seat: usize) -> &[Place] {
        &self.start.sets[seat]
    }

    /// The start layout: every seat's places, the seeds.
    pub fn start_sets(&self) -> &StartSets {
        &self.start
    }

    /// The seat whose start place `p` is, if any.
    #[inline]
    pub fn start_owner(&self, p: Place) -> Option<usize> {
        match self.start_owner[usize::from(p)] {
            0 => None,
            s => Some(usize::from(s) - 1),
        }
    }

    /// The neighbours under `relation`.
    #[inline]
    pub fn neighbours(&self, relation: Relation) -> &Neighbours {
        &self.tables[relation as usize]
    }
}
