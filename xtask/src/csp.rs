//! The page's Content-Security-Policy: `cargo xtask dist` fills index.html's meta with the
//! hashes of its inline scripts (the loader), so that no other inline script can run.

use base64::Engine;
use sha2::{Digest, Sha256};

/// The policy, with `{hashes}` for the inline scripts' hashes.
const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {hashes}; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'";

/// The marker in index.html that the hook replaces.
pub const MARKER: &str = "__WARP_LAB_CSP__";

/// The bodies of every `<script>` without a `src`.
fn inline_scripts(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find("<script") {
        let after = &rest[open..];
        let Some(tag_end) = after.find('>') else {
            break;
        };
        let tag = &after[..tag_end];
        let body_start = open + tag_end + 1;
        let Some(close) = rest[body_start..].find("</script>") else {
            break;
        };
        if !tag.contains(" src=") {
            out.push(&rest[body_start..body_start + close]);
        }
        rest = &rest[body_start + close + "</script>".len()..];
    }
    out
}

/// A script's source as the policy allows it: `'sha256-…'`.
fn hash(script: &str) -> String {
    let digest = Sha256::digest(script.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The policy for `html`.
#[must_use]
pub fn policy_for(html: &str) -> String {
    let hashes: Vec<String> = inline_scripts(html).into_iter().map(hash).collect();
    POLICY.replace("{hashes}", &hashes.join(" "))
}

/// `html`, whose policy is filled, with one more inline script allowed: a page's own (a first
/// frame's glue, issue 63), which the template every page shares could not name.
#[must_use]
pub fn allow_script(html: &str, script: &str) -> String {
    html.replacen(
        "'wasm-unsafe-eval' ",
        &format!("'wasm-unsafe-eval' {} ", hash(script)),
        1,
    )
}

/// Fills the marker in `html` with the policy.
///
/// # Errors
/// When the marker is missing (index.html lost its CSP meta).
pub fn fill(html: &str) -> Result<String, String> {
    if !html.contains(MARKER) {
        return Err(format!(
            "index.html has no CSP meta with content=\"{MARKER}\""
        ));
    }
    Ok(html.replace(MARKER, &policy_for(html)))
}

#[cfg(test)]
mod tests;
