//! `coursidor-host CLIENT.so`: plays one game of Coursidor on stdin and
//! stdout for the course client `CLIENT.so` (the referee runs it for every
//! `.so` player). Its log (stderr) holds what it did, and everything the
//! client prints. It exits with 0 at the game's end, or with a status of
//! its own per cause when it stops before ([`HostStop`]), after a last
//! line `coursidor-host stopped: CAUSE: DETAIL`.

use std::io::Write;
use std::process::ExitCode;

use coursidor::HostStop;
use coursidor_host::ffi::{self, ClientLibrary, Gsl};
use coursidor_host::session::{self, End};

const USAGE: &str = "usage: coursidor-host CLIENT.so

Plays one game of Coursidor (docs/games/coursidor.md) on stdin and stdout
for a course client: a shared library implementing player.h. The referee
runs it for every .so player: referee --game coursidor ./a.so ./b.so.
libgsl is loaded at run time (GSL_PATH=DIR: from DIR/lib).";

/// The usage, with the exit statuses.
fn usage() -> String {
    let statuses: Vec<String> = HostStop::ALL
        .iter()
        .map(|s| format!("  {}  {}", s.status(), s.cause()))
        .collect();
    format!(
        "{USAGE}\n\nExit status: 0 when the game ended or the referee closed it; when it\nstops before, after a last line `{}CAUSE: DETAIL`:\n{}",
        coursidor::host_stop::LAST_WORDS,
        statuses.join("\n")
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = match args.as_slice() {
        [h] if h == "-h" || h == "--help" => {
            println!("{}", usage());
            return ExitCode::SUCCESS;
        }
        [path] if !path.starts_with('-') => path.clone(),
        _ => {
            eprintln!("{}", usage());
            return stop(HostStop::Usage, &format!("arguments {args:?}"));
        }
    };
    let mut log = std::io::stderr();
    // First of all, before the client can print or exit: the protocol's
    // own ends, and the watch on exit().
    let (input, output) = match ffi::take_stdio() {
        Ok(io) => io,
        Err(e) => {
            let what = format!("cannot set up the standard descriptors: {e}");
            return stop(HostStop::Protocol, &what);
        }
    };
    if let Err(e) = ffi::catch_client_exit() {
        return stop(HostStop::Protocol, &e.to_string());
    }
    let gsl = match Gsl::load() {
        Ok(gsl) => gsl,
        Err(e) => return stop(HostStop::NoGsl, &e),
    };
    let _ = writeln!(log, "coursidor-host: libgsl from {}", gsl.path);
    let mut client = match ClientLibrary::load(&path, gsl) {
        Ok(c) => c,
        Err((why, e)) => return stop(why, &e),
    };
    let _ = writeln!(
        log,
        "coursidor-host: client {path}, named {:?}",
        client.name()
    );
    match session::run(input, output, &mut client, &mut log) {
        Ok(End::Closed) => {
            let _ = writeln!(log, "coursidor-host: the referee closed the game");
            ExitCode::SUCCESS
        }
        Ok(End::Over(r)) => {
            let _ = writeln!(log, "coursidor-host: game over ({r})");
            ExitCode::SUCCESS
        }
        Err(e) => stop(HostStop::Protocol, &e.to_string()),
    }
}

/// The host's last line for `why` (`what` saying more), and its status.
fn stop(why: HostStop, what: &str) -> ExitCode {
    eprintln!("{}", why.last_line(what));
    ExitCode::from(why.status() as u8)
}
