//! A game's move vocabulary, carried by its move types: a reply as read off
//! the wire ([`Reply`]: how it is framed, why it may be unreadable) and a
//! legal move ([`Legal`]: the reply it is checked from, why one may be
//! refused). [`Game`] names only its legal move type; the rest follows
//! from it.

use crate::{Framing, Game};

/// A move reply read off the wire, not yet checked against the position.
pub trait Reply {
    /// Why a reply could not be read.
    type Error: std::error::Error;
    /// How replies are cut out of a program's output.
    const FRAMING: Framing;
}

/// A legal move: checked, from a [`Reply`], against the position.
pub trait Legal {
    /// The reply a move is read as, before it is checked.
    type Unchecked: Reply;
    /// Why a reply is not a legal move here.
    type Illegal: std::error::Error;
}

/// Game `G`'s replies before they are checked.
pub type UncheckedOf<G> = <<G as Game>::Move as Legal>::Unchecked;

/// Why a reply of game `G` could not be read.
pub type ParseErrorOf<G> = <UncheckedOf<G> as Reply>::Error;

/// Why a reply of game `G` is not a legal move.
pub type IllegalOf<G> = <<G as Game>::Move as Legal>::Illegal;

/// How game `G`'s replies are cut out of a program's output.
pub const fn framing_of<G: Game>() -> Framing {
    <UncheckedOf<G> as Reply>::FRAMING
}
