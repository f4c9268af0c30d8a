//! The home view: every panel, and every worked example of the seeds, one click away.

use leptos::prelude::*;
use warp_model::examples::{self, TOPICS};
use warp_model::query::Panel;

/// The home view.
#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="home" data-panel="home">
            <h1>"Warp Lab"</h1>
            <p class="lede">
                "How a GPU really executes your code: blocks cut into 32-lane warps, branches that "
                "serialize, warps that hide memory stalls, loads that coalesce. Every number is "
                "computed by the same model the worked examples use; change any input and the "
                "steps are worked again."
            </p>
            <h2>"Panels"</h2>
            <ul class="cards">
                {Panel::ALL
                    .into_iter()
                    .map(|p| {
                        view! {
                            <li class="card">
                                <a href=format!("?panel={}", p.name())>{p.title()}</a>
                                <p>{p.question()}</p>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <h2>"Worked examples"</h2>
            {TOPICS
                .iter()
                .map(|(topic, _, title)| {
                    view! {
                        <h3>{*title}</h3>
                        <ul class="examples">
                            {examples::ALL
                                .iter()
                                .filter(|e| e.topic == *topic)
                                .map(|e| {
                                    view! {
                                        <li>
                                            <a href=format!("?example={}", e.key())>
                                                <span class="cell-id">{e.cell} " "</span>
                                                {e.title}
                                            </a>
                                            " "
                                            <span class="source">{e.source}</span>
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
