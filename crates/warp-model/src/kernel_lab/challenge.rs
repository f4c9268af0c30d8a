//! Challenges: exercises the kernel lab checks with hidden tests and warp-level cost targets.
//!
//! A challenge is a reference kernel, a list of test launches and two cost targets. Each test
//! fills the `const` pointer buffers with seeded random values (the challenge states the range)
//! and the others as stated (zeros, or −1 to catch elements that must stay untouched); the
//! learner's kernel and the reference run on the same inputs ([`super::exec::run_from`]) and
//! every non-`const` buffer must match, element for element. A test also fails on a run
//! error (an out-of-bounds access among them), a race, a mask violation or a forbidden call.
//! Stars: ★ every test passes; ★★ and the first target is met on every test; ★★★ and the
//! second too. A target is a kernel figure compared with the reference's on the same test:
//! counts must be ≤ the reference's, `cycles` ≤ 1.25 × the reference's ([`Target::met`]).
//!
//! - [`builtin`]: the ten built-in challenges, in order, each with its reference.
//! - [`custom`]: a course author's challenge read from a link (`challenge=custom&ref=…`).
//! - [`mod@check`]: running the tests, the report, the stars.
//! - [`stars`]: the best stars per challenge, as the learner's progress keeps them.
//! - [`wire`]: a report as text, from the check worker to the page.

pub mod builtin;
pub mod check;
pub mod custom;
pub mod spec;
pub mod stars;
pub mod wire;

pub use check::{check, CheckReport, Failure, TargetReport};
pub use spec::{Buffer, Challenge, Fill, Len, Target, TestLaunch};
