use std::path::{Path, PathBuf};

use super::*;

fn parsed(lang: Lang) -> Catalogue {
    let (map, problems) = parse_catalogue(catalogue_source(lang));
    assert!(problems.is_empty(), "{lang:?} catalogue: {problems:?}");
    map
}

#[test]
fn both_catalogues_parse_cleanly() {
    for lang in Lang::ALL {
        assert!(!parsed(lang).is_empty());
    }
}

#[test]
fn the_compiled_tables_are_the_parsed_catalogues() {
    let mut keys: Vec<&str> = Lang::ALL
        .iter()
        .flat_map(|l| parsed(*l).into_keys())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(tables::KEYS.to_vec(), keys);
    for lang in Lang::ALL {
        let map = parsed(lang);
        for (i, key) in tables::KEYS.iter().enumerate() {
            assert_eq!(
                lookup(lang, Msg::at(i)),
                map.get(key).map(String::as_str),
                "{lang:?} {key}"
            );
        }
    }
}

#[test]
fn no_key_is_missing_in_either_language() {
    let en = parsed(Lang::En);
    let hi = parsed(Lang::Hinglish);
    let mut missing_hi: Vec<_> = en.keys().filter(|k| !hi.contains_key(*k)).collect();
    let mut missing_en: Vec<_> = hi.keys().filter(|k| !en.contains_key(*k)).collect();
    missing_hi.sort();
    missing_en.sort();
    assert!(missing_hi.is_empty(), "missing in Hinglish: {missing_hi:?}");
    assert!(missing_en.is_empty(), "missing in English: {missing_en:?}");
}

#[test]
fn both_languages_fill_the_same_placeholders() {
    let en = parsed(Lang::En);
    let hi = parsed(Lang::Hinglish);
    let mut differ = Vec::new();
    for (k, v) in &en {
        if let Some(h) = hi.get(k) {
            if placeholders(v) != placeholders(h) {
                differ.push(*k);
            }
        }
    }
    differ.sort_unstable();
    assert!(differ.is_empty(), "placeholders differ: {differ:?}");
}

/// The counts a message writes a word for (`{n|one|other}` → `n`), one entry per plural form,
/// sorted: a message with two forms of `lanes` lists it twice.
fn plural_counts(message: &str) -> Vec<String> {
    let message = message.replace("{{", "").replace("}}", "");
    let mut counts: Vec<String> = message
        .split('{')
        .skip(1)
        .filter_map(|t| t.split_once('}'))
        .filter_map(|(inner, _)| {
            let parts: Vec<&str> = inner.split('|').collect();
            (parts.len() == 3 && !parts[0].is_empty()).then(|| parts[0].to_string())
        })
        .collect();
    counts.sort_unstable();
    counts
}

#[test]
fn both_languages_count_in_the_same_places() {
    // Issue 45: "1 elements" in Hinglish where the English says "1 element", and a verb whose
    // agreement with {lanes} the Hinglish dropped. Every plural form `{n|one|other}` of one
    // language has its twin, a plural form of the same count, in the other. Hinglish may
    // write a count's form more often (its verb agrees apart from its noun: "{lanes|lane|lanes}
    // … chalti {lanes|hai|hain}" for "{lanes|lane walks|lanes walk}"), never less often; a
    // Hindi noun that is the same for one and many says so (`{questions|sawaal|sawaal}`).
    let en = parsed(Lang::En);
    let hi = parsed(Lang::Hinglish);
    let mut differ = Vec::new();
    for (key, message) in &en {
        if let Some(twin) = hi.get(key) {
            let (a, b) = (plural_counts(message), plural_counts(twin));
            let fewer = a.iter().any(|n| {
                b.iter().filter(|m| *m == n).count() < a.iter().filter(|m| *m == n).count()
            });
            let extra = b.iter().any(|n| !a.contains(n));
            if fewer || extra {
                differ.push(format!("{key}: en {a:?}, hinglish {b:?}"));
            }
        }
    }
    differ.sort();
    assert!(differ.is_empty(), "plural forms differ: {differ:#?}");
    assert_eq!(
        plural_counts("{lanes} {lanes|lane|lanes} {x} {lanes|wastes|waste} {{n|a|b}}"),
        ["lanes", "lanes"]
    );
}

#[test]
fn hinglish_is_a_translation_not_a_copy() {
    let en = parsed(Lang::En);
    let hi = parsed(Lang::Hinglish);
    // Formulas, symbols and names may stay the same; sentences may not.
    let sentences: Vec<_> = en
        .iter()
        .filter(|(_, v)| v.split_whitespace().filter(|w| w.len() > 2).count() >= 4)
        .collect();
    let same: Vec<_> = sentences
        .iter()
        .filter(|(k, v)| hi.get(**k) == Some(*v))
        .map(|(k, _)| **k)
        .collect();
    assert!(
        same.len() * 20 <= sentences.len().max(1),
        "{} of {} sentences are untranslated, e.g. {:?}",
        same.len(),
        sentences.len(),
        &same[..same.len().min(10)]
    );
}

/// How one of the Hinglish slips a native reader found looks in a message. Words are compared
/// lower-cased; a clause is the words between two punctuation marks.
enum Looks {
    /// These words in a row, in one clause.
    Words(&'static [&'static str]),
    /// A noun of the first list as a subject (not right after `aur`, where a joined subject
    /// agrees in the masculine whatever its nouns; not right before a postposition, as in
    /// `lanes ka total`, `warp ki lanes`; not the first half of a compound, as in `lane
    /// count`, `warp boundaries`), then, within eight words of its clause and before any word
    /// that could be a subject of its own, a verb form of the second list.
    Agrees(&'static [&'static str], &'static [&'static str]),
    /// A modifier of the first list right before a noun of the second (not the first half of
    /// a compound, as in `kitne lane slots`), or with one count, placeholder or participle
    /// between: `kitne lanes`, `ke 32 lanes`, `ke active lanes`.
    Before(&'static [&'static str], &'static [&'static str]),
    /// An English function word ending a sentence or the message. `the` only after an English
    /// participle (`expected the`): after a Hindi one it is the Hindi past (`maange gaye the`).
    EnglishEnd,
    /// A lane (`lane`, `lanes`, `lane(s)`) as the subject of its sentence, and the first verb
    /// form after it (within sixteen words, across the commas and `=` of a formula such as
    /// `lane l r = {row}, c = l padhta hai`, before another subject) masculine. `lane(s)
    /// mein se har ek … karti hai` counts as the lanes' own verb.
    LaneSentence,
    /// A definition (a `.help` message) whose formula, the part before its first `:`, `,` or
    /// `;`, holds a Hindi word: `⌊regfile / chahiye utne threads⌋`. The formula stays as in
    /// English and the Hinglish explains its symbols after it.
    HindiInFormula,
}

/// A slip the Hinglish catalogue once had: what it is, and how to find it again.
struct Slip {
    what: &'static str,
    looks: Looks,
}

/// Masculine plural and singular verb forms and participles ("hote hain", "leta hai").
const MASCULINE_PLURAL: &[&str] = &[
    "hote", "karte", "rehte", "padhte", "chalte", "lete", "jaate", "milte", "dete", "maangte",
    "chhoote", "aate", "gaye", "jodte",
];
const MASCULINE_SINGULAR: &[&str] = &[
    "hota", "karta", "rehta", "padhta", "chalta", "leta", "jaata", "milta", "deta", "maangta",
    "padta", "aata", "gaya", "jodta",
];
const FEMININE: &[&str] = &[
    "hoti", "karti", "rehti", "padhti", "chalti", "leti", "jaati", "milti", "deti", "maangti",
    "padti", "aati", "gayi", "jodti",
];

/// The register the seeds set, slip by slip (see `hinglish_keeps_one_register`).
const SLIPS: &[Slip] = &[
    // Lanes are feminine, as the UI has them ("lanes kaam karti hain"); about half the
    // messages once made them masculine ("32 lanes hote hain", "kitne lanes", "koi lane nahi
    // leta", "sabse lamba lane").
    Slip {
        what: "masculine verb for lanes (lanes kaam karti hain)",
        looks: Looks::Agrees(&["lanes"], MASCULINE_PLURAL),
    },
    Slip {
        what: "masculine verb for a lane (lane padhti hai)",
        looks: Looks::Agrees(&["lane"], MASCULINE_SINGULAR),
    },
    Slip {
        what: "masculine verb later in a lane's sentence (lane l r = …, c = l padhti hai)",
        looks: Looks::LaneSentence,
    },
    Slip {
        what: "masculine word before lanes (kitni lanes, warp ki lanes)",
        looks: Looks::Before(
            &[
                "kitne", "saare", "wale", "ke", "unke", "uske", "inke", "jinke",
            ],
            &["lanes", "lane"],
        ),
    },
    Slip {
        what: "masculine adjective for a lane (sabse lambi lane)",
        looks: Looks::Before(&["lamba", "chhota", "pehla"], &["lane"]),
    },
    // A warp is masculine, as in the seeds ("warps dono sides lete hain").
    Slip {
        what: "feminine verb for a warp (warps lete hain, warp karta hai)",
        looks: Looks::Agrees(&["warp", "warps"], FEMININE),
    },
    Slip {
        what: "feminine word before warps (kitne warps)",
        looks: Looks::Before(
            &["kitni", "saari", "wali", "unki", "uski"],
            &["warps", "warp"],
        ),
    },
    // Questions that read the wrong way round: "thread 70 kaunsa warp chalata hai" says the
    // thread runs the warp; ask "kis warp mein hai".
    Slip {
        what: "thread that runs a warp (kis warp mein hai)",
        looks: Looks::Words(&["kaunsa", "warp", "chalata"]),
    },
    Slip {
        what: "thread that runs a warp and lane (kis warp aur kis lane mein hai)",
        looks: Looks::Words(&["kaunsa", "warp", "aur", "lane"]),
    },
    // English left at the end of a sentence ("jabki {expected} expected the").
    Slip {
        what: "English function word ending a sentence",
        looks: Looks::EnglishEnd,
    },
    // Formulas with Hindi inside them: keep the formula symbolic, explain it after.
    Slip {
        what: "Hindi inside a formula (formula first, then its symbols explained)",
        looks: Looks::HindiInFormula,
    },
    // Words copied from the English word for word, or odd where the seeds keep the English.
    Slip {
        what: "\"jhooth\" (a lie) for false: Sahi ya galat, as the seeds",
        looks: Looks::Words(&["jhooth"]),
    },
    Slip {
        what: "\"faltu\" for extra",
        looks: Looks::Words(&["faltu"]),
    },
    Slip {
        what: "\"roshan\" for highlighted",
        looks: Looks::Words(&["roshan"]),
    },
    Slip {
        what: "\"udaharan\" for example",
        looks: Looks::Words(&["udaharan"]),
    },
    Slip {
        what: "\"asamaan\" for uneven",
        looks: Looks::Words(&["asamaan"]),
    },
    Slip {
        what: "\"anjaana\" for unexpected",
        looks: Looks::Words(&["anjaana"]),
    },
    Slip {
        what: "\"anjaan\" for unknown",
        looks: Looks::Words(&["anjaan"]),
    },
    Slip {
        what: "\"failta\" (reads as fail) for span",
        looks: Looks::Words(&["failta"]),
    },
    Slip {
        what: "\"baithe\" (sit) copied from the English",
        looks: Looks::Words(&["baithe"]),
    },
    Slip {
        what: "\"bahar nahi girta\" (falls outside) copied from the English",
        looks: Looks::Words(&["girta"]),
    },
    Slip {
        what: "\"flight mein\" for in-flight",
        looks: Looks::Words(&["flight", "mein"]),
    },
    Slip {
        what: "\"khiskao\" for drag",
        looks: Looks::Words(&["khiskao"]),
    },
    Slip {
        what: "\"lagataar\" for consecutive",
        looks: Looks::Words(&["lagataar"]),
    },
    // The seeds' labels are Forecast, Answer, Verify, and they say "answer" in sentences.
    Slip {
        what: "\"jawab\" for Answer",
        looks: Looks::Words(&["jawab"]),
    },
    // One rendering per term, the one closest to the seeds.
    Slip {
        what: "cost is feminine (ki cost)",
        looks: Looks::Words(&["ka", "cost"]),
    },
    Slip {
        what: "cost is feminine (cost kitni hoti hai)",
        looks: Looks::Words(&["cost", "kitna"]),
    },
    Slip {
        what: "\"keemat\" for cost",
        looks: Looks::Words(&["keemat"]),
    },
    Slip {
        what: "\"naapa\" for measured",
        looks: Looks::Words(&["naapa"]),
    },
    Slip {
        what: "\"naapi\" for measured",
        looks: Looks::Words(&["naapi"]),
    },
    Slip {
        what: "\"simulation ke warps\" for simulated warps",
        looks: Looks::Words(&["simulation", "ke", "warps"]),
    },
    Slip {
        what: "\"simulate kiye gaye warps\" for simulated warps",
        looks: Looks::Words(&["simulate", "kiye", "gaye", "warps"]),
    },
    Slip {
        what: "\"stall ki latency\" for stall latency",
        looks: Looks::Words(&["stall", "ki", "latency"]),
    },
    Slip {
        what: "\"zaroori nahi\" for optional",
        looks: Looks::Words(&["zaroori", "nahi"]),
    },
    Slip {
        what: "\"dobara align\" for re-align",
        looks: Looks::Words(&["dobara", "align"]),
    },
    Slip {
        what: "\"kami\" for deficit",
        looks: Looks::Words(&["kami"]),
    },
];

/// Words that end a noun's reach as a subject: postpositions (the noun is oblique, not the
/// subject) and, between a noun and its verb, words that start a clause or name another
/// subject.
const POSTPOSITIONS: &[&str] = &["ka", "ke", "ki", "ko", "mein", "se", "par", "ne", "tak"];
const OTHER_SUBJECT: &str =
    "jo jab toh aur ya lekin ki jinki jinke jiski jiske uski uske unki unke woh yeh lane \
     lanes warp warps thread threads block path paths count cost efficiency latency \
     occupancy condition";

/// Second halves of compounds whose first half is `lane` or `warp`: there the compound, not
/// the lane or warp, is what the verb agrees with (`Warp Lab` is the app's name).
const COMPOUND_HEADS: &str =
    "slots slot count counts utilization utilisation parity boundaries boundary instruction \
     instructions size id ids lab granularity level stack start index width group groups";

/// Whether `word` is one of the space-separated words of `list`.
fn one_of(list: &str, word: &str) -> bool {
    list.split_whitespace().any(|w| w == word)
}

/// Whether the word after `c[i]` makes it the first half of a compound.
fn in_a_compound(c: &[String], i: usize) -> bool {
    c.get(i + 1).is_some_and(|w| one_of(COMPOUND_HEADS, w))
}

/// A message as clauses of lower-cased words; punctuation ends a clause, quotes are dropped.
fn clauses(message: &str) -> Vec<Vec<String>> {
    message
        .replace("(s)", "s")
        .split(['.', ',', ';', ':', '?', '!', '(', ')', '—', '–', '='])
        .map(|clause| {
            clause
                .split_whitespace()
                .map(|w| {
                    w.trim_matches(|c: char| !(c.is_alphanumeric() || "{}-_".contains(c)))
                        .to_lowercase()
                })
                .filter(|w| !w.is_empty())
                .collect()
        })
        .collect()
}

/// Hindi words that were once operands of a formula (`aakhri − pehla + 1`, `blocks · har
/// block ke warps`, `useful bytes / move hue bytes`).
const HINDI_IN_FORMULA: &[&str] = &[
    "ka", "ke", "ki", "har", "chahiye", "utne", "hue", "karti", "kaam", "zaroori", "aakhri",
    "pehla",
];

/// A count, placeholder or participle that may stand between a modifier and its noun.
fn between(word: &str) -> bool {
    word.chars().all(|c| c.is_ascii_digit())
        || word.starts_with('{')
        || [
            "ek", "do", "teen", "chaar", "active", "idle", "masked", "live", "wasted", "working",
        ]
        .contains(&word)
}

impl Looks {
    fn is_in(&self, key: &str, message: &str) -> bool {
        let parts = clauses(message);
        let any = |f: &dyn Fn(&[String]) -> bool| parts.iter().any(|c| f(c));
        match self {
            Looks::Words(words) => any(&|c| {
                c.windows(words.len())
                    .any(|w| w.iter().zip(words.iter()).all(|(a, b)| a == b))
            }),
            Looks::Agrees(nouns, verbs) => any(&|c| {
                (0..c.len()).any(|i| {
                    if !nouns.contains(&c[i].as_str())
                        || (i > 0 && c[i - 1] == "aur")
                        || in_a_compound(c, i)
                        || c.get(i + 1)
                            .is_some_and(|w| POSTPOSITIONS.contains(&w.as_str()))
                    {
                        return false;
                    }
                    for w in c.iter().skip(i + 1).take(8) {
                        if verbs.contains(&w.as_str()) {
                            return true;
                        }
                        if one_of(OTHER_SUBJECT, w) {
                            return false;
                        }
                    }
                    false
                })
            }),
            Looks::Before(modifiers, nouns) => any(&|c| {
                (0..c.len()).any(|i| {
                    nouns.contains(&c[i].as_str())
                        && !in_a_compound(c, i)
                        && ((i >= 1 && modifiers.contains(&c[i - 1].as_str()))
                            || (i >= 2
                                && between(&c[i - 1])
                                && modifiers.contains(&c[i - 2].as_str())))
                })
            }),
            Looks::LaneSentence => lane_sentence_slip(message),
            Looks::EnglishEnd => message.split(['.', ';', ':', '?', '!']).any(|sentence| {
                let words: Vec<String> =
                    sentence.split_whitespace().map(str::to_lowercase).collect();
                let [.., before, last] = words.as_slice() else {
                    return false;
                };
                let english_word =
                    before.len() >= 2 && before.chars().all(|c| c.is_ascii_alphabetic());
                english_word
                    && match last.as_str() {
                        "the" => before.ends_with("ed"),
                        w => [
                            "a", "an", "of", "is", "are", "to", "and", "or", "for", "with", "by",
                            "from", "that", "was", "were", "be",
                        ]
                        .contains(&w),
                    }
            }),
            Looks::HindiInFormula => {
                let formula = message.split([':', ',', ';']).next().unwrap_or("");
                key.contains(".help")
                    && formula.contains(['−', '·', '×', '/', '≤', '≥', '+', '<', '>'])
                    && clauses(formula)
                        .iter()
                        .flatten()
                        .any(|w| HINDI_IN_FORMULA.contains(&w.as_str()))
            }
        }
    }
}

/// See [`Looks::LaneSentence`].
fn lane_sentence_slip(message: &str) -> bool {
    let masculine = |w: &str| {
        MASCULINE_SINGULAR.contains(&w) || MASCULINE_PLURAL.contains(&w) || w == "chhoota"
    };
    let feminine = |w: &str| FEMININE.contains(&w) || w == "chhooti";
    message
        .replace("(s)", "s")
        .split(['.', ';', '?', '!', ':'])
        .any(|sentence| {
            let words: Vec<String> = sentence
                .split_whitespace()
                .map(|w| {
                    w.trim_matches(|c: char| !(c.is_alphanumeric() || "{}-_".contains(c)))
                        .to_lowercase()
                })
                .filter(|w| !w.is_empty())
                .collect();
            (0..words.len()).any(|i| {
                // Not a subject: joined (`aur lanes`), a compound's first half, or an object
                // after a count or a place (`do lanes deta hai`, `kam lanes waste karta hai`,
                // `har block mein lanes bhi waste karta hai`: the block does).
                if !(words[i] == "lane" || words[i] == "lanes")
                    || (i > 0
                        && ["aur", "do", "kam", "zyada", "mein"].contains(&words[i - 1].as_str()))
                    || in_a_compound(&words, i)
                {
                    return false;
                }
                // `lanes {lanes} ka naam`: oblique after its placeholder too.
                if words.get(i + 1).is_some_and(|w| w.starts_with('{'))
                    && words
                        .get(i + 2)
                        .is_some_and(|w| POSTPOSITIONS.contains(&w.as_str()))
                {
                    return false;
                }
                // `lanes mein se har ek`: the lanes, one by one, are the subject.
                let each = words[i + 1..].starts_with(&[
                    "mein".to_string(),
                    "se".to_string(),
                    "har".to_string(),
                    "ek".to_string(),
                ]);
                if !each
                    && words
                        .get(i + 1)
                        .is_some_and(|w| POSTPOSITIONS.contains(&w.as_str()))
                {
                    return false;
                }
                let from = if each { i + 5 } else { i + 1 };
                for w in words.iter().skip(from).take(16) {
                    if masculine(w) {
                        return true;
                    }
                    if feminine(w) || one_of(OTHER_SUBJECT, w) {
                        return false;
                    }
                }
                false
            })
        })
}

#[test]
fn hinglish_keeps_one_register() {
    // A native speaker read the Hinglish catalogue against the seed pages (Hindi grammar in
    // Latin script, English technical words inside it); each slip they found is a row of
    // SLIPS, so it cannot come back.
    let hi = parsed(Lang::Hinglish);
    let mut found: Vec<String> = hi
        .iter()
        .flat_map(|(key, message)| {
            SLIPS
                .iter()
                .filter(|slip| slip.looks.is_in(key, message))
                .map(move |slip| format!("{key}: {} in {message:?}", slip.what))
        })
        .collect();
    found.sort();
    assert!(
        found.is_empty(),
        "{} Hinglish slip(s):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_slip_finders_find_the_slips() {
    // Each finder catches the message it was written for, and passes its fix.
    let cases: &[(&str, &str, &str)] = &[
        // Issue 26's six, each with its fix.
        (
            "a lane's sentence",
            "{lanes} lane(s) mein se har ek shared memory ke {elem} bytes access karta hai",
            "{lanes} lane(s) mein se har ek shared memory ke {elem} bytes access karti hai",
        ),
        (
            "a lane's sentence",
            "{lanes} lane(s) {elem}-byte elements ke row-major tile T tile[32][{width} + {pad}] par chalte hain",
            "{lanes} lane(s) {elem}-byte elements ke row-major tile T tile[32][{width} + {pad}] par chalti hain",
        ),
        (
            "a lane's sentence",
            "Row {row} ke saath chalte hue lane l r = {row}, c = l padhta hai.",
            "Row {row} ke saath chalte hue lane l r = {row}, c = l padhti hai.",
        ),
        (
            "a lane's sentence",
            "isliye har lane agle {more} bank(s) ko bhi chhoota hai.",
            "isliye har lane agle {more} bank(s) ko bhi chhooti hai.",
        ),
        (
            "lanes",
            "ek warp mein 32 lanes hote hain",
            "ek warp mein 32 lanes hoti hain",
        ),
        (
            "lanes",
            "32 lanes ek aligned base se 4-byte elements padhte hain",
            "32 lanes ek aligned base se 4-byte elements padhti hain",
        ),
        (
            "a lane",
            "ek lamba path jise koi lane nahi leta",
            "ek lamba path jise koi lane nahi leti",
        ),
        (
            "before lanes",
            "Ek (72, 1, 1) block: kitne lanes waste hote hain?",
            "Ek (72, 1, 1) block: kitni lanes waste hoti hain?",
        ),
        (
            "before lanes",
            "Warp 0 ke 32 lanes mein se",
            "Warp 0 ki 32 lanes mein se",
        ),
        (
            "adjective for a lane",
            "sabse lamba lane 20 iterations",
            "sabse lambi lane 20 iterations",
        ),
        (
            "warp (",
            "4 mein se 2 warps dono sides leti hain",
            "4 mein se 2 warps dono sides lete hain",
        ),
        (
            "runs a warp (",
            "Linear thread 70 kaunsa warp chalata hai?",
            "Linear thread 70 kis warp mein hai?",
        ),
        (
            "English",
            "kernel ne 32 words likhe, jabki 64 expected the",
            "kernel ne 64 ki jagah 32 words likhe",
        ),
        ("jhooth", "Sach ya jhooth?", "Sahi ya galat?"),
        ("jawab", "Jawab hai 4.", "Answer hai 4."),
        (
            "cost is feminine",
            "ek branch ka cost kitna hota hai?",
            "ek branch ki cost kitni hoti hai?",
        ),
        (
            "lanes (",
            "Lanes 3 alag segment(s) ko chhoote hain.",
            "Lanes 3 alag segment(s) ko chhooti hain.",
        ),
        (
            "before lanes",
            "count 3 wale do lanes deta hai",
            "count 3 wali do lanes deta hai",
        ),
        (
            "before warps",
            "kitni warps chahiye?",
            "kitne warps chahiye?",
        ),
        (
            "Hindi inside a formula",
            "⌊regfile / chahiye utne threads⌋",
            "⌊regfile / threads wanted⌋: regfile = har SM ke registers",
        ),
        (
            "Hindi inside a formula",
            "blocks · har block ke warps",
            "blocks · warps per block",
        ),
    ];
    for (what, slip, fix) in cases {
        let finds = |m: &str| {
            SLIPS
                .iter()
                .filter(|s| s.what.contains(what) && s.looks.is_in("a.help", m))
                .count()
        };
        assert!(finds(slip) > 0, "{what:?} misses {slip:?}");
        assert_eq!(finds(fix), 0, "{what:?} flags the fix {fix:?}");
    }
    // Neither the Hindi past after a Hindi participle, nor a joined subject, nor an oblique noun.
    for fine in [
        "move hue 8 bytes mein se 4 hi maange gaye the.",
        "har invocation ka subgroup aur lane record karta hai",
        "Occupancy warps mein measure hoti hai",
        "lane count kabhi cost ko divide nahi karta",
        "Guess karo ki warp 1 ek hi row mein rehta hai",
        "sum 240 aur count 3 wali do lanes deta hai",
        "{call}: mask lanes {lanes} ka naam leta hai",
        "woh har block mein lanes bhi waste karta hai",
    ] {
        let flagged: Vec<_> = SLIPS
            .iter()
            .filter(|s| s.looks.is_in("a.help", fine))
            .map(|s| s.what)
            .collect();
        assert!(flagged.is_empty(), "{fine:?}: {flagged:?}");
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The areas of the catalogue: every key starts with one of these and a dot.
const AREAS: [&str; 17] = [
    "common",
    "assignment",
    "challenge",
    "ui",
    "warps",
    "divergence",
    "latency",
    "coalescing",
    "gpu",
    "quiz",
    "examples",
    "kernel",
    "banks",
    "mma",
    "memory",
    "lms",
    // The static pages the build writes where the app has none (xtask/src/folders.rs).
    "site",
];

/// Every string literal in `src` that looks like a catalogue key (`"area.more-words"`): what
/// `tr!`, `text`, `fill`, `FieldSpec`s, presets and key choices ask for.
fn keys_in_source(src: &str) -> Vec<String> {
    let mut keys = Vec::new();
    for area in AREAS {
        for (i, _) in src.match_indices(&format!("\"{area}.")) {
            let rest = &src[i + 1..];
            let Some(end) = rest.find('"') else {
                continue;
            };
            let key = &rest[..end];
            let tail = &key[area.len() + 1..];
            if !tail.is_empty()
                && tail
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b))
                && !key.ends_with('.')
            {
                keys.push(key.to_string());
            }
        }
    }
    keys
}

#[test]
fn every_key_the_code_asks_for_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("../../src"), &mut files);
    // The build writes a page's no-script line (`xtask/src/pages.rs`).
    rust_files(&root.join("../../xtask/src"), &mut files);
    assert!(files.len() > 20, "found only {} source files", files.len());
    let en = parsed(Lang::En);
    let mut unknown = Vec::new();
    let mut used = 0;
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap_or_default();
        if f.ends_with("i18n/tests.rs") {
            continue;
        }
        for key in keys_in_source(&src) {
            used += 1;
            if !en.contains_key(key.as_str()) && key != "key" {
                unknown.push(format!("{}: {key}", f.display()));
            }
        }
    }
    assert!(used >= 1000, "only {used} keys found in the sources");
    // And no message is dead (the presets' keys are built from their cells, the seed cards'
    // from their ids; examples.rs and quiz/bank.rs check those).
    let mut seen = std::collections::HashSet::new();
    for f in &files {
        seen.extend(keys_in_source(
            &std::fs::read_to_string(f).unwrap_or_default(),
        ));
    }
    let mut dead: Vec<_> = en
        .keys()
        .filter(|k| {
            !k.starts_with("examples.") && !k.starts_with("quiz.bank.") && !seen.contains(**k)
        })
        .collect();
    dead.sort();
    assert!(dead.is_empty(), "messages no code asks for: {dead:#?}");
    assert!(unknown.is_empty(), "keys no catalogue has: {unknown:#?}");
}

#[test]
fn messages_fill_placeholders_and_escapes() {
    assert_eq!(
        render("{a} of {b}", &[("a", &3), ("b", &"32 lanes")]),
        "3 of 32 lanes"
    );
    assert_eq!(render("{{x}} {missing}", &[]), "{x} {missing}");
    assert_eq!(render("a\\nb", &[]), "a\nb");
    assert_eq!(render("if (x) { y }", &[]), "if (x) { y }");
    assert_eq!(render("ü{n}ß", &[("n", &1)]), "ü1ß");
    assert_eq!(placeholders("{b} {a} {{c}} {a}"), vec!["a", "b"]);
    // Issue 26: each count's own form ("1 segments", "lane(s)" no more).
    let tx = "{tx} {tx|transaction|transactions} moved";
    assert_eq!(render(tx, &[("tx", &1)]), "1 transaction moved");
    assert_eq!(render(tx, &[("tx", &2)]), "2 transactions moved");
    assert_eq!(render(tx, &[("tx", &0)]), "0 transactions moved");
    assert_eq!(render(tx, &[("tx", &"1,024")]), "1,024 transactions moved");
    assert_eq!(render(tx, &[]), tx, "no argument: kept as written");
    assert_eq!(placeholders(tx), vec!["tx"]);
    assert_eq!(render("{n|a|b|c}", &[("n", &1)]), "{n|a|b|c}");
}

#[test]
fn continuation_lines_join_and_bad_lines_are_reported() {
    let (map, problems) = parse_catalogue("a.b = one\n    two\n# c\nnot a message\nx.y =\n");
    assert_eq!(map.get("a.b").map(String::as_str), Some("one two"));
    assert_eq!(map.get("x.y").map(String::as_str), Some(""));
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].line, 4);
}

#[test]
fn language_is_scoped_and_falls_back() {
    assert_eq!(lang(), Lang::En);
    let hi = with_lang(Lang::Hinglish, || {
        tr!("common.lang.invalid", value = "\"x\"")
    });
    assert!(hi.contains("sirf"), "{hi}");
    assert_eq!(lang(), Lang::En);
    assert!(tr!("common.lang.invalid", value = 1).contains("must be"));
    assert_eq!(Msg::find("no.such.key"), None);
    let nowhere = Msg {
        index: u16::MAX,
        texts: &[None, None],
    };
    assert_eq!(text(nowhere), "⟦missing message⟧");
}

#[test]
fn lang_values_accept_both_languages() {
    assert_eq!(Lang::parse("en"), Some(Lang::En));
    assert_eq!(Lang::parse(" Hinglish "), Some(Lang::Hinglish));
    assert_eq!(Lang::parse("hi-Latn"), Some(Lang::Hinglish));
    assert_eq!(Lang::parse("fr"), None);
    assert_eq!(Lang::Hinglish.html_lang(), "hi-Latn");
}

/// The parenthesized number a message ends with (`… rules (8.0)` → `(8.0)`), if any.
fn trailing_number(message: &str) -> Option<&str> {
    let m = message.trim_end();
    let open = m.rfind('(')?;
    let tail = &m[open..];
    let inner = tail.strip_prefix('(')?.strip_suffix(')')?;
    (!inner.is_empty() && inner.chars().all(|c| c.is_ascii_digit() || c == '.')).then_some(tail)
}

#[test]
fn no_message_ends_in_a_number_its_twin_lacks() {
    // Issue 26: banks examples were inserted between examples.execution-model.j.follow-1 and
    // its continuation line "(8.0)", which then ended examples.banks.doubles.forecast.
    let (en, hi) = (parsed(Lang::En), parsed(Lang::Hinglish));
    let mut stray = Vec::new();
    for (a, b, lang) in [(&en, &hi, "en"), (&hi, &en, "hinglish")] {
        for (key, message) in a {
            if let Some(n) = trailing_number(message) {
                if !b.get(key).is_some_and(|twin| twin.contains(n)) {
                    stray.push(format!("{lang} {key}: ends in {n}"));
                }
            }
        }
    }
    stray.sort();
    assert!(stray.is_empty(), "{stray:?}");
    assert_eq!(trailing_number("rules (8.0)"), Some("(8.0)"));
    assert_eq!(trailing_number("a (b) c"), None);
    assert_eq!(trailing_number("x (12)  "), Some("(12)"));
    assert!(en
        .get("examples.execution-model.j.follow-1")
        .is_some_and(|m| m.ends_with("(8.0)")));
    assert!(en
        .get("examples.banks.doubles.forecast")
        .is_some_and(|m| m.ends_with("guess the wavefronts.")));
}

#[test]
fn counts_take_their_own_form() {
    // Issue 26: "1 segments", "lane(s)", "wavefront(s)": a count's noun is written with
    // `{n|one|other}`, never as "word(s)".
    let mut found = Vec::new();
    for lang in Lang::ALL {
        for (key, message) in &parsed(lang) {
            if message.contains("(s)") {
                found.push(format!("{lang:?} {key}"));
            }
        }
    }
    found.sort();
    assert!(found.is_empty(), "{found:?}");
    // One and many, through a real message.
    let one = crate::tr!(
        "coalescing.answer",
        tx = 1,
        moved = 128,
        useful = 128,
        eta = "100%"
    );
    assert!(one.starts_with("1 transaction moving"), "{one}");
    let two = crate::tr!(
        "coalescing.answer",
        tx = 2,
        moved = 256,
        useful = 128,
        eta = "50%"
    );
    assert!(two.starts_with("2 transactions moving"), "{two}");
}
