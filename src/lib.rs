//! Warp Lab's app: the shell (home view, panel registry, URL routing) over the pure model in
//! `warp-model`. Panels are thin views: every figure they show comes from the model.

pub mod components;
pub mod panels;
pub mod url;

use leptos::prelude::*;
use warp_model::query::{route, Panel, Query};

use components::errors::ErrorList;

/// The whole app, routed by the query string it was loaded with.
#[component]
pub fn App() -> impl IntoView {
    let query = url::read_query();
    let route = route(&query);
    let route_errors = route.errors.clone();
    let body = match route.panel {
        None => view! { <panels::home::Home /> }.into_any(),
        Some(panel) => panels::view_panel(panel, query, route.example),
    };
    view! {
        <header class="site">
            <a class="brand" href="./">"Warp Lab"</a>
            <nav aria-label="Panels">
                <ul>
                    {Panel::ALL
                        .into_iter()
                        .map(|p| {
                            let current = (route.panel == Some(p)).then_some("page");
                            view! {
                                <li>
                                    <a href=format!("?panel={}", p.name()) aria-current=current>
                                        {p.title()}
                                    </a>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </nav>
        </header>
        <main id="main">
            <ErrorList errors=Signal::stored(route_errors) />
            {body}
        </main>
    }
}

/// The query string of the running page, for panels that need what the URL said.
#[must_use]
pub fn current_query() -> Query {
    url::read_query()
}
