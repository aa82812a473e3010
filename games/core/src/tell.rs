//! What the seats are told: messages collected by a game for the driver
//! to send.

use crate::Seat;

/// Messages for seats, in the order they are to be sent.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Tell {
    messages: Vec<(Seat, String)>,
}

impl Tell {
    /// No message.
    pub fn new() -> Tell {
        Tell::default()
    }

    /// Queues `text` for `seat`; an empty text is no message.
    pub fn to(&mut self, seat: Seat, text: impl Into<String>) {
        let text = text.into();
        if !text.is_empty() {
            self.messages.push((seat, text));
        }
    }

    /// Queues `text` for every seat of `0..seats` but `except`.
    pub fn others(&mut self, seats: usize, except: Seat, text: &str) {
        for s in (0..seats).filter(|&s| s != except) {
            self.to(s, text);
        }
    }

    /// The messages, in order.
    pub fn messages(&self) -> &[(Seat, String)] {
        &self.messages
    }

    /// Takes the messages out, leaving none.
    pub fn drain(&mut self) -> std::vec::Drain<'_, (Seat, String)> {
        self.messages.drain(..)
    }

    /// Whether there is no message.
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }
}
