//! Everything the host does outside Rust's safety: `dlopen` and `dlsym` of
//! libgsl and of the client, the calls into them, the graph allocated
//! with `malloc` and libgsl for the client to own, and the shuffling of
//! the standard descriptors that keeps the client's output out of the
//! protocol, and the watch over what a client may do to the process
//! (call `exit()`, close the protocol's descriptors) that tells those
//! apart from the host's own ends. Each `unsafe` block says why it holds.

use std::ffi::{CStr, CString, c_char, c_int, c_uint, c_void};
use std::fs::File;
use std::io;
use std::os::fd::FromRawFd;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

use coursidor::{Colour, HostStop, Layout};

use crate::session::Client;
use coursidor_abi::{GraphT, MoveT};

/// The latest `dlerror()` text.
fn dl_error() -> String {
    // SAFETY: dlerror takes no argument and returns NULL or a string owned
    // by libc, valid until the next dl* call in this thread, which is after
    // we copy it.
    let e = unsafe { libc::dlerror() };
    if e.is_null() {
        return "unknown error".to_owned();
    }
    // SAFETY: e is a NUL-terminated string from libc (above).
    unsafe { CStr::from_ptr(e) }.to_string_lossy().into_owned()
}

/// A shared library, loaded for the life of the process (never closed: the
/// client keeps pointers into it and into libgsl).
struct Library {
    handle: *mut c_void,
    name: String,
}

impl Library {
    fn open(path: &str, flags: c_int) -> Result<Library, String> {
        let c = CString::new(path).map_err(|_| format!("{path:?} holds a NUL byte"))?;
        // SAFETY: c is a valid NUL-terminated path; dlopen runs the
        // library's initialisers, which is what loading a client means.
        let handle = unsafe { libc::dlopen(c.as_ptr(), flags) };
        if handle.is_null() {
            return Err(dl_error());
        }
        Ok(Library {
            handle,
            name: path.to_owned(),
        })
    }

    /// The address of `symbol`.
    fn symbol(&self, symbol: &str) -> Result<*mut c_void, String> {
        let c = CString::new(symbol).expect("symbol names hold no NUL");
        // SAFETY: the handle is open (never closed) and c is NUL-terminated.
        let p = unsafe { libc::dlsym(self.handle, c.as_ptr()) };
        if p.is_null() {
            return Err(format!("{} has no function {symbol}", self.name));
        }
        Ok(p)
    }
}

/// `gsl_spmatrix_uint_alloc`.
type AllocFn = unsafe extern "C" fn(usize, usize) -> *mut c_void;
/// `gsl_spmatrix_uint_set`.
type SetFn = unsafe extern "C" fn(*mut c_void, usize, usize, c_uint) -> c_int;
/// `gsl_spmatrix_uint_compress`.
type CompressFn = unsafe extern "C" fn(*const c_void, c_int) -> *mut c_void;
/// `gsl_spmatrix_uint_free`.
type FreeFn = unsafe extern "C" fn(*mut c_void);
/// `get_player_name`.
type NameFn = unsafe extern "C" fn() -> *const c_char;
/// `initialize`.
type InitializeFn = unsafe extern "C" fn(c_uint, *mut GraphT);
/// `play`.
type PlayFn = unsafe extern "C" fn(MoveT) -> MoveT;
/// `finalize`.
type FinalizeFn = unsafe extern "C" fn();

/// The libgsl functions the host calls, from the library loaded with
/// `RTLD_GLOBAL` so that every client sees GSL too.
pub struct Gsl {
    alloc: AllocFn,
    set: SetFn,
    compress: CompressFn,
    free: FreeFn,
    /// Where it was loaded from.
    pub path: String,
}

/// `GSL_SPMATRIX_CSR`.
const GSL_SPMATRIX_CSR: c_int = 2;

impl Gsl {
    /// Loads libgsl (and libgslcblas, which it needs) with `RTLD_GLOBAL`:
    /// from `$GSL_PATH/lib` when `GSL_PATH` is set (the course's Makefile
    /// variable), else by soname (GSL 2.6 to 2.8).
    pub fn load() -> Result<Gsl, String> {
        let flags = libc::RTLD_NOW | libc::RTLD_GLOBAL;
        let (cblas, gsl): (Vec<String>, Vec<String>) = match std::env::var("GSL_PATH") {
            Ok(dir) if !dir.is_empty() => (
                vec![format!("{dir}/lib/libgslcblas.so")],
                vec![format!("{dir}/lib/libgsl.so")],
            ),
            _ => (
                ["libgslcblas.so.0", "libgslcblas.so"]
                    .map(String::from)
                    .to_vec(),
                ["libgsl.so.28", "libgsl.so.27", "libgsl.so.25", "libgsl.so"]
                    .map(String::from)
                    .to_vec(),
            ),
        };
        let first = |names: &[String]| -> Result<Library, String> {
            let mut errors = Vec::new();
            for n in names {
                match Library::open(n, flags) {
                    Ok(l) => return Ok(l),
                    Err(e) => errors.push(e),
                }
            }
            Err(errors.join("; "))
        };
        // libgsl's own dependency on libgslcblas is found by the loader;
        // loading it first, globally, also serves clients built without it.
        let _cblas = first(&cblas);
        let lib = first(&gsl).map_err(|e| {
            format!("cannot load libgsl ({e}): install it (Debian: apt-get install libgsl-dev) or set GSL_PATH to its installation directory")
        })?;
        // SAFETY: each symbol is the libgsl (>= 2.6) function of that name,
        // whose C prototype the pointer type spells out; a fn pointer and
        // a data pointer have the same size and representation on the
        // platforms dlsym serves.
        unsafe {
            Ok(Gsl {
                alloc: std::mem::transmute::<*mut c_void, AllocFn>(
                    lib.symbol("gsl_spmatrix_uint_alloc")?,
                ),
                set: std::mem::transmute::<*mut c_void, SetFn>(
                    lib.symbol("gsl_spmatrix_uint_set")?,
                ),
                compress: std::mem::transmute::<*mut c_void, CompressFn>(
                    lib.symbol("gsl_spmatrix_uint_compress")?,
                ),
                free: std::mem::transmute::<*mut c_void, FreeFn>(
                    lib.symbol("gsl_spmatrix_uint_free")?,
                ),
                path: lib.name.clone(),
            })
        }
    }

    /// The board's matrix in CSR form, allocated by libgsl (the client
    /// frees it with `gsl_spmatrix_uint_free`): entry (i, j) is the
    /// direction from i to j; within a row, the neighbours in the order of
    /// the directions.
    fn matrix(&self, layout: &Layout) -> Result<*mut c_void, String> {
        let board = layout.board();
        let n = board.vertices();
        // SAFETY: alloc is libgsl's and takes two sizes.
        let coo = unsafe { (self.alloc)(n, n) };
        if coo.is_null() {
            return Err(format!("gsl_spmatrix_uint_alloc({n}, {n}) failed"));
        }
        for v in 0..n as u16 {
            for d in coursidor::Dir::ALL {
                if let Some(w) = board.neighbour(v, d) {
                    // SAFETY: coo is a live COO matrix of n x n and both
                    // indices are below n.
                    let r = unsafe {
                        (self.set)(
                            coo,
                            usize::from(v),
                            usize::from(w),
                            c_uint::from(d.number()),
                        )
                    };
                    if r != 0 {
                        // SAFETY: coo came from alloc and is freed once.
                        unsafe { (self.free)(coo) };
                        return Err(format!("gsl_spmatrix_uint_set failed ({r})"));
                    }
                }
            }
        }
        // SAFETY: coo is a live COO matrix; compress returns a new matrix.
        let csr = unsafe { (self.compress)(coo, GSL_SPMATRIX_CSR) };
        // SAFETY: coo came from alloc and is freed once; csr does not
        // share its storage.
        unsafe { (self.free)(coo) };
        if csr.is_null() {
            return Err("gsl_spmatrix_uint_compress failed".to_owned());
        }
        Ok(csr)
    }

    /// A graph of `layout` for one client, which owns all of it from then
    /// on: the struct and the objectives from `malloc`, the matrix from
    /// libgsl (the course's clients free them with `free` and
    /// `gsl_spmatrix_uint_free`).
    pub fn graph(&self, layout: &Layout) -> Result<*mut GraphT, String> {
        let t = self.matrix(layout)?;
        let board = layout.board();
        let k = layout.objectives().len();
        // SAFETY: malloc of positive sizes; NULL is checked.
        let (g, objectives) = unsafe {
            (
                libc::malloc(std::mem::size_of::<GraphT>()).cast::<GraphT>(),
                libc::malloc(k.max(1) * std::mem::size_of::<u32>()).cast::<u32>(),
            )
        };
        if g.is_null() || objectives.is_null() {
            return Err("out of memory".to_owned());
        }
        for (i, &o) in layout.objectives().iter().enumerate() {
            // SAFETY: objectives holds k u32 and i < k.
            unsafe { objectives.add(i).write(u32::from(o)) };
        }
        let graph = GraphT {
            kind: board.shape().number(),
            num_vertices: board.vertices() as u32,
            num_edges: board.edges(),
            t,
            start: [
                u32::from(layout.start(Colour::Black)),
                u32::from(layout.start(Colour::White)),
            ],
            num_objectives: k as u32,
            objectives,
        };
        // SAFETY: g is a fresh, suitably aligned (malloc) block of the
        // struct's size.
        unsafe { g.write(graph) };
        Ok(g)
    }
}

/// What the client is running while the host waits for it: an index in
/// [`CALLS`], 0 when the host runs.
static CALLING: AtomicUsize = AtomicUsize::new(0);

/// What [`CALLING`] names.
const CALLS: [&str; 6] = [
    "",
    "while it was loaded",
    "in get_player_name()",
    "in initialize()",
    "in play()",
    "in finalize()",
];

/// [`CALLS`]' index of each call.
#[derive(Clone, Copy)]
enum Call {
    Load = 1,
    Name = 2,
    Initialize = 3,
    Play = 4,
    Finalize = 5,
}

/// Stops the host now, for `why`: its last line, then the exit status of
/// the cause (`docs/games/coursidor.md`, "Why a host stops"). Through
/// `_exit`: the caller may be the client's own `exit()`, where exiting
/// again is undefined.
fn stop_now(why: HostStop, what: &str) -> ! {
    let line = format!("{}\n", why.last_line(what));
    // SAFETY: write(2) of a buffer we own to stderr; _exit ends the
    // process without running anything else.
    unsafe {
        libc::write(2, line.as_ptr().cast(), line.len());
        libc::_exit(why.status())
    }
}

/// The host's process id, once the exit handler is registered.
static HOST_PID: AtomicI32 = AtomicI32::new(0);

/// The exit handler: an `exit()` while the client runs is the client's —
/// in the host's own process (a child the client forked exits as it
/// likes).
fn on_exit_status(status: Option<c_int>) {
    let calling = CALLING.load(Ordering::SeqCst);
    // SAFETY: getpid has no preconditions.
    if calling == 0 || unsafe { libc::getpid() } != HOST_PID.load(Ordering::SeqCst) {
        return;
    }
    let status = status.map_or_else(|| "exit()".to_owned(), |s| format!("exit({s})"));
    stop_now(
        HostStop::ClientExit,
        &format!("it called {status} {}", CALLS[calling]),
    );
}

#[cfg(target_env = "gnu")]
unsafe extern "C" {
    /// glibc's `on_exit`: like `atexit`, but the handler gets the status.
    fn on_exit(handler: extern "C" fn(c_int, *mut c_void), arg: *mut c_void) -> c_int;
}

#[cfg(target_env = "gnu")]
extern "C" fn exit_handler(status: c_int, _arg: *mut c_void) {
    on_exit_status(Some(status));
}

#[cfg(not(target_env = "gnu"))]
extern "C" fn exit_handler() {
    on_exit_status(None);
}

/// Watches for the client's `exit()`: from now on, an `exit()` while a
/// client call runs (or its library is loaded) stops the host with
/// [`HostStop::ClientExit`] instead of ending it as if the game were over.
pub fn catch_client_exit() -> io::Result<()> {
    // SAFETY: getpid has no preconditions.
    HOST_PID.store(unsafe { libc::getpid() }, Ordering::SeqCst);
    // SAFETY: registers a handler that lives as long as the program (a
    // plain function); the return value is checked.
    #[cfg(target_env = "gnu")]
    let r = unsafe { on_exit(exit_handler, std::ptr::null_mut()) };
    // SAFETY: as above.
    #[cfg(not(target_env = "gnu"))]
    let r = unsafe { libc::atexit(exit_handler) };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::other("cannot register an exit handler"))
    }
}

/// The protocol's descriptors as [`take_stdio`] made them: each with the
/// device and inode it refers to, and what it carries.
static PROTOCOL: OnceLock<[(c_int, u64, u64, &'static str); 2]> = OnceLock::new();

/// The device and inode `fd` refers to; `None` if it is closed.
fn identity(fd: c_int) -> Option<(u64, u64)> {
    let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
    // SAFETY: fstat fills the struct when it returns 0, which is checked
    // before it is read.
    unsafe {
        if libc::fstat(fd, st.as_mut_ptr()) != 0 {
            return None;
        }
        let st = st.assume_init();
        Some((st.st_dev, st.st_ino))
    }
}

/// Stops the host if the client closed or replaced a protocol descriptor
/// (the host would read or write something else, or nothing).
fn check_protocol(call: Call) {
    let Some(fds) = PROTOCOL.get() else {
        return;
    };
    for &(fd, dev, ino, what) in fds {
        let broken = match identity(fd) {
            None => "closed",
            Some(id) if id != (dev, ino) => "replaced by another file",
            Some(_) => continue,
        };
        stop_now(
            HostStop::Descriptors,
            &format!(
                "descriptor {fd}, {what}, was {broken} {}",
                CALLS[call as usize]
            ),
        );
    }
}

/// Runs `f`, a call into the client, as `call`: an `exit()` during it is
/// the client's, and so is a protocol descriptor broken when it returns.
fn calling<T>(call: Call, f: impl FnOnce() -> T) -> T {
    CALLING.store(call as usize, Ordering::SeqCst);
    let out = f();
    CALLING.store(0, Ordering::SeqCst);
    check_protocol(call);
    out
}

/// A client: the shared library and its four functions.
pub struct ClientLibrary {
    gsl: Gsl,
    get_player_name: NameFn,
    initialize: InitializeFn,
    play: PlayFn,
    finalize: FinalizeFn,
}

impl ClientLibrary {
    /// Loads the client at `path` with `RTLD_LOCAL` (its symbols stay its
    /// own; `RTLD_LAZY`, as the course's servers) after libgsl, and finds
    /// its functions; or says why not, and which cause of
    /// [`HostStop`] that is.
    pub fn load(path: &str, gsl: Gsl) -> Result<ClientLibrary, (HostStop, String)> {
        // A bare file name would be searched in the library path, not here.
        let path = if path.contains('/') {
            path.to_owned()
        } else {
            format!("./{path}")
        };
        if !std::path::Path::new(&path).exists() {
            return Err((HostStop::NoFile, format!("there is no file {path}")));
        }
        let lib = calling(Call::Load, || {
            Library::open(&path, libc::RTLD_LAZY | libc::RTLD_LOCAL)
        })
        .map_err(|e| (HostStop::NotALibrary, e))?;
        let symbol = |name| lib.symbol(name).map_err(|e| (HostStop::MissingFunction, e));
        // SAFETY: as for libgsl: each symbol is the client's function of
        // that name in player.h, whose prototype the pointer type spells
        // out (a client that lies about it is the client's fault, and its
        // process is the only one harmed).
        unsafe {
            Ok(ClientLibrary {
                gsl,
                get_player_name: std::mem::transmute::<*mut c_void, NameFn>(symbol(
                    "get_player_name",
                )?),
                initialize: std::mem::transmute::<*mut c_void, InitializeFn>(symbol("initialize")?),
                play: std::mem::transmute::<*mut c_void, PlayFn>(symbol("play")?),
                finalize: std::mem::transmute::<*mut c_void, FinalizeFn>(symbol("finalize")?),
            })
        }
    }

    /// `get_player_name()`, at most 100 bytes of it.
    pub fn name(&self) -> String {
        // SAFETY: a player.h function without arguments.
        let p = calling(Call::Name, || unsafe { (self.get_player_name)() });
        if p.is_null() {
            return "(NULL)".to_owned();
        }
        // SAFETY: the client returns a NUL-terminated string; read at most
        // 100 bytes of it, one at a time, stopping at the NUL.
        let bytes: Vec<u8> = (0..100)
            .map(|i| unsafe { *p.add(i) } as u8)
            .take_while(|&b| b != 0)
            .collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Client for ClientLibrary {
    fn initialize(&mut self, colour: Colour, layout: &Layout) -> Result<(), String> {
        let graph = self.gsl.graph(layout)?;
        // SAFETY: the player.h function, given a graph that is the
        // client's from now on.
        calling(Call::Initialize, || unsafe {
            (self.initialize)(colour.index() as c_uint, graph)
        });
        Ok(())
    }

    fn play(&mut self, previous: MoveT) -> MoveT {
        // SAFETY: the player.h function; MoveT is the C struct (abi.rs
        // checks its layout), whatever the values it comes back with.
        calling(Call::Play, || unsafe { (self.play)(previous) })
    }

    fn finalize(&mut self) {
        // SAFETY: the player.h function, called once, after initialize.
        calling(Call::Finalize, || unsafe { (self.finalize)() })
    }
}

/// Takes the protocol's ends out of the standard descriptors, so that the
/// client's stdio does not touch them: its stdout (fd 1) goes to our
/// stderr (the player's log), its stdin (fd 0) reads an empty pipe.
/// Returns the protocol's input and output, close-on-exec (a program the
/// client runs gets neither), and watches them: a client call that closes
/// or replaces one stops the host ([`HostStop::Descriptors`]).
pub fn take_stdio() -> io::Result<(File, File)> {
    let dup = |fd: c_int| -> io::Result<c_int> {
        // SAFETY: fcntl F_DUPFD_CLOEXEC on a descriptor we own; -1 is
        // checked.
        let r = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3) };
        if r < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(r)
        }
    };
    let input = dup(0)?;
    let output = dup(1)?;
    let mut fds = [0 as c_int; 2];
    // SAFETY: fds is an array of two descriptors for pipe2 to fill; each
    // dup2 and close below is on a descriptor that is ours; results are
    // checked.
    unsafe {
        if libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) != 0
            || libc::dup2(2, 1) < 0
            || libc::dup2(fds[0], 0) < 0
        {
            return Err(io::Error::last_os_error());
        }
        libc::close(fds[0]);
        libc::close(fds[1]);
    }
    let watched = |fd: c_int, what: &'static str| -> io::Result<(c_int, u64, u64, &'static str)> {
        let (dev, ino) = identity(fd).ok_or_else(io::Error::last_os_error)?;
        Ok((fd, dev, ino, what))
    };
    let watch = [
        watched(input, "the referee's messages")?,
        watched(output, "the replies to the referee")?,
    ];
    let _ = PROTOCOL.set(watch);
    // SAFETY: input and output are fresh descriptors nothing else owns.
    Ok(unsafe { (File::from_raw_fd(input), File::from_raw_fd(output)) })
}
