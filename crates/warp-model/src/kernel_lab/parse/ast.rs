//! The parsed kernel: types, expressions, statements, `__shared__` arrays, and the subset's
//! tables of functions (what the parser builds and the interpreter runs).

/// Scalar types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// `int`
    Int,
    /// `unsigned` / `unsigned int`
    Unsigned,
    /// `float`
    Float,
    /// `bool`
    Bool,
}

/// A kernel parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelParam {
    /// Its name.
    pub name: String,
    /// Its type (the element type for pointers).
    pub ty: Ty,
    /// `float*` / `int*` (with or without `const`).
    pub pointer: bool,
    /// `const float*` / `const int*`: the kernel may read it, never write it (a store through
    /// it is a run-time error, as it is a compile error in CUDA).
    pub read_only: bool,
}

/// `x`, `y` or `z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// .x
    X,
    /// .y
    Y,
    /// .z
    Z,
}

/// The built-in index variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// threadIdx
    ThreadIdx,
    /// blockIdx
    BlockIdx,
    /// blockDim
    BlockDim,
    /// gridDim
    GridDim,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    /// +
    Add,
    /// -
    Sub,
    /// *
    Mul,
    /// /
    Div,
    /// %
    Rem,
    /// <<
    Shl,
    /// >>
    Shr,
    /// <
    Lt,
    /// <=
    Le,
    /// >
    Gt,
    /// >=
    Ge,
    /// ==
    Eq,
    /// !=
    Ne,
    /// &
    BitAnd,
    /// ^
    BitXor,
    /// |
    BitOr,
    /// &&
    And,
    /// ||
    Or,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Un {
    /// -
    Neg,
    /// !
    Not,
    /// ~
    BitNot,
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// An integer literal.
    Int(i64),
    /// An `unsigned int` literal (`0xffffffff`, `1u`).
    UInt(u32),
    /// An atomic read-modify-write on one element per lane; returns the old value.
    Atomic(Atomic, Box<Addr>, Vec<Expr>),
    /// A float literal.
    Float(f64),
    /// `true` / `false`.
    Bool(bool),
    /// A variable or scalar parameter.
    Var(String),
    /// threadIdx.x and friends.
    Builtin(Builtin, Axis),
    /// warpSize.
    WarpSize,
    /// `p[i]` (a global load).
    Index(String, Box<Expr>, usize),
    /// `s[i]` or `s[i][j]`: a load from the shared array with that index in
    /// [`ParsedKernel::shared`] (one index per dimension).
    Shared(usize, Vec<Expr>),
    /// Unary.
    Unary(Un, Box<Expr>),
    /// Binary.
    Binary(Bin, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A call to a work or math function.
    Call(String, Vec<Expr>),
}

/// The atomic functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atomic {
    /// atomicAdd
    Add,
    /// atomicSub
    Sub,
    /// atomicMax
    Max,
    /// atomicMin
    Min,
    /// atomicExch
    Exch,
    /// atomicCAS (compare, value)
    Cas,
}

/// The atomics' names, in [`Atomic`]'s order.
pub const ATOMICS: [(&str, Atomic); 6] = [
    ("atomicAdd", Atomic::Add),
    ("atomicSub", Atomic::Sub),
    ("atomicMax", Atomic::Max),
    ("atomicMin", Atomic::Min),
    ("atomicExch", Atomic::Exch),
    ("atomicCAS", Atomic::Cas),
];

/// The element an atomic works on: `&p[i]` / `p + i` / `p` (global) or `&s[i]` / `&s[i][j]` /
/// `s + i` (shared).
#[derive(Clone, Debug, PartialEq)]
pub enum Addr {
    /// A pointer parameter and the element index.
    Global(String, Expr),
    /// A shared array and one index per dimension.
    Shared(usize, Vec<Expr>),
}

/// Warp-level functions (shuffles, votes, `__activemask`, `__syncwarp`) and the bit functions
/// `__popc` and `__ffs`, with their (least, most) arguments.
pub const WARP_FUNCTIONS: [(&str, usize, usize); 11] = [
    ("__shfl_sync", 3, 4),
    ("__shfl_up_sync", 3, 4),
    ("__shfl_down_sync", 3, 4),
    ("__shfl_xor_sync", 3, 4),
    ("__ballot_sync", 2, 2),
    ("__any_sync", 2, 2),
    ("__all_sync", 2, 2),
    ("__activemask", 0, 0),
    ("__syncwarp", 0, 1),
    ("__popc", 1, 1),
    ("__ffs", 1, 1),
];

/// An assignable place (C's lvalue): a variable, a global element or a shared element.
#[derive(Clone, Debug, PartialEq)]
pub enum Lvalue {
    /// A variable.
    Var(String),
    /// `p[i]` (a global store).
    Index(String, Expr),
    /// `s[i]` / `s[i][j]` (a shared store).
    Shared(usize, Vec<Expr>),
}

/// A statement and its line.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Line, 1-based.
    pub line: usize,
}

/// Statement kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `int x = e;`
    Decl(Ty, String, Option<Expr>),
    /// `x = e;`, `x += e;`, `p[i] = e;`, `x++;`
    Assign(Lvalue, Option<Bin>, Expr),
    /// A call statement.
    Expr(Expr),
    /// `if (c) … else …` (the else's line).
    If(Expr, Vec<Stmt>, Option<(Vec<Stmt>, usize)>),
    /// `while (c) …`
    While(Expr, Vec<Stmt>),
    /// `for (init; cond; step) …`
    For(
        Option<Box<Stmt>>,
        Option<Expr>,
        Option<Box<Stmt>>,
        Vec<Stmt>,
    ),
    /// `break;`
    Break,
    /// `continue;`
    Continue,
    /// `return;`
    Return,
    /// `{ … }`
    Block(Vec<Stmt>),
    /// `__syncthreads();`
    Sync,
}

/// A `__shared__` array: one per block, zero-filled when the block starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedArray {
    /// Its name.
    pub name: String,
    /// Its element type (`float` or `int`, 4 bytes).
    pub ty: Ty,
    /// Its dimensions: `[N]` or `[N][M]`.
    pub dims: Vec<usize>,
    /// Its first word in the block's shared memory (arrays are laid out in declaration order,
    /// each from a multiple of 128 bytes, so each starts at bank 0).
    pub base: usize,
    /// The line of its declaration.
    pub line: usize,
}

impl SharedArray {
    /// Elements.
    #[must_use]
    pub fn len(&self) -> usize {
        self.dims.iter().product()
    }
    /// Whether it has no element (never: dimensions are at least 1).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// `[N]` or `[N][M]`, as written.
    #[must_use]
    pub fn shape(&self) -> String {
        brackets(self.dims.iter())
    }
}

/// Bytes of shared memory a block may declare (CUDA's static limit).
pub const MAX_SHARED_BYTES: usize = 48 * 1024;
/// Words each `__shared__` array's first word is aligned to: one row of the banks (128 bytes of
/// 4-byte words), so that every array starts at bank 0 ([`SharedArray::base`]).
#[allow(clippy::cast_possible_truncation)]
pub(super) const SHARED_ALIGN_WORDS: usize = crate::banks::rule::BANKS as usize;

/// A parsed kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedKernel {
    /// Its name.
    pub name: String,
    /// Its parameters.
    pub params: Vec<KernelParam>,
    /// Its body.
    pub body: Vec<Stmt>,
    /// Its `__shared__` arrays, in declaration order.
    pub shared: Vec<SharedArray>,
}

/// Names of the work functions and their cost in cycles (`work(n)` costs n).
pub const WORK_FUNCTIONS: [(&str, u64); 2] = [("heavy_path", 20), ("light_path", 8)];
/// Pure functions the subset knows.
pub const MATH_FUNCTIONS: [&str; 8] = [
    "min", "max", "abs", "sqrtf", "fabsf", "fminf", "fmaxf", "work",
];

/// `[a][b]…`: indices as the source writes them.
pub(crate) fn brackets<T: std::fmt::Display>(items: impl Iterator<Item = T>) -> String {
    items.fold(String::new(), |mut out, i| {
        let _ = std::fmt::Write::write_fmt(&mut out, format_args!("[{i}]"));
        out
    })
}
