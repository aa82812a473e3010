//! The final report: standings with ratings, crosstable, failures and
//! reply times, game endings and the SPRT, as Markdown (also printed at
//! the end of a run) or CSV.

pub mod html;
pub mod linalg;
pub mod pages;
pub mod rating;
pub mod sprt;
pub mod table;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::plan::resume::Changed;
use crate::plan::schedule::Mode;
use crate::plan::spec::Program;
use crate::results::tally::{Crosstable, GameEntry, Pairs, Penta, Tally, Wdl, charged};
use rating::{Anchor, Rating, RatingError, RatingOptions};
use sprt::{Decision, Sprt};
use table::{Align, Table};

/// The state of an SPRT.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtStatus {
    /// The test.
    pub sprt: Sprt,
    /// The first program's results against the second.
    pub wdl: Wdl,
    /// Its complete game pairs, when games are paired: the test is then
    /// pentanomial, on them.
    pub pairs: Option<Penta>,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// What it says.
    pub decision: Decision,
}

impl SprtStatus {
    /// The status after `wdl` (trinomial: unpaired games).
    pub fn new(sprt: Sprt, wdl: Wdl) -> SprtStatus {
        let llr = sprt.llr(wdl);
        SprtStatus {
            sprt,
            wdl,
            pairs: None,
            llr,
            decision: sprt.decide(llr),
        }
    }

    /// The status after the game pairs `pairs` (pentanomial), of which
    /// `wdl` are the games.
    pub fn paired(sprt: Sprt, wdl: Wdl, pairs: Penta) -> SprtStatus {
        let llr = sprt.llr_pairs(pairs);
        SprtStatus {
            sprt,
            wdl,
            pairs: Some(pairs),
            llr,
            decision: sprt.decide(llr),
        }
    }

    /// The status of the first two programs of `tally`: pentanomial on
    /// their pairs when `paired`, trinomial on their games otherwise.
    pub fn of(sprt: Sprt, tally: &Tally, paired: bool) -> SprtStatus {
        let wdl = tally.crosstable.get(0, 1);
        if paired {
            SprtStatus::paired(sprt, wdl, tally.pairs.get(0, 1))
        } else {
            SprtStatus::new(sprt, wdl)
        }
    }

    /// `LLR 1.23 (-2.94, 2.94)`, as fastchess prints it.
    pub fn short(&self) -> String {
        format!(
            "LLR {:.2} ({:.2}, {:.2})",
            self.llr,
            self.sprt.lower(),
            self.sprt.upper()
        )
    }
}

/// How long this run's games took.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunTime {
    /// Games played (with a verdict) in this run.
    pub games: usize,
    /// Wall time of the run.
    pub wall: std::time::Duration,
    /// Games played at once.
    pub concurrency: usize,
}

/// Everything the report shows.
#[derive(Debug)]
pub struct Report<'a> {
    /// The tournament's name.
    pub name: &'a str,
    /// How programs were paired.
    pub mode: Mode,
    /// Games per pairing.
    pub games_per_pairing: u32,
    /// The programs.
    pub programs: &'a [Program],
    /// The counted games.
    pub tally: &'a Tally,
    /// How ratings were fitted.
    pub rating_options: RatingOptions,
    /// The ratings, by program.
    pub ratings: Result<Vec<Option<Rating>>, RatingError>,
    /// The SPRT, if one was run.
    pub sprt: Option<SprtStatus>,
    /// Games in the schedule.
    pub scheduled: usize,
    /// Why the tournament ended early, if it did.
    pub stopped: Option<String>,
    /// This run's timing, if it played games.
    pub run: Option<RunTime>,
    /// Each counted game's viewer page ([`Tally::entries`]' order); none
    /// known: the HTML lists the games without links.
    pub pages: Vec<pages::Page>,
    /// The programs that changed since their games were played, whose
    /// games this run played again.
    pub changed: Vec<Changed>,
}

/// Why a report file could not be written.
#[derive(Debug, Error)]
pub enum ReportError {
    /// The extension names no known format.
    #[error("report file `{}`: unknown format (use .md, .markdown, .html, .htm or .csv)", .0.display())]
    Format(PathBuf),
    /// Writing failed.
    #[error("cannot write report file `{}`", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
}

/// A report file format, chosen by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `.md`, `.markdown`.
    Markdown,
    /// `.csv`: the standings in the file, the crosstable beside it.
    Csv,
    /// `.html`, `.htm`: one page; the games' viewer pages are linked.
    Html,
}

impl Format {
    /// The format of `path`, from its extension.
    pub fn of(path: &Path) -> Result<Format, ReportError> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("md" | "markdown") => Ok(Format::Markdown),
            Some("csv") => Ok(Format::Csv),
            Some("html" | "htm") => Ok(Format::Html),
            _ => Err(ReportError::Format(path.to_owned())),
        }
    }
}

/// Where the crosstable of a CSV report goes: `x.csv` → `x.crosstable.csv`.
pub fn crosstable_csv_path(path: &Path) -> PathBuf {
    path.with_extension("crosstable.csv")
}

fn signed(x: f64) -> String {
    format!("{x:+.1}")
}

fn one_decimal(x: f64) -> String {
    format!("{x:.1}")
}

fn percent(wdl: Wdl) -> String {
    wdl.score()
        .map(|s| format!("{:.1}%", 100.0 * s))
        .unwrap_or_default()
}

impl Report<'_> {
    /// Builds a report, fitting the ratings.
    #[allow(clippy::too_many_arguments)]
    pub fn new<'a>(
        name: &'a str,
        mode: Mode,
        games_per_pairing: u32,
        programs: &'a [Program],
        tally: &'a Tally,
        rating_options: RatingOptions,
        sprt: Option<SprtStatus>,
        scheduled: usize,
        stopped: Option<String>,
    ) -> Report<'a> {
        Report {
            name,
            mode,
            games_per_pairing,
            programs,
            tally,
            rating_options,
            ratings: rating::fit(&tally.crosstable, &rating_options),
            sprt,
            scheduled,
            stopped,
            run: None,
            pages: Vec::new(),
            changed: Vec::new(),
        }
    }

    /// Writes the report to `path` in the format its extension names.
    pub fn write(&self, path: &Path) -> Result<(), ReportError> {
        let write = |path: &Path, text: String| {
            std::fs::write(path, text).map_err(|source| ReportError::Io {
                path: path.to_owned(),
                source,
            })
        };
        match Format::of(path)? {
            Format::Markdown => write(path, self.markdown()),
            Format::Csv => {
                write(path, self.standings_csv())?;
                write(&crosstable_csv_path(path), self.crosstable_csv())
            }
            Format::Html => {
                let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
                write(path, self.html(dir.unwrap_or(Path::new("."))))
            }
        }
    }

    /// The SPRT's LLR after each counted game, in the order their results
    /// came (by when their referees ended).
    pub fn llr_curve(&self, s: &SprtStatus) -> Vec<f64> {
        let mut entries: Vec<&GameEntry> = self.tally.entries.iter().collect();
        entries.sort_by_key(|e| e.ended_unix_ms);
        let mut cross = Crosstable::new(self.programs.len());
        let mut pairs = Pairs::default();
        entries
            .into_iter()
            .map(|e| {
                cross.add(&e.seats, &e.verdict.outcome);
                match (s.pairs, e.paired_index) {
                    (Some(_), Some(index)) => {
                        pairs.add(&e.seats, index, &e.verdict.outcome);
                        s.sprt.llr_pairs(pairs.get(0, 1))
                    }
                    _ => s.sprt.llr(cross.get(0, 1)),
                }
            })
            .collect()
    }

    fn rating(&self, p: usize) -> Option<Rating> {
        self.ratings.as_ref().ok().and_then(|r| r[p])
    }

    /// A standings table's rows, in rank order: `row` writes each program's
    /// from its rank (1 first), its index, its total and its rating.
    fn standings(
        &self,
        row: impl Fn(usize, usize, Wdl, Option<Rating>) -> Vec<String>,
    ) -> Vec<Vec<String>> {
        self.ranking()
            .into_iter()
            .enumerate()
            .map(|(rank, p)| row(rank + 1, p, self.tally.crosstable.total(p), self.rating(p)))
            .collect()
    }

    /// Program indices from first to last: by rating, then score, then
    /// name; programs without a rating after those with one.
    pub fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.programs.len()).collect();
        let key = |p: usize| {
            let rating = self.rating(p).map_or(f64::NEG_INFINITY, |r| r.elo);
            let score = self.tally.crosstable.total(p).score().unwrap_or(-1.0);
            (rating, score)
        };
        order.sort_by(|&a, &b| {
            let (ka, kb) = (key(a), key(b));
            kb.0.total_cmp(&ka.0)
                .then(kb.1.total_cmp(&ka.1))
                .then_with(|| self.programs[a].name.cmp(&self.programs[b].name))
        });
        order
    }

    fn rating_error(&self, e: &RatingError) -> String {
        let name = |p: usize| self.programs[p].name.as_str();
        match *e {
            RatingError::Disconnected(a, b) => format!(
                "{} and {} are not connected by games, so their ratings cannot be compared",
                name(a),
                name(b)
            ),
            RatingError::Unbounded(p) => format!(
                "maximum-likelihood ratings are infinite: {} won or lost every game against \
                 some group of programs (use a prior)",
                name(p)
            ),
            RatingError::AnchorWithoutGames(p) => {
                format!("the anchor {} played no game", name(p))
            }
        }
    }

    fn rating_method(&self) -> String {
        let p = self.rating_options.prior_draws;
        let prior = if p == 0.0 {
            "no prior".to_owned()
        } else {
            let s = if p == 1.0 { "" } else { "s" };
            format!("a prior of {p} virtual draw{s} per pair that played")
        };
        let zero = match self.rating_options.anchor {
            Anchor::Mean => "the programs' mean is 0".to_owned(),
            Anchor::Program(p) => format!("{} is 0", self.programs[p].name),
        };
        format!(
            "Elo by maximum likelihood over all games (Bradley–Terry, draws count half), \
             {prior}; {zero}; ± is the 95% interval (sandwich estimate)."
        )
    }

    fn played(&self) -> usize {
        self.tally.games as usize
    }

    /// The report's first paragraphs: what was played, and this run's
    /// timing.
    pub fn summary_lines(&self) -> Vec<String> {
        let n = self.programs.len();
        let mut lines = vec![format!(
            "{} of {n} programs, {} game{} per pairing: {} of {} games played{}.",
            capitalised(&self.mode.to_string()),
            self.games_per_pairing,
            if self.games_per_pairing == 1 { "" } else { "s" },
            self.played(),
            self.scheduled,
            self.stopped
                .as_deref()
                .map(|s| format!(" ({s})"))
                .unwrap_or_default(),
        )];
        if let Some(run) = self.run.filter(|r| r.games > 0) {
            let wall = run.wall.as_secs_f64();
            lines.push(format!(
                "This run: {} game{} in {wall:.2} s, {:.1} ms per game, {} at a time.",
                run.games,
                if run.games == 1 { "" } else { "s" },
                1000.0 * wall / run.games as f64,
                run.concurrency
            ));
        }
        if !self.changed.is_empty() {
            let list: Vec<String> = self
                .changed
                .iter()
                .map(|c| format!("{} ({}; {} game(s) replayed)", c.program, c.what, c.games))
                .collect();
            lines.push(format!(
                "Changed since the last run: {}; the other games' results are kept.",
                list.join("; ")
            ));
        }
        lines.extend(self.tally.cpu_waits.warning());
        lines
    }

    /// The whole report as Markdown.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# Tournament {}\n", self.name);
        for line in self.summary_lines() {
            let _ = writeln!(out, "{line}\n");
        }
        let _ = writeln!(out, "## Standings\n");
        out.push_str(&self.standings_table().markdown());
        let _ = writeln!(out, "\n{}\n", self.ratings_note());
        let _ = writeln!(out, "## Crosstable\n\n{CROSSTABLE_NOTE}\n");
        out.push_str(&self.crosstable_table().markdown());
        out.push('\n');
        let _ = writeln!(out, "## Failures and reply times\n");
        out.push_str(&self.failures_table().markdown());
        let _ = writeln!(out, "\n{FAILURES_NOTE}\n");
        let _ = writeln!(out, "## Game endings\n");
        out.push_str(&self.endings_table().markdown());
        let _ = writeln!(out, "\n{}\n", self.first_mover_line());
        let faulted = self.faulted_table();
        if !faulted.rows.is_empty() {
            let _ = writeln!(out, "## Faulted games\n\n{FAULTED_NOTE}\n");
            out.push_str(&faulted.markdown());
            out.push('\n');
        }
        if let Some(sprt) = &self.sprt {
            let _ = writeln!(out, "## SPRT\n");
            for line in self.sprt_lines(sprt) {
                let _ = writeln!(out, "{line}\n");
            }
        }
        let _ = writeln!(out, "## Programs\n");
        out.push_str(&self.programs_table(true).markdown());
        out
    }

    /// The standings, in rank order ([`Report::ranking`]).
    pub fn standings_table(&self) -> Table {
        let rows = self.standings(|rank, p, total, rating| {
            vec![
                rank.to_string(),
                self.programs[p].name.clone(),
                rating.map(|r| signed(r.elo)).unwrap_or_default(),
                rating.map(|r| one_decimal(r.ci95)).unwrap_or_default(),
                total.games().to_string(),
                total.wins.to_string(),
                total.draws.to_string(),
                total.losses.to_string(),
                one_decimal(total.points()),
                percent(total),
            ]
        });
        use Align::{Left, Right};
        Table::new(
            &[
                ("#", Right),
                ("program", Left),
                ("Elo", Right),
                ("±95%", Right),
                ("games", Right),
                ("wins", Right),
                ("draws", Right),
                ("losses", Right),
                ("points", Right),
                ("score", Right),
            ],
            rows,
        )
    }

    /// How the ratings were fitted, or why they were not.
    pub fn ratings_note(&self) -> String {
        match &self.ratings {
            Ok(_) => format!("Ratings: {}", self.rating_method()),
            Err(e) => format!("Ratings not computed: {}.", self.rating_error(e)),
        }
    }

    /// The crosstable: a row and a column per program, in rank order; each
    /// cell the row's program's wins-draws-losses against the column's.
    pub fn crosstable_table(&self) -> Table {
        let order = self.ranking();
        let mut columns = vec![("program", Align::Left)];
        columns.extend(
            order
                .iter()
                .map(|&p| (self.programs[p].name.as_str(), Align::Right)),
        );
        let rows: Vec<Vec<String>> = order
            .iter()
            .map(|&a| {
                let mut row = vec![self.programs[a].name.clone()];
                row.extend(order.iter().map(|&b| {
                    let wdl = self.tally.crosstable.get(a, b);
                    if a == b {
                        "—".to_owned()
                    } else if wdl.games() == 0 {
                        String::new()
                    } else {
                        format!("{}-{}-{}", wdl.wins, wdl.draws, wdl.losses)
                    }
                }));
                row
            })
            .collect();
        Table::new(&columns, rows)
    }

    /// Each program's failures and reply times, in rank order.
    pub fn failures_table(&self) -> Table {
        let rows: Vec<Vec<String>> = self
            .ranking()
            .into_iter()
            .map(|p| {
                let s = &self.tally.stats[p];
                vec![
                    self.programs[p].name.clone(),
                    s.timeouts.to_string(),
                    s.crashes.to_string(),
                    s.pipe_failures.to_string(),
                    s.illegal_moves.to_string(),
                    s.refused_setups.to_string(),
                    s.mean_reply_ms().map(one_decimal).unwrap_or_default(),
                    s.replies.median_ms().map(one_decimal).unwrap_or_default(),
                    one_decimal(s.max_reply_ms),
                ]
            })
            .collect();
        use Align::{Left, Right};
        Table::new(
            &[
                ("program", Left),
                ("timeouts", Right),
                ("crashes", Right),
                ("pipe failures", Right),
                ("illegal moves", Right),
                ("refused setups", Right),
                ("mean reply ms", Right),
                ("median reply ms", Right),
                ("max reply ms", Right),
            ],
            rows,
        )
    }

    /// The games a player's fault ended, in the order counted: the
    /// program at fault (the first seat charged), the reason, and the
    /// command that plays the fault again (the verdict's `reproduce`).
    pub fn faulted_table(&self) -> Table {
        let rows: Vec<Vec<String>> = self
            .tally
            .entries
            .iter()
            .filter(|e| e.verdict.summary.reason.fault().is_some())
            .map(|e| {
                let v = &e.verdict.summary;
                let at_fault = (0..e.seats.len())
                    .find(|&seat| !charged(&e.verdict, seat).is_empty())
                    .map(|seat| format!("{} (seat {seat})", self.programs[e.seats[seat]].name))
                    .unwrap_or_default();
                vec![
                    e.id.clone(),
                    at_fault,
                    v.reason.as_str().to_owned(),
                    v.reproduce.clone().unwrap_or_default(),
                ]
            })
            .collect();
        use Align::Left;
        Table::new(
            &[
                ("game", Left),
                ("at fault", Left),
                ("reason", Left),
                ("reproduce", Left),
            ],
            rows,
        )
    }

    /// Games per reason, the most frequent first.
    pub fn endings_table(&self) -> Table {
        let mut reasons: Vec<(&String, &u32)> = self.tally.reasons.iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let rows: Vec<Vec<String>> = reasons
            .into_iter()
            .map(|(reason, count)| vec![reason.clone(), count.to_string()])
            .collect();
        Table::new(&[("reason", Align::Left), ("games", Align::Right)], rows)
    }

    /// Seat 0's results: the first mover's advantage.
    pub fn first_mover_line(&self) -> String {
        let first = self.tally.first_mover;
        format!(
            "Seat 0 (player 0): {} wins, {} draws, {} losses{}.",
            first.wins,
            first.draws,
            first.losses,
            first
                .score()
                .map(|s| format!(" ({:.1}%)", 100.0 * s))
                .unwrap_or_default()
        )
    }

    /// The SPRT's paragraphs: the hypotheses, the results, the decision.
    pub fn sprt_lines(&self, s: &SprtStatus) -> Vec<String> {
        let (a, b) = (&self.programs[0].name, &self.programs[1].name);
        let elo = match s.pairs {
            Some(p) => rating::pairs_elo(p),
            None => rating::pair_elo(s.wdl),
        }
        .map(|(e, ci)| format!("; Elo difference {} ± {}", signed(e), one_decimal(ci)))
        .unwrap_or_default();
        let (on, pairs) = match s.pairs {
            Some(p) => (
                "game pairs (pentanomial)",
                format!(
                    "; {} pair(s) of 0, ½, 1, 1½, 2 points: {}",
                    p.pairs(),
                    p.counts.map(|n| n.to_string()).join(", ")
                ),
            ),
            None => ("wins/draws/losses", String::new()),
        };
        let verdict = match s.decision {
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
            Decision::Continue => "no decision",
        };
        vec![
            format!(
                "H0: {a} is {} Elo stronger than {b}; H1: {} Elo stronger (logistic Elo, GSPRT \
                 on {on}); alpha {}, beta {}.",
                s.sprt.elo0, s.sprt.elo1, s.sprt.alpha, s.sprt.beta
            ),
            format!(
                "{a} against {b}: {} wins, {} draws, {} losses{pairs}{elo}.",
                s.wdl.wins, s.wdl.draws, s.wdl.losses
            ),
            format!("{}: {verdict}.", s.short()),
        ]
    }

    /// Each program's command line and, when its files were digested, the
    /// digest's first 12 hex digits (its build); `code` quotes the command
    /// as Markdown code.
    pub fn programs_table(&self, code: bool) -> Table {
        let rows: Vec<Vec<String>> = self
            .programs
            .iter()
            .map(|p| {
                let line = p.command_line();
                vec![
                    p.name.clone(),
                    if code { format!("`{line}`") } else { line },
                    p.content
                        .as_ref()
                        .map_or_else(String::new, |c| c.short().to_owned()),
                ]
            })
            .collect();
        Table::new(
            &[
                ("program", Align::Left),
                ("command", Align::Left),
                ("digest", Align::Left),
            ],
            rows,
        )
    }

    /// One line per program: rank, ratings, results, failures, reply
    /// times and command.
    pub fn standings_csv(&self) -> String {
        let rows = self.standings(|rank, p, total, rating| {
            let s = &self.tally.stats[p];
            vec![
                rank.to_string(),
                self.programs[p].name.clone(),
                rating.map(|r| format!("{:.2}", r.elo)).unwrap_or_default(),
                rating.map(|r| format!("{:.2}", r.ci95)).unwrap_or_default(),
                total.games().to_string(),
                total.wins.to_string(),
                total.draws.to_string(),
                total.losses.to_string(),
                total.points().to_string(),
                total.score().map(|x| format!("{x:.4}")).unwrap_or_default(),
                s.timeouts.to_string(),
                s.crashes.to_string(),
                s.pipe_failures.to_string(),
                s.illegal_moves.to_string(),
                s.refused_setups.to_string(),
                s.mean_reply_ms()
                    .map(|x| format!("{x:.2}"))
                    .unwrap_or_default(),
                s.replies
                    .median_ms()
                    .map(|x| format!("{x:.3}"))
                    .unwrap_or_default(),
                format!("{:.2}", s.max_reply_ms),
                self.programs[p].command_line(),
            ]
        });
        table::csv(
            &[
                "rank",
                "program",
                "elo",
                "elo_ci95",
                "games",
                "wins",
                "draws",
                "losses",
                "points",
                "score",
                "timeouts",
                "crashes",
                "pipe_failures",
                "illegal_moves",
                "refused_setups",
                "mean_reply_ms",
                "median_reply_ms",
                "max_reply_ms",
                "command",
            ],
            &rows,
        )
    }

    /// One line per ordered pair of programs that played: the first's
    /// results against the second.
    pub fn crosstable_csv(&self) -> String {
        let n = self.programs.len();
        let mut rows = Vec::new();
        for a in 0..n {
            for b in 0..n {
                let wdl = self.tally.crosstable.get(a, b);
                if a == b || wdl.games() == 0 {
                    continue;
                }
                rows.push(vec![
                    self.programs[a].name.clone(),
                    self.programs[b].name.clone(),
                    wdl.games().to_string(),
                    wdl.wins.to_string(),
                    wdl.draws.to_string(),
                    wdl.losses.to_string(),
                    wdl.points().to_string(),
                ]);
            }
        }
        table::csv(
            &[
                "program", "opponent", "games", "wins", "draws", "losses", "points",
            ],
            &rows,
        )
    }
}

/// Under the crosstable.
const CROSSTABLE_NOTE: &str = "Wins-draws-losses of the row's program against the column's.";

/// Under the failures.
const FAILURES_NOTE: &str = "Crashes: games lost by dying (a signal), exiting or failing to \
     start. Pipe failures: games lost by closing the output or not reading the input. The \
     median reply time is over the moves of the games' records.";

const FAULTED_NOTE: &str = "Each game a fault ended, with the command that plays the fault \
     again: the program at fault is sent what it was sent in the game's record, its opponents' \
     moves are the record's (docs/referee.md, \"Reproducing a fault\").";

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::verdict::Verdict;
    use referee_schema::Outcome;

    fn programs() -> Vec<Program> {
        ["strong", "weak", "idle"]
            .iter()
            .map(|n| Program {
                name: (*n).into(),
                path: format!("/bin/{n}").into(),
                args: vec![],
                protocol: None,
                time_limit_ms: None,
                content: None,
            })
            .collect()
    }

    fn tally() -> Tally {
        let mut t = Tally::new(3);
        // Verdicts without per-player reports: a fault is charged to the
        // loser.
        let verdict = |outcome, reason: &str| Verdict::made(outcome, reason, vec![]);
        t.add(&[0, 1], &verdict(Outcome::win(0, 2), "flag_captured"));
        t.add(&[1, 0], &verdict(Outcome::win(1, 2), "timeout"));
        t.add(&[0, 1], &verdict(Outcome::draw(2), "turn_limit"));
        t
    }

    fn report<'a>(programs: &'a [Program], tally: &'a Tally) -> Report<'a> {
        Report::new(
            "demo",
            Mode::Gauntlet,
            3,
            programs,
            tally,
            RatingOptions::default(),
            None,
            6,
            Some("interrupted".into()),
        )
    }

    #[test]
    fn markdown_has_every_section() {
        let (p, t) = (programs(), tally());
        let md = report(&p, &t).markdown();
        for needle in [
            "# Tournament demo",
            "Gauntlet of 3 programs, 3 games per pairing: 3 of 6 games played (interrupted).",
            "## Standings",
            "## Crosstable",
            "| strong  |      — | 2-1-0 |      |",
            "## Failures and reply times",
            "| weak    |        1 |",
            "## Game endings",
            "| timeout       |     1 |",
            "Seat 0 (player 0): 1 wins, 1 draws, 1 losses (50.0%).",
            "## Programs",
            "`/bin/idle`",
            "| program | command       | digest |",
        ] {
            assert!(md.contains(needle), "missing {needle:?} in\n{md}");
        }
        assert!(!md.contains("## SPRT"));
        assert!(!md.contains("This run"));
        let mut timed = report(&p, &t);
        timed.run = Some(RunTime {
            games: 3,
            wall: std::time::Duration::from_millis(1500),
            concurrency: 2,
        });
        assert!(
            timed
                .markdown()
                .contains("This run: 3 games in 1.50 s, 500.0 ms per game, 2 at a time.")
        );
        assert!(!md.contains("Changed since"));
        timed.changed = vec![Changed {
            program: "weak".into(),
            what: "its files changed (digest 222222222222 was 111111111111; files `/bin/weak`)"
                .into(),
            games: 4,
        }];
        assert!(timed.markdown().contains(
            "Changed since the last run: weak (its files changed (digest 222222222222 was \
             111111111111; files `/bin/weak`); 4 game(s) replayed); the other games' results \
             are kept."
        ));
    }

    #[test]
    fn faulted_games_are_listed_with_their_reproduce_command() {
        let (p, mut t) = (programs(), tally());
        let md = report(&p, &t).markdown();
        assert!(!md.contains("## Faulted games"), "{md}");
        let mut faulted = Verdict::made(Outcome::win(1, 2), "timeout", vec![]);
        faulted.summary.reproduce = Some("referee reproduce logs/t/g/game.json --seat 0".into());
        let normal = Verdict::made(Outcome::win(0, 2), "flag_captured", vec![]);
        for (id, verdict) in [("strong+weak+1", faulted), ("strong+weak+2", normal)] {
            t.entries.push(GameEntry {
                id: id.into(),
                seats: vec![0, 1],
                log_dir: PathBuf::from("logs/t/g"),
                ended_unix_ms: 0,
                paired_index: None,
                verdict,
            });
        }
        let r = report(&p, &t);
        let md = r.markdown();
        assert!(md.contains("## Faulted games"), "{md}");
        assert!(
            md.contains(
                "| strong+weak+1 | strong (seat 0) | timeout | referee reproduce \
                 logs/t/g/game.json --seat 0 |"
            ),
            "{md}"
        );
        assert!(!md.contains("strong+weak+2"), "{md}");
        let html = r.html(Path::new("."));
        assert!(html.contains("<h2>Faulted games</h2>"), "{html}");
        assert!(
            html.contains("referee reproduce logs/t/g/game.json --seat 0"),
            "{html}"
        );
    }

    #[test]
    fn ranking_puts_unrated_programs_last() {
        let (p, t) = (programs(), tally());
        assert_eq!(report(&p, &t).ranking(), [0, 1, 2]);
    }

    #[test]
    fn csv_reports_sum_up() {
        let (p, t) = (programs(), tally());
        let r = report(&p, &t);
        let standings = r.standings_csv();
        let lines: Vec<&str> = standings.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[1].starts_with("1,strong,"), "{standings}");
        assert!(
            lines[1].contains(",3,2,1,0,2.5,0.8333,0,0,0,0,0,"),
            "{standings}"
        );
        assert_eq!(
            r.crosstable_csv(),
            "program,opponent,games,wins,draws,losses,points\n\
             strong,weak,3,2,1,0,2.5\n\
             weak,strong,3,0,1,2,0.5\n"
        );
    }

    #[test]
    fn sprt_section_states_the_decision() {
        let (p, t) = (programs(), tally());
        let mut r = report(&p, &t);
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        let wdl = Wdl {
            wins: 300,
            draws: 100,
            losses: 50,
        };
        r.sprt = Some(SprtStatus::new(sprt, wdl));
        let md = r.markdown();
        assert!(md.contains("## SPRT"), "{md}");
        assert!(md.contains("H1 accepted"), "{md}");
        assert!(md.contains("(-2.94, 2.94)"), "{md}");
        assert!(md.contains("GSPRT on wins/draws/losses"), "{md}");

        // Paired games: the test and the interval are on the pairs.
        let pairs = Penta::new([10, 30, 80, 60, 45]);
        r.sprt = Some(SprtStatus::paired(sprt, wdl, pairs));
        let md = r.markdown();
        let (elo, ci) = rating::pairs_elo(pairs).unwrap();
        for needle in [
            "GSPRT on game pairs (pentanomial)".to_owned(),
            "; 225 pair(s) of 0, ½, 1, 1½, 2 points: 10, 30, 80, 60, 45".to_owned(),
            format!("Elo difference {} ± {}", signed(elo), one_decimal(ci)),
            format!("LLR {:.2}", sprt.llr_pairs(pairs)),
        ] {
            assert!(md.contains(&needle), "missing {needle:?} in\n{md}");
        }
    }

    #[test]
    fn the_page_escapes_and_draws_what_it_knows() {
        let (mut p, t) = (programs(), tally());
        p[1].path = "/bin/<b>weak".into();
        let mut r = report(&p, &t);
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        r.sprt = Some(SprtStatus::new(sprt, t.crosstable.get(0, 1)));
        let page = r.html(Path::new("."));
        assert!(page.contains("/bin/&lt;b&gt;weak") && !page.contains("<b>"));
        for needle in [
            "<table id=\"standings\">",
            "<svg class=\"elo\"",
            "<table id=\"crosstable\">",
            "data-score=\"0.833\"",
            "<table id=\"failures\">",
            "<table id=\"games\">",
            "<svg id=\"llr\"",
            "H0: strong is 0 Elo stronger than weak",
        ] {
            assert!(page.contains(needle), "missing {needle:?} in\n{page}");
        }
        assert!(!page.contains("http") && !page.contains("<script"));
        // The tally of `Tally::add` keeps no games: none is listed.
        assert!(page.contains("<table id=\"games\">\n<thead>"));
        assert!(!page.contains("class=\"game\""));
    }

    #[test]
    fn report_files_by_extension() {
        let dir = tempfile::tempdir().unwrap();
        let (p, t) = (programs(), tally());
        let r = report(&p, &t);
        r.write(&dir.path().join("r.md")).unwrap();
        r.write(&dir.path().join("r.csv")).unwrap();
        assert!(dir.path().join("r.crosstable.csv").exists());
        r.write(&dir.path().join("r.html")).unwrap();
        assert!(
            std::fs::read_to_string(dir.path().join("r.html"))
                .unwrap()
                .starts_with("<!DOCTYPE html>")
        );
        assert!(matches!(
            r.write(&dir.path().join("r.txt")),
            Err(ReportError::Format(_))
        ));
    }
}
