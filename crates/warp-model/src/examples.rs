//! The seeds' worked examples as presets, keyed `topic/cell` after each seed's scenario matrix:
//! `warp-scheduling` is seed 000 (cells A–J with C2), `divergence` is seed 003 (C1–C10),
//! `execution-model` is seed 004 (A–J).
//!
//! A preset names its panel, the parameters that reproduce the seed's inputs, and the seed's
//! question and Forecast line. Every word a learner reads of it (title, question, Forecast,
//! note, follow-up labels) is in the catalogue under `examples.<topic>.<cell>.<what>` (the cell
//! in lowercase, e.g. `examples.divergence.c7.note`) and is read through [`Example`]'s methods
//! in the current language. Its messages are [`Msg`]s found at compile time (a missing title,
//! question or forecast fails the build), in a table beside [`ALL`], so that a page that only
//! finds a preset links none of their words; a test checks that every preset's keys exist in
//! both languages.

use crate::i18n::{self, Msg};
use crate::params::{quote, ParamError};
use crate::registry::Panel;

/// One worked example of a seed page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// `warp-scheduling`, `divergence` or `execution-model`.
    pub topic: &'static str,
    /// The cell of the seed's scenario matrix (`A`, `C2`, `C10`, …).
    pub cell: &'static str,
    /// The example's number on its seed page (`3b` for "Ex 3b"); the seed is the topic's.
    pub ex_no: &'static str,
    /// The panel that shows it.
    pub panel: Panel,
    /// The panel parameters that reproduce the seed's inputs (empty until the panel lands).
    pub params: &'static [(&'static str, &'static str)],
    /// Set where the seed page lost the example's body and this one was written to fit its cell.
    pub written_here: bool,
    /// Related views the seed discusses (each a query string without `?`), at most
    /// [`FOLLOW_UPS`]; their labels are the messages `examples.<topic>.<cell>.follow-<n>`,
    /// beside the preset's other words ([`Example::follow_up_links`]).
    pub follow_ups: &'static [&'static str],
    /// The figure (`data-metric`) its Forecast asks about: the one quantity its question and
    /// Forecast line ask for, in that figure's unit (Ex 6 of seed 003 asks whether time follows
    /// the sum or the max of the trip counts: `loop-cycles`, not the panel's
    /// `lane-utilization`). Every preset names one; `tests/seeds.rs` checks it is shown.
    pub forecast_metric: &'static str,
    /// The figure of the follow-up question asked after the reveal (`.then` in the catalogue:
    /// "And how many lanes are wasted?"), or empty: a second quantity never shares the first
    /// question's field.
    pub then_metric: &'static str,
}

/// The most follow-up views a preset links.
pub const FOLLOW_UPS: usize = 2;

/// A preset's own messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ExampleMessages {
    title: Msg,
    question: Msg,
    forecast: Msg,
    then: Option<Msg>,
    note: Option<Msg>,
    /// Its follow-ups' labels (`follow-1`, `follow-2`), in [`Example::follow_ups`]' order: here,
    /// not beside the queries in [`ALL`], which every page links (each preset's labels came
    /// into every page with it: issue 68).
    follow: [Option<Msg>; FOLLOW_UPS],
}

/// The topics: the three seeds', then the classics of shared memory, which no seed covers
/// (`example=` topic, seed file or empty, title; the title in the current language is
/// [`topic_title`]).
pub const TOPICS: [(&str, &str, Msg); 6] = [
    (
        "warp-scheduling",
        "000_d0e24682c8db7b9b.txt",
        crate::msg!("examples.warp-scheduling.title"),
    ),
    (
        "divergence",
        "003_ecc900465205f44d.txt",
        crate::msg!("examples.divergence.title"),
    ),
    (
        "execution-model",
        "004_d14172f99206c33a.txt",
        crate::msg!("examples.execution-model.title"),
    ),
    ("banks", "", crate::msg!("examples.banks.title")),
    (
        "tensor-cores",
        "",
        crate::msg!("examples.tensor-cores.title"),
    ),
    ("memory", "", crate::msg!("examples.memory.title")),
];

/// The title of a seed topic in the current language ("Warps and warp scheduling").
#[must_use]
pub fn topic_title(topic: &str) -> &'static str {
    TOPICS
        .iter()
        .find(|t| t.0 == topic)
        .map_or("", |t| t.2.text())
}

const fn ex(topic: &'static str, cell: &'static str, ex_no: &'static str, panel: Panel) -> Example {
    Example {
        topic,
        cell,
        ex_no,
        panel,
        params: &[],
        written_here: false,
        follow_ups: &[],
        forecast_metric: "",
        then_metric: "",
    }
}

/// The messages of the preset of `topic` and `cell`, found at compile time.
const fn messages_of(topic: &str, cell: &str) -> ExampleMessages {
    ExampleMessages {
        title: required(cell_message(topic, cell, "title")),
        question: required(cell_message(topic, cell, "question")),
        forecast: required(cell_message(topic, cell, "forecast")),
        then: cell_message(topic, cell, "then"),
        follow: [
            cell_message(topic, cell, "follow-1"),
            cell_message(topic, cell, "follow-2"),
        ],
        note: cell_message(topic, cell, "note"),
    }
}

/// The message `examples.<topic>.<cell>.<what>` (the cell in lowercase), if a catalogue has
/// it. Runs at compile time: [`ALL`] is a static.
const fn cell_message(topic: &str, cell: &str, what: &str) -> Option<Msg> {
    Msg::find_joined(&["examples.", topic, ".", cell, ".", what], true)
}

/// A preset's title, question and forecast must be in the catalogue: the build fails otherwise.
const fn required(msg: Option<Msg>) -> Msg {
    match msg {
        Some(m) => m,
        None => panic!("a preset's title, question or forecast is missing from the catalogue"),
    }
}

/// Every cell of the three seeds' matrices.
pub static ALL: &[Example] = TABLE;

/// Each preset's messages, in [`ALL`]'s order: a table of their own, so that a page that only
/// finds a preset (every page's links, `site::address`) does not link every preset's words in
/// its language (5.4 kB gzip of Hinglish in each page that shows none of them: issue 63).
static MESSAGES: [ExampleMessages; TABLE.len()] = {
    let mut out = [messages_of(TABLE[0].topic, TABLE[0].cell); TABLE.len()];
    let mut i = 1;
    while i < TABLE.len() {
        out[i] = messages_of(TABLE[i].topic, TABLE[i].cell);
        i += 1;
    }
    out
};

/// [`ALL`], as a constant that [`MESSAGES`] is computed from.
const TABLE: &[Example] = &[
    // Seed 000 — warps and warp scheduling.
    Example {
        params: &[("block", "256")],
        forecast_metric: "warps-per-block",
        ..ex("warp-scheduling", "A", "1", Panel::Warps)
    },
    Example {
        params: &[("block", "100")],
        forecast_metric: "warps-per-block",
        then_metric: "idle-lanes-per-block",
        ..ex("warp-scheduling", "B", "2", Panel::Warps)
    },
    Example {
        params: &[("block", "48,4"), ("warp", "1")],
        forecast_metric: "warp-straddles-rows",
        ..ex("warp-scheduling", "C", "3", Panel::Warps)
    },
    Example {
        params: &[("block", "8,4,3"), ("thread", "70")],
        forecast_metric: "thread-coords",
        ..ex("warp-scheduling", "C2", "3b", Panel::Warps)
    },
    Example {
        params: &[("block", "20")],
        written_here: true,
        forecast_metric: "idle-lanes-per-block",
        ..ex("warp-scheduling", "D", "4", Panel::Warps)
    },
    Example {
        params: &[("L", "300"), ("W", "15")],
        written_here: true,
        forecast_metric: "warps-needed",
        ..ex("warp-scheduling", "E", "5", Panel::Latency)
    },
    Example {
        params: &[("L", "400"), ("W", "1")],
        forecast_metric: "latency-hidden",
        ..ex("warp-scheduling", "F", "6", Panel::Latency)
    },
    Example {
        params: &[("paths", "30,30"), ("lanes", "20,12")],
        follow_ups: &["panel=divergence&paths=30,30&lanes=31,1"],
        forecast_metric: "slowdown",
        ..ex("warp-scheduling", "G", "7", Panel::Divergence)
    },
    Example {
        params: &[("paths", "30,30"), ("lanes", "32,0")],
        forecast_metric: "slowdown",
        ..ex("warp-scheduling", "H", "8", Panel::Divergence)
    },
    Example {
        params: &[("block", "30,30"), ("image", "1920x1080")],
        follow_ups: &["panel=warps&block=32,8&image=1920x1080"],
        forecast_metric: "idle-lanes-per-block",
        ..ex("warp-scheduling", "I", "9", Panel::Warps)
    },
    Example {
        params: &[("S", "4"), ("L", "400"), ("T", "1"), ("W", "20")],
        forecast_metric: "latency-hidden",
        ..ex("warp-scheduling", "J", "10", Panel::Latency)
    },
    // Seed 003 — warp divergence penalties.
    Example {
        params: &[("paths", "12,9"), ("lanes", "16,16")],
        forecast_metric: "diverged-cycles",
        then_metric: "efficiency",
        ..ex("divergence", "C1", "1", Panel::Divergence)
    },
    Example {
        params: &[("paths", "100,50"), ("lanes", "1,31")],
        forecast_metric: "diverged-cycles",
        then_metric: "efficiency",
        ..ex("divergence", "C2", "2", Panel::Divergence)
    },
    Example {
        params: &[("paths", "12,9"), ("lanes", "0,32")],
        forecast_metric: "efficiency",
        ..ex("divergence", "C3", "3", Panel::Divergence)
    },
    Example {
        params: &[
            (
                "paths",
                "7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7",
            ),
            (
                "lanes",
                "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
            ),
        ],
        forecast_metric: "efficiency",
        ..ex("divergence", "C4", "4", Panel::Divergence)
    },
    Example {
        params: &[("paths", "20,30,25,5"), ("lanes", "8,10,8,6")],
        forecast_metric: "efficiency",
        ..ex("divergence", "C5", "5", Panel::Divergence)
    },
    Example {
        params: &[(
            "counts",
            "20,3,3,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,9,9,9,9,10",
        )],
        forecast_metric: "loop-cycles",
        ..ex("divergence", "C6", "6", Panel::Divergence)
    },
    Example {
        params: &[("paths", "4,3"), ("lanes", "16,16"), ("overhead", "2")],
        follow_ups: &["panel=divergence&paths=100,3&lanes=0,32&overhead=2"],
        forecast_metric: "predication-wins",
        ..ex("divergence", "C7", "7", Panel::Divergence)
    },
    Example {
        params: &[("paths", "6,8,5,7")],
        forecast_metric: "paths-taken",
        ..ex("divergence", "C8", "8", Panel::Divergence)
    },
    Example {
        params: &[("paths", "12,40,60,4"), ("compare", "60")],
        forecast_metric: "compare-efficiency",
        ..ex("divergence", "C9", "9", Panel::Divergence)
    },
    Example {
        params: &[("cond", "idx % 2 == 0"), ("paths", "10,14"), ("warps", "4")],
        follow_ups: &["panel=divergence&cond=(idx/32)%252%3D%3D0&paths=10,14&warps=4"],
        forecast_metric: "efficiency",
        ..ex("divergence", "C10", "10", Panel::Divergence)
    },
    // Seed 004 — CUDA cores and execution model.
    Example {
        params: &[("block", "256"), ("n", "2048")],
        forecast_metric: "warps-launched",
        ..ex("execution-model", "A", "1", Panel::Warps)
    },
    Example {
        params: &[("block", "256"), ("n", "1000")],
        forecast_metric: "blocks",
        ..ex("execution-model", "B", "2", Panel::Warps)
    },
    Example {
        params: &[("block", "256"), ("n", "5")],
        follow_ups: &["panel=warps&block=256&n=0", "panel=warps&block=256&n=-3"],
        forecast_metric: "ragged-warp-active",
        ..ex("execution-model", "C", "3", Panel::Warps)
    },
    Example {
        params: &[("elem", "4"), ("stride", "1")],
        forecast_metric: "transactions",
        then_metric: "efficiency",
        ..ex("execution-model", "D", "4", Panel::Coalescing)
    },
    Example {
        params: &[("elem", "4"), ("stride", "32")],
        follow_ups: &[
            "panel=coalescing&stride=32&line=32",
            "panel=coalescing&stride=1",
        ],
        forecast_metric: "efficiency",
        ..ex("execution-model", "E", "4", Panel::Coalescing)
    },
    Example {
        params: &[("paths", "20,8"), ("lanes", "16,16")],
        follow_ups: &["panel=divergence&cond=threadIdx.x%252%3D%3D0&paths=20,8&warps=1"],
        forecast_metric: "diverged-cycles",
        ..ex("execution-model", "F", "5", Panel::Divergence)
    },
    Example {
        params: &[("S", "4"), ("L", "200"), ("W", "20")],
        follow_ups: &["panel=latency&S=4&L=200&W=10"],
        forecast_metric: "latency-hidden",
        ..ex("execution-model", "G", "6", Panel::Latency)
    },
    Example {
        params: &[("S", "4"), ("L", "200"), ("W", "10")],
        forecast_metric: "latency-hidden",
        then_metric: "warps-needed",
        ..ex("execution-model", "H", "6", Panel::Latency)
    },
    Example {
        params: &[("block", "16,16"), ("image", "1920x1080")],
        forecast_metric: "extra-rows",
        ..ex("execution-model", "I", "7", Panel::Warps)
    },
    Example {
        params: &[
            ("S", "4"),
            ("L", "200"),
            ("W", "20"),
            ("regs", "40"),
            ("cores", "128"),
        ],
        follow_ups: &["panel=latency&S=4&L=200&W=20&regs=40&mode=hardware&cc=8.0"],
        forecast_metric: "reg-ceiling",
        ..ex("execution-model", "J", "8", Panel::Latency)
    },
    // Shared-memory bank conflicts: the classics every course teaches (no seed; the numbers
    // each must show are worked by hand in `banks/evaluate_tests.rs`).
    Example {
        params: &[("elem", "4"), ("stride", "1")],
        forecast_metric: "wavefronts",
        ..ex("banks", "stride-1", "", Panel::Banks)
    },
    Example {
        params: &[("elem", "4"), ("stride", "2")],
        forecast_metric: "conflict-ways",
        ..ex("banks", "stride-2", "", Panel::Banks)
    },
    Example {
        params: &[("elem", "4"), ("stride", "32")],
        forecast_metric: "wavefronts",
        ..ex("banks", "stride-32", "", Panel::Banks)
    },
    Example {
        params: &[("elem", "4"), ("stride", "0")],
        forecast_metric: "bank-conflicts",
        ..ex("banks", "broadcast", "", Panel::Banks)
    },
    Example {
        params: &[("elem", "4"), ("tile", "32"), ("walk", "column")],
        follow_ups: &["panel=banks&tile=32&pad=1"],
        forecast_metric: "conflict-ways",
        ..ex("banks", "transpose-naive", "", Panel::Banks)
    },
    Example {
        params: &[
            ("elem", "4"),
            ("tile", "32"),
            ("walk", "column"),
            ("pad", "1"),
        ],
        forecast_metric: "conflict-ways",
        ..ex("banks", "transpose-padded", "", Panel::Banks)
    },
    Example {
        params: &[
            ("elem", "4"),
            ("tile", "32"),
            ("walk", "column"),
            ("swizzle", "xor"),
        ],
        forecast_metric: "conflict-ways",
        ..ex("banks", "transpose-xor", "", Panel::Banks)
    },
    Example {
        params: &[("elem", "8"), ("stride", "1")],
        forecast_metric: "wavefronts",
        ..ex("banks", "doubles", "", Panel::Banks)
    },
    // Tensor cores: the fragment question every course asks, then ldmatrix's three tiles (the
    // numbers worked by hand in `mma/tests.rs`).
    Example {
        params: &[("operand", "c"), ("row", "9"), ("col", "3")],
        forecast_metric: "owner-lane",
        ..ex("tensor-cores", "who-holds", "", Panel::Mma)
    },
    Example {
        params: &[
            ("shape", "m16n8k8"),
            ("type", "tf32"),
            ("operand", "a"),
            ("row", "3"),
            ("col", "6"),
        ],
        forecast_metric: "owner-lane",
        ..ex("tensor-cores", "tf32-a", "", Panel::Mma)
    },
    Example {
        params: &[("mode", "ldmatrix"), ("pitch", "64")],
        follow_ups: &["panel=banks&elem=16&tile=8"],
        forecast_metric: "conflict-ways",
        ..ex("tensor-cores", "ldmatrix-128b", "", Panel::Mma)
    },
    Example {
        params: &[("mode", "ldmatrix"), ("pitch", "72")],
        forecast_metric: "wavefronts",
        ..ex("tensor-cores", "ldmatrix-padded", "", Panel::Mma)
    },
    Example {
        params: &[("mode", "ldmatrix"), ("pitch", "64"), ("swizzle", "xor")],
        forecast_metric: "wavefronts",
        ..ex("tensor-cores", "ldmatrix-xor", "", Panel::Mma)
    },
    // Issue 68's two lessons: where a load's bytes come from, and the roofline.
    Example {
        params: &[("warps", "8"), ("reuse", "same")],
        follow_ups: &["panel=memory&warps=8&reuse=same&cache=cg"],
        forecast_metric: "l1-hit-rate",
        ..ex("memory", "reuse", "", Panel::Memory)
    },
    Example {
        params: &[("view", "roofline"), ("flops", "8192"), ("bytes", "49152")],
        follow_ups: &["panel=memory&view=roofline&flops=64&bytes=1"],
        forecast_metric: "bound",
        ..ex("memory", "saxpy", "", Panel::Memory)
    },
];

/// Each preset's title alone, in [`ALL`]'s order: what the home page's list and an assignment's
/// step names read, without every preset's question, Forecast and follow-ups coming with them
/// (issue 68, as [`MESSAGES`] for the pages that only find a preset).
static TITLES: [Msg; TABLE.len()] = {
    let mut out = [MESSAGES[0].title; TABLE.len()];
    let mut i = 1;
    while i < TABLE.len() {
        out[i] = MESSAGES[i].title;
        i += 1;
    }
    out
};

/// Whether two names are the same, at compile time.
const fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The place in [`Panel::ALL`] of the panel named `name` (`usize::MAX`: none).
const fn panel_at(name: &str) -> usize {
    let mut i = 0;
    while i < Panel::NAMES.len() {
        if same_name(Panel::NAMES[i], name) {
            return i;
        }
        i += 1;
    }
    usize::MAX
}

/// How many presets the panel at place `at` has.
const fn count_at(at: usize) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < TABLE.len() {
        if TABLE[i].panel as usize == at {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The messages of the presets of the panel at place `at`, in [`ALL`]'s order.
const fn messages_at<const N: usize>(at: usize) -> [ExampleMessages; N] {
    let mut out = [MESSAGES[0]; N];
    let (mut i, mut n) = (0, 0);
    while i < TABLE.len() {
        if TABLE[i].panel as usize == at {
            out[n] = MESSAGES[i];
            n += 1;
        }
        i += 1;
    }
    out
}

/// Each panel's presets' messages, a table each (issue 68: the two presets of the memory panel
/// cost every panel page 1.2 kB gzip while each page linked every preset's words; a page links
/// only its own panel's table now, [`Example::text_in`]).
macro_rules! per_panel {
    ($($at:literal => $name:ident,)*) => {
        $(static $name: [ExampleMessages; count_at($at)] = messages_at::<{ count_at($at) }>($at);)*
        /// The table of the panel at place `at`.
        #[inline(always)]
        fn table_at(at: usize) -> &'static [ExampleMessages] {
            match at {
                $($at => &$name,)*
                _ => &[],
            }
        }
        // A panel added to the registry needs a table here.
        const _: () = assert!(Panel::ALL.len() == [$($at),*].len());
    };
}
per_panel! {
    0 => AT_0,
    1 => AT_1,
    2 => AT_2,
    3 => AT_3,
    4 => AT_4,
    5 => AT_5,
    6 => AT_6,
    7 => AT_7,
    8 => AT_8,
    9 => AT_9,
}

/// A panel model's place in [`Panel::ALL`], as a constant of its type.
struct PlaceOf<P>(std::marker::PhantomData<P>);

impl<P: crate::panel::PanelModel> PlaceOf<P> {
    const AT: usize = panel_at(P::NAME);
}

/// A preset's words in the current language, as its panel's page shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PresetText {
    /// [`Example::title`].
    pub title: &'static str,
    /// [`Example::question`].
    pub question: &'static str,
    /// [`Example::forecast`].
    pub forecast: &'static str,
    /// [`Example::then`].
    pub then: Option<(&'static str, &'static str)>,
    /// [`Example::note`].
    pub note: Option<&'static str>,
    /// The follow-ups' labels, in [`Example::follow_ups`]' order.
    pub follow: [&'static str; FOLLOW_UPS],
}

impl Example {
    /// Its words, read from the table of panel `P` only (a constant for each page's bundle, so
    /// that the page links no other panel's presets' words; [`Example::title`] and the others
    /// read every preset's, for the home page, which lists them all). `None` for a preset of
    /// another panel than `P`.
    #[must_use]
    pub fn text_in<P: crate::panel::PanelModel>(&self) -> Option<PresetText> {
        let at = ALL
            .iter()
            .filter(|e| e.panel == self.panel)
            .position(|e| e.topic == self.topic && e.cell == self.cell)?;
        (self.panel as usize == PlaceOf::<P>::AT)
            .then(|| table_at(PlaceOf::<P>::AT).get(at).copied())
            .flatten()
            .map(|m| self.text(m))
    }

    /// Its words from its messages `m`.
    fn text(&self, m: ExampleMessages) -> PresetText {
        PresetText {
            title: m.title.text(),
            question: m.question.text(),
            forecast: m.forecast.text(),
            then: match m.then {
                Some(t) if !self.then_metric.is_empty() => Some((t.text(), self.then_metric)),
                _ => None,
            },
            note: m
                .note
                .filter(|n| i18n::lookup(i18n::lang(), *n).is_some())
                .map(Msg::text),
            follow: m.follow.map(|f| f.map_or("", Msg::text)),
        }
    }
}

impl Example {
    /// `topic/cell`, the value of `example=`.
    #[must_use]
    pub fn key(&self) -> String {
        format!("{}/{}", self.topic, self.cell)
    }

    /// `figures` with the figure its Forecast asks about as the key one (drawn largest, asked
    /// for by "Forecast first"); unchanged when that figure is not among them (inputs changed
    /// to another view).
    pub fn mark_key(&self, figures: &mut [crate::figure::Figure]) {
        if self.forecast_metric.is_empty()
            || !figures.iter().any(|f| f.metric == self.forecast_metric)
        {
            return;
        }
        for f in figures {
            f.key = f.metric == self.forecast_metric;
        }
    }

    /// Whether the preset carries the seed's inputs (every cell does since all panels landed).
    #[must_use]
    pub fn ready(&self) -> bool {
        !self.params.is_empty()
    }

    /// The catalogue key of one of its messages: `examples.<topic>.<cell>.<what>`.
    #[cfg(test)]
    fn message_key(&self, what: &str) -> String {
        format!(
            "examples.{}.{}.{what}",
            self.topic,
            self.cell.to_ascii_lowercase()
        )
    }

    /// Its messages ([`MESSAGES`]: the entry at its place in [`ALL`], found by its topic and
    /// cell, which are unique).
    fn messages(&self) -> ExampleMessages {
        MESSAGES[self.place()]
    }

    /// Its place in [`ALL`] (found by its topic and cell, which are unique).
    fn place(&self) -> usize {
        ALL.iter()
            .position(|e| e.topic == self.topic && e.cell == self.cell)
            .unwrap_or(0)
    }

    /// The cell's case class, as the matrix names it ("Clean 1D block, multiple of 32").
    #[must_use]
    pub fn title(&self) -> &'static str {
        TITLES[self.place()].text()
    }

    /// The seed's question.
    #[must_use]
    pub fn question(&self) -> &'static str {
        self.messages().question.text()
    }

    /// The seed's Forecast line (without the "Forecast:" label).
    #[must_use]
    pub fn forecast(&self) -> &'static str {
        self.messages().forecast.text()
    }

    /// The follow-up question asked after the reveal, with the figure that answers it.
    #[must_use]
    pub fn then(&self) -> Option<(&'static str, &'static str)> {
        match self.messages().then {
            Some(m) if !self.then_metric.is_empty() => Some((m.text(), self.then_metric)),
            _ => None,
        }
    }

    /// What the preset adds to the seed's numbers, where it had to (shown with the preset).
    #[must_use]
    pub fn note(&self) -> Option<&'static str> {
        self.messages()
            .note
            .filter(|m| i18n::lookup(i18n::lang(), *m).is_some())
            .map(Msg::text)
    }

    /// The seed file and example it reproduces ("seed 000, Ex 3b"), or, for a topic no seed
    /// covers, where it comes from (a classic of shared memory, the PTX ISA's tables).
    #[must_use]
    pub fn source(&self) -> String {
        let seed = TOPICS
            .iter()
            .find(|t| t.0 == self.topic)
            .and_then(|t| t.1.get(..3))
            .unwrap_or("");
        if seed.is_empty() {
            return match self.topic {
                "tensor-cores" => crate::t!("examples.source.isa"),
                "memory" => crate::t!("examples.source.profiler"),
                _ => crate::t!("examples.source.classic"),
            }
            .to_string();
        }
        crate::tr!("examples.source", seed, n = self.ex_no)
    }

    /// For a preset written here, the line that says so ("(the seed page lost …)").
    #[must_use]
    pub fn written_here_note(&self) -> Option<&'static str> {
        self.written_here
            .then(|| crate::t!("examples.written-here"))
    }

    /// The follow-up views: (label in the current language, query string without `?`).
    pub fn follow_up_links(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        let follow = self.messages().follow;
        self.follow_ups
            .iter()
            .zip(follow)
            .map(|(q, label)| (label.map_or("", Msg::text), *q))
    }

    /// Every catalogue key the preset reads (for the tests).
    #[cfg(test)]
    fn message_keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = ["title", "question", "forecast"]
            .iter()
            .map(|w| self.message_key(w))
            .collect();
        keys.extend(
            self.messages()
                .follow
                .iter()
                .take(self.follow_ups.len())
                .map(|m| m.map_or_else(String::new, |m| m.key().to_string())),
        );
        if !self.then_metric.is_empty() {
            keys.push(self.message_key("then"));
        }
        keys
    }
}

/// The one way an example is named in a report and a step (`divergence/C4`, [`Example::key`]),
/// whatever the case its link wrote the cell in; `None` for a name that is no example.
#[must_use]
pub fn example_key(name: &str) -> Option<String> {
    find(name.trim()).ok().map(Example::key)
}

/// The example named `topic/cell` (cell letters in any case).
///
/// # Errors
/// Names `example`, listing the topics or that topic's cells.
pub fn find(key: &str) -> Result<&'static Example, ParamError> {
    let topics: Vec<&str> = TOPICS.iter().map(|t| t.0).collect();
    let Some((topic, cell)) = key.split_once('/') else {
        return Err(ParamError::new(
            "example",
            crate::tr!(
                "examples.error.format",
                value = quote(key),
                topics = topics.join(", ")
            ),
        ));
    };
    if !topics.contains(&topic) {
        return Err(ParamError::new(
            "example",
            crate::tr!(
                "examples.error.topic",
                value = quote(topic),
                allowed = topics.join(", ")
            ),
        ));
    }
    ALL.iter()
        .find(|e| e.topic == topic && e.cell.eq_ignore_ascii_case(cell))
        .ok_or_else(|| {
            let cells: Vec<&str> = ALL
                .iter()
                .filter(|e| e.topic == topic)
                .map(|e| e.cell)
                .collect();
            ParamError::new(
                "example",
                crate::tr!(
                    "examples.error.cell",
                    topic,
                    value = quote(cell),
                    allowed = cells.join(", ")
                ),
            )
        })
}

#[cfg(test)]
mod tests;
