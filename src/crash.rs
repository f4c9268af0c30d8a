//! When the app panics anyway: instead of a dead page, a banner that says so and offers a
//! reload at the defaults or of the same view. Quiz progress is saved after every answer, so a
//! reload loses none of it. The banner is plain DOM built with text nodes (no HTML from the
//! panic message), because after a panic the app's own rendering cannot be trusted.

use std::sync::Once;

static INSTALL: Once = Once::new();

/// Installs the hook (once): the console report of `console_error_panic_hook`, then the banner.
pub fn install() {
    INSTALL.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            console_error_panic_hook::hook(info);
            show_banner();
        }));
    });
}

/// Puts the banner at the top of the page (idempotent).
pub fn show_banner() {
    let Some(doc) = crate::browser::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = doc.body() else { return };
    if doc.query_selector("[data-crash]").ok().flatten().is_some() {
        return;
    }
    let Ok(banner) = doc.create_element("div") else {
        return;
    };
    let _ = banner.set_attribute("data-crash", "");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("class", "crash");
    // The message ends with a space before the links.
    let message = format!("{} ", warp_model::t!("ui.crash.message"));
    let text = doc.create_text_node(&message);
    let _ = banner.append_child(&text);
    for (label, href, action) in [
        (warp_model::t!("ui.crash.reload-view"), "", "reload-view"),
        (
            warp_model::t!("ui.crash.reload-defaults"),
            "defaults",
            "reload-defaults",
        ),
    ] {
        if let Ok(a) = doc.create_element("a") {
            let href = if href.is_empty() {
                crate::browser::window()
                    .and_then(|w| w.location().href().ok())
                    .unwrap_or_else(|| "./".into())
            } else {
                // The defaults, in the language the learner was reading.
                warp_model::site::href("")
            };
            let _ = a.set_attribute("href", &href);
            let _ = a.set_attribute("data-action", action);
            a.set_text_content(Some(label));
            let _ = banner.append_child(&a);
            let _ = banner.append_child(&doc.create_text_node(" "));
        }
    }
    let _ = body.insert_before(&banner, body.first_child().as_ref());
}
