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
    let command = format!(
        "{referee} {args} --json --log-dir {dir}/logs --player-time-limit-ms 0=none \
         --player '{human}' --player '{opponent}' > {dir}/verdict.json; \
         echo REFEREE-DONE; sleep 600",
        referee = workspace_bin("referee").display(),
        dir = dir.display(),
    );
    Tmux::start(tmux, &command)
}

/// The verdict of a [`person_against`] game in `dir`.
fn verdict(dir: &Path) -> Summary {
    let text = std::fs::read_to_string(dir.join("verdict.json")).unwrap();
    Summary::from_json(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
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
    t.keys(&["A1 E 1", "Enter"]);
    t.wait_for("Not legal: A1 holds a Bomb, which cannot move. Try another move.");
    t.keys(&["b3 e", "Enter"]);
    let screen = t.wait_for("Opponent: B6 W 1.");
    assert!(screen.contains("You: B3 E 1."), "{screen}");
    // A battle: the Colonel attacks the Marshal, which is then known.
    t.keys(&["B4 E 1", "Enter"]);
    let screen = t.wait_for("Opponent: B5 W 1.");
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
    let Some(tmux) = need("tmux", "a_person_plays_a_whole_game_of_quarto") else {
        return;
    };
    let dir = TestDir::new();
    let human = format!("{} --game quarto", workspace_bin("human").display());
    let greedy = player_spec("quarto", "--strategy greedy --seed 2");
    let t = person_against(tmux, dir.path(), "--game quarto", &human, &greedy);
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
    t.keys(&["B3 7", "Enter"]);
    t.wait_for("Not legal: the first move of the game only gives a piece");
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
    let verdict = verdict(dir.path());
    assert_eq!(verdict.game, "quarto");
    assert_eq!(verdict.players[0].illegal_moves, 0);
    assert_eq!(verdict.players[0].moves, typed);
    // The screen says the same end as the verdict (with these seeds, the
    // person wins by column 3; whatever the end, it is checked).
    let end = match (verdict.reason.as_str(), verdict.winner) {
        ("quarto", Some(0)) => "You win: ",
        ("quarto", Some(1)) => "You lose: ",
        ("board_full", None) => "A draw: the sixteen pieces were placed",
        other => panic!("a whole game ends by a pattern or a full board, not {other:?}"),
    };
    assert!(screen.contains(end), "{end:?} in\n{screen}");
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
