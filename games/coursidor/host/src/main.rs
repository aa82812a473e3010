//! `coursidor-host CLIENT.so`: plays one game of Coursidor on stdin and
//! stdout for the course client `CLIENT.so` (the referee runs it for every
//! `.so` player). Its log (stderr) holds what it did, and everything the
//! client prints.

use std::io::Write;
use std::process::ExitCode;

use coursidor_host::ffi::{self, ClientLibrary, Gsl};
use coursidor_host::session::{self, End};

const USAGE: &str = "usage: coursidor-host CLIENT.so

Plays one game of Coursidor (docs/games/coursidor.md) on stdin and stdout
for a course client: a shared library implementing player.h. The referee
runs it for every .so player: referee --game coursidor ./a.so ./b.so.
libgsl is loaded at run time (GSL_PATH=DIR: from DIR/lib).";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = match args.as_slice() {
        [h] if h == "-h" || h == "--help" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        [path] if !path.starts_with('-') => path.clone(),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut log = std::io::stderr();
    // First of all, before the client can print: the protocol's own ends.
    let (input, output) = match ffi::take_stdio() {
        Ok(io) => io,
        Err(e) => {
            let _ = writeln!(
                log,
                "coursidor-host: cannot set up the standard descriptors: {e}"
            );
            return ExitCode::FAILURE;
        }
    };
    let client = Gsl::load().and_then(|gsl| {
        let _ = writeln!(log, "coursidor-host: libgsl from {}", gsl.path);
        ClientLibrary::load(&path, gsl)
    });
    let mut client = match client {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(log, "coursidor-host: cannot load the client {path}: {e}");
            return ExitCode::FAILURE;
        }
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
        Err(e) => {
            let _ = writeln!(log, "coursidor-host: {e}");
            ExitCode::FAILURE
        }
    }
}
