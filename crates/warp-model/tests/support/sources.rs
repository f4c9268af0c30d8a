//! The integration tests that read the workspace's sources share this walk (`#[path]`-included:
//! a file under `tests/support/` is no test crate of its own).

use std::path::{Path, PathBuf};

/// Every Rust file under `dir`, skipping build and install folders.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            if !["target", "node_modules"].contains(&name.as_str()) {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
