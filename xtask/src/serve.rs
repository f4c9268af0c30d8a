//! `cargo xtask serve [--port N]`: builds the site (one bundle of every view, a debug build:
//! quick to rebuild), serves `dist/` on <http://127.0.0.1:8080> (or port N), and rebuilds when a
//! source file changes (reload the page to see it).
//!
//! The test layer "what `serve` serves" (`main.rs`) builds the same dev site into a folder of
//! its own and serves it with this file's [`listen`], so the server and the build it serves are
//! the ones a new user meets.
//!
//! A static file server in a few lines of std: the site is a folder of files, and a dependency
//! for this would cost more build time on a fresh machine than it saves. Loopback only.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::dist::{self, Profile};
use crate::root;

/// The port `serve` listens on unless `--port N` says otherwise.
pub const DEFAULT_PORT: u16 = 8080;

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
    // A folder's address is its index.html, as static hosts serve it; an address with no file
    // gets the site's 404.html with a 404, as they do (issue 65), else plain words.
    let file = if rel.ends_with('/') {
        file.join("index.html")
    } else {
        file
    };
    let (status, kind, body) = match (method, inside, std::fs::read(&file)) {
        ("GET", true, Ok(body)) => ("200 OK", content_type(&file), body),
        ("GET", _, _) => match std::fs::read(dist.join(crate::dist::NOT_FOUND_FILE)) {
            Ok(page) => ("404 Not Found", "text/html; charset=utf-8", page),
            Err(_) => ("404 Not Found", "text/plain", b"not found".to_vec()),
        },
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

/// `serve`'s arguments: `--port N` (1–65535; default 8080).
///
/// # Errors
/// An unknown argument, or a port that is missing or out of range, named with the allowed range.
pub fn port_from(args: &[String]) -> Result<u16, String> {
    let mut port = DEFAULT_PORT;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = match a.as_str() {
            "--port" => it.next().map(String::as_str),
            other => match other.strip_prefix("--port=") {
                Some(v) => Some(v),
                None => {
                    return Err(format!(
                        "serve: unknown argument {other:?} (serve takes --port N)"
                    ))
                }
            },
        };
        port = value
            .and_then(|v| v.trim().parse::<u16>().ok())
            .filter(|p| *p > 0)
            .ok_or_else(|| {
                format!(
                    "serve: --port takes a port number from 1 to 65535 (got {})",
                    value.map_or_else(|| "nothing".to_string(), |v| format!("{v:?}"))
                )
            })?;
    }
    Ok(port)
}

fn taken(port: u16) -> String {
    format!(
        "port {port} is taken (something else is listening on 127.0.0.1:{port}): stop it, or \
         pick another port with `cargo xtask serve --port N`"
    )
}

/// Serves `folder` on 127.0.0.1:`port` from a background thread, one thread per request.
///
/// # Errors
/// The port is taken (the message names it and says how to pick another), or cannot be bound.
pub fn listen(folder: PathBuf, port: u16) -> Result<(), String> {
    let address = format!("127.0.0.1:{port}");
    let listener = TcpListener::bind(&address).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AddrInUse {
            taken(port)
        } else {
            format!("could not listen on {address}: {e}")
        }
    })?;
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let folder = folder.clone();
            std::thread::spawn(move || answer(stream, &folder));
        }
    });
    Ok(())
}

/// Builds, serves and rebuilds on change, until interrupted.
///
/// # Errors
/// A bad argument, the first build failed, or the port is taken.
pub fn serve(args: &[String]) -> Result<(), String> {
    let port = port_from(args)?;
    // Taken ports are found before the build, which takes a while.
    std::net::TcpListener::bind(("127.0.0.1", port))
        .map(drop)
        .or_else(|e| {
            if e.kind() == std::io::ErrorKind::AddrInUse {
                Err(taken(port))
            } else {
                Ok(())
            }
        })?;
    dist::build(Profile::Dev)?;
    listen(root().join("dist"), port)?;
    println!("xtask: serving dist/ on http://127.0.0.1:{port}/ (rebuilds on change; reload the page; Ctrl-C stops)");
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

#[cfg(test)]
mod tests;
