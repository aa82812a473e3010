//! `tictactoe-player [--seed N]`: our player of the tests' tic-tac-toe
//! (`tests::tictactoe`), a random free cell each move.

fn main() -> std::process::ExitCode {
    tests::tictactoe::player_main(std::env::args_os().collect())
}
