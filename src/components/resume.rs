//! "Resume your quiz": the link back to a quiz begun and not finished, on the quiz page (from
//! the progress document) and on the home view (from the key saved beside it, so that the home
//! page's bundle links no quiz code).

use leptos::prelude::*;
use warp_model::quiz::progress::QuizKey;
use warp_model::t;

/// The offer: a line saying a quiz is in progress, and the link that opens it with its answers.
#[component]
pub fn ResumeQuiz(
    /// The quiz in progress.
    quiz: QuizKey,
    /// How far it got ("3 of 8 answered: all, seed 42"), where that is known.
    #[prop(optional, into)]
    detail: Option<String>,
) -> impl IntoView {
    view! {
        <p class="resume-offer" data-resume=quiz.to_string()>
            {t!("ui.quiz.resume.begun")} " "
            <a href=warp_model::site::href(&quiz.query()) data-action="resume-quiz">{t!("ui.quiz.resume")}</a>
            {detail.map(|d| view! { " " <span class="resume-detail">"(" {d} ")"</span> })}
        </p>
    }
}
