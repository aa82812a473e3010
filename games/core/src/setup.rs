//! The secret setup phase, a capability only some games have: before the
//! first move every seat at once sends a setup that no other seat sees
//! (Stratego's army), and play starts from the accepted ones.
//!
//! A game with one implements [`SecretSetup`] and names
//! [`WithSetup<Self>`] as its [`Game::Phase`]; a game without one names
//! [`NoSetup`] and writes nothing else. The driver reaches either through
//! [`SetupPhase`], so it has one code path for both.

use std::fmt;
use std::marker::PhantomData;

use crate::{Game, Question, Seat};

/// The secret setup phase of a game that has one.
///
/// The driver asks every seat its [`setup_question`](Self::setup_question)
/// at once, reads each reply with [`parse_setup`](Self::parse_setup), then
/// sends each seat its [`setup_answer`](Self::setup_answer) and, once every
/// setup is accepted, calls [`begin`](Self::begin).
pub trait SecretSetup: Game {
    /// A seat's accepted setup.
    type Setup;
    /// Why a setup was refused.
    type SetupError: std::error::Error;
    /// An accepted setup as `--record` shows it.
    type SetupRecord: serde::Serialize + serde::de::DeserializeOwned + fmt::Debug + 'static;

    /// The setup `seat` is asked for.
    fn setup_question(&self, seat: Seat) -> Question;

    /// Reads and checks a setup reply. `lines` are the reply's raw lines,
    /// without `\n` or a trailing `\r` (see [`clean_line`](crate::clean_line)).
    fn parse_setup(&self, seat: Seat, lines: &[Vec<u8>]) -> Result<Self::Setup, Self::SetupError>;

    /// What `seat` is told about its own setup once every seat has set up
    /// (or failed): accepted or refused.
    fn setup_answer(&self, seat: Seat, accepted: bool) -> String;

    /// An accepted setup as the record shows it.
    fn setup_record(&self, setup: &Self::Setup) -> Self::SetupRecord;

    /// Starts play from the accepted setups, one per seat in seat order.
    fn begin(&mut self, setups: Vec<Self::Setup>);

    /// The reply lines of `seat`'s recorded setup, as its program would
    /// send them (`referee replay` parses them again).
    fn setup_reply(&self, seat: Seat, rec: &Self::SetupRecord) -> Vec<Vec<u8>>;
}

/// A game's setup phase as the driver and the replay see it: [`NoSetup`],
/// or [`WithSetup`] over the game's [`SecretSetup`]. Games do not implement
/// it; they pick one of the two.
pub trait SetupPhase<G: ?Sized> {
    /// A seat's accepted setup.
    type Setup;
    /// Why a setup was refused.
    type Error: std::error::Error;
    /// An accepted setup as `--record` shows it.
    type Record: serde::Serialize + serde::de::DeserializeOwned + fmt::Debug + 'static;
    /// Whether the game has a setup phase at all.
    const SECRET: bool;

    /// The setup `seat` is asked for; `None` for a game without a setup
    /// phase.
    fn question(game: &G, seat: Seat) -> Option<Question>;
    /// See [`SecretSetup::parse_setup`].
    fn parse(game: &G, seat: Seat, lines: &[Vec<u8>]) -> Result<Self::Setup, Self::Error>;
    /// See [`SecretSetup::setup_answer`].
    fn answer(game: &G, seat: Seat, accepted: bool) -> String;
    /// See [`SecretSetup::setup_record`].
    fn record(game: &G, setup: &Self::Setup) -> Self::Record;
    /// See [`SecretSetup::begin`].
    fn begin(game: &mut G, setups: Vec<Self::Setup>);
    /// See [`SecretSetup::setup_reply`].
    fn reply(game: &G, seat: Seat, rec: &Self::Record) -> Vec<Vec<u8>>;
}

/// The setup phase of a game without one, and its setup types: it has no
/// value, so no setup can ever be made of it, and a record of such a game
/// holds none.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum NoSetup {}

impl fmt::Display for NoSetup {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl std::error::Error for NoSetup {}

impl<G: ?Sized> SetupPhase<G> for NoSetup {
    type Setup = NoSetup;
    type Error = NoSetup;
    type Record = NoSetup;
    const SECRET: bool = false;

    fn question(_: &G, _: Seat) -> Option<Question> {
        None
    }

    fn parse(_: &G, _: Seat, _: &[Vec<u8>]) -> Result<NoSetup, NoSetup> {
        unreachable!("a game without a setup phase is never asked for a setup")
    }

    fn answer(_: &G, _: Seat, _: bool) -> String {
        String::new()
    }

    fn record(_: &G, setup: &NoSetup) -> NoSetup {
        *setup
    }

    fn begin(_: &mut G, _: Vec<NoSetup>) {}

    fn reply(_: &G, _: Seat, rec: &NoSetup) -> Vec<Vec<u8>> {
        match *rec {}
    }
}

/// The setup phase of a game that implements [`SecretSetup`].
pub struct WithSetup<G: ?Sized>(PhantomData<fn(&G)>);

impl<G: SecretSetup + ?Sized> SetupPhase<G> for WithSetup<G> {
    type Setup = G::Setup;
    type Error = G::SetupError;
    type Record = G::SetupRecord;
    const SECRET: bool = true;

    fn question(game: &G, seat: Seat) -> Option<Question> {
        Some(game.setup_question(seat))
    }

    fn parse(game: &G, seat: Seat, lines: &[Vec<u8>]) -> Result<G::Setup, G::SetupError> {
        game.parse_setup(seat, lines)
    }

    fn answer(game: &G, seat: Seat, accepted: bool) -> String {
        game.setup_answer(seat, accepted)
    }

    fn record(game: &G, setup: &G::Setup) -> G::SetupRecord {
        game.setup_record(setup)
    }

    fn begin(game: &mut G, setups: Vec<G::Setup>) {
        game.begin(setups)
    }

    fn reply(game: &G, seat: Seat, rec: &G::SetupRecord) -> Vec<Vec<u8>> {
        game.setup_reply(seat, rec)
    }
}

/// A seat's accepted setup in game `G` ([`NoSetup`] without a setup phase).
pub type SetupOf<G> = <<G as Game>::Phase as SetupPhase<G>>::Setup;

/// An accepted setup of game `G` as the record shows it.
pub type SetupRecordOf<G> = <<G as Game>::Phase as SetupPhase<G>>::Record;
