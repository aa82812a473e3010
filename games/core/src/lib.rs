//! What a game is to the referee.
//!
//! A game plugs into the referee as a rules module implementing two traits:
//! [`Spec`], the kind of game (its name, its options, its defaults, how to
//! build one), and [`Game`], one game in progress as the match driver sees
//! it. The driver owns the flow that every game shares — asking a seat for a
//! reply, waiting for it under a deadline, faults and their verdicts, the
//! statistics and the record — and asks the game only what depends on its
//! rules: who moves, what a reply looks like, whether it is legal, what it
//! changes, what each seat is told, and when the game is over.
//!
//! Everything here is pure: no files, no processes, no clock; for the players'
//! side, [`LineReader`] reads whatever stream it is handed and
//! [`finish_session`] writes the end of a session to a log. `docs/games.md` walks through adding a game.

mod finish;
mod line;
mod moves;
mod named;
mod one_reply;
pub mod perft;
pub mod play;
mod reader;
mod rng;
mod scene;
pub mod session;
mod setup;
mod start;
mod tell;
mod text;

use std::fmt;

pub use finish::{error_chain, finish_session};
pub use line::{LineError, clean_line, printable};
pub use moves::{IllegalOf, Legal, ParseErrorOf, Reply, UncheckedOf, framing_of};
pub use one_reply::play_reply;
pub use reader::{LineReader, ReadError, Trickle, assert_reads_to_the_end, play_to_the_end};
pub use rng::Rng;
pub use scene::open_scene;
pub use setup::{NoSetup, SecretSetup, SetupOf, SetupPhase, SetupRecordOf, WithSetup};
pub use start::{parse_args, seed_or_clock};
pub use tell::Tell;

/// A seat at the table: 0 for the first player, 1 for the second, ...
pub type Seat = usize;

/// The most seats any game has (Mansuba plays with up to five).
pub const MAX_SEATS: usize = 5;

/// How a seat's program runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Launch {
    /// One process for the whole game, spoken to over its stdin and stdout
    /// (Stratego, Quarto, Coursidor, Mansuba).
    Session,
    /// A process for every move: it gets the position on stdin and
    /// [`Question::args`] after its own arguments, prints its move and
    /// exits (Oust).
    PerMove,
}

/// How the referee cuts a program's output into replies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Framing {
    /// Longest line, in bytes, not counting the `\n`.
    pub max_line_bytes: usize,
    /// Most bytes a reply may take before it is complete.
    pub max_reply_bytes: usize,
}

impl Framing {
    /// Lines of at most `max_line_bytes`, replies of at most
    /// `max_reply_bytes`.
    pub const fn new(max_line_bytes: usize, max_reply_bytes: usize) -> Framing {
        Framing {
            max_line_bytes,
            max_reply_bytes,
        }
    }
}

/// Which time limit a reply runs under.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReplyKind {
    /// A secret setup of the setup phase.
    Setup,
    /// A move.
    Move,
}

/// A reply the referee asks a seat for.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Question {
    /// Non-blank lines that make up the reply.
    pub lines: usize,
    /// What the program is sent before its reply is awaited: for a session,
    /// written to its stdin (often empty: the seat has been told what it
    /// needs already); for a process per move, its whole stdin.
    pub input: String,
    /// For a process per move: arguments after the program's own (Oust:
    /// the time allowed in seconds). Ignored for a session.
    pub args: Vec<String>,
}

/// The time limits of a match, as the game may need to tell them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// Time for each move reply.
    pub move_time: std::time::Duration,
    /// Time for the setup reply.
    pub setup_time: std::time::Duration,
    /// A seat's own limit where the match gave it one
    /// (`--player-time-limit-ms`), for its moves and its setup alike.
    pub seats: [SeatLimit; MAX_SEATS],
}

/// The time limit of one seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum SeatLimit {
    /// The match's limits.
    #[default]
    Shared,
    /// A limit of its own.
    Own(std::time::Duration),
    /// No limit (a person at a keyboard).
    Unlimited,
}

impl Limits {
    /// The same limits for every seat.
    pub fn new(move_time: std::time::Duration, setup_time: std::time::Duration) -> Limits {
        Limits {
            move_time,
            setup_time,
            seats: [SeatLimit::Shared; MAX_SEATS],
        }
    }

    /// The time `seat` has for each move; `None`: no limit.
    pub fn move_time_of(&self, seat: Seat) -> Option<std::time::Duration> {
        match self.seats.get(seat).copied().unwrap_or_default() {
            SeatLimit::Shared => Some(self.move_time),
            SeatLimit::Own(d) => Some(d),
            SeatLimit::Unlimited => None,
        }
    }

    /// The time `seat` has for its setup; `None`: no limit.
    pub fn setup_time_of(&self, seat: Seat) -> Option<std::time::Duration> {
        match self.seats.get(seat).copied().unwrap_or_default() {
            SeatLimit::Shared => Some(self.setup_time),
            SeatLimit::Own(d) => Some(d),
            SeatLimit::Unlimited => None,
        }
    }
}

/// What a game is built with besides its own options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Context {
    /// Moves (all seats together) after which the game is drawn; 0 = none.
    pub max_turns: u32,
    /// The time limits.
    pub limits: Limits,
    /// The seed of every random draw the referee makes for the game
    /// (recorded, so that a record replays exactly).
    pub seed: u64,
}

/// The defaults of a game's match settings (the seeds' own rules).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Defaults {
    /// Time for each move, in milliseconds.
    pub time_limit_ms: u64,
    /// Time for the setup reply, in milliseconds (games with a secret
    /// setup; it includes the program's start-up, which costs interpreted
    /// and JVM players hundreds of milliseconds).
    pub setup_time_limit_ms: u64,
    /// Moves (all seats together) after which the game is drawn; 0 = none.
    /// With the game's default options: a game whose limit depends on its
    /// options says so in [`Spec::default_max_turns`].
    pub max_turns: u32,
}

/// The end of a game by its rules.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct End {
    /// The winner; `None` for a draw.
    pub winner: Option<Seat>,
    /// A stable snake_case name (`"flag_captured"`, `"turn_limit"`).
    pub reason: &'static str,
    /// The reason in words, for people.
    pub words: &'static str,
    /// What happened exactly (`"player 0 took the flag: H6 E 1"`).
    pub detail: String,
}

/// One game in progress, as the match driver sees it: the rules, the wire
/// format and what each seat may know.
///
/// The driver calls, in order: [`greeting`](Self::greeting) for every seat;
/// for a game with a secret setup phase ([`SecretSetup`]), that phase; then, until
/// [`end`](Self::end) says the game is over, a turn:
/// [`to_move`](Self::to_move), [`question`](Self::question), and on the reply
/// [`parse`](Self::parse) → [`check`](Self::check) → [`play`](Self::play).
///
/// Faults are the driver's: a seat whose reply does not parse or is not
/// legal, or whose program fails (timeout, crash, ...), loses; the game
/// only says what the others are told
/// ([`tell_illegal`](Self::tell_illegal), [`tell_failure`](Self::tell_failure)).
pub trait Game {
    /// The secret setup phase: [`NoSetup`] for a game without one,
    /// [`WithSetup<Self>`] for a game that implements [`SecretSetup`].
    type Phase: SetupPhase<Self>;
    /// A legal move; its [`Legal`] implementation names the reply it is
    /// read as and why either may be refused.
    type Move: Legal;
    /// A played move as `--record` shows it: the game's own fields,
    /// beside the driver's `ply`, `player` and `reply_ms`; and in words
    /// for people (`B3 E 1 -> B 3 1`). Read back by a replay, which
    /// compares it with the move played again.
    type MoveRecord: serde::Serialize
        + serde::de::DeserializeOwned
        + PartialEq
        + fmt::Display
        + fmt::Debug
        + 'static;

    /// The number of seats (2 to [`MAX_SEATS`]); two by default.
    fn seats(&self) -> usize {
        2
    }

    /// How the seats' programs run.
    fn launch(&self) -> Launch {
        Launch::Session
    }

    /// What `seat` is told when its program starts (a session only; its
    /// number, the board...). May be empty.
    fn greeting(&self, seat: Seat) -> String;

    /// The end of the game, if it is over; asked before every turn.
    fn end(&self) -> Option<End>;

    /// The seat to move.
    fn to_move(&self) -> Seat;

    /// The lines of a move reply, for the default
    /// [`question`](Self::question); one by default.
    const REPLY_LINES: usize = 1;

    /// What the seat to move is asked; by default a reply of
    /// [`REPLY_LINES`](Self::REPLY_LINES) lines with nothing sent first (a
    /// session's seat knows the position from what it has been told).
    fn question(&self, _seat: Seat) -> Question {
        Question {
            lines: Self::REPLY_LINES,
            ..Question::default()
        }
    }

    /// Reads a move reply. `lines` are the reply's raw lines, without `\n`
    /// or a trailing `\r` (see [`clean_line`]).
    fn parse(&self, seat: Seat, lines: &[Vec<u8>])
    -> Result<UncheckedOf<Self>, ParseErrorOf<Self>>;

    /// Checks a reply against the position.
    fn check(&self, seat: Seat, mv: &UncheckedOf<Self>) -> Result<Self::Move, IllegalOf<Self>>;

    /// Plays a legal move of the seat to move: says in `tell` what each seat
    /// learns of it, and returns the move's record.
    fn play(&mut self, mv: Self::Move, tell: &mut Tell) -> Self::MoveRecord;

    /// What the seats are told when `seat`'s move reply was unreadable
    /// (`parsed` is `None`) or illegal (`parsed` is what it said); by
    /// default the two seats' session vocabulary: `E` to both
    /// ([`session::tell_illegal`]).
    fn tell_illegal(&self, seat: Seat, _parsed: Option<&UncheckedOf<Self>>, tell: &mut Tell) {
        session::tell_illegal(seat, tell);
    }

    /// What the seats still playing are told when `seat`'s program failed
    /// (timed out, crashed, exited, broke its pipes). The driver drops
    /// anything addressed to a seat that has failed itself. By default the
    /// two seats' session vocabulary: `F` to the opponent
    /// ([`session::tell_failure`]).
    fn tell_failure(&self, seat: Seat, tell: &mut Tell) {
        session::tell_failure(seat, tell);
    }

    /// The position drawn as text for people (`referee -v`, `referee
    /// replay`), from every seat's view at once; `colour` allows ANSI
    /// colours.
    fn draw(&self, colour: bool) -> String;

    /// The reply lines that make the recorded move `rec` again, as a
    /// program would send them: a replay parses, checks and plays them
    /// with today's rules (`referee replay`).
    fn move_reply(&self, rec: &Self::MoveRecord) -> Vec<Vec<u8>>;

    /// The position as the HTML viewer shows it (`referee view`): to
    /// everyone (`viewer` is `None`: every piece) or as `viewer`'s seat
    /// knows it; `None` when the game does not draw that view. The text is
    /// the game's own encoding, drawn by its [`Viewer::script`]. By default
    /// the omniscient text of [`draw`](Self::draw), shown as it is, and no
    /// seat's view.
    fn scene(&self, viewer: Option<Seat>) -> Option<String> {
        viewer.is_none().then(|| self.draw(false))
    }

    /// What the rules call `seat` (Stratego's `red`, Coursidor's
    /// `black`), for the verdict's details beside the seat's number;
    /// `None` (the default) for a game whose seats have no names.
    fn seat_name(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// How the HTML viewer draws this game's scenes; by default as text.
    fn viewer(&self) -> Viewer {
        Viewer::TEXT
    }

    /// The verdict's warnings so far: replies the game accepted although
    /// its protocol does not spell them so (a reply read as another
    /// referee reads it, a part of a reply the seed's own code ignores),
    /// each quoting what was received and saying what it was taken for.
    /// By default none.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A game's drawing in the HTML viewer (`docs/games.md`, "The viewer"):
/// JavaScript and CSS inlined into the page.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Viewer {
    /// Defines `function drawScene(scene, element, view)`, which fills the
    /// DOM `element` with the board of `scene` (a [`Game::scene`] string)
    /// as `view` sees it (`"all"`, or a seat number). Empty: each scene is
    /// shown as preformatted text.
    pub script: &'static str,
    /// CSS for what the script draws.
    pub style: &'static str,
}

impl Viewer {
    /// Scenes drawn by `script`, styled by `style`.
    pub const fn new(script: &'static str, style: &'static str) -> Viewer {
        Viewer { script, style }
    }

    /// Scenes shown as text.
    pub const TEXT: Viewer = Viewer {
        script: "",
        style: "",
    };
}

/// A program of ours that runs a kind of player program in its place (a
/// course client `.so` of Coursidor runs in `coursidor-host`, which loads
/// it and speaks the game's protocol for it): the referee execs the host,
/// found beside its own executable, with [`args`](Self::args), then the
/// player's program and the program's own arguments.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Host {
    /// The host's file name, in the referee's own directory.
    pub program: &'static str,
    /// Its arguments before the player's program.
    pub args: Vec<String>,
    /// The statuses it exits with when it stops before the game's end,
    /// each with its cause: the referee's verdict names the cause of an
    /// exit with one of these, which the process alone cannot tell from
    /// any other program's exit.
    pub exits: &'static [HostExit],
    /// How the line it writes last to its log (stderr) when it stops
    /// with one of [`exits`](Self::exits) begins (`coursidor-host
    /// stopped: `): the verdict quotes that line, which says more than
    /// the status (which function a client lacks).
    pub last_words: &'static str,
}

/// One documented exit status of a [`Host`] and what it means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HostExit {
    /// The status.
    pub status: i32,
    /// Its cause, in words (`the client lacks a function of player.h`).
    pub cause: &'static str,
}

impl Host {
    /// The cause of an exit with `status`, if it is one of the host's own.
    pub fn cause_of(&self, status: i32) -> Option<&'static str> {
        self.exits
            .iter()
            .find(|e| e.status == status)
            .map(|e| e.cause)
    }
}

/// Why a game's options were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionsError(pub String);

/// A kind of game: its name, its options and how to start one. The
/// registry (`games/registry`) lists one `Spec` per game.
pub trait Spec {
    /// The name on the command line (`--game NAME`).
    const NAME: &'static str;
    /// One line for `referee --list-games`.
    const ABOUT: &'static str;
    /// The defaults of the match settings for this game.
    const DEFAULTS: Defaults;
    /// A short flag of the seed's own command line for the referee's turn
    /// limit, `--max-turns` (Coursidor's server takes `-M NB`), if any.
    const MAX_TURNS_SHORT: Option<char> = None;

    /// The game's own options, parsed from the referee's command line
    /// and written into its JSON and record (`settings`), and read back
    /// from a record by a replay.
    type Options: clap::Args
        + clap::FromArgMatches
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Clone
        + fmt::Debug
        + Send
        + Sync
        + 'static;

    /// The game in progress.
    type Game: Game;

    /// How the default turn limit follows the options, in words, for a
    /// game whose [`Spec::default_max_turns`] is not always
    /// [`Defaults::max_turns`] (`referee --list-games` shows it beside the
    /// default options' figure); `None`: the limit is the same for every
    /// option.
    const MAX_TURNS_RULE: Option<&'static str> = None;

    /// The turn limit when the command line gives none, for these
    /// options (Mansuba's is 2 · WIDTH · HEIGHT); by default
    /// [`Defaults::max_turns`].
    fn default_max_turns(_options: &Self::Options) -> u32 {
        Self::DEFAULTS.max_turns
    }

    /// Starts a game, or says what is wrong with the options.
    fn new(options: &Self::Options, context: &Context) -> Result<Self::Game, OptionsError>;

    /// The host that runs `program` (the player's program as the command
    /// line gave it) at `seat`, if this game runs such programs through
    /// one; by default none: every program runs as it is.
    fn host(_options: &Self::Options, _seat: Seat, _program: &std::path::Path) -> Option<Host> {
        None
    }
}
