//! The author page (`panel=author&title=…&step=…`): an instructor builds an assignment from
//! Warp Lab links (pasted, or sent here by "Add this view to an assignment" on any panel, which
//! opens this page with `add=<the view's query>`), reorders and removes steps, previews it, and
//! gets its link, its embed snippet and its SCORM package. The page's address is the draft
//! (every change rewrites it), and the last draft is kept in this browser for an author who
//! comes back without one. Every step is read by the model (`warp_model::assignment`), which
//! names a step it cannot grade.

use leptos::prelude::*;
use warp_model::assignment::{self, scorm, Assignment, StepKind};
use warp_model::embed::embed_snippet;
use warp_model::lms::manifest::Sco;
use warp_model::lms::{PassScore, Version};
use warp_model::params::ParamError;
use warp_model::query::Query;
use warp_model::{t, tr};

use super::solved::{StarterCheck, Starters};
use crate::components::errors::ErrorList;
use crate::components::scorm_download::ScormDownload;
use crate::{embed, storage, url};
use warp_model::kernel_lab::challenge::wire::StarterVerdict;

/// Writes the draft into the address (keeping the page's `lang=` and `theme=`) and into this
/// browser; `false` when this browser could not keep it (the address still holds it).
fn keep(title: &str, steps: &[String]) -> bool {
    let q = url::read_query();
    let mut out = Query::default();
    out.set("panel", Some("author"));
    if !title.trim().is_empty() {
        out.set("title", Some(title.trim()));
    }
    for s in steps {
        out.push("step", s);
    }
    if let Some(l) = q.get("lang") {
        out.set("lang", Some(l));
    }
    if let Some(t) = q.get("theme") {
        out.set("theme", Some(t));
    }
    url::replace_query(&out);
    storage::keep_author_draft(&out.to_search())
}

/// The author page (its own bundle draws only this).
pub fn view(query: Query) -> AnyView {
    view! { <Author query=query /> }.into_any()
}

/// The author page. The draft is the address's, else the one this browser kept; a challenge's
/// editor text left out of the step it made is offered back as the learners' starter, the
/// author's choice (`offer`: the step's index and the text); an empty draft is a start, not a
/// mistake (issue 66: it opened on a red "no steps"), so the page says how to begin instead.
#[component]
pub fn Author(query: Query) -> impl IntoView {
    let from = if query.get("step").is_some() || query.get("title").is_some() {
        query.clone()
    } else {
        storage::author_draft().map_or_else(|| query.clone(), |d| Query::parse(&d))
    };
    let title = RwSignal::new(from.get("title").unwrap_or("").to_string());
    let mut initial: Vec<String> = from.get_all("step").map(str::to_string).collect();
    let paste_error = RwSignal::new(Vec::<ParamError>::new());
    let offer = RwSignal::new(None::<(usize, String)>);
    if let Some(add) = query.get("add") {
        match assignment::steps_from_link(add) {
            Ok(more) => {
                if let (Some(src), 1) = (assignment::starter_of_link(add), more.len()) {
                    offer.set(Some((initial.len(), src)));
                }
                initial.extend(more);
            }
            Err(reason) => paste_error.set(vec![ParamError::new("add", reason)]),
        }
    }
    let steps = RwSignal::new(initial);
    // Issue 65: a draft this browser could not keep (storage full or unavailable) is said, not
    // lost without a word; the address holds it still.
    let unkept = RwSignal::new(false);
    let save = move || unkept.set(!keep(&title.get_untracked(), &steps.get_untracked()));
    save();
    // A challenge step whose starter solves its challenge is refused: the assignment is not
    // offered (link, preview, package) until that code changes.
    let starters = Starters::default();
    starters.check(&steps.get_untracked());
    let refused = Memo::new(move |_| {
        steps.with(|s| {
            s.iter()
                .any(|raw| starters.of(raw).is_some_and(|c| c.refuses()))
        })
    });
    let read = Memo::new(move |_| {
        let t = title.get();
        steps.with(|s| {
            let (a, mut e) = assignment::from_parts(&t, s.iter().map(String::as_str));
            if s.is_empty() {
                e.retain(|e| e.param != "step");
            }
            (a, e)
        })
    });
    let change = move |f: &dyn Fn(&mut Vec<String>)| {
        steps.update(|s| f(s));
        save();
        starters.check(&steps.get_untracked());
    };
    let paste = RwSignal::new(String::new());
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = paste.get_untracked();
        match assignment::steps_from_link(&text) {
            Ok(more) => {
                paste_error.set(Vec::new());
                paste.set(String::new());
                let at = steps.with_untracked(Vec::len);
                offer.set(
                    assignment::starter_of_link(&text)
                        .filter(|_| more.len() == 1)
                        .map(|src| (at, src)),
                );
                change(&|s| s.extend(more.iter().cloned()));
            }
            Err(reason) => paste_error.set(vec![ParamError::new("step-link", reason)]),
        }
    };
    let link_area = NodeRef::<leptos::html::Textarea>::new();
    let copied = RwSignal::new("");
    let link = Signal::derive(move || {
        let q = assignment::link_query(&title.get(), &steps.get());
        format!("{}{}", embed::page_base(), q.to_search())
    });
    let snippet = Signal::derive(move || {
        embed_snippet(
            &embed::page_base(),
            &assignment::link_query(&title.get(), &steps.get()),
            None,
        )
    });
    let lang = warp_model::i18n::lang();
    let sco = Callback::new(move |(v, p): (Version, PassScore)| {
        read.with_untracked(|(a, _)| {
            (
                scorm::file_name(a, v),
                scorm::sco(a, lang, p),
                warp_model::package::assignment_bundles(a),
            )
        })
    });
    let empty = Memo::new(move |_| steps.with(Vec::is_empty));
    let errors = Signal::derive(move || read.with(|(_, e)| e.clone()));
    let sharing = Memo::new(move |_| read.with(|(a, _)| !a.steps.is_empty()) && !refused.get());
    view! {
        <section class="panel author author-page" data-panel="author">
            <h1>{t!("ui.author.title")}</h1>
            <p class="question">{t!("ui.author.question")}</p>
            <label class="author-title">
                {t!("ui.author.name")} " "
                <input type="text" name="assignment-title" autocomplete="off" maxlength="200"
                    prop:value=move || title.get()
                    on:input=move |ev| {
                        title.set(event_target_value(&ev));
                        save();
                    } />
            </label>
            {move || unkept.get().then(|| view! {
                <p class="note" data-draft-not-kept="" role="status">{t!("ui.author.draft-not-kept")}</p>
            })}
            <form class="author-add" on:submit=add>
                <label>
                    {t!("ui.author.paste")} " "
                    <input type="text" name="step-link" autocomplete="off" spellcheck="false"
                        placeholder="https://…/example/divergence/C4/"
                        prop:value=move || paste.get()
                        on:input=move |ev| paste.set(event_target_value(&ev)) />
                </label>
                " "
                <button type="submit" data-action="add-step">{t!("ui.author.add")}</button>
                <p class="hint">{t!("ui.author.paste-hint")}</p>
            </form>
            <ErrorList errors=paste_error plain=true />
            {move || offer.get().map(|(i, src)| {
                let use_it = move |_| {
                    let src = src.clone();
                    change(&|s| if let Some(step) = s.get_mut(i) { *step = assignment::with_starter(step, &src); });
                    offer.set(None);
                };
                view! {
                    <p class="notice" role="status" data-step-note="left-out">
                        {tr!("ui.author.starter-left-out", number = i + 1)} " "
                        <button type="button" data-action="use-starter" on:click=use_it>{t!("ui.author.use-starter")}</button>
                    </p>
                }
            })}
            <ErrorList errors=errors />
            {step_list(steps, starters, change)}
            // Closures over memos, not `Show` (whose code was no other part's of this page:
            // issue 65's round, measured): each part drawn again only when it comes or goes.
            {move || empty.get().then(|| view! { <p class="hint" data-author-empty="">{t!("ui.author.empty")}</p> })}
            {move || refused.get().then(|| view! { <p class="notice" role="status" data-author-refused="">{t!("ui.author.refused")}</p> })}
            {move || sharing.get().then(|| share(read, link, snippet, sco, link_area, copied))}
        </section>
    }
}

/// The draft's steps, each with its kind and link, what the check of its starter found, and
/// buttons to move it up or down or remove it.
fn step_list(
    steps: RwSignal<Vec<String>>,
    starters: Starters,
    change: impl Fn(&dyn Fn(&mut Vec<String>)) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <ol class="author-steps" aria-label=t!("ui.author.steps")>
            {move || steps.get().into_iter().enumerate().map(|(i, raw)| {
                let number = i + 1;
                let total = steps.with_untracked(Vec::len);
                let read = assignment::read_step(number, &raw);
                let (kind, name) = match &read {
                    Ok(s) => (s.kind.name(), format!("{} · {}", s.kind.label(), s.name())),
                    Err(reason) => ("error", reason.clone()),
                };
                let open = warp_model::site::href(&raw);
                let key = StoredValue::new(raw.clone());
                let check = move || key.with_value(|k| starters.of(k));
                view! {
                    <li data-author-step=number data-step-kind=kind data-step-check=move || check().map(|c| c.name())>
                        <span class="step-number">{tr!("ui.assignment.step", number)}</span>
                        " "
                        <span class="step-name">{name}</span>
                        " "
                        <a class="step-query" href=open target="_blank" rel="noopener"><code>{raw.clone()}</code></a>
                        {read.as_ref().ok().filter(|s| s.gives_starter()).map(|_| view! {
                            <p class="note" data-step-note="starter">{t!("ui.author.starter-note")}</p>
                        })}
                        {move || match check() {
                            Some(StarterCheck::Checked(StarterVerdict::Solves)) => Some(view! {
                                <p class="error" data-error="step" role="alert">{tr!("ui.author.starter-solves", number)}</p>
                            }.into_any()),
                            Some(StarterCheck::Checked(StarterVerdict::Reference(why))) => Some(view! {
                                <p class="error" data-error="step" role="alert">{tr!("ui.author.reference-fails", number, why)}</p>
                            }.into_any()),
                            Some(StarterCheck::Unchecked) => Some(view! {
                                <p class="note" data-step-note="unchecked">{t!("ui.author.starter-unchecked")}</p>
                            }.into_any()),
                            _ => None,
                        }}
                        <span class="step-actions">
                            <button type="button" data-action="move-up" disabled=i == 0
                                aria-label=tr!("ui.author.up", number)
                                on:click=move |_| change(&|s| s.swap(i - 1, i))>"↑"</button>
                            <button type="button" data-action="move-down" disabled={number >= total}
                                aria-label=tr!("ui.author.down", number)
                                on:click=move |_| change(&|s| if i + 1 < s.len() { s.swap(i, i + 1) })>"↓"</button>
                            <button type="button" data-action="remove-step"
                                aria-label=tr!("ui.author.remove", number)
                                on:click=move |_| change(&|s| { if i < s.len() { s.remove(i); } })>{t!("ui.author.remove-short")}</button>
                        </span>
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

/// The assignment to share: a preview, its steps counted, its link to copy, its SCORM package,
/// and its embed snippet.
fn share(
    read: Memo<(Assignment, Vec<ParamError>)>,
    link: Signal<String>,
    snippet: Signal<String>,
    sco: Callback<(Version, PassScore), (String, Sco, Vec<&'static str>)>,
    link_area: NodeRef<leptos::html::Textarea>,
    copied: RwSignal<&'static str>,
) -> impl IntoView {
    view! {
        <h2>{t!("ui.author.share")}</h2>
        <p>
            <a href=move || link.get() target="_blank" rel="noopener" data-action="preview">{t!("ui.author.preview")}</a>
            " · "
            {move || read.with(|(a, _)| {
                let count = |k: StepKind| a.steps.iter().filter(|s| s.kind == k).count();
                tr!(
                    "ui.author.summary",
                    predictions = count(StepKind::Prediction),
                    challenges = count(StepKind::Challenge),
                    quizzes = count(StepKind::Quiz)
                )
            })}
        </p>
        <label class="author-link">
            {t!("ui.author.link")}
            <textarea readonly rows="3" data-assignment-link="" node_ref=link_area prop:value=move || link.get()></textarea>
        </label>
        <p class="copy-row">
            <button type="button" data-action="copy-link" on:click=move |_| crate::browser::copy_text(link.get_untracked(), link_area, copied)>{t!("ui.author.copy")}</button>
            " "
            <span class="status" aria-live="polite" data-copy-status="">{move || copied.get()}</span>
        </p>
        // Issue 64: what a link-only assignment can and cannot protect is said with the link
        // (`ui.author.link`).
        <ScormDownload sco=sco note=t!("ui.author.scorm-note") />
        <details class="embed-this">
            <summary data-action="embed">{t!("ui.embed.summary")}</summary>
            <p class="note">{t!("ui.embed.note")}</p>
            <textarea readonly rows="4" aria-label=t!("ui.embed.snippet") data-embed-snippet="" prop:value=move || snippet.get()></textarea>
        </details>
    }
}
