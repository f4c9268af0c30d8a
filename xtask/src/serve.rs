//! `cargo xtask serve`: builds the site (one bundle of every view, a debug build: quick to
//! rebuild), serves `dist/` on <http://127.0.0.1:8080>, and rebuilds when a source file changes
//! (reload the page to see it).
//!
//! A static file server in a few lines of std: the site is a folder of files, and a dependency
//! for this would cost more build time on a fresh machine than it saves. Loopback only.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::dist::{self, Profile};
use crate::root;

const ADDRESS: &str = "127.0.0.1:8080";

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript",
        "wasm" => "application/wasm",
        "css" => "text/css",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Answers one request from `dist/`: GET only, paths inside the folder only.
fn answer(mut stream: TcpStream, dist: &Path) {
    let mut line = String::new();
    if BufReader::new(&stream).read_line(&mut line).is_err() {
        return;
    }
    let mut parts = line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let path = target.split('?').next().unwrap_or("/");
    let rel = path.trim_start_matches('/');
    let rel = if rel.is_empty() { "index.html" } else { rel };
    let file = dist.join(rel);
    let inside = !rel.split('/').any(|c| c == "..");
    let (status, kind, body) = match (method, inside, std::fs::read(&file)) {
        ("GET", true, Ok(body)) => ("200 OK", content_type(&file), body),
        ("GET", _, _) => ("404 Not Found", "text/plain", b"not found".to_vec()),
        _ => ("405 Method Not Allowed", "text/plain", b"GET only".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
}

/// The newest modification time under the folders the site is built from.
fn newest(paths: &[PathBuf]) -> Option<SystemTime> {
    fn walk(p: &Path, best: &mut Option<SystemTime>) {
        if let Ok(meta) = std::fs::metadata(p) {
            if meta.is_dir() {
                for e in std::fs::read_dir(p).into_iter().flatten().flatten() {
                    walk(&e.path(), best);
                }
            } else if let Ok(t) = meta.modified() {
                *best = Some(best.map_or(t, |b| b.max(t)));
            }
        }
    }
    let mut best = None;
    for p in paths {
        walk(p, &mut best);
    }
    best
}

/// Builds, serves and rebuilds on change, until interrupted.
///
/// # Errors
/// The first build failed, or the address is taken.
pub fn serve() -> Result<(), String> {
    dist::build(Profile::Dev)?;
    let listener = TcpListener::bind(ADDRESS).map_err(|e| format!("{ADDRESS}: {e}"))?;
    println!("xtask: serving dist/ on http://{ADDRESS}/ (rebuilds on change; reload the page; Ctrl-C stops)");
    let dist = root().join("dist");
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dist = dist.clone();
            std::thread::spawn(move || answer(stream, &dist));
        }
    });
    let watched: Vec<PathBuf> = [
        "src",
        "crates/warp-model/src",
        "crates/warp-model/locales",
        "style",
        "assets",
        "index.html",
    ]
    .iter()
    .map(|p| root().join(p))
    .collect();
    let mut last = newest(&watched);
    loop {
        std::thread::sleep(Duration::from_secs(1));
        let now = newest(&watched);
        if now != last {
            last = now;
            println!("xtask: a source changed; rebuilding…");
            match dist::build(Profile::Dev) {
                Ok(()) => println!("xtask: rebuilt; reload the page"),
                Err(e) => eprintln!("xtask: the rebuild failed: {e}"),
            }
        }
    }
}
