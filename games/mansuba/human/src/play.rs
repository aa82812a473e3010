//! One game between the referee (stdin, stdout) and a person: the world
//! shown, each action asked, checked against the position and refused
//! locally with the rules' reason, every seat's turn told (there may be
//! several opponents), until the game ends. The messages are read as our
//! player reads them ([`mansuba_ai::session`]).

use std::io::{Read, Write};

use game_core::LineReader;
use mansuba::{Action, Played, Position, wire};
use mansuba_ai::session::{self, SessionEnd, SessionError, Turn};
use terminal::{News, Person};

use crate::typed;

/// Why a game stopped before its end.
pub type PlayError = game_core::play::PlayError<SessionError>;

/// The game on the person's side.
struct Table<'p> {
    person: &'p mut dyn Person,
    news: News,
    me: usize,
    pos: Position,
}

impl Table<'_> {
    /// The person's screen: the game, their seat, the world.
    fn screen(&self) -> String {
        let rules = self.pos.rules();
        let world = rules.world();
        let goal = match rules.victory() {
            mansuba::Victory::Simple => "first on a start place of another's (_N) wins",
            mansuba::Victory::Complex => "first to cover another's start places wins",
        };
        format!(
            "Mansuba, {} players, {} x {}: {goal}. You are player {} (P{}...).\n\n{}",
            rules.players(),
            world.width(),
            world.height(),
            self.me,
            self.me,
            mansuba::draw(&self.pos, self.person.colour())
        )
    }

    /// Tells `seat`'s turn.
    fn tell(&mut self, seat: usize, played: &Played) {
        let who = if seat == self.me {
            "You".to_owned()
        } else {
            format!("Player {seat}")
        };
        let what = match played.action {
            Action::Move { from, to } => match played.captured {
                Some(p) if usize::from(p.seat) == self.me => {
                    format!("{from} {to}, capturing your {}", p.sort)
                }
                Some(p) => format!("{from} {to}, capturing {p}"),
                None => format!("{from} {to}"),
            },
            Action::Escape { place, sort } => format!(
                "escape {place}: the {sort} {}",
                if played.escaped == Some(true) {
                    "is free"
                } else {
                    "stays a prisoner"
                }
            ),
            Action::Pass => "pass".to_owned(),
        };
        self.news.say(format!("{who}: {what}."));
    }
}

/// The legal actions in words.
fn list(pos: &Position) -> String {
    let mut actions = Vec::new();
    pos.legal_actions(&mut actions);
    let words: Vec<String> = actions.iter().map(Action::to_string).collect();
    words.join(", ")
}

/// How the game ended, from the person's side.
fn ending(end: SessionEnd, me: usize) -> String {
    match end {
        SessionEnd::Closed => "The referee ended the game.".to_owned(),
        SessionEnd::Won => "You win!".to_owned(),
        SessionEnd::Lost(seat) => format!("Player {seat} wins: you lose."),
        SessionEnd::Drawn => "A draw: the turn limit is reached.".to_owned(),
        SessionEnd::Illegal(seat) if seat == me => {
            "The referee refused your action: you lose.".to_owned()
        }
        SessionEnd::Illegal(seat) => format!("Player {seat}'s action was illegal: it loses."),
        SessionEnd::Failed(seat) => {
            format!("Player {seat}'s program failed (it crashed, or ran out of time): it loses.")
        }
    }
}

/// Plays one game; returns how it ended, in words.
pub fn run<R: Read, W: Write>(
    input: R,
    mut output: W,
    person: &mut dyn Person,
) -> Result<String, PlayError> {
    let mut lines = LineReader::new(input, wire::MAX_MESSAGE_LINE_BYTES);
    let Some(greeting) = session::read_greeting(&mut lines)? else {
        return Ok("The referee ended the game before it began.".to_owned());
    };
    let me = greeting.seat;
    let pos = greeting.position().ok_or(SessionError::Greeting)?;
    let mut table = Table {
        person,
        news: News::default(),
        me,
        pos,
    };
    table.news.say(format!(
        "You are player {me} of {}; player {} moves first. Type ? for help.",
        greeting.players, greeting.first
    ));
    let end = loop {
        let screen = table.screen();
        if table.pos.end().is_none() && table.pos.to_move() == me {
            let pos = &table.pos;
            let prompt = terminal::Prompt {
                question: &format!("Turn {}, your move > ", pos.turn() + 1),
                read: &typed::read,
                check: &|u| pos.check(u),
                how: typed::HOW,
                list: &|| list(pos),
            };
            let action = terminal::ask_move(table.person, &table.news, &screen, &prompt)?
                .ok_or(PlayError::GaveUp)?;
            writeln!(output, "{action}").map_err(SessionError::from)?;
            output.flush().map_err(SessionError::from)?;
        } else {
            let waiting = format!("Waiting for player {}...", table.pos.to_move());
            terminal::show_waiting(table.person, &mut table.news, &screen, &waiting)?;
        }
        let relation = table.pos.relation();
        match session::read_turn(&mut lines, &mut table.pos, me)? {
            Turn::Played { seat, played, end } => {
                table.tell(seat, &played);
                if table.pos.relation() != relation {
                    let now = table.pos.relation();
                    table.news.say(format!("The relation is now {now}."));
                }
                if let Some(end) = end {
                    break end;
                }
            }
            Turn::Over(end) => break end,
        }
    };
    let said = ending(end, me);
    table.news.say(said.clone());
    let screen = table.screen();
    table.person.show(&screen, &table.news.with(None))?;
    Ok(said)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Rng;
    use mansuba::wire::Greeting;
    use mansuba::{First, Options, Setup};
    use terminal::Scripted;

    /// The start of a game of `players` (the default world), seat 0
    /// first.
    fn start(players: u8) -> Position {
        let options = Options {
            first: First::Seat(0),
            players,
            ..Options::default()
        };
        Setup::new(&options, 200).unwrap().start(&mut Rng::new(1))
    }

    /// The greeting of `start(players)` for `seat`.
    fn greeting(players: u8, seat: usize) -> String {
        Greeting::of(&start(players), seat).to_wire()
    }

    fn play(input: &str, typed: &[&str]) -> (Result<String, PlayError>, String, String) {
        Scripted::play(typed, |out, person| run(input.as_bytes(), out, person))
    }

    #[test]
    fn an_illegal_action_is_refused_with_the_rules_reason() {
        let input = greeting(2, 0) + "0 10 11\nN\n1 9 8\nN\n";
        let (end, out, seen) = play(&input, &["9 8", "hello", "10 11"]);
        terminal::assert_shown(
            &seen,
            &[
                "Not legal: place 9 holds player 1's pawn, not a piece of yours. Try another move.",
                "\"hello\" is not an action: expected",
            ],
        );
        assert_eq!(out, "10 11\n");
        terminal::assert_shown(
            &seen,
            &[
                "You: 10 11.",
                "Player 1: 9 8.",
                "You are player 0 of 2; player 0 moves first.",
            ],
        );
        // The person is asked again; their input ends: they give up.
        assert!(matches!(end, Err(PlayError::GaveUp)), "{end:?}");
    }

    #[test]
    fn the_other_seats_turns_and_the_end_are_told() {
        // Seat 2 of 3: seats 0 and 1 play their first legal action, then
        // seat 2's program... is the person, and seat 0 fails meanwhile.
        let mut pos = start(3);
        let mut input = greeting(3, 2);
        let mut told = Vec::new();
        for seat in 0..2 {
            let mut actions = Vec::new();
            pos.legal_actions(&mut actions);
            let played = pos.play(actions[0], false);
            input.push_str(&wire::turn_message(seat, &played, None));
            told.push(format!("Player {seat}: {}.", actions[0]));
        }
        input.push_str("0 F\n");
        let (end, out, seen) = play(&input, &["moves"]);
        terminal::assert_shown(
            &seen,
            &[
                "You are player 2 of 3; player 0 moves first.",
                "Waiting for player 0...",
                "Waiting for player 1...",
            ],
        );
        for t in &told {
            assert!(seen.contains(t.as_str()), "{t} in {seen}");
        }
        terminal::assert_shown(&seen, &["Your moves: "]);
        assert_eq!(out, "");
        // The person gave up (their input ended) before seat 0's failure
        // was read.
        assert!(matches!(end, Err(PlayError::GaveUp)), "{end:?}");
        let (end, _, _) = play(&(greeting(2, 0) + "0 E\n"), &["10 11"]);
        assert_eq!(end.unwrap(), "The referee refused your action: you lose.");
        let input = greeting(2, 1) + "0 10 11\nN\n1 19 18\nN\n0 F\n";
        let (end, _, seen) = play(&input, &["19 18"]);
        terminal::assert_shown(&seen, &["You: 19 18."]);
        assert_eq!(
            end.unwrap(),
            "Player 0's program failed (it crashed, or ran out of time): it loses."
        );
    }
}
