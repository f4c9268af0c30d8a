//! `imsmanifest.xml` for SCORM 1.2 and SCORM 2004 4th edition: one organization, one item,
//! one SCO launching the quiz (`index.html?panel=quiz&topic=…&seed=…&count=…&lms=scorm`), and
//! every file of the package listed under it.
//!
//! Where each version keeps what (SCORM 1.2 CAM section 2.3; SCORM 2004 4th edition CAM
//! sections 3.4 and 5):
//!
//! | | SCORM 1.2 | SCORM 2004 4th edition |
//! |---|---|---|
//! | content package namespace | `http://www.imsproject.org/xsd/imscp_rootv1p1p2` | `http://www.imsglobal.org/xsd/imscp_v1p1` |
//! | ADL namespace | `adlcp_rootv1p2` | `adlcp_v1p3` (plus `adlseq_v1p3`, `adlnav_v1p3`, `imsss`) |
//! | `<schemaversion>` | `1.2` | `2004 4th Edition` |
//! | SCO marker | `adlcp:scormtype="sco"` | `adlcp:scormType="sco"` |
//! | passing threshold | `<adlcp:masteryscore>` in the item: the passing percentage `p` (raw is a percentage) | `<imsss:minNormalizedMeasure>` of the primary objective, `satisfiedByMeasure="true"`: `p / 100` |
//!
//! Every text and attribute is XML-escaped; each file's `href` is also percent-encoded where
//! a URL needs it (a space, `#`, `?`, `%`, non-ASCII).

pub use super::spec::LAUNCH_FILE;
use super::spec::{PassScore, QuizSpec, Version};
use super::zip::valid_name;
use crate::params::quote;
use std::fmt::Write as _;

/// The manifest's own path, at the package's root.
pub const MANIFEST_FILE: &str = "imsmanifest.xml";

/// Why a manifest could not be written for a list of files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ManifestError {
    /// The list lacks [`LAUNCH_FILE`].
    NoLaunchFile,
    /// A path that cannot be in a package (see [`valid_name`]), or the manifest itself.
    BadFile(String),
    /// The same path twice.
    Duplicate(String),
}

impl ManifestError {
    /// A sentence for people, in the current language.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            ManifestError::NoLaunchFile => {
                crate::tr!("lms.manifest.no-launch-file", file = LAUNCH_FILE)
            }
            ManifestError::BadFile(name) => {
                crate::tr!("lms.manifest.bad-file", name = quote(name))
            }
            ManifestError::Duplicate(name) => {
                crate::tr!("lms.manifest.duplicate", name = quote(name))
            }
        }
    }
}

/// `s` with `&`, `<`, `>`, `"` and `'` as entities (the one escaper, [`crate::markup::escape`]).
pub use crate::markup::escape as xml_escape;

/// A package path as a relative URL: bytes outside RFC 3986's unreserved and sub-delimiter
/// characters, `:`, `@` and `/` become `%XX` (`a b#.txt` → `a%20b%23.txt`).
#[must_use]
pub fn href(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// Checks the package's file list: every path valid, none twice, not the manifest, the
/// launch page among them.
///
/// # Errors
/// The first problem, as a [`ManifestError`].
pub fn check_files(files: &[&str]) -> Result<(), ManifestError> {
    for (i, f) in files.iter().enumerate() {
        if !valid_name(f) || *f == MANIFEST_FILE {
            return Err(ManifestError::BadFile((*f).to_string()));
        }
        if files[..i].contains(f) {
            return Err(ManifestError::Duplicate((*f).to_string()));
        }
    }
    if files.contains(&LAUNCH_FILE) {
        Ok(())
    } else {
        Err(ManifestError::NoLaunchFile)
    }
}

/// The manifest of a package in `version` holding the quiz `spec` of `questions` questions
/// (what `spec.build()` gives), passed at `pass`, whose files are `files` (every file in the
/// package but the manifest, in the order listed). The title and the launch URL's `lang=` are
/// in the current language.
///
/// # Errors
/// As [`check_files`].
pub fn manifest(
    version: Version,
    spec: &QuizSpec,
    questions: usize,
    pass: PassScore,
    files: &[&str],
) -> Result<String, ManifestError> {
    let sco = Sco {
        identifier: spec.identifier(),
        title: spec.title(questions),
        launch: spec.launch_url(crate::i18n::lang(), pass),
    };
    manifest_of(version, &sco, pass, files)
}

/// The one SCO a package launches: a quiz, or an assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sco {
    /// The manifest's identifier (letters, digits, `-`: an XML ID).
    pub identifier: String,
    /// The title the LMS shows.
    pub title: String,
    /// The launch URL, relative to the package (`index.html?…&lms=scorm&pass-score=p`).
    pub launch: String,
}

/// The manifest of a package in `version` launching `sco`, passed at `pass`, whose files are
/// `files`.
///
/// # Errors
/// As [`check_files`].
pub fn manifest_of(
    version: Version,
    sco: &Sco,
    pass: PassScore,
    files: &[&str],
) -> Result<String, ManifestError> {
    check_files(files)?;
    let id = sco.identifier.as_str();
    let title = xml_escape(&sco.title);
    let launch = xml_escape(&sco.launch);
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let (item_extra, scorm_type) = match version {
        Version::Scorm12 => {
            let _ = write!(
            x,
                "<manifest identifier=\"{id}\" version=\"1\"\n\
                 \x20 xmlns=\"http://www.imsproject.org/xsd/imscp_rootv1p1p2\"\n\
                 \x20 xmlns:adlcp=\"http://www.adlnet.org/xsd/adlcp_rootv1p2\"\n\
                 \x20 xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n\
                 \x20 xsi:schemaLocation=\"http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd \
                 http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd \
                 http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd\">\n\
                 \x20 <metadata>\n\
                 \x20   <schema>ADL SCORM</schema>\n\
                 \x20   <schemaversion>1.2</schemaversion>\n\
                 \x20 </metadata>\n"
            );
            (
                format!(
                    "        <adlcp:masteryscore>{}</adlcp:masteryscore>\n",
                    pass.percent()
                ),
                "adlcp:scormtype",
            )
        }
        Version::Scorm2004 => {
            let _ = write!(
                x,
                "<manifest identifier=\"{id}\" version=\"1\"\n\
                 \x20 xmlns=\"http://www.imsglobal.org/xsd/imscp_v1p1\"\n\
                 \x20 xmlns:adlcp=\"http://www.adlnet.org/xsd/adlcp_v1p3\"\n\
                 \x20 xmlns:adlseq=\"http://www.adlnet.org/xsd/adlseq_v1p3\"\n\
                 \x20 xmlns:adlnav=\"http://www.adlnet.org/xsd/adlnav_v1p3\"\n\
                 \x20 xmlns:imsss=\"http://www.imsglobal.org/xsd/imsss\"\n\
                 \x20 xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n\
                 \x20 xsi:schemaLocation=\"http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd \
                 http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd \
                 http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd \
                 http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd \
                 http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd\">\n\
                 \x20 <metadata>\n\
                 \x20   <schema>ADL SCORM</schema>\n\
                 \x20   <schemaversion>2004 4th Edition</schemaversion>\n\
                 \x20 </metadata>\n"
            );
            (
                format!(
                    "        <imsss:sequencing>\n\
                     \x20         <imsss:objectives>\n\
                     \x20           <imsss:primaryObjective objectiveID=\"{id}-passed\" satisfiedByMeasure=\"true\">\n\
                     \x20             <imsss:minNormalizedMeasure>{}</imsss:minNormalizedMeasure>\n\
                     \x20           </imsss:primaryObjective>\n\
                     \x20         </imsss:objectives>\n\
                     \x20         <imsss:deliveryControls completionSetByContent=\"true\" objectiveSetByContent=\"true\"/>\n\
                     \x20       </imsss:sequencing>\n",
                    pass.scaled()
                ),
                "adlcp:scormType",
            )
        }
    };
    let _ = write!(
            x,
        "  <organizations default=\"{id}-org\">\n\
         \x20   <organization identifier=\"{id}-org\">\n\
         \x20     <title>{title}</title>\n\
         \x20     <item identifier=\"{id}-item\" identifierref=\"{id}-sco\" isvisible=\"true\">\n\
         \x20       <title>{title}</title>\n\
         {item_extra}\
         \x20     </item>\n\
         \x20   </organization>\n\
         \x20 </organizations>\n\
         \x20 <resources>\n\
         \x20   <resource identifier=\"{id}-sco\" type=\"webcontent\" {scorm_type}=\"sco\" href=\"{launch}\">\n"
    );
    for f in files {
        let _ = writeln!(x, "      <file href=\"{}\"/>", xml_escape(&href(f)));
    }
    x.push_str("    </resource>\n  </resources>\n</manifest>\n");
    Ok(x)
}

#[cfg(test)]
mod tests;
