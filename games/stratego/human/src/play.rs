//! One game between the referee (stdin, stdout) and a person: the setup
//! chosen, each move asked, checked against the person's own view of the
//! board and refused locally with the reason, the opponent's moves and
//! battles told, until the referee ends the game.

use std::io::{Read, Write};

use stratego::{
    MoveList, MoveResult, OpponentTurn, Player, Setup, SetupAnswer, Square, UncheckedMove, View,
};
use stratego_ai::session::{LineReader, SessionError};
use terminal::News;
pub use terminal::Person;

use crate::typed;
use crate::words;

/// Why a game stopped before its end.
pub type PlayError = game_core::play::PlayError<SessionError>;

/// The game's state on the person's side.
struct Table<'p> {
    person: &'p mut dyn Person,
    news: News,
}

impl Table<'_> {
    /// The board, from the person's side.
    fn screen(&self, view: Option<&View>, setup: Option<&Setup>, mark: &[Square]) -> String {
        let colour = self.person.colour();
        let mut board = String::from("Stratego\n\n");
        board.push_str(&match (view, setup) {
            (Some(v), _) => stratego::show::draw_view(v, colour, mark),
            (None, Some(s)) => stratego::show::draw_view(&View::new(s), colour, mark),
            (None, None) => String::new(),
        });
        board
    }

    /// Shows the board and the news.
    fn show(
        &mut self,
        view: Option<&View>,
        setup: Option<&Setup>,
        mark: &[Square],
    ) -> std::io::Result<()> {
        let board = self.screen(view, setup, mark);
        self.person.show(&board, &self.news.with(None))
    }
}

/// Where `mv` lands.
fn target(mv: UncheckedMove) -> Option<Square> {
    mv.from.step(mv.dir, mv.distance)
}

/// Plays one game. `setups` proposes setups for the person's side, one
/// per call (a fresh one when they ask for another); `fixed` says the
/// first is to be played without asking.
pub fn run<R: Read, W: Write>(
    input: R,
    mut output: W,
    person: &mut dyn Person,
    setups: &mut dyn FnMut(Player) -> Setup,
    fixed: bool,
) -> Result<String, PlayError> {
    let mut reader = LineReader::new(input);
    let mut table = Table {
        person,
        news: News::default(),
    };
    let Some(first) = reader.next_line()? else {
        return Ok("The referee ended the game before it began.".to_owned());
    };
    if first == "F" {
        return Ok("The opponent failed before the game began: you win.".to_owned());
    }
    let me: Player = first.parse().map_err(SessionError::from)?;
    let side = match me {
        Player::Zero => "red, columns 0-3 on the left",
        Player::One => "blue, columns 6-9 on the right",
    };
    table.news.say(format!("You are player {me} ({side})."));
    let mut setup = setups(me);
    if !fixed {
        loop {
            table.show(None, Some(&setup), &[])?;
            match table
                .person
                .ask("Your setup. Enter: play it; r: another one; q: give up > ")?
            {
                None => return Err(PlayError::GaveUp),
                Some(a) if a.trim().is_empty() => break,
                Some(a) if a.trim().eq_ignore_ascii_case("r") => setup = setups(me),
                Some(a) if a.trim().eq_ignore_ascii_case("q") => return Err(PlayError::GaveUp),
                Some(_) => {}
            }
        }
    }
    output.write_all(setup.to_wire().as_bytes())?;
    output.flush()?;
    table
        .news
        .say("Setup sent; waiting for the referee.".to_owned());
    table.show(None, Some(&setup), &[])?;
    match reader.next_line()?.as_deref() {
        None => return Ok("The referee ended the game.".to_owned()),
        Some("F") => return Ok("The opponent failed during the setup: you win.".to_owned()),
        Some(line) => {
            if SetupAnswer::from_line(line).map_err(SessionError::from)? == SetupAnswer::Ko {
                return Ok("The referee refused your setup: you lose.".to_owned());
            }
        }
    }
    table.news.clear();
    table.news.say(format!(
        "You are player {me} ({side}); {} first.",
        if me == Player::Zero {
            "you move"
        } else {
            "the opponent moves"
        }
    ));
    let mut view = View::new(&setup);
    let mut mark: Vec<Square> = Vec::new();
    let mut moves = MoveList::new();
    loop {
        if view.to_move() == me {
            moves.clear();
            view.legal_moves(&mut moves);
            if moves.is_empty() {
                table
                    .news
                    .say("You have no legal move: you lose.".to_owned());
                table.show(Some(&view), None, &mark)?;
                while reader.next_line()?.is_some() {}
                return Ok("You had no legal move: you lose.".to_owned());
            }
            let mv = ask_move(&mut table, &view, &moves, &mark)?;
            output.write_all(mv.to_unchecked().to_wire().as_bytes())?;
            output.flush()?;
            let u = mv.to_unchecked();
            match reader.next_result()? {
                None => return Ok("The referee ended the game.".to_owned()),
                Some(MoveResult::Error) => {
                    return Ok(format!("The referee refused your move {u}: you lose."));
                }
                Some(MoveResult::Failure) => {
                    return Ok("The opponent failed: you win.".to_owned());
                }
                Some(r) => {
                    view.apply_own(mv, r).map_err(SessionError::from)?;
                    table.news.say(words::turn(u, r, true));
                    mark = vec![mv.from(), mv.to()];
                }
            }
        } else {
            let screen = table.screen(Some(&view), None, &mark);
            terminal::show_waiting(table.person, &mut table.news, &screen, terminal::WAITING)?;
            let (m, r) = match reader.next_opponent_turn()? {
                None => return Ok("The referee ended the game.".to_owned()),
                Some(OpponentTurn::Error | OpponentTurn::Move(_, MoveResult::Error)) => {
                    return Ok("The opponent's move was illegal: you win.".to_owned());
                }
                Some(OpponentTurn::Failure | OpponentTurn::Move(_, MoveResult::Failure)) => {
                    return Ok(
                        "The opponent failed (it crashed, or ran out of time): you win.".to_owned(),
                    );
                }
                Some(OpponentTurn::Move(m, r)) => (m, r),
            };
            view.apply_opponent(m, r).map_err(SessionError::from)?;
            table.news.say(words::turn(m, r, false));
            mark = [Some(m.from), target(m)].into_iter().flatten().collect();
        }
    }
}

/// Asks until the person types a legal move (or gives up).
fn ask_move(
    table: &mut Table<'_>,
    view: &View,
    moves: &MoveList,
    mark: &[Square],
) -> Result<stratego::Move, PlayError> {
    let screen = table.screen(Some(view), None, mark);
    let list = || {
        let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        list.join(", ")
    };
    let prompt = terminal::Prompt {
        question: &format!("Move {}, your turn > ", view.plies() + 1),
        read: &typed::read,
        check: &|u| view.check(u),
        how: typed::HOW,
        list: &list,
    };
    terminal::ask_move(table.person, &table.news, &screen, &prompt)?.ok_or(PlayError::GaveUp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use terminal::Scripted;

    /// Player 0's fixture setup: Flag A0, Bombs A1 A2, Scout A3, Colonel B3.
    fn setup(p: Player) -> Setup {
        let codes = [
            11, 12, 12, 9, 1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8,
            9, 9, 9, 9, 9, 9, 9, 10, 12, 12, 12, 12,
        ];
        let ranks: Vec<stratego::Rank> = codes
            .iter()
            .map(|&c| stratego::Rank::from_code(c).unwrap())
            .collect();
        Setup::new(p, &ranks).unwrap()
    }

    fn play(input: &str, typed: &[&str]) -> (Result<String, PlayError>, String, String) {
        Scripted::play(typed, |out, person| {
            run(input.as_bytes(), out, person, &mut setup, false)
        })
    }

    #[test]
    fn an_illegal_move_is_refused_locally_with_its_reason() {
        // Enter accepts the setup; A1 is a Bomb; then a good move.
        let (end, out, seen) = play("0\nOK\nN\nB6\nW\n1\nN\n", &["", "A1 E 1", "b3 e"]);
        terminal::assert_shown(&seen, &["Not legal: A1 holds a Bomb, which cannot move."]);
        // Only the legal move went to the referee.
        assert!(out.ends_with("12\n12\n12\n12\nB3\nE\n1\n"), "{out}");
        terminal::assert_shown(&seen, &["You: B3 E 1.", "Opponent: B6 W 1."]);
        // The referee ended the game while the person was to move again.
        assert!(matches!(end, Err(PlayError::GaveUp)), "{end:?}");
    }

    #[test]
    fn battles_and_the_end_are_told() {
        let input = "0\nOK\nB\n9\n11\n";
        let (end, _, seen) = play(input, &["", "A3 E 3"]);
        terminal::assert_shown(&seen, &["the Flag is yours: you win!"]);
        assert_eq!(end.unwrap(), "The referee ended the game.");
        // The opponent's illegal move (forwarded, then E): we win.
        let (end, _, _) = play("1\nOK\nA0\nS\n1\nE\n", &[""]);
        assert_eq!(end.unwrap(), "The opponent's move was illegal: you win.");
        let (end, _, _) = play("1\nKO\n", &[""]);
        assert_eq!(end.unwrap(), "The referee refused your setup: you lose.");
    }

    #[test]
    fn another_setup_can_be_asked_for() {
        let mut calls = 0;
        let mut setups = |p: Player| {
            calls += 1;
            setup(p)
        };
        let mut person = Scripted::new(&["r", "r", ""]);
        let mut out = Vec::new();
        let _ = run(
            "1\nKO\n".as_bytes(),
            &mut out,
            &mut person,
            &mut setups,
            false,
        );
        assert_eq!(calls, 3);
    }
}
