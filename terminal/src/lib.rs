//! A person at the terminal, for the `human` player programs.
//!
//! A player's stdin and stdout are the referee's pipes, so a person plays
//! through the terminal itself, `/dev/tty`. The referee starts every
//! player in a process group of its own, which is not the terminal's
//! foreground group: reading the terminal from there would stop the
//! program (SIGTTIN). [`Terminal::open`] therefore makes its group the
//! foreground (with SIGTTOU blocked, as POSIX allows for `tcsetpgrp` from
//! the background), and gives the foreground back to the group that had
//! it when dropped. Input is the terminal's own line editing (canonical
//! mode: a line at Enter).
//!
//! A game's `human` program talks to a [`Person`], so that its loop is
//! tested with a [`Scripted`] one; [`Terminal`] is the real one.

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;

use game_core::session::SessionEnd;
use nix::sys::signal::{SigSet, Signal};
use nix::unistd::{self, Pid};

/// The terminal, taken as the foreground while it lives.
pub struct Terminal {
    input: BufReader<File>,
    output: File,
    /// The foreground group before ours, given back at the end.
    previous: Option<Pid>,
    colour: bool,
}

impl Terminal {
    /// Opens `/dev/tty` and makes this process group its foreground.
    /// Fails without a controlling terminal (a referee run by a script,
    /// or one that starts players in a session of their own).
    pub fn open() -> io::Result<Terminal> {
        let tty = OpenOptions::new().read(true).write(true).open("/dev/tty")?;
        // From the background, tcsetpgrp would stop us with SIGTTOU
        // unless it is blocked; writing to the terminal would too, were
        // `stty tostop` set.
        let mut mask = SigSet::empty();
        mask.add(Signal::SIGTTOU);
        mask.thread_block().map_err(io::Error::from)?;
        let previous = unistd::tcgetpgrp(&tty).ok();
        unistd::tcsetpgrp(&tty, unistd::getpgrp()).map_err(io::Error::from)?;
        let colour = std::env::var_os("NO_COLOR").is_none()
            && std::env::var("TERM").is_ok_and(|t| t != "dumb");
        Ok(Terminal {
            input: BufReader::new(tty.try_clone()?),
            output: tty,
            previous,
            colour,
        })
    }

    /// [`open`](Self::open) for a `human` program: without a terminal,
    /// says why on stderr and gives the exit status (1).
    pub fn open_for_play() -> Result<Terminal, ExitCode> {
        Terminal::open().map_err(|e| {
            eprintln!(
                "human: a person plays through the terminal, and there is none here (/dev/tty: {e})"
            );
            ExitCode::from(1)
        })
    }

    /// Says how the game ended, on the terminal and on stderr (the
    /// player's log, as `human: MESSAGE`); returns the program's exit
    /// status: 1 if the game `failed` (stopped on an error), else 0.
    pub fn finish(&mut self, message: &str, failed: bool) -> ExitCode {
        let _ = self.print(&format!("\n{message}\n"));
        let _ = io::stderr().write_all(format!("human: {message}\n").as_bytes());
        ExitCode::from(u8::from(failed))
    }

    /// Says how a `human` program's game ended ([`finish`](Self::finish)):
    /// `Ok`, its message; an error the person's giving up (`gave_up` says
    /// which), that they gave up; any other, that the game stopped, and
    /// why (the error with its causes), and the program fails.
    pub fn finish_game<E: std::error::Error + 'static>(
        &mut self,
        end: Result<String, E>,
        gave_up: impl FnOnce(&E) -> bool,
    ) -> ExitCode {
        match end {
            Ok(message) => self.finish(&message, false),
            Err(e) if gave_up(&e) => self.finish("You gave up.", false),
            Err(e) => self.finish(
                &format!("The game stopped: {}.", game_core::error_chain(&e)),
                true,
            ),
        }
    }

    /// The `main` of a `human` program that plays one session: its
    /// options `O` read from `args` (which start with the program's name;
    /// `--help` says what it does), the terminal opened (or why not,
    /// [`open_for_play`](Self::open_for_play)), `play` run between the
    /// referee (stdin, stdout) and the person, and its end told
    /// ([`finish_game`](Self::finish_game)).
    pub fn session_main<O: clap::Parser, E: std::error::Error + 'static>(
        args: Vec<std::ffi::OsString>,
        play: impl FnOnce(
            io::StdinLock<'static>,
            io::StdoutLock<'static>,
            &mut dyn Person,
        ) -> Result<String, E>,
        gave_up: impl FnOnce(&E) -> bool,
    ) -> ExitCode {
        if let Err(code) = game_core::parse_args::<O>(args) {
            return code;
        }
        let mut person = match Terminal::open_for_play() {
            Ok(t) => t,
            Err(code) => return code,
        };
        let end = play(io::stdin().lock(), io::stdout().lock(), &mut person);
        person.finish_game(end, gave_up)
    }

    /// Whether to use ANSI colours (`TERM` is not `dumb`, `NO_COLOR` unset).
    pub fn colour(&self) -> bool {
        self.colour
    }

    /// Writes `text` as it is.
    pub fn print(&mut self, text: &str) -> io::Result<()> {
        self.output.write_all(text.as_bytes())?;
        self.output.flush()
    }

    /// Clears the screen.
    pub fn clear(&mut self) -> io::Result<()> {
        self.print("\x1b[H\x1b[2J")
    }

    /// Shows `prompt` and reads a line, without its end; `None` at the end
    /// of input (Ctrl-D).
    pub fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        self.print(prompt)?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        Ok(Some(line.trim_end_matches(['\n', '\r']).to_owned()))
    }
}

/// The person playing, as a game's `human` program sees them: a screen
/// to show, questions to ask.
pub trait Person {
    /// Shows `screen` (the board and what goes with it) and the news below
    /// it, one line each: the screen is redrawn.
    fn show(&mut self, screen: &str, news: &[String]) -> io::Result<()>;
    /// Asks a question; `None` when the person's input ends (Ctrl-D).
    fn ask(&mut self, prompt: &str) -> io::Result<Option<String>>;
    /// Whether boards are drawn in colour.
    fn colour(&self) -> bool {
        false
    }
}

impl Person for Terminal {
    fn show(&mut self, screen: &str, news: &[String]) -> io::Result<()> {
        let mut text = String::from(screen);
        text.push('\n');
        for n in news {
            text.push_str(n);
            text.push('\n');
        }
        self.clear()?;
        self.print(&text)
    }

    fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        Terminal::ask(self, prompt)
    }

    fn colour(&self) -> bool {
        Terminal::colour(self)
    }
}

/// The news below a board: the last lines a person was told, the oldest
/// first.
#[derive(Clone, Debug, Default)]
pub struct News {
    lines: Vec<String>,
}

impl News {
    /// How many lines stay on the screen.
    pub const KEPT: usize = 8;

    /// Tells `line`, the oldest line going when there are too many.
    pub fn say(&mut self, line: String) {
        self.lines.push(line);
        if self.lines.len() > News::KEPT {
            self.lines.remove(0);
        }
    }

    /// Takes back the last line told (a "waiting..." that is over).
    pub fn unsay(&mut self) {
        self.lines.pop();
    }

    /// Forgets every line.
    pub fn clear(&mut self) {
        self.lines.clear();
    }

    /// The lines, and `extra` below them, to [`Person::show`].
    pub fn with(&self, extra: Option<String>) -> Vec<String> {
        let mut lines = self.lines.clone();
        lines.extend(extra);
        lines
    }
}

/// What a person typed at a move prompt, as a game's own reader reads it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Typed<U> {
    /// A move, to check against the position (the rules say why not).
    Move(U),
    /// `?` or `help`: how to type a move.
    Help,
    /// `moves`: the legal moves, where a game lists them.
    List,
    /// `quit`: give up (the program exits, and the referee says so).
    Quit,
}

/// The words every prompt takes besides a move, in any case: `?`, `help`
/// or `h` (help), `moves` or `list` (the legal moves), `quit`, `q` or
/// `resign` (give up); `None` for anything else, a game's move.
pub fn command<U>(line: &str) -> Option<Typed<U>> {
    match line.trim().to_ascii_lowercase().as_str() {
        "?" | "help" | "h" => Some(Typed::Help),
        "moves" | "list" => Some(Typed::List),
        "quit" | "q" | "resign" => Some(Typed::Quit),
        _ => None,
    }
}

/// Checks that a game's reader `read` takes [`command`]'s words as a
/// person types them, in any case (the tests of each game's reader).
pub fn assert_reads_commands<U: Clone + std::fmt::Debug + PartialEq>(
    read: impl Fn(&str) -> Result<Typed<U>, String>,
) {
    for (lines, command) in [
        (&["?", "Help"][..], Typed::Help),
        (&["moves"], Typed::List),
        (&["quit", "q"], Typed::Quit),
    ] {
        for line in lines {
            assert_eq!(read(line), Ok(command.clone()), "{line:?}");
        }
    }
}

/// The words of a typed line: split at blanks and at any of `separators`
/// (`,` and the like, which people type between a move's parts).
pub fn words<'a>(line: &'a str, separators: &[char]) -> Vec<&'a str> {
    line.split(|c: char| c.is_whitespace() || separators.contains(&c))
        .filter(|w| !w.is_empty())
        .collect()
}

/// A game's move prompt: what [`ask_move`] needs from it. `U` is a move
/// as typed, `M` one the rules accept, `E` why they refuse one.
pub struct Prompt<'a, U, M, E> {
    /// The question (`Move 3, your turn > `).
    pub question: &'a str,
    /// Reads a typed line: a move, a command (most games take
    /// [`command`]'s words), or why it is neither, naming what was
    /// received.
    pub read: &'a dyn Fn(&str) -> Result<Typed<U>, String>,
    /// The rules' verdict on a typed move: the move, or their reason.
    pub check: &'a dyn Fn(&U) -> Result<M, E>,
    /// How to type a move (the answer to `?`).
    pub how: &'a str,
    /// The legal moves, in words (the answer to `moves`).
    pub list: &'a dyn Fn() -> String,
}

/// Asks until the person types a legal move: `screen` shown with `news`
/// below it, then the prompt's question; a line the game cannot read, or
/// a move its rules refuse, is answered below the news (with the rules'
/// reason), and asked again. `None` when the person gives up (`quit`, or
/// the end of their input).
pub fn ask_move<U, M, E: std::fmt::Display>(
    person: &mut dyn Person,
    news: &News,
    screen: &str,
    prompt: &Prompt<'_, U, M, E>,
) -> io::Result<Option<M>> {
    let mut problem: Option<String> = None;
    loop {
        person.show(screen, &news.with(problem.take()))?;
        let Some(line) = person.ask(prompt.question)? else {
            return Ok(None);
        };
        match (prompt.read)(&line) {
            Ok(Typed::Move(u)) => match (prompt.check)(&u) {
                Ok(mv) => return Ok(Some(mv)),
                Err(e) => problem = Some(format!("Not legal: {e}. Try another move.")),
            },
            Ok(Typed::Help) => problem = Some(format!("How to play: {}", prompt.how)),
            Ok(Typed::List) => problem = Some(format!("Your moves: {}", (prompt.list)())),
            Ok(Typed::Quit) => return Ok(None),
            Err(e) => problem = Some(e),
        }
    }
}

/// The line below the news while the opponent thinks.
pub const WAITING: &str = "Waiting for the opponent's move...";

/// Shows `screen` with the news and `waiting` below it (`Waiting for the
/// opponent's move...`), the line taken back afterwards: the screen stays
/// while another program thinks.
pub fn show_waiting(
    person: &mut dyn Person,
    news: &mut News,
    screen: &str,
    waiting: &str,
) -> io::Result<()> {
    news.say(waiting.to_owned());
    let shown = person.show(screen, &news.with(None));
    news.unsay();
    shown
}

/// The words for how a two-player session ended ([`SessionEnd`]), from
/// the person's side; `refused` names their move the referee refused.
pub fn session_end(end: SessionEnd, refused: impl FnOnce() -> String) -> String {
    match end {
        SessionEnd::Closed => "The referee ended the game.".to_owned(),
        SessionEnd::Won => "You win!".to_owned(),
        SessionEnd::Lost => "You lose.".to_owned(),
        SessionEnd::Drawn => "A draw.".to_owned(),
        SessionEnd::OwnError => format!("The referee refused your move {}: you lose.", refused()),
        SessionEnd::OpponentError => "The opponent's move was illegal: you win.".to_owned(),
        SessionEnd::OpponentFailed => {
            "The opponent failed (it crashed, or ran out of time): you win.".to_owned()
        }
    }
}

/// A person who types lines from a list, and remembers everything shown
/// and asked (the tests of a `human` program's loop).
#[derive(Debug, Default)]
pub struct Scripted {
    typed: VecDeque<String>,
    /// Every screen, news line and prompt, in order, a line each.
    pub seen: String,
}

impl Scripted {
    /// A person who will type `lines`, then end their input.
    pub fn new(lines: &[&str]) -> Scripted {
        Scripted {
            typed: lines.iter().map(|l| (*l).to_owned()).collect(),
            seen: String::new(),
        }
    }
}

impl Scripted {
    /// Runs `play` with a person who types `typed`: `play` writes to the
    /// buffer it is given (the referee's side); returns what it returned,
    /// what it wrote, and everything the person was shown.
    pub fn play<T>(
        typed: &[&str],
        play: impl FnOnce(&mut Vec<u8>, &mut Scripted) -> T,
    ) -> (T, String, String) {
        let mut person = Scripted::new(typed);
        let mut out = Vec::new();
        let end = play(&mut out, &mut person);
        let out = String::from_utf8(out).expect("a player writes text");
        (end, out, person.seen)
    }
}

/// Checks that a person was shown each of `texts` (`seen` is what a
/// [`Scripted`] person saw), naming those they were not (the tests of a
/// `human` program's loop).
pub fn assert_shown(seen: &str, texts: &[&str]) {
    let missing: Vec<&&str> = texts.iter().filter(|t| !seen.contains(**t)).collect();
    assert!(missing.is_empty(), "not shown: {missing:?}\n{seen}");
}

impl Person for Scripted {
    fn show(&mut self, screen: &str, news: &[String]) -> io::Result<()> {
        self.seen.push_str(screen);
        for n in news {
            self.seen.push_str(n);
            self.seen.push('\n');
        }
        Ok(())
    }

    fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        self.seen.push_str(prompt);
        self.seen.push('\n');
        Ok(self.typed.pop_front())
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Some(pid) = self.previous {
            let _ = unistd::tcsetpgrp(&self.output, pid);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_news_keeps_its_last_lines() {
        let mut news = News::default();
        for i in 0..=News::KEPT {
            news.say(format!("line {i}"));
        }
        let lines = news.with(Some("extra".to_owned()));
        assert_eq!(lines.len(), News::KEPT + 1);
        assert_eq!(lines[0], "line 1");
        assert_eq!(lines[News::KEPT - 1], format!("line {}", News::KEPT));
        assert_eq!(lines[News::KEPT], "extra");
        // A line taken back is gone, and so is the one it pushed out.
        news.say("waiting".to_owned());
        news.unsay();
        assert_eq!(news.with(None)[0], "line 2");
        assert_eq!(news.with(None).len(), News::KEPT - 1);
        news.clear();
        assert!(news.with(None).is_empty());
    }
}
