use super::*;

fn q(s: &str) -> Query {
    Query::parse(s)
}

#[test]
fn each_prerendered_state_has_the_readable_path_the_readme_names() {
    assert_eq!(path_of(&q("")).as_deref(), Some(""));
    assert_eq!(path_of(&q("lang=hinglish")).as_deref(), Some("hinglish/"));
    assert_eq!(path_of(&q("panel=warps")).as_deref(), Some("warps/"));
    assert_eq!(
        path_of(&q("panel=warps&lang=hinglish")).as_deref(),
        Some("hinglish/warps/")
    );
    assert_eq!(
        path_of(&q("example=divergence/C1")).as_deref(),
        Some("example/divergence/C1/")
    );
    assert_eq!(
        path_of(&q("lang=hinglish&example=divergence/C1")).as_deref(),
        Some("hinglish/example/divergence/C1/")
    );
    assert_eq!(
        path_of(&q("panel=warps&embed=1")).as_deref(),
        Some("embed/warps/")
    );
    assert_eq!(
        path_of(&q("example=banks/stride-2&embed=1&lang=hinglish")).as_deref(),
        Some("hinglish/embed/example/banks/stride-2/")
    );
    // `lang=en` is English, written out.
    assert_eq!(path_of(&q("panel=mma&lang=en")).as_deref(), Some("mma/"));
}

#[test]
fn a_state_with_anything_more_is_not_prerendered() {
    for s in [
        "panel=warps&n=100",
        "panel=warps&forecast=1",
        "panel=warps&theme=dark",
        "panel=warps&panel=warps",
        "panel=warps&example=divergence/C1",
        "panel=author",
        "panel=nope",
        "assignment=1",
        // An example is prerendered under the key it is declared with only.
        "example=divergence/c1",
        "example=divergence/C99",
        "lang=fr",
        "lang=hi",
        // The home view is never embedded; `embed=true` is not the snippet's form.
        "embed=1",
        "panel=warps&embed=true",
        "panel=warps&embed=0",
    ] {
        assert_eq!(path_of(&q(s)), None, "{s}");
    }
}

#[test]
fn the_pages_are_every_panel_and_example_in_both_languages_and_as_embeds() {
    let all = pages();
    // The pages that carry a first frame (issue 63): one under each view of a panel that has
    // one, at the view's own path plus `with/`, the same state.
    let (firsts, pages): (Vec<_>, Vec<_>) = all.iter().cloned().partition(Prerendered::first);
    for f in &firsts {
        let view = f.path.strip_suffix(FIRST_FOLDER).unwrap_or_default();
        assert!(
            pages
                .iter()
                .any(|p| p.path == view && p.query == f.query && p.lang == f.lang),
            "{f:?}"
        );
    }
    let with_first = |p: Panel| {
        2 * (1 + examples::ALL.iter().filter(|e| e.panel == p).count())
            * usize::from(crate::page::bundle::first_frame(p).is_some())
    };
    // An assignment's graded step of each example: its own page under its embed's.
    let graded: Vec<&Prerendered> = pages
        .iter()
        .filter(|p| p.path.ends_with(GRADED_FOLDER))
        .collect();
    assert_eq!(graded.len(), 2 * examples::ALL.len());
    assert!(graded
        .iter()
        .any(|p| p.path == "embed/example/divergence/C4/graded/"
            && p.query == "example=divergence/C4&embed=1&graded=1&forecast=1"));
    assert_eq!(
        firsts.len(),
        2 * Panel::ALL.iter().map(|&p| with_first(p)).sum::<usize>()
    );
    assert!(firsts
        .iter()
        .any(|f| f.path == "hinglish/embed/coalescing/with/"));
    let panels = Panel::ALL.len();
    let examples = examples::ALL.len();
    let challenges = crate::kernel_lab::challenge::builtin::NAMES.len();
    // Per language: the home view, then each view (panel, example or built-in challenge) twice,
    // plain and embedded, and each example's graded step.
    assert_eq!(
        pages.len(),
        2 * (1 + 2 * (panels + examples + challenges) + examples)
    );
    let mut paths: Vec<&str> = all.iter().map(|p| p.path.as_str()).collect();
    paths.sort_unstable();
    paths.dedup();
    assert_eq!(paths.len(), all.len(), "two pages share a path");
    // Every page's path is the one its own state leads to.
    for p in &pages {
        assert_eq!(
            path_of(&p.state()).as_deref(),
            Some(p.path.as_str()),
            "{p:?}"
        );
        assert!(p.path.is_empty() || p.path.ends_with('/'), "{p:?}");
        assert!(!p.query.contains("lang="), "{p:?}");
    }
    let home = &pages[0];
    assert_eq!((home.path.as_str(), home.query.as_str()), ("", ""));
    assert!(pages
        .iter()
        .any(|p| p.path == "hinglish/example/divergence/C1/"
            && p.query == "example=divergence/C1"
            && p.lang == Lang::Hinglish));
}

#[test]
fn a_page_base_climbs_one_folder_per_folder_of_its_path() {
    let page = |path: &str| Prerendered {
        path: path.into(),
        query: String::new(),
        lang: Lang::En,
    };
    assert_eq!(page("").base(), "./");
    assert_eq!(page("warps/").base(), "../");
    assert_eq!(page("hinglish/warps/").base(), "../../");
    assert_eq!(
        page("hinglish/embed/example/divergence/C1/").base(),
        "../../../../../"
    );
}

#[test]
fn links_are_paths_only_on_a_site_with_the_pages_and_settings_are_their_query() {
    set_paths(false);
    assert_eq!(href("panel=warps"), "?panel=warps");
    assert_eq!(href(""), "./");
    set_paths(true);
    assert_eq!(href("panel=warps"), "warps/");
    assert_eq!(href(""), "./");
    assert_eq!(href("example=divergence/C1"), "example/divergence/C1/");
    // A state with settings is its view's page with the settings as its query; a view no page
    // draws stays a query string, relative to the root.
    assert_eq!(href("panel=divergence&paths=8,8"), "divergence/?paths=8,8");
    // ... and a panel with a first frame opens its `with/` page, which carries it.
    assert_eq!(href("panel=warps&n=100"), "warps/with/?n=100");
    assert_eq!(href("panel=author"), "?panel=author");
    i18n::with_lang(Lang::Hinglish, || {
        assert_eq!(href(""), "hinglish/");
        assert_eq!(href("panel=warps"), "hinglish/warps/");
        assert_eq!(href("panel=quiz&topic=mma"), "hinglish/quiz/?topic=mma");
    });
    set_paths(false);
}

#[test]
fn the_language_switch_goes_to_the_other_languages_page() {
    set_paths(true);
    let warps = q("panel=warps");
    assert_eq!(switch_href(&warps, Lang::Hinglish), "hinglish/warps/");
    assert_eq!(
        switch_href(&q("panel=warps&lang=hinglish"), Lang::En),
        "warps/"
    );
    assert_eq!(switch_href(&q("lang=hinglish"), Lang::En), "./");
    // Every other parameter is kept, as the query of the other language's page; a view no
    // page draws is a query string.
    assert_eq!(
        switch_href(&q("panel=warps&block=48"), Lang::Hinglish),
        "hinglish/warps/with/?block=48"
    );
    assert_eq!(
        switch_href(&q("panel=author&title=x"), Lang::Hinglish),
        "?panel=author&title=x&lang=hinglish"
    );
    set_paths(false);
    assert_eq!(
        switch_href(&warps, Lang::Hinglish),
        "?panel=warps&lang=hinglish"
    );
    assert_eq!(switch_href(&Query::default(), Lang::En), "?");
}

#[test]
fn the_address_is_read_over_the_pages_state() {
    assert_eq!(
        page_query("panel=warps&lang=hinglish", "?n=100").to_search(),
        "?panel=warps&lang=hinglish&n=100"
    );
    // A key of the address replaces the state's.
    assert_eq!(
        page_query("panel=warps&lang=hinglish", "?lang=en").to_search(),
        "?panel=warps&lang=en"
    );
    // Repeated keys of the address are all kept, in order (an assignment's `step=`s).
    assert_eq!(
        page_query("", "?assignment=1&step=a&step=b").to_search(),
        "?assignment=1&step=a&step=b"
    );
    assert_eq!(page_query("", "").to_search(), "");
}

#[test]
fn the_prerendered_markup_fits_only_an_address_that_asks_for_nothing_more() {
    assert!(prerender_fits("panel=warps", ""));
    assert!(prerender_fits("panel=warps", "?"));
    assert!(prerender_fits("panel=warps&lang=hinglish", "?panel=warps"));
    assert!(prerender_fits(
        "panel=warps&lang=hinglish",
        "?lang=hinglish&panel=warps"
    ));
    assert!(!prerender_fits("panel=warps", "?n=100"));
    assert!(!prerender_fits("panel=warps", "?panel=divergence"));
    assert!(!prerender_fits("", "?panel=quiz&seed=5"));
    assert!(!prerender_fits("panel=warps", "?forecast=1"));
    assert!(!prerender_fits("panel=warps&lang=hinglish", "?lang=en"));
}

#[test]
fn without_the_pages_the_switch_keeps_every_other_parameter() {
    set_paths(false);
    let q = Query::parse("?panel=warps&block=48&lang=hinglish");
    assert_eq!(switch_href(&q, Lang::En), "?panel=warps&block=48");
    let en = Query::parse("?example=warps/B");
    assert_eq!(
        switch_href(&en, Lang::Hinglish),
        "?example=warps/B&lang=hinglish"
    );
    assert_eq!(switch_href(&Query::default(), Lang::En), "?");
}

#[test]
fn without_the_pages_in_app_links_are_query_strings_that_keep_the_language() {
    set_paths(false);
    assert_eq!(href("panel=warps"), "?panel=warps");
    assert_eq!(href(""), "./");
    i18n::with_lang(Lang::Hinglish, || {
        assert_eq!(href("panel=warps"), "?panel=warps&lang=hinglish");
        assert_eq!(
            href("?example=divergence/C1"),
            "?example=divergence/C1&lang=hinglish"
        );
        assert_eq!(href(""), "?lang=hinglish");
    });
}

#[test]
fn the_challenge_folder_reads_the_labs_own_key() {
    // The lab's own `challenge=` key names a built-in's page.
    let key = crate::kernel_lab::panel::CHALLENGE.url_key();
    assert_eq!(
        address(&q(&format!("panel=kernel&{key}=add-ten"))),
        Some(("kernel/challenge/add-ten/".to_string(), Query::default()))
    );
    // 14 built-in challenges, each a page in both languages, plain and embedded: 56.
    let challenge_pages = pages()
        .into_iter()
        .filter(|p| p.path.contains(CHALLENGE_FOLDER))
        .count();
    assert_eq!(challenge_pages, 14 * 2 * 2);
}
