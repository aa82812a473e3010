//! The four functions of the course's `player.h`, exported with C linkage,
//! and everything unsafe they need: reading the server's graph, freeing it
//! in `finalize` (with libgsl's `gsl_spmatrix_uint_free`, found at run time
//! among the symbols the server made global, and `free`), no panic across
//! the C boundary.

use std::ffi::{CStr, c_char, c_uint, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::time::Duration;

use coursidor_abi::{GraphT, GslSpmatrixUint, MoveT, NO_COLOR, NO_TYPE};

use crate::client::{Client, GraphInfo, player_for};

/// Our players (by colour: a server may load us for both), and the graphs
/// they were given (their addresses), to free at the end.
struct State {
    players: [Option<Client>; 2],
    graphs: Vec<usize>,
}

static STATE: Mutex<State> = Mutex::new(State {
    players: [None, None],
    graphs: Vec::new(),
});

/// Runs `f`, and aborts the process on a panic rather than unwind into C.
fn guard<T>(f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => {
            eprintln!("coursidor-ai: internal error, aborting");
            std::process::abort()
        }
    }
}

/// Time per move: `COURSIDOR_AI_MOVE_MS` milliseconds, 500 without it.
fn move_time() -> Duration {
    let ms = std::env::var("COURSIDOR_AI_MOVE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    Duration::from_millis(ms)
}

/// The name of our player.
#[unsafe(no_mangle)]
pub extern "C" fn get_player_name() -> *const c_char {
    static NAME: &CStr = c"coursidor-ai";
    NAME.as_ptr()
}

/// Reads the server's graph into plain data.
///
/// # Safety
/// `g` must point to a `struct graph_t` whose matrix is a live
/// `gsl_spmatrix_uint` in CSR form and whose objectives hold
/// `num_objectives` vertices, as `player.h` promises.
unsafe fn read_graph(g: *const GraphT) -> GraphInfo {
    // SAFETY: the caller's promise.
    let g = unsafe { &*g };
    // SAFETY: t is the graph's live matrix.
    let t = unsafe { &*g.t.cast::<GslSpmatrixUint>() };
    let n = g.num_vertices as usize;
    let mut entries = Vec::new();
    // SAFETY: CSR: p holds size1 + 1 row starts; i and data the entries
    // p[0] .. p[size1].
    unsafe {
        let rows = n.min(t.size1);
        for r in 0..rows {
            let (a, b) = (*t.p.add(r), *t.p.add(r + 1));
            for k in a.max(0) as usize..b.max(0) as usize {
                entries.push((r as u32, *t.i.add(k) as u32, *t.data.add(k)));
            }
        }
    }
    let objectives = (0..g.num_objectives as usize)
        // SAFETY: objectives holds num_objectives vertices.
        .map(|k| unsafe { *g.objectives.add(k) })
        .collect();
    GraphInfo {
        kind: g.kind,
        vertices: g.num_vertices,
        starts: g.start,
        objectives,
        entries,
    }
}

/// Starts a game of ours as `player_id` on `graph`, which is ours from now
/// on.
#[unsafe(no_mangle)]
pub extern "C" fn initialize(player_id: c_uint, graph: *mut GraphT) {
    guard(|| {
        // SAFETY: player.h's contract for initialize's graph.
        let info = unsafe { read_graph(graph) };
        let mut state = STATE.lock().unwrap_or_else(|e| e.into_inner());
        state.graphs.push(graph as usize);
        match Client::new(player_id, &info, move_time()) {
            Ok(c) => {
                let i = c.colour().index();
                state.players[i] = Some(c);
            }
            Err(e) => eprintln!("coursidor-ai: cannot play on this graph: {e}"),
        }
    })
}

/// Our move, given the opponent's last one.
#[unsafe(no_mangle)]
pub extern "C" fn play(previous_move: MoveT) -> MoveT {
    guard(|| {
        let mut state = STATE.lock().unwrap_or_else(|e| e.into_inner());
        // With one player of ours, it is the one; with two (a server that
        // loaded us for both colours), the one whose turn it is.
        let index = match &state.players {
            [Some(_), None] => 0,
            [None, Some(_)] => 1,
            _ => player_for(&previous_move).index(),
        };
        match state.players[index].as_mut() {
            Some(c) => c.play(&previous_move),
            // Not initialised on this graph: no move (and the reason was
            // printed).
            None => MoveT {
                c: NO_COLOR,
                t: NO_TYPE,
                ..MoveT::default()
            },
        }
    })
}

/// `gsl_spmatrix_uint_free`.
type FreeMatrix = unsafe extern "C" fn(*mut c_void);

/// Ends the game: frees one player's graph (the server calls `finalize`
/// once per `initialize`) and forgets it once both are done.
#[unsafe(no_mangle)]
pub extern "C" fn finalize() {
    guard(|| {
        let mut state = STATE.lock().unwrap_or_else(|e| e.into_inner());
        let Some(graph) = state.graphs.pop() else {
            return;
        };
        if state.graphs.is_empty() {
            state.players = [None, None];
        }
        let graph = graph as *mut GraphT;
        // SAFETY: dlsym in the global scope, where the server loaded libgsl
        // (its clients need it: player.h's graph.h includes GSL).
        let free_matrix =
            unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"gsl_spmatrix_uint_free".as_ptr()) };
        // SAFETY: graph is the one initialize received, now ours; its
        // objectives come from malloc, its matrix from libgsl (player.h),
        // each freed once.
        unsafe {
            if !free_matrix.is_null() {
                let f = std::mem::transmute::<*mut c_void, FreeMatrix>(free_matrix);
                f((*graph).t);
            }
            libc::free((*graph).objectives.cast());
            libc::free(graph.cast());
        }
    })
}
