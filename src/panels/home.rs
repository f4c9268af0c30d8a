//! The home view: where to start (the "Start here" path, and the quiz in progress), then every
//! panel, and every worked example of the seeds, one click away.

use leptos::prelude::*;
use warp_model::examples::{self, TOPICS};
use warp_model::kernel_lab::panel::{KernelModel, CHALLENGE};
use warp_model::lessons::START_HERE;
use warp_model::registry::Panel;

use crate::components::resume::ResumeQuiz;

/// The home view as its bundle and the all-views bundle draw it.
pub fn view() -> AnyView {
    view! { <Home /> }.into_any()
}

/// The home view.
#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="home" data-panel="home">
            <h1>"Warp Lab"</h1>
            <p class="lede">{warp_model::t!("ui.home.lede")}</p>
            {crate::storage::quiz_in_progress().map(|quiz| view! { <ResumeQuiz quiz=quiz /> })}
            <StartHere />
            <ChallengeBoard />
            <h2>{warp_model::t!("ui.home.panels")}</h2>
            <ul class="cards">
                {Panel::ALL
                    .iter()
                    .map(|&p| {
                        view! {
                            <li class="card">
                                <a href=warp_model::site::href(&format!("panel={}", p.name()))>{p.title()}</a>
                                <p>{p.question()}</p>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <p class="for-instructors">
                <strong>{warp_model::t!("ui.home.instructors")}</strong> " "
                <a href=warp_model::site::href("panel=author") data-action="author">{warp_model::t!("ui.author.title")}</a>
                " · " {warp_model::t!("ui.home.instructors-note")}
            </p>
            <h2>{warp_model::t!("ui.home.examples")}</h2>
            {TOPICS
                .iter()
                .map(|(topic, _, title)| {
                    view! {
                        <h3>{title.text()}</h3>
                        <ul class="examples">
                            {examples::ALL
                                .iter()
                                .filter(|e| e.topic == *topic)
                                .map(|e| {
                                    // The plain title first; the seed's reference after it, smaller.
                                    view! {
                                        <li>
                                            <a href=warp_model::site::href(&format!("example={}", e.key()))>{e.title()}</a>
                                            " "
                                            <span class="source">{e.source()} " · " {e.cell}</span>
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                })
                .collect_view()}
        </section>
    }
}

/// "Start here": the five lessons in order, each its name, what the learner will see, and
/// (smaller) the panel and seed example it opens.
#[component]
fn StartHere() -> impl IntoView {
    view! {
        <section class="start-here" aria-labelledby="start-here">
            <h2 id="start-here">{warp_model::t!("ui.home.start")}</h2>
            <p class="start-lede">{warp_model::t!("ui.home.start.lede")}</p>
            <ol class="lessons" data-start-here="">
                {START_HERE
                    .iter()
                    .map(|l| {
                        let panel = l.panel().map(Panel::title);
                        let source = l.example().map(warp_model::examples::Example::source);
                        view! {
                            <li class="lesson" data-lesson=l.id>
                                <a href=warp_model::site::href(l.opens)>{l.name()}</a>
                                <p>{l.shows()}</p>
                                <p class="source">
                                    {panel}
                                    {source.map(|s| view! { " · " {s} })}
                                </p>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </section>
    }
}

/// The built-in challenges under the home view's heading.
#[component]
fn ChallengeBoard() -> impl IntoView {
    view! {
        <section class="challenge-board" aria-labelledby="challenges">
            <h2 id="challenges">{warp_model::t!("ui.home.challenges")}</h2>
            <div inner_html=challenge_list_html()></div>
        </section>
    }
}

/// The built-in challenges, each with the best stars this browser kept for it, as markup: on
/// the home view, and in the plain kernel lab under its fold (issue 66: the lab had no list of
/// them). One string, as the lab's other pictures are: the same list as view nodes inside the
/// lab's reactive fold cost its bundle 7.6 kB of raw code (measured). Every text is the
/// catalogue's, a number or our own link, escaped.
#[must_use]
pub fn challenge_list_html() -> String {
    use warp_model::kernel_lab::challenge::builtin::{title, NAMES};
    use warp_model::kernel_lab::challenge::stars::glyphs;
    use warp_model::markup::Html;
    let stars = crate::storage::stars_text();
    // The count is the list's own (issue 66: "Ten kernels" over a list of 11).
    let mut h = Html::new();
    h.raw(r#"<p class="start-lede">"#)
        .text(&warp_model::tr!(
            "ui.home.challenges.lede",
            count = NAMES.len()
        ))
        .raw(r#"</p><ol class="challenge-board" data-challenge-board="">"#);
    for name in NAMES {
        let n = warp_model::kernel_lab::challenge::stars::Stars::best_in(&stars, name);
        let href = warp_model::site::href(&warp_model::panel::link::<KernelModel>(&[(
            &CHALLENGE, name,
        )]));
        h.raw("<li")
            .attr("data-challenge", name)
            .attr_num("data-stars", u64::from(n))
            .raw("><a")
            .attr("href", &href)
            .raw(">")
            .text(title(name))
            .raw(r#"</a> <span class="stars""#)
            .attr(
                "aria-label",
                &warp_model::tr!("ui.challenge.stars", stars = n),
            )
            .raw(">")
            .text(&glyphs(n))
            .raw("</span></li>");
    }
    h.raw("</ol>");
    h.into_string()
}
