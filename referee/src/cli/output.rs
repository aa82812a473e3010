//! Printing: the human summary, the list of games, and the board drawn
//! after every move.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::Observer;
use game_core::Game;
use referee_schema::{MoveEntry, SetupStatus, Summary};

/// The short summary printed at the end of a game.
pub fn summary(r: &Summary) -> String {
    let mut s = String::new();
    let outcome = match (&r.result, r.winner, &r.points) {
        (None, _, _) => "no verdict".to_owned(),
        (Some(res), Some(w), _) => format!("{res}, player {w} wins"),
        (Some(res), None, Some(points)) if points.windows(2).all(|w| w[0] == w[1]) => {
            format!("{res}, draw")
        }
        (Some(res), None, points) => {
            let losers: Vec<String> = points
                .iter()
                .flatten()
                .enumerate()
                .filter(|(_, p)| **p == 0.0)
                .map(|(i, _)| i.to_string())
                .collect();
            format!("{res}, player {} lost", losers.join(" and "))
        }
    };
    let _ = writeln!(s, "Result: {outcome}: {} ({})", r.reason_text, r.detail);
    for w in &r.warnings {
        let _ = writeln!(s, "Warning: {w}");
    }
    let _ = writeln!(s, "Moves: {}, duration {:.1} ms", r.moves, r.duration_ms);
    match (&r.reproduce, seat_at_fault(r)) {
        (Some(command), _) => {
            let _ = writeln!(s, "Reproduce: {command}");
        }
        (None, Some(seat)) => {
            let _ = writeln!(
                s,
                "Reproduce: play the game again with --record FILE, then referee reproduce FILE \
                 --seat {seat}"
            );
        }
        (None, None) => {}
    }
    for (i, p) in r.players.iter().enumerate() {
        let mut cmd = p.program.clone();
        for a in &p.args {
            cmd.push(' ');
            cmd.push_str(a);
        }
        match &p.name {
            Some(name) => {
                let _ = writeln!(s, "Player {i} ({name}): {cmd}");
            }
            None => {
                let _ = writeln!(s, "Player {i}: {cmd}");
            }
        }
        let ms = |x: Option<f64>| x.map_or("-".to_owned(), |x| format!("{x:.2} ms"));
        let setup = p
            .setup
            .map(|st| format!("setup {}, ", st.as_str()))
            .unwrap_or_default();
        let processes = p
            .processes
            .map(|n| format!(", {n} processes"))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "  {setup}{} moves, reply time max {} mean {}, {} timeouts{processes}",
            p.moves,
            ms(p.max_reply_ms),
            ms(p.mean_reply_ms),
            p.timeouts
        );
        let limit = r
            .settings
            .player_time_limits_ms
            .as_ref()
            .and_then(|l| l.get(i).copied().flatten())
            .unwrap_or(r.settings.time_limit_ms);
        if let Some(line) = cpu_line(p, limit) {
            let _ = writeln!(s, "  {line}");
        }
        let _ = writeln!(s, "  process {}; log {}", p.exit.text, p.log);
    }
    s
}

/// The seat's CPU time per move, where it was read, and what its timed-out
/// move got; `None` if none was read.
fn cpu_line(p: &referee_schema::PlayerReport, limit_ms: u64) -> Option<String> {
    let source = p.cpu_source.as_deref()?;
    let mut parts = Vec::new();
    if let (Some(med), Some(max)) = (p.median_cpu_ms, p.max_cpu_ms) {
        parts.push(format!(
            "CPU per move (of those over 1 ms) median {med:.2} ms max {max:.2} ms"
        ));
    }
    if let Some(t) = p.timeout_cpu_ms {
        parts.push(format!("timed out with {t:.0} ms CPU of {limit_ms} ms"));
    }
    let from = match source {
        "cgroup" => "its cgroup",
        "proc" => "/proc/PID/stat",
        other => other,
    };
    (!parts.is_empty()).then(|| format!("{} (from {from})", parts.join(", ")))
}

/// The first seat whose fault (a failed program, an illegal move, a
/// refused setup) ended the game; `None` when no fault did.
pub fn seat_at_fault(r: &Summary) -> Option<usize> {
    r.reason.fault()?;
    r.players.iter().position(|p| {
        p.failure.is_some() || p.illegal_moves > 0 || p.setup == Some(SetupStatus::Refused)
    })
}

/// `referee --list-games`: each game with its defaults.
pub fn game_list(entries: &[games::Entry]) -> String {
    let mut s = String::new();
    for e in entries {
        let turns = match (e.defaults.max_turns, e.max_turns_rule) {
            (0, _) => "no turn limit".to_owned(),
            (n, None) => format!("draw after {n} moves"),
            // Mansuba's limit follows the board: the default options'
            // figure alone read as the limit of every board.
            (n, Some(rule)) => format!("draw after {rule} moves ({n} with the defaults)"),
        };
        let _ = writeln!(
            s,
            "{:<10} {} [{} ms per move, {turns}]",
            e.name, e.about, e.defaults.time_limit_ms
        );
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

    fn print(&mut self, title: &str, board: &str) {
        // A closed terminal must not stop the game.
        let _ = writeln!(self.out, "{title}");
        let _ = self.out.write_all(board.as_bytes());
        let _ = self.out.flush();
    }
}

impl<G: Game> Observer<G> for BoardPrinter {
    fn started(&mut self, game: &G) {
        let board = game.draw(self.colour);
        self.print("start", &board);
    }

    fn moved(&mut self, game: &G, mv: &MoveEntry<G::MoveRecord>) {
        let title = format!(
            "\nmove {}: player {} {} ({:.2} ms)",
            mv.ply, mv.player, mv.detail, mv.reply_ms
        );
        let board = game.draw(self.colour);
        self.print(&title, &board);
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
