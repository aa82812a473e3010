// The one list of games: a game's `Spec` (its rules, for the referee and
// the tournament), then our player's entry point and, after `human`, the
// program a person plays it with. Adding a game is one line here.
//
// Two crates read this file, each with its own `games!` macro: `games`
// (this crate) keeps only the specs, so the judge links no player;
// `game-players` (`games/players`) keeps the programs. A macro that does not
// use a path does not resolve it, so `games` needs none of the players'
// crates.
games! {
    stratego::referee_game::Spec => stratego_ai::player_main, human stratego_human::human_main;
    oust::referee_game::Spec => oust_ai::player_main, human oust_human::human_main;
    quarto::referee_game::Spec => quarto_ai::player_main, human quarto_human::human_main;
    mansuba::referee_game::Spec => mansuba_ai::player_main, human mansuba_human::human_main;
    coursidor::referee_game::Spec => coursidor_ai::player_main, human coursidor_human::human_main;
}
