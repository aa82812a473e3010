//! Why `execve` refused a file that exists, read from the file itself: the
//! `#!` line (an interpreter that is missing, a carriage return from
//! Windows line endings), the mode, the format.
//!
//! `execve` reports a script whose interpreter is missing as "No such file
//! or directory", the very error of a missing program, and a `#!/bin/sh`
//! line saved with Windows line endings the same way (the interpreter it
//! looks for is `/bin/sh\r`): students meet both, and the bare error sends
//! them looking for the wrong file.

use std::fs;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use nix::errno::Errno;

/// How much of the file is read to find its `#!` line.
const HEAD: u64 = 512;

/// What may explain `errno` from `execve` of `path`, as words to follow the
/// error (starting with a space), or `None` if the file says nothing more.
pub fn exec_hint(path: &Path, errno: Errno) -> Option<String> {
    let meta = fs::metadata(path).ok()?;
    if meta.is_dir() {
        return Some(" (it is a directory)".to_owned());
    }
    match errno {
        Errno::EACCES if meta.permissions().mode() & 0o111 == 0 => Some(format!(
            " (it is not executable: `chmod +x {}`)",
            path.display()
        )),
        Errno::ENOENT => Some(match shebang(&head(path)?) {
            Some(Shebang {
                interpreter,
                cr: true,
            }) => format!(
                " (its #! line ends in a carriage return, Windows line endings: the \
                 interpreter looked for is {interpreter:?} followed by \\r; convert the \
                 file with `sed -i 's/\\r$//' {}`)",
                path.display()
            ),
            Some(Shebang { interpreter, .. }) if !Path::new(&interpreter).exists() => {
                format!(" (its #! line names the interpreter {interpreter}, which does not exist)")
            }
            Some(Shebang { interpreter, .. }) => {
                format!(
                    " (its #! line names the interpreter {interpreter}, which cannot be run itself)"
                )
            }
            None => " (the file exists: a program whose loader is missing, built for \
                     another system?)"
                .to_owned(),
        }),
        Errno::ENOEXEC => Some(if head(path)?.starts_with(b"\x7fELF") {
            " (a program built for another kind of machine)".to_owned()
        } else {
            " (neither a program for this machine nor a script starting with #!)".to_owned()
        }),
        _ => None,
    }
}

/// The first [`HEAD`] bytes of the file.
fn head(path: &Path) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    fs::File::open(path)
        .ok()?
        .take(HEAD)
        .read_to_end(&mut bytes)
        .ok()?;
    Some(bytes)
}

/// A script's `#!` line: the interpreter, and whether a carriage return
/// follows its name (the kernel then looks for the name with the `\r`).
#[derive(Debug, PartialEq, Eq)]
struct Shebang {
    interpreter: String,
    cr: bool,
}

fn shebang(head: &[u8]) -> Option<Shebang> {
    let line = head.strip_prefix(b"#!")?;
    let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
    let start = line.iter().position(|&b| b != b' ' && b != b'\t')?;
    let rest = &line[start..];
    let end = rest
        .iter()
        .position(|&b| b == b' ' || b == b'\t' || b == b'\r')
        .unwrap_or(rest.len());
    Some(Shebang {
        interpreter: String::from_utf8_lossy(&rest[..end]).into_owned(),
        cr: rest.get(end) == Some(&b'\r'),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shebang_line_is_read_up_to_the_interpreter() {
        assert_eq!(
            shebang(b"#! /usr/bin/env python3\nprint(1)\n"),
            Some(Shebang {
                interpreter: "/usr/bin/env".to_owned(),
                cr: false
            })
        );
        assert_eq!(
            shebang(b"#!/bin/sh\r\necho\r\n"),
            Some(Shebang {
                interpreter: "/bin/sh".to_owned(),
                cr: true
            })
        );
        // A carriage return after an argument leaves the name intact.
        assert_eq!(
            shebang(b"#!/no/python -u\r\n"),
            Some(Shebang {
                interpreter: "/no/python".to_owned(),
                cr: false
            })
        );
        assert_eq!(shebang(b"echo hi\n"), None);
        assert_eq!(shebang(b"#!\n"), None);
    }
}
