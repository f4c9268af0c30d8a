//! An assignment inside an LMS (`assignment=1&…&lms=scorm`): one SCORM session for the whole
//! assignment, on the same API search and calls as the quiz's (`crate::lms`). What to write is
//! the model's (`warp_model::assignment::scorm`): after every answer, that answer's interaction
//! (the next after those the LMS holds, never one written before: issue 64), then the score,
//! status, exit and the suspend data, then a commit. The
//! LMS is the only memory of the attempt: a new attempt starts blank, a resumed one from the
//! LMS's suspend data; nothing is read from or written to this browser (the steps' frames run
//! with `graded=lms`, which keeps nothing either).

use std::cell::RefCell;

use warp_model::assignment::record::{Record, RecordProblem};
use warp_model::assignment::{scorm, Assignment};
use warp_model::lms::{Notice, PassScore, Version};

use crate::lms::{discover, new_token, Api};

struct Session {
    api: Api,
    assignment: Assignment,
    pass: PassScore,
    started: f64,
    done: bool,
}

thread_local! {
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
}

impl Session {
    /// Writes the attempt's state (and first, when the change is an answer to step `at`, that
    /// answer's interaction) and commits; the first refusal, if any.
    fn write(&self, record: &Record, answered: Option<usize>) -> Option<Notice> {
        let version = self.api.version;
        let mut pairs = Vec::new();
        if let Some(at) = answered {
            pairs = scorm::answer(version, &self.assignment, record, at, self.interactions());
        }
        pairs.extend(scorm::state_pairs(version, record, self.pass));
        self.api.write(&pairs)
    }

    /// How many interactions the LMS holds (`cmi.interactions._count`, readable in both data
    /// models): the next answer's number, so that none is written twice, across launches too.
    fn interactions(&self) -> u32 {
        self.api
            .get("cmi.interactions._count")
            .trim()
            .parse()
            .unwrap_or(0)
    }
}

/// What starting under an LMS found.
pub struct Started {
    /// The record to start from (blank without an LMS).
    pub record: Record,
    /// What to tell the learner.
    pub notices: Vec<Notice>,
    /// The LMS's state could not be used, and why.
    pub problem: Option<RecordProblem>,
}

/// Starts the assignment `a` under an LMS: finds the API, initializes, reads the entry and the
/// suspend data, starts where the LMS says and writes the state back. Without an API, or when
/// the LMS refuses to start, the assignment runs without one (in memory) and the notice says
/// so. `pass` is the package's own passing score, used when the LMS hands none.
pub fn start(a: &Assignment, pass: PassScore) -> Started {
    let blank = || Record::new(a, 0);
    let Some((version, obj)) = discover() else {
        return Started {
            record: blank(),
            notices: vec![Notice::NoLms],
            problem: None,
        };
    };
    let api = Api { obj, version };
    let c = version.calls();
    if !api.ok(c.initialize, &[""]) {
        let (code, detail) = api.last_error();
        return Started {
            record: blank(),
            notices: vec![Notice::InitializeFailed { code, detail }],
            problem: None,
        };
    }
    let (entry, threshold) = match version {
        Version::Scorm12 => (
            api.get("cmi.core.entry"),
            api.get("cmi.student_data.mastery_score"),
        ),
        Version::Scorm2004 => (api.get("cmi.entry"), api.get("cmi.scaled_passing_score")),
    };
    let suspend = api.get("cmi.suspend_data");
    let pass = PassScore::from_lms(version, &threshold).unwrap_or(pass);
    let (record, problem) = scorm::resume(a, &entry, &suspend, new_token());
    let session = Session {
        api,
        assignment: a.clone(),
        pass,
        started: js_sys::Date::now(),
        done: false,
    };
    let mut notices = vec![Notice::Recording(version)];
    notices.extend(session.write(&record, None));
    SESSION.with(|s| *s.borrow_mut() = Some(session));
    on_page_hide();
    Started {
        record,
        notices,
        problem,
    }
}

/// Writes `record`, changed by an answer to step `at`, to the LMS, if a session is running:
/// that answer's interaction and the attempt's state; the LMS's first refusal.
pub fn answered(record: &Record, at: usize) -> Option<Notice> {
    SESSION.with(|s| {
        let s = s.borrow();
        let s = s.as_ref().filter(|s| !s.done)?;
        s.write(record, Some(at))
    })
}

/// Ends the session when the page goes away: session time, commit, terminate (once).
fn on_page_hide() {
    crate::lms::when_page_hides(|| {
        SESSION.with(|s| {
            if let Some(s) = s.borrow_mut().as_mut().filter(|s| !s.done) {
                s.done = true;
                s.api.finish(s.started);
            }
        });
    });
}
