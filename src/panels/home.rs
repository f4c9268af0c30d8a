//! The home view: every panel, and every worked example of the seeds, one click away.

use leptos::prelude::*;
use warp_model::examples::{self, TOPICS};
use warp_model::registry::Panel;

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
            <h2>{warp_model::t!("ui.home.panels")}</h2>
            <ul class="cards">
                {Panel::ALL
                    .iter()
                    .map(|&p| {
                        view! {
                            <li class="card">
                                <a href=warp_model::i18n::href(&format!("panel={}", p.name()))>{p.title()}</a>
                                <p>{p.question()}</p>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
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
                                    view! {
                                        <li>
                                            <a href=warp_model::i18n::href(&format!("example={}", e.key()))>
                                                <span class="cell-id">{e.cell} " "</span>
                                                {e.title()}
                                            </a>
                                            " "
                                            <span class="source">{e.source()}</span>
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
