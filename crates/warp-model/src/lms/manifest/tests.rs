//! The manifest parsed back: well-formed XML (a strict reader written here, and Python's
//! `xml.etree` where it exists), the right schema, namespaces, threshold and launch, and a
//! file list equal to the package's.

use super::*;
use crate::i18n::{with_lang, Lang};
use crate::quiz::Draw;
use crate::quiz::Topic;
use proptest::prelude::{prop, proptest};

/// An element: name, attributes in order, children, and its text (entities decoded).
#[derive(Debug)]
struct El {
    name: String,
    attrs: Vec<(String, String)>,
    kids: Vec<El>,
    text: String,
}

impl El {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn kid(&self, name: &str) -> &El {
        self.kids
            .iter()
            .find(|k| k.name == name)
            .unwrap_or_else(|| panic!("<{}> has no <{name}>", self.name))
    }

    fn all<'a>(&'a self, name: &str, out: &mut Vec<&'a El>) {
        if self.name == name {
            out.push(self);
        }
        for k in &self.kids {
            k.all(name, out);
        }
    }
}

/// Decodes the five predefined entities and numeric references; anything else is an error.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let end = rest[i..].find(';').expect("unterminated entity") + i;
        let name = &rest[i + 1..end];
        out.push(match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            n if n.starts_with("#x") => {
                char::from_u32(u32::from_str_radix(&n[2..], 16).unwrap()).unwrap()
            }
            n if n.starts_with('#') => char::from_u32(n[1..].parse().unwrap()).unwrap(),
            n => panic!("unknown entity &{n};"),
        });
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    assert!(!out.is_empty() || s.is_empty());
    out
}

fn is_name(s: &str) -> bool {
    let mut c = s.chars();
    c.next().is_some_and(|f| f.is_alphabetic() || f == '_')
        && c.all(|x| x.is_alphanumeric() || "-_.:".contains(x))
}

/// A strict reader for the XML this module writes: one declaration, one root, properly
/// nested and closed elements, quoted and unique attributes, no `<` or bare `&` in text or
/// attribute values. Panics on anything else.
fn parse(xml: &str) -> El {
    let rest = xml
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .expect("the XML declaration");
    let mut stack: Vec<El> = Vec::new();
    let mut root = None;
    let mut rest = rest;
    loop {
        let lt = rest.find('<');
        let text = &rest[..lt.unwrap_or(rest.len())];
        assert!(!text.contains('>'), "a bare > in text {text:?}");
        match stack.last_mut() {
            Some(top) => top.text.push_str(&unescape(text)),
            None => assert!(text.trim().is_empty(), "text outside the root: {text:?}"),
        }
        let Some(lt) = lt else { break };
        let gt = rest[lt..].find('>').expect("an unclosed tag") + lt;
        let tag = &rest[lt + 1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let el = stack.pop().expect("a close tag without an open one");
            assert_eq!(el.name, name, "mismatched close tag");
            if let Some(parent) = stack.last_mut() {
                parent.kids.push(el);
            } else {
                assert!(root.is_none(), "two roots");
                root = Some(el);
            }
            continue;
        }
        let (tag, empty) = match tag.strip_suffix('/') {
            Some(t) => (t, true),
            None => (tag, false),
        };
        let (name, mut attrs_text) = tag.split_once(char::is_whitespace).unwrap_or((tag, ""));
        assert!(is_name(name), "bad element name {name:?}");
        let mut attrs: Vec<(String, String)> = Vec::new();
        loop {
            attrs_text = attrs_text.trim_start();
            if attrs_text.is_empty() {
                break;
            }
            let (k, v) = attrs_text.split_once('=').expect("an attribute without =");
            assert!(is_name(k), "bad attribute name {k:?}");
            let q = v.chars().next().expect("a value");
            assert!(q == '"' || q == '\'', "unquoted value");
            let close = v[1..].find(q).expect("an unclosed value") + 1;
            let value = &v[1..close];
            assert!(!value.contains('<'), "< in an attribute");
            assert!(attrs.iter().all(|(a, _)| a != k), "attribute {k} twice");
            attrs.push((k.to_string(), unescape(value)));
            attrs_text = &v[close + 1..];
        }
        let el = El {
            name: name.to_string(),
            attrs,
            kids: Vec::new(),
            text: String::new(),
        };
        if empty {
            match stack.last_mut() {
                Some(parent) => parent.kids.push(el),
                None => panic!("an empty root"),
            }
        } else {
            stack.push(el);
        }
    }
    assert!(
        stack.is_empty(),
        "unclosed elements: {:?}",
        stack.iter().map(|e| &e.name).collect::<Vec<_>>()
    );
    root.expect("a root element")
}

/// Unescapes an `href` (percent-decoding), as an LMS reads it.
fn percent_decode(s: &str) -> String {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

const SPEC: QuizSpec = QuizSpec {
    topic: Some(Topic::Divergence),
    seed: 42,
    count: 8,
    draw: Draw::First,
};

fn files() -> Vec<&'static str> {
    vec![
        "index.html",
        "warp-lab-1a2b3c_bg.wasm",
        "warp-lab-1a2b3c.js",
        "style/main-9f8e.css",
        "assets/a b#1.svg",
        "assets/naam ü.txt",
    ]
}

/// The resource's `<file href>`s, decoded.
fn listed(root: &El) -> Vec<String> {
    let res = root.kid("resources").kid("resource");
    res.kids
        .iter()
        .map(|f| {
            assert_eq!(f.name, "file");
            percent_decode(f.attr("href").unwrap())
        })
        .collect()
}

#[test]
fn scorm12_manifest() {
    let xml = manifest(Version::Scorm12, &SPEC, 8, PassScore::DEFAULT, &files()).unwrap();
    let root = parse(&xml);
    assert_eq!(root.name, "manifest");
    assert_eq!(
        root.attr("identifier"),
        Some("warp-lab-quiz-divergence-42-8")
    );
    assert_eq!(
        root.attr("xmlns"),
        Some("http://www.imsproject.org/xsd/imscp_rootv1p1p2")
    );
    assert_eq!(
        root.attr("xmlns:adlcp"),
        Some("http://www.adlnet.org/xsd/adlcp_rootv1p2")
    );
    let loc: Vec<&str> = root
        .attr("xsi:schemaLocation")
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(loc.len(), 6, "three namespace/file pairs");
    assert!(loc.contains(&"adlcp_rootv1p2.xsd") && loc.contains(&"imscp_rootv1p1p2.xsd"));
    let meta = root.kid("metadata");
    assert_eq!(meta.kid("schema").text, "ADL SCORM");
    assert_eq!(meta.kid("schemaversion").text, "1.2");
    let orgs = root.kid("organizations");
    let org = orgs.kid("organization");
    assert_eq!(orgs.attr("default"), org.attr("identifier"));
    let item = org.kid("item");
    let title = "Warp Lab quiz: divergence, 8 questions (seed 42)";
    assert_eq!(org.kid("title").text, title);
    assert_eq!(item.kid("title").text, title);
    // 80 %: the passing percentage itself, as cmi.core.score.raw is a percentage (issue 25;
    // it was 7 right answers of 8, in raw units, when raw was the count right).
    assert_eq!(item.kid("adlcp:masteryscore").text, "80");
    let res = root.kid("resources").kid("resource");
    assert_eq!(item.attr("identifierref"), res.attr("identifier"));
    assert_eq!(res.attr("adlcp:scormtype"), Some("sco"));
    assert_eq!(res.attr("adlcp:scormType"), None);
    assert_eq!(res.attr("type"), Some("webcontent"));
    assert_eq!(
        res.attr("href"),
        Some("index.html?panel=quiz&topic=divergence&seed=42&count=8&lms=scorm&pass-score=80")
    );
    assert!(xml.contains("seed=42&amp;count=8&amp;lms=scorm&amp;pass-score=80\""));
    assert_eq!(listed(&root), files());
    assert!(xml.contains("<file href=\"assets/a%20b%231.svg\"/>"));
    let mut seq = Vec::new();
    root.all("imsss:sequencing", &mut seq);
    assert!(seq.is_empty(), "no 2004 sequencing in 1.2");
}

#[test]
fn scorm2004_manifest() {
    let pass = PassScore::new(75).unwrap();
    let xml = manifest(Version::Scorm2004, &SPEC, 8, pass, &files()).unwrap();
    let root = parse(&xml);
    assert_eq!(
        root.attr("xmlns"),
        Some("http://www.imsglobal.org/xsd/imscp_v1p1")
    );
    for (prefix, ns) in [
        ("adlcp", "http://www.adlnet.org/xsd/adlcp_v1p3"),
        ("adlseq", "http://www.adlnet.org/xsd/adlseq_v1p3"),
        ("adlnav", "http://www.adlnet.org/xsd/adlnav_v1p3"),
        ("imsss", "http://www.imsglobal.org/xsd/imsss"),
    ] {
        assert_eq!(root.attr(&format!("xmlns:{prefix}")), Some(ns));
        let loc = root.attr("xsi:schemaLocation").unwrap();
        assert!(loc.contains(ns), "{ns} has a schema location");
    }
    let meta = root.kid("metadata");
    assert_eq!(meta.kid("schema").text, "ADL SCORM");
    assert_eq!(meta.kid("schemaversion").text, "2004 4th Edition");
    let item = root.kid("organizations").kid("organization").kid("item");
    let objective = item
        .kid("imsss:sequencing")
        .kid("imsss:objectives")
        .kid("imsss:primaryObjective");
    assert_eq!(objective.attr("satisfiedByMeasure"), Some("true"));
    assert_eq!(objective.kid("imsss:minNormalizedMeasure").text, "0.75");
    let controls = item.kid("imsss:sequencing").kid("imsss:deliveryControls");
    assert_eq!(controls.attr("objectiveSetByContent"), Some("true"));
    let res = root.kid("resources").kid("resource");
    assert_eq!(res.attr("adlcp:scormType"), Some("sco"));
    assert_eq!(res.attr("adlcp:scormtype"), None);
    assert_eq!(listed(&root), files());
    let mut mastery = Vec::new();
    root.all("adlcp:masteryscore", &mut mastery);
    assert!(mastery.is_empty(), "no 1.2 mastery score in 2004");
}

#[test]
fn a_hinglish_package_says_so_and_launches_in_hinglish() {
    let xml = with_lang(Lang::Hinglish, || {
        manifest(Version::Scorm2004, &SPEC, 8, PassScore::DEFAULT, &files()).unwrap()
    });
    let root = parse(&xml);
    let org = root.kid("organizations").kid("organization");
    assert_eq!(
        org.kid("title").text,
        "Warp Lab quiz: divergence, 8 sawaal (seed 42)"
    );
    assert!(root
        .kid("resources")
        .kid("resource")
        .attr("href")
        .unwrap()
        .ends_with("&lms=scorm&pass-score=80&lang=hinglish"));
}

#[test]
fn the_file_list_is_checked() {
    let m = |f: &[&str]| manifest(Version::Scorm12, &SPEC, 8, PassScore::DEFAULT, f);
    assert_eq!(m(&["app.js"]), Err(ManifestError::NoLaunchFile));
    assert_eq!(m(&[]), Err(ManifestError::NoLaunchFile));
    assert_eq!(
        m(&["index.html", "a.js", "a.js"]),
        Err(ManifestError::Duplicate("a.js".into()))
    );
    assert_eq!(
        m(&["index.html", "imsmanifest.xml"]),
        Err(ManifestError::BadFile("imsmanifest.xml".into()))
    );
    assert_eq!(
        m(&["index.html", "../x.js"]),
        Err(ManifestError::BadFile("../x.js".into()))
    );
    let e = ManifestError::NoLaunchFile.message();
    assert!(e.contains("index.html"), "{e}");
    for e in [
        ManifestError::NoLaunchFile,
        ManifestError::BadFile("/x".into()),
        ManifestError::Duplicate("a".into()),
    ] {
        assert_ne!(e.message(), with_lang(Lang::Hinglish, || e.message()));
    }
}

#[test]
fn escapes() {
    assert_eq!(
        xml_escape("a<b>&\"c\" 'd'"),
        "a&lt;b&gt;&amp;&quot;c&quot; &apos;d&apos;"
    );
    assert_eq!(href("a b#?%.txt"), "a%20b%23%3F%25.txt");
    assert_eq!(
        href("ü/x(1)+y=z;a@b:c,d~e_f.g-h!$&'*"),
        "%C3%BC/x(1)+y=z;a@b:c,d~e_f.g-h!$&'*"
    );
}

/// A program on the PATH, if it runs.
fn have(cmd: &str, arg: &str) -> bool {
    std::process::Command::new(cmd)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn an_independent_xml_parser_reads_the_same_file_list() {
    if !have("python3", "--version") {
        println!("note: python3 is not here; only the built-in reader checked the XML");
        return;
    }
    let script = "import sys, xml.etree.ElementTree as ET\n\
        from urllib.parse import unquote\n\
        root = ET.fromstring(sys.stdin.buffer.read())\n\
        ns = {'c': root.tag[1:].split('}')[0]}\n\
        print(root.find('c:metadata/c:schemaversion', ns).text)\n\
        for f in root.iterfind('c:resources/c:resource/c:file', ns):\n\
        \x20   print(unquote(f.get('href')))\n";
    for (v, version) in [
        (Version::Scorm12, "1.2"),
        (Version::Scorm2004, "2004 4th Edition"),
    ] {
        let xml = manifest(v, &SPEC, 8, PassScore::DEFAULT, &files()).unwrap();
        let mut child = std::process::Command::new("python3")
            .args(["-c", script])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(xml.as_bytes())
                .unwrap();
        }
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(version));
        assert_eq!(lines.collect::<Vec<_>>(), files());
    }
}

#[test]
fn a_package_is_a_zip_whose_manifest_lists_every_other_file() {
    // What the app does: its files, then the manifest that lists them.
    let files = files();
    let xml = manifest(Version::Scorm12, &SPEC, 8, PassScore::DEFAULT, &files).unwrap();
    let mut w = super::super::zip::ZipWriter::new(super::super::zip::DosDateTime::EPOCH);
    w.add(MANIFEST_FILE, xml.as_bytes()).unwrap();
    for f in &files {
        w.add(f, f.as_bytes()).unwrap();
    }
    let zip = w.finish();
    let back = super::super::zip::tests::read_back(&zip);
    let (first, rest) = back.split_first().unwrap();
    assert_eq!(first.0, MANIFEST_FILE);
    let names: Vec<&str> = rest.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        listed(&parse(&String::from_utf8(first.1.clone()).unwrap())),
        names
    );
}

proptest! {
    #[test]
    fn any_valid_file_list_is_listed_exactly(
        extra in prop::collection::btree_set("[a-zA-Z0-9 &<>'\"#%ü_-]{1,10}(/[a-z]{1,5}){0,2}", 0..12),
        seed in proptest::prelude::any::<u64>(),
        count in 1u64..=50,
        pass in 0u8..=100,
        v2004 in proptest::prelude::any::<bool>(),
    ) {
        let mut files = vec!["index.html".to_string()];
        files.extend(extra.into_iter().filter(|f| f != "index.html" && valid_name(f)));
        let refs: Vec<&str> = files.iter().map(String::as_str).collect();
        let spec = QuizSpec { topic: None, seed, count, draw: Draw::First };
        let version = if v2004 { Version::Scorm2004 } else { Version::Scorm12 };
        let xml = manifest(version, &spec, usize::try_from(count).unwrap(), PassScore::new(pass).unwrap(), &refs).unwrap();
        let root = parse(&xml);
        assert_eq!(listed(&root), files);
        let href = root.kid("resources").kid("resource").attr("href").unwrap().to_string();
        assert_eq!(href, spec.launch_url(Lang::En, PassScore::new(pass).unwrap()));
    }
}
