//! The HTML report of real tournaments, read through the DOM of a
//! headless Chromium: the standings and the crosstable are the Markdown's
//! rows, the faults are in the verdicts' words, every game's link opens
//! its viewer page, and the SPRT's curve ends past the bound it crossed.

use std::collections::HashSet;

use serde_json::Value;
use tests::cdp::Browser;
use tests::tools::need;

use crate::util::Sandbox;

/// The rows of the Markdown table under `## SECTION` of `markdown`, each
/// cell trimmed (the header and the rule left out).
fn markdown_rows(markdown: &str, section: &str) -> Vec<Vec<String>> {
    let start = markdown
        .find(&format!("## {section}\n"))
        .unwrap_or_else(|| panic!("no section {section} in\n{markdown}"));
    markdown[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_owned())
                .collect()
        })
        .collect()
}

/// The text of every cell of table `id`'s body, row by row.
fn dom_rows(b: &mut Browser, id: &str) -> Vec<Vec<String>> {
    let rows = b.eval(&format!(
        "[...document.querySelectorAll('#{id} tbody tr')].map(r => \
         [...r.cells].map(c => c.textContent))"
    ));
    serde_json::from_value(rows).expect("rows of cells")
}

fn strings(v: Value) -> Vec<String> {
    serde_json::from_value(v).expect("a list of strings")
}

/// Chromium and a sandbox for `test`; `None` (skipped, saying so)
/// without Chromium.
fn with_chromium(test: &str) -> Option<(std::path::PathBuf, Sandbox)> {
    Some((need("chromium", test)?, Sandbox::new()))
}

#[test]
fn the_html_report_of_a_real_tournament_reads_in_chromium() {
    let test = "the_html_report_of_a_real_tournament_reads_in_chromium";
    let Some((chromium, sb)) = with_chromium(test) else {
        return;
    };
    // A program whose path holds markup: the page shows it as text.
    std::os::unix::fs::symlink(crate::util::sibling("player"), sb.path().join("pl<b>ayer"))
        .unwrap();
    sb.play_all(
        &[
            "r1=player --strategy random --seed {seed}",
            "r2=pl<b>ayer --strategy random --seed {seed}",
            "lake=faulty-player --mode move-lake --at 3 --seed 5",
        ],
        "--games 2 -j 2 --max-turns 100 --name web --report web.html --quiet",
    );
    let recs = sb.results("web");
    assert_eq!(recs.len(), 6);
    let markdown = sb.read("logs/web/report.md");
    let mut b = Browser::start(&chromium);
    let report = sb.path().join("logs/web/report.html");
    b.open(&format!("file://{}", report.display()));

    // The standings and the crosstable: the Markdown's rows, the bars
    // beside them.
    let standings = dom_rows(&mut b, "standings");
    let md = markdown_rows(&markdown, "Standings");
    assert_eq!(standings.len(), 3);
    for (row, md_row) in standings.iter().zip(&md) {
        assert_eq!(&row[..md_row.len()], &md_row[..], "{standings:?}");
    }
    let names: Vec<&str> = standings.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(names.iter().collect::<HashSet<_>>().len(), 3);
    assert_eq!(names[2], "lake", "the faulty player lost every game");
    assert_eq!(
        b.eval("document.querySelectorAll('#standings svg.elo rect.ci').length"),
        3
    );
    let cross = dom_rows(&mut b, "crosstable");
    assert_eq!(cross, markdown_rows(&markdown, "Crosstable"));
    for (i, row) in cross.iter().enumerate() {
        assert_eq!(row[i + 1], "—");
        // Against the faulty player: both its games won.
        if row[0] != "lake" {
            assert_eq!(row[3], "2-0-0", "{cross:?}");
        }
    }
    let scores = strings(b.eval(
        "[...document.querySelectorAll('#crosstable td[data-score]')].map(c => \
         c.dataset.score + ' ' + c.style.backgroundColor)",
    ));
    assert_eq!(scores.len(), 6, "{scores:?}");
    assert!(
        scores.iter().any(|s| s.starts_with("1.000 rgb(")),
        "{scores:?}"
    );
    let failures = dom_rows(&mut b, "failures");
    assert_eq!(
        failures,
        markdown_rows(&markdown, "Failures and reply times")
    );
    let lake = failures.iter().find(|r| r[0] == "lake").unwrap();
    assert_eq!(lake[4], "4", "illegal moves: {lake:?}");
    assert!(
        !lake[7].is_empty() && !lake[8].is_empty(),
        "median and max: {lake:?}"
    );

    // The faults: the faulty player's only, in its verdicts' words.
    let sections = strings(
        b.eval("[...document.querySelectorAll('#faults section')].map(s => s.dataset.program)"),
    );
    assert_eq!(sections, ["lake"]);
    let faults = strings(b.eval(
        "[...document.querySelectorAll('#faults li')].map(l => \
         l.dataset.fault + '|' + l.textContent)",
    ));
    assert_eq!(faults.len(), 4, "{faults:?}");
    // The games its faults ended: the Markdown's rows, each with the
    // command that plays the fault again.
    let faulted = dom_rows(&mut b, "faulted");
    assert_eq!(faulted, markdown_rows(&markdown, "Faulted games"));
    assert_eq!(faulted.len(), 4, "{faulted:?}");
    for row in &faulted {
        assert!(row[1].starts_with("lake (seat "), "{row:?}");
        let seat = &row[1]["lake (seat ".len()..row[1].len() - 1];
        assert_eq!(
            row[3],
            format!(
                "referee reproduce logs/web/{}/game.json --seat {seat}",
                row[0]
            ),
            "{row:?}"
        );
    }
    for rec in recs
        .iter()
        .filter(|r| r.pairing.iter().any(|p| p == "lake"))
    {
        let v = &rec.verdict;
        assert_eq!(v.reason.as_str(), "illegal_move");
        let words = format!("{}: {}", v.reason_text, v.detail);
        assert!(
            faults.iter().any(|f| f.starts_with("illegal move|")
                && f.contains(&rec.id)
                && f.ends_with(&words)),
            "no fault of {} saying {words:?} in {faults:?}",
            rec.id
        );
    }

    // Every game, with its result, and a link to its viewer's page.
    let games = dom_rows(&mut b, "games");
    assert_eq!(games.len(), recs.len());
    for rec in &recs {
        let row = games
            .iter()
            .find(|r| r[1] == rec.id)
            .unwrap_or_else(|| panic!("no row of {} in {games:?}", rec.id));
        assert_eq!(row[3], rec.verdict.outcome().unwrap().result());
        assert_eq!(row[4], rec.verdict.reason.as_str());
    }
    let programs_cells = dom_rows(&mut b, "programs");
    assert!(
        programs_cells.iter().any(|r| r[1].contains("pl<b>ayer")),
        "{programs_cells:?}"
    );
    assert_eq!(b.eval("document.querySelectorAll('b').length"), 0);
    assert!(b.errors.is_empty(), "errors: {:?}", b.errors);

    let links =
        strings(b.eval("[...new Set([...document.querySelectorAll('a.game')].map(a => a.href))]"));
    assert_eq!(links.len(), recs.len(), "{links:?}");
    for link in &links {
        b.open(link);
        assert_eq!(
            b.eval("document.querySelector('#views') !== null"),
            true,
            "{link}"
        );
        let title = b.eval("document.title");
        assert!(
            title.as_str().is_some_and(|t| t.starts_with("stratego: ")),
            "{link}: {title}"
        );
        assert!(b.errors.is_empty(), "{link}: {:?}", b.errors);
    }

    // The report asked for elsewhere links to the same pages.
    let other = sb.read("web.html");
    for rec in &recs {
        let href = format!("href=\"logs/web/{}/view.html\"", rec.id);
        assert!(other.contains(&href), "no {href} in web.html");
    }
    sb.assert_no_leftovers();
}

#[test]
fn the_html_report_draws_the_sprt_curve_past_its_bound() {
    let test = "the_html_report_draws_the_sprt_curve_past_its_bound";
    let Some((chromium, sb)) = with_chromium(test) else {
        return;
    };
    sb.play_sprt("1", "--name sprt --quiet --no-game-pages");
    let played = sb.results("sprt").len();
    let mut b = Browser::start(&chromium);
    b.open(&format!(
        "file://{}",
        sb.path().join("logs/sprt/report.html").display()
    ));
    let chart = b.eval(
        "(() => { const s = document.getElementById('llr'); \
         const ys = s.querySelector('polyline.curve').getAttribute('points').trim() \
           .split(' ').map(p => parseFloat(p.split(',')[1])); \
         const y = c => parseFloat(s.querySelector('line.' + c).getAttribute('y1')); \
         return {games: +s.dataset.games, lower: +s.dataset.lower, upper: +s.dataset.upper, \
           points: ys.length, last: ys[ys.length - 1], first: ys[0], \
           upperY: y('upper'), lowerY: y('lower')}; })()",
    );
    assert_eq!(chart["games"], played, "{chart}");
    assert_eq!(
        chart["points"],
        played + 1,
        "the start and each game: {chart}"
    );
    assert!(
        (chart["upper"].as_f64().unwrap() - 2.944).abs() < 0.01,
        "{chart}"
    );
    assert!(
        (chart["lower"].as_f64().unwrap() + 2.944).abs() < 0.01,
        "{chart}"
    );
    let y = |k: &str| chart[k].as_f64().unwrap();
    // SVG's y grows downwards: the curve starts between the bounds and
    // ends at or above the upper one (H1 was accepted).
    assert!(
        y("upperY") < y("first") && y("first") < y("lowerY"),
        "{chart}"
    );
    assert!(y("last") <= y("upperY"), "{chart}");
    let text = b.eval("document.body.textContent");
    assert!(text.as_str().unwrap().contains("H1 accepted"), "{text}");
    // Without viewer pages the games are listed without links.
    assert_eq!(b.eval("document.querySelectorAll('a.game').length"), 0);
    assert_eq!(
        b.eval("document.querySelectorAll('#games tbody tr').length"),
        played
    );
    assert!(b.errors.is_empty(), "errors: {:?}", b.errors);
    sb.assert_no_leftovers();
}
