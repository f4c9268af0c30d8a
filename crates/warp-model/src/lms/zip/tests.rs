//! CRC-32 against published vectors, the byte layout against APPNOTE, the archive against
//! independent readers (`unzip`, Python's `zipfile`) and against a reader written here.

use super::*;
use proptest::prelude::{prop, proptest};

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Reads an archive back through its end record and central directory, checking every local
/// header against its central entry: (name, contents) in order. Only for the tests; it knows
/// only what this writer writes.
pub(crate) fn read_back(zip: &[u8]) -> Vec<(String, Vec<u8>)> {
    let end = zip.len() - END_LEN;
    assert_eq!(u32_at(zip, end), END_SIG, "end record signature");
    let entries = usize::from(u16_at(zip, end + 10));
    assert_eq!(u16_at(zip, end + 8), u16_at(zip, end + 10));
    let central_len = u32_at(zip, end + 12) as usize;
    let mut at = u32_at(zip, end + 16) as usize;
    assert_eq!(
        at + central_len,
        end,
        "central directory ends at the end record"
    );
    let mut out = Vec::new();
    for _ in 0..entries {
        assert_eq!(u32_at(zip, at), CENTRAL_SIG);
        assert_eq!(u16_at(zip, at + 8), FLAG_UTF8);
        assert_eq!(u16_at(zip, at + 10), 0, "stored");
        let crc = u32_at(zip, at + 16);
        let size = u32_at(zip, at + 20) as usize;
        assert_eq!(u32_at(zip, at + 24) as usize, size);
        let name_len = usize::from(u16_at(zip, at + 28));
        let local = u32_at(zip, at + 42) as usize;
        let name = &zip[at + CENTRAL_LEN..at + CENTRAL_LEN + name_len];
        // The local header says the same.
        assert_eq!(u32_at(zip, local), LOCAL_SIG);
        assert_eq!(u32_at(zip, local + 14), crc);
        assert_eq!(u32_at(zip, local + 18) as usize, size);
        assert_eq!(usize::from(u16_at(zip, local + 26)), name_len);
        assert_eq!(&zip[local + LOCAL_LEN..local + LOCAL_LEN + name_len], name);
        let data_at = local + LOCAL_LEN + name_len + usize::from(u16_at(zip, local + 28));
        let data = zip[data_at..data_at + size].to_vec();
        assert_eq!(crc32(&data), crc);
        out.push((String::from_utf8(name.to_vec()).unwrap(), data));
        at += CENTRAL_LEN + name_len;
    }
    out
}

#[test]
fn crc32_matches_the_published_check_values() {
    // The "check" value of CRC-32/ISO-HDLC (the zip CRC) in the CRC catalogue is the CRC of
    // the nine ASCII digits; the CRC of nothing is 0 (all ones in, all ones xored out).
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
    assert_eq!(crc32(b"a"), 0xE8B7_BE43);
    assert_eq!(
        crc32(b"The quick brown fox jumps over the lazy dog"),
        0x414F_A339
    );
    // The table's well-known entries: 1 → 0x77073096, 128 → the polynomial, 255 → 0x2D02EF8D.
    assert_eq!(CRC32_TABLE[0], 0);
    assert_eq!(CRC32_TABLE[1], 0x7707_3096);
    assert_eq!(CRC32_TABLE[128], 0xEDB8_8320);
    assert_eq!(CRC32_TABLE[255], 0x2D02_EF8D);
    // Streaming equals one pass.
    assert_eq!(
        crc32_update(crc32_update(0, b"1234"), b"56789"),
        0xCBF4_3926
    );
}

#[test]
fn dos_times_pack_as_appnote_says() {
    // 1980-01-01 00:00:00: year 0, month 1 (<< 5 = 32), day 1 → 33.
    assert_eq!(DosDateTime::EPOCH.date, 0x0021);
    assert_eq!(DosDateTime::EPOCH.time, 0);
    assert_eq!(
        DosDateTime::new(1980, 1, 1, 0, 0, 0),
        Some(DosDateTime::EPOCH)
    );
    // 2024-02-29 13:45:31: date (44 << 9) + (2 << 5) + 29 = 22528 + 64 + 29 = 22621;
    // time (13 << 11) + (45 << 5) + 31 / 2 = 26624 + 1440 + 15 = 28079.
    assert_eq!(
        DosDateTime::new(2024, 2, 29, 13, 45, 31),
        Some(DosDateTime {
            date: 22_621,
            time: 28_079
        })
    );
    // 2107-12-31 23:59:58, the last DOS time: (127 << 9) + (12 << 5) + 31 = 65023 + ... :
    // 65024 + 384 + 31 = 65439; (23 << 11) + (59 << 5) + 29 = 47104 + 1888 + 29 = 49021.
    assert_eq!(
        DosDateTime::new(2107, 12, 31, 23, 59, 59),
        Some(DosDateTime {
            date: 65_439,
            time: 49_021
        })
    );
    for bad in [
        (1979, 12, 31, 0, 0, 0),
        (2108, 1, 1, 0, 0, 0),
        (2023, 2, 29, 0, 0, 0),
        (1900 + 200, 2, 29, 0, 0, 0), // 2100 is no leap year
        (2024, 13, 1, 0, 0, 0),
        (2024, 4, 31, 0, 0, 0),
        (2024, 1, 0, 0, 0, 0),
        (2024, 1, 1, 24, 0, 0),
        (2024, 1, 1, 0, 60, 0),
        (2024, 1, 1, 0, 0, 60),
    ] {
        assert_eq!(
            DosDateTime::new(bad.0, bad.1, bad.2, bad.3, bad.4, bad.5),
            None,
            "{bad:?}"
        );
    }
    assert!(DosDateTime::new(2000, 2, 29, 0, 0, 0).is_some());
}

#[test]
fn one_file_is_laid_out_byte_for_byte() {
    let zip = stored_zip(&[("a.txt", b"hi")], DosDateTime::EPOCH).unwrap();
    // Local header 30 + name 5 + data 2 = 37; central entry 46 + 5 = 51; end record 22.
    assert_eq!(zip.len(), 37 + 51 + 22);
    let crc = crc32(b"hi");
    #[rustfmt::skip]
    let local: Vec<u8> = [
        &[0x50, 0x4B, 0x03, 0x04][..], // signature
        &[10, 0],                      // version needed 1.0
        &[0x00, 0x08],                 // flags: bit 11, UTF-8
        &[0, 0],                       // stored
        &[0, 0], &[0x21, 0],           // time, date
        &crc.to_le_bytes(),
        &[2, 0, 0, 0], &[2, 0, 0, 0],  // sizes
        &[5, 0], &[0, 0],              // name length, extra length
        b"a.txt", b"hi",
    ]
    .concat();
    assert_eq!(&zip[..37], &local[..]);
    assert_eq!(&zip[37..41], &[0x50, 0x4B, 0x01, 0x02]);
    assert_eq!(u16_at(&zip, 37 + 4), 0x0314, "made by: Unix, 2.0");
    assert_eq!(u32_at(&zip, 37 + 38), 0o100_644 << 16, "mode rw-r--r--");
    assert_eq!(u32_at(&zip, 37 + 42), 0, "the entry starts the file");
    #[rustfmt::skip]
    let end: Vec<u8> = [
        &[0x50, 0x4B, 0x05, 0x06][..],
        &[0, 0], &[0, 0],              // disks
        &[1, 0], &[1, 0],              // entries
        &[51, 0, 0, 0],                // central directory size
        &[37, 0, 0, 0],                // and where it starts
        &[0, 0],                       // no comment
    ]
    .concat();
    assert_eq!(&zip[88..], &end[..]);
    assert_eq!(read_back(&zip), vec![("a.txt".to_string(), b"hi".to_vec())]);
}

#[test]
fn an_empty_archive_is_its_end_record() {
    let zip = ZipWriter::new(DosDateTime::EPOCH).finish();
    assert_eq!(zip.len(), 22);
    assert_eq!(&zip[..4], &[0x50, 0x4B, 0x05, 0x06]);
    assert!(zip[4..].iter().all(|b| *b == 0));
}

#[test]
fn bad_and_repeated_names_are_refused_and_leave_the_archive_unchanged() {
    let mut w = ZipWriter::new(DosDateTime::EPOCH);
    w.add("index.html", b"<!doctype html>").unwrap();
    let before = w.clone().finish();
    for bad in [
        "",
        "/etc/passwd",
        "a//b",
        "a/",
        "../up",
        "a/../b",
        "./a",
        "a\\b",
        "nul\0byte",
        "line\nbreak",
    ] {
        assert_eq!(w.add(bad, b"x"), Err(ZipError::BadName(bad.to_string())));
        assert!(!valid_name(bad), "{bad:?}");
    }
    let long = "a".repeat(65_536);
    assert!(matches!(w.add(&long, b""), Err(ZipError::BadName(_))));
    assert_eq!(
        w.add("index.html", b"again"),
        Err(ZipError::Duplicate("index.html".into()))
    );
    assert_eq!(w.names(), ["index.html".to_string()]);
    assert_eq!(w.finish(), before);
    for good in [
        "index.html",
        "pkg/warp_lab_bg.wasm",
        "ü/ß.txt",
        "a b.css",
        "..a",
        "a..",
    ] {
        assert!(valid_name(good), "{good}");
    }
}

#[test]
fn errors_are_named_in_both_languages() {
    use crate::i18n::{with_lang, Lang};
    let e = ZipError::Duplicate("index.html".into());
    assert!(e.message().contains("“index.html”") && e.message().contains("twice"));
    let hi = with_lang(Lang::Hinglish, || e.message());
    assert!(
        hi.contains("“index.html”") && hi.contains("do baar"),
        "{hi}"
    );
    let big = ZipError::FileTooLarge {
        name: "x.wasm".into(),
        bytes: 5_000_000_000,
    };
    assert!(big.message().contains("5000000000"), "{}", big.message());
    for e in [ZipError::BadName("../x".into()), ZipError::ArchiveTooLarge] {
        assert!(!e.message().is_empty());
        assert_ne!(e.message(), with_lang(Lang::Hinglish, || e.message()));
    }
}

/// A program on the PATH, if it runs.
fn have(cmd: &str, arg: &str) -> bool {
    std::process::Command::new(cmd)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Extracts the archive at `path` with Python's `zipfile` into `dir/out`, asserting it could.
fn python_extract(path: &std::path::Path, dir: &std::path::Path) -> std::path::PathBuf {
    let into = dir.join("out");
    let out = std::process::Command::new("python3")
        .args(["-m", "zipfile", "-e"])
        .arg(path)
        .arg(&into)
        .output()
        .unwrap();
    assert!(out.status.success(), "zipfile -e: {out:?}");
    into
}

#[test]
fn independent_readers_accept_the_archive() {
    let wasm: Vec<u8> = (0..=255u8).cycle().take(70_000).collect();
    let files: Vec<(&str, &[u8])> = vec![
        ("imsmanifest.xml", b"<?xml version=\"1.0\"?><manifest/>"),
        ("index.html", b"<!doctype html><title>Warp Lab</title>"),
        ("pkg/warp_lab_bg.wasm", &wasm),
        ("empty.txt", b""),
        ("ü/naam ß.txt", "Hinglish ✓".as_bytes()),
    ];
    let zip = stored_zip(&files, DosDateTime::new(2026, 5, 17, 9, 30, 0).unwrap()).unwrap();
    let back = read_back(&zip);
    assert_eq!(back.len(), files.len());
    for ((n, d), (bn, bd)) in files.iter().zip(&back) {
        assert_eq!((*n, *d), (bn.as_str(), bd.as_slice()));
    }

    let dir = std::env::temp_dir().join(format!("warp-lab-zip-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("package.zip");
    std::fs::write(&path, &zip).unwrap();
    let mut checked = 0;
    if have("unzip", "-v") {
        let out = std::process::Command::new("unzip")
            .arg("-t")
            .arg(&path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "unzip -t: {text}");
        assert!(text.contains("No errors detected"), "{text}");
        checked += 1;
    }
    if have("python3", "--version") {
        let out = std::process::Command::new("python3")
            .args(["-m", "zipfile", "-t"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "zipfile -t: {out:?}");
        // Extract with Python and compare every file, byte for byte.
        let into = python_extract(&path, &dir);
        for (name, data) in &files {
            assert_eq!(std::fs::read(into.join(name)).unwrap(), *data, "{name}");
        }
        checked += 1;
    }
    if checked == 0 {
        println!("note: neither unzip nor python3 is here; only the built-in reader checked");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

proptest! {
    #[test]
    fn any_files_read_back_as_written(
        files in prop::collection::vec(
            ("[a-zA-Z0-9_ü-]{1,12}(/[a-z.]{0,3}[a-z]{1,8}){0,2}", prop::collection::vec(prop::num::u8::ANY, 0..300)),
            0..8,
        ),
        day in 1u8..=28,
    ) {
        let mut w = ZipWriter::new(DosDateTime::new(2025, 3, day, 12, 0, 0).unwrap());
        let mut kept = Vec::new();
        for (name, data) in &files {
            match w.add(name, data) {
                Ok(()) => kept.push((name.clone(), data.clone())),
                Err(ZipError::Duplicate(n)) => assert!(kept.iter().any(|(k, _)| *k == n)),
                Err(e) => panic!("{e:?}"),
            }
        }
        assert_eq!(read_back(&w.finish()), kept);
    }
}

#[test]
fn a_deflated_entry_is_method_8_with_the_original_crc_and_sizes() {
    // "warp " 40 times (200 bytes), as a raw DEFLATE stream (Python's
    // zlib.compressobj(9, DEFLATED, -15), what the browser's CompressionStream('deflate-raw')
    // writes too: a fixed-Huffman block of one literal run and one long match): 10 bytes.
    let data = b"warp ".repeat(40);
    let deflated = [43u8, 79, 44, 42, 80, 40, 31, 250, 4, 0];
    let mut w = ZipWriter::new(DosDateTime::new(2026, 12, 3, 12, 0, 0).unwrap());
    w.add_deflated("a.txt", &data, &deflated).unwrap();
    // A "compressed" stream no smaller than the data is stored instead.
    w.add_deflated("b.txt", b"tiny", b"longer than tiny")
        .unwrap();
    let zip = w.finish();
    // The first entry: version 2.0, method 8, CRC of the 200 bytes, 10 packed, 200 unpacked.
    assert_eq!(u32_at(&zip, 0), LOCAL_SIG);
    assert_eq!(
        (u16_at(&zip, 4), u16_at(&zip, 8)),
        (VERSION_NEEDED_DEFLATE, METHOD_DEFLATE)
    );
    assert_eq!(u32_at(&zip, 14), crc32(&data));
    assert_eq!((u32_at(&zip, 18), u32_at(&zip, 22)), (10, 200));
    assert_eq!(&zip[LOCAL_LEN + 5..LOCAL_LEN + 15], &deflated);
    // The second is stored: method 0, 4 and 4.
    let second = LOCAL_LEN + 5 + 10;
    assert_eq!(
        (u16_at(&zip, second + 8), u32_at(&zip, second + 18)),
        (0, 4)
    );
    // Independent readers inflate it back to the 200 bytes.
    let dir = std::env::temp_dir().join(format!("warp-lab-deflate-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("p.zip");
    std::fs::write(&path, &zip).unwrap();
    if have("python3", "--version") {
        let into = python_extract(&path, &dir);
        assert_eq!(std::fs::read(into.join("a.txt")).unwrap(), data);
        assert_eq!(std::fs::read(into.join("b.txt")).unwrap(), b"tiny");
    }
    if have("unzip", "-v") {
        let out = std::process::Command::new("unzip")
            .arg("-t")
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "unzip -t: {out:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
