//! The report as one self-contained HTML page (no script, nothing from
//! the network): the Markdown's tables (the same rows, from the same
//! builders) with the ratings' intervals drawn, the crosstable coloured,
//! each program's faults in the verdicts' words, the SPRT's LLR curve, and
//! every game with a link to its viewer's page. Every text from a program
//! or a verdict is escaped.

use std::fmt::Write as _;
use std::path::Path;

use referee::replay::html::escape;
use referee_schema::Fault;

use super::pages::{Page, link};
use super::table::{Align, Table};
use super::{CROSSTABLE_NOTE, FAILURES_NOTE, FAULTED_NOTE, Report, SprtStatus};
use crate::results::tally::{GameEntry, charged};

const STYLE: &str = "\
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:75em;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:middle}
th{background:#f2f2f2}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
#crosstable td.num{text-align:center}
td.self{background:#ddd}
svg text{font-size:11px;fill:#555}
.faults li{margin:.15em 0}
.note{color:#555}
code{font-size:90%}
";

/// Width and height of an Elo bar, in pixels.
const BAR: (f64, f64) = (260.0, 16.0);

/// Width and height of the LLR chart, and its margin for the axes' labels.
const CHART: (f64, f64, f64) = (640.0, 240.0, 40.0);

impl Report<'_> {
    /// The whole report as an HTML page that lives in directory `dir`
    /// (the games' pages are linked relative to it).
    pub fn html(&self, dir: &Path) -> String {
        let mut out = String::new();
        let title = format!("Tournament {}", self.name);
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{t}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n",
            t = escape(&title)
        );
        for line in self.summary_lines() {
            let _ = writeln!(out, "<p class=\"summary\">{}</p>", escape(&line));
        }
        let _ = writeln!(out, "<h2>Standings</h2>");
        out.push_str(&self.standings_html());
        let _ = writeln!(
            out,
            "<p class=\"note\">{}</p>",
            escape(&self.ratings_note())
        );
        let _ = writeln!(
            out,
            "<h2>Crosstable</h2>\n<p class=\"note\">{}</p>",
            escape(CROSSTABLE_NOTE)
        );
        out.push_str(&self.crosstable_html());
        let _ = writeln!(out, "<h2>Failures and reply times</h2>");
        out.push_str(
            &self
                .failures_table()
                .html("failures", |_, _| String::new(), &[], &[]),
        );
        let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(FAILURES_NOTE));
        out.push_str(&self.faults_html(dir));
        let _ = writeln!(out, "<h2>Game endings</h2>");
        out.push_str(
            &self
                .endings_table()
                .html("endings", |_, _| String::new(), &[], &[]),
        );
        let _ = writeln!(out, "<p>{}</p>", escape(&self.first_mover_line()));
        let faulted = self.faulted_table();
        if !faulted.rows.is_empty() {
            let _ = writeln!(
                out,
                "<h2>Faulted games</h2>\n<p class=\"note\">{}</p>",
                escape(FAULTED_NOTE)
            );
            out.push_str(&faulted.html("faulted", command_column(3), &[], &[]));
        }
        if let Some(sprt) = &self.sprt {
            let _ = writeln!(out, "<h2>SPRT</h2>");
            for line in self.sprt_lines(sprt) {
                let _ = writeln!(out, "<p>{}</p>", escape(&line));
            }
            out.push_str(&self.llr_chart(sprt));
        }
        let _ = writeln!(out, "<h2>Games</h2>");
        out.push_str(&self.games_html(dir));
        let _ = writeln!(out, "<h2>Programs</h2>");
        out.push_str(
            &self
                .programs_table(false)
                .html("programs", command_column(1), &[], &[]),
        );
        out.push_str("</body>\n</html>\n");
        out
    }

    /// The standings with each rating's 95% interval drawn on one scale.
    fn standings_html(&self) -> String {
        let order = self.ranking();
        let rated: Vec<_> = order.iter().filter_map(|&p| self.rating(p)).collect();
        let lo = rated.iter().map(|r| r.elo - r.ci95).fold(0.0, f64::min);
        let hi = rated.iter().map(|r| r.elo + r.ci95).fold(0.0, f64::max);
        let span = if hi > lo { hi - lo } else { 1.0 };
        let (w, h) = BAR;
        let x = |elo: f64| 4.0 + (w - 8.0) * (elo - lo) / span;
        let bars: Vec<Vec<String>> = order
            .iter()
            .map(|&p| {
                let Some(r) = self.rating(p) else {
                    return vec!["<td></td>".to_owned()];
                };
                vec![format!(
                    "<td><svg class=\"elo\" width=\"{w}\" height=\"{h}\" role=\"img\">\
                     <title>{}: {:+.1} ± {:.1} Elo</title>\
                     <line x1=\"{z:.1}\" y1=\"0\" x2=\"{z:.1}\" y2=\"{h}\" stroke=\"#999\" \
                     stroke-dasharray=\"2,2\"/>\
                     <rect class=\"ci\" x=\"{a:.1}\" y=\"4\" width=\"{bw:.1}\" height=\"{bh}\" \
                     fill=\"#9cc3e6\"/>\
                     <line class=\"elo-mark\" x1=\"{e:.1}\" y1=\"1\" x2=\"{e:.1}\" y2=\"{m}\" \
                     stroke=\"#1f4e79\" stroke-width=\"3\"/></svg></td>",
                    escape(&self.programs[p].name),
                    r.elo,
                    r.ci95,
                    z = x(0.0),
                    a = x(r.elo - r.ci95),
                    bw = (x(r.elo + r.ci95) - x(r.elo - r.ci95)).max(1.0),
                    bh = h - 8.0,
                    e = x(r.elo),
                    m = h - 1.0,
                )]
            })
            .collect();
        let header = format!("Elo, 95% ({lo:+.0} to {hi:+.0}; dashed: 0)");
        self.standings_table()
            .html("standings", |_, _| String::new(), &[&header], &bars)
    }

    /// The crosstable, each cell coloured by the row's score against the
    /// column (red lost, green won).
    fn crosstable_html(&self) -> String {
        let order = self.ranking();
        let cross = &self.tally.crosstable;
        self.crosstable_table().html(
            "crosstable",
            |i, j| {
                if j == 0 {
                    return String::new();
                }
                let (a, b) = (order[i], order[j - 1]);
                if a == b {
                    return " class=\"num self\"".to_owned();
                }
                match cross.get(a, b).score() {
                    None => String::new(),
                    Some(score) => format!(
                        " data-score=\"{score:.3}\" style=\"background:hsl({:.0},65%,80%)\" \
                         title=\"{} against {}: {:.1}%\"",
                        120.0 * score,
                        escape(&self.programs[a].name),
                        escape(&self.programs[b].name),
                        100.0 * score
                    ),
                }
            },
            &[],
            &[],
        )
    }

    /// Each program's faults, game by game, in the verdicts' words.
    fn faults_html(&self, dir: &Path) -> String {
        let mut out = String::from("<div id=\"faults\">\n");
        for p in self.ranking() {
            let mut items = Vec::new();
            for (i, entry) in self.tally.entries.iter().enumerate() {
                for (seat, _) in entry.seats.iter().enumerate().filter(|(_, q)| **q == p) {
                    for (fault, n) in charged(&entry.verdict, seat) {
                        items.push(format!(
                            "<li data-fault=\"{}\">{}: {}{} — {}</li>",
                            fault_name(fault),
                            self.game_link(i, &entry.id, dir),
                            fault_name(fault),
                            if n > 1 {
                                format!(" ×{n}")
                            } else {
                                String::new()
                            },
                            escape(&fault_words(entry, seat, fault)),
                        ));
                    }
                }
            }
            if items.is_empty() {
                continue;
            }
            let name = escape(&self.programs[p].name);
            let _ = writeln!(
                out,
                "<section class=\"faults\" data-program=\"{name}\">\n<h3>Faults of {name}</h3>\n\
                 <ul>\n{}\n</ul>\n</section>",
                items.join("\n")
            );
        }
        out.push_str("</div>\n");
        out
    }

    /// A link to the `i`th counted game's viewer page, saying `text`, or
    /// `text` alone.
    fn game_link(&self, i: usize, text: &str, dir: &Path) -> String {
        match self.pages.get(i) {
            Some(Page::Written(path)) => format!(
                "<a class=\"game\" href=\"{}\">{}</a>",
                escape(&link(dir, path)),
                escape(text)
            ),
            _ => escape(text),
        }
    }

    /// Every counted game: its seats, result, reason in words, and its
    /// viewer's page.
    fn games_html(&self, dir: &Path) -> String {
        let entries = &self.tally.entries;
        let rows: Vec<Vec<String>> = entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let names: Vec<&str> = e
                    .seats
                    .iter()
                    .map(|&p| self.programs[p].name.as_str())
                    .collect();
                let v = &e.verdict.summary;
                vec![
                    (i + 1).to_string(),
                    e.id.clone(),
                    names.join(" – "),
                    e.verdict.result(),
                    v.reason.as_str().to_owned(),
                    verdict_words(e),
                    v.moves.to_string(),
                    format!("{:.1}", v.duration_ms / 1000.0),
                ]
            })
            .collect();
        use Align::{Left, Right};
        let table = Table::new(
            &[
                ("#", Right),
                ("game", Left),
                ("seats", Left),
                ("result", Left),
                ("reason", Left),
                ("what happened", Left),
                ("moves", Right),
                ("s", Right),
            ],
            rows,
        );
        let viewers: Vec<Vec<String>> = entries
            .iter()
            .enumerate()
            .map(|(i, _)| {
                vec![match self.pages.get(i) {
                    Some(Page::Written(_)) => {
                        format!("<td>{}</td>", self.game_link(i, "view", dir))
                    }
                    Some(Page::Failed(why)) => {
                        format!("<td class=\"note\">no page: {}</td>", escape(why))
                    }
                    Some(Page::Skipped) | None => "<td></td>".to_owned(),
                }]
            })
            .collect();
        table.html("games", |_, _| String::new(), &["viewer"], &viewers)
    }

    /// The LLR after each game, in the order the results came, between the
    /// test's bounds.
    fn llr_chart(&self, s: &SprtStatus) -> String {
        let curve = self.llr_curve(s);
        let (w, h, m) = CHART;
        let (lower, upper) = (s.sprt.lower(), s.sprt.upper());
        let lo = curve.iter().copied().fold(lower, f64::min) - 0.2;
        let hi = curve.iter().copied().fold(upper, f64::max) + 0.2;
        let n = curve.len().max(1) as f64;
        let x = |k: f64| m + (w - m - 10.0) * k / n;
        let y = |llr: f64| 10.0 + (h - m - 10.0) * (hi - llr) / (hi - lo);
        let points: Vec<String> = std::iter::once(0.0)
            .chain(curve.iter().copied())
            .enumerate()
            .map(|(k, llr)| format!("{:.1},{:.1}", x(k as f64), y(llr)))
            .collect();
        let bound = |class: &str, value: f64, colour: &str| {
            format!(
                "<line class=\"{class}\" x1=\"{:.1}\" y1=\"{yv:.1}\" x2=\"{:.1}\" y2=\"{yv:.1}\" \
                 stroke=\"{colour}\" stroke-dasharray=\"6,3\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\">{value:.2}</text>",
                x(0.0),
                x(n),
                2.0,
                y(value) + 4.0,
                yv = y(value)
            )
        };
        format!(
            "<svg id=\"llr\" width=\"{w}\" height=\"{h}\" role=\"img\" \
             data-games=\"{}\" data-lower=\"{lower:.4}\" data-upper=\"{upper:.4}\">\
             <title>LLR after each game, with the bounds {lower:.2} and {upper:.2}</title>\
             <rect x=\"{m}\" y=\"10\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#ccc\"/>\
             {}{}\
             <line x1=\"{:.1}\" y1=\"{y0:.1}\" x2=\"{:.1}\" y2=\"{y0:.1}\" stroke=\"#ccc\"/>\
             <polyline class=\"curve\" points=\"{}\" fill=\"none\" stroke=\"#1f4e79\" \
             stroke-width=\"2\"/>\
             <text x=\"{m}\" y=\"{}\">0</text><text x=\"{:.1}\" y=\"{}\">{} games</text>\
             </svg>\n",
            curve.len(),
            w - m - 10.0,
            h - m - 10.0,
            bound("upper", upper, "#2e7d32"),
            bound("lower", lower, "#c62828"),
            x(0.0),
            x(n),
            points.join(" "),
            h - m + 16.0,
            x(n) - 60.0,
            h - m + 16.0,
            curve.len(),
            y0 = y(0.0),
        )
    }
}

/// A fault's name, as the failures table counts it.
fn fault_name(fault: Fault) -> &'static str {
    match fault {
        Fault::Timeout => "timeout",
        Fault::Crash => "crash",
        Fault::Pipe => "pipe failure",
        Fault::IllegalMove => "illegal move",
        Fault::RefusedSetup => "refused setup",
    }
}

/// What the verdict says happened: its reason in words and its detail.
fn verdict_words(entry: &GameEntry) -> String {
    let v = &entry.verdict.summary;
    let words = if v.reason_text.is_empty() {
        v.reason.words().unwrap_or(v.reason.as_str())
    } else {
        v.reason_text.as_str()
    };
    if v.detail.is_empty() {
        words.to_owned()
    } else {
        format!("{words}: {}", v.detail)
    }
}

/// The verdict's words for `fault` of `seat`: the game's own when this
/// fault ended it, else the player's own failure's.
fn fault_words(entry: &GameEntry, seat: usize, fault: Fault) -> String {
    let v = &entry.verdict.summary;
    if v.reason.fault() == Some(fault) {
        return verdict_words(entry);
    }
    let own = v.players.get(seat).and_then(|r| r.failure.as_ref());
    match own.filter(|r| r.fault() == Some(fault)) {
        Some(reason) => reason
            .words()
            .map_or_else(|| reason.as_str().to_owned(), str::to_owned),
        None => format!("the game ended otherwise: {}", verdict_words(entry)),
    }
}

/// The cell attributes ([`Table::html`]) of a table whose column `column`
/// holds command lines, set in their own style.
fn command_column(column: usize) -> impl Fn(usize, usize) -> String {
    move |_, j| {
        if j == column {
            " class=\"cmd\"".into()
        } else {
            String::new()
        }
    }
}
