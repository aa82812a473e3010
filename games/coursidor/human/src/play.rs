//! One game between the referee (stdin, stdout) and a person: the board
//! shown from the person's side, each move asked, checked against the
//! position and refused locally with the rules' reason, the opponent's
//! moves told, until the game ends. The turns are the session's
//! ([`game_core::session::play_turns`]), as for our player.

use std::io::{Read, Write};
use std::sync::Arc;

use coursidor::wire::{self, LineReader};
use coursidor::{Colour, Move, Position, UncheckedMove};
use coursidor_ai::session::SessionError;
use game_core::session::{self, SessionEnd, Turns};
use terminal::{News, Person};

use crate::typed;

/// Why a game stopped before its end.
pub type PlayError = game_core::play::PlayError<SessionError>;

/// The game on the person's side.
struct Table<'p> {
    person: &'p mut dyn Person,
    news: News,
    me: Colour,
    pos: Position,
    /// The person's last move, for the referee's refusal.
    sent: Option<Move>,
}

impl Table<'_> {
    /// The person's screen: who they are, the board, the players' lines.
    fn screen(&self) -> String {
        let board = self.pos.board();
        format!(
            "Coursidor on {}: visit every objective (*), then end a move on your start. You are \
             {} ({}).\n\n{}",
            board.name(),
            self.me,
            pawn(self.me),
            coursidor::draw(&self.pos, self.person.colour())
        )
    }

    /// Tells a move, the person's (`mine`) or the opponent's.
    fn tell(&mut self, mv: Move, mine: bool) {
        let who = if mine { "You" } else { "Opponent" };
        let what = match mv {
            Move::Step(s) => format!("went from {} to {}", s.from(), s.to()),
            Move::Wall(w) => {
                let [a, b] = w.ends();
                format!("walled {}-{a} and {}-{b}", w.at(), w.at())
            }
        };
        self.news.say(format!("{who} {what} ({mv})."));
    }
}

/// A pawn's letter on the board.
fn pawn(c: Colour) -> char {
    match c {
        Colour::Black => 'B',
        Colour::White => 'W',
    }
}

/// The pawn's moves in words, and how many walls could be placed.
fn list(pos: &Position) -> String {
    let mut steps = Vec::new();
    pos.legal_steps(&mut steps);
    let mut walls = Vec::new();
    pos.legal_walls(&mut walls);
    let to: Vec<String> = steps
        .iter()
        .filter_map(|m| match m {
            Move::Step(s) => Some(s.to().to_string()),
            Move::Wall(_) => None,
        })
        .collect();
    format!(
        "your pawn to {}; or one of {} walls",
        to.join(", "),
        walls.len()
    )
}

impl Turns for Table<'_> {
    type Unchecked = UncheckedMove;
    type Error = PlayError;
    const MOVE_LINES: usize = 1;

    fn send(&mut self, output: &mut dyn Write, _log: &mut dyn Write) -> Result<(), PlayError> {
        let screen = self.screen();
        let pos = &self.pos;
        let prompt = terminal::Prompt {
            question: &format!("Move {}, your turn > ", pos.plies() + 1),
            read: &typed::read,
            check: &|u| pos.check(u),
            how: typed::HOW,
            list: &|| list(pos),
        };
        let mv = terminal::ask_move(self.person, &self.news, &screen, &prompt)
            .map_err(PlayError::Terminal)?
            .ok_or(PlayError::GaveUp)?;
        output
            .write_all(format!("{mv}\n").as_bytes())
            .and_then(|()| output.flush())
            .map_err(|e| PlayError::Session(e.into()))?;
        self.pos.play(mv);
        self.sent = Some(mv);
        self.tell(mv, true);
        let screen = self.screen();
        terminal::show_waiting(self.person, &mut self.news, &screen, terminal::WAITING)
            .map_err(PlayError::Terminal)
    }

    fn parse(&self, lines: &[String]) -> Result<UncheckedMove, PlayError> {
        Ok(wire::parse_move(&lines[0]).map_err(SessionError::from)?)
    }

    fn take(&mut self, u: UncheckedMove) -> Result<(), PlayError> {
        let mv = SessionError::checked(u, |u| self.pos.check(u))?;
        self.pos.play(mv);
        self.tell(mv, false);
        Ok(())
    }
}

/// Plays one game; returns how it ended, in words.
pub fn run<R: Read, W: Write>(
    input: R,
    mut output: W,
    person: &mut dyn Person,
) -> Result<String, PlayError> {
    let mut reader = LineReader::new(input);
    let Some(greeting) = wire::read_greeting(|| reader.next_line()).map_err(SessionError::from)?
    else {
        return Ok("The referee ended the game before it began.".to_owned());
    };
    let me = greeting.colour;
    let layout = Arc::new(greeting.layout);
    let mut table = Table {
        person,
        news: News::default(),
        me,
        pos: Position::new(layout, greeting.max_turns),
        sent: None,
    };
    table.news.say(format!(
        "You are {me} ({}); {} first. Type ? for help.",
        pawn(me),
        if me == Colour::Black {
            "you move"
        } else {
            "the opponent moves"
        }
    ));
    if me != Colour::Black {
        let screen = table.screen();
        terminal::show_waiting(table.person, &mut table.news, &screen, terminal::WAITING)
            .map_err(PlayError::Terminal)?;
    }
    let next_line = || Ok(reader.next_line().map_err(SessionError::from)?);
    let end = session::play_turns(
        &mut table,
        me == Colour::Black,
        &mut output,
        &mut std::io::sink(),
        next_line,
    )?;
    let said = match end {
        SessionEnd::Won => "You win: your tour is complete.".to_owned(),
        SessionEnd::Lost => "You lose: the opponent completed its tour first.".to_owned(),
        SessionEnd::Drawn => "A draw: the turn limit is reached.".to_owned(),
        other => terminal::session_end(other, || {
            table.sent.map_or_else(String::new, |m| m.to_string())
        }),
    };
    table.news.say(said.clone());
    let screen = table.screen();
    table
        .person
        .show(&screen, &table.news.with(None))
        .map_err(PlayError::Terminal)?;
    Ok(said)
}

#[cfg(test)]
mod tests {
    use super::*;
    use coursidor::{Board, Layout, Shape};
    use terminal::Scripted;

    fn layout() -> Layout {
        Layout::new(Board::new(Shape::T, 6).unwrap(), &[20, 70]).unwrap()
    }

    fn play(input: &str, typed: &[&str]) -> (Result<String, PlayError>, String, String) {
        Scripted::play(typed, |out, person| run(input.as_bytes(), out, person))
    }

    /// White's first legal step after black's `M 7`.
    fn white_reply() -> Move {
        let mut pos = Position::new(Arc::new(layout()), 0);
        let step = pos.check(&UncheckedMove::Step(7)).unwrap();
        pos.play(step);
        let mut steps = Vec::new();
        pos.legal_steps(&mut steps);
        steps[0]
    }

    #[test]
    fn an_illegal_move_is_refused_with_the_rules_reason() {
        let white = white_reply();
        let input = wire::greeting(Colour::Black, &layout(), 0) + &format!("N\n{white}\nN\n");
        let (end, out, seen) = play(&input, &["24", "hello", "moves", "?", "m 7"]);
        terminal::assert_shown(
            &seen,
            &[
                "Not legal: 24 is 3 steps SE of 0: before its first step a pawn moves 1 step. \
                 Try another move.",
                "\"hello\" is not a vertex number",
                "Your moves: your pawn to ",
                "How to play: type the vertex",
            ],
        );
        assert_eq!(out, "M 7\n");
        terminal::assert_shown(
            &seen,
            &[
                "You went from 0 to 7 (M 7).",
                "Opponent went from 90 to ",
                "You are black (B); you move first.",
                "Coursidor on T 6",
            ],
        );
        // Asked again, the person's input ends: they give up.
        assert!(matches!(end, Err(PlayError::GaveUp)), "{end:?}");
    }

    #[test]
    fn walls_and_the_end_are_told() {
        let input = wire::greeting(Colour::White, &layout(), 0) + "W 0 1 0 7\nN\n";
        let (end, out, seen) = play(&input, &[]);
        assert_eq!(out, "");
        terminal::assert_shown(
            &seen,
            &[
                "Opponent walled 0-1 and 0-7 (W 0 1 0 7).",
                "Waiting for the opponent's move...",
            ],
        );
        assert!(matches!(end, Err(PlayError::GaveUp)), "{end:?}");
        let input = wire::greeting(Colour::White, &layout(), 0) + "F\n";
        let (end, _, _) = play(&input, &[]);
        assert_eq!(
            end.unwrap(),
            "The opponent failed (it crashed, or ran out of time): you win."
        );
        let input = wire::greeting(Colour::Black, &layout(), 0) + "E\n";
        let (end, _, _) = play(&input, &["7"]);
        assert_eq!(end.unwrap(), "The referee refused your move M 7: you lose.");
    }
}
