//! What people do at a terminal, through tmux (`send-keys`,
//! `capture-pane`): a person playing with `human` against a scripted
//! opponent (Stratego) and against our greedy player (a whole game of
//! Quarto), and `referee replay` stepped with keys.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use referee_schema::Summary;

use crate::run::{player_spec, run_in};
use crate::util::{SETUP0, SETUP1, TestDir, opening, scripted, workspace_bin};
use crate::verdict::assert_won;
use tests::tools::need;

static SERVERS: AtomicUsize = AtomicUsize::new(0);

/// A tmux server of its own, with one window running a command; killed
/// when dropped.
struct Tmux {
    tmux: PathBuf,
    socket: String,
}

impl Tmux {
    /// Runs `command` (a shell command line) in a new 110x45 window.
    fn start(tmux: PathBuf, command: &str) -> Tmux {
        let t = Tmux {
            tmux,
            socket: format!(
                "referee-e2e-{}-{}",
                std::process::id(),
                SERVERS.fetch_add(1, Ordering::SeqCst)
            ),
        };
        let status = t
            .cmd()
            .args(["new-session", "-d", "-x", "110", "-y", "45", command])
            .env("TERM", "xterm")
            .status()
            .expect("tmux");
        assert!(status.success(), "tmux new-session failed");
        t
    }

    fn cmd(&self) -> Command {
        let mut c = Command::new(&self.tmux);
        c.args(["-L", &self.socket]);
        c
    }

    /// Types `keys` (tmux key names: "Enter"), one argument each.
    fn keys(&self, keys: &[&str]) {
        let status = self
            .cmd()
            .args(["send-keys", "-t", "0"])
            .args(keys)
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// What the window shows.
    fn screen(&self) -> String {
        let out = self
            .cmd()
            .args(["capture-pane", "-p", "-t", "0"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types `line` and Enter, then waits until the screen shows `text`;
    /// returns the screen.
    fn enter(&self, line: &str, text: &str) -> String {
        self.keys(&[line, "Enter"]);
        self.wait_for(text)
    }

    /// Waits until the screen shows `text`; returns the screen.
    fn wait_for(&self, text: &str) -> String {
        self.wait_for_any(&[text]).1
    }

    /// Waits until the screen shows `text`, and checks that it shows each
    /// of `also`; returns the screen.
    fn wait_showing(&self, text: &str, also: &[&str]) -> String {
        let screen = self.wait_for(text);
        for shown in also {
            assert!(screen.contains(shown), "no {shown:?} in\n{screen}");
        }
        screen
    }

    /// Waits until the screen shows one of `texts`; returns which (its
    /// index) and the screen.
    fn wait_for_any(&self, texts: &[&str]) -> (usize, String) {
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            if let Some(i) = texts.iter().position(|t| screen.contains(t)) {
                return (i, screen);
            }
            assert!(
                Instant::now() < until,
                "the screen never showed {texts:?}; it shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.cmd().arg("kill-server").status();
    }
}

/// A person at the terminal as seat 0, `human` (its command line, without
/// a time limit), against `opponent` (a `--player` spec), in a game of
/// `referee ARGS` in `dir`: its verdict goes to `verdict.json`, then the
/// window shows REFEREE-DONE.
fn person_against(tmux: PathBuf, dir: &Path, args: &str, human: &str, opponent: &str) -> Tmux {
    person_against_all(tmux, dir, args, human, &[opponent])
}

/// [`person_against`] with several opponents, seats 1, 2...
fn person_against_all(
    tmux: PathBuf,
    dir: &Path,
    args: &str,
    human: &str,
    opponents: &[&str],
) -> Tmux {
    let others: Vec<String> = opponents
        .iter()
        .map(|o| format!("--player '{o}'"))
        .collect();
    let command = format!(
        "{referee} {args} --json --log-dir {dir}/logs --player-time-limit-ms 0=none \
         --player '{human}' {others} > {dir}/verdict.json; \
         echo REFEREE-DONE; sleep 600",
        referee = workspace_bin("referee").display(),
        dir = dir.display(),
        others = others.join(" "),
    );
    Tmux::start(tmux, &command)
}

/// A person at the terminal, as [`person_against_all`] has them, playing
/// `human --game GAME` in a game of `referee --game GAME ARGS` in a
/// directory of its own; `None` (skipped, saying so) without tmux.
fn person_game(test: &str, game: &str, args: &str, opponents: &[&str]) -> Option<(Tmux, TestDir)> {
    let tmux = need("tmux", test)?;
    let dir = TestDir::new();
    let human = format!("{} --game {game}", workspace_bin("human").display());
    let args = format!("--game {game} {args}");
    let t = person_against_all(tmux, dir.path(), &args, &human, opponents);
    Some((t, dir))
}

/// The verdict of a [`person_against`] game in `dir`.
fn verdict(dir: &Path) -> Summary {
    let text = std::fs::read_to_string(dir.join("verdict.json")).unwrap();
    Summary::from_json(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The verdict of a [`person_against`] game of `game` in `dir`, in which
/// the person (seat 0) played `moves` moves, none illegal.
fn person_played(dir: &Path, game: &str, moves: usize) -> Summary {
    let verdict = verdict(dir);
    assert_eq!(verdict.game, game);
    assert_eq!(verdict.players[0].illegal_moves, 0);
    assert_eq!(verdict.players[0].moves as usize, moves);
    verdict
}

/// Checks that `screen` says how the game of `verdict` ended, in the words
/// `ends` give for its reason and winner; a game ending otherwise fails the
/// test, saying `why` (how the game ends).
fn assert_end_shown(screen: &str, verdict: &Summary, ends: &[(&str, Option<u8>, &str)], why: &str) {
    let end = (verdict.reason.as_str(), verdict.winner);
    let Some(&(_, _, words)) = ends.iter().find(|&&(r, w, _)| (r, w) == end) else {
        panic!("{why}, not {end:?}");
    };
    assert!(screen.contains(words), "{words:?} in\n{screen}");
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_person_plays_with_human_through_the_terminal() {
    let Some(tmux) = need("tmux", "a_person_plays_with_human_through_the_terminal") else {
        return;
    };
    let dir = TestDir::new();
    let codes: Vec<String> = SETUP0.iter().map(u8::to_string).collect();
    let setup = write(dir.path(), "setup.txt", &(codes.join("\n") + "\n"));
    // The opponent: the Marshal B6 to B5, then B5 to B4.
    let script = write(
        dir.path(),
        "opponent",
        &(opening(&SETUP1) + "read 4\nsend B6\\nW\\n1\nread 7\nsend B5\\nW\\n1\nread 8\n"),
    );
    let human = format!(
        "{} --setup {}",
        workspace_bin("human").display(),
        setup.display()
    );
    let opponent = format!("{} {}", scripted().display(), script.display());
    let t = person_against(tmux, dir.path(), "", &human, &opponent);
    // The board from player 0's side: its pieces, the opponent's hidden.
    t.wait_showing(
        "Move 1, your turn >",
        &[
            " A  F  B  B  9  .  .  ?  ?  ?  ?",
            "You are player 0 (red, columns 0-3 on the left); you move first.",
        ],
    );
    // An illegal move is refused locally, with the reason.
    t.enter(
        "A1 E 1",
        "Not legal: A1 holds a Bomb, which cannot move. Try another move.",
    );
    let screen = t.enter("b3 e", "Opponent: B6 W 1.");
    assert!(screen.contains("You: B3 E 1."), "{screen}");
    // A battle: the Colonel attacks the Marshal, which is then known.
    let screen = t.enter("B4 E 1", "Opponent: B5 W 1.");
    assert!(
        screen.contains(
            "You: B4 E 1: your Colonel (3) attacks their Marshal (1): your Colonel (3) is removed"
        ),
        "{screen}"
    );
    // (The known Marshal shows as 1, not ?: it went on to B4.)
    assert!(
        screen.contains(" B  1  2  3  . [1][.] .  ?  ?  ?"),
        "{screen}"
    );
    // The Scout takes the Flag.
    t.keys(&["A3 E 3", "Enter"]);
    t.wait_showing(
        "REFEREE-DONE",
        &["the Flag is yours: you win!", "The referee ended the game."],
    );
    let verdict = verdict(dir.path());
    assert_won(&verdict, "flag_captured", 0);
    assert_eq!(
        verdict.settings.player_time_limits_ms,
        Some(vec![None, Some(500)])
    );
    // Only the legal moves reached the referee.
    assert_eq!(verdict.players[0].moves, 3);
    assert_eq!(verdict.players[0].illegal_moves, 0);
}

/// The move the person of [`a_person_plays_a_whole_game_of_quarto`]
/// makes: a win when the piece held wins somewhere, else the first
/// placement and gift after which the opponent cannot win at once (the
/// first legal move if there is none).
fn quarto_move(pos: &quarto::Position) -> quarto::Move {
    let level = pos.level();
    if let Some(h) = pos.hand() {
        let wins = pos.board().winning_squares(level, h);
        if wins != 0 {
            let square = quarto::Square::of_mask(wins).next();
            return pos
                .check(&quarto::UncheckedMove { square, gift: None })
                .unwrap();
        }
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let safe = moves.iter().copied().find(|&m| {
        let mut after = pos.clone();
        after.play(m);
        m.gift()
            .is_none_or(|g| after.board().winning_squares(level, g) == 0)
    });
    safe.unwrap_or(moves[0])
}

#[test]
fn a_person_plays_a_whole_game_of_quarto() {
    let greedy = player_spec("quarto", "--strategy greedy --seed 2");
    let test = "a_person_plays_a_whole_game_of_quarto";
    let Some((t, dir)) = person_game(test, "quarto", "", &[&greedy]) else {
        return;
    };
    let screen = t.wait_showing(
        "Move 1, your turn >",
        &[
            "Quarto, level 1: rows, columns and the two long diagonals win.",
            "You give the first piece.",
            "Pieces left:   0 LSFR    1 LSFC    2 LSHR",
        ],
    );
    // The person's position, kept from what the screen tells.
    let mut pos = quarto::Position::new(quarto::Level::default(), 0);
    // A square on the first move is refused locally, with the rules' reason.
    t.enter(
        "B3 7",
        "Not legal: the first move of the game only gives a piece",
    );
    let mut screen = screen;
    let mut typed = 0;
    loop {
        // The opponent's last placement and gift, as the person reads it.
        if pos.plies() > 0 {
            let told = screen
                .lines()
                .rfind(|l| l.starts_with("Opponent put "))
                .unwrap_or_else(|| panic!("the opponent's move is told:\n{screen}"));
            let square = told.split(" on ").nth(1).unwrap().get(..2).unwrap();
            let gift: u8 = told
                .split("gives you ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let u = quarto::UncheckedMove {
                square: quarto::Square::parse(square),
                gift: quarto::Piece::new(gift),
            };
            let mv = pos.check(&u).unwrap();
            pos.play(mv);
            let hand = pos.hand().unwrap();
            assert!(
                screen.contains(&format!("You hold {} ({}: ", hand.number(), hand.letters())),
                "{screen}"
            );
        }
        // Typed as a person would, each move its own way.
        let mv = quarto_move(&pos);
        let square = mv.square().map(|s| s.to_string().to_lowercase());
        let gift = mv.gift().map(|g| match typed % 3 {
            0 => g.letters().to_lowercase(),
            1 => g.number().to_string(),
            _ => g.letters(),
        });
        let line = [square, gift].into_iter().flatten().collect::<Vec<_>>();
        typed += 1;
        t.keys(&[&line.join(" "), "Enter"]);
        pos.play(mv);
        if pos.end().is_some() {
            break;
        }
        let next = format!("Move {}, your turn >", pos.plies() + 2);
        let (which, now) = t.wait_for_any(&[&next, "REFEREE-DONE"]);
        screen = now;
        if which == 1 {
            break;
        }
    }
    let screen = t.wait_for("REFEREE-DONE");
    let verdict = person_played(dir.path(), "quarto", typed);
    // The screen says the same end as the verdict (with these seeds, the
    // person wins by column 3; whatever the end, it is checked).
    let ends = [
        ("quarto", Some(0), "You win: "),
        ("quarto", Some(1), "You lose: "),
        ("board_full", None, "A draw: the sixteen pieces were placed"),
    ];
    let why = "a whole game ends by a pattern or a full board";
    assert_end_shown(&screen, &verdict, &ends, why);
    if verdict.winner.is_some() {
        assert!(screen.contains("Won: "), "{screen}");
    }
}

#[test]
fn referee_replay_steps_with_keys() {
    let Some(tmux) = need("tmux", "referee_replay_steps_with_keys") else {
        return;
    };
    let dir = TestDir::new();
    let player = workspace_bin("player");
    let random = |seed: u32| format!("{} --strategy random --seed {seed}", player.display());
    run_in(
        dir.path(),
        "referee",
        &[
            "--record",
            "game.json",
            "--max-turns",
            "4",
            "--player",
            &random(1),
            "--player",
            &random(2),
        ],
    )
    .exits(0);
    let command = format!(
        "cd {dir} && {referee} replay game.json; echo REPLAY-DONE $?; sleep 600",
        dir = dir.path().display(),
        referee = workspace_bin("referee").display(),
    );
    let t = Tmux::start(tmux, &command);
    let screen = t.wait_for("[n]ext  [b]ack  [a]uto  [q]uit");
    assert!(screen.contains("start [0/4]"), "{screen}");
    t.keys(&["n"]);
    t.wait_for("move 1: player 0 ");
    t.keys(&["n"]);
    t.wait_for("[2/4]");
    t.keys(&["b"]);
    t.wait_for("[1/4]");
    t.keys(&["q"]);
    let screen = t.wait_for("REPLAY-DONE 0");
    assert!(screen.contains("the same game, the same end"), "{screen}");
    // The terminal's settings were put back: typed keys echo again.
    t.keys(&["echoed-text"]);
    t.wait_for("echoed-text");
}

/// Plays the person's turns until the referee is done: at each prompt
/// starting with `prompt` with nothing typed yet, on a turn not answered
/// yet (`turn_of` tells the turns apart from the screen: the last one
/// answered stays shown until it is redrawn), `turn` types from what the
/// screen shows. Returns the last screen and the turns.
fn person_plays(
    t: &Tmux,
    prompt: &str,
    turn_of: impl Fn(&str) -> String,
    mut turn: impl FnMut(&Tmux, &str),
) -> (String, usize) {
    let mut answered = String::new();
    let mut turns = 0;
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let screen = t.screen();
        if screen.contains("REFEREE-DONE") {
            return (screen, turns);
        }
        let last = prompt_line(&screen);
        if last.starts_with(prompt) && last.trim_end().ends_with('>') {
            let this = turn_of(&screen);
            if this != answered {
                turn(t, &screen);
                turns += 1;
                answered = this;
            }
        }
        assert!(
            Instant::now() < until,
            "the game did not end; the screen shows:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(30));
    }
}

/// The last prompt a screen shows (it names the turn).
fn prompt_line(screen: &str) -> String {
    let last = screen.lines().rfind(|l| !l.trim().is_empty());
    last.unwrap_or("").to_owned()
}

/// The board an Oust screen shows: its rows of `.`, `X` and `O` under the
/// column numbers, as the wire's cells.
fn oust_board(screen: &str) -> (oust::Options, Vec<u8>) {
    let mut lines = screen
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("0  1"));
    let cols = lines
        .next()
        .expect("the column numbers")
        .split_whitespace()
        .count();
    let mut cells = Vec::new();
    let mut rows = 0;
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() != cols + 1 {
            break;
        }
        rows += 1;
        cells.extend(words[1..].iter().map(|w| match *w {
            "X" => 1,
            "O" => 2,
            _ => 0,
        }));
    }
    let o = oust::Options {
        cols: cols as u8,
        rows,
    };
    (o, cells)
}

#[test]
fn a_person_plays_a_whole_game_of_oust() {
    let Some(tmux) = need("tmux", "a_person_plays_a_whole_game_of_oust") else {
        return;
    };
    let dir = TestDir::new();
    // A process per move keeps the person's view in a directory outside
    // the referee's working directory (its overlay would hide a bind
    // under it), writable by the seat's uid (as root, one of its own).
    let memory = TestDir::new();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(memory.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    }
    let args = format!(
        "--game oust --cols 4 --rows 4 --sandbox-bind {}:rw",
        memory.path().display()
    );
    let human = format!(
        "{} --game oust --memory {}",
        workspace_bin("human").display(),
        memory.path().display()
    );
    let greedy = player_spec("oust", "--strategy greedy --seed 3");
    let t = person_against(tmux, dir.path(), &args, &human, &greedy);
    t.wait_showing(
        "Your move >",
        &[
            "Oust, 4 x 4. You are black (X), the opponent white (O).",
            "You are black (X); black moves first. Type ? for help.",
        ],
    );
    // A pass with placements left, refused with the rules' reason; a line
    // that is no move, named.
    t.enter(
        "pass",
        "Not legal: 4 4 is off the board, a pass, but 16 placements are legal: passing is",
    );
    t.enter(
        "hello",
        "\"hello\" is not a move: type the column, then the row",
    );
    // The board after the person's last move, to find the opponent's since.
    let mut after: Option<Vec<u8>> = None;
    // Each turn shows another board (the person's last stone at least).
    let board = |screen: &str| format!("{:?}", oust_board(screen).1);
    let (screen, turns) = person_plays(&t, "Your move >", board, |t, screen| {
        let (o, cells) = oust_board(screen);
        if let Some(before) = &after {
            for (i, (&b, &n)) in before.iter().zip(&cells).enumerate() {
                if n == 2 && b != 2 {
                    let told = format!("Opponent: {} {}", i % 4, i / 4);
                    assert!(screen.contains(&told), "{told:?} in\n{screen}");
                }
            }
        }
        let pos = oust::Position::from_cells(o, &cells, oust::Colour::Black, 0);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        // The largest capture, else the first placement.
        let best = moves
            .iter()
            .copied()
            .max_by_key(|m| match m {
                oust::Move::Capture { size, .. } => *size,
                _ => 0,
            })
            .unwrap();
        let line = match best.point() {
            Some(p) => {
                let (c, r) = o.coords(p);
                format!("{c} {r}")
            }
            None => "pass".to_owned(),
        };
        t.keys(&[&line, "Enter"]);
        let mut next = pos.clone();
        next.play(best);
        after = Some(next.cells().to_vec());
    });
    let verdict = person_played(dir.path(), "oust", turns);
    // A process per move, and the person's moves remembered between them.
    assert!(memory.path().join("oust-black.txt").is_file());
    match (verdict.reason.as_str(), verdict.winner) {
        ("all_captured", Some(0)) => assert!(
            screen.contains("You captured the last white stone: you win!"),
            "{screen}"
        ),
        ("all_captured", Some(1)) => {}
        other => panic!("a game of Oust on 4 x 4 ends by a capture of every stone, not {other:?}"),
    }
}

#[test]
fn a_person_plays_a_whole_game_of_coursidor() {
    let tour = player_spec("coursidor", "--strategy tour --seed 2");
    let test = "a_person_plays_a_whole_game_of_coursidor";
    let args = "-t T -m 3 --objectives 2 --first 0 --seed 1";
    let Some((t, dir)) = person_game(test, "coursidor", args, &[&tour]) else {
        return;
    };
    t.wait_showing(
        "Move 1, your turn >",
        &[
            "Coursidor on T 3: visit every objective (*), then end a move on your start.",
            "You are black (B); you move first. Type ? for help.",
        ],
    );
    // A step too long for a first move, refused with the rules' reason.
    t.enter(
        "M 2",
        "Not legal: 2 is 2 steps E of 0: before its first step a pawn moves 1 step.",
    );
    t.enter("go east", "\"go east\" is not a move: type the vertex");
    // The person steps where the listed moves take it, the first each time.
    let (screen, turns) = person_plays(&t, "Move ", prompt_line, |t, screen| {
        if !screen.contains("Move 1,") {
            assert!(
                screen.contains("Opponent "),
                "the opponent's move is told:\n{screen}"
            );
        }
        let listed = t.enter("moves", "Your moves: your pawn to ");
        let to = listed
            .split("Your moves: your pawn to ")
            .nth(1)
            .unwrap()
            .split([',', ';'])
            .next()
            .unwrap()
            .trim()
            .to_owned();
        t.keys(&[&to, "Enter"]);
    });
    let verdict = person_played(dir.path(), "coursidor", turns);
    let ends = [
        ("tour_completed", Some(0), "You win: your tour is complete."),
        (
            "tour_completed",
            Some(1),
            "You lose: the opponent completed its tour first.",
        ),
        ("turn_limit", None, "A draw: the turn limit is reached."),
    ];
    let why = "a game of Coursidor ends by a tour or the turn limit";
    assert_end_shown(&screen, &verdict, &ends, why);
}

#[test]
fn a_person_plays_a_whole_game_of_mansuba_against_two() {
    let closer1 = player_spec("mansuba", "--strategy closer --seed 1");
    let closer2 = player_spec("mansuba", "--strategy closer --seed 2");
    let test = "a_person_plays_a_whole_game_of_mansuba_against_two";
    let args = "--players 3 --width 10 --height 4 --first 0 --seed 1";
    let Some((t, dir)) = person_game(test, "mansuba", args, &[&closer1, &closer2]) else {
        return;
    };
    t.wait_showing(
        "Turn 1, your move >",
        &[
            "Mansuba, 3 players, 10 x 4: first on a start place of another's (_N) wins.",
            "You are player 0 of 3; player 0 moves first.",
        ],
    );
    // Another seat's piece, refused with the rules' reason; words, named.
    let pos_screen = t.screen();
    assert!(pos_screen.contains("P1"), "{pos_screen}");
    t.enter(
        "pass",
        "Not legal: you may pass only when one of your pieces cannot act",
    );
    t.enter(
        "north",
        "\"north\" is not an action: expected `FROM TO` (two place numbers)",
    );
    // The person plays the last listed action each time.
    let (screen, turns) = person_plays(&t, "Turn ", prompt_line, |t, screen| {
        if !screen.contains("Turn 1,") {
            assert!(screen.contains("Player 1: "), "{screen}");
            assert!(screen.contains("Player 2: "), "{screen}");
        }
        let listed = t.enter("moves", "Your moves: ");
        let line = listed
            .lines()
            .find(|l| l.starts_with("Your moves: "))
            .unwrap();
        let action = line
            .rsplit(", ")
            .next()
            .unwrap()
            .trim_start_matches("Your moves: ");
        t.keys(&[action.trim(), "Enter"]);
    });
    let verdict = person_played(dir.path(), "mansuba", turns);
    assert_eq!(verdict.players.len(), 3);
    let end = match verdict.winner {
        Some(0) => "You win!".to_owned(),
        Some(w) => format!("Player {w} wins: you lose."),
        None => "A draw: the turn limit is reached.".to_owned(),
    };
    assert!(screen.contains(&end), "{end:?} in\n{screen}");
}
