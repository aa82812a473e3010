//! The faulty player's game loop: correct play (random or passive moves)
//! with the misbehaviour injected at the chosen moment.

use std::fs::File;
use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

use nix::sys::signal::Signal;
use stratego::{Move, MoveList, MoveResult, OpponentTurn, Player, Rank, Square, View};
use stratego_ai::rng::Rng;
use stratego_ai::session::LineReader;

use super::illegal::illegal_move_lines;
use super::mode::{Config, Mode};
use super::sys;

/// The faulty player's setup: a classic placement, mirrored for player 1,
/// chosen so every illegal-move kind exists at the first move (movable
/// pieces beside the lakes and on row A, a Scout behind its own pieces).
pub fn fixed_setup(me: Player) -> stratego::Setup {
    const CODES: [u8; 40] = [
        12, 11, 12, 8, 12, 12, 8, 9, 7, 12, 9, 4, 6, 12, 5, 9, 3, 8, 2, 9, 1, 8, 3, 9, 10, 8, 5, 9,
        7, 4, 6, 9, 5, 6, 7, 9, 4, 5, 6, 7,
    ];
    let mut ranks: Vec<Rank> = CODES
        .iter()
        .map(|&c| Rank::from_code(c).expect("valid code"))
        .collect();
    if me == Player::One {
        for row in ranks.chunks_mut(4) {
            row.reverse();
        }
    }
    stratego::Setup::new(me, &ranks).expect("the fixed setup is valid")
}

/// Where the transcript goes.
enum Transcript {
    /// A file.
    File(File),
    /// Stderr, as `@recv HEX` lines (the tests' way out of the sandbox:
    /// the referee logs stderr).
    Stderr,
}

/// Stdin read with raw `read` calls, every byte copied to the transcript.
struct Input {
    transcript: Option<Transcript>,
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = sys::read_stdin(buf).map_err(io::Error::from)?;
        match self.transcript.as_mut() {
            Some(Transcript::File(t)) => t.write_all(&buf[..n])?,
            Some(Transcript::Stderr) if n > 0 => {
                let hex: String = buf[..n].iter().map(|b| format!("{b:02x}")).collect();
                io::stderr()
                    .lock()
                    .write_all(format!("@recv {hex}\n").as_bytes())?;
            }
            _ => {}
        }
        Ok(n)
    }
}

/// Why the loop stopped.
enum Stop {
    /// The game is over (EOF, `E`, `F` or `KO`).
    GameOver,
    /// Something unexpected; the message goes to stderr.
    Trouble(String),
}

impl<E: std::fmt::Display> From<E> for Stop {
    fn from(e: E) -> Stop {
        Stop::Trouble(e.to_string())
    }
}

struct Faulty<'a> {
    cfg: &'a Config,
    reader: LineReader<Input>,
    rng: Rng,
    passive: bool,
    /// When the last line of the current request was read.
    asked_at: Instant,
    /// Set once SIGTERM is ignored: the player then outlives the game.
    outlive: bool,
    /// The previous own move, for passive shuffling.
    last: Option<Move>,
}

/// Plays one game as configured; returns the process exit status.
pub fn run(cfg: &Config, passive: bool) -> i32 {
    let transcript = match cfg.transcript.as_ref() {
        None => Ok(None),
        Some(p) if p.as_os_str() == "-" => Ok(Some(Transcript::Stderr)),
        Some(p) => File::create(p).map(|f| Some(Transcript::File(f))),
    };
    let transcript = match transcript {
        Ok(t) => t,
        Err(e) => {
            eprintln!("faulty-player: cannot create the transcript: {e}");
            return 2;
        }
    };
    let mut f = Faulty {
        cfg,
        reader: LineReader::new(Input { transcript }),
        rng: Rng::new(cfg.seed),
        passive,
        asked_at: Instant::now(),
        outlive: false,
        last: None,
    };
    let stop = f.game().err().unwrap_or(Stop::GameOver);
    if let Stop::Trouble(msg) = &stop {
        eprintln!("faulty-player: {msg}");
    }
    if f.outlive {
        eprintln!("faulty-player: game over, staying alive and ignoring SIGTERM");
        sys::hang();
    }
    match stop {
        Stop::GameOver => 0,
        Stop::Trouble(_) => 3,
    }
}

impl Faulty<'_> {
    fn line(&mut self) -> Result<String, Stop> {
        let line = self.reader.next_line()?.ok_or(Stop::GameOver)?;
        self.asked_at = Instant::now();
        Ok(line)
    }

    fn hit(&self, moment: u32) -> bool {
        self.cfg.mode != Mode::None && self.cfg.at == moment
    }

    fn game(&mut self) -> Result<(), Stop> {
        let mode = self.cfg.mode;
        let early_setup = mode == Mode::EarlyReply && self.cfg.at == 0;
        if early_setup {
            // The codes do not depend on the player number: send them first.
            sys::write_stdout(fixed_setup(Player::Zero).to_wire().as_bytes())?;
        }
        let first = self.line()?;
        if first == "F" {
            return Err(Stop::GameOver);
        }
        let me: Player = first.parse()?;
        let setup = if early_setup {
            // The codes sent early were player 0's; as player 1 they stand
            // on player 1's squares, in the same wire order.
            stratego::Setup::new(me, fixed_setup(Player::Zero).ranks())?
        } else {
            fixed_setup(me)
        };
        if mode.is_setup_mode() {
            self.bad_setup(mode, &setup)?;
        } else if !early_setup {
            let reply = setup.to_wire();
            if self.hit(0) {
                self.misbehave(reply, None)?;
            } else {
                sys::write_stdout(reply.as_bytes())?;
            }
        }
        match self.line()?.as_str() {
            "OK" => {}
            "KO" | "F" => return Err(Stop::GameOver),
            other => return Err(Stop::Trouble(format!("{other:?} in place of OK/KO"))),
        }

        let mut view = View::new(&setup);
        let mut own_moves = 0u32;
        // A move already written ahead of its turn (early-reply).
        let mut pending: Option<Move> = None;
        loop {
            if view.to_move() == me {
                own_moves += 1;
                let mv = match pending.take() {
                    Some(mv) => mv,
                    None => {
                        if self.hit(own_moves) && mode.is_illegal_move() {
                            let lines = illegal_move_lines(&view, mode).ok_or_else(|| {
                                Stop::Trouble(format!("no {mode:?} move in this position"))
                            })?;
                            sys::write_stdout(lines.as_bytes())?;
                            self.line()?;
                            return Err(Stop::GameOver);
                        }
                        let shuffle_from_now = self.hit(own_moves) && mode == Mode::StopReading;
                        let mv = match safe_move(&view).filter(|_| shuffle_from_now) {
                            // Shuffled blindly from now on: a quiet move no opponent piece can disturb.
                            Some(mv) => mv,
                            None => self.choose(&view)?,
                        };
                        let reply = mv.to_unchecked().to_wire();
                        if self.hit(own_moves) && mode != Mode::EarlyReply {
                            self.misbehave(reply, Some(mv))?;
                        } else {
                            sys::write_stdout(reply.as_bytes())?;
                        }
                        mv
                    }
                };
                let result = self.result()?;
                view.apply_own(mv, result)?;
                self.last = Some(mv);
                if mode == Mode::EarlyReply && self.hit(own_moves + 1) {
                    // Write the next move now, before the opponent's move arrives:
                    // a move the opponent cannot disturb.
                    if let Some(next) = safe_move(&view) {
                        sys::write_stdout(next.to_unchecked().to_wire().as_bytes())?;
                        pending = Some(next);
                    }
                }
            } else {
                let (m, r) = match self.reader.next_opponent_turn()? {
                    None
                    | Some(
                        OpponentTurn::Error
                        | OpponentTurn::Failure
                        | OpponentTurn::Move(_, MoveResult::Error | MoveResult::Failure),
                    ) => {
                        return Err(Stop::GameOver);
                    }
                    Some(OpponentTurn::Move(m, r)) => (m, r),
                };
                self.asked_at = Instant::now();
                view.apply_opponent(m, r)?;
            }
        }
    }

    fn result(&mut self) -> Result<MoveResult, Stop> {
        match self.reader.next_result()? {
            None | Some(MoveResult::Error | MoveResult::Failure) => Err(Stop::GameOver),
            Some(r) => {
                self.asked_at = Instant::now();
                Ok(r)
            }
        }
    }

    /// A correct move: random, or for a passive player the previous move
    /// taken back when possible.
    fn choose(&mut self, view: &View) -> Result<Move, Stop> {
        let mut moves = MoveList::new();
        view.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(Stop::Trouble("asked to move without a legal move".into()));
        }
        if self.passive {
            let back = self.last.and_then(|l| {
                moves
                    .iter()
                    .copied()
                    .find(|m| m.from() == l.to() && m.to() == l.from())
            });
            let quiet = moves
                .iter()
                .copied()
                .find(|m| view.cell(m.to()) == stratego::Cell::Empty);
            return Ok(back.or(quiet).unwrap_or(moves[0]));
        }
        Ok(moves[self.rng.below(moves.len())])
    }

    fn bad_setup(&mut self, mode: Mode, setup: &stratego::Setup) -> Result<(), Stop> {
        let mut lines: Vec<String> = setup.ranks().iter().map(|r| r.code().to_string()).collect();
        match mode {
            Mode::SetupBadCode => lines[16] = "13".into(),
            Mode::SetupBadCounts => {
                let captain = lines.iter().position(|l| l == "5").expect("a Captain");
                lines[captain] = "4".into();
            }
            Mode::SetupNotANumber => lines[0] = "KO".into(),
            Mode::Setup39 => {
                lines.pop();
                sys::write_stdout((lines.join("\n") + "\n").as_bytes())?;
                sys::hang();
            }
            _ => unreachable!("not a setup mode"),
        }
        sys::write_stdout((lines.join("\n") + "\n").as_bytes())?;
        Ok(())
    }

    /// Sends `reply` (the correct answer) the wrong way, as the mode says.
    /// Returns only for modes after which the player goes on playing.
    fn misbehave(&mut self, reply: String, current: Option<Move>) -> Result<(), Stop> {
        let limit = self.cfg.limit;
        match self.cfg.mode {
            Mode::Delay40 => self.send_at(&reply, limit.mul_f64(0.4)),
            Mode::Delay90 => self.send_at(&reply, limit.mul_f64(0.9)),
            Mode::Delay110 => self.send_at(&reply, limit.mul_f64(1.1)),
            Mode::TrickleUnder => self.trickle(&reply, limit.mul_f64(0.6)),
            Mode::TrickleOver => self.trickle(&reply, limit.mul_f64(1.5)),
            Mode::Sleep => sys::hang(),
            Mode::Busy => loop {
                std::hint::spin_loop();
            },
            Mode::Exit0 => std::process::exit(0),
            Mode::Exit1 => std::process::exit(1),
            Mode::Abort => std::process::abort(),
            Mode::Segv => sys::die_by(Signal::SIGSEGV),
            Mode::CloseStdout => {
                sys::close_std(1);
                sys::hang()
            }
            Mode::CloseStdin => {
                sys::close_std(0);
                sys::write_stdout(reply.as_bytes())?;
                sys::hang()
            }
            Mode::Garbage | Mode::LongLine => {
                let bad = if self.cfg.mode == Mode::Garbage {
                    "hello, referee".to_owned()
                } else {
                    "A".repeat(200)
                };
                let mut lines: Vec<&str> = reply.lines().collect();
                lines[0] = &bad;
                sys::write_stdout((lines.join("\n") + "\n").as_bytes())?;
                Ok(())
            }
            Mode::FloodStdout => {
                let chunk = vec![b'x'; 1 << 16];
                for _ in 0..(100 << 20) / chunk.len() {
                    sys::write_stdout(&chunk)?;
                }
                sys::hang()
            }
            Mode::FloodStderr => {
                // The first 16 MiB before the reply: a referee that does not
                // drain stderr while it waits would make this reply late.
                let chunk = vec![b'e'; 1 << 16];
                for _ in 0..256 {
                    sys::write_stderr(&chunk)?;
                }
                std::thread::spawn(move || {
                    for _ in 256..(1usize << 30) / chunk.len() {
                        if sys::write_stderr(&chunk).is_err() {
                            return;
                        }
                    }
                });
                sys::write_stdout(reply.as_bytes())?;
                Ok(())
            }
            Mode::ExtraLines => {
                sys::write_stdout((reply + "extra\nlines\n").as_bytes())?;
                Ok(())
            }
            Mode::StopReading => {
                sys::shrink_stdin_pipe()?;
                sys::write_stdout(reply.as_bytes())?;
                match current {
                    Some(mv) => blind_shuffle(mv),
                    // At the setup, nothing is known yet to shuffle with: just stop.
                    None => sys::hang(),
                }
            }
            Mode::ForkChild => {
                sys::fork_sleeper()?;
                sys::write_stdout(reply.as_bytes())?;
                Ok(())
            }
            Mode::SetsidGrandchild => {
                sys::fork_setsid_grandchild()?;
                sys::write_stdout(reply.as_bytes())?;
                Ok(())
            }
            Mode::IgnoreTerm => {
                sys::ignore_sigterm()?;
                self.outlive = true;
                sys::write_stdout(reply.as_bytes())?;
                Ok(())
            }
            Mode::ForkMany => {
                for _ in 0..50 {
                    sys::fork_sleeper()?;
                }
                sys::write_stdout(reply.as_bytes())?;
                Ok(())
            }
            attack if attack.is_attack() => {
                super::attack::run(attack, &self.cfg.connect);
                sys::write_stdout(reply.as_bytes())?;
                Ok(())
            }
            other => Err(Stop::Trouble(format!("{other:?} does not act here"))),
        }
    }

    fn send_at(&self, reply: &str, after: Duration) -> Result<(), Stop> {
        std::thread::sleep(after.saturating_sub(self.asked_at.elapsed()));
        sys::write_stdout(reply.as_bytes())?;
        Ok(())
    }

    fn trickle(&self, reply: &str, total: Duration) -> Result<(), Stop> {
        let bytes = reply.as_bytes();
        let step = total / bytes.len() as u32;
        for (i, b) in bytes.iter().enumerate() {
            std::thread::sleep((step * (i as u32 + 1)).saturating_sub(self.asked_at.elapsed()));
            sys::write_stdout(std::slice::from_ref(b))?;
        }
        Ok(())
    }
}

/// Stops reading for good and keeps answering by moving the piece of `mv`
/// back and forth between its two squares, as if nothing happened.
fn blind_shuffle(mv: Move) -> ! {
    let (a, b) = (mv.from(), mv.to());
    let mut at = b;
    loop {
        let to = if at == a { b } else { a };
        let (dir, dist) = at.line_to(to).expect("a and b are in line");
        // The referee will stop reading our replies too once it gives up on us.
        if sys::write_stdout(format!("{at}\n{dir}\n{dist}\n").as_bytes()).is_err() {
            std::process::exit(0);
        }
        at = to;
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// A quiet move whose two squares no opponent piece can reach in one move
/// (every unknown piece counted as a Scout), so it stays legal whatever the
/// opponent plays next.
fn safe_move(view: &View) -> Option<Move> {
    let mut moves = MoveList::new();
    view.legal_moves(&mut moves);
    let enemies: Vec<Square> = view.enemies().iter().filter_map(|e| e.square).collect();
    let reachable = |target: Square| {
        enemies.iter().any(|&s| {
            s.line_to(target).is_some_and(|(dir, dist)| {
                (1..dist).all(|i| {
                    s.step(dir, i)
                        .is_some_and(|p| !p.is_lake() && view.cell(p) == stratego::Cell::Empty)
                })
            })
        })
    };
    moves.iter().copied().find(|m| {
        view.cell(m.to()) == stratego::Cell::Empty && !reachable(m.from()) && !reachable(m.to())
    })
}
