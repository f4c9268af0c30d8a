//! One walk over the registry checks every panel the same way: its entry is its own, its
//! parameters are declared well and round-trip through the URL, its presets evaluate without an
//! error, and no text in any parameter panics.

use super::*;
use crate::examples;
use crate::i18n::{lookup, with_lang, Lang};
use crate::params::{Kind, UrlForm};
use proptest::prelude::*;

#[test]
fn each_panel_has_its_own_entry() {
    let mut names = Vec::new();
    for &p in Panel::ALL {
        let spec = p.spec();
        assert_eq!(spec.panel, p);
        assert_eq!(Panel::parse(spec.name), Some(p), "{}", spec.name);
        assert!(!names.contains(&spec.name), "{} twice", spec.name);
        names.push(spec.name);
        for lang in Lang::ALL {
            assert!(lookup(lang, spec.title).is_some(), "{lang:?} {}", spec.name);
            assert!(
                lookup(lang, spec.question).is_some(),
                "{lang:?} {}",
                spec.name
            );
        }
    }
    assert_eq!(Panel::parse("nope"), None);
}

#[test]
fn parameters_are_declared_well() {
    for &p in Panel::ALL {
        let spec = p.spec();
        let mut names: Vec<&str> = Vec::new();
        for param in spec.params {
            let what = format!("{} {}", spec.name, param.name);
            assert!(!names.contains(&param.name), "{what}: declared twice");
            names.push(param.name);
            for lang in Lang::ALL {
                assert!(lookup(lang, param.label).is_some(), "{lang:?} {what}");
                for m in [param.hint, param.unit, param.why_limit]
                    .into_iter()
                    .flatten()
                {
                    assert!(lookup(lang, m).is_some(), "{lang:?} {what}");
                }
                if let Kind::Choice(choices) = param.kind {
                    for c in choices {
                        assert!(lookup(lang, c.label).is_some(), "{lang:?} {what}");
                    }
                }
                // The hint is whole in both languages (never a missing message).
                let hint = with_lang(lang, || param.hint_text());
                assert!(!hint.contains('⟦'), "{lang:?} {what}: {hint}");
            }
            // A default is a value the parameter accepts.
            match param.kind {
                Kind::Whole { .. } if !param.default.is_empty() => {
                    assert!(param.parse(param.default).is_ok(), "{what}");
                }
                Kind::Choice(choices) if !param.default.is_empty() => {
                    assert!(choices.iter().any(|c| c.value == param.default), "{what}");
                }
                Kind::List { .. } if !param.default.is_empty() => {
                    assert!(param.parse_list(param.default, "").is_ok(), "{what}");
                }
                _ => {}
            }
            // A name another parameter resets it by exists in the same panel.
            for r in param.reset_by {
                assert!(spec.params.iter().any(|q| q.name == *r), "{what}: {r}");
            }
        }
    }
}

/// A value for `param` other than its default (so that the URL must carry it).
fn sample(param: &crate::params::Param) -> String {
    let value = match param.kind {
        Kind::Whole { min, max } => {
            if param.default == max.to_string() {
                min.to_string()
            } else {
                max.to_string()
            }
        }
        Kind::Choice(choices) => choices
            .iter()
            .map(|c| c.value)
            .find(|v| *v != param.default)
            .unwrap_or(choices[0].value)
            .to_string(),
        Kind::List { min, max, .. } => format!("{max},{min}"),
        Kind::Text { .. } => "7x9".to_string(),
    };
    assert_ne!(value, param.default, "{}", param.name);
    value
}

#[test]
fn every_field_round_trips_through_the_url() {
    for &p in Panel::ALL {
        let spec = p.spec();
        for param in spec.params {
            // The field alone, as the form would set it, written to the URL and read back; in
            // a panel with modes, with the first mode that uses it (which the URL then names,
            // unless it is the default mode).
            let mut q = Query::parse(&format!("panel={}", spec.name));
            let mode = spec.modes.and_then(|m| {
                m.only
                    .iter()
                    .find(|o| o.params.contains(&param.name))
                    .map(|o| (m.param, o.value))
            });
            if let Some((mode_param, value)) = mode {
                q.set(mode_param.name, Some(value));
            }
            let value = sample(param);
            let written = match param.url {
                UrlForm::Part { key, index } => {
                    // The other parts at their defaults, this one changed.
                    let mut parts: Vec<String> = spec
                        .params
                        .iter()
                        .filter(|o| o.url_key() == key)
                        .map(|o| o.default.to_string())
                        .collect();
                    parts[index] = value.clone();
                    // Trailing parts at their defaults are left out (`block=48` for 48 × 1 × 1).
                    let defaults: Vec<&str> = spec
                        .params
                        .iter()
                        .filter(|o| o.url_key() == key)
                        .map(|o| o.default)
                        .collect();
                    while parts.len() > 1
                        && parts.last().map(String::as_str)
                            == defaults.get(parts.len() - 1).copied()
                    {
                        parts.pop();
                    }
                    parts.join(",")
                }
                UrlForm::Own | UrlForm::Always => value.clone(),
            };
            q.set(param.url_key(), Some(&written));
            let back = spec.panel.round_trip(&q);
            // A link that names a mode and leaves out what it needs opens on the mode's
            // starter (issue 45), which the address then carries; a mode implied by its
            // starter need not be named.
            let active = spec.modes.and_then(|m| m.find(q.get(m.param.url_key())?));
            let starters: Vec<&str> =
                active.map_or(Vec::new(), |a| a.starter.iter().map(|(n, _)| *n).collect());
            let implied = active
                .and_then(|a| a.infer_from)
                .is_some_and(|n| back.get(n).is_some_and(|v| !v.is_empty()));
            let is_mode = spec.modes.is_some_and(|m| m.param.name == param.name);
            if !(is_mode && implied && back.get(param.url_key()).is_none()) {
                assert_eq!(
                    back.get(param.url_key()),
                    Some(written.as_str()).filter(|w| !w.is_empty()),
                    "{} {}",
                    spec.name,
                    param.name
                );
            }
            // Everything the query did not name stays out of the address (or at its
            // declared always-written value).
            for other in spec.params {
                let named_mode = mode.is_some_and(|(m, v)| m.name == other.name && v != m.default);
                if other.url_key() != param.url_key()
                    && other.url == UrlForm::Own
                    && !named_mode
                    && !starters.contains(&other.name)
                {
                    assert_eq!(
                        back.get(other.url_key()),
                        None,
                        "{} {}",
                        spec.name,
                        other.name
                    );
                }
            }
        }
        // Parameters of other panels, and unknown ones, pass through untouched.
        let q = Query::parse(&format!("panel={}&future=kept&lang=hinglish", spec.name));
        let back = spec.panel.round_trip(&q);
        assert_eq!(back.get("future"), Some("kept"));
        assert_eq!(back.get("lang"), Some("hinglish"));
    }
}

#[test]
fn every_preset_evaluates_without_an_error() {
    let mut seen = 0;
    for ex in examples::ALL {
        let checked = ex.panel.evaluate_query(&Query::default(), ex.params);
        assert!(
            checked.errors.is_empty(),
            "{}: {:?}",
            ex.key(),
            checked.errors
        );
        assert!(!checked.figures.is_empty(), "{}", ex.key());
        seen += 1;
    }
    assert_eq!(seen, examples::ALL.len());
    // And every panel at its defaults.
    for &p in Panel::ALL {
        let checked = p.evaluate_query(&Query::default(), &[]);
        assert!(
            checked.errors.is_empty(),
            "{}: {:?}",
            p.name(),
            checked.errors
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn arbitrary_text_in_any_parameter_never_panics(
        k in 0usize..1000,
        text in ".{0,40}",
        other in ".{0,12}",
    ) {
        for &p in Panel::ALL {
            let spec = p.spec();
            let param = &spec.params[k % spec.params.len()];
            let neighbour = &spec.params[(k / 7) % spec.params.len()];
            let mut q = Query::default();
            q.set(param.url_key(), Some(&text));
            q.set(neighbour.url_key(), Some(&other));
            let checked = spec.panel.evaluate_query(&q, &[]);
            for e in &checked.errors {
                // Every error names a declared parameter, or a side of a block given as
                // `X[,Y[,Z]]` (named like the warps panel's fields), or the kernel lab's run.
                let named = spec.params.iter().any(|x| x.name == e.param || x.url_key() == e.param)
                    || ["block", "block-x", "block-y", "block-z", "run"].contains(&e.param.as_str());
                prop_assert!(named, "{}: {}", spec.name, e.param);
                prop_assert!(!e.message.is_empty());
            }
        }
    }
}

#[test]
fn every_choice_parameter_names_a_bad_value_and_its_choices() {
    // Issue 26: `sched=bogus` ran the stack model silently. Every declared choice of every
    // panel, given a value outside its choices (with the mode that uses it, if any), is a
    // named error listing the choices; a panel added to the registry is walked too.
    let mut walked = 0;
    for &p in Panel::ALL {
        let spec = p.spec();
        for param in spec.params {
            let Kind::Choice(choices) = param.kind else {
                continue;
            };
            let mut query = format!("panel={}&{}=volta", spec.name, param.url_key());
            if let Some(modes) = spec.modes {
                if let Some(m) = modes.only.iter().find(|m| m.params.contains(&param.name)) {
                    query = format!("{query}&{}={}", modes.param.url_key(), m.value);
                }
            }
            let checked = p.evaluate_query(&Query::parse(&query), &[]);
            let e = checked
                .errors
                .iter()
                .find(|e| e.param == param.name)
                .unwrap_or_else(|| panic!("{query}: no error named {}", param.name));
            assert!(e.message.contains("“volta”"), "{query}: {}", e.message);
            for c in choices {
                assert!(
                    e.message.contains(c.value),
                    "{query}: {} lacks {}",
                    e.message,
                    c.value
                );
            }
            walked += 1;
        }
    }
    // elem, line, walk, layout; topic; mode, elem, walk, swizzle; mode; sched; run; policy,
    // mode, cc: the fifteen declared today, at least.
    assert!(walked >= 15, "{walked}");
    // The kernel lab's sched in particular, in both languages.
    let e = Panel::Kernel.evaluate_query(&Query::parse("panel=kernel&sched=volta"), &[]);
    assert!(e.figures.is_empty() || e.errors.iter().any(|e| e.param == "sched"));
    let sched = e.errors.iter().find(|e| e.param == "sched").unwrap();
    assert!(
        sched.message.contains("stack") && sched.message.contains("its"),
        "{}",
        sched.message
    );
}

#[test]
fn shared_limits_have_one_home() {
    // Issue 26: element sizes and the stride and offset limits were written in each panel.
    // Both memory panels declare exactly the crate's.
    for p in [Panel::Coalescing, Panel::Banks] {
        let spec = p.spec();
        let param = |n: &str| spec.params.iter().find(|q| q.name == n).unwrap();
        let Kind::Choice(choices) = param("elem").kind else {
            panic!("{} elem is not a choice", spec.name)
        };
        let sizes: Vec<u64> = choices.iter().map(|c| c.value.parse().unwrap()).collect();
        assert_eq!(sizes, crate::ELEM_SIZES, "{}", spec.name);
        assert!(
            matches!(param("stride").kind, Kind::Whole { max, .. } if max == crate::MAX_STRIDE),
            "{}",
            spec.name
        );
        assert!(
            matches!(param("offset").kind, Kind::Whole { max, .. } if max == crate::MAX_OFFSET),
            "{}",
            spec.name
        );
    }
}
