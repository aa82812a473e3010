//! `scripted-player SCRIPT`: a player program for tests that follows a
//! script instead of thinking, and reports every byte the referee sends it,
//! plus facts about itself, on its stderr — which the referee copies to the
//! player's log, the one way out of the sandbox. Each report is a line:
//! `@recv HEX` (bytes received, as they arrive) or `@info TEXT`; the tests'
//! helpers read them back from the log (`tests/tests/e2e/util.rs`).
//!
//! One command per line; `\n`, `\r`, `\t`, `\\` and `\xNN` (any byte) in
//! arguments are escapes:
//! - `send TEXT`: write TEXT and a newline to stdout;
//! - `raw TEXT`: write TEXT as is;
//! - `read N`: wait until N more lines have arrived;
//! - `sleep MS`;
//! - `exit CODE`;
//! - `crash`: abort (killed by SIGABRT);
//! - `close-stdout`, `close-stdin`;
//! - `flood-stdout BYTES`, `flood-stderr BYTES`: write that many `x`;
//! - `ignore-term`: survive SIGTERM;
//! - `spawn-child SECS`: start `sleep SECS` in our process group;
//! - `spawn-setsid SECS`: start `setsid sleep SECS`, which leaves our group
//!   and session but keeps our stdout and stderr open;
//! - `hang`: sleep forever;
//! - `spin MS`: busy-loop that long (thinking);
//! - `look PATH`: reports whether the file exists and what it holds, as
//!   `@info look PATH: CONTENT`, `(empty)` or `missing`.
//!
//! At the end of the script it reads until end of file, then exits 0.
//! Before anything else it reports the descriptors it inherited as
//! `@info fds 0 1 2`, and its pid as `@info pid N`.

use std::io::{self, Read, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

struct Input {
    newlines: usize,
}

/// Writes one report line to stderr, in one write.
fn report(kind: &str, text: &str) {
    let line = format!("@{kind} {text}\n");
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Input {
    /// Reads once; false at end of file.
    fn read_some(&mut self) -> bool {
        let mut buf = [0u8; 4096];
        match io::stdin().lock().read(&mut buf) {
            Ok(0) | Err(_) => false,
            Ok(n) => {
                report("recv", &hex(&buf[..n]));
                self.newlines += buf[..n].iter().filter(|&&b| b == b'\n').count();
                true
            }
        }
    }
}

fn unescape(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut bytes = s.bytes();
    while let Some(b) = bytes.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        match bytes.next() {
            Some(b'n') => out.push(b'\n'),
            Some(b'r') => out.push(b'\r'),
            Some(b't') => out.push(b'\t'),
            Some(b'x') => {
                let hex: Vec<u8> = bytes.by_ref().take(2).collect();
                let hex = std::str::from_utf8(&hex).expect("two hex digits after \\x");
                out.push(u8::from_str_radix(hex, 16).expect("two hex digits after \\x"));
            }
            Some(other) => out.push(other),
            None => out.push(b'\\'),
        }
    }
    out
}

fn inherited_fds() -> Vec<String> {
    let mut fds: Vec<(u32, String)> = std::fs::read_dir("/proc/self/fd")
        .expect("/proc/self/fd")
        .filter_map(|e| {
            let e = e.ok()?;
            let target = std::fs::read_link(e.path()).ok()?;
            // The directory being listed is open too: not inherited.
            if target.to_string_lossy().contains("/fd") {
                return None;
            }
            Some((
                e.file_name().to_str()?.parse().ok()?,
                target.display().to_string(),
            ))
        })
        .collect();
    fds.sort();
    fds.into_iter().map(|(fd, t)| format!("{fd}:{t}")).collect()
}

fn flood(mut out: impl Write, bytes: usize) {
    let chunk = [b'x'; 65536];
    let mut left = bytes;
    while left > 0 {
        let n = left.min(chunk.len());
        if out.write_all(&chunk[..n]).is_err() {
            return;
        }
        left -= n;
    }
    let _ = out.flush();
}

fn main() {
    let fds = inherited_fds();
    let script_path = std::env::args()
        .nth(1)
        .expect("usage: scripted-player SCRIPT");
    let script = std::fs::read_to_string(&script_path).expect("script");
    report("info", &format!("fds {}", fds.join(" ")));
    report("info", &format!("pid {}", std::process::id()));
    let mut input = Input { newlines: 0 };
    let mut out = io::stdout().lock();
    let mut wanted = 0;
    let mut children = Vec::new();
    for line in script.lines() {
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        let num = || arg.trim().parse::<u64>().expect("a number");
        match cmd {
            "" => {}
            "send" => {
                let mut bytes = unescape(arg);
                bytes.push(b'\n');
                let _ = out.write_all(&bytes);
                let _ = out.flush();
            }
            "raw" => {
                let _ = out.write_all(&unescape(arg));
                let _ = out.flush();
            }
            "read" => {
                wanted += num() as usize;
                while input.newlines < wanted {
                    if !input.read_some() {
                        break;
                    }
                }
            }
            "sleep" => std::thread::sleep(Duration::from_millis(num())),
            "exit" => std::process::exit(num() as i32),
            "crash" => std::process::abort(),
            "close-stdout" => nix::unistd::close(1).expect("close stdout"),
            "close-stdin" => nix::unistd::close(0).expect("close stdin"),
            "flood-stdout" => flood(&mut out, num() as usize),
            "flood-stderr" => flood(io::stderr().lock(), num() as usize),
            "ignore-term" => {
                signal_hook::flag::register(
                    signal_hook::consts::SIGTERM,
                    Arc::new(AtomicBool::new(false)),
                )
                .expect("SIGTERM handler");
            }
            "spawn-child" | "spawn-setsid" => {
                let mut c = if cmd == "spawn-setsid" {
                    let mut c = Command::new("setsid");
                    c.arg("sleep");
                    c
                } else {
                    Command::new("sleep")
                };
                // Inherits our stdout and stderr: the referee's pipes stay open.
                let child = c
                    .arg(arg.trim())
                    .stdin(Stdio::null())
                    .spawn()
                    .expect("spawn");
                report("info", &format!("child {}", child.id()));
                children.push(child);
            }
            "spin" => {
                let until = std::time::Instant::now() + Duration::from_millis(num());
                while std::time::Instant::now() < until {
                    std::hint::spin_loop();
                }
            }
            "look" => {
                let path = arg.trim();
                let seen = match std::fs::read(path) {
                    Ok(bytes) if bytes.is_empty() => "(empty)".to_owned(),
                    Ok(bytes) => String::from_utf8_lossy(&bytes).trim().replace('\n', " | "),
                    Err(_) => "missing".to_owned(),
                };
                report("info", &format!("look {path}: {seen}"));
            }
            "hang" => loop {
                std::thread::sleep(Duration::from_secs(3600));
            },
            other => panic!("unknown script command {other:?}"),
        }
    }
    drop(out);
    while input.read_some() {}
}
