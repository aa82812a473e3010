//! `referee replay RECORD` and `referee view RECORD -o FILE`: a record
//! judged again with today's rules, then played back in the terminal or
//! written as the HTML viewer's page. The game is the record's.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use crate::replay::{self, Judgement, Replay};
use anyhow::Context as _;
use clap::Parser;
use referee_schema::exit;

use games::Registry;

use super::playback;

/// `referee replay`.
#[derive(Parser, Debug)]
#[command(
    name = "referee replay",
    about = "Judges a game record (--record) again with today's rules, then plays it back move by move",
    after_help = "Keys: Enter, Space or n: next move; b or p: previous; a: play on by itself; \
                  q: quit. Without a terminal, every position is printed. Exit status: 0 when the \
                  record is the same game today, 3 when it differs (the message names the first \
                  move that does), 2 for a usage error, 1 when the record cannot be read."
)]
pub struct ReplayCli {
    /// The record, as `referee --record FILE` wrote it.
    pub record: PathBuf,
    /// Play on by itself, a move every N milliseconds (0: at once).
    #[arg(long, value_name = "N")]
    pub step_ms: Option<u64>,
    /// Judge only: print the judgement, no positions.
    #[arg(long)]
    pub check: bool,
}

/// `referee view`.
#[derive(Parser, Debug)]
#[command(
    name = "referee view",
    about = "Writes a game record (--record) as one self-contained HTML page: the board, every \
             player's view, step and play controls"
)]
pub struct ViewCli {
    /// The record, as `referee --record FILE` wrote it.
    pub record: PathBuf,
    /// The page to write.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
}

/// Whether `args` (with the program name first) is a `replay` or `view`
/// command.
pub fn is_command(args: &[OsString]) -> bool {
    args.get(1).is_some_and(|a| a == "replay" || a == "view")
}

/// Runs `referee replay` or `referee view`.
pub fn main<R: Registry>(args: &[OsString]) -> ExitCode {
    let rest = &args[1..];
    let result = if rest[0] == "replay" {
        match ReplayCli::try_parse_from(rest) {
            Ok(cli) => run_replay::<R>(&cli),
            Err(e) => return usage(&e),
        }
    } else {
        match ViewCli::try_parse_from(rest) {
            Ok(cli) => run_view::<R>(&cli).map(|()| exit::VERDICT),
            Err(e) => return usage(&e),
        }
    };
    match result {
        Ok(code) => ExitCode::from(code as u8),
        Err(e) => {
            eprintln!("referee: error: {e:#}");
            ExitCode::from(exit::INTERNAL as u8)
        }
    }
}

fn usage(e: &clap::Error) -> ExitCode {
    let _ = e.print();
    ExitCode::from(if e.use_stderr() { exit::USAGE as u8 } else { 0 })
}

/// Reads and judges the record at `path`.
pub fn load<R: Registry>(path: &Path, colour: bool) -> anyhow::Result<Replay> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the record {}", path.display()))?;
    replay::judge::<R>(&text, colour)
        .with_context(|| format!("{} cannot be replayed", path.display()))
}

/// The judgement in one line, and the exit status it gives.
pub fn judgement(replay: &Replay) -> (String, i32) {
    match &replay.judgement {
        Judgement::Same => (
            format!(
                "judged again with today's rules: the same game, the same end ({})",
                replay.end
            ),
            exit::VERDICT,
        ),
        Judgement::MovesOnly(why) => (
            format!(
                "judged again with today's rules: the same moves; the end is not the rules' to judge: {why}"
            ),
            exit::VERDICT,
        ),
        Judgement::Differs(what) => (
            format!("the record differs from today's rules: {what}"),
            exit::DIFFERS,
        ),
    }
}

fn run_replay<R: Registry>(cli: &ReplayCli) -> anyhow::Result<i32> {
    let tty = std::io::stdout().is_terminal();
    let replay = load::<R>(&cli.record, tty)?;
    let (line, code) = judgement(&replay);
    if !cli.check {
        let mode = match cli.step_ms {
            Some(ms) => playback::Mode::Timed(Duration::from_millis(ms)),
            None if tty && std::io::stdin().is_terminal() => playback::Mode::Keys,
            None => playback::Mode::All,
        };
        playback::play(&replay, mode).context("playing the record back")?;
        println!("End: {}", replay.end);
    }
    let mut out = if code == exit::VERDICT {
        Box::new(std::io::stdout()) as Box<dyn Write>
    } else {
        Box::new(std::io::stderr())
    };
    writeln!(out, "{line}").context("writing the judgement")?;
    Ok(code)
}

fn run_view<R: Registry>(cli: &ViewCli) -> anyhow::Result<()> {
    let replay = load::<R>(&cli.record, false)?;
    write_page(&replay, &cli.output)
}

/// Writes the viewer's page of `replay` to `path`.
pub fn write_page(replay: &Replay, path: &Path) -> anyhow::Result<()> {
    std::fs::write(path, replay::page(replay))
        .with_context(|| format!("cannot write the page {}", path.display()))
}
