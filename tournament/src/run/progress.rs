//! What the user sees while a tournament runs: a progress bar with ETA on a
//! terminal (indicatif), one line per finished game, and notices (about
//! interrupts, failures) that are shown even with `--quiet`.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The progress display on standard error.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    quiet: bool,
}

impl Progress {
    /// A display for `games` games; `quiet` hides the bar and the per-game
    /// lines. Without a terminal the bar is hidden and lines are printed
    /// plainly, so logs of scripted runs stay readable.
    pub fn new(games: u64, quiet: bool) -> Progress {
        let bar = if quiet {
            ProgressBar::hidden()
        } else {
            ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr())
        };
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games, ETA {eta}  {msg}",
        )
        .map(|s| s.progress_chars("=> "));
        if let Ok(style) = style {
            bar.set_style(style);
        }
        if !bar.is_hidden() {
            // Keeps elapsed time and ETA moving while long games run.
            bar.enable_steady_tick(Duration::from_millis(250));
        }
        Progress { bar, quiet }
    }

    fn print(&self, line: &str) {
        if self.bar.is_hidden() {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
    }

    /// A finished game: counts it and prints its line unless quiet.
    pub fn game(&self, line: &str) {
        self.bar.inc(1);
        if !self.quiet {
            self.print(line);
        }
    }

    /// Something the user must see, even with `--quiet`.
    pub fn notice(&self, line: &str) {
        self.print(line);
    }

    /// Sets the text beside the bar (the SPRT's LLR, for instance).
    pub fn message(&self, text: String) {
        self.bar.set_message(text);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
