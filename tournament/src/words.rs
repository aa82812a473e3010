//! Splitting one command-line argument into words the way a POSIX shell
//! would, so that `"rand=./player --seed 3"` names a program and its
//! arguments in a single `PROGRAM` argument.
//!
//! Supported: blanks (space, tab, newline) separate words; `'...'` quotes
//! everything literally; `"..."` quotes everything except `\"` and `\\`;
//! outside quotes a backslash quotes the next character. Nothing is
//! expanded (no `$VAR`, no `~`, no globs): the words reach the program
//! exactly as written.

use thiserror::Error;

/// Why a text could not be split into words.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WordsError {
    /// A `'` or `"` is never closed.
    #[error("unterminated {quote} quote in `{text}`")]
    UnterminatedQuote {
        /// The quote character that is still open.
        quote: char,
        /// The whole text being split.
        text: String,
    },
    /// The text ends with a backslash that quotes nothing.
    #[error("trailing backslash in `{text}`")]
    TrailingBackslash {
        /// The whole text being split.
        text: String,
    },
}

/// Splits `text` into words (see the module documentation for the syntax).
pub fn split(text: &str) -> Result<Vec<String>, WordsError> {
    let mut words = Vec::new();
    // `None` between words; `Some` while a word is being built, even an
    // empty one (`''` is an empty argument, as in a shell).
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(unterminated('\'', text)),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => w.push(c),
                            // Inside double quotes a backslash before any
                            // other character is kept, as in sh.
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err(unterminated('"', text)),
                        },
                        Some(c) => w.push(c),
                        None => return Err(unterminated('"', text)),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => {
                    return Err(WordsError::TrailingBackslash {
                        text: text.to_owned(),
                    });
                }
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(w) = word {
        words.push(w);
    }
    Ok(words)
}

fn unterminated(quote: char, text: &str) -> WordsError {
    WordsError::UnterminatedQuote {
        quote,
        text: text.to_owned(),
    }
}

/// Quotes `word` so that [`split`] (or a shell) gives it back unchanged;
/// words made only of safe characters are returned as they are.
pub fn quote(word: &str) -> String {
    // Braces are safe on their own (`{seed}`), not with a comma, which a
    // shell would brace-expand.
    let safe = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%{}".contains(c))
        && !(word.contains('{') && word.contains(','));
    if safe {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Joins words into one line that [`split`] turns back into the same words.
pub fn join<S: AsRef<str>>(words: &[S]) -> String {
    words
        .iter()
        .map(|w| quote(w.as_ref()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Vec<String> {
        split(text).unwrap()
    }

    #[test]
    fn blanks_separate_words() {
        assert_eq!(ok("  ./player \t--seed  3\n"), ["./player", "--seed", "3"]);
        assert!(ok("   ").is_empty());
    }

    #[test]
    fn quotes_keep_blanks_and_empty_words() {
        assert_eq!(ok("'my dir/p' \"a b\" ''"), ["my dir/p", "a b", ""]);
        assert_eq!(ok("a'b'\"c\"d"), ["abcd"]);
        assert_eq!(ok(r#""say \"hi\" \\ \n""#), [r#"say "hi" \ \n"#]);
        assert_eq!(ok(r"a\ b \'"), ["a b", "'"]);
    }

    #[test]
    fn nothing_is_expanded() {
        assert_eq!(ok("$HOME ~ *.rs"), ["$HOME", "~", "*.rs"]);
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(
            split("p 'abc").unwrap_err().to_string(),
            "unterminated ' quote in `p 'abc`"
        );
        assert!(matches!(
            split("p \"a\\"),
            Err(WordsError::UnterminatedQuote { quote: '"', .. })
        ));
        assert!(matches!(
            split("p \\"),
            Err(WordsError::TrailingBackslash { .. })
        ));
    }

    #[test]
    fn join_round_trips() {
        let words = ["./p", "a b", "", "it's", "--x=1", "$y"];
        assert_eq!(ok(&join(&words)), words);
        assert_eq!(join(&["./player", "--seed", "3"]), "./player --seed 3");
        assert_eq!(
            join(&["--seed", "{seed}", "{a,b}"]),
            "--seed {seed} '{a,b}'"
        );
    }
}
