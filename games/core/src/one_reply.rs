//! A reply played as the match driver plays it, for the adapters' tests:
//! every game's tests drive its [`Game`] through the same three steps.

use std::time::Duration;

use crate::{Context, Game, Limits, Tell};

/// Plays the reply `lines` of `game`'s seat to move as the driver does:
/// parses it, checks it and plays it; returns what the seats are told and
/// the move's record. Panics, naming the reply and why, if it does not
/// parse or is illegal.
pub fn play_reply<G: Game + ?Sized>(game: &mut G, lines: &[&str]) -> (Tell, G::MoveRecord) {
    let seat = game.to_move();
    let raw: Vec<Vec<u8>> = lines.iter().map(|l| l.as_bytes().to_vec()).collect();
    let parsed = game
        .parse(seat, &raw)
        .unwrap_or_else(|e| panic!("{lines:?} does not parse: {e}"));
    let mv = game
        .check(seat, &parsed)
        .unwrap_or_else(|e| panic!("{lines:?} is illegal: {e}"));
    let mut tell = Tell::new();
    let record = game.play(mv, &mut tell);
    (tell, record)
}

impl Context {
    /// The context of a game drawn after `max_turns` moves (0: never),
    /// whose random draws come from `seed`, with `time` for every seat's
    /// moves and setup.
    pub fn uniform(max_turns: u32, time: Duration, seed: u64) -> Context {
        Context {
            max_turns,
            limits: Limits::new(time, time),
            seed,
        }
    }
}
