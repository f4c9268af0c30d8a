//! Warp Lab's app: the shell (home view, panel registry, URL routing) over the pure model in
//! `warp-model`. Panels are thin views: every figure they show comes from the model.

// The app's two exceptions to the workspace's pedantic lints, written once: Leptos components
// are functions whose returned views the `view!` macro consumes (`must_use_candidate` would mark
// every one), and their props arrive by value because the macro moves them in
// (`needless_pass_by_value`).
#![allow(clippy::must_use_candidate, clippy::needless_pass_by_value)]

/// A small allocator for a bundle that runs briefly or seldom: `lol_alloc`'s free list in place
/// of std's dlmalloc, 2.6 kB gzip less a bundle (measured on the solution worker: 136.05 →
/// 133.3 kB, Hinglish). Used by the solution worker (one question's steps at a time, a few
/// thousand allocations) and each first frame (run once on a page's address), where the free
/// list's linear search costs nothing a learner sees. Not by a page: tried, it saved only
/// 1.1–1.5 kB a page and slowed the warps panel's input → figure by 2–3 ms (CHANGELOG.md);
/// nor by the run and check workers, whose interpreter allocates through millions of steps.
/// The locked variant needs no `unsafe` (the workspace forbids it); a worker or a first frame
/// has one thread.
#[macro_export]
macro_rules! small_allocator {
    () => {
        #[cfg(target_arch = "wasm32")]
        #[global_allocator]
        static ALLOCATOR: ::lol_alloc::LockedAllocator<::lol_alloc::FreeListAllocator> =
            ::lol_alloc::LockedAllocator::new(::lol_alloc::FreeListAllocator::new());
    };
}

/// A panel page's bundle (`src/bin/<panel>.rs`): the shell and this one panel's view
/// (`view(query, example)`), nothing else. Each panel of the registry has one (`cargo xtask
/// dist` builds the bundles its pages name).
#[macro_export]
macro_rules! panel_bundle {
    ($panel:ident, $view:path) => {
        fn main() {
            $crate::start($crate::Bundle::panel(
                ::warp_model::registry::Panel::$panel,
                |_, query, example| $view(query, example),
            ));
        }
    };
}

/// A panel's first frame (`src/bin/first-<panel>.rs`; issue 63, [`frame`]): the panel's model
/// and its views' string builders, no Leptos. The pages under the panel's views that carry it
/// (`coalescing/with/?stride=2`, `xtask/src/first.js`) run `first_frame(state, search)` on
/// an address with settings and write the patches it returns into the prerendered markup, so
/// that the page shows that state before its bundle is live (empty when it does not draw
/// `search`).
#[macro_export]
macro_rules! first_frame_bundle {
    ($model:path, $picture:path) => {
        /// The patches that draw `search` over the page whose state is `state`.
        #[::wasm_bindgen::prelude::wasm_bindgen]
        #[must_use]
        pub fn first_frame(state: &str, search: &str) -> String {
            $crate::frame::first_frame::<$model>(state, search, $picture)
        }

        $crate::small_allocator!();

        fn main() {}
    };
}

pub mod assignment;
pub mod browser;
pub mod check_worker;
pub mod components;
pub mod crash;
pub mod download;
pub mod embed;
pub mod frame;
pub mod gpu;
pub mod lms;
pub mod panels;
#[cfg(feature = "ssr")]
pub mod prerender;
pub mod solve_worker;
pub mod storage;
pub mod url;

use leptos::prelude::*;
use warp_model::embed::open_in_app_url;
use warp_model::examples::Example;
use warp_model::page::{presentation, route, Tool};
use warp_model::registry::Panel;

use components::errors::ErrorList;
use components::lang_switch::LangSwitch;

/// The views a bundle draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Serves {
    /// The home view and every panel.
    All,
    /// The home view only.
    Home,
    /// One panel only.
    Panel(Panel),
    /// One tool page only.
    Tool(Tool),
}

/// A view of a bundle: the route's panel (`None`: the home view), the page's query, and the
/// preset `example=` names.
pub type ViewFn = fn(Option<Panel>, warp_model::query::Query, Option<&'static Example>) -> AnyView;

/// A view of a tool page's bundle: an assignment or the author page, with the page's query.
pub type ToolFn = fn(Tool, warp_model::query::Query) -> AnyView;

/// What one wasm bundle can draw. The release site is one bundle per page (the home view, each
/// panel and each tool page): a page downloads the shell and its own panel only (`src/bin/*.rs`, built by
/// `cargo xtask dist`). The `warp-lab` binary is the bundle of everything, for
/// `cargo xtask serve`.
#[derive(Clone, Copy)]
pub struct Bundle {
    /// The views it draws.
    pub serves: Serves,
    /// Draws one of them.
    pub view: ViewFn,
    /// Draws a tool's page, in a bundle that has them.
    pub tools: Option<ToolFn>,
}

impl Bundle {
    /// Every view: the home view and every panel of the registry.
    pub const ALL: Bundle = Bundle {
        serves: Serves::All,
        view: |panel, query, example| match panel {
            None => panels::home::view(),
            Some(p) => panels::view_panel(p, query, example),
        },
        tools: Some(assignment::view),
    };

    /// The bundle of one panel; `view` draws it (and only it, so that nothing else is linked).
    #[must_use]
    pub const fn panel(panel: Panel, view: ViewFn) -> Bundle {
        Bundle {
            serves: Serves::Panel(panel),
            view,
            tools: None,
        }
    }

    /// The bundle of one tool page: the assignment a learner works through, or the author
    /// page (apart: the learner's page does not carry the author's, nor the author's the
    /// player).
    #[must_use]
    pub const fn tool(tool: Tool) -> Bundle {
        Bundle {
            serves: Serves::Tool(tool),
            // Never called: this bundle draws only its tool's route (`draws`). Not the home
            // view, which linked 13 kB of code into the assignment pages for nothing.
            view: |_, _, _| ().into_any(),
            tools: Some(match tool {
                Tool::Assignment => |_, q| assignment::player(q),
                Tool::Author => |_, q| assignment::author::view(q),
            }),
        }
    }

    /// The bundle of the home view.
    #[must_use]
    pub const fn home() -> Bundle {
        Bundle {
            serves: Serves::Home,
            view: |_, _, _| panels::home::view(),
            tools: None,
        }
    }

    fn draws(self, tool: Option<Tool>, route: Option<Panel>) -> bool {
        match self.serves {
            Serves::All => true,
            Serves::Home => tool.is_none() && route.is_none(),
            Serves::Panel(p) => tool.is_none() && route == Some(p),
            Serves::Tool(t) => tool == Some(t),
        }
    }
}

/// Mounts the app with `bundle`: the panic banner first, then the app in place of the page's
/// loading frame (`index.html`'s `#boot`).
///
/// On a prerendered page (`warp_model::site`) the app is drawn after the prerendered markup
/// (`[data-prerendered]`), everything at once, in the same task in which the page's loader
/// carries over what the learner typed and removes the markup (`xtask/src/loader.js`), so
/// that nothing is painted in between: no blank frame and no shift.
pub fn start(bundle: Bundle) {
    crash::install();
    if let Some(doc) = crate::browser::window().and_then(|w| w.document()) {
        if let Some(root) = doc.document_element() {
            // From here on the app draws the page: a first frame that arrives later is not
            // written into the markup (`xtask/src/loader.js`, `drawFirst`).
            let _ = root.set_attribute("data-started", "");
            warp_model::site::set_paths(root.has_attribute("data-query"));
            let fits = root.get_attribute("data-prerender").as_deref() != Some("stale");
            if fits
                && doc
                    .query_selector("[data-prerendered]")
                    .ok()
                    .flatten()
                    .is_some()
            {
                components::later::draw_at_once();
            }
        }
        if let Some(boot) = doc.get_element_by_id("boot") {
            boot.remove();
        }
    }
    leptos::mount::mount_to_body(move || view! { <App bundle=bundle /> });
}

/// The whole app, routed by the query string it was loaded with.
#[component]
pub fn App(#[prop(default = Bundle::ALL)] bundle: Bundle) -> impl IntoView {
    let query = url::read_query();
    // The language first: every message below is looked up in it.
    let (lang, lang_error) = warp_model::page::lang(&query);
    warp_model::i18n::set_lang(lang);
    components::lang_switch::apply_lang(lang);
    let route = route(&query);
    let (look, look_errors) = presentation(&query);
    // A graded step under an LMS keeps nothing in this browser (the LMS keeps the attempt).
    storage::set_private(look.graded == warp_model::page::Graded::Lms);
    embed::apply_theme(look.theme);
    let mut errors = route.errors.clone();
    errors.extend(lang_error);
    errors.extend(look_errors);
    let body = if bundle.draws(route.tool, route.panel) {
        match (route.tool, bundle.tools) {
            (Some(tool), Some(draw)) => draw(tool, query),
            _ => (bundle.view)(route.panel, query, route.example),
        }
    } else {
        // The page's loader picks the bundle of the route; landing here means the two
        // disagree (an old cached page): say so and offer the page again.
        view! {
            <p class="notice" data-notice="bundle" role="status">
                {warp_model::t!("ui.app.other-bundle")} " "
                <a href=format!("./{}", url::read_query().to_search())>{warp_model::t!("ui.app.reload")}</a>
            </p>
        }
        .into_any()
    };
    if look.embed {
        embed::start_frame_reporting();
        // A graded frame is a closed room (issue 43): no way out but a new tab.
        let graded = look.graded.is_step();
        if graded {
            embed::links_open_in_a_new_tab();
        }
        // The full app at the frame's current state: the link follows every write of the
        // address (the controls rewrite it after each change), so it is right for a middle
        // click, a copied link or a touch as much as for a click.
        let open = move || open_in_app_url(&url::current_query());
        return view! {
            <main id="main" class="embedded" class:graded=look.graded.is_step() data-embed="">
                <ErrorList errors=Signal::stored(errors) />
                {body}
                // Not from a graded step: the full app shows the step's state without its
                // Forecast, the answer before the guess.
                {(!graded).then(|| view! {
                    <p class="open-full">
                        <a
                            href=open
                            target="_blank"
                            rel="noopener"
                            data-action="open-full"
                        >
                            {warp_model::t!("ui.app.open-full")}
                        </a>
                    </p>
                })}
            </main>
        }
        .into_any();
    }
    view! {
        <header class="site">
            <a class="brand" href=warp_model::site::href("")>"Warp Lab"</a>
            // Before the nav: on a phone the language links sit on the brand's row, above it,
            // and the tab order is the reading order (ARCHITECTURE.md).
            <LangSwitch />
            <nav aria-label=warp_model::t!("ui.app.nav")>
                <ul>
                    {Panel::ALL
                        .iter()
                        .map(|&p| {
                            let current = (route.panel == Some(p)).then_some("page");
                            view! {
                                <li>
                                    <a href=warp_model::site::href(&format!("panel={}", p.name())) aria-current=current>
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
            <ErrorList errors=Signal::stored(errors) />
            {body}
        </main>
    }
    .into_any()
}
