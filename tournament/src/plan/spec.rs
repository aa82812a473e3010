//! The programs of a tournament as given on the command line:
//! `[NAME=]PATH [ARG...]`, one `PROGRAM` argument each.
//!
//! Parsing ([`parse`]) is pure; [`resolve`] then looks the paths up on the
//! file system, makes them absolute and gives every program a unique name.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use referee_schema::ProgramSpec;
pub use referee_schema::{MAX_NAME_LEN, is_valid_name};

/// A program taking part in a tournament, resolved and uniquely named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Program {
    /// Unique name used in reports, game ids and log directories.
    pub name: String,
    /// Absolute path of the executable (symbolic links are kept as given,
    /// so the program sees the `argv[0]` its author expects).
    pub path: PathBuf,
    /// Arguments passed to the program in every game.
    pub args: Vec<String>,
    /// The game's protocol the program speaks when not the game's own
    /// (`tournament --protocol NAME=PROTOCOL`; Stratego: `ucc`): the
    /// referee is told its seat in each game (`--protocol SEAT=PROTOCOL`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// The program's own time limit per reply, in ms, when not the
    /// tournament's (`tournament --program-time-limit-ms NAME=MS`): the
    /// referee is given it for the program's seat in each game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit_ms: Option<u64>,
    /// What the program was when the tournament was planned: the digest of
    /// its files and arguments ([`identify`]); part of a game's identity on
    /// resume. Absent in files written before programs were digested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Content>,
}

/// The digest of a program's files and arguments, and what it covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Content {
    /// `sha256:` and the hex SHA-256 of the program's identity: the
    /// executable's contents, its `#!` interpreter's path, every argument,
    /// and the contents of each file an argument names (see [`identify`]).
    pub digest: String,
    /// The files whose contents were digested: the executable first, then
    /// the files the arguments name, in argument order.
    pub files: Vec<PathBuf>,
    /// The interpreter a `#!` line names, whose path (not its contents)
    /// was digested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interpreter: Option<String>,
}

impl Content {
    /// The digest cut to 12 hex digits, enough to tell builds apart in a
    /// message.
    pub fn short(&self) -> &str {
        let hex = self.digest.strip_prefix("sha256:").unwrap_or(&self.digest);
        &hex[..hex.len().min(12)]
    }
}

impl Program {
    /// The command line, quoted so it can be pasted into a shell.
    pub fn command_line(&self) -> String {
        ProgramSpec::new(self.path.to_string_lossy(), self.args.iter().cloned()).command_line()
    }
}

/// A `PROGRAM` argument split into its parts, not yet checked against the
/// file system (the referee's `--player` takes the same text).
pub type ProgramArg = ProgramSpec;

/// Why a `PROGRAM` argument was rejected.
#[derive(Debug, Error)]
pub enum SpecError {
    /// The argument is not `[NAME=]PATH [ARG...]`.
    #[error(transparent)]
    Spec(#[from] referee_schema::SpecError),
    /// The path names nothing.
    #[error("program `{}` does not exist", .0.display())]
    NotFound(PathBuf),
    /// The path names something that is not a regular file.
    #[error("program `{}` is not a file", .0.display())]
    NotAFile(PathBuf),
    /// The file has no execute permission.
    #[error("program `{}` is not executable", .0.display())]
    NotExecutable(PathBuf),
    /// A bare command name is not found in any `PATH` directory.
    #[error("program `{0}` not found in PATH (write `./{0}` for a file in this directory)")]
    NotInPath(String),
    /// A file of the program could not be read to digest it.
    #[error("program `{name}`: cannot read `{}` to digest it", .path.display())]
    Digest {
        /// The program.
        name: String,
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The path is not valid UTF-8, which the results file cannot record.
    #[error("program path `{}` is not valid UTF-8", .0.display())]
    NotUtf8(PathBuf),
    /// The path could not be made absolute.
    #[error("cannot resolve program path `{}`", .path.display())]
    Resolve {
        /// The path as given.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// Two programs were given the same name.
    #[error(
        "program name `{name}` is used twice (programs {first} and {second}); names must be unique"
    )]
    DuplicateName {
        /// The repeated name.
        name: String,
        /// 1-based position of its first use.
        first: usize,
        /// 1-based position of its second use.
        second: usize,
    },
}

/// Splits one `PROGRAM` argument: `[NAME=]PATH [ARG...]` (see
/// [`ProgramSpec::parse`]).
pub fn parse(text: &str) -> Result<ProgramArg, SpecError> {
    Ok(ProgramSpec::parse(text)?)
}

/// Resolves parsed arguments into programs: paths containing a `/` must
/// name an executable file, bare names are looked up in `path_var` (the
/// value of `PATH`) like a shell would; names missing from the arguments
/// are derived from the file names and numbered where they collide.
pub fn resolve(args: &[ProgramArg], path_var: Option<&OsStr>) -> Result<Vec<Program>, SpecError> {
    let mut paths = Vec::with_capacity(args.len());
    for arg in args {
        let path = resolve_path(&arg.path, path_var)?;
        if path.to_str().is_none() {
            return Err(SpecError::NotUtf8(path));
        }
        paths.push(path);
    }
    let names = assign_names(args, &paths)?;
    Ok(args
        .iter()
        .zip(paths)
        .zip(names)
        .map(|((arg, path), name)| Program {
            name,
            path,
            args: arg.args.clone(),
            protocol: None,
            time_limit_ms: None,
            content: None,
        })
        .collect())
}

/// The arguments of `program` that name files to digest: an argument that
/// is the path of a regular file (relative to the working directory, as the
/// tournament's jobs run there), or the value of an `--option=PATH`
/// argument that is; `{seed}`/`{game}` arguments never are, since they
/// change from game to game.
fn named_files(program: &Program) -> Vec<PathBuf> {
    program
        .args
        .iter()
        .filter(|a| !a.contains('{'))
        .filter_map(|arg| {
            let value = match arg.split_once('=') {
                Some((option, value)) if option.starts_with('-') => value,
                _ => arg.as_str(),
            };
            let path = Path::new(value);
            (!value.is_empty() && path.is_file()).then(|| path.to_owned())
        })
        .collect()
}

/// The interpreter a `#!` line at the start of `bytes` names.
fn interpreter(bytes: &[u8]) -> Option<String> {
    let rest = bytes.strip_prefix(b"#!")?;
    let line = rest.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    line.split_whitespace().next().map(str::to_owned)
}

/// Digests what makes `program` the program it is: the contents of its
/// executable, the path of the interpreter its `#!` line names (a script's
/// behaviour depends on it; its contents are the system's), its arguments,
/// and the contents of every file its arguments name ([`named_files`]).
/// Each part is framed by a tag and its length, so no two different
/// programs digest alike by shifting bytes between parts.
pub fn identify(program: &Program) -> Result<Content, SpecError> {
    use sha2::{Digest as _, Sha256};
    let read = |path: &Path| {
        std::fs::read(path).map_err(|source| SpecError::Digest {
            name: program.name.clone(),
            path: path.to_owned(),
            source,
        })
    };
    let mut hash = Sha256::new();
    let mut part = |tag: &[u8], bytes: &[u8]| {
        hash.update(tag);
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(bytes);
    };
    part(b"referee-tournament program v1", b"");
    let executable = read(&program.path)?;
    part(b"executable", &executable);
    let interpreter = interpreter(&executable);
    if let Some(path) = &interpreter {
        part(b"interpreter", path.as_bytes());
    }
    for arg in &program.args {
        part(b"argument", arg.as_bytes());
    }
    let named = named_files(program);
    for path in &named {
        part(b"file", path.as_os_str().as_encoded_bytes());
        part(b"contents", &read(path)?);
    }
    let digest: String = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let mut files = vec![program.path.clone()];
    files.extend(named);
    Ok(Content {
        digest: format!("sha256:{digest}"),
        files,
        interpreter,
    })
}

fn resolve_path(text: &str, path_var: Option<&OsStr>) -> Result<PathBuf, SpecError> {
    if text.contains('/') {
        let path = Path::new(text);
        check_executable(path)?;
        return std::path::absolute(path).map_err(|source| SpecError::Resolve {
            path: path.to_owned(),
            source,
        });
    }
    for dir in std::env::split_paths(path_var.unwrap_or_default()) {
        // An empty PATH entry means the current directory, as in sh.
        let dir = if dir.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            dir
        };
        let candidate = dir.join(text);
        if check_executable(&candidate).is_ok() {
            return std::path::absolute(&candidate).map_err(|source| SpecError::Resolve {
                path: candidate,
                source,
            });
        }
    }
    Err(SpecError::NotInPath(text.to_owned()))
}

/// Checks that `path` is an executable regular file (following links).
pub fn check_executable(path: &Path) -> Result<(), SpecError> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(SpecError::NotFound(path.to_owned()));
        }
        Err(source) => {
            return Err(SpecError::Resolve {
                path: path.to_owned(),
                source,
            });
        }
    };
    if !meta.is_file() {
        return Err(SpecError::NotAFile(path.to_owned()));
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(SpecError::NotExecutable(path.to_owned()));
    }
    Ok(())
}

/// Explicit names are kept (and must be unique); a derived name is the
/// file name made valid, numbered `-1`, `-2`, ... when several programs
/// would get it (`player --seed 1`, `player --seed 2` → `player-1`,
/// `player-2`), skipping numbers an explicit name already took.
fn assign_names(args: &[ProgramArg], paths: &[PathBuf]) -> Result<Vec<String>, SpecError> {
    let mut first_use: HashMap<String, usize> = HashMap::new();
    for (i, arg) in args.iter().enumerate() {
        if let Some(name) = &arg.name
            && let Some(first) = first_use.insert(name.clone(), i)
        {
            return Err(SpecError::DuplicateName {
                name: name.clone(),
                first: first + 1,
                second: i + 1,
            });
        }
    }
    let derived: Vec<Option<String>> = args
        .iter()
        .zip(paths)
        .map(|(arg, path)| arg.name.is_none().then(|| derive_name(path)))
        .collect();
    let mut count: HashMap<&str, usize> = HashMap::new();
    for name in derived.iter().flatten() {
        *count.entry(name).or_default() += 1;
    }
    let mut taken: std::collections::HashSet<String> =
        args.iter().filter_map(|a| a.name.clone()).collect();
    let mut next_number: HashMap<String, usize> = HashMap::new();
    let mut names = Vec::with_capacity(args.len());
    for (arg, derived) in args.iter().zip(&derived) {
        let name = match (&arg.name, derived) {
            (Some(name), _) => name.clone(),
            (None, Some(base)) if count[base.as_str()] == 1 && !taken.contains(base) => {
                base.clone()
            }
            (None, Some(base)) => {
                let n = next_number.entry(base.clone()).or_insert(0);
                loop {
                    *n += 1;
                    let candidate = numbered(base, *n);
                    if !taken.contains(&candidate) {
                        break candidate;
                    }
                }
            }
            (None, None) => unreachable!("derived names exist for unnamed programs"),
        };
        taken.insert(name.clone());
        names.push(name);
    }
    Ok(names)
}

fn numbered(base: &str, n: usize) -> String {
    let suffix = format!("-{n}");
    // Keep the numbered name within the length limit.
    let keep = base.len().min(MAX_NAME_LEN - suffix.len());
    format!("{}{suffix}", &base[..keep])
}

/// A valid name from a file name (see [`name_from`]), `program` if
/// nothing is left.
fn derive_name(path: &Path) -> String {
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    name_from(&file).unwrap_or_else(|| "program".to_owned())
}

/// A valid name made from `text`: characters a name may not hold become
/// `_`, leading dots and dashes are dropped, and the result is cut to the
/// length limit; `None` if nothing is left.
pub fn name_from(text: &str) -> Option<String> {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let trimmed = cleaned.trim_start_matches(['.', '-']);
    // Only ASCII remains, so byte slicing is on character boundaries.
    let name = &trimmed[..trimmed.len().min(MAX_NAME_LEN)];
    (!name.is_empty()).then(|| name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_splits_name_path_and_args() {
        let p = parse("rand=./player --seed 3").unwrap();
        assert_eq!(p.name.as_deref(), Some("rand"));
        assert_eq!(p.path, "./player");
        assert_eq!(p.args, ["--seed", "3"]);

        let p = parse("./player --x=1").unwrap();
        assert_eq!(p.name, None);
        assert_eq!(p.args, ["--x=1"]);

        let p = parse("./dir=odd/p").unwrap();
        assert_eq!((p.name, p.path.as_str()), (None, "./dir=odd/p"));

        let p = parse("bot='my dir/p' 'a b'").unwrap();
        assert_eq!(p.path, "my dir/p");
        assert_eq!(p.args, ["a b"]);
    }

    #[test]
    fn parse_rejects_bad_names_and_empty_commands() {
        use referee_schema::SpecError as E;
        assert!(
            matches!(parse("ra+nd=./p"), Err(SpecError::Spec(E::InvalidName(n))) if n == "ra+nd")
        );
        assert!(matches!(
            parse("-x=./p"),
            Err(SpecError::Spec(E::InvalidName(_)))
        ));
        assert!(matches!(parse("rand="), Err(SpecError::Spec(E::Empty(_)))));
        assert!(matches!(parse("  "), Err(SpecError::Spec(E::Empty(_)))));
        assert!(matches!(parse("a='./p"), Err(SpecError::Spec(E::Words(_)))));
    }

    #[test]
    fn names_are_validated() {
        assert!(is_valid_name("rand_1.v2-b"));
        for bad in ["", ".x", "-x", "a+b", "a/b", "a b", "é", &"x".repeat(65)] {
            assert!(!is_valid_name(bad), "{bad:?}");
        }
    }

    fn arg(name: Option<&str>, path: &str) -> ProgramArg {
        ProgramArg {
            name: name.map(str::to_owned),
            path: path.to_owned(),
            args: Vec::new(),
        }
    }

    fn names(args: &[ProgramArg]) -> Result<Vec<String>, SpecError> {
        let paths: Vec<PathBuf> = args.iter().map(|a| PathBuf::from(&a.path)).collect();
        assign_names(args, &paths)
    }

    #[test]
    fn derived_names_are_numbered_when_they_collide() {
        let got = names(&[
            arg(None, "/bin/player"),
            arg(None, "/x/player"),
            arg(None, "/bin/other"),
            arg(Some("player-1"), "/y/z"),
        ])
        .unwrap();
        assert_eq!(got, ["player-2", "player-3", "other", "player-1"]);
    }

    #[test]
    fn a_derived_name_taken_explicitly_is_numbered() {
        let got = names(&[arg(None, "/bin/player"), arg(Some("player"), "/y/z")]).unwrap();
        assert_eq!(got, ["player-1", "player"]);
    }

    #[test]
    fn duplicate_explicit_names_are_an_error() {
        let err =
            names(&[arg(Some("a"), "/p"), arg(None, "/q"), arg(Some("a"), "/r")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "program name `a` is used twice (programs 1 and 3); names must be unique"
        );
    }

    #[test]
    fn derive_name_makes_valid_names() {
        assert_eq!(derive_name(Path::new("/x/my bot+v2")), "my_bot_v2");
        assert_eq!(derive_name(Path::new("/x/.hidden")), "hidden");
        assert_eq!(derive_name(Path::new("/")), "program");
        assert!(is_valid_name(&derive_name(Path::new(&"y".repeat(200)))));
    }

    #[test]
    fn resolve_checks_the_file_system() {
        let dir = tempfile::tempdir().unwrap();
        let exe = dir.path().join("bot");
        std::fs::write(&exe, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
        let plain = dir.path().join("data");
        std::fs::write(&plain, "").unwrap();

        let found = resolve(&[arg(None, exe.to_str().unwrap())], None).unwrap();
        assert_eq!(found[0].name, "bot");
        assert_eq!(found[0].path, exe);

        // Bare names are looked up in PATH.
        let found = resolve(&[arg(None, "bot")], Some(dir.path().as_os_str())).unwrap();
        assert_eq!(found[0].path, exe);
        assert!(matches!(
            resolve(&[arg(None, "bot")], Some(OsStr::new("/nonexistent"))),
            Err(SpecError::NotInPath(_))
        ));

        let missing = dir.path().join("missing");
        let err = resolve(&[arg(None, missing.to_str().unwrap())], None).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("program `{}` does not exist", missing.display())
        );
        assert!(matches!(
            resolve(&[arg(None, plain.to_str().unwrap())], None),
            Err(SpecError::NotExecutable(_))
        ));
        assert!(matches!(
            resolve(&[arg(None, &format!("{}/", dir.path().display()))], None),
            Err(SpecError::NotAFile(_))
        ));
    }

    #[test]
    fn command_line_quotes_what_needs_it() {
        let p = Program {
            name: "a".into(),
            path: "/x/my bot".into(),
            args: vec!["--seed".into(), "3".into()],
            protocol: None,
            time_limit_ms: None,
            content: None,
        };
        assert_eq!(p.command_line(), "'/x/my bot' --seed 3");
    }

    #[test]
    fn the_digest_covers_the_executable_its_interpreter_and_named_files() {
        let dir = tempfile::tempdir().unwrap();
        let exe = dir.path().join("bot");
        std::fs::write(&exe, "#!/bin/sh -e\necho hi\n").unwrap();
        let book = dir.path().join("book.txt");
        std::fs::write(&book, "e4").unwrap();
        let program = |args: &[String]| Program {
            name: "bot".into(),
            path: exe.clone(),
            args: args.to_vec(),
            protocol: None,
            time_limit_ms: None,
            content: None,
        };
        let book_arg = format!("--book={}", book.display());
        let plain = identify(&program(&[])).unwrap();
        assert!(plain.digest.starts_with("sha256:") && plain.digest.len() == 7 + 64);
        assert_eq!(plain.files, std::slice::from_ref(&exe));
        assert_eq!(plain.interpreter.as_deref(), Some("/bin/sh"));
        assert_eq!(plain.short().len(), 12);
        // The same program digests the same.
        assert_eq!(identify(&program(&[])).unwrap(), plain);

        let with_book = identify(&program(&[book_arg.clone(), "{seed}".into()])).unwrap();
        assert_eq!(with_book.files, [exe.clone(), book.clone()]);
        assert_ne!(with_book.digest, plain.digest);
        // A changed byte in a named file, or in the executable, changes it.
        std::fs::write(&book, "d4").unwrap();
        let new_book = identify(&program(&[book_arg.clone(), "{seed}".into()])).unwrap();
        assert_ne!(new_book.digest, with_book.digest);
        std::fs::write(&exe, "#!/bin/sh -e\necho ho\n").unwrap();
        assert_ne!(identify(&program(&[])).unwrap().digest, plain.digest);
        // Another argument changes it too.
        assert_ne!(
            identify(&program(&["--x".into()])).unwrap().digest,
            identify(&program(&[])).unwrap().digest
        );
        // An unreadable executable is named.
        let mut missing = program(&[]);
        missing.path = dir.path().join("gone");
        let err = identify(&missing).unwrap_err().to_string();
        assert!(
            err.contains("program `bot`: cannot read") && err.contains("gone"),
            "{err}"
        );
    }
}
