//! A minimal zip writer: stored entries (method 0), or deflated ones (method 8) whose raw
//! DEFLATE stream the caller brings (the browser's own `CompressionStream('deflate-raw')`
//! writes it: no compressor in the wasm), UTF-8 names, one fixed DOS timestamp, no zip64.
//!
//! Why hand-written rather than a crate: measured on `wasm32-unknown-unknown` (rustc 1.95,
//! opt-level `"z"`, fat LTO, one codegen unit, no wasm-opt), a cdylib that builds a small
//! archive from runtime arguments, against the same cdylib that only sums the files' sizes
//! (17,801 bytes, 7,722 gzip -9):
//!
//! | writer                                                 | wasm added | gzip -9 added |
//! |--------------------------------------------------------|-----------:|--------------:|
//! | this module                                            |    5,761 B |       3,321 B |
//! | `rawzip` 0.5.2 (stored)                                |   41,528 B |      26,645 B |
//! | `zip` 2.6.1, `default-features = false` (stored)       |   80,322 B |      43,024 B |
//! | `zip` 2.6.1, `deflate` (flate2 `rust_backend`, zopfli) |  186,431 B |      83,051 B |
//!
//! Every crate costs more than the ~15 kB gzip that issue #18 allows for it;
//! the newest `zip` (9.x) also needs Rust 1.89, above the app's `rust-version`. The format
//! itself is small and fully specified (PKWARE APPNOTE 6.3.10, sections 4.3.7, 4.3.12 and
//! 4.3.16). Compression (issue 43: an 11.9 MB package) costs no code: the browser compresses,
//! this writer only records method 8 and the two sizes.
//!
//! The archive is checked by independent readers in the tests (`unzip -t`, and Python's
//! `zipfile`, which also extracts it for a byte-for-byte comparison) where those exist.

/// The CRC-32 (IEEE 802.3, reflected polynomial `0xEDB8_8320`) lookup table, built at compile
/// time.
pub const CRC32_TABLE: [u32; 256] = crc32_table();

const fn crc32_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        #[allow(clippy::cast_possible_truncation)] // i < 256
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
}

/// Continues a CRC-32 over more bytes: start from `0` (the CRC of nothing) and feed the
/// previous result back in; `crc32_update(crc32_update(0, a), b) == crc32(a ++ b)`.
#[must_use]
pub fn crc32_update(crc: u32, bytes: &[u8]) -> u32 {
    let mut c = !crc;
    for &b in bytes {
        c = CRC32_TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    !c
}

/// The CRC-32 of `bytes`, as zip, gzip and PNG use it: `crc32(b"123456789") == 0xCBF4_3926`.
#[must_use]
pub fn crc32(bytes: &[u8]) -> u32 {
    crc32_update(0, bytes)
}

/// A modification time in MS-DOS form (local time, two-second steps, years 1980–2107), the
/// only one a basic zip header holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DosDateTime {
    /// `(year − 1980) << 9 | month << 5 | day`.
    pub date: u16,
    /// `hour << 11 | minute << 5 | second / 2`.
    pub time: u16,
}

impl DosDateTime {
    /// 1980-01-01 00:00:00, the earliest DOS time: the default, so that the same files always
    /// make the same archive, byte for byte.
    pub const EPOCH: DosDateTime = DosDateTime {
        date: 1 << 5 | 1,
        time: 0,
    };

    /// A date and time, if DOS can hold it (odd seconds are rounded down). Days are checked
    /// against the month, leap years included.
    #[must_use]
    pub fn new(
        year: u16,
        month: u8,
        day: u8,
        hour: u8,
        minute: u8,
        second: u8,
    ) -> Option<DosDateTime> {
        let leap =
            year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        let ok = (1980..=2107).contains(&year)
            && (1..=days).contains(&day)
            && hour < 24
            && minute < 60
            && second < 60;
        ok.then(|| DosDateTime {
            date: (year - 1980) << 9 | u16::from(month) << 5 | u16::from(day),
            time: u16::from(hour) << 11 | u16::from(minute) << 5 | u16::from(second / 2),
        })
    }
}

impl Default for DosDateTime {
    fn default() -> Self {
        DosDateTime::EPOCH
    }
}

/// Why an archive could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZipError {
    /// A path that is empty, absolute, has an empty, `.` or `..` segment, a backslash or a
    /// control character, or is longer than a zip header can say (65,535 bytes).
    BadName(String),
    /// The same path twice.
    Duplicate(String),
    /// A file of 4 GiB or more (this writer has no zip64).
    FileTooLarge {
        /// The file's path.
        name: String,
        /// Its size.
        bytes: u64,
    },
    /// More than 65,535 entries, or an archive past 4 GiB (no zip64).
    ArchiveTooLarge,
}

impl ZipError {
    /// A sentence for people, in the current language.
    #[must_use]
    pub fn message(&self) -> String {
        use crate::params::quote;
        match self {
            ZipError::BadName(name) => crate::tr!("lms.zip.bad-name", name = quote(name)),
            ZipError::Duplicate(name) => crate::tr!("lms.zip.duplicate", name = quote(name)),
            ZipError::FileTooLarge { name, bytes } => {
                crate::tr!("lms.zip.file-too-large", name = quote(name), bytes)
            }
            ZipError::ArchiveTooLarge => crate::tr!("lms.zip.archive-too-large"),
        }
    }
}

/// Whether `name` may be a path inside an archive (and a package's `<file href>`): relative,
/// `/`-separated, every segment non-empty and neither `.` nor `..`, no backslash or control
/// character, at most 65,535 bytes.
#[must_use]
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && u16::try_from(name.len()).is_ok()
        && !name.chars().any(|c| c == '\\' || c.is_control())
        && name
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..")
}

/// Version needed to extract: 1.0, the base format (stored entries, no zip64).
const VERSION_NEEDED: u16 = 10;
/// "Version needed to extract" of a deflated entry: 2.0 (APPNOTE 4.4.3.2).
const VERSION_NEEDED_DEFLATE: u16 = 20;
/// Compression method 8, deflate (APPNOTE 4.4.5).
const METHOD_DEFLATE: u16 = 8;
/// Version made by: host 3 (Unix, so the external attributes carry a file mode), spec 2.0.
const VERSION_MADE_BY: u16 = 3 << 8 | 0x14;
/// General purpose flag bit 11: the name is UTF-8.
const FLAG_UTF8: u16 = 1 << 11;
/// A regular file, `rw-r--r--`, in the high half of the external attributes.
const EXTERNAL_ATTRS: u32 = 0o100_644 << 16;
/// Signatures (APPNOTE 4.3.7, 4.3.12, 4.3.16).
const LOCAL_SIG: u32 = 0x0403_4B50;
const CENTRAL_SIG: u32 = 0x0201_4B50;
const END_SIG: u32 = 0x0605_4B50;
/// Fixed sizes of the three records, without their variable fields.
const LOCAL_LEN: usize = 30;
const CENTRAL_LEN: usize = 46;
const END_LEN: usize = 22;

/// Writes an archive entry by entry: [`ZipWriter::add`] each file, then [`ZipWriter::finish`].
#[derive(Clone, Debug, Default)]
pub struct ZipWriter {
    out: Vec<u8>,
    central: Vec<u8>,
    names: Vec<String>,
    when: DosDateTime,
}

fn put16(v: &mut Vec<u8>, x: u16) {
    v.extend_from_slice(&x.to_le_bytes());
}

fn put32(v: &mut Vec<u8>, x: u32) {
    v.extend_from_slice(&x.to_le_bytes());
}

impl ZipWriter {
    /// An empty archive whose entries all carry `when`.
    #[must_use]
    pub fn new(when: DosDateTime) -> ZipWriter {
        ZipWriter {
            when,
            ..ZipWriter::default()
        }
    }

    /// The paths added so far, in order.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Adds a file, stored as is.
    ///
    /// # Errors
    /// A [`ZipError`] for a bad or repeated name, a file of 4 GiB or more, or an archive that
    /// would pass the limits of a zip without zip64. The archive is unchanged on error.
    pub fn add(&mut self, name: &str, data: &[u8]) -> Result<(), ZipError> {
        self.add_entry(name, data, None)
    }

    /// Adds a file whose raw DEFLATE stream (RFC 1951, as the browser's
    /// `CompressionStream('deflate-raw')` writes it) is `deflated` (method 8; the CRC and the
    /// size are the original `data`'s). A stream no smaller than the data is stored instead.
    ///
    /// # Errors
    /// As [`ZipWriter::add`].
    pub fn add_deflated(
        &mut self,
        name: &str,
        data: &[u8],
        deflated: &[u8],
    ) -> Result<(), ZipError> {
        if deflated.len() >= data.len() {
            return self.add(name, data);
        }
        self.add_entry(name, data, Some(deflated))
    }

    fn add_entry(
        &mut self,
        name: &str,
        data: &[u8],
        deflated: Option<&[u8]>,
    ) -> Result<(), ZipError> {
        if !valid_name(name) {
            return Err(ZipError::BadName(name.to_string()));
        }
        if self.names.iter().any(|n| n == name) {
            return Err(ZipError::Duplicate(name.to_string()));
        }
        let size = u32::try_from(data.len())
            .ok()
            .filter(|s| *s != u32::MAX)
            .ok_or_else(|| ZipError::FileTooLarge {
                name: name.to_string(),
                bytes: data.len() as u64,
            })?;
        let body = deflated.unwrap_or(data);
        // Smaller than `data`, which fits in a u32.
        #[allow(clippy::cast_possible_truncation)]
        let packed = body.len() as u32;
        let (method, needed) = if deflated.is_some() {
            (METHOD_DEFLATE, VERSION_NEEDED_DEFLATE)
        } else {
            (0, VERSION_NEEDED)
        };
        let offset = u32::try_from(self.out.len()).map_err(|_| ZipError::ArchiveTooLarge)?;
        // The whole archive, central directory and end record included, must stay below
        // 4 GiB, and the entries below 65,535.
        let total = self.out.len()
            + LOCAL_LEN
            + name.len()
            + body.len()
            + self.central.len()
            + CENTRAL_LEN
            + name.len()
            + END_LEN;
        if self.names.len() >= usize::from(u16::MAX) || u32::try_from(total).is_err() {
            return Err(ZipError::ArchiveTooLarge);
        }
        let crc = crc32(data);
        #[allow(clippy::cast_possible_truncation)] // valid_name: at most u16::MAX bytes
        let name_len = name.len() as u16;

        let o = &mut self.out;
        put32(o, LOCAL_SIG);
        put16(o, needed);
        put16(o, FLAG_UTF8);
        put16(o, method);
        put16(o, self.when.time);
        put16(o, self.when.date);
        put32(o, crc);
        put32(o, packed); // compressed
        put32(o, size); // uncompressed
        put16(o, name_len);
        put16(o, 0); // extra field length
        o.extend_from_slice(name.as_bytes());
        o.extend_from_slice(body);

        let c = &mut self.central;
        put32(c, CENTRAL_SIG);
        put16(c, VERSION_MADE_BY);
        put16(c, needed);
        put16(c, FLAG_UTF8);
        put16(c, method);
        put16(c, self.when.time);
        put16(c, self.when.date);
        put32(c, crc);
        put32(c, packed);
        put32(c, size);
        put16(c, name_len);
        put16(c, 0); // extra field length
        put16(c, 0); // comment length
        put16(c, 0); // disk number start
        put16(c, 0); // internal attributes
        put32(c, EXTERNAL_ATTRS);
        put32(c, offset);
        c.extend_from_slice(name.as_bytes());

        self.names.push(name.to_string());
        Ok(())
    }

    /// The archive: the entries, the central directory, the end record.
    #[must_use]
    pub fn finish(self) -> Vec<u8> {
        let ZipWriter {
            mut out,
            central,
            names,
            ..
        } = self;
        // `add` kept the entries below 65,535 and the whole archive below 4 GiB.
        #[allow(clippy::cast_possible_truncation)]
        let (entries, central_len, central_at) =
            (names.len() as u16, central.len() as u32, out.len() as u32);
        out.extend_from_slice(&central);
        put32(&mut out, END_SIG);
        put16(&mut out, 0); // this disk
        put16(&mut out, 0); // disk with the central directory
        put16(&mut out, entries); // entries on this disk
        put16(&mut out, entries); // entries in all
        put32(&mut out, central_len);
        put32(&mut out, central_at);
        put16(&mut out, 0); // comment length
        out
    }
}

/// An archive of `files` (path, contents), in that order, all stamped `when`.
///
/// # Errors
/// As [`ZipWriter::add`].
pub fn stored_zip(files: &[(&str, &[u8])], when: DosDateTime) -> Result<Vec<u8>, ZipError> {
    let mut w = ZipWriter::new(when);
    for (name, data) in files {
        w.add(name, data)?;
    }
    Ok(w.finish())
}

#[cfg(test)]
pub(crate) mod tests;
