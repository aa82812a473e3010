//! A program with its arguments as one string, `[NAME=]PATH [ARG...]`,
//! split like a shell command line: the tournament's `PROGRAM` and the
//! referee's `--player` take the same text.

use thiserror::Error;

/// A program and its arguments, as written (not looked up on the file
/// system).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProgramSpec {
    /// The explicit name (`NAME=` prefix), if any.
    pub name: Option<String>,
    /// The path or command name as written.
    pub path: String,
    /// The arguments as written.
    pub args: Vec<String>,
}

/// Why a program string was refused.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SpecError {
    /// The string holds no command.
    #[error("empty program specification `{0}`")]
    Empty(String),
    /// The string could not be split into words.
    #[error(
        "cannot split `{0}` into words: a quote is not closed, or it ends with a lone backslash"
    )]
    Words(String),
    /// The `NAME=` prefix is not a valid name.
    #[error(
        "invalid program name `{0}`: use letters, digits, `.`, `_` and `-` \
         (at most 64, not starting with `.` or `-`)"
    )]
    InvalidName(String),
}

/// Longest accepted name; names become directory names and table headers.
pub const MAX_NAME_LEN: usize = 64;

/// Whether `name` may name a program or a tournament: ASCII letters,
/// digits, `.`, `_`, `-`, at most 64 characters, not starting with `.` or
/// `-` (hidden files, options). No `+`, which separates the parts of a
/// game id, and no `/`, so a name is always one path component.
pub fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_LEN
        && !name.starts_with(['.', '-'])
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

impl ProgramSpec {
    /// A program without a name.
    pub fn new(path: impl Into<String>, args: impl IntoIterator<Item = impl Into<String>>) -> Self {
        ProgramSpec {
            name: None,
            path: path.into(),
            args: args.into_iter().map(Into::into).collect(),
        }
    }

    /// Splits `[NAME=]PATH [ARG...]`. Words are split as a POSIX shell
    /// would (quotes and backslashes; nothing is expanded). The text
    /// before the first `=` is a name when it holds no `/`, blank, quote
    /// or backslash: `./a=b` is a path and `p --x=1` a command with an
    /// argument.
    pub fn parse(text: &str) -> Result<ProgramSpec, SpecError> {
        let (name, command) = match text.split_once('=') {
            Some((head, rest)) if !head.contains(['/', ' ', '\t', '\n', '\'', '"', '\\']) => {
                if !is_valid_name(head) {
                    return Err(SpecError::InvalidName(head.to_owned()));
                }
                (Some(head.to_owned()), rest)
            }
            _ => (None, text),
        };
        let words = shlex::split(command).ok_or_else(|| SpecError::Words(text.to_owned()))?;
        let mut words = words.into_iter();
        let path = match words.next() {
            Some(p) if !p.is_empty() => p,
            _ => return Err(SpecError::Empty(text.to_owned())),
        };
        Ok(ProgramSpec {
            name,
            path,
            args: words.collect(),
        })
    }

    /// The command line (path and arguments), quoted so that a shell or
    /// [`parse`](Self::parse) reads back the same words.
    pub fn command_line(&self) -> String {
        quote_words(std::iter::once(&self.path).chain(&self.args))
    }

    /// The whole specification, name included, as [`parse`](Self::parse)
    /// reads it.
    pub fn to_spec(&self) -> String {
        match &self.name {
            Some(n) => format!("{n}={}", self.command_line()),
            None => self.command_line(),
        }
    }
}

/// Words joined by spaces, each quoted only if it needs to be.
pub(crate) fn quote_words<'a>(words: impl IntoIterator<Item = &'a String>) -> String {
    words
        .into_iter()
        .map(|w| shlex::try_quote(w).map_or_else(|_| w.replace('\0', ""), |q| q.into_owned()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_paths_and_arguments() {
        let p = ProgramSpec::parse("rand=./player --seed {seed}").unwrap();
        assert_eq!(p.name.as_deref(), Some("rand"));
        assert_eq!(p.path, "./player");
        assert_eq!(p.args, ["--seed", "{seed}"]);
        let p = ProgramSpec::parse("./a=b x").unwrap();
        assert_eq!((p.name, p.path.as_str()), (None, "./a=b"));
        let p = ProgramSpec::parse("p --x=1").unwrap();
        assert_eq!(p.args, ["--x=1"]);
    }

    #[test]
    fn quoting_round_trips() {
        let p = ProgramSpec::parse(r#"n=./my\ player 'two words' "q\"uote" ''"#).unwrap();
        assert_eq!(p.path, "./my player");
        assert_eq!(p.args, ["two words", "q\"uote", ""]);
        assert_eq!(ProgramSpec::parse(&p.to_spec()).unwrap(), p);
    }

    #[test]
    fn bad_specifications_are_named() {
        assert_eq!(
            ProgramSpec::parse("   "),
            Err(SpecError::Empty("   ".into()))
        );
        assert!(matches!(
            ProgramSpec::parse("./p 'open"),
            Err(SpecError::Words(_))
        ));
        assert!(matches!(
            ProgramSpec::parse("-x=./p"),
            Err(SpecError::InvalidName(_))
        ));
    }
}
