//! The start of a program: its options parsed (usage errors told as
//! every program of ours tells them), its seed chosen.

use std::ffi::OsString;
use std::process::ExitCode;

/// Parses a program's options from `args` (`args[0]` is the program's
/// name); on a usage error (or `--help`, `--version`) prints clap's message
/// and gives the exit code to return: 2 for an error, 0 for help.
pub fn parse_args<C: clap::Parser>(args: Vec<OsString>) -> Result<C, ExitCode> {
    C::try_parse_from(args).map_err(|e| {
        let _ = e.print();
        ExitCode::from(if e.use_stderr() { 2 } else { 0 })
    })
}

/// The seed given, or one from the clock (a different game each run).
pub fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(clap::Parser, Debug)]
    struct Cli {
        #[arg(long)]
        seed: Option<u64>,
    }

    #[test]
    fn options_and_usage_errors() {
        let cli: Cli = parse_args(vec!["p".into(), "--seed".into(), "4".into()]).unwrap();
        assert_eq!(seed_or_clock(cli.seed), 4);
        assert!(parse_args::<Cli>(vec!["p".into(), "--nope".into()]).is_err());
    }
}
