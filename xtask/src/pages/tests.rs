use super::*;

const TEMPLATE: &str = "<html lang=\"__WARP_LAB_LANG__\"__WARP_LAB_STATE__><head>__WARP_LAB_BASE__\
<title>__WARP_LAB_TITLE__</title><style>__WARP_LAB_STYLE__</style></head><body><div id=\"boot\" class=\"boot__WARP_LAB_BOOT_CLASS__\">\
</div><noscript>__WARP_LAB_NOSCRIPT__</noscript>__WARP_LAB_PRERENDERED__</body></html>";

fn page(path: &str, query: &str, lang: Lang, body: &str) -> Rendered {
    Rendered {
        path: path.into(),
        query: query.into(),
        lang,
        title: "Divergence <timeline> · Warp Lab".into(),
        body: body.into(),
    }
}

#[test]
fn a_prerendered_page_carries_its_state_base_title_and_markup() {
    let t = Template(TEMPLATE.into());
    let html = t
        .page(
            &page(
                "hinglish/example/divergence/C1/",
                "example=divergence/C1",
                Lang::Hinglish,
                "<main id=\"main\">x</main>",
            ),
            "divergence",
            ".d{top:0}",
            None,
        )
        .unwrap();
    // Four folders deep: the base climbs four to the site's root.
    assert!(html.contains("<base href=\"../../../../\" />"), "{html}");
    assert!(
        html.starts_with(
            "<html lang=\"hi-Latn\" data-query=\"example=divergence/C1&amp;lang=hinglish\" \
             data-styles=\"divergence\">"
        ),
        "{html}"
    );
    assert!(html.contains("<title>Divergence &lt;timeline&gt; · Warp Lab</title>"));
    // Its bundle's styles, not the shell's.
    assert!(html.contains("<style>.d{top:0}</style>"), "{html}");
    assert!(html.contains("class=\"boot over\""));
    assert!(html.contains("<div data-prerendered=\"\"><main id=\"main\">x</main></div>"));
    // The no-script line in the page's language.
    assert!(
        html.contains("<p class=\"noscript\">Neeche ke figures"),
        "{html}"
    );
    assert!(
        !html.contains("__WARP_LAB"),
        "a placeholder was left: {html}"
    );
}

#[test]
fn the_roots_page_has_its_own_folder_as_base_and_the_shell_has_no_state() {
    let t = Template(TEMPLATE.into());
    let home = t
        .page(
            &page("", "", Lang::En, "<main></main>"),
            "home",
            ".h{top:0}",
            None,
        )
        .unwrap();
    assert!(home.contains(r#"<base href="./" />"#), "{home}");
    assert!(home.contains("data-query=\"\""), "{home}");
    let shell = t.shell(".all{top:0}");
    assert!(
        shell.starts_with(
            "<html lang=\"en\"><head><title>Warp Lab</title><style>.all{top:0}</style>"
        ),
        "{shell}"
    );
    assert!(!shell.contains("data-prerendered") && !shell.contains("data-query"));
    // Both languages' line: a shell is any page's before its language is read.
    assert!(
        shell.contains("<p lang=\"en\">Warp Lab needs JavaScript"),
        "{shell}"
    );
    assert!(
        shell.contains("<p lang=\"hi-Latn\">Warp Lab ka model"),
        "{shell}"
    );
    assert!(
        !shell.contains("__WARP_LAB"),
        "a placeholder was left: {shell}"
    );
}

#[test]
fn markup_with_a_script_is_refused() {
    let t = Template(TEMPLATE.into());
    assert!(t
        .page(
            &page(
                "warps/",
                "panel=warps",
                Lang::En,
                "<script>alert(1)</script>"
            ),
            "warps",
            "",
            None
        )
        .is_err());
}

#[test]
fn a_page_under_with_carries_its_first_frame_and_allows_its_glue() {
    let template = format!(
        "<html__WARP_LAB_STATE__><head><meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\
         <script>loader</script></head><body>__WARP_LAB_PRERENDERED__</body></html>",
        crate::csp::MARKER
    );
    let t = Template(crate::csp::fill(&template).unwrap());
    let with = page(
        "coalescing/with/",
        "panel=coalescing",
        Lang::En,
        "<main></main>",
    );
    let first = FirstFrame {
        script: "var warpFirst=1;".into(),
        wasm: "AGFzbQ==".into(),
    };
    let html = t.page(&with, "coalescing", "", Some(&first)).unwrap();
    assert!(html.contains(" data-first=\"\""), "{html}");
    assert!(html.contains(
        "</div><script type=\"application/wasm-base64\" id=\"first-wasm\">AGFzbQ==</script><script>var warpFirst=1;</script>"
    ), "{html}");
    // The loader's hash and the glue's.
    assert_eq!(html.matches("sha256-").count(), 2, "{html}");
    // Not without one, and not on a page that is not under `with/`.
    assert!(t.page(&with, "coalescing", "", None).is_err());
    let plain = page("coalescing/", "panel=coalescing", Lang::En, "<main></main>");
    let html = t.page(&plain, "coalescing", "", Some(&first)).unwrap();
    assert!(!html.contains("first-wasm") && !html.contains("data-first"));
}

#[test]
fn a_page_is_its_folders_index() {
    assert_eq!(file_of(&page("", "", Lang::En, "")), "index.html");
    assert_eq!(
        file_of(&page("hinglish/warps/", "panel=warps", Lang::Hinglish, "")),
        "hinglish/warps/index.html"
    );
}

#[test]
fn the_markers_leptos_leaves_are_taken_out_and_nothing_else() {
    assert_eq!(
        without_markers("<a href=\"./\">Warp Lab<!></a><!--<() />--><p>1 &lt;! 2</p><!><!>"),
        "<a href=\"./\">Warp Lab</a><p>1 &lt;! 2</p>"
    );
}
