//! "Download as an LMS package (SCORM)": the version, the passing score, and a button that
//! builds the package from this site's own files (`crate::lms::build_package_of`), for the
//! quiz and for an assignment alike.

use leptos::prelude::*;
use warp_model::lms::manifest::Sco;
use warp_model::lms::{PassScore, Version};
use warp_model::{t, tr};

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
    let download = move |_| {
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
    view! {
        <details class="scorm">
            <summary>{t!("ui.quiz.scorm.summary")}</summary>
            <p class="note">{note}</p>
            <label>
                {t!("ui.quiz.scorm.version")} " "
                <select name="scorm-version" on:change=move |ev| version.set(event_target_value(&ev))>
                    {Version::ALL
                        .into_iter()
                        .map(|v| view! { <option value=v.code() selected=v == Version::default()>{v.label()}</option> })
                        .collect_view()}
                </select>
            </label>
            " "
            <label>
                {t!("ui.quiz.scorm.pass")} " "
                <input type="text" inputmode="numeric" name="pass-score" size="4" autocomplete="off"
                    value=pass.get_untracked()
                    prop:value=move || pass.get()
                    on:input=move |ev| { pass.set(event_target_value(&ev)); let _ = check(); } />
                " %"
            </label>
            " "
            <button type="button" data-action="download-scorm" on:click=download>{t!("ui.quiz.scorm.download")}</button>
            <ErrorList errors=errors />
            {move || status.get().map(|(kind, text)| view! { <p class="notice" role="status" data-scorm-status=kind>{text}</p> })}
        </details>
    }
}
