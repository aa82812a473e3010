//! The seccomp filter of every player's process (the `seccomp` layer),
//! written as a classic BPF program before the clone and installed by the
//! player's process right before its `execve` (`sys::player_process`):
//! the filter then holds for the program and everything it starts.
//!
//! It refuses what no game player needs and what reaches the kernel's
//! riskiest parts, the machine or the other seats, and lets everything
//! else through (a deny list: the players are programs in any language,
//! whose runtimes make calls no allow list foresees):
//!
//! - keyrings (`add_key`, `request_key`, `keyctl`): a root-owned key
//!   linked into the referee's session, keys planted for the next game;
//! - `ptrace`, `process_vm_readv`/`writev`, `pidfd_getfd`: another
//!   process's memory and descriptors;
//! - `perf_event_open`, `bpf`, `userfaultfd`, `io_uring_*`: the kernel
//!   interfaces behind most of its recent privilege escalations;
//! - the mount calls, old and new (`mount`, `umount2`, `pivot_root`,
//!   `open_tree`, `move_mount`, `fsopen`, `fsconfig`, `fsmount`, `fspick`,
//!   `mount_setattr`), `unshare`, `setns` and a `clone` into new
//!   namespaces (`clone3`, whose flags a filter cannot read, answers
//!   `ENOSYS`, so that the C library falls back to `clone`): a user
//!   namespace of its own would give the player every capability there,
//!   and the mount table is the jail's;
//! - `kexec_load`, `kexec_file_load`, `init_module`, `finit_module`,
//!   `delete_module`, `syslog`, `name_to_handle_at`, `open_by_handle_at`;
//! - `inotify_init`, `inotify_init1`, `fanotify_init`: two seats watching
//!   the same file of the machine would talk through its accesses;
//! - sockets of any family but `AF_UNIX`, `AF_INET` and `AF_INET6`
//!   (`AF_VSOCK`, `AF_NETLINK`, `AF_PACKET`...): `EAFNOSUPPORT`;
//! - `ioctl`'s `TIOCSTI` and `TIOCLINUX`: typing into a terminal.
//!
//! Refused calls fail with `EPERM` (`ENOSYS` where a fallback exists),
//! never kill: a runtime that probes a feature goes on without it. A
//! program of another architecture than the referee's (a 32-bit program
//! on x86-64, whose system calls have other numbers) is killed at its
//! first system call.

use nix::libc;

/// One instruction of a classic BPF program (`struct sock_filter`).
pub(crate) type Insn = libc::sock_filter;

/// `BPF_LD | BPF_W | BPF_ABS` (0x00 | 0x00 | 0x20): loads a word of
/// `struct seccomp_data`.
const LD_ABS: u16 = 0x20;
/// `BPF_JMP | BPF_JEQ | BPF_K`.
const JEQ: u16 = 0x05 | 0x10;
/// `BPF_JMP | BPF_JGE | BPF_K`.
const JGE: u16 = 0x05 | 0x30;
/// `BPF_JMP | BPF_JSET | BPF_K`.
const JSET: u16 = 0x05 | 0x40;
/// `BPF_RET | BPF_K`.
const RET: u16 = 0x06;

/// `SECCOMP_RET_ALLOW`.
const ALLOW: u32 = 0x7fff_0000;
/// `SECCOMP_RET_ERRNO`, with the errno in the low 16 bits.
const ERRNO: u32 = 0x0005_0000;
/// `SECCOMP_RET_KILL_PROCESS`.
const KILL_PROCESS: u32 = 0x8000_0000;

/// Offsets in `struct seccomp_data`: the call's number, the architecture,
/// then six 64-bit arguments (their low words first: little-endian).
const NR: u32 = 0;
const ARCH: u32 = 4;
const fn arg_low(i: u32) -> u32 {
    16 + 8 * i
}

/// `AUDIT_ARCH_X86_64`, `AUDIT_ARCH_AARCH64`: the architecture whose
/// system call numbers `libc::SYS_*` are.
#[cfg(target_arch = "x86_64")]
const NATIVE_ARCH: u32 = 0xc000_003e;
#[cfg(target_arch = "aarch64")]
const NATIVE_ARCH: u32 = 0xc000_00b7;

/// The x32 ABI's bit in an x86-64 system call number: the same calls
/// under other numbers.
#[cfg(target_arch = "x86_64")]
const X32_BIT: u32 = 0x4000_0000;

/// The `CLONE_NEW*` flags (and `CLONE_NEWTIME`), refused in `clone`.
const CLONE_NAMESPACES: u32 = (libc::CLONE_NEWNS
    | libc::CLONE_NEWCGROUP
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET
    | 0x80) as u32;

/// The socket families a player may use.
const FAMILIES: [u32; 3] = [
    libc::AF_UNIX as u32,
    libc::AF_INET as u32,
    libc::AF_INET6 as u32,
];

/// The terminal `ioctl`s refused.
const TTY_IOCTLS: [u32; 2] = [libc::TIOCSTI as u32, libc::TIOCLINUX as u32];

/// The calls refused outright, with their errno.
fn refused() -> Vec<(libc::c_long, i32)> {
    let eperm = libc::EPERM;
    let enosys = libc::ENOSYS;
    let mut calls = vec![
        (libc::SYS_add_key, eperm),
        (libc::SYS_request_key, eperm),
        (libc::SYS_keyctl, eperm),
        (libc::SYS_ptrace, eperm),
        (libc::SYS_process_vm_readv, eperm),
        (libc::SYS_process_vm_writev, eperm),
        (libc::SYS_pidfd_getfd, eperm),
        (libc::SYS_perf_event_open, eperm),
        (libc::SYS_bpf, eperm),
        (libc::SYS_userfaultfd, eperm),
        (libc::SYS_io_uring_setup, enosys),
        (libc::SYS_io_uring_enter, enosys),
        (libc::SYS_io_uring_register, enosys),
        (libc::SYS_mount, eperm),
        (libc::SYS_umount2, eperm),
        (libc::SYS_pivot_root, eperm),
        (libc::SYS_open_tree, eperm),
        (libc::SYS_move_mount, eperm),
        (libc::SYS_fsopen, eperm),
        (libc::SYS_fsconfig, eperm),
        (libc::SYS_fsmount, eperm),
        (libc::SYS_fspick, eperm),
        (libc::SYS_mount_setattr, eperm),
        (libc::SYS_unshare, eperm),
        (libc::SYS_setns, eperm),
        (libc::SYS_clone3, enosys),
        (libc::SYS_kexec_load, eperm),
        (libc::SYS_kexec_file_load, eperm),
        (libc::SYS_init_module, eperm),
        (libc::SYS_finit_module, eperm),
        (libc::SYS_delete_module, eperm),
        (libc::SYS_syslog, eperm),
        (libc::SYS_name_to_handle_at, eperm),
        (libc::SYS_open_by_handle_at, eperm),
        (libc::SYS_inotify_init1, enosys),
        (libc::SYS_fanotify_init, enosys),
    ];
    #[cfg(target_arch = "x86_64")]
    calls.push((libc::SYS_inotify_init, enosys));
    calls
}

fn insn(code: u16, jt: u8, jf: u8, k: u32) -> Insn {
    Insn { code, jt, jf, k }
}

fn ret(k: u32) -> Insn {
    insn(RET, 0, 0, k)
}

fn errno(e: i32) -> u32 {
    ERRNO | (e as u32 & 0xffff)
}

/// Call `nr`, judged by its argument `arg` (low word): when it is one of
/// `values`, the call gets `on_match`, else `otherwise`. Ends in a return
/// either way; when the call is another, the accumulator still holds its
/// number.
fn by_value(
    nr: libc::c_long,
    arg: u32,
    values: &[u32],
    on_match: u32,
    otherwise: u32,
) -> Vec<Insn> {
    let n = values.len();
    let mut b = vec![
        insn(JEQ, 0, (n + 3) as u8, nr as u32),
        insn(LD_ABS, 0, 0, arg_low(arg)),
    ];
    for (i, v) in values.iter().enumerate() {
        b.push(insn(JEQ, (n - i) as u8, 0, *v));
    }
    b.push(ret(otherwise));
    b.push(ret(on_match));
    b
}

/// Call `nr`: refused with `deny` when its argument `arg` (low word) has
/// any bit of `mask`, else allowed.
fn without_bits(nr: libc::c_long, arg: u32, mask: u32, deny: u32) -> Vec<Insn> {
    vec![
        insn(JEQ, 0, 4, nr as u32),
        insn(LD_ABS, 0, 0, arg_low(arg)),
        insn(JSET, 0, 1, mask),
        ret(deny),
        ret(ALLOW),
    ]
}

/// The filter, built once, or `None` on an architecture it does not
/// know.
pub(crate) fn filter() -> Option<&'static [Insn]> {
    static FILTER: std::sync::OnceLock<Option<Vec<Insn>>> = std::sync::OnceLock::new();
    FILTER.get_or_init(build).as_deref()
}

/// Writes the filter.
fn build() -> Option<Vec<Insn>> {
    if !cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) {
        return None;
    }
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut p = vec![
            insn(LD_ABS, 0, 0, ARCH),
            insn(JEQ, 1, 0, NATIVE_ARCH),
            ret(KILL_PROCESS),
            insn(LD_ABS, 0, 0, NR),
        ];
        #[cfg(target_arch = "x86_64")]
        p.extend([insn(JGE, 0, 1, X32_BIT), ret(errno(libc::ENOSYS))]);
        for (nr, e) in refused() {
            p.push(insn(JEQ, 0, 1, nr as u32));
            p.push(ret(errno(e)));
        }
        let eperm = errno(libc::EPERM);
        let no_family = errno(libc::EAFNOSUPPORT);
        for nr in [libc::SYS_socket, libc::SYS_socketpair] {
            p.extend(by_value(nr, 0, &FAMILIES, ALLOW, no_family));
        }
        p.extend(without_bits(libc::SYS_clone, 0, CLONE_NAMESPACES, eperm));
        p.extend(by_value(libc::SYS_ioctl, 1, &TTY_IOCTLS, eperm, ALLOW));
        p.push(ret(ALLOW));
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A classic BPF interpreter for the instructions the filter uses, on
    /// a `struct seccomp_data` of the native architecture.
    fn run(prog: &[Insn], arch: u32, nr: i64, args: [u64; 6]) -> u32 {
        let word = |off: u32| -> u32 {
            match off {
                NR => nr as u32,
                ARCH => arch,
                o if (16..64).contains(&o) => {
                    let i = ((o - 16) / 8) as usize;
                    if (o - 16) % 8 == 0 {
                        args[i] as u32
                    } else {
                        (args[i] >> 32) as u32
                    }
                }
                o => panic!("load at {o}"),
            }
        };
        let (mut pc, mut acc) = (0usize, 0u32);
        loop {
            let i = prog[pc];
            pc += 1;
            match i.code {
                LD_ABS => acc = word(i.k),
                RET => return i.k,
                c => {
                    let taken = match c {
                        JEQ => acc == i.k,
                        JGE => acc >= i.k,
                        JSET => acc & i.k != 0,
                        other => panic!("opcode {other:#x}"),
                    };
                    pc += usize::from(if taken { i.jt } else { i.jf });
                }
            }
        }
    }

    fn call(nr: libc::c_long, args: [u64; 6]) -> u32 {
        run(filter().unwrap(), NATIVE_ARCH, nr, args)
    }

    #[test]
    fn everyday_calls_pass() {
        for nr in [
            libc::SYS_read,
            libc::SYS_write,
            libc::SYS_mmap,
            libc::SYS_execve,
            libc::SYS_futex,
            libc::SYS_wait4,
            libc::SYS_landlock_create_ruleset,
        ] {
            assert_eq!(call(nr, [0; 6]), ALLOW, "{nr}");
        }
        // A thread, a fork.
        let thread = (libc::CLONE_VM | libc::CLONE_THREAD | libc::CLONE_SIGHAND) as u64;
        assert_eq!(call(libc::SYS_clone, [thread, 0, 0, 0, 0, 0]), ALLOW);
        assert_eq!(call(libc::SYS_clone, [17, 0, 0, 0, 0, 0]), ALLOW);
        for family in FAMILIES {
            let f = u64::from(family);
            assert_eq!(call(libc::SYS_socket, [f, 1, 0, 0, 0, 0]), ALLOW);
            assert_eq!(call(libc::SYS_socketpair, [f, 1, 0, 0, 0, 0]), ALLOW);
        }
        let tcgets = libc::TCGETS;
        assert_eq!(call(libc::SYS_ioctl, [0, tcgets, 0, 0, 0, 0]), ALLOW);
    }

    #[test]
    fn the_refused_calls_fail_with_their_errno() {
        for (nr, e) in refused() {
            assert_eq!(call(nr, [0; 6]), errno(e), "{nr}");
        }
        assert_eq!(call(libc::SYS_keyctl, [0; 6]), errno(libc::EPERM));
        assert_eq!(call(libc::SYS_io_uring_setup, [0; 6]), errno(libc::ENOSYS));
    }

    #[test]
    fn arguments_are_judged() {
        let vsock = libc::AF_VSOCK as u64;
        let netlink = libc::AF_NETLINK as u64;
        let no_family = errno(libc::EAFNOSUPPORT);
        assert_eq!(call(libc::SYS_socket, [vsock, 1, 0, 0, 0, 0]), no_family);
        assert_eq!(call(libc::SYS_socket, [netlink, 3, 0, 0, 0, 0]), no_family);
        assert_eq!(
            call(libc::SYS_socketpair, [vsock, 1, 0, 0, 0, 0]),
            no_family
        );
        // The family is an int: high bits do not make AF_VSOCK pass.
        let high = (1u64 << 32) | u64::from(libc::AF_UNIX as u32);
        assert_eq!(call(libc::SYS_socket, [high, 1, 0, 0, 0, 0]), ALLOW);
        let newuser = (libc::CLONE_NEWUSER | libc::SIGCHLD) as u64;
        assert_eq!(
            call(libc::SYS_clone, [newuser, 0, 0, 0, 0, 0]),
            errno(libc::EPERM)
        );
        let sti = libc::TIOCSTI;
        assert_eq!(
            call(libc::SYS_ioctl, [0, sti, 0, 0, 0, 0]),
            errno(libc::EPERM)
        );
    }

    #[test]
    fn another_architecture_is_killed() {
        let prog = filter().unwrap();
        // AUDIT_ARCH_I386.
        assert_eq!(run(prog, 0x4000_0003, 3, [0; 6]), KILL_PROCESS);
        #[cfg(target_arch = "x86_64")]
        assert_eq!(
            run(prog, NATIVE_ARCH, (X32_BIT | 1) as i64, [0; 6]),
            errno(libc::ENOSYS)
        );
    }

    #[test]
    fn the_program_fits_the_kernels_limits() {
        let prog = filter().unwrap();
        // BPF_MAXINSNS; every jump lands inside the program.
        assert!(prog.len() < 4096);
        for (pc, i) in prog.iter().enumerate() {
            if i.code & 0x07 == 0x05 {
                assert!(pc + 1 + usize::from(i.jt.max(i.jf)) < prog.len(), "{pc}");
            }
        }
        assert_eq!(prog.last().unwrap().code, RET);
    }
}
