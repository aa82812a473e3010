//! Resuming: which scheduled games the results file already holds, and
//! which must (still) be played.
//!
//! A game's identity is its id, its referee settings and, for each seat,
//! its program: name, path, arguments, protocol, time limit and the digest
//! of its files ([`crate::plan::spec::Content`]). A record counts for a
//! scheduled game when all of these match. When a file holds several
//! records of one id (a game replayed), the last one counts.
//!
//! A program that changed since its games were played (a new build: other
//! file contents, arguments or path) has its games played again, and only
//! those: every other record keeps counting as it is, and the change is
//! listed ([`Plan::changed`]) for the notices and the report. A record
//! written before programs were digested has no digest, and matches a
//! program of the same command line. Anything else a resume would drop is
//! an error without `--force`: a record played with other referee settings
//! (a *conflict*), or that belongs to no scheduled game (a *foreign* record:
//! fewer games or other programs). With `--force`, conflicting games are
//! played again (their new records supersede the old ones) and foreign
//! records are left in the file but out of the report.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use thiserror::Error;

use crate::plan::schedule::Game;
use crate::plan::spec::Program;
use crate::results::file::Loaded;
use crate::results::record::Settings;

/// How the results file relates to the schedule.
#[derive(Debug, Default)]
pub struct Plan {
    /// For each scheduled game, the index (in the loaded records) of the
    /// record that finished it.
    pub finished: Vec<Option<usize>>,
    /// Indices (in the schedule) of the games to play, in order.
    pub to_play: Vec<usize>,
    /// Records that do not match their scheduled game (ignored; replayed).
    pub conflicts: Vec<Mismatch>,
    /// Records of games that are not scheduled (ignored).
    pub foreign: Vec<Mismatch>,
    /// Programs that changed since some of their games were played, in
    /// program order: those games are played again.
    pub changed: Vec<Changed>,
}

/// A program that is not what it was when some of its games were played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    /// The program's name.
    pub program: String,
    /// What changed, from the first of its records that differs.
    pub what: String,
    /// Its games to play again.
    pub games: usize,
}

/// A record that does not count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// Its line in the results file.
    pub line: usize,
    /// Its game id.
    pub id: String,
    /// What differs.
    pub what: String,
}

/// Why a resume was refused.
#[derive(Debug, Error)]
#[error("{}", describe(.conflicts, .foreign))]
pub struct PlanError {
    /// Records played differently from their scheduled game.
    pub conflicts: Vec<Mismatch>,
    /// Records of unscheduled games.
    pub foreign: Vec<Mismatch>,
}

fn describe(conflicts: &[Mismatch], foreign: &[Mismatch]) -> String {
    let mut s = String::from("the results file does not match this tournament:");
    let mut list = |what: &str, items: &[Mismatch]| {
        if items.is_empty() {
            return;
        }
        let _ = write!(s, "\n  {} {what}", items.len());
        for m in items.iter().take(3) {
            let _ = write!(s, "\n    line {}: game {}: {}", m.line, m.id, m.what);
        }
        if items.len() > 3 {
            let _ = write!(s, "\n    ...");
        }
    };
    list("game(s) played with other referee settings", conflicts);
    list("game(s) not part of this tournament", foreign);
    s.push_str(
        "\nuse the same names and options to resume (a changed program only replays its own \
         games), another --results file (or --name) for a new tournament, or --force to \
         replay the differing games and ignore the others",
    );
    s
}

/// Matches `records` against `schedule`, whose games are played by
/// `programs` with `settings`.
pub fn plan(
    schedule: &[Game],
    programs: &[Program],
    settings: &Settings,
    records: &[Loaded],
    force: bool,
) -> Result<Plan, PlanError> {
    let mut last: HashMap<&str, usize> = HashMap::new();
    for (i, loaded) in records.iter().enumerate() {
        last.insert(&loaded.record.id, i);
    }
    let mut plan = Plan {
        finished: vec![None; schedule.len()],
        ..Plan::default()
    };
    let mut scheduled: HashSet<&str> = HashSet::new();
    let mut changed: Vec<Option<(String, usize)>> = vec![None; programs.len()];
    for (g, game) in schedule.iter().enumerate() {
        scheduled.insert(&game.id);
        let Some(&i) = last.get(game.id.as_str()) else {
            plan.to_play.push(g);
            continue;
        };
        let loaded = &records[i];
        let expected: Vec<&Program> = game.seats.iter().map(|&p| &programs[p]).collect();
        if let Some(what) = difference(loaded, &expected, settings) {
            plan.conflicts.push(Mismatch {
                line: loaded.line,
                id: game.id.clone(),
                what,
            });
            plan.to_play.push(g);
            continue;
        }
        let mut replay = false;
        for (was, &p) in loaded.record.players.iter().zip(&game.seats) {
            if let Some(what) = program_change(was, &programs[p]) {
                replay = true;
                changed[p].get_or_insert((what, 0)).1 += 1;
            }
        }
        if replay {
            plan.to_play.push(g);
        } else {
            plan.finished[g] = Some(i);
        }
    }
    plan.changed = changed
        .into_iter()
        .zip(programs)
        .filter_map(|(c, p)| {
            c.map(|(what, games)| Changed {
                program: p.name.clone(),
                what,
                games,
            })
        })
        .collect();
    for (id, &i) in &last {
        if !scheduled.contains(id) {
            plan.foreign.push(Mismatch {
                line: records[i].line,
                id: (*id).to_owned(),
                what: "no such game in this tournament".into(),
            });
        }
    }
    plan.conflicts.sort_by_key(|m| m.line);
    plan.foreign.sort_by_key(|m| m.line);
    let clean = plan.conflicts.is_empty() && plan.foreign.is_empty();
    if !force && !clean {
        return Err(PlanError {
            conflicts: plan.conflicts,
            foreign: plan.foreign,
        });
    }
    Ok(plan)
}

/// What differs between a record and the game as it would be played now,
/// other than its programs' builds ([`program_change`]): its seats and its
/// settings.
fn difference(loaded: &Loaded, expected: &[&Program], settings: &Settings) -> Option<String> {
    let record = &loaded.record;
    if record.players.len() != expected.len() {
        return Some(format!(
            "it had {} players, now {}",
            record.players.len(),
            expected.len()
        ));
    }
    for (seat, (was, now)) in record.players.iter().zip(expected).enumerate() {
        if was.name != now.name {
            return Some(format!("player {seat} was {}, now {}", was.name, now.name));
        }
    }
    if &record.settings != settings {
        let show = |s: &Settings| {
            let quote = |a: &String| shlex::try_quote(a).map_or_else(|_| a.clone(), |q| q.into());
            format!(
                "--game {}{} --time-limit-ms {} --max-turns {}{}",
                s.game,
                if s.game_options.is_empty() {
                    String::new()
                } else {
                    format!(
                        " --game-options {}",
                        quote(
                            &s.game_options
                                .iter()
                                .map(quote)
                                .collect::<Vec<_>>()
                                .join(" ")
                        )
                    )
                },
                s.time_limit_ms,
                s.max_turns,
                s.referee_args
                    .iter()
                    .map(|a| format!(" --referee-arg={}", quote(a)))
                    .collect::<String>(),
            ) + if s.pairs { " --pairs" } else { "" }
        };
        return Some(format!(
            "referee settings were `{}`, now `{}`",
            show(&record.settings),
            show(settings)
        ));
    }
    None
}

/// How `now` differs from the program `was` that played a record, if it
/// does: its command line, protocol or time limit, or its files' digest
/// (unless the record has none: it was written before programs were
/// digested).
pub fn program_change(was: &Program, now: &Program) -> Option<String> {
    let show = |p: &Program| {
        let mut s = p.command_line();
        if let Some(protocol) = &p.protocol {
            s.push_str(&format!(", protocol {protocol}"));
        }
        if let Some(ms) = p.time_limit_ms {
            s.push_str(&format!(", {ms} ms per reply"));
        }
        s
    };
    let (a, b) = (show(was), show(now));
    if a != b || was.path != now.path || was.args != now.args {
        return Some(format!("was `{a}`, now `{b}`"));
    }
    match (&was.content, &now.content) {
        (Some(x), Some(y)) if x.digest != y.digest => {
            let files = y
                .files
                .iter()
                .map(|f| format!("`{}`", f.display()))
                .collect::<Vec<_>>()
                .join(", ");
            Some(format!(
                "its files changed (digest {} was {}; files {files})",
                y.short(),
                x.short()
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::schedule::{Mode, schedule};
    use crate::plan::spec::Content;
    use crate::results::record::{GameRecord, SCHEMA};
    use crate::results::verdict::Verdict;

    fn programs(n: usize) -> Vec<Program> {
        (0..n)
            .map(|i| Program {
                name: format!("p{i}"),
                path: "/bin/player".into(),
                args: vec!["--seed".into(), i.to_string()],
                protocol: None,
                time_limit_ms: None,
                content: None,
            })
            .collect()
    }

    fn settings() -> Settings {
        Settings {
            game: "stratego".into(),
            game_options: vec![],
            time_limit_ms: 500,
            max_turns: 200,
            referee_args: vec![],
            pairs: false,
        }
    }

    fn loaded(line: usize, game: &Game, programs: &[Program], settings: &Settings) -> Loaded {
        let v = referee_schema::Summary::from_json(
            r#"{"winner": 0, "result": "1-0", "reason": "flag_captured"}"#,
        )
        .unwrap();
        Loaded {
            line,
            verdict: Verdict::from_summary(v.clone()).unwrap(),
            record: GameRecord {
                schema: SCHEMA,
                id: game.id.clone(),
                pairing: game
                    .table
                    .iter()
                    .map(|&p| programs[p].name.clone())
                    .collect(),
                index: game.index,
                players: game.seats.iter().map(|&p| programs[p].clone()).collect(),
                settings: settings.clone(),
                started_unix_ms: 0,
                wall_ms: 0,
                log_dir: "x".into(),
                verdict: v,
            },
        }
    }

    /// A record of each of `games`, played by `programs`, one line each.
    fn every_game_played(games: &[Game], programs: &[Program]) -> Vec<Loaded> {
        games
            .iter()
            .enumerate()
            .map(|(i, g)| loaded(i + 1, g, programs, &settings()))
            .collect()
    }

    fn names(programs: &[Program]) -> Vec<String> {
        programs.iter().map(|p| p.name.clone()).collect()
    }

    #[test]
    fn finished_games_are_not_replayed() {
        let progs = programs(3);
        let games = schedule(&names(&progs), Mode::RoundRobin, 2, 2);
        let records: Vec<Loaded> = [0, 2, 5]
            .iter()
            .enumerate()
            .map(|(i, &g)| loaded(i + 1, &games[g], &progs, &settings()))
            .collect();
        let plan = plan(&games, &progs, &settings(), &records, false).unwrap();
        assert_eq!(plan.to_play, [1, 3, 4]);
        assert_eq!(plan.finished[2], Some(1));
        assert_eq!(plan.finished[1], None);
    }

    #[test]
    fn more_games_or_programs_extend_the_tournament() {
        let progs = programs(2);
        let games = schedule(&names(&progs), Mode::RoundRobin, 2, 2);
        let records: Vec<Loaded> = (0..2)
            .map(|g| loaded(g + 1, &games[g], &progs, &settings()))
            .collect();
        let more = programs(3);
        let games = schedule(&names(&more), Mode::RoundRobin, 4, 2);
        let plan = plan(&games, &more, &settings(), &records, false).unwrap();
        assert_eq!(plan.to_play.len(), 3 * 4 - 2);
    }

    #[test]
    fn changed_arguments_replay_that_programs_games_only() {
        let progs = programs(3);
        let games = schedule(&names(&progs), Mode::RoundRobin, 2, 2);
        let records = every_game_played(&games, &progs);
        let mut changed = progs.clone();
        changed[1].args = vec!["--seed".into(), "9".into()];
        let plan = plan(&games, &changed, &settings(), &records, false).unwrap();
        // p1's games: p0+p1 and p1+p2, twice each.
        let replayed: Vec<&str> = plan.to_play.iter().map(|&g| games[g].id.as_str()).collect();
        assert_eq!(replayed, ["p0+p1+1", "p1+p2+1", "p0+p1+2", "p1+p2+2"]);
        assert_eq!(plan.finished[1], Some(1));
        assert!(plan.conflicts.is_empty());
        assert_eq!(
            plan.changed,
            [Changed {
                program: "p1".into(),
                what: "was `/bin/player --seed 1`, now `/bin/player --seed 9`".into(),
                games: 4,
            }]
        );
    }

    fn content(digest: &str) -> Option<Content> {
        Some(Content {
            digest: format!("sha256:{digest}"),
            files: vec!["/bin/player".into()],
            interpreter: None,
        })
    }

    #[test]
    fn a_changed_digest_replays_that_programs_games_only() {
        let mut progs = programs(3);
        for p in &mut progs {
            p.content = content("aaaaaaaaaaaaaaaa");
        }
        let games = schedule(&names(&progs), Mode::RoundRobin, 1, 2);
        let records = every_game_played(&games, &progs);
        let mut now = progs.clone();
        now[2].content = content("bbbbbbbbbbbbbbbb");
        let plan = plan(&games, &now, &settings(), &records, false).unwrap();
        assert_eq!(plan.to_play, [1, 2]);
        assert_eq!(plan.finished[0], Some(0));
        assert_eq!(plan.changed.len(), 1);
        assert_eq!(
            plan.changed[0].what,
            "its files changed (digest bbbbbbbbbbbb was aaaaaaaaaaaa; files `/bin/player`)"
        );
        // A record without a digest (an older file) matches by command line.
        let mut old = progs.clone();
        for p in &mut old {
            p.content = None;
        }
        let records = every_game_played(&games, &old);
        let resumed = super::plan(&games, &now, &settings(), &records, false).unwrap();
        assert!(resumed.to_play.is_empty() && resumed.changed.is_empty());
    }

    #[test]
    fn changed_settings_conflict() {
        let progs = programs(2);
        let games = schedule(&names(&progs), Mode::RoundRobin, 1, 2);
        let records = vec![loaded(1, &games[0], &progs, &settings())];
        let other = Settings {
            max_turns: 300,
            ..settings()
        };
        let err = plan(&games, &progs, &other, &records, false).unwrap_err();
        assert!(err.conflicts[0].what.contains("--max-turns 200"), "{err}");
        let other_game = Settings {
            game: "oust".into(),
            game_options: vec!["--cols".into(), "9".into()],
            ..settings()
        };
        let err = plan(&games, &progs, &other_game, &records, false).unwrap_err();
        assert!(
            err.conflicts[0]
                .what
                .contains("now `--game oust --game-options '--cols 9'"),
            "{err}"
        );
    }

    #[test]
    fn foreign_records_are_an_error_unless_forced() {
        let progs = programs(3);
        let games = schedule(&names(&progs), Mode::RoundRobin, 2, 2);
        let records = every_game_played(&games, &progs);
        let fewer = schedule(&names(&progs), Mode::RoundRobin, 1, 2);
        let err = plan(&fewer, &progs, &settings(), &records, false).unwrap_err();
        assert_eq!(err.foreign.len(), 3);
        assert_eq!(err.foreign[0].line, 4);
        let plan = plan(&fewer, &progs, &settings(), &records, true).unwrap();
        assert!(plan.to_play.is_empty());
    }

    #[test]
    fn the_last_record_of_a_game_counts() {
        let progs = programs(2);
        let games = schedule(&names(&progs), Mode::RoundRobin, 1, 2);
        let mut old = progs.clone();
        old[0].args.clear();
        let records = vec![
            loaded(1, &games[0], &old, &settings()),
            loaded(2, &games[0], &progs, &settings()),
        ];
        let plan = plan(&games, &progs, &settings(), &records, false).unwrap();
        assert_eq!(plan.finished[0], Some(1));
        assert!(plan.to_play.is_empty());
    }
}
