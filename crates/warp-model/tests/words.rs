//! Every Hinglish word right (issue 66, items 9–11): rules a native read found broken, each a
//! check over the catalogues' text with a probe that it catches the break it names.
//!
//! - **Gender**: `cycle`, `instruction` and `gradebook` are masculine, as in the seeds and the
//!   rest of the catalogue ("agle cycle", "aakhri instruction ke", "course ke gradebook").
//! - **Number**: a count of stars chooses its form (`{n|star|stars}`): never "1 stars".
//! - **A unit reads after its value**: no figure's unit ends in "mein se" ("2 3 mein se").
//! - **What is shown**: the reference's heading never says "solved" (it also heads the reference
//!   a learner asked for without solving).
//! - **One register, one spelling**: "tum", never "aap"; `woh`, `toh`, `paya`, never `wo`,
//!   `to`, `paaya`; a button named inside a sentence is quoted (“Chalao” dabao).

/// `(key, message)` of a catalogue: `key = message` lines, an indented line continuing the
/// message before it, `#` lines comments.
fn messages(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if line.starts_with([' ', '\t']) {
            if let Some(last) = out.last_mut() {
                last.1.push(' ');
                last.1.push_str(line.trim());
            }
        } else if let Some((k, v)) = line.split_once(" = ") {
            out.push((k.trim().to_string(), v.to_string()));
        }
    }
    out
}

fn catalogue(name: &str) -> Vec<(String, String)> {
    let path = format!("{}/locales/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    messages(&std::fs::read_to_string(path).unwrap())
}

/// The words of `v`, lower case, punctuation split off (a placeholder stays one word).
fn words(v: &str) -> Vec<String> {
    v.split(|c: char| c.is_whitespace() || ",.;:()!?“”\"".contains(c))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

const FEMININE: [&str; 10] = [
    "pehli", "agli", "kitni", "saari", "lambi", "apni", "hui", "gayi", "ki", "wali",
];
const MASCULINE_NOUNS: [&str; 5] = [
    "cycle",
    "cycles",
    "instruction",
    "instructions",
    "gradebook",
];

/// Each rule's breaks in `hinglish` (and `english`, where the rule is for both), as
/// `rule key: what`.
fn breaks(hinglish: &[(String, String)], english: &[(String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    let buttons: Vec<&str> = hinglish
        .iter()
        .filter(|(k, _)| {
            ["ui.kernel.run", "ui.kernel.check", "ui.forecast.reveal"].contains(&k.as_str())
        })
        .map(|(_, v)| v.as_str())
        .collect();
    for (k, v) in hinglish {
        let w = words(v);
        for (i, noun) in w.iter().enumerate() {
            if !MASCULINE_NOUNS.contains(&noun.as_str()) {
                continue;
            }
            // The word before it, or the one before a placeholder or "aakhri"/"issued" ("Pehli
            // {cycles} cycles", "ki aakhri instruction"). "ki" only right before: "access ki
            // {shared} cycles baad" is the access's value, counted in cycles.
            let before = i.checked_sub(1).map(|j| w[j].as_str());
            let placeholder = before.is_some_and(|b| b.starts_with('{'));
            let adj = if placeholder || before.is_some_and(|b| ["aakhri", "issued"].contains(&b)) {
                i.checked_sub(2)
                    .map(|j| w[j].as_str())
                    .filter(|a| !(placeholder && *a == "ki"))
            } else {
                before
            };
            if let Some(a) = adj.filter(|a| FEMININE.contains(a)) {
                out.push(format!("gender {k}: {a} … {noun}"));
            }
        }
        if v.contains(" stars") && v.split(" stars").next().is_some_and(|b| b.ends_with('}')) {
            out.push(format!(
                "number {k}: a count before “stars” without its forms"
            ));
        }
        if k.rsplit('.').next() == Some("unit") && v.trim_end().ends_with(" se") {
            out.push(format!("unit {k}: reads before its value"));
        }
        for bad in ["aap", "aapka", "aapke", "aapki", "wo", "paaya"] {
            if w.iter().any(|x| x == bad) {
                out.push(format!("spelling {k}: {bad}"));
            }
        }
        if v.contains(" to ") {
            out.push(format!("spelling {k}: to"));
        }
        for b in &buttons {
            if [
                "ui.kernel.run",
                "ui.kernel.check",
                "ui.forecast.reveal",
                "ui.quiz.check",
                "ui.gpu.run",
                "ui.latency.anim.play",
            ]
            .contains(&k.as_str())
            {
                continue;
            }
            for (at, _) in v.match_indices(b) {
                let quoted = v[..at].ends_with('“');
                // "Check karo ki …" opening a message is the verb, not the button.
                let verb = at == 0 && v[at + b.len()..].starts_with(" ki ");
                if !quoted && !verb {
                    out.push(format!("button {k}: {b} unquoted"));
                }
            }
        }
    }
    for (k, v) in hinglish.iter().chain(english) {
        if k == "ui.challenge.solved" && (v.contains("Solved") || v.contains("Hal ho gaya")) {
            out.push(format!("shown {k}: says solved"));
        }
    }
    out
}

#[test]
fn every_hinglish_word_follows_the_rules() {
    let (hi, en) = (catalogue("hinglish"), catalogue("en"));
    assert!(hi.len() > 1000, "{} messages read", hi.len());
    let found = breaks(&hi, &en);
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn each_rule_catches_the_break_the_native_read_found() {
    let m = |k: &str, v: &str| (k.to_string(), v.to_string());
    let base = vec![
        m("ui.kernel.run", "Chalao"),
        m("ui.kernel.check", "Check karo"),
        m("ui.forecast.reveal", "Dikhao"),
    ];
    let one = |k: &str, v: &str| {
        let mut hi = base.clone();
        hi.push(m(k, v));
        breaks(&hi, &[])
    };
    assert_eq!(
        one("a", "Pehli {cycles} cycles (window) par gina gaya"),
        ["gender a: pehli … cycles"]
    );
    assert_eq!(
        one("a", "arithmetic result agli cycle;"),
        ["gender a: agli … cycle"]
    );
    assert_eq!(
        one("a", "launch ki aakhri instruction issue hone tak"),
        ["gender a: ki … instruction"]
    );
    assert_eq!(
        one("a", "woh course ki gradebook mein"),
        ["gender a: ki … gradebook"]
    );
    assert!(one("a", "shared access ki {shared} cycles baad, agle cycle").is_empty());
    assert_eq!(
        one("a", "3 mein se {stars} stars"),
        ["number a: a count before “stars” without its forms"]
    );
    assert!(one("a", "3 mein se {stars} {stars|star|stars}").is_empty());
    assert_eq!(
        one("x.unit", "3 mein se"),
        ["unit x.unit: reads before its value"]
    );
    assert_eq!(one("a", "Aapka kernel"), ["spelling a: aapka"]);
    assert_eq!(one("a", "ho to issue"), ["spelling a: to"]);
    assert_eq!(one("a", "rang wo state"), ["spelling a: wo"]);
    assert_eq!(
        one("a", "edit hua hai: Chalao dabao."),
        ["button a: Chalao unquoted"]
    );
    assert!(one("a", "edit hua hai: “Chalao” dabao.").is_empty());
    assert!(one("a", "Check karo ki har warp full hai").is_empty());
    let solved = breaks(&base, &[m("ui.challenge.solved", "Solved: the reference")]);
    assert_eq!(solved, ["shown ui.challenge.solved: says solved"]);
}
