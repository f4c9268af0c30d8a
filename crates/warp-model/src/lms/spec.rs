//! What a package is: the SCORM version, the API's names for it, the passing score, and the
//! quiz a package holds.

use crate::i18n::Lang;
use crate::params::{parse_in_range, quote, ParamError};
use crate::quiz::{self, Draw, Question, QuizParams, Topic};

/// The page the SCO launches.
pub const LAUNCH_FILE: &str = "index.html";

/// The site's file a package's [`LAUNCH_FILE`] is copied from: the site's shell, the page of a
/// state without a prerendered page of its own (the site's own `index.html` is the home view
/// prerendered, and its links lead to pages a package does not hold), marked as a package's
/// page by the build (`package::packaged_launch_page`).
pub const SHELL_FILE: &str = "shell.html";

/// A SCORM version the package can speak.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Version {
    /// SCORM 1.2 (2001): what every LMS imports.
    #[default]
    Scorm12,
    /// SCORM 2004 4th edition (2009).
    Scorm2004,
}

/// The names of a version's API object and of its eight functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Calls {
    /// The object an LMS puts on one of the SCO's ancestor windows: `API` or `API_1484_11`.
    pub object: &'static str,
    /// Starts the session: `LMSInitialize("")` / `Initialize("")`.
    pub initialize: &'static str,
    /// Ends the session: `LMSFinish("")` / `Terminate("")`.
    pub terminate: &'static str,
    /// Reads an element: `LMSGetValue` / `GetValue`.
    pub get_value: &'static str,
    /// Writes an element: `LMSSetValue` / `SetValue`.
    pub set_value: &'static str,
    /// Asks the LMS to persist what was written: `LMSCommit("")` / `Commit("")`.
    pub commit: &'static str,
    /// The last call's error code, as a string (`"0"`: none).
    pub get_last_error: &'static str,
    /// The LMS's short text for an error code.
    pub get_error_string: &'static str,
    /// The LMS's own detail for an error code.
    pub get_diagnostic: &'static str,
}

impl Version {
    /// Both versions, in the order the select lists them.
    pub const ALL: [Version; 2] = [Version::Scorm12, Version::Scorm2004];

    /// The value of `select[name=scorm-version]`: `1.2` or `2004`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Version::Scorm12 => "1.2",
            Version::Scorm2004 => "2004",
        }
    }

    /// The most characters its `cmi.suspend_data` holds: 1.2's `CMIString4096`, 2004's SPM of
    /// 64,000 (the longest `lms::cmi` reads: its `MAX_SUSPEND_CHARS`).
    #[must_use]
    pub const fn max_suspend(self) -> usize {
        match self {
            Version::Scorm12 => 4096,
            Version::Scorm2004 => 64_000,
        }
    }

    /// Its tag in a package's file name (`scorm12`, `scorm2004`).
    #[must_use]
    pub fn file_tag(self) -> &'static str {
        match self {
            Version::Scorm12 => "scorm12",
            Version::Scorm2004 => "scorm2004",
        }
    }

    /// Its name for people, in the current language.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Version::Scorm12 => crate::t!("lms.version.scorm12"),
            Version::Scorm2004 => crate::t!("lms.version.scorm2004"),
        }
    }

    /// Reads `scorm-version` (`1.2` or `2004`; `SCORM 1.2`, `2004 4th edition` and the like
    /// are read too).
    ///
    /// # Errors
    /// A [`ParamError`] for `scorm-version` naming both values.
    pub fn parse(raw: &str) -> Result<Version, ParamError> {
        let s = raw.trim().to_ascii_lowercase();
        let s = s.strip_prefix("scorm").unwrap_or(&s).trim_start();
        if s == "1.2" {
            Ok(Version::Scorm12)
        } else if s == "2004" || s.starts_with("2004 ") {
            Ok(Version::Scorm2004)
        } else {
            Err(ParamError::new(
                "scorm-version",
                crate::tr!("lms.version.invalid", value = quote(raw)),
            ))
        }
    }

    /// The API's names in this version.
    #[must_use]
    pub fn calls(self) -> Calls {
        match self {
            Version::Scorm12 => Calls {
                object: "API",
                initialize: "LMSInitialize",
                terminate: "LMSFinish",
                get_value: "LMSGetValue",
                set_value: "LMSSetValue",
                commit: "LMSCommit",
                get_last_error: "LMSGetLastError",
                get_error_string: "LMSGetErrorString",
                get_diagnostic: "LMSGetDiagnostic",
            },
            Version::Scorm2004 => Calls {
                object: "API_1484_11",
                initialize: "Initialize",
                terminate: "Terminate",
                get_value: "GetValue",
                set_value: "SetValue",
                commit: "Commit",
                get_last_error: "GetLastError",
                get_error_string: "GetErrorString",
                get_diagnostic: "GetDiagnostic",
            },
        }
    }

    /// How many `window.parent` steps the API search takes before it gives up on that chain
    /// (and tries `window.opener`'s): 7 in ADL's SCORM 1.2 `APIWrapper.js`, 500 in ADL's
    /// SCORM 2004 `SCORM_API_wrapper` and the 2004 RTE book's example (section 3.3.6.1).
    #[must_use]
    pub fn search_depth(self) -> u32 {
        match self {
            Version::Scorm12 => 7,
            Version::Scorm2004 => 500,
        }
    }

    /// The longest `cmi.suspend_data` the standard guarantees an LMS keeps: 4,096 characters
    /// in 1.2 (`CMIString4096`), 64,000 in 2004 4th edition (characterstring SPM 64000).
    #[must_use]
    pub fn suspend_data_limit(self) -> usize {
        match self {
            Version::Scorm12 => 4_096,
            Version::Scorm2004 => 64_000,
        }
    }
}

/// The passing score: a whole percentage of the questions, 0–100.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PassScore(u8);

impl Default for PassScore {
    fn default() -> Self {
        PassScore::DEFAULT
    }
}

impl PassScore {
    /// 80 %, the default of `input[name=pass-score]`.
    pub const DEFAULT: PassScore = PassScore(80);

    /// A passing score of `percent`, if it is 0–100.
    #[must_use]
    pub fn new(percent: u8) -> Option<PassScore> {
        (percent <= 100).then_some(PassScore(percent))
    }

    /// Reads `pass-score`: a whole number 0–100, a trailing `%` allowed.
    ///
    /// # Errors
    /// A [`ParamError`] for `pass-score`: empty, not a whole number, or outside 0–100.
    pub fn parse(raw: &str) -> Result<PassScore, ParamError> {
        let s = raw.trim();
        let s = s.strip_suffix('%').unwrap_or(s);
        let v = parse_in_range("pass-score", s, 0, 100, crate::t!("lms.pass-score.limit"))?;
        // parse_in_range kept v within 0..=100.
        Ok(PassScore(u8::try_from(v).unwrap_or(100)))
    }

    /// The percentage.
    #[must_use]
    pub fn percent(self) -> u8 {
        self.0
    }

    /// Whether `right` of `total` questions pass: `100 · right ≥ percent · total`, in whole
    /// numbers (no rounding at the boundary: 4 of 5 pass 80 %).
    #[must_use]
    pub fn passes(self, right: u64, total: u64) -> bool {
        u128::from(right) * 100 >= u128::from(self.0) * u128::from(total)
    }

    /// The fewest right answers that pass a quiz of `total` questions, `⌈percent · total /
    /// 100⌉`: SCORM 1.2's mastery score in raw units.
    #[must_use]
    pub fn min_right(self, total: u64) -> u64 {
        (u64::from(self.0) * total).div_ceil(100)
    }

    /// The passing score the LMS gives a launch, as a whole percentage: SCORM 1.2's
    /// `cmi.student_data.mastery_score` `m` (a percentage, from the manifest's
    /// `adlcp:masteryscore`, compared with the raw percentage) gives `⌈m⌉`; SCORM 2004's
    /// `cmi.scaled_passing_score` `s` gives `⌈100 s⌉`. `None` for an empty, unreadable or
    /// out-of-range value: the caller keeps the package's own passing score.
    #[must_use]
    pub fn from_lms(version: Version, value: &str) -> Option<PassScore> {
        let v = value.trim();
        let ok = !v.is_empty()
            && v.len() <= 24
            && v.bytes()
                .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-');
        let x: f64 = ok.then(|| crate::params::decimal(v)).flatten()?;
        if !x.is_finite() {
            return None;
        }
        // Both are bounded before the casts: x in [0, questions] or [0, 1].
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        match version {
            Version::Scorm12 => {
                if !(0.0..=100.0).contains(&x) {
                    return None;
                }
                Some(PassScore((x - 1e-9).ceil().clamp(0.0, 100.0) as u8))
            }
            Version::Scorm2004 => {
                if !(-1.0..=1.0).contains(&x) {
                    return None;
                }
                Some(PassScore((x * 100.0 - 1e-9).ceil().clamp(0.0, 100.0) as u8))
            }
        }
    }

    /// The threshold as a scaled score, `percent / 100` in decimal: `0.8`, `1`, `0`, `0.05`.
    /// SCORM 2004's `minNormalizedMeasure`.
    #[must_use]
    pub fn scaled(self) -> String {
        super::score::ratio(u64::from(self.0), 100)
    }
}

/// The quiz a package holds: what its launch URL asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuizSpec {
    /// The topic, or all topics.
    pub topic: Option<Topic>,
    /// The seed.
    pub seed: u64,
    /// Questions asked for (the quiz may hold fewer when a topic has not that many distinct
    /// questions; see [`QuizSpec::build`]).
    pub count: u64,
    /// The rules its questions are drawn under (`draw=`): the launched page must draw the
    /// same questions the instructor saw.
    pub draw: Draw,
}

impl QuizSpec {
    /// The quiz of `params` with `seed` (the panel's own seed when the URL had none). The
    /// count is kept within 1–[`quiz::MAX_COUNT`], as [`quiz::build`] keeps it.
    #[must_use]
    pub fn new(params: &QuizParams, seed: u64) -> QuizSpec {
        QuizSpec {
            topic: params.topic,
            seed,
            count: params.count.clamp(1, quiz::MAX_COUNT),
            draw: params.draw,
        }
    }

    /// The topic's id in URLs: `all` or the topic's name.
    #[must_use]
    pub fn topic_name(&self) -> &'static str {
        self.topic.map_or("all", Topic::name)
    }

    /// Its questions: the same ones the launched page builds.
    #[must_use]
    pub fn build(&self) -> Vec<Question> {
        quiz::build(self.topic, self.seed, self.count, self.draw)
    }

    /// The query (without `?`) of the SCO:
    /// `panel=quiz&topic=…&seed=…&count=…&lms=scorm&pass-score=p` (the package's passing
    /// score, which applies when the LMS hands none), and `&lang=hinglish` for a Hinglish
    /// package (English is the app's default).
    #[must_use]
    pub fn launch_query(&self, lang: Lang, pass: PassScore) -> String {
        // A link with a seed and no `draw` is drawn under the first rules, so `draw=` is written
        // only for the later ones.
        let draw = if self.draw == Draw::First {
            String::new()
        } else {
            format!("&draw={}", self.draw.number())
        };
        let mut q = format!(
            "panel=quiz&topic={}&seed={}&count={}{draw}&lms=scorm&pass-score={}",
            self.topic_name(),
            self.seed,
            self.count,
            pass.percent()
        );
        if lang != Lang::En {
            q.push_str("&lang=");
            q.push_str(lang.code());
        }
        q
    }

    /// The SCO's launch URL inside the package: `index.html?` and [`QuizSpec::launch_query`].
    #[must_use]
    pub fn launch_url(&self, lang: Lang, pass: PassScore) -> String {
        format!("{}?{}", LAUNCH_FILE, self.launch_query(lang, pass))
    }

    /// What the quiz covers, for the LMS's course page and gradebook column, in the current
    /// language: "Warp Lab quiz: divergence, 8 questions (seed 42)".
    #[must_use]
    pub fn title(&self, questions: usize) -> String {
        crate::tr!(
            "lms.title",
            topic = self
                .topic
                .map_or_else(|| crate::t!("quiz.topic.all"), Topic::label),
            count = questions,
            seed = self.seed
        )
    }

    /// An id for this quiz that is an XML name and a SCORM identifier in both versions:
    /// `warp-lab-quiz-divergence-42-8`.
    #[must_use]
    pub fn identifier(&self) -> String {
        let draw = if self.draw == Draw::First {
            String::new()
        } else {
            format!("-d{}", self.draw.number())
        };
        format!(
            "warp-lab-quiz-{}-{}-{}{draw}",
            self.topic_name(),
            self.seed,
            self.count
        )
    }

    /// The file name the browser saves the package under:
    /// `warp-lab-quiz-divergence-42-8-scorm12.zip` / `…-scorm2004.zip`.
    #[must_use]
    pub fn file_name(&self, version: Version) -> String {
        format!("{}-{}.zip", self.identifier(), version.file_tag())
    }
}
