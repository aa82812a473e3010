//! `mansuba`: the seed's own program. Plays one game in-process between
//! built-in players (`random` by default, as the base version) and prints
//! the board and the result; `--games N` plays many and prints the tally
//! and the speed. The rules and the referee's draws are exactly those of
//! `referee --game mansuba` with the same options and seed.
//!
//! `mansuba puzzle` generates manṣūbas, positions in which a named player
//! can no longer win, with their certificates; `mansuba puzzle --check
//! FILE` verifies certificates with the independent checker.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use mansuba::{EndReason, Options, Setup, draw};
use mansuba_ai::arena::{self, Player, Turn};
use mansuba_ai::search::Settings;
use mansuba_ai::strategy::{Bot, Strategy};
use mansuba_ai::{checker, puzzle};

/// Plays Mansuba in-process between built-in players.
#[derive(Parser, Debug)]
#[command(
    name = "mansuba",
    version,
    about,
    after_help = "Examples:\n  mansuba                       a game of the base version between random players\n  mansuba -s 156 -m 10 -t c     the seed's example: seed 156, 10 turns, complex victory\n  mansuba -c full --players 5 -p ai -p closer   our AI against four closer players\n  mansuba --games 10000 -q      the tally of 10000 games, and games per second"
)]
struct Cli {
    /// Seed of the game's random draws (the initial relation if random,
    /// the first player, escapes, relation changes) and of the players'
    /// [default: from the clock].
    #[arg(short, long)]
    seed: Option<u64>,

    /// Turns (MAX_TURNS) after which the game is drawn; 0: none
    /// [default: 2 · WIDTH · HEIGHT].
    #[arg(short = 'm', long)]
    max_turns: Option<u32>,

    #[command(flatten)]
    options: Options,

    /// The players' strategies, seat by seat: random, closer or ai; one
    /// given plays every seat, fewer than the seats: the last one plays
    /// the rest.
    #[arg(short = 'p', long = "player", value_enum, value_name = "STRATEGY")]
    strategies: Vec<Strategy>,

    /// Play this many games (seeds SEED, SEED+1, ...) and print the tally.
    #[arg(short = 'n', long, default_value_t = 1)]
    games: u64,

    /// The AI's time per move, in milliseconds.
    #[arg(long, default_value_t = 200)]
    move_time_ms: u64,

    /// Stop each of the AI's searches after this many nodes (reproducible
    /// games).
    #[arg(long)]
    max_nodes: Option<u64>,

    /// Draw the board after every turn.
    #[arg(short, long)]
    verbose: bool,

    /// With --games: no line per game.
    #[arg(short, long)]
    quiet: bool,
}

/// Generates manṣūbas: positions in which a named player can no longer
/// win, each with a certificate (docs/games/mansuba.md, "Puzzles").
#[derive(Parser, Debug)]
#[command(
    name = "mansuba puzzle",
    version,
    about,
    after_help = "Examples:\n  mansuba puzzle -s 1 --count 5 -o puzzles.txt\n  mansuba puzzle --check puzzles.txt"
)]
struct PuzzleCli {
    /// Verify the certificates of FILE with the independent checker
    /// instead (exit status 0 when every one holds, 1 when one does not,
    /// 2 when the file does not read).
    #[arg(long, value_name = "FILE")]
    check: Option<std::path::PathBuf>,

    /// Seed of the games the puzzles come from (game i: SEED + i).
    #[arg(short, long, default_value_t = 1)]
    seed: u64,

    /// Turns (MAX_TURNS) of the games; 0: none [default: 2 · WIDTH ·
    /// HEIGHT].
    #[arg(short = 'm', long)]
    max_turns: Option<u32>,

    #[command(flatten)]
    options: Options,

    /// The player that can no longer win.
    #[arg(long, default_value_t = 0)]
    loser: usize,

    /// Puzzles wanted.
    #[arg(long, default_value_t = 5)]
    count: usize,

    /// Games to try at most.
    #[arg(long, default_value_t = 500)]
    games: u64,

    /// Look for puzzles among the last TURNS turns of each game.
    #[arg(long, value_name = "TURNS", default_value_t = 6)]
    window: u32,

    /// Positions a search may visit before it gives up.
    #[arg(long, default_value_t = 200_000)]
    budget: u64,

    /// Write the puzzles to FILE instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
}

/// The game set up from the command line's options (the turn limit
/// 2 · WIDTH · HEIGHT if not given), or exit status 2 after the reason.
fn setup(options: &Options, max_turns: Option<u32>, me: &str) -> Result<Setup, ExitCode> {
    let max_turns = max_turns.unwrap_or_else(|| options.default_max_turns());
    Setup::new(options, max_turns).map_err(|e| {
        eprintln!("{me}: {e}");
        ExitCode::from(2)
    })
}

fn puzzle_main(args: Vec<std::ffi::OsString>) -> ExitCode {
    let cli = PuzzleCli::parse_from(args);
    if let Some(path) = &cli.check {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("mansuba puzzle: cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        return match checker::check(&text) {
            Ok(verdicts) => {
                let mut all = true;
                for v in &verdicts {
                    all &= v.verified;
                    println!(
                        "puzzle {}: {}: {}",
                        v.number,
                        if v.verified {
                            "verified"
                        } else {
                            "NOT VERIFIED"
                        },
                        v.words
                    );
                }
                println!(
                    "{} of {} certificates verified",
                    verdicts.iter().filter(|v| v.verified).count(),
                    verdicts.len()
                );
                if all {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(e) => {
                eprintln!("mansuba puzzle: {}: {e}", path.display());
                ExitCode::from(2)
            }
        };
    }
    let setup = match setup(&cli.options, cli.max_turns, "mansuba puzzle") {
        Ok(s) => s,
        Err(code) => return code,
    };
    if cli.loser >= setup.players() {
        eprintln!(
            "mansuba puzzle: --loser {}: there is no player {} in a game of {}",
            cli.loser,
            cli.loser,
            setup.players()
        );
        return ExitCode::from(2);
    }
    let start = Instant::now();
    let found = puzzle::generate(
        &setup, cli.loser, cli.seed, cli.count, cli.games, cli.window, cli.budget,
    );
    let text: String = found
        .iter()
        .enumerate()
        .map(|(i, p)| p.to_text(i + 1))
        .collect();
    let written = match &cli.output {
        Some(path) => std::fs::write(path, &text),
        None => {
            print!("{text}");
            Ok(())
        }
    };
    if let Err(e) = written {
        eprintln!("mansuba puzzle: cannot write: {e}");
        return ExitCode::FAILURE;
    }
    eprintln!(
        "mansuba puzzle: {} puzzle(s) in {:.2} s",
        found.len(),
        start.elapsed().as_secs_f64()
    );
    if found.len() < cli.count {
        eprintln!(
            "mansuba puzzle: fewer than the {} asked: more --games, a wider --window or a larger --budget may find more",
            cli.count
        );
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "puzzle") {
        return puzzle_main(args[1..].to_vec());
    }
    let cli = Cli::parse();
    let setup = match setup(&cli.options, cli.max_turns, "mansuba") {
        Ok(s) => s,
        Err(code) => return code,
    };
    let seats = setup.players();
    let strategies: Vec<Strategy> = (0..seats)
        .map(|i| {
            cli.strategies
                .get(i)
                .or(cli.strategies.last())
                .copied()
                .unwrap_or(Strategy::Random)
        })
        .collect();
    let seed = cli.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
            >> 1
    });
    let settings = Settings {
        move_time: Duration::from_millis(cli.move_time_ms),
        max_nodes: cli.max_nodes,
        ..Settings::default()
    };
    let colour = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let names: Vec<&str> = strategies.iter().map(|s| s.name()).collect();
    println!(
        "mansuba: {}, {}x{}, {} players ({}), seed {seed}{}",
        cli.options.config,
        cli.options.width,
        cli.options.height,
        seats,
        names.join(", "),
        if cli.games > 1 {
            format!(", {} games", cli.games)
        } else {
            String::new()
        }
    );
    let mut wins = vec![0u64; seats];
    let (mut draws, mut turns) = (0u64, 0u64);
    let start = Instant::now();
    for g in 0..cli.games {
        let game_seed = seed.wrapping_add(g);
        let mut players: Vec<Box<dyn Player>> = strategies
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let player_seed = game_seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1));
                Box::new(Bot::new(s, player_seed, settings)) as Box<dyn Player>
            })
            .collect();
        let single = cli.games == 1;
        if single {
            let first = setup.start(&mut game_core::Rng::new(game_seed));
            print!("{}", draw(&first, colour));
        }
        let pos = arena::play(&setup, game_seed, &mut players, |pos, t: &Turn| {
            if single {
                let escaped = match t.played.escaped {
                    Some(true) => ": free",
                    Some(false) => ": held",
                    None => "",
                };
                let taken = t
                    .played
                    .captured
                    .map_or(String::new(), |p| format!(", takes {p}"));
                let relation = t
                    .relation
                    .map_or(String::new(), |r| format!("; the relation becomes {r}"));
                println!(
                    "turn {}: player {} {}{escaped}{taken}{relation}",
                    pos.turn(),
                    t.seat,
                    t.played.action
                );
                if cli.verbose {
                    print!("{}", draw(pos, colour));
                }
            }
        });
        let end = pos.end().expect("over");
        turns += u64::from(pos.turn());
        match end.winner {
            Some(w) => wins[w] += 1,
            None => draws += 1,
        }
        if single {
            if !cli.verbose {
                print!("{}", draw(&pos, colour));
            }
            match (end.winner, end.at) {
                (Some(w), Some((at, owner))) => println!(
                    "player {w} ({}) won after {} turns: {} ({at}, a start place of player {owner})",
                    names[w],
                    pos.turn(),
                    end.reason.words(),
                ),
                _ => println!(
                    "drawn after {} turns: {}",
                    pos.turn(),
                    EndReason::TurnLimit.words()
                ),
            }
        } else if !cli.quiet {
            println!(
                "game {} (seed {game_seed}): {} after {} turns",
                g + 1,
                end.winner
                    .map_or("draw".to_owned(), |w| format!("player {w} won")),
                pos.turn()
            );
        }
    }
    if cli.games > 1 {
        let elapsed = start.elapsed();
        let won: Vec<String> = wins
            .iter()
            .enumerate()
            .map(|(i, w)| format!("player {i} ({}) {w}", names[i]))
            .collect();
        println!(
            "{} games: {}, draws {draws}; {:.1} turns a game; {:.3} s, {:.0} games/s",
            cli.games,
            won.join(", "),
            turns as f64 / cli.games as f64,
            elapsed.as_secs_f64(),
            cli.games as f64 / elapsed.as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
