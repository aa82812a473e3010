//! The course's ABI (`examples/coursidor/include/`: `move.h`, `graph.h`,
//! `player.h`): the structs a client exchanges with its server, laid out
//! as gcc lays them out on x86-64, and the values of its enums. Plain
//! data: the fields that hold C enums are `u32`, so that any value a
//! client returns is read without undefined behaviour. Shared by
//! `coursidor-host` (a server of one client) and our own client library.

use std::ffi::c_void;

/// `BLACK`.
pub const BLACK: u32 = 0;
/// `WHITE`.
pub const WHITE: u32 = 1;
/// `NO_COLOR`.
pub const NO_COLOR: u32 = 2;
/// `NO_TYPE`: no move.
pub const NO_TYPE: u32 = 0;
/// `WALL`.
pub const WALL: u32 = 1;
/// `MOVE`.
pub const MOVE: u32 = 2;

/// `struct edge_t`.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct EdgeT {
    /// `fr`.
    pub fr: u32,
    /// `to`.
    pub to: u32,
}

/// `struct move_t`: 28 bytes, so a C function returns it through a hidden
/// pointer and takes it on the stack (SysV), which `extern "C"` does.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveT {
    /// `c`: the player's colour.
    pub c: u32,
    /// `t`: the type.
    pub t: u32,
    /// `m`: a `MOVE`'s destination.
    pub m: u32,
    /// `e`: a `WALL`'s two edges.
    pub e: [EdgeT; 2],
}

/// `struct graph_t`: 48 bytes.
#[repr(C)]
#[derive(Debug)]
pub struct GraphT {
    /// `type`: `TRIANGULAR`, `CYCLIC`, `HOLEY`.
    pub kind: u32,
    /// `num_vertices`.
    pub num_vertices: u32,
    /// `num_edges` (each edge once).
    pub num_edges: u32,
    /// `t`: a `gsl_spmatrix_uint *` in CSR form.
    pub t: *mut c_void,
    /// `start`, by colour.
    pub start: [u32; 2],
    /// `num_objectives`.
    pub num_objectives: u32,
    /// `objectives`: `num_objectives` vertices.
    pub objectives: *mut u32,
}

/// `WALL_DIR`: the direction of a walled edge in the matrix.
pub const WALL_DIR: u32 = 7;

/// The first fields of libgsl's `gsl_spmatrix_uint` (GSL 2.6 to 2.8),
/// those a client reads: in CSR form, row `r`'s entries are
/// `p[r] .. p[r+1]`, each in column `i[k]` holding `data[k]`. Only ever
/// read through a pointer libgsl allocated.
#[repr(C)]
#[derive(Debug)]
pub struct GslSpmatrixUint {
    /// Rows.
    pub size1: usize,
    /// Columns.
    pub size2: usize,
    /// CSR: the column of each entry.
    pub i: *mut i32,
    /// The entries.
    pub data: *mut u32,
    /// CSR: where each row starts in `i` and `data` (`size1 + 1` of them).
    pub p: *mut i32,
    /// Room for entries.
    pub nzmax: usize,
    /// Entries.
    pub nz: usize,
}

// The layouts the course's clients were compiled with (gcc, x86-64).
const _: () = assert!(std::mem::size_of::<EdgeT>() == 8);
const _: () = assert!(std::mem::size_of::<MoveT>() == 28);
const _: () = assert!(std::mem::align_of::<MoveT>() == 4);
const _: () = assert!(std::mem::offset_of!(MoveT, m) == 8);
const _: () = assert!(std::mem::offset_of!(MoveT, e) == 12);
const _: () = assert!(std::mem::size_of::<GraphT>() == 48);
const _: () = assert!(std::mem::offset_of!(GraphT, t) == 16);
const _: () = assert!(std::mem::offset_of!(GraphT, start) == 24);
const _: () = assert!(std::mem::offset_of!(GraphT, num_objectives) == 32);
const _: () = assert!(std::mem::offset_of!(GraphT, objectives) == 40);
