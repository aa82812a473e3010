//! The environment a sandboxed player gets: not the referee's, which may
//! hold a CI job's token or a password, but a clean one — the variables a
//! program needs to run and to speak the user's language, a private home
//! and temporary directory, and what the user passes by name
//! (`--sandbox-env NAME[=VALUE]`), unless the user keeps it all
//! (`--sandbox-env-all`).

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::os::unix::ffi::OsStrExt;
use std::str::FromStr;

/// The variables of the referee's environment every player gets: where
/// programs are found, the user's language and the terminal's kind.
const KEPT: [&str; 3] = ["PATH", "LANG", "TERM"];

/// Which variables of the referee's environment a player gets.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct EnvPolicy {
    /// Every variable of the referee's, as without a sandbox
    /// (`--sandbox-env-all`); `extra` still sets its values.
    pub keep_all: bool,
    /// Variables passed from the referee's environment or set, in the
    /// order given (`--sandbox-env NAME[=VALUE]`); a later one wins.
    pub extra: Vec<EnvVar>,
}

/// One `--sandbox-env`: a variable passed by name, or set to a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvVar {
    /// Its name.
    pub name: OsString,
    /// Its value; `None`: the referee's, if it has the variable.
    pub value: Option<OsString>,
}

impl FromStr for EnvVar {
    type Err = String;

    /// `NAME` or `NAME=VALUE`; the name is not empty and holds no NUL.
    fn from_str(s: &str) -> Result<EnvVar, String> {
        let (name, value) = match s.split_once('=') {
            Some((n, v)) => (n, Some(OsString::from(v))),
            None => (s, None),
        };
        if name.is_empty() {
            return Err(format!("{s:?} names no variable (NAME, or NAME=VALUE)"));
        }
        if s.contains('\0') {
            return Err(format!("{s:?} holds a NUL byte"));
        }
        Ok(EnvVar {
            name: name.into(),
            value,
        })
    }
}

impl fmt::Display for EnvVar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Some(v) => write!(f, "{}={}", self.name.to_string_lossy(), v.to_string_lossy()),
            None => write!(f, "{}", self.name.to_string_lossy()),
        }
    }
}

/// The private directories a jail has, if its file system layer gave it
/// a writable layer of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PrivateDirs {
    /// `HOME`.
    pub home: OsString,
    /// `TMPDIR`.
    pub tmp: OsString,
}

impl EnvPolicy {
    /// The environment of a player, from the referee's `referee` (in its
    /// order): the kept variables (`PATH`, `LANG`, `LC_*`, `TERM`), then
    /// `HOME` and `TMPDIR` when the jail has private ones (else neither:
    /// the referee's would name places the player cannot write or should
    /// not read), then `extra` — or, with `keep_all`, the referee's whole
    /// environment with `HOME` and `TMPDIR` left as they are.
    pub(crate) fn apply(
        &self,
        referee: impl IntoIterator<Item = (OsString, OsString)>,
        private: Option<&PrivateDirs>,
    ) -> Vec<(OsString, OsString)> {
        let referee: Vec<(OsString, OsString)> = referee.into_iter().collect();
        let mut out: Vec<(OsString, OsString)> = if self.keep_all {
            referee.clone()
        } else {
            let mut kept: Vec<(OsString, OsString)> = referee
                .iter()
                .filter(|(k, _)| is_kept(k))
                .cloned()
                .collect();
            if let Some(dirs) = private {
                kept.push(("HOME".into(), dirs.home.clone()));
                kept.push(("TMPDIR".into(), dirs.tmp.clone()));
            }
            kept
        };
        for var in &self.extra {
            let value = match &var.value {
                Some(v) => Some(v.clone()),
                None => referee
                    .iter()
                    .find(|(k, _)| *k == var.name)
                    .map(|(_, v)| v.clone()),
            };
            out.retain(|(k, _)| *k != var.name);
            if let Some(v) = value {
                out.push((var.name.clone(), v));
            }
        }
        out
    }
}

/// Whether a variable of the referee's is one every player gets.
fn is_kept(name: &OsStr) -> bool {
    KEPT.iter().any(|k| name == OsStr::new(k)) || name.as_bytes().starts_with(b"LC_")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Vec<(OsString, OsString)> {
        pairs
            .iter()
            .map(|(k, v)| (OsString::from(k), OsString::from(v)))
            .collect()
    }

    fn names(v: &[(OsString, OsString)]) -> Vec<String> {
        v.iter()
            .map(|(k, v)| format!("{}={}", k.to_string_lossy(), v.to_string_lossy()))
            .collect()
    }

    const REFEREE: [(&str, &str); 7] = [
        ("PATH", "/usr/bin:/bin"),
        ("CI_JOB_TOKEN", "secret"),
        ("LANG", "fr_FR.UTF-8"),
        ("LC_ALL", "C"),
        ("HOME", "/root"),
        ("TERM", "xterm"),
        ("TMPDIR", "/var/tmp/ci"),
    ];

    #[test]
    fn a_player_gets_only_the_kept_variables_and_its_private_dirs() {
        let dirs = PrivateDirs {
            home: "/tmp/home".into(),
            tmp: "/tmp".into(),
        };
        let got = EnvPolicy::default().apply(env(&REFEREE), Some(&dirs));
        assert_eq!(
            names(&got),
            [
                "PATH=/usr/bin:/bin",
                "LANG=fr_FR.UTF-8",
                "LC_ALL=C",
                "TERM=xterm",
                "HOME=/tmp/home",
                "TMPDIR=/tmp"
            ]
        );
        // Without a private layer, no HOME or TMPDIR at all.
        let got = EnvPolicy::default().apply(env(&REFEREE), None);
        assert!(
            !names(&got)
                .iter()
                .any(|v| v.starts_with("HOME") || v.starts_with("TMPDIR")),
            "{got:?}"
        );
    }

    #[test]
    fn variables_are_passed_by_name_or_set() {
        let policy = EnvPolicy {
            keep_all: false,
            extra: vec![
                "CI_JOB_TOKEN".parse().unwrap(),
                "SEED=7".parse().unwrap(),
                "ABSENT".parse().unwrap(),
                "LANG=C.UTF-8".parse().unwrap(),
            ],
        };
        let got = names(&policy.apply(env(&REFEREE), None));
        assert!(got.contains(&"CI_JOB_TOKEN=secret".to_owned()), "{got:?}");
        assert!(got.contains(&"SEED=7".to_owned()), "{got:?}");
        assert!(got.contains(&"LANG=C.UTF-8".to_owned()), "{got:?}");
        assert!(!got.iter().any(|v| v.starts_with("ABSENT")), "{got:?}");
        assert_eq!(got.iter().filter(|v| v.starts_with("LANG=")).count(), 1);
    }

    #[test]
    fn keep_all_is_the_referees_environment() {
        let policy = EnvPolicy {
            keep_all: true,
            extra: vec!["SEED=7".parse().unwrap()],
        };
        let got = names(&policy.apply(env(&REFEREE), None));
        assert!(got.contains(&"CI_JOB_TOKEN=secret".to_owned()));
        assert!(got.contains(&"HOME=/root".to_owned()));
        assert!(got.contains(&"SEED=7".to_owned()));
    }

    #[test]
    fn a_bad_variable_is_named() {
        let e = "=x".parse::<EnvVar>().unwrap_err();
        assert!(e.contains("names no variable"), "{e}");
        assert_eq!("A=b=c".parse::<EnvVar>().unwrap().to_string(), "A=b=c");
    }
}
