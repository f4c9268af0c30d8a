//! The launch part of the warps panel: N elements in 1-D (the ragged block and warp, seed 004
//! Ex 1–3) or a W×H image in 2-D (seed 004 Ex 7, seed 000 Ex 9).

use crate::figure::{Figure, Value};
use crate::math::{ceil, eq, floor, frac, id, num, op, paren, row, sub, times};
use crate::params::{parse_whole, quote, ParamError, Whole};
use crate::warps::launch::{Launch1d, Launch2d};
use crate::warps::map::BlockDim;
use crate::worked::{m, t, Step, Worked};
use crate::{WARP_SIZE, WARP_SIZE_F64};

use crate::worked::sentence as mixed;

pub fn parse_n(raw: &str, block: &BlockDim) -> Result<Launch1d, ParamError> {
    let b = block.threads();
    match parse_whole("n", raw, crate::t!("warps.n.allowed"))? {
        Whole::NonNegative(n) => Launch1d::new(n, *block),
        Whole::Negative(v) => Err(ParamError::new("n", crate::tr!("warps.n.negative", v, b))),
    }
}

/// Reads `WxH` (also `W×H`).
///
/// # Errors
/// Names `image` with the expected form.
pub fn parse_image(raw: &str) -> Result<(u64, u64), ParamError> {
    let form = || ParamError::new("image", crate::tr!("warps.image.form", value = quote(raw)));
    let (w, h) = raw.trim().split_once(['x', 'X', '×']).ok_or_else(form)?;
    let side = |s: &str| match parse_whole("image", s, "") {
        Ok(Whole::NonNegative(v)) => Ok(v),
        Ok(Whole::Negative(_)) | Err(_) => Err(form()),
    };
    Ok((side(w)?, side(h)?))
}

fn launch_common(
    blocks: u64,
    grid: (u64, u64),
    launched: u64,
    warps: u64,
    idle: u64,
) -> Vec<Figure> {
    vec![
        Figure::new(
            "blocks",
            crate::t!("warps.fig.blocks"),
            Value::Int(blocks),
            crate::t!("warps.unit.blocks"),
            crate::t!("warps.fig.blocks.help"),
        ),
        Figure::new(
            "grid",
            crate::t!("warps.fig.grid"),
            Value::Coords(vec![grid.0, grid.1]),
            crate::t!("warps.unit.blocks"),
            "gridDim",
        ),
        Figure::new(
            "threads-launched",
            crate::t!("warps.fig.threads-launched"),
            Value::Int(launched),
            crate::t!("warps.unit.threads"),
            "blocks · B",
        ),
        Figure::new(
            "warps-launched",
            crate::t!("warps.fig.warps-launched"),
            Value::Int(warps),
            crate::t!("warps.unit.warps"),
            crate::t!("warps.fig.warps-launched.help"),
        ),
        Figure::new(
            "idle-threads",
            crate::t!("warps.fig.idle-threads"),
            Value::Int(idle),
            crate::t!("warps.unit.threads"),
            crate::t!("warps.fig.idle-threads.help"),
        ),
    ]
}

pub fn figures_1d(l: &Launch1d) -> Vec<Figure> {
    let mut f = launch_common(
        l.blocks(),
        (l.blocks(), 1),
        l.threads_launched(),
        l.warps_launched(),
        l.idle_threads(),
    );
    let r = l.ragged();
    let frac_of_warp = |a: u64| a as f64 / WARP_SIZE_F64;
    f.extend([
        Figure::new(
            "ragged-block",
            crate::t!("warps.fig.ragged-block"),
            r.map_or(Value::None, |r| Value::Int(r.block)),
            "",
            crate::t!("warps.fig.ragged-block.help"),
        ),
        Figure::new(
            "ragged-warp",
            crate::t!("warps.fig.ragged-warp"),
            r.map_or(Value::None, |r| Value::Int(r.warp)),
            "",
            crate::t!("warps.fig.ragged-warp.help"),
        ),
        Figure::new(
            "ragged-warp-active",
            crate::t!("warps.fig.ragged-warp-active"),
            r.map_or(Value::None, |r| Value::Int(r.warp_active)),
            crate::t!("warps.unit.of-32-lanes"),
            crate::t!("warps.fig.ragged-warp-active.help"),
        ),
        Figure::new(
            "ragged-warp-utilization",
            crate::t!("warps.fig.ragged-warp-utilization"),
            r.map_or(Value::None, |r| Value::Frac {
                value: frac_of_warp(r.warp_active),
                percent: true,
            }),
            "",
            crate::t!("warps.fig.ragged-warp-utilization.help"),
        ),
    ]);
    f
}

pub fn figures_2d(l: &Launch2d) -> Vec<Figure> {
    let mut f = launch_common(
        l.blocks(),
        l.grid(),
        l.threads_launched(),
        l.warps_launched(),
        l.idle_threads(),
    );
    f.extend([
        Figure::new(
            "pixels",
            crate::t!("warps.fig.pixels"),
            Value::Int(l.pixels()),
            crate::t!("warps.unit.pixels"),
            "N = W · H",
        ),
        Figure::new(
            "extra-columns",
            crate::t!("warps.fig.extra-columns"),
            Value::Int(l.extra_columns()),
            crate::t!("warps.unit.columns"),
            "gx · bx − W",
        ),
        Figure::new(
            "extra-rows",
            crate::t!("warps.fig.extra-rows"),
            Value::Int(l.extra_rows()),
            crate::t!("warps.unit.rows"),
            "gy · by − H",
        ),
    ]);
    f
}

/// Worked steps for a 1-D launch (seed 004 Ex 1–3).
#[must_use]
pub fn worked_1d(l: &Launch1d) -> Worked {
    let (n, b) = (l.n(), l.block().threads());
    let blocks = l.blocks();
    let (launched, idle, warps) = (l.threads_launched(), l.idle_threads(), l.warps_launched());
    let mut steps = vec![Step {
        title: crate::tr!("warps.launch1d.blocks.title"),
        body: vec![m(eq(vec![
            id("blocks"),
            ceil(frac(id("N"), id("B"))),
            ceil(frac(num(n), num(b))),
            num(blocks),
        ]))],
        why: if n == 0 {
            crate::tr!("warps.launch1d.blocks.why-empty")
        } else {
            crate::tr!("warps.launch1d.blocks.why")
        },
    }];
    steps.push(Step {
        title: crate::tr!("warps.launch1d.threads.title"),
        body: mixed(
            &crate::tr!("warps.launch1d.threads.body"),
            &[
                (
                    "launched",
                    eq(vec![times(num(blocks), num(b)), num(l.threads_launched())]),
                ),
                (
                    "idle",
                    eq(vec![
                        row(vec![num(l.threads_launched()), op("−"), num(n)]),
                        num(l.idle_threads()),
                    ]),
                ),
            ],
        ),
        why: crate::tr!("warps.launch1d.threads.why"),
    });
    steps.push(Step {
        title: crate::tr!("warps.launch1d.warps.title"),
        body: vec![m(eq(vec![
            times(num(blocks), num(l.block().warps())),
            num(l.warps_launched()),
        ]))],
        why: crate::tr!("warps.launch1d.warps.why"),
    });
    if let Some(r) = l.ragged() {
        let share = Value::Frac {
            value: r.warp_active as f64 / WARP_SIZE_F64,
            percent: true,
        }
        .human();
        let (last, bstart, wstart) = (n - 1, r.block_start, r.warp_start);
        steps.push(Step {
            title: crate::tr!("warps.launch1d.ragged.title"),
            body: mixed(
                &crate::tr!("warps.launch1d.ragged.body", last, bstart, wstart, share),
                &[
                    (
                        "block",
                        eq(vec![floor(frac(num(n - 1), num(b))), num(r.block)]),
                    ),
                    (
                        "local",
                        eq(vec![
                            row(vec![num(n - 1), op("−"), num(r.block_start)]),
                            num(r.last_local),
                        ]),
                    ),
                    (
                        "warp",
                        eq(vec![
                            floor(frac(num(r.last_local), num(WARP_SIZE))),
                            num(r.warp),
                        ]),
                    ),
                    (
                        "active",
                        eq(vec![
                            row(vec![
                                num(n - 1),
                                op("−"),
                                num(r.warp_start),
                                op("+"),
                                num(1),
                            ]),
                            num(r.warp_active),
                        ]),
                    ),
                ],
            ),
            why: crate::tr!("warps.launch1d.ragged.why"),
        });
    }
    let answer = match l.ragged() {
        None if n == 0 => crate::tr!("warps.launch1d.answer.empty"),
        None => crate::tr!("warps.launch1d.answer.exact", blocks, warps, launched),
        Some(r) => {
            let counts = crate::tr!("warps.launch1d.answer.counts", blocks, launched, idle);
            let (warp, block, active) = (r.warp, r.block, r.warp_active);
            // Seed 004 Ex C: "you run 32 and mask 27 off": the masked lanes said too.
            let masked = crate::WARP_SIZE.saturating_sub(active);
            crate::tr!(
                "warps.launch1d.answer.ragged",
                counts,
                warp,
                block,
                active,
                masked
            )
        }
    };
    Worked {
        question: crate::tr!("warps.launch1d.question", n, b),
        forecast: crate::tr!("warps.launch1d.forecast"),
        steps,
        answer,
        verify: mixed(
            &crate::tr!("warps.launch1d.verify", launched),
            &[
                (
                    "active",
                    eq(vec![
                        row(vec![
                            num(l.threads_launched()),
                            op("−"),
                            num(l.idle_threads()),
                        ]),
                        num(n),
                        id("N"),
                    ]),
                ),
                (
                    "lanes",
                    eq(vec![
                        times(num(l.warps_launched()), num(WARP_SIZE)),
                        num(l.warps_launched() * WARP_SIZE),
                    ]),
                ),
            ],
        ),
    }
}

/// Worked steps for an image launch (seed 004 Ex 7, seed 000 Ex 9).
#[must_use]
pub fn worked_2d(l: &Launch2d) -> Worked {
    let (w, h) = (l.width(), l.height());
    let (bx, by) = (l.block().x(), l.block().y());
    let (gx, gy) = l.grid();
    let (ec, er) = (l.extra_columns(), l.extra_rows());
    let rows = crate::tr!("warps.image.edge-rows", er, columns = gx * bx);
    let columns = crate::tr!("warps.image.edge-columns", ec, h);
    let edges = match (er > 0, ec > 0) {
        (false, false) => None,
        (true, false) => Some(rows),
        (false, true) => Some(columns),
        (true, true) => Some(crate::tr!("warps.image.edges-both", rows, columns)),
    };
    let where_idle = match edges {
        None => crate::tr!("warps.image.idle-none"),
        Some(edges) => crate::tr!("warps.image.idle-where", edges),
    };
    let (warps, idle, blocks) = (l.block().warps(), l.block().idle_lanes(), gx * gy);
    let (threads, wasted) = (l.threads_launched(), l.idle_threads());
    // The grid's totals: what the block's shape costs over the whole image (issue 26: the
    // example comparing two block shapes asks which wastes fewer lanes in all).
    let (grid_warps, grid_idle) = (warps.saturating_mul(blocks), idle.saturating_mul(blocks));
    let inside = crate::tr!(
        "warps.image.block.body",
        bx,
        by,
        warps,
        idle,
        blocks,
        grid_warps,
        grid_idle
    );
    Worked {
        question: crate::tr!("warps.image.question", w, h, bx, by),
        forecast: crate::tr!("warps.image.forecast", w, h, bx, by),
        steps: vec![
            Step {
                title: crate::tr!("warps.image.pixels.title"),
                body: vec![m(eq(vec![id("N"), times(num(w), num(h)), num(l.pixels())]))],
                why: crate::tr!("warps.image.pixels.why"),
            },
            Step {
                title: crate::tr!("warps.image.grid.title"),
                body: mixed(
                    &crate::tr!("warps.image.grid.body", blocks),
                    &[
                        (
                            "gx",
                            eq(vec![sub("g", "x"), ceil(frac(num(w), num(bx))), num(gx)]),
                        ),
                        (
                            "gy",
                            eq(vec![sub("g", "y"), ceil(frac(num(h), num(by))), num(gy)]),
                        ),
                    ],
                ),
                why: crate::tr!("warps.image.grid.why"),
            },
            Step {
                title: crate::tr!("warps.image.threads.title"),
                body: mixed(
                    &crate::tr!("warps.image.threads.body", where_idle),
                    &[
                        (
                            "launched",
                            eq(vec![
                                times(
                                    paren(times(num(gx), num(bx))),
                                    paren(times(num(gy), num(by))),
                                ),
                                times(num(gx * bx), num(gy * by)),
                                num(l.threads_launched()),
                            ]),
                        ),
                        (
                            "wasted",
                            eq(vec![
                                row(vec![num(l.threads_launched()), op("−"), num(l.pixels())]),
                                num(l.idle_threads()),
                            ]),
                        ),
                    ],
                ),
                why: crate::tr!("warps.image.threads.why"),
            },
            Step {
                title: crate::tr!("warps.image.block.title"),
                body: vec![t(inside)],
                why: crate::tr!("warps.image.block.why"),
            },
        ],
        answer: crate::tr!(
            "warps.image.answer",
            gx,
            gy,
            blocks,
            threads,
            wasted,
            grid_warps,
            grid_idle
        ),
        verify: mixed(
            &crate::tr!("warps.image.verify"),
            &[
                (
                    "wasted",
                    eq(vec![
                        row(vec![
                            times(num(ec), num(h)),
                            op("+"),
                            times(num(er), paren(row(vec![num(w), op("+"), num(ec)]))),
                        ]),
                        num(ec * h + er * (w + ec)),
                    ]),
                ),
                (
                    "pixels",
                    eq(vec![
                        row(vec![
                            num(l.threads_launched()),
                            op("−"),
                            num(l.idle_threads()),
                        ]),
                        num(l.pixels()),
                    ]),
                ),
            ],
        ),
    }
}
