//! What people do at a terminal, through tmux (`send-keys`,
//! `capture-pane`): a person playing with `human` against a scripted
//! opponent, and `referee replay` stepped with keys.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use referee_schema::Summary;

use crate::util::{
    SETUP0, SETUP1, TestDir, referee_ok, scripted, send_setup, shared, workspace_bin,
};
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
        let _guard = shared();
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
        let _guard = shared();
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
        let _guard = shared();
        let out = self
            .cmd()
            .args(["capture-pane", "-p", "-t", "0"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen shows `text`; returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                Instant::now() < until,
                "the screen never showed {text:?}; it shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _guard = shared();
        let _ = self.cmd().arg("kill-server").status();
    }
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
        &format!(
            "read 1\n{}\nread 1\nread 4\nsend B6\\nW\\n1\nread 7\nsend B5\\nW\\n1\nread 8\n",
            send_setup(&SETUP1)
        ),
    );
    let command = format!(
        "{referee} --json --log-dir {dir}/logs --player-time-limit-ms 0=none \
         --player '{human} --setup {setup}' --player '{scripted} {script}' > {dir}/verdict.json; \
         echo REFEREE-DONE; sleep 600",
        referee = workspace_bin("referee").display(),
        human = workspace_bin("human").display(),
        scripted = scripted().display(),
        setup = setup.display(),
        script = script.display(),
        dir = dir.path().display(),
    );
    let t = Tmux::start(tmux, &command);
    // The board from player 0's side: its pieces, the opponent's hidden.
    let screen = t.wait_for("Move 1, your turn >");
    assert!(
        screen.contains(" A  F  B  B  9  .  .  ?  ?  ?  ?"),
        "{screen}"
    );
    assert!(
        screen.contains("You are player 0 (red, columns 0-3 on the left); you move first."),
        "{screen}"
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
    let screen = t.wait_for("REFEREE-DONE");
    assert!(screen.contains("the Flag is yours: you win!"), "{screen}");
    assert!(screen.contains("The referee ended the game."), "{screen}");
    let verdict =
        Summary::from_json(&std::fs::read_to_string(dir.path().join("verdict.json")).unwrap())
            .unwrap();
    assert_eq!(verdict.reason.as_str(), "flag_captured");
    assert_eq!(verdict.winner, Some(0));
    assert_eq!(
        verdict.settings.player_time_limits_ms,
        Some(vec![None, Some(500)])
    );
    // Only the legal moves reached the referee.
    assert_eq!(verdict.players[0].moves, 3);
    assert_eq!(verdict.players[0].illegal_moves, 0);
}

#[test]
fn referee_replay_steps_with_keys() {
    let Some(tmux) = need("tmux", "referee_replay_steps_with_keys") else {
        return;
    };
    let dir = TestDir::new();
    let player = workspace_bin("player");
    let random = |seed: u32| format!("{} --strategy random --seed {seed}", player.display());
    referee_ok(
        dir.path(),
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
    );
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
