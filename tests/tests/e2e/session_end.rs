//! Our players, every game's, read their input until its end: after the
//! message that ends the game for them (`E`, `F`, `KO`, ...) they wait for
//! the referee to close their stdin, whatever it writes meanwhile, and
//! then exit at once. (A player that exits at its end message races with
//! the referee's own end of the game: under the course's referee, which
//! kills its players at the end, that once left the game without a
//! winner.)

use std::io::Write;
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use coursidor::{Board, Colour, Layout, Shape};
use game_core::Rng;

use crate::util::workspace_bin;

/// Each game's player, and a start of a session that ends the game for it.
fn ended_sessions() -> Vec<(&'static str, String)> {
    let layout = Layout::new(Board::new(Shape::T, 2).unwrap(), &[3]).unwrap();
    let options = mansuba::Options {
        first: mansuba::First::Seat(1),
        ..mansuba::Options::default()
    };
    let pos = mansuba::Setup::new(&options, 200)
        .unwrap()
        .start(&mut Rng::new(1));
    vec![
        ("stratego", "1\nKO\n".to_owned()),
        ("stratego", "1\nOK\nE\n".to_owned()),
        ("stratego", "0\nF\n".to_owned()),
        ("quarto", "1\n1\nE\n".to_owned()),
        ("quarto", "F\n".to_owned()),
        (
            "coursidor",
            coursidor::wire::greeting(Colour::White, &layout, 0) + "F\n",
        ),
        (
            "mansuba",
            mansuba::wire::Greeting::of(&pos, 0).to_wire() + "1 F\n",
        ),
    ]
}

#[test]
fn every_player_reads_on_after_its_end_message_and_exits_at_end_of_input() {
    for (game, start) in ended_sessions() {
        let mut child = Command::new(workspace_bin("player"))
            .args(["--game", game])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(start.as_bytes()).unwrap();
        stdin.flush().unwrap();
        // The game is over for the player; the referee writes on.
        sleep(Duration::from_millis(200));
        stdin.write_all(b"B3\nE\n1\nN\nmore \xff\n").unwrap();
        stdin.flush().unwrap();
        sleep(Duration::from_millis(200));
        assert!(
            child.try_wait().unwrap().is_none(),
            "{game} {start:?}: the player exited before the end of its input"
        );
        drop(stdin);
        let closed = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if closed.elapsed() > Duration::from_secs(5) {
                let _ = child.kill();
                panic!("{game} {start:?}: still running 5 s after the end of its input");
            }
            sleep(Duration::from_millis(10));
        };
        assert!(status.success(), "{game} {start:?}: {status}");
    }
}
