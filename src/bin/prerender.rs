//! Renders every prerendered page natively (`cargo xtask dist`, with the `ssr` feature): one
//! JSON object a line on standard output, `{"path", "query", "lang", "title", "body"}`, in the
//! order `warp_model::site::pages` gives them. The build writes each page around its body.

fn main() {
    use std::io::Write as _;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for page in warp_model::site::pages() {
        let rendered = warp_lab::prerender::render(&page);
        let line = serde_json::json!({
            "path": page.path,
            "query": page.query,
            "lang": page.lang.code(),
            "title": rendered.title,
            "body": rendered.body,
        });
        if writeln!(out, "{line}").is_err() {
            std::process::exit(1);
        }
    }
    if out.flush().is_err() {
        std::process::exit(1);
    }
}
