//! `mansuba`: the seed's own program. Plays one game in-process between
//! built-in players (`random` by default, as the base version) and prints
//! the board and the result; `--games N` plays many and prints the tally
//! and the speed. The rules and the referee's draws are exactly those of
//! `referee --game mansuba` with the same options and seed.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use mansuba::{EndReason, Options, Setup, draw};
use mansuba_ai::arena::{self, Player, Turn};
use mansuba_ai::search::Settings;
use mansuba_ai::strategy::{Bot, Strategy};

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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let max_turns = cli
        .max_turns
        .unwrap_or_else(|| cli.options.default_max_turns());
    let setup = match Setup::new(&cli.options, max_turns) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("mansuba: {e}");
            return ExitCode::from(2);
        }
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
