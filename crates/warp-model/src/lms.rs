//! Into the gradebook: a quiz as a SCORM package that an LMS (Moodle, Canvas, Blackboard,
//! Brightspace, Open edX) imports and grades.
//!
//! - [`zip`]: a stored (uncompressed) zip writer and CRC-32, for the package the browser builds.

pub mod zip;
