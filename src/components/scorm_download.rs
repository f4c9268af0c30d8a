//! "Download as an LMS package (SCORM)": the version, the passing score, and a button that
//! builds the package from this site's own files (`crate::lms::build_package_of`), for the
//! quiz and for an assignment alike.

use leptos::prelude::*;
use warp_model::lms::manifest::Sco;
use warp_model::lms::{PassScore, Version};
use warp_model::{t, tr};
use wasm_bindgen::JsCast;

use crate::components::errors::ErrorList;
use crate::download;

/// The form and its status line. `sco` gives, for the version and passing score chosen, the
/// package's file name, the SCO it launches and the bundles its pages open
/// (`warp_model::package`); `note` says what the package holds.
#[component]
pub fn ScormDownload(
    sco: Callback<(Version, PassScore), (String, Sco, Vec<&'static str>)>,
    note: &'static str,
) -> impl IntoView {
    let version = RwSignal::new(Version::default().code().to_string());
    let pass = RwSignal::new(PassScore::DEFAULT.percent().to_string());
    let errors = RwSignal::new(Vec::new());
    // (kind for `data-scorm-status`, sentence)
    let status = RwSignal::new(None::<(&'static str, String)>);
    let check = move || -> Option<(Version, PassScore)> {
        let v = Version::parse(&version.get_untracked());
        let p = PassScore::parse(&pass.get_untracked());
        errors.set(
            [v.clone().err(), p.clone().err()]
                .into_iter()
                .flatten()
                .collect(),
        );
        Some((v.ok()?, p.ok()?))
    };
    let download = move || {
        let Some((v, p)) = check() else {
            status.set(None);
            return;
        };
        status.set(Some(("building", tr!("ui.quiz.scorm.building"))));
        let (name, sco, bundles) = sco.run((v, p));
        leptos::task::spawn_local(async move {
            match crate::lms::build_package_of(v, &sco, p, &bundles).await {
                Ok(pkg) => {
                    download::download_bytes(&name, "application/zip", &pkg.bytes);
                    status.set(Some((
                        "done",
                        tr!(
                            "ui.quiz.scorm.done",
                            file = name,
                            files = pkg.files,
                            kb = pkg.bytes.len().div_ceil(1024)
                        ),
                    )));
                }
                Err(e) => status.set(Some(("failed", e))),
            }
        });
    };
    // The form's controls as one string (their view nodes cost the author page 0.6 kB); their
    // events read where they bubble to.
    let changed = move |ev: leptos::ev::Event| {
        let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        match el.get_attribute("name").as_deref() {
            Some("scorm-version") => version.set(event_target_value(&ev)),
            Some("pass-score") => {
                pass.set(event_target_value(&ev));
                let _ = check();
            }
            _ => {}
        }
    };
    let pressed = move |ev: leptos::ev::MouseEvent| {
        let on_button = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| el.get_attribute("data-action").as_deref() == Some("download-scorm"));
        if on_button {
            download();
        }
    };
    view! {
        <details class="scorm">
            <summary>{t!("ui.quiz.scorm.summary")}</summary>
            <div class="scorm-form" on:input=changed on:change=changed on:click=pressed inner_html=form_html(note, &pass.get_untracked())></div>
            <ErrorList errors=errors />
            {move || status.get().map(|(kind, text)| view! { <p class="notice" role="status" data-scorm-status=kind>{text}</p> })}
        </details>
    }
}

/// The form's markup: what the package holds (`note`), the SCORM version (the default chosen),
/// the passing score (`pass`) and the button. Every text is escaped.
fn form_html(note: &str, pass: &str) -> String {
    use warp_model::markup::Html;
    let mut h = Html::new();
    h.raw(r#"<p class="note">"#)
        .text(note)
        .raw("</p><label>")
        .text(t!("ui.quiz.scorm.version"))
        .raw(r#" <select name="scorm-version">"#);
    for v in Version::ALL {
        h.raw("<option")
            .attr("value", v.code())
            .raw(if v == Version::default() {
                " selected>"
            } else {
                ">"
            })
            .text(v.label())
            .raw("</option>");
    }
    h.raw("</select></label> <label>")
        .text(t!("ui.quiz.scorm.pass"))
        .raw(r#" <input type="text" inputmode="numeric" name="pass-score" size="4" autocomplete="off""#)
        .attr("value", pass)
        .raw(r#"> %</label> <button type="button" data-action="download-scorm">"#)
        .text(t!("ui.quiz.scorm.download"))
        .raw("</button>");
    h.into_string()
}

#[cfg(test)]
mod tests;
