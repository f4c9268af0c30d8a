use super::*;

#[test]
fn snippet_title_follows_the_language() {
    let q = Query::parse("panel=gpu");
    let s = crate::i18n::with_lang(crate::i18n::Lang::Hinglish, || {
        embed_snippet("/", &q, Some(Panel::Gpu))
    });
    assert!(s.contains("title=\"Warp Lab: Tumhara GPU\""), "{s}");
}

#[test]
fn snippets_reproduce_the_view() {
    let q = Query::parse("panel=warps&block=48,4&warp=1");
    let s = embed_snippet("https://c.edu/gpu/warplab/", &q, Some(Panel::Warps));
    assert_eq!(
            s,
            format!(
                "<iframe src=\"https://c.edu/gpu/warplab/?panel=warps&amp;block=48,4&amp;warp=1&amp;embed=1\" \
                 title=\"Warp Lab: Block-to-warp map\" width=\"100%\" height=\"1300\" \
                 style=\"border:0;max-width:800px\" loading=\"lazy\" data-warp-lab></iframe>\n{SIZING_SCRIPT}"
            )
        );
    // A parameter that tries to close the attribute and open a script stays in the src.
    let q = Query::parse("panel=divergence&cond=idx%22%3E%3Cscript%3E&embed=1");
    let s = embed_snippet("/", &q, Some(Panel::Divergence));
    assert!(!s.contains("\"><script>"), "{s}");
    assert_eq!(s.matches("<script>").count(), 1, "{s}");
    assert_eq!(
        open_in_app_url(&Query::parse("embed=1&panel=warps&n=3")),
        "?panel=warps&n=3"
    );
}

#[test]
fn on_a_site_with_prerendered_pages_a_snippet_opens_the_embeds_page() {
    crate::site::set_paths(true);
    let s = embed_snippet(
        "https://c.edu/gpu/",
        &Query::parse("panel=warps"),
        Some(Panel::Warps),
    );
    assert!(
        s.starts_with("<iframe src=\"https://c.edu/gpu/embed/warps/\" "),
        "{s}"
    );
    let s = embed_snippet(
        "https://c.edu/gpu/",
        &Query::parse("example=divergence/C1&lang=hinglish"),
        Some(Panel::Divergence),
    );
    assert!(
        s.starts_with("<iframe src=\"https://c.edu/gpu/hinglish/embed/example/divergence/C1/\" "),
        "{s}"
    );
    // A state with settings is the embed's page with the settings as its query (issue 63:
    // the page's first figure comes from its own HTML, not the root's); a panel with a first
    // frame opens its `with/` page, which carries it.
    let s = embed_snippet(
        "https://c.edu/gpu/",
        &Query::parse("panel=divergence&paths=8,8"),
        Some(Panel::Divergence),
    );
    assert!(
        s.starts_with("<iframe src=\"https://c.edu/gpu/embed/divergence/?paths=8,8\" "),
        "{s}"
    );
    let s = embed_snippet(
        "https://c.edu/gpu/",
        &Query::parse("panel=warps&n=5"),
        Some(Panel::Warps),
    );
    assert!(
        s.starts_with("<iframe src=\"https://c.edu/gpu/embed/warps/with/?n=5\" "),
        "{s}"
    );
    let s = embed_snippet(
        "https://c.edu/gpu/",
        &Query::parse("panel=coalescing&stride=2&lang=hinglish"),
        Some(Panel::Coalescing),
    );
    assert!(
        s.starts_with(
            "<iframe src=\"https://c.edu/gpu/hinglish/embed/coalescing/with/?stride=2\" "
        ),
        "{s}"
    );
    // A view no page draws is the query string, as before.
    let s = embed_snippet(
        "https://c.edu/gpu/",
        &Query::parse("panel=warps&lang=hi"),
        Some(Panel::Warps),
    );
    assert!(
        s.starts_with("<iframe src=\"https://c.edu/gpu/?panel=warps&amp;lang=hi&amp;embed=1\" "),
        "{s}"
    );
    // "Open in Warp Lab" from the embed leads to the page itself.
    assert_eq!(
        open_in_app_url(&Query::parse("panel=warps&embed=1")),
        "warps/"
    );
    assert_eq!(
        open_in_app_url(&Query::parse("panel=warps&embed=1&n=3")),
        "warps/with/?n=3"
    );
    assert_eq!(open_in_app_url(&Query::parse("embed=1")), "./");
    crate::site::set_paths(false);
}

#[test]
fn the_sizing_script_is_self_contained_and_installs_once() {
    let s = embed_snippet(
        "https://c.edu/",
        &Query::parse("panel=quiz"),
        Some(Panel::Quiz),
    );
    // One iframe, marked for the script, and one inline script after it: no `src`, so
    // nothing is fetched from anywhere.
    let (frame, script) = s.split_once('\n').unwrap();
    assert!(frame.starts_with("<iframe ") && frame.ends_with(" data-warp-lab></iframe>"));
    assert!(script.starts_with("<script>\n") && script.ends_with("\n</script>"));
    assert!(!script.contains(" src="));
    // The guard: the listener is added inside `if (!window.warpLabSizing)` that sets it.
    let guard = script.find("if (!window.warpLabSizing) {").unwrap();
    let set = script.find("window.warpLabSizing = true;").unwrap();
    let listen = script.find("addEventListener('message'").unwrap();
    assert!(guard < set && set < listen);
    // It reads the frame's documented message (docs/embedding.md: {source, type: "resize", height}),
    // from a Warp Lab frame of the page and its origin only, never a height of 0, at most
    // the frame's own cap.
    for part in [
        "d.source !== 'warp-lab'",
        "d.type !== 'resize'",
        "!(d.height > 0)",
        "iframe[data-warp-lab]",
        "frame.contentWindow === event.source",
        "origin === event.origin",
        &format!("Math.min(d.height, {MAX_REPORTED_HEIGHT})"),
    ] {
        assert!(script.contains(part), "{part}");
    }
}

#[test]
fn the_readme_shows_the_script_the_snippets_carry() {
    let readme = include_str!("../../../../docs/embedding.md");
    assert!(
        readme.contains(SIZING_SCRIPT),
        "docs/embedding.md is out of date"
    );
}

#[test]
fn only_documented_host_messages_pass() {
    use crate::i18n::Lang;
    let msg = |fields: &[(&str, &str)]| {
        let fields: Vec<(String, String)> = fields
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        HostMessage::from_fields(|name| {
            fields
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    };
    let host = ("source", "warp-lab-host");
    assert_eq!(
        msg(&[host, ("type", "request-height")]),
        Some(HostMessage::RequestHeight)
    );
    assert_eq!(
        msg(&[host, ("type", "set-theme"), ("theme", "dark")]),
        Some(HostMessage::SetTheme(Theme::Dark))
    );
    assert_eq!(msg(&[host, ("type", "set-theme"), ("theme", "<b>")]), None);
    assert_eq!(msg(&[host, ("type", "set-theme")]), None);
    assert_eq!(
        msg(&[host, ("type", "set-lang"), ("lang", "hinglish")]),
        Some(HostMessage::SetLang(Lang::Hinglish))
    );
    assert_eq!(
        msg(&[host, ("type", "set-lang"), ("lang", "en")]),
        Some(HostMessage::SetLang(Lang::En))
    );
    assert_eq!(msg(&[host, ("type", "set-lang"), ("lang", "fr")]), None);
    assert_eq!(msg(&[host, ("type", "set-lang"), ("theme", "en")]), None);
    assert_eq!(msg(&[("source", "evil"), ("type", "request-height")]), None);
    assert_eq!(msg(&[("type", "request-height")]), None);
    assert_eq!(msg(&[host, ("type", "eval")]), None);
}
