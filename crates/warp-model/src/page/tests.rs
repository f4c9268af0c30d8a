use super::*;

#[test]
fn routes() {
    assert_eq!(route(&Query::parse("")).panel, None);
    assert_eq!(
        route(&Query::parse("panel=warps")).panel,
        Some(Panel::Warps)
    );
    let r = route(&Query::parse("panel=nope"));
    assert_eq!(r.panel, None);
    assert_eq!(r.errors[0].param, "panel");
    assert!(
        r.errors[0].message.contains("warps, divergence"),
        "{}",
        r.errors[0].message
    );
    let r = route(&Query::parse("example=execution-model/B"));
    assert_eq!(r.panel, Some(Panel::Warps));
    assert_eq!(r.example.unwrap().cell, "B");
    let r = route(&Query::parse("example=divergence/C4"));
    assert_eq!(r.panel, Some(Panel::Divergence));
    let r = route(&Query::parse("example=divergence/C11"));
    assert_eq!(r.errors[0].param, "example");
    let r = route(&Query::parse("panel=latency&example=warp-scheduling/A"));
    assert_eq!(r.panel, Some(Panel::Warps));
    assert_eq!(r.errors[0].param, "panel");
    assert_eq!(
        r.errors[0].message,
        "example warp-scheduling/A belongs to panel=warps, not panel=latency; showing the example."
    );
}

#[test]
fn an_assignment_or_the_author_page_is_a_tool_not_a_panel() {
    let r = route(&Query::parse(
        "assignment=1&step=panel%3Dwarps&panel=latency",
    ));
    assert_eq!(
        (r.tool, r.panel, r.errors.len()),
        (Some(Tool::Assignment), None, 0)
    );
    let r = route(&Query::parse("panel=author&step=panel%3Dwarps"));
    assert_eq!(
        (r.tool, r.panel, r.errors.len()),
        (Some(Tool::Author), None, 0)
    );
    // Only `author` is the author page; other unknown panels are still named.
    let r = route(&Query::parse("panel=authors"));
    assert_eq!((r.tool, r.errors[0].param.as_str()), (None, "panel"));
}

#[test]
fn titles_and_routing_errors_in_hinglish() {
    use crate::i18n::{with_lang, Lang};
    assert_eq!(Panel::Gpu.title(), "Your GPU");
    assert_eq!(
        Panel::Latency.question(),
        "How many warps does it take to hide a memory stall?"
    );
    with_lang(Lang::Hinglish, || {
        assert_eq!(Panel::Gpu.title(), "Tumhara GPU");
        assert!(Panel::Warps.question().contains("kaise badalta hai"));
        for p in Panel::ALL {
            assert!(!p.title().is_empty() && !p.question().contains('⟦'));
        }
        let r = route(&Query::parse("panel=nope"));
        assert_eq!(r.panel, None);
        assert_eq!(r.errors[0].param, "panel");
        assert!(
            r.errors[0].message.contains("koi panel nahi")
                && r.errors[0].message.contains("warps, divergence"),
            "{}",
            r.errors[0].message
        );
        let r = route(&Query::parse("panel=latency&example=warp-scheduling/A"));
        assert_eq!(r.panel, Some(Panel::Warps));
        assert!(
            r.errors[0].message.contains("panel=warps ka hai"),
            "{}",
            r.errors[0].message
        );
    });
}

#[test]
fn presentation_params() {
    let (p, e) = presentation(&Query::parse("embed=1&theme=dark"));
    assert_eq!(
        p,
        Presentation {
            embed: true,
            theme: Theme::Dark,
            forecast: None,
            graded: Graded::No,
            recorded: None,
        }
    );
    // graded: 0, 1 or lms; anything else is named and the page is not a graded step.
    for (v, want, errs) in [
        ("1", Graded::Step, 0),
        ("lms", Graded::Lms, 0),
        ("0", Graded::No, 0),
        ("yes", Graded::No, 1),
    ] {
        let (p, e) = presentation(&Query::parse(&format!("graded={v}")));
        assert_eq!((p.graded, e.len()), (want, errs), "{v}");
        assert!(e
            .iter()
            .all(|e| e.param == "graded" && e.message.contains("lms")));
    }
    // forecast: 1 or 0 (true/false read too); anything else is named with its choices.
    for (v, want) in [
        ("1", Some(true)),
        ("0", Some(false)),
        ("true", Some(true)),
        ("", None),
    ] {
        let (p, e) = presentation(&Query::parse(&format!("forecast={v}")));
        assert_eq!((p.forecast, e.len()), (want, 0), "{v}");
    }
    assert!(e.is_empty());
    let (bad, why) = presentation(&Query::parse("forecast=yes"));
    assert_eq!(bad.forecast, None);
    assert_eq!(why[0].param, "forecast");
    assert_eq!(
        why[0].message,
        "forecast = “yes” is not allowed: use 1 (guess first) or 0."
    );
    let (p, e) = presentation(&Query::parse("embed=yes&theme=neon"));
    assert_eq!(p, Presentation::default());
    assert_eq!(
        e.iter().map(|e| e.param.as_str()).collect::<Vec<_>>(),
        ["embed", "theme"]
    );
    assert!(e[1].message.contains("light, dark or auto"));
    assert_eq!(e[0].message, "embed = “yes” is not allowed: use 1 or 0.");
    let (p, e) = crate::i18n::with_lang(crate::i18n::Lang::Hinglish, || {
        presentation(&Query::parse("embed=yes&theme=neon"))
    });
    assert_eq!(p, Presentation::default());
    assert_eq!(e[0].param, "embed");
    assert_eq!(e[0].message, "embed = “yes” nahi chalega: 1 ya 0 likho.");
    assert!(
        e[1].message.contains("light, dark ya auto"),
        "{}",
        e[1].message
    );
}

#[test]
fn lang_names_itself_when_wrong() {
    let q = Query::parse("?panel=warps&block=48&lang=hinglish");
    assert_eq!(lang(&q), (Lang::Hinglish, None));
    let (l, err) = lang(&Query::parse("?lang=klingon"));
    assert_eq!(l, Lang::En);
    let err = err.unwrap();
    assert_eq!(err.param, "lang");
    assert!(err.message.contains("en or hinglish"), "{}", err.message);
}

#[test]
fn a_page_key_given_twice_is_named_and_the_first_read() {
    // Issue 65: each of these was read without a word.
    for (address, key, first) in [
        ("panel=warps&panel=divergence", "panel", "“warps”"),
        (
            "example=divergence/C1&example=divergence/C4",
            "example",
            "“divergence/C1”",
        ),
        ("lang=en&lang=hinglish", "lang", "“en”"),
        ("embed=1&embed=0", "embed", "“1”"),
        (
            "assignment=1&assignment=1&step=panel%3Dwarps",
            "assignment",
            "“1”",
        ),
        ("assignment=1&at=2&at=3", "at", "“2”"),
        (
            "graded=1&recorded=right&recorded=off",
            "recorded",
            "“right”",
        ),
    ] {
        let (look, errors) = presentation(&Query::parse(address));
        let named: Vec<&ParamError> = errors.iter().filter(|e| e.param == key).collect();
        assert_eq!(named.len(), 1, "{address}: {errors:?}");
        assert_eq!(
            named[0].message,
            format!("{key} is given 2 times in the address: the first, {first}, is used."),
            "{address}"
        );
        // The first is what is read.
        if key == "embed" {
            assert!(look.embed);
        }
    }
    // An assignment's steps are a list: `step=` twice is two steps, not a repetition.
    let (_, errors) = presentation(&Query::parse("assignment=1&step=a&step=b"));
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn the_panel_error_lists_every_value_panel_takes() {
    // Issue 65: the list left out the author page.
    let r = route(&Query::parse("panel=nope"));
    let message = &r.errors[0].message;
    for name in ["warps", "kernel", "quiz", "author"] {
        assert!(message.contains(name), "{message}");
    }
}
