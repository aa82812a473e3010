//! Printing: the human summary and the board drawn after every move.

use std::fmt::Write as _;
use std::io::{self, Write};

use referee::game::MoveRecord;
use referee::{MatchReport, Observer};
use stratego::{Game, Player, Square};

/// The short summary printed at the end of a game.
pub fn summary(r: &MatchReport) -> String {
    let v = &r.verdict;
    let mut s = String::new();
    let outcome = match (v.result(), v.winner) {
        (None, _) => "no verdict".to_owned(),
        (Some(res), Some(w)) => format!("{res}, player {w} wins"),
        (Some(res), None) => format!("{res}, draw"),
    };
    let _ = writeln!(s, "Result: {outcome}: {} ({})", v.reason.words(), v.detail);
    let _ = writeln!(
        s,
        "Moves: {}, duration {:.1} ms",
        r.moves,
        r.duration.as_secs_f64() * 1e3
    );
    for (i, p) in r.players.iter().enumerate() {
        let mut cmd = p.program.clone();
        for a in &p.args {
            cmd.push(' ');
            cmd.push_str(a);
        }
        let _ = writeln!(s, "Player {i}: {cmd}");
        let ms = |x: Option<f64>| x.map_or("-".to_owned(), |x| format!("{x:.2} ms"));
        let _ = writeln!(
            s,
            "  setup {}, {} moves, reply time max {} mean {}, {} timeouts",
            p.setup.as_str(),
            p.moves,
            ms(p.max_reply_ms),
            ms(p.mean_reply_ms),
            p.timeouts
        );
        let _ = writeln!(s, "  process {}; log {}", p.exit.text, p.log);
    }
    s
}

/// Draws the board after every move, in colour on a terminal.
pub struct BoardPrinter {
    out: Box<dyn Write>,
    colour: bool,
}

impl BoardPrinter {
    /// Draws on `out`; `colour` adds ANSI colours.
    pub fn new(out: Box<dyn Write>, colour: bool) -> BoardPrinter {
        BoardPrinter { out, colour }
    }

    fn draw(&mut self, title: &str, game: &Game) {
        let mut s = String::new();
        let _ = writeln!(s, "{title}");
        s.push_str("   ");
        for c in 0..10 {
            let _ = write!(s, " {c} ");
        }
        s.push('\n');
        for r in 0..10u8 {
            let _ = write!(s, " {} ", char::from(b'A' + r));
            for c in 0..10 {
                let sq = Square::new(r, c).expect("on the board");
                let (text, colour) = match game.board().get(sq) {
                    None if sq.is_lake() => (" ~ ".to_owned(), "36"),
                    None => (" . ".to_owned(), "2"),
                    Some(p) if p.owner == Player::Zero => {
                        (format!(" {} ", p.rank.symbol()), "1;31")
                    }
                    Some(p) => (format!("({})", p.rank.symbol()), "1;34"),
                };
                if self.colour {
                    let _ = write!(s, "\x1b[{colour}m{text}\x1b[0m");
                } else {
                    s.push_str(&text);
                }
            }
            s.push('\n');
        }
        // A closed terminal must not stop the game.
        let _ = self.out.write_all(s.as_bytes());
        let _ = self.out.flush();
    }
}

impl Observer for BoardPrinter {
    fn started(&mut self, game: &Game) {
        self.draw("start (player 0 plain, player 1 in parentheses)", game);
    }

    fn moved(&mut self, game: &Game, mv: &MoveRecord) {
        let result = match (mv.attacker, mv.defender) {
            (Some(a), Some(d)) => format!("B {a} {d}"),
            _ => mv.result.clone(),
        };
        let title = format!(
            "\nmove {}: player {} {} {} {} -> {} ({:.2} ms)",
            mv.ply, mv.player, mv.square, mv.direction, mv.distance, result, mv.reply_ms
        );
        self.draw(&title, game);
    }
}

/// Where the board goes: stdout, or stderr when stdout carries JSON.
pub fn board_printer(to_stderr: bool) -> BoardPrinter {
    use std::io::IsTerminal;
    if to_stderr {
        BoardPrinter::new(Box::new(io::stderr()), io::stderr().is_terminal())
    } else {
        BoardPrinter::new(Box::new(io::stdout()), io::stdout().is_terminal())
    }
}
