//! Positions written as text, for the tests.

use std::sync::Arc;

use mansuba::{
    ConfigName, Layout, Piece, Position, Prisoner, Relation, Rules, Sort, Variant, Victory, World,
};

/// Rules of configuration `config` on a `w` × `h` world for `players`,
/// with captures and the victory as given, the start layout `layout`
/// under `relation`.
#[allow(clippy::too_many_arguments)]
pub fn rules(
    config: ConfigName,
    w: u16,
    h: u16,
    players: usize,
    captures: bool,
    victory: Victory,
    layout: Layout,
    relation: Relation,
) -> Arc<Rules> {
    let mut c = config.config();
    c.captures = captures;
    c.victory = victory;
    c.relation_change = false;
    let v = Variant {
        config: c,
        world: World::new(w, h).unwrap(),
        players,
        layout,
    };
    Arc::new(v.rules(relation).unwrap())
}

/// The base rules on 5 × 4 (two columns), captures as given.
pub fn base54(captures: bool) -> Arc<Rules> {
    rules(
        ConfigName::Base,
        5,
        4,
        2,
        captures,
        Victory::Simple,
        Layout::Columns,
        Relation::Square4,
    )
}

/// The chess-like configuration's sorts on 5 × 4 (two columns).
pub fn chess54(captures: bool) -> Arc<Rules> {
    rules(
        ConfigName::ChessLike,
        5,
        4,
        2,
        captures,
        Victory::Simple,
        Layout::Columns,
        Relation::Square8,
    )
}

/// A position from rows of tokens: `.` free, `P0` a piece (sort letter,
/// seat); seat `to_move` to move under `relation`.
pub fn board(rules: &Arc<Rules>, text: &str, relation: Relation, to_move: usize) -> Position {
    let cells: Vec<Option<Piece>> = text
        .split_ascii_whitespace()
        .map(|t| {
            if t == "." {
                return None;
            }
            let mut c = t.chars();
            let sort = Sort::from_letter(c.next().unwrap()).unwrap();
            let seat = c.next().unwrap().to_digit(10).unwrap() as u8;
            Some(Piece { seat, sort })
        })
        .collect();
    let prisoners = vec![Vec::<Prisoner>::new(); rules.players()];
    Position::from_parts(rules.clone(), cells, prisoners, relation, to_move, 0, 0)
}

/// The destinations of the piece on `from`, sorted.
pub fn dests(pos: &Position, from: u16) -> Vec<u16> {
    let mut out = Vec::new();
    pos.destinations(from, &mut out);
    out.sort_unstable();
    out
}
