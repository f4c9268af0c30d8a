use super::*;
use crate::i18n::Lang;

fn lookup_key(lang: Lang, key: &str) -> Option<&'static str> {
    i18n::lookup(lang, Msg::find(key)?)
}

#[test]
fn presets_hold_the_messages_of_their_cells() {
    for e in ALL {
        let m = e.messages();
        for (what, msg) in [
            ("title", Some(m.title)),
            ("question", Some(m.question)),
            ("forecast", Some(m.forecast)),
            ("note", m.note),
        ] {
            assert_eq!(msg, Msg::find(&e.message_key(what)), "{} {what}", e.key());
        }
    }
}

#[test]
fn every_matrix_cell_is_there_once() {
    let expect = [
        ("warp-scheduling", "A B C C2 D E F G H I J"),
        ("divergence", "C1 C2 C3 C4 C5 C6 C7 C8 C9 C10"),
        ("execution-model", "A B C D E F G H I J"),
        (
            "banks",
            "stride-1 stride-2 stride-32 broadcast transpose-naive transpose-padded \
                 transpose-xor doubles",
        ),
        (
            "tensor-cores",
            "who-holds tf32-a ldmatrix-128b ldmatrix-padded ldmatrix-xor",
        ),
        ("memory", "reuse saxpy"),
    ];
    for (topic, cells) in expect {
        let got: Vec<&str> = ALL
            .iter()
            .filter(|e| e.topic == topic)
            .map(|e| e.cell)
            .collect();
        assert_eq!(got.join(" "), cells, "{topic}");
    }
}

#[test]
fn built_panels_presets_are_ready_with_question_and_forecast() {
    let ready: Vec<String> = ALL.iter().filter(|e| e.ready()).map(Example::key).collect();
    assert_eq!(
            ready.join(" "),
            "warp-scheduling/A warp-scheduling/B warp-scheduling/C warp-scheduling/C2 \
             warp-scheduling/D warp-scheduling/E warp-scheduling/F warp-scheduling/G \
             warp-scheduling/H warp-scheduling/I warp-scheduling/J \
             divergence/C1 divergence/C2 divergence/C3 divergence/C4 divergence/C5 divergence/C6 \
             divergence/C7 divergence/C8 divergence/C9 divergence/C10 execution-model/A \
             execution-model/B execution-model/C execution-model/D execution-model/E execution-model/F \
             execution-model/G execution-model/H execution-model/I execution-model/J \
             banks/stride-1 banks/stride-2 banks/stride-32 banks/broadcast \
             banks/transpose-naive banks/transpose-padded banks/transpose-xor banks/doubles \
             tensor-cores/who-holds tensor-cores/tf32-a tensor-cores/ldmatrix-128b \
             tensor-cores/ldmatrix-padded tensor-cores/ldmatrix-xor memory/reuse memory/saxpy"
        );
    for e in ALL.iter().filter(|e| e.ready()) {
        for key in [e.message_key("question"), e.message_key("forecast")] {
            assert!(
                lookup_key(Lang::En, &key).is_some_and(|m| !m.is_empty()),
                "{key}"
            );
        }
    }
}

#[test]
fn every_presets_keys_exist_in_both_catalogues() {
    let mut missing = Vec::new();
    let mut keys: Vec<String> = TOPICS.iter().map(|t| t.2.key().to_string()).collect();
    for e in ALL {
        keys.extend(e.message_keys());
    }
    for key in &keys {
        for lang in Lang::ALL {
            if lookup_key(lang, key).is_none_or(str::is_empty) {
                missing.push(format!("{lang:?} {key}"));
            }
        }
    }
    assert!(missing.is_empty(), "missing: {missing:#?}");
    // A note exists where the catalogue has one; these two cells have one, in both.
    let noted: Vec<String> = ALL
        .iter()
        .filter(|e| e.note().is_some())
        .map(Example::key)
        .collect();
    assert_eq!(noted, ["divergence/C6", "divergence/C7"]);
    for e in ALL.iter().filter(|e| e.note().is_some()) {
        assert!(lookup_key(Lang::Hinglish, &e.message_key("note")).is_some());
    }
}

#[test]
fn every_preset_asks_one_figure_and_asks_a_second_only_after_the_reveal() {
    for e in ALL {
        assert!(
            !e.forecast_metric.is_empty(),
            "{}: no Forecast figure",
            e.key()
        );
        assert_ne!(e.forecast_metric, e.then_metric, "{}", e.key());
        assert_eq!(
            e.then().is_some(),
            !e.then_metric.is_empty(),
            "{}: a follow-up figure needs its question, and a question its figure",
            e.key()
        );
    }
    // The four lessons' examples ask what the lessons ask (lessons.rs): warps, cycles,
    // yes/no, transactions; the seed's second quantity follows the reveal.
    let asks = |k: &str| {
        let e = find(k).unwrap();
        (e.forecast_metric, e.then_metric)
    };
    assert_eq!(
        asks("warp-scheduling/B"),
        ("warps-per-block", "idle-lanes-per-block")
    );
    assert_eq!(asks("divergence/C1"), ("diverged-cycles", "efficiency"));
    assert_eq!(asks("execution-model/G"), ("latency-hidden", ""));
    assert_eq!(asks("execution-model/D"), ("transactions", "efficiency"));
}

#[test]
fn english_presets_read_as_before() {
    let g = find("warp-scheduling/G").unwrap();
    assert_eq!(g.title(), "Divergence, both branches taken");
    assert_eq!(g.source(), "seed 000, Ex 7");
    assert_eq!(
        g.follow_up_links().collect::<Vec<_>>(),
        [(
            "The same with a 31-vs-1 split",
            "panel=divergence&paths=30,30&lanes=31,1"
        )]
    );
    let c2 = find("warp-scheduling/C2").unwrap();
    assert_eq!(
        c2.question(),
        "blockDim = (8, 4, 3). Which slice and row hold linear index 70, and how many \
             warps are there?"
    );
    assert_eq!(c2.source(), "seed 000, Ex 3b");
    assert_eq!(
        find("divergence/C7").unwrap().note(),
        Some(
            "The seed keeps the branch overhead O symbolic (O > 0); the preset uses O = 2 cycles."
        )
    );
    assert_eq!(find("divergence/C1").unwrap().note(), None);
    assert_eq!(
        find("warp-scheduling/D").unwrap().written_here_note(),
        Some("(the seed page lost this example's body; written here to fit its cell)")
    );
    assert_eq!(find("warp-scheduling/A").unwrap().written_here_note(), None);
    assert_eq!(topic_title("divergence"), "Warp divergence penalties");
}

#[test]
fn hinglish_presets_keep_the_numbers_and_queries() {
    let e = find("warp-scheduling/B").unwrap();
    let (en_q, en_src, en_links) = (e.question(), e.source(), e.follow_up_links().count());
    let (hi_q, hi_f, hi_src, hi_topic) = i18n::with_lang(Lang::Hinglish, || {
        (
            e.question(),
            e.forecast(),
            e.source(),
            topic_title("warp-scheduling"),
        )
    });
    assert!(hi_q.contains("Kitne warps hain"), "{hi_q}");
    assert!(hi_f.starts_with("Kitne warps: 3 ya 4?"), "{hi_f}");
    assert_eq!(hi_topic, "Warps aur warp scheduling");
    assert!(
        hi_src.contains(" ka Ex 2") && hi_src.contains("000"),
        "{hi_src}"
    );
    assert_ne!(hi_src, en_src);
    // The same inputs: blockDim and its numbers are there verbatim.
    assert!(
        en_q.starts_with("blockDim = (100, 1, 1).") && hi_q.starts_with("blockDim = (100, 1, 1).")
    );
    assert_eq!(en_links, 0);
    for e in ALL {
        let en: Vec<_> = e.follow_up_links().map(|(_, q)| q).collect();
        let (hi, labels): (Vec<_>, Vec<_>) = i18n::with_lang(Lang::Hinglish, || {
            e.follow_up_links().map(|(l, q)| (q, l)).unzip()
        });
        assert_eq!(hi, en, "{}", e.key());
        for l in labels {
            assert!(
                !e.follow_up_links().any(|(en_label, _)| en_label == l),
                "{}: {l} is not translated",
                e.key()
            );
        }
    }
    let err = i18n::with_lang(Lang::Hinglish, || find("divergence/Z").unwrap_err());
    assert_eq!(err.param, "example");
    assert!(
        err.message.contains("nahi hai") && err.message.contains("C1, C2"),
        "{}",
        err.message
    );
}

#[test]
fn find_is_forgiving_about_case_and_strict_about_names() {
    assert_eq!(find("warp-scheduling/c2").unwrap().cell, "C2");
    assert_eq!(find("warp-scheduling").unwrap_err().param, "example");
    assert!(find("nope/A")
        .unwrap_err()
        .message
        .contains("execution-model"));
    assert!(find("divergence/Z").unwrap_err().message.contains("C1, C2"));
}

/// One name per quantity, the one the form uses (issue 66: lesson 3 asked about "C = 20
/// compute cycles" over a field labelled "Instructions W"): a latency example's question gives
/// each input it sets by the field's letter, in both languages (a seed's own name for it may
/// follow in brackets, never stand alone), and its follow-up links name the letter too.
#[test]
fn a_latency_examples_question_names_its_inputs_by_the_fields_letters() {
    // (example, what its question must say): the preset's own values, read off `params`.
    let cases: [(&str, &[&str]); 4] = [
        ("execution-model/G", &["S = 4", "L = 200", "W = 20"]),
        ("execution-model/H", &["W = 10"]),
        (
            "warp-scheduling/J",
            &["S = 4", "L = 400", "T = 1", "W = 20"],
        ),
        ("warp-scheduling/E", &["W = 15", "L = 300"]),
    ];
    for lang in Lang::ALL {
        crate::i18n::set_lang(lang);
        for (key, says) in cases {
            let e = find(key).unwrap();
            for part in says {
                assert!(
                    e.question().contains(part),
                    "{lang:?} {key}: {part} in {}",
                    e.question()
                );
            }
            for text in [e.question(), e.forecast()] {
                // What is said outside brackets.
                let outside: String = text
                    .split('(')
                    .enumerate()
                    .map(|(i, p)| {
                        if i == 0 {
                            p
                        } else {
                            p.split_once(')').map_or("", |(_, o)| o)
                        }
                    })
                    .collect();
                for alone in ["C = ", "N_sched", "T_issue", "I_warp"] {
                    assert!(
                        !outside.contains(alone),
                        "{lang:?} {key}: {alone} in {text}"
                    );
                }
            }
            for (label, query) in e.follow_up_links() {
                assert!(!label.contains("C = "), "{lang:?} {key}: {label}");
                // "Case H: W = 10" links the state with W=10.
                if label.contains("W = 10") {
                    assert!(query.contains("W=10"), "{query}");
                }
            }
        }
    }
    crate::i18n::set_lang(Lang::En);
    let g = find("execution-model/G").unwrap();
    assert_eq!(g.follow_up_links().next().unwrap().0, "Case H: W = 10");
    // The field the question names: "Instructions W".
    assert!(crate::t!("latency.field.w").ends_with(" W"));
}

#[test]
fn a_panel_reads_its_own_presets_words_from_its_own_table() {
    // Issue 68: each panel's page links only its table; the words are the same as the full
    // table's, every preset is in exactly one table, and another panel's model finds none.
    use crate::banks::panel::BanksModel;
    use crate::memory::panel::MemoryModel;
    use crate::warps::panel::WarpsModel;
    fn same<P: crate::panel::PanelModel>(e: &Example) {
        let t = e.text_in::<P>().unwrap_or_else(|| panic!("{}", e.key()));
        assert_eq!(t.title, e.title(), "{}", e.key());
        assert_eq!(t.question, e.question(), "{}", e.key());
        assert_eq!(t.forecast, e.forecast(), "{}", e.key());
        assert_eq!(t.then, e.then(), "{}", e.key());
        assert_eq!(t.note, e.note(), "{}", e.key());
        // Every follow-up has its label, from the same table.
        let labels: Vec<&str> = e.follow_up_links().map(|(l, _)| l).collect();
        assert_eq!(&t.follow[..labels.len()], &labels[..], "{}", e.key());
        assert!(labels.iter().all(|l| !l.is_empty()), "{}", e.key());
    }
    for lang in [Lang::En, Lang::Hinglish] {
        crate::i18n::with_lang(lang, || {
            for e in ALL {
                match e.panel {
                    Panel::Banks => {
                        same::<BanksModel>(e);
                        assert_eq!(e.text_in::<WarpsModel>(), None);
                    }
                    Panel::Warps => same::<WarpsModel>(e),
                    Panel::Divergence => same::<crate::divergence::panel::DivergenceModel>(e),
                    Panel::Latency => same::<crate::latency::panel::LatencyModel>(e),
                    Panel::Coalescing => same::<crate::coalescing::panel::CoalescingModel>(e),
                    Panel::Mma => same::<crate::mma::panel::MmaModel>(e),
                    Panel::Memory => {
                        same::<MemoryModel>(e);
                        assert_eq!(e.text_in::<BanksModel>(), None);
                    }
                    _ => {}
                }
            }
        });
    }
    assert!(ALL.iter().all(|e| e.follow_ups.len() <= FOLLOW_UPS));
    let total: usize = (0..Panel::ALL.len()).map(|at| table_at(at).len()).sum();
    assert_eq!(total, ALL.len());
    // The warps table (the first panel's) holds exactly the warps presets.
    assert_eq!(
        table_at(0).len(),
        ALL.iter().filter(|e| e.panel == Panel::Warps).count()
    );
}
