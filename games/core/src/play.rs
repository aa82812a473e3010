//! A person's side of a session (the `human` front ends): why their game
//! stopped before its end, whatever the game.

use std::io;

use thiserror::Error;

use crate::reader::ReadError;
use crate::session::{SessionError, Unexpected};

/// Why a person's game stopped before its end: `S` is the error of the
/// game's session, as our player of that game names it.
#[derive(Debug, Error)]
pub enum PlayError<S> {
    /// The referee's messages could not be read or written, or contradict
    /// the rules.
    #[error("the referee's messages")]
    Session(#[source] S),
    /// The terminal failed.
    #[error("the terminal")]
    Terminal(#[from] io::Error),
    /// The person gave up (`quit`, or the end of their input).
    #[error("given up")]
    GaveUp,
}

/// A session error of one of our players, which a person's game carries
/// as [`PlayError::Session`]: `?` converts it. A trait of its own, so
/// that a person's game also converts with `?` what the session error
/// is made from (a line that could not be read, an unexpected message)
/// while an [`io::Error`] stays the terminal's.
pub trait SessionFault {}

impl<W, M, I> SessionFault for SessionError<W, M, I> {}

impl<S: SessionFault> From<S> for PlayError<S> {
    fn from(e: S) -> PlayError<S> {
        PlayError::Session(e)
    }
}

impl<S: SessionFault + From<ReadError>> From<ReadError> for PlayError<S> {
    fn from(e: ReadError) -> PlayError<S> {
        PlayError::Session(e.into())
    }
}

impl<S: SessionFault + From<Unexpected>> From<Unexpected> for PlayError<S> {
    fn from(e: Unexpected) -> PlayError<S> {
        PlayError::Session(e.into())
    }
}
