//! Fair clocks: each move's CPU time beside its wall time, so that a
//! timeout on an overloaded machine can be told from a slow program, and
//! players pinned to CPUs (`--affinity`).

use crate::util::{Game, reason};

/// The time limit of the timeouts here.
const LIMIT_MS: f64 = 400.0;

/// Player 0 does `then` on its first move, which times out: its verdict.
fn timed_out(then: &str, options: &[&str]) -> crate::util::Outcome {
    let o = Game::after_setups(then, "")
        .options(&["--time-limit-ms", "400"])
        .options(options)
        .run();
    assert_eq!(reason(&o), "timeout", "{}", o.json);
    o
}

#[test]
fn a_busy_player_times_out_with_cpu_and_a_sleeping_one_without() {
    for sandbox in [&[][..], &["--sandbox", "none"]] {
        // Spinning: CPU time near the wall time on a quiet machine; a
        // loaded one gives it less (what the figure is for), never nothing.
        let busy = timed_out("spin 5000\n", sandbox);
        let cpu = busy
            .player(0)
            .timeout_cpu_ms
            .expect("the timeout's CPU time");
        assert!(
            (0.1 * LIMIT_MS..=1.2 * LIMIT_MS).contains(&cpu),
            "{cpu} ms: {}",
            busy.json
        );
        assert!(
            busy.summary
                .detail
                .contains(" ms of CPU time): nothing received"),
            "{}",
            busy.json
        );
        // Sleeping: next to none.
        let idle = timed_out("hang\n", sandbox);
        let cpu = idle
            .player(0)
            .timeout_cpu_ms
            .expect("the timeout's CPU time");
        assert!(cpu < 0.05 * LIMIT_MS, "{cpu} ms: {}", idle.json);
        // The other seat's moves (none here) and where the times came from.
        assert_eq!(idle.player(1).timeout_cpu_ms, None);
        let source = idle.player(0).cpu_source.as_deref();
        if sandbox.is_empty() {
            assert!(matches!(source, Some("cgroup" | "proc")), "{}", idle.json);
        } else {
            assert_eq!(source, Some("proc"), "{}", idle.json);
        }
    }
}

#[test]
fn a_slow_move_has_its_cpu_time_in_the_record_and_the_verdict() {
    // Player 0 spins 60 ms before its first move; the others are quick.
    let o = Game::after_setups(
        "spin 60\nsend B3\\nE\\n1\nread 5\nsend A3\\nE\\n3\n",
        "read 4\nsend B6\\nW\\n1\n",
    )
    .options(&["--record", "game.json"])
    .run();
    assert_eq!(reason(&o), "flag_captured", "{}", o.json);
    let record = crate::util::StrategoRecord::from_json(
        &std::fs::read_to_string(o.dir.join("game.json")).unwrap(),
    )
    .unwrap();
    for mv in &record.moves {
        // Within the wall time (one thread), give or take a clock tick;
        // none for a reply within the millisecond of the probe.
        match mv.cpu_ms {
            Some(cpu) => assert!(cpu <= mv.reply_ms + 10.0, "{mv:?}"),
            None => assert!(mv.reply_ms < 5.0, "{mv:?}"),
        }
    }
    assert!(
        record.moves[0].cpu_ms.unwrap() > 0.0,
        "{:?}",
        record.moves[0]
    );
    let p = o.player(0);
    assert_eq!(p.max_cpu_ms, record.moves[0].cpu_ms, "{}", o.json);
    assert!(
        p.median_cpu_ms.is_some() && p.mean_cpu_ms.is_some(),
        "{}",
        o.json
    );
    assert_eq!(p.timeout_cpu_ms, None);
}

/// The CPUs this process may use, as `/proc/self/status` lists them.
fn our_cpus() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .unwrap()
        .trim()
        .to_owned()
}

#[test]
fn a_pinned_player_sees_only_its_cpu() {
    let ours = our_cpus();
    // The last CPU of ours: `0-3` gives 3, `5` gives 5.
    let last = ours.rsplit([',', '-']).next().unwrap().to_owned();
    let look = "look /proc/self/status\nsend A3\\nE\\n3\n";
    for sandbox in [&[][..], &["--sandbox", "none"]] {
        let o = Game::after_setups(look, "look /proc/self/status\n")
            .options(&["--affinity", &format!("0={last}")])
            .options(sandbox)
            .run();
        assert_eq!(reason(&o), "flag_captured", "{}", o.json);
        let allowed = |i: usize| {
            o.info[i]
                .split(" | ")
                .find_map(|f| f.strip_prefix("Cpus_allowed_list:"))
                .unwrap_or_else(|| panic!("no Cpus_allowed_list in {}", o.info[i]))
                .trim()
                .to_owned()
        };
        assert_eq!(allowed(0), last, "{sandbox:?}");
        // Seat 1 is not pinned: it has the referee's CPUs.
        assert_eq!(allowed(1), ours, "{sandbox:?}");
        let cpu: usize = last.parse().unwrap();
        assert_eq!(
            o.summary.settings.affinity,
            Some(vec![vec![cpu], vec![]]),
            "{}",
            o.json
        );
    }
}

#[test]
fn an_affinity_outside_our_cpus_is_a_usage_error() {
    crate::run::assert_usage_error(
        &["--affinity", "1=1000", "a", "b"],
        "--affinity 1=1000: CPU 1000 is not among those this process may use",
    );
}
