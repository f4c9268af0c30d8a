//! "Embed this view": the iframe snippet for exactly what is on screen, with copy to clipboard.
//! The snippet is built by the model (`warp_model::embed::embed_snippet`) and shown as text.

use leptos::prelude::*;
use warp_model::embed::embed_snippet;
use warp_model::panel::link;
use warp_model::quiz::panel::{QuizModel, TOPIC};
use warp_model::quiz::Topic;
use warp_model::registry::Panel;
use warp_model::t;

use crate::{embed, url};

/// "Add this view to an assignment": the author page with `view`'s query to add. What the link
/// says and what a page's first frame writes (`crate::frame`).
#[must_use]
pub fn add_href(view: &warp_model::query::Query) -> String {
    let mut q = warp_model::query::Query::default();
    q.set("panel", Some("author"));
    q.set("add", Some(view.to_search().trim_start_matches('?')));
    warp_model::site::href(q.to_search().trim_start_matches('?'))
}

/// The button and the snippet it reveals.
#[component]
pub fn EmbedButton(panel: Panel) -> AnyView {
    let snippet = RwSignal::new(String::new());
    let status = RwSignal::new("");
    let area = NodeRef::<leptos::html::Textarea>::new();
    let refresh = move || {
        snippet.set(embed_snippet(
            &embed::page_base(),
            &url::read_query(),
            Some(panel),
        ));
    };
    let copy = move |_| {
        refresh();
        crate::browser::copy_text(snippet.get_untracked(), area, status);
    };
    // A panel that a quiz topic asks about offers "Quiz me on this".
    let quiz_topic = panel.topic().map(Topic::name);
    // "Add this view to an assignment": the author page with this view's query to add (not in
    // a frame: an embedded view is a learner's, not an author's).
    let look = warp_model::page::presentation(&url::read_query()).0;
    let embedded = look.embed;
    // A graded frame offers no snippet and no other quiz (issue 43: a closed room).
    if look.graded.is_step() {
        return ().into_any();
    }
    let add_href = move || add_href(&url::current_query());
    view! {
        {(!embedded).then(|| view! {
            <p class="add-to-assignment">
                <a href=add_href data-action="add-to-assignment">{t!("ui.embed.add-to-assignment")}</a>
            </p>
        })}
        {quiz_topic.map(|t| view! { <p class="quiz-link"><a href=warp_model::site::href(&link::<QuizModel>(&[(&TOPIC, t)])) data-action="quiz-me">{t!("ui.embed.quiz-me")}</a></p> })}
        <details class="embed-this" on:toggle=move |_| refresh()>
            <summary data-action="embed">{t!("ui.embed.summary")}</summary>
            <p class="note">{t!("ui.embed.note")}</p>
            <textarea node_ref=area readonly rows="4" aria-label=t!("ui.embed.snippet") data-embed-snippet="" prop:value=move || snippet.get()></textarea>
            <p>
                <button type="button" on:click=copy data-action="copy-embed">{t!("ui.embed.copy")}</button>
                " "
                <span class="status" aria-live="polite">{move || status.get()}</span>
            </p>
        </details>
    }
    .into_any()
}
