//! CPU lists for pinning players (`--affinity`): written as the kernel
//! writes them (`0-3,6`, as in `/proc/self/status`'s `Cpus_allowed_list`),
//! and checked against the CPUs this process may use.

use std::collections::BTreeSet;

/// The CPUs this process may run on (its affinity mask), in order.
pub fn allowed_cpus() -> std::io::Result<Vec<usize>> {
    super::sys::allowed_cpus()
}

/// The number of CPUs a kernel CPU set holds: CPUs are numbered below it.
pub const MAX_CPUS: usize = nix::libc::CPU_SETSIZE as usize;

/// Reads a CPU list: numbers (below [`MAX_CPUS`]) and ranges (`2-5`)
/// separated by commas, in any order; each CPU once, in order. The error
/// says what was wrong.
pub fn parse_cpu_list(text: &str) -> Result<Vec<usize>, String> {
    let number = |s: &str| -> Result<usize, String> {
        let n: usize = s
            .trim()
            .parse()
            .map_err(|_| format!("{s:?} is not a CPU number"))?;
        if n >= MAX_CPUS {
            return Err(format!(
                "CPU {n} is beyond the kernel's CPU sets (CPUs 0 to {})",
                MAX_CPUS - 1
            ));
        }
        Ok(n)
    };
    let mut cpus = BTreeSet::new();
    for part in text.split(',') {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if a > b {
                    return Err(format!("the range {part:?} runs backwards"));
                }
                cpus.extend(a..=b);
            }
            None => {
                cpus.insert(number(part)?);
            }
        }
    }
    Ok(cpus.into_iter().collect())
}

/// A CPU list as the kernel writes it: ranges for runs (`0-3,6`).
pub fn show_cpu_list(cpus: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < cpus.len() {
        let mut j = i;
        while j + 1 < cpus.len() && cpus[j + 1] == cpus[j] + 1 {
            j += 1;
        }
        parts.push(if j == i {
            cpus[i].to_string()
        } else {
            format!("{}-{}", cpus[i], cpus[j])
        });
        i = j + 1;
    }
    parts.join(",")
}

/// Checks that every CPU of `cpus` is one this process may use; the
/// error names those it may not, and those it may.
pub fn check_allowed(cpus: &[usize]) -> Result<(), String> {
    let allowed = allowed_cpus().map_err(|e| format!("reading this process's CPUs failed: {e}"))?;
    let outside: Vec<usize> = cpus
        .iter()
        .copied()
        .filter(|c| !allowed.contains(c))
        .collect();
    if outside.is_empty() {
        return Ok(());
    }
    Err(format!(
        "CPU {} is not among those this process may use ({})",
        show_cpu_list(&outside),
        show_cpu_list(&allowed)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists_read_and_write_as_the_kernel_does() {
        assert_eq!(parse_cpu_list("3,0-1").unwrap(), [0, 1, 3]);
        assert_eq!(parse_cpu_list("2").unwrap(), [2]);
        assert_eq!(show_cpu_list(&[0, 1, 2, 3, 6, 8, 9]), "0-3,6,8-9");
        assert_eq!(show_cpu_list(&[]), "");
        assert_eq!(
            parse_cpu_list("1-x").unwrap_err(),
            "\"x\" is not a CPU number"
        );
        assert_eq!(
            parse_cpu_list("3-1").unwrap_err(),
            "the range \"3-1\" runs backwards"
        );
        assert!(parse_cpu_list("").is_err());
        assert_eq!(
            parse_cpu_list("0-4000000000").unwrap_err(),
            format!(
                "CPU 4000000000 is beyond the kernel's CPU sets (CPUs 0 to {})",
                MAX_CPUS - 1
            )
        );
    }

    #[test]
    fn only_our_own_cpus_are_allowed() {
        let ours = allowed_cpus().unwrap();
        assert!(!ours.is_empty());
        assert!(check_allowed(&ours).is_ok());
        let beyond = ours.last().unwrap() + 1;
        let e = check_allowed(&[beyond]).unwrap_err();
        assert!(e.starts_with(&format!("CPU {beyond} is not among")), "{e}");
    }
}
