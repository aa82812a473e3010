//! One game between the referee (stdin, stdout) and a person: the board,
//! the piece in hand and the pieces left shown; each move asked, checked
//! against the position and refused locally with the rules' reason; the
//! opponent's placements and gifts told, until the game ends.

use std::io::{Read, Write};

use game_core::{LineReader, ReadError};
use quarto::show::{self, LETTERS};
use quarto::wire::{self, MoveResult};
use quarto::{Move, Outcome, Position, Square, UncheckedMove};
use quarto_ai::session::SessionError;
use terminal::News;
pub use terminal::Person;
use thiserror::Error;

use crate::typed;
use crate::words;
use terminal::WAITING;

/// Why a game stopped before its end.
#[derive(Debug, Error)]
pub enum PlayError {
    /// The referee's messages could not be read or written, or contradict
    /// the rules.
    #[error("the referee's messages")]
    Session(#[from] SessionError),
    /// The referee announced another result than the rules give.
    #[error("the referee answered {referee} to {mv}, where the rules give {rules}")]
    Disagree {
        /// The move.
        mv: UncheckedMove,
        /// The referee's result letter.
        referee: char,
        /// The rules' result letter.
        rules: char,
    },
    /// The terminal failed.
    #[error("the terminal")]
    Terminal(#[from] std::io::Error),
    /// The person gave up (`quit`, or the end of their input).
    #[error("given up")]
    GaveUp,
}

impl From<ReadError> for PlayError {
    fn from(e: ReadError) -> PlayError {
        PlayError::Session(e.into())
    }
}

/// The game on the person's side: the position as the referee's messages
/// made it, and what the person was told.
struct Table<'p> {
    person: &'p mut dyn Person,
    news: News,
    me: u8,
    pos: Position,
    /// The square of the last placement, marked on the board.
    last: Option<Square>,
}

impl Table<'_> {
    /// Shows the screen and the news, and `extra` below them.
    fn show(&mut self, extra: Option<String>) -> std::io::Result<()> {
        let screen = screen(&self.pos, self.me, self.person.colour(), self.last);
        let news = self.news.with(extra);
        self.person.show(&screen, &news)
    }

    /// Plays a move the referee accepted with `referee`'s result, tells
    /// it, and returns the end message if it ended the game.
    fn apply(
        &mut self,
        mv: Move,
        referee: Outcome,
        mine: bool,
    ) -> Result<Option<String>, PlayError> {
        let placed = self.pos.hand();
        let rules = self.pos.play(mv);
        if rules != referee {
            return Err(PlayError::Disagree {
                mv: mv.to_unchecked(),
                referee: referee.letter(),
                rules: rules.letter(),
            });
        }
        if mv.square().is_some() {
            self.last = mv.square();
        }
        self.news
            .say(words::turn(mv.to_unchecked(), placed, &self.pos, mine));
        let Some(end) = self.pos.end() else {
            return Ok(None);
        };
        self.show(None)?;
        Ok(Some(match (end.winner, end.won) {
            (Some(w), Some((pattern, agreement, _))) => format!(
                "{} {pattern}, all {}.",
                if w == self.me {
                    "You win:"
                } else {
                    "You lose:"
                },
                agreement.words()
            ),
            _ => format!("A draw: {}.", end.reason.words()),
        }))
    }
}

/// The person's screen: the level, the board (the last placement in
/// brackets, a won pattern starred), who holds which piece, the pieces
/// left, what the letters mean.
fn screen(pos: &Position, me: u8, colour: bool, last: Option<Square>) -> String {
    let level = pos.level();
    let won = pos.end().and_then(|e| e.won);
    let mut s = format!(
        "Quarto, level {level}: {} win. You are player {me}.\n\n",
        show::level_words(level)
    );
    s.push_str(&show::grid(
        pos.board(),
        colour,
        last,
        won.map_or(0, |(p, _, _)| p.mask),
    ));
    s.push('\n');
    let mine = pos.to_move() == me;
    s.push_str(&match (pos.end(), pos.hand()) {
        (Some(_), _) => match won {
            Some((p, a, _)) => format!("Won: {p}, all {}.", a.words()),
            None => "No pattern won.".to_owned(),
        },
        (None, Some(h)) if mine => {
            format!("You hold {}: place it, then give a piece.", words::piece(h))
        }
        (None, Some(h)) => format!("The opponent holds {}.", words::piece(h)),
        (None, None) if mine => "You give the first piece.".to_owned(),
        (None, None) => "The opponent gives the first piece.".to_owned(),
    });
    s.push('\n');
    let available = pos.available();
    let [light, brown] = show::piece_rows(|p| available.contains(p));
    s.push_str(&format!("Pieces left: {light}\n             {brown}\n"));
    s.push_str(&format!("Letters: {LETTERS}.\n"));
    s
}

/// Sends a move to the referee.
fn send<W: Write>(output: &mut W, mv: Move) -> Result<(), SessionError> {
    output.write_all(wire::reply_text(mv.to_unchecked()).as_bytes())?;
    output.flush()?;
    Ok(())
}

/// Plays one game; returns how it ended, in words.
pub fn run<R: Read, W: Write>(
    input: R,
    mut output: W,
    person: &mut dyn Person,
) -> Result<String, PlayError> {
    let mut reader = LineReader::new(input, wire::MAX_LINE_BYTES);
    let Some(first) = reader.next_line()? else {
        return Ok("The referee ended the game before it began.".to_owned());
    };
    if first == "F" {
        return Ok("The opponent failed before the game began: you win.".to_owned());
    }
    let me = wire::parse_seat(&first).map_err(SessionError::from)?;
    let Some(level) = reader.next_line()? else {
        return Ok("The referee ended the game before it began.".to_owned());
    };
    let level = wire::parse_level(&level).map_err(SessionError::from)?;
    let mut table = Table {
        person,
        news: News::default(),
        me,
        pos: Position::new(level, 0),
        last: None,
    };
    table.news.say(format!(
        "You are player {me}: {} the first piece. Type ? for help.",
        if me == 0 {
            "you give"
        } else {
            "the opponent gives"
        }
    ));
    loop {
        if table.pos.to_move() == me {
            let mv = ask_move(&mut table)?;
            send(&mut output, mv)?;
            let result = match reader.next_line()?.as_deref() {
                None => return Ok("The referee ended the game.".to_owned()),
                Some("F") => return Ok("The opponent failed: you win.".to_owned()),
                Some(line) => MoveResult::from_line(line).map_err(SessionError::from)?,
            };
            let MoveResult::Legal(outcome) = result else {
                return Ok(format!("The referee refused your move {mv}: you lose."));
            };
            if let Some(end) = table.apply(mv, outcome, true)? {
                return Ok(end);
            }
        } else {
            let screen = screen(&table.pos, me, table.person.colour(), table.last);
            terminal::show_waiting(table.person, &mut table.news, &screen, WAITING)?;
            let square = match reader.next_line()?.as_deref() {
                None => return Ok("The referee ended the game.".to_owned()),
                Some("E") => return Ok("The opponent's move was illegal: you win.".to_owned()),
                Some("F") => {
                    return Ok(
                        "The opponent failed (it crashed, or ran out of time): you win.".to_owned(),
                    );
                }
                Some(line) => wire::parse_square(line).map_err(SessionError::from)?,
            };
            let (Some(gift), Some(result)) = (reader.next_line()?, reader.next_line()?) else {
                return Ok("The referee ended the game.".to_owned());
            };
            let u = UncheckedMove {
                square,
                gift: wire::parse_piece(&gift).map_err(SessionError::from)?,
            };
            let outcome = match MoveResult::from_line(&result).map_err(SessionError::from)? {
                MoveResult::Legal(o) => o,
                MoveResult::Error => {
                    return Ok("The opponent's move was illegal: you win.".to_owned());
                }
            };
            let mv = table
                .pos
                .check(&u)
                .map_err(|source| SessionError::Inconsistent { mv: u, source })?;
            if let Some(end) = table.apply(mv, outcome, false)? {
                return Ok(end);
            }
        }
    }
}

/// The free squares and the pieces left, in words (Quarto's moves are
/// too many to list).
fn list(pos: &Position) -> String {
    let free: Vec<String> = Square::of_mask(pos.board().empty())
        .map(|s| s.to_string())
        .collect();
    let left: Vec<String> = quarto::Piece::of_mask(pos.available().0)
        .map(|p| p.number().to_string())
        .collect();
    format!(
        "a free square ({}), then a piece left ({})",
        free.join(" "),
        left.join(" ")
    )
}

/// Asks until the person types a legal move (or gives up).
fn ask_move(table: &mut Table<'_>) -> Result<Move, PlayError> {
    let screen = screen(&table.pos, table.me, table.person.colour(), table.last);
    let pos = &table.pos;
    let prompt = terminal::Prompt {
        question: &format!("Move {}, your turn > ", pos.plies() + 1),
        read: &typed::read,
        check: &|u| pos.check(u),
        how: typed::HOW,
        list: &|| list(pos),
    };
    terminal::ask_move(table.person, &table.news, &screen, &prompt)?.ok_or(PlayError::GaveUp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use terminal::Scripted;

    fn play(input: &str, typed: &[&str]) -> (Result<String, PlayError>, String, String) {
        Scripted::play(typed, |out, person| run(input.as_bytes(), out, person))
    }

    #[test]
    fn illegal_input_is_refused_locally_with_the_rules_reason() {
        // Seat 0: gives 4 (typed as letters), gets 9 on A1... then places.
        let (end, out, seen) = play(
            "0\n1\nN\nA1\n9\nN\n",
            &["B3 7", "ltfr", "a1 3", "a2", "zz", "a2 9", "A2 lsfc"],
        );
        terminal::assert_shown(
            &seen,
            &[
                "Not legal: the first move of the game only gives a piece (nobody holds one \
                 yet): its square must be \"-\", not B3. Try another move.",
                "Not legal: A1 is taken by piece 4 (LTFR). Try another move.",
                "Not legal: 14 piece(s) remain to be given and A2 does not win: \"-\" gives \
                 nothing only after the last placement or a winning one. Try another move.",
                "\"zz\" is neither a square",
                "Not legal: piece 9 (BSFC) is the one you are placing: give one of the pieces \
                 left. Try another move.",
            ],
        );
        // Only the legal moves reached the referee, normalised.
        assert_eq!(out, "-\n4\nA2\n1\n");
        terminal::assert_shown(
            &seen,
            &[
                "You are player 0: you give the first piece. Type ? for help.",
                "You gave 4 (LTFR).",
                "Opponent put 4 (LTFR) on A1 and gives you 9 (BSFC: brown, short, solid, cube).",
                "You hold 9 (BSFC: brown, short, solid, cube): place it, then give a piece.",
            ],
        );
        // The referee closed the stream after the second move was sent.
        assert_eq!(end.unwrap(), "The referee ended the game.");
    }

    #[test]
    fn the_board_the_pieces_left_and_the_hand_are_shown() {
        let (_, _, seen) = play("1\n2\n-\n10\nN\n", &["b3 0"]);
        terminal::assert_shown(
            &seen,
            &[
                "Quarto, level 2: rows, columns, the two long diagonals and every 2x2 square \
                 win. You are player 1.",
                "The opponent gives the first piece.",
                "Waiting for the opponent's move...",
                "Pieces left:   0 LSFR    1 LSFC    2 LSHR",
            ],
        );
        // 10 is in hand: its place among the brown pieces is blank.
        terminal::assert_shown(
            &seen,
            &[
                "              8 BSFR    9 BSFC             11 BSHC",
                "Move 2, your turn > ",
                "Letters: B brown / L light",
            ],
        );
    }

    #[test]
    fn the_end_is_told_with_the_pattern() {
        // Seat 1 loses: seat 0 completes column 1 with tall pieces.
        let input = "1\n1\n-\n4\nN\nN\nB1\n6\nN\nN\nD1\n-\nW\n";
        let (end, out, seen) = play(input, &["a1 5", "c1 7"]);
        assert_eq!(out, "A1\n5\nC1\n7\n");
        terminal::assert_shown(
            &seen,
            &[
                "Opponent put 7 (LTHC) on D1: column 1 (A1 B1 C1 D1), all light and tall: you lose.",
                "Won: column 1 (A1 B1 C1 D1), all light and tall.",
                " D * 7 LTHC*",
            ],
        );
        assert_eq!(
            end.unwrap(),
            "You lose: column 1 (A1 B1 C1 D1), all light and tall."
        );
        // The same game from seat 0, who wins.
        let input = "0\n1\nN\nA1\n5\nN\nN\nC1\n7\nN\nW\n";
        let (end, out, seen) = play(input, &["4", "b1 6", "D1"]);
        assert_eq!(out, "-\n4\nB1\n6\nD1\n-\n");
        terminal::assert_shown(&seen, &["all light and tall: you win!"]);
        assert_eq!(
            end.unwrap(),
            "You win: column 1 (A1 B1 C1 D1), all light and tall."
        );
    }

    #[test]
    fn failures_errors_and_disagreements_end_the_game() {
        let (end, _, _) = play("1\n1\nF\n", &[]);
        assert_eq!(
            end.unwrap(),
            "The opponent failed (it crashed, or ran out of time): you win."
        );
        let (end, _, _) = play("1\n1\nE\n", &[]);
        assert_eq!(end.unwrap(), "The opponent's move was illegal: you win.");
        let (end, _, _) = play("0\n1\nE\n", &["7"]);
        assert_eq!(end.unwrap(), "The referee refused your move - 7: you lose.");
        let (end, _, _) = play("F\n", &[]);
        assert!(end.unwrap().contains("before the game began: you win"));
        // The referee says a first gift won.
        let (end, _, _) = play("0\n1\nW\n", &["7"]);
        assert_eq!(
            end.unwrap_err().to_string(),
            "the referee answered W to - 7, where the rules give N"
        );
        // A move the rules refuse.
        let (end, _, _) = play("1\n1\nA1\n3\nN\n", &[]);
        assert!(matches!(
            end,
            Err(PlayError::Session(SessionError::Inconsistent { .. }))
        ));
        // The person gives up, or their input ends.
        let (end, out, _) = play("0\n1\n", &["quit"]);
        assert!(matches!(end, Err(PlayError::GaveUp)));
        assert_eq!(out, "");
        let (end, _, _) = play("0\n1\n", &[]);
        assert!(matches!(end, Err(PlayError::GaveUp)));
    }
}
