//! The host's side of the session protocol (`docs/games/coursidor.md`):
//! the referee's messages turned into calls of the client, the client's
//! moves turned into replies. The host judges nothing: a `move_t` that is
//! a move goes to the referee as it is; one that is none becomes a `!`
//! reply that says why.

use std::io::{self, Read, Write};

use coursidor::wire::{self, LineReader};
use coursidor::{Colour, Layout, UncheckedMove, WireError};

use coursidor_abi::{EdgeT, MOVE, MoveT, NO_COLOR, NO_TYPE, WALL};
use thiserror::Error;

/// A client as the session drives it: the course's `player.h`.
pub trait Client {
    /// `initialize(colour, graph)`, with a graph of its own for `layout`.
    fn initialize(&mut self, colour: Colour, layout: &Layout) -> Result<(), String>;
    /// `play(previous)`.
    fn play(&mut self, previous: MoveT) -> MoveT;
    /// `finalize()`.
    fn finalize(&mut self);
}

/// How a session ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// The referee closed the stream (before or during the game).
    Closed,
    /// A result ended the game: `W`, `D`, `E` or `F`.
    Over(char),
}

/// Why the host stopped abnormally.
#[derive(Debug, Error)]
pub enum HostError {
    /// The referee's messages could not be read.
    #[error("unreadable message from the referee: {0}")]
    Wire(#[from] WireError),
    /// Writing to the referee failed.
    #[error("cannot write to the referee: {0}")]
    Io(io::Error),
    /// The client's graph could not be built.
    #[error("cannot build the client's graph: {0}")]
    Graph(String),
}

/// The reply line for the client's move (`M 34`, `W 12 13 12 19`), or a
/// `!` line naming why it is no move: a colour that is not the player's, a
/// type that is neither `WALL` nor `MOVE`.
pub fn reply(mv: &MoveT, me: Colour) -> String {
    let me_n = me.index() as u32;
    if mv.c != me_n {
        return format!(
            "! move_t.c is {}, not this player's colour {me_n} ({})",
            mv.c,
            me.name().to_uppercase()
        );
    }
    match mv.t {
        MOVE => format!("M {}", mv.m),
        WALL => format!(
            "W {} {} {} {}",
            mv.e[0].fr, mv.e[0].to, mv.e[1].fr, mv.e[1].to
        ),
        NO_TYPE => "! move_t.t is NO_TYPE (0): no move".to_owned(),
        t => format!("! move_t.t is {t}, neither WALL (1) nor MOVE (2)"),
    }
}

/// The opponent's move as the client receives it: `c` its colour, and in
/// the field its type does not use, the opponent's vertex (`m` of a wall)
/// or nothing (`e` of a move).
pub fn previous(mv: UncheckedMove, by: Colour, at: u32) -> MoveT {
    let c = by.index() as u32;
    match mv {
        UncheckedMove::Step(v) => MoveT {
            c,
            t: MOVE,
            m: v,
            e: [EdgeT::default(); 2],
        },
        UncheckedMove::Wall([a, b]) => MoveT {
            c,
            t: WALL,
            m: at,
            e: [
                EdgeT {
                    fr: a.from,
                    to: a.to,
                },
                EdgeT {
                    fr: b.from,
                    to: b.to,
                },
            ],
        },
    }
}

/// Plays one game for `client` on `input`/`output`; `log` gets a line per
/// move.
pub fn run<R: Read, W: Write>(
    input: R,
    mut output: W,
    client: &mut dyn Client,
    log: &mut dyn Write,
) -> Result<End, HostError> {
    let mut reader = LineReader::new(input);
    let Some(greeting) = wire::read_greeting(|| reader.next_line())? else {
        return Ok(End::Closed);
    };
    let me = greeting.colour;
    let layout = greeting.layout;
    let _ = writeln!(
        log,
        "coursidor-host: {me} on {}, objectives {:?}",
        layout.board().name(),
        layout.objectives()
    );
    client.initialize(me, &layout).map_err(HostError::Graph)?;
    let end = turns(&mut reader, &mut output, client, log, me, &layout);
    client.finalize();
    end
}

fn turns<R: Read, W: Write>(
    reader: &mut LineReader<R>,
    output: &mut W,
    client: &mut dyn Client,
    log: &mut dyn Write,
    me: Colour,
    layout: &Layout,
) -> Result<End, HostError> {
    let them = me.other();
    let mut at = u32::from(layout.start(them));
    // Black's first call: no move, the opponent's start in `m` (some
    // clients read it as where the opponent stands).
    let mut last = MoveT {
        c: NO_COLOR,
        t: NO_TYPE,
        m: at,
        e: [EdgeT::default(); 2],
    };
    let mut mine = me == Colour::Black;
    loop {
        if mine {
            let mv = client.play(last);
            let line = reply(&mv, me);
            let _ = writeln!(log, "coursidor-host: play -> {line}");
            let sent = output
                .write_all(format!("{line}\n").as_bytes())
                .and_then(|()| output.flush());
            match sent {
                Ok(()) => {}
                // The referee has closed our output: the game is over.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(End::Closed),
                Err(e) => return Err(HostError::Io(e)),
            }
            match reader.next_line()?.as_deref() {
                None => return Ok(End::Closed),
                Some("N") => mine = false,
                Some(r @ ("W" | "D" | "E" | "F")) => return Ok(End::Over(first(r))),
                Some(other) => return Err(unexpected("a result, N, W, D, E or F", other)),
            }
        } else {
            let line = match reader.next_line()?.as_deref() {
                None => return Ok(End::Closed),
                Some(r @ ("E" | "F")) => return Ok(End::Over(first(r))),
                Some(line) => line.to_owned(),
            };
            let mv = wire::parse_move(&line)?;
            match reader.next_line()?.as_deref() {
                None => return Ok(End::Closed),
                Some("N") => {}
                Some(r @ ("W" | "D")) => return Ok(End::Over(first(r))),
                Some(other) => return Err(unexpected("a result, N, W or D", other)),
            }
            if let UncheckedMove::Step(v) = mv {
                at = v;
            }
            last = previous(mv, them, at);
            mine = true;
        }
    }
}

fn first(s: &str) -> char {
    s.chars().next().unwrap_or('?')
}

fn unexpected(expected: &'static str, got: &str) -> HostError {
    HostError::Wire(WireError::Unexpected {
        expected,
        got: game_core::printable(got.as_bytes()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use coursidor::{Board, Edge, Shape};

    /// A client that plays a script and records its calls.
    struct Script {
        moves: Vec<MoveT>,
        calls: Vec<String>,
    }

    impl Client for Script {
        fn initialize(&mut self, colour: Colour, layout: &Layout) -> Result<(), String> {
            self.calls.push(format!(
                "initialize({}, {})",
                colour.index(),
                layout.board().name()
            ));
            Ok(())
        }
        fn play(&mut self, previous: MoveT) -> MoveT {
            self.calls.push(format!("play({previous:?})"));
            self.moves.remove(0)
        }
        fn finalize(&mut self) {
            self.calls.push("finalize".to_owned());
        }
    }

    fn mv(c: u32, t: u32, m: u32) -> MoveT {
        MoveT {
            c,
            t,
            m,
            e: [EdgeT::default(); 2],
        }
    }

    fn greeting(colour: Colour) -> String {
        let layout = Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap();
        wire::greeting(colour, &layout, 0)
    }

    /// The session of a client playing `moves` at `colour`, `then` after
    /// the greeting: how it ended, our replies, and the client's calls.
    fn play(moves: Vec<MoveT>, colour: Colour, then: &str) -> (End, String, Vec<String>) {
        let mut c = Script {
            moves,
            calls: Vec::new(),
        };
        let input = greeting(colour) + then;
        let mut out = Vec::new();
        let end = run(input.as_bytes(), &mut out, &mut c, &mut io::sink()).unwrap();
        (end, String::from_utf8(out).unwrap(), c.calls)
    }

    #[test]
    fn black_plays_first_with_no_type_and_the_opponents_moves_follow() {
        let moves = vec![mv(0, MOVE, 3), mv(0, MOVE, 0)];
        let (end, out, calls) = play(moves, Colour::Black, "N\nW 6 5 6 3\nN\nW\n");
        assert_eq!(end, End::Over('W'));
        assert_eq!(out, "M 3\nM 0\n");
        assert_eq!(calls[0], "initialize(0, T 2)");
        assert_eq!(calls[1], format!("play({:?})", mv(NO_COLOR, NO_TYPE, 6)));
        let wall = MoveT {
            c: 1,
            t: WALL,
            m: 6,
            e: [EdgeT { fr: 6, to: 5 }, EdgeT { fr: 6, to: 3 }],
        };
        assert_eq!(calls[2], format!("play({wall:?})"));
        assert_eq!(calls[3], "finalize");
    }

    #[test]
    fn white_waits_for_blacks_move_and_an_e_or_f_ends_the_game() {
        let (end, out, calls) = play(vec![mv(1, MOVE, 5)], Colour::White, "M 3\nN\nN\nF\n");
        assert_eq!(end, End::Over('F'));
        assert_eq!(out, "M 5\n");
        assert_eq!(calls[1], format!("play({:?})", mv(0, MOVE, 3)));
        assert_eq!(calls.last().unwrap(), "finalize");
        // Closed before the greeting: nothing is called.
        let mut c = Script {
            moves: Vec::new(),
            calls: Vec::new(),
        };
        assert_eq!(
            run(&b""[..], Vec::new(), &mut c, &mut io::sink()).unwrap(),
            End::Closed
        );
        assert!(c.calls.is_empty());
    }

    #[test]
    fn moves_that_are_no_moves_become_bang_lines() {
        assert_eq!(reply(&mv(0, MOVE, 12), Colour::Black), "M 12");
        let w = MoveT {
            c: 1,
            t: WALL,
            m: 77,
            e: [EdgeT { fr: 1, to: 2 }, EdgeT { fr: 1, to: 5 }],
        };
        assert_eq!(reply(&w, Colour::White), "W 1 2 1 5");
        assert_eq!(
            reply(&mv(1, MOVE, 3), Colour::Black),
            "! move_t.c is 1, not this player's colour 0 (BLACK)"
        );
        assert_eq!(
            reply(&mv(0, 0, 3), Colour::Black),
            "! move_t.t is NO_TYPE (0): no move"
        );
        assert_eq!(
            reply(&mv(0, 0xdead_beef, 3), Colour::Black),
            "! move_t.t is 3735928559, neither WALL (1) nor MOVE (2)"
        );
        // Every reply reads back as the referee reads it.
        assert_eq!(
            wire::parse_move("W 1 2 1 5").unwrap(),
            UncheckedMove::Wall([Edge { from: 1, to: 2 }, Edge { from: 1, to: 5 }])
        );
    }
}
