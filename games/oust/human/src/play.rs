//! One move between the referee (the position on stdin, the reply on
//! stdout) and a person: the opponent's moves since the person's last told
//! (from the memory), the board shown, the move asked, checked against the
//! position and refused locally with the rules' reason, then sent.

use std::io::Write;
use std::path::Path;

use oust::{Colour, Effect, Move, Position, UncheckedMove, wire};
use terminal::{News, Person};

use crate::memory::{self, Memory};
use crate::typed;

/// Why a move was not made.
#[derive(Debug)]
pub enum PlayError {
    /// The position received is not one.
    Position(oust::PositionError),
    /// The position received is the end of the game.
    Over,
    /// The terminal failed, or writing the reply did.
    Io(std::io::Error),
    /// The person gave up (`quit`, or the end of their input).
    GaveUp,
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Position(e) => write!(f, "the position received: {e}"),
            PlayError::Over => f.write_str("the position received is the end of the game"),
            PlayError::Io(e) => write!(f, "the terminal or the reply: {e}"),
            PlayError::GaveUp => f.write_str("given up"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<std::io::Error> for PlayError {
    fn from(e: std::io::Error) -> PlayError {
        PlayError::Io(e)
    }
}

/// What came of a move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Moved {
    /// Sent; the game goes on (the next process shows it).
    On,
    /// Sent, and it ended the game: how, in words.
    Ended(String),
}

/// A stone's letter on the board.
fn stone(c: Colour) -> char {
    match c {
        Colour::Black => 'X',
        Colour::White => 'O',
    }
}

/// The person's screen: the board, whose stones are whose, the counts.
fn screen(pos: &Position, me: Colour, colour: bool) -> String {
    let o = pos.options();
    format!(
        "Oust, {} x {}. You are {me} ({}), the opponent {} ({}).\n\n{}\nStones: {me} {}, {} {}.\n",
        o.cols,
        o.rows,
        stone(me),
        me.other(),
        stone(me.other()),
        wire::draw(pos, colour),
        pos.stones(me),
        me.other(),
        pos.stones(me.other()),
    )
}

/// A move in words: `3 2`, `pass`.
fn point(pos: &Position, mv: Move) -> String {
    match mv.point() {
        Some(p) => {
            let (c, r) = pos.options().coords(p);
            format!("{c} {r}")
        }
        None => "pass".to_owned(),
    }
}

/// A move and what it did, from the person's side (`mine`).
fn told(pos: &Position, mv: Move, effect: Effect, mine: bool) -> String {
    let (who, whose) = if mine {
        ("You", "their")
    } else {
        ("Opponent", "your")
    };
    let at = point(pos, mv);
    if effect.captured == 0 {
        return format!("{who}: {at}.");
    }
    format!(
        "{who}: {at}, capturing {} of {whose} stones{}",
        effect.captured,
        if mine {
            ": you play again."
        } else {
            "; it plays again."
        }
    )
}

/// The legal moves in words, the captures first.
fn list(pos: &Position) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let (captures, quiet): (Vec<Move>, Vec<Move>) = moves.into_iter().partition(|m| m.is_capture());
    let words = |ms: &[Move]| -> String {
        let v: Vec<String> = ms.iter().map(|&m| point(pos, m)).collect();
        v.join(", ")
    };
    match (captures.is_empty(), quiet.is_empty()) {
        (true, _) => words(&quiet),
        (false, true) => format!("captures {}", words(&captures)),
        (false, false) => format!("captures {}; others {}", words(&captures), words(&quiet)),
    }
}

/// The news this process starts from: what the memory kept, then the
/// opponent's moves since the person's last (or why they are not known).
fn news_since(now: &Position, memory: Option<(&Path, Option<Memory>)>) -> News {
    let me = now.to_move();
    let mut news = News::default();
    let intro = format!(
        "You are {me} ({}); {}. Type ? for help.",
        stone(me),
        if me == Colour::Black {
            "black moves first"
        } else {
            "black moved first"
        }
    );
    // Without a stone of the person's, the game has just begun (their
    // stones are all gone only at its end): what led here starts from the
    // empty board, whatever is remembered.
    let (before, unknown) = if now.stones(me) == 0 {
        news.say(intro);
        (Some(memory::start(now)), None)
    } else {
        match memory {
            None => (
                None,
                Some("(Without --memory DIR the opponent's moves are not told.)".to_owned()),
            ),
            Some((dir, None)) => (
                None,
                Some(format!(
                    "(Nothing is remembered in {} from your last move: the opponent's moves are \
                     not told.)",
                    dir.display()
                )),
            ),
            Some((dir, Some(m))) => {
                for line in m.news {
                    news.say(line);
                }
                (
                    Some(m.position),
                    Some(format!(
                        "(The position does not follow from the one remembered in {}: the \
                         opponent's moves are not told.)",
                        dir.display()
                    )),
                )
            }
        }
    };
    match before.and_then(|b| memory::between(&b, now).map(|moves| (b, moves))) {
        Some((mut pos, moves)) => {
            for mv in moves {
                let effect = pos.play(mv);
                news.say(told(&pos, mv, effect, false));
            }
        }
        None => {
            if let Some(line) = unknown {
                news.say(line);
            }
        }
    }
    news
}

/// Plays one move on the position `text` (as the referee wrote it),
/// remembering it in `memory` (a directory) if given.
pub fn run(
    text: &str,
    mut output: impl Write,
    person: &mut dyn Person,
    memory: Option<&Path>,
) -> Result<Moved, PlayError> {
    let (opts, cells, colour) = wire::parse_position(text).map_err(PlayError::Position)?;
    let mut pos = Position::from_cells(opts, &cells, colour, 0);
    if pos.end().is_some() {
        return Err(PlayError::Over);
    }
    let me = pos.to_move();
    let file = memory.map(|dir| memory::file(dir, me));
    let remembered = memory.map(|dir| (dir, file.as_deref().and_then(memory::load)));
    let mut news = news_since(&pos, remembered);
    let shown = screen(&pos, me, person.colour());
    let prompt = terminal::Prompt {
        question: "Your move > ",
        read: &|line| typed::read(line, opts),
        check: &|u| pos.check(u),
        how: typed::HOW,
        list: &|| list(&pos),
    };
    let mv = terminal::ask_move(person, &news, &shown, &prompt)?.ok_or(PlayError::GaveUp)?;
    let u = match mv.point() {
        Some(p) => {
            let (c, r) = opts.coords(p);
            UncheckedMove::new(c, r)
        }
        None => UncheckedMove::new(u32::from(opts.cols), u32::from(opts.rows)),
    };
    output.write_all(wire::reply_text(u).as_bytes())?;
    output.flush()?;
    let effect = pos.play(mv);
    let mut said = told(&pos, mv, effect, true);
    let end = pos.end().map(|e| match e.winner {
        Some(w) if w == me => format!("You captured the last {} stone: you win!", me.other()),
        Some(_) => "You lose.".to_owned(),
        None => format!("A draw: {}.", e.reason.words()),
    });
    if let Some(end) = &end {
        said = format!("{}: {end}", said.trim_end_matches(": you play again."));
    }
    news.say(said);
    if let Some(path) = &file {
        if let Err(e) = memory::save(path, &pos, &news.with(None)) {
            news.say(format!(
                "(Could not remember this position in {}: {e}; the opponent's next moves will \
                 not be told.)",
                path.display()
            ));
        }
    }
    let shown = screen(&pos, me, person.colour());
    match end {
        Some(end) => {
            person.show(&shown, &news.with(None))?;
            Ok(Moved::Ended(end))
        }
        None if effect.again => {
            person.show(&shown, &news.with(None))?;
            Ok(Moved::On)
        }
        None => {
            terminal::show_waiting(person, &mut news, &shown, terminal::WAITING)?;
            Ok(Moved::On)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use terminal::Scripted;

    fn play(
        text: &str,
        typed: &[&str],
        memory: Option<&Path>,
    ) -> (Result<Moved, PlayError>, String, String) {
        Scripted::play(typed, |out, person| run(text, out, person, memory))
    }

    #[test]
    fn an_illegal_move_is_refused_with_the_rules_reason() {
        let (end, out, seen) = play(
            "3 3\n0 0 0\n0 1 0\n0 0 0\n2\n",
            &["1 1", "what", "pass", "0 0"],
            None,
        );
        assert_eq!(end.unwrap(), Moved::On);
        assert_eq!(out, "0 0\n");
        terminal::assert_shown(
            &seen,
            &[
                "Not legal: 1 1 is taken by a black stone. Try another move.",
                "\"what\" is not a move: type the column, then the row",
                "Not legal: 3 3 is off the board, a pass, but 8 placements are legal",
            ],
        );
        // White's first move: black's is told from the empty board.
        terminal::assert_shown(
            &seen,
            &[
                "You are white (O); black moved first.",
                "Opponent: 1 1.",
                "You: 0 0.",
                "Waiting for the opponent's move...",
                "Stones: white 0, black 1.",
            ],
        );
    }

    #[test]
    fn the_memory_tells_the_opponents_moves_across_processes() {
        let dir = std::env::temp_dir().join(format!("oust-play-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Black's first move, then (white played 2 0) black's second.
        let (_, out, _) = play("3 2\n0 0 0\n0 0 0\n1\n", &["0 0"], Some(&dir));
        assert_eq!(out, "0 0\n");
        let (end, out, seen) = play("3 2\n1 0 2\n0 0 0\n1\n", &["moves", "?", "1 0"], Some(&dir));
        terminal::assert_shown(
            &seen,
            &[
                "You: 0 0.",
                "Opponent: 2 0.",
                "Your moves: captures 1 0",
                "How to play: type the column",
            ],
        );
        assert_eq!(out, "1 0\n");
        assert_eq!(
            end.unwrap(),
            Moved::Ended("You captured the last white stone: you win!".to_owned())
        );
        terminal::assert_shown(
            &seen,
            &["You: 1 0, capturing 1 of their stones: You captured the last"],
        );
        // Without a memory, the opponent's moves are not told.
        let (_, _, seen) = play("3 2\n1 0 2\n0 0 0\n1\n", &["quit"], None);
        terminal::assert_shown(&seen, &["Without --memory DIR"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
