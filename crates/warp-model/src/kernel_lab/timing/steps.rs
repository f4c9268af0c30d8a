//! The SM's timing worked in the panels' form (issue 47 item 5): a Forecast, numbered steps
//! each with "Why this step?", the answer and a Verify line, for any run the lab times: the
//! issue slots offered and used, where the resident warps' cycles went, the largest share and
//! what it asks of the kernel, and the line the warps waited on most.
//!
//! Its arithmetic is written in words and digits (`4 × 406 = 1624`), not as formula trees:
//! the kernel page shows it as text, as the lab's other lines, and the trees' building and
//! `MathML` cost that page 1.2 kB gzip (measured) it does not have (issue 46).

use super::{state_label, top_stall, SmOutput};
use crate::latency::sm::State;
use crate::tr;
use crate::worked::{t, Step, Worked};

/// `x` (a fraction) in percent, as the figures write it.
fn percent(x: f64) -> String {
    crate::figure::percent_digits(x * 100.0)
}

/// What a share that large asks of the kernel.
fn advice(s: State) -> String {
    use crate::t;
    match s {
        State::Issued => t!("kernel.sm.steps.largest.why.issued"),
        State::LongScoreboard => t!("kernel.sm.steps.largest.why.long"),
        State::ShortScoreboard => t!("kernel.sm.steps.largest.why.short"),
        State::Barrier => t!("kernel.sm.steps.largest.why.barrier"),
        State::NotSelected => t!("kernel.sm.steps.largest.why.not-selected"),
    }
    .to_string()
}

/// The run's figures worked, step by step, for any run.
#[must_use]
pub fn worked_steps(o: &SmOutput) -> Worked {
    let r = &o.run;
    let all: u64 = r.states.iter().sum();
    let top = r.largest();
    let used = percent(r.utilization());
    let mut sum = String::new();
    for (i, s) in State::ALL.into_iter().enumerate() {
        if i > 0 {
            sum.push_str(" + ");
        }
        sum.push_str(&r.in_state(s).to_string());
    }
    let step = |title: String, body: String, why: String| Step {
        title,
        body: vec![t(body)],
        why,
    };
    let mut steps = vec![
        step(
            tr!("kernel.sm.steps.slots.title"),
            tr!(
                "kernel.sm.steps.slots.body",
                s = o.config.schedulers,
                cycles = r.cycles,
                slots = r.slots
            ),
            tr!("kernel.sm.steps.slots.why"),
        ),
        step(
            tr!("kernel.sm.steps.used.title"),
            tr!(
                "kernel.sm.steps.used.body",
                issued = r.issued,
                slots = r.slots,
                used
            ),
            tr!("kernel.sm.steps.used.why"),
        ),
        step(
            tr!("kernel.sm.steps.states.title"),
            tr!("kernel.sm.steps.states.body", sum, all),
            tr!("kernel.sm.steps.states.why"),
        ),
        step(
            tr!("kernel.sm.steps.largest.title"),
            tr!(
                "kernel.sm.worked.state",
                label = state_label(top),
                n = r.in_state(top),
                all,
                share = percent(r.share(top))
            ),
            advice(top),
        ),
    ];
    if let Some(line) = top_stall(o) {
        steps.push(step(
            tr!("kernel.sm.steps.line.title"),
            line,
            tr!("kernel.sm.steps.line.why"),
        ));
    }
    Worked {
        question: tr!(
            "kernel.sm.steps.question",
            warps = o.warps,
            s = o.config.schedulers,
            l = o.config.latency,
            cycles = r.cycles
        ),
        forecast: tr!("kernel.sm.steps.forecast"),
        steps,
        answer: tr!(
            "kernel.sm.steps.answer",
            cycles = r.cycles,
            used,
            label = state_label(top),
            share = percent(r.share(top))
        ),
        verify: vec![t(tr!(
            "kernel.sm.steps.verify",
            n = r.in_state(State::Issued),
            issued = r.issued
        ))],
    }
}
