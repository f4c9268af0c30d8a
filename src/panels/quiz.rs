//! The self-test panel: a quiz from the URL (`topic`, `seed`, `count`), graded by the model,
//! with worked solutions, a running score, GIFT export, a SCORM package for an LMS, progress
//! that lasts, and, launched with `lms=scorm`, every answer recorded by the LMS (`crate::lms`).

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::lms::{Notice, PassScore, QuizSpec, Version};
use warp_model::query::Query;
use warp_model::quiz::progress::{quiz_score, Progress, QuizKey};
use warp_model::quiz::{self, AnswerKind, Draw, Question, QuizParams, Topic, FRACTION_TOLERANCE};
use warp_model::registry::Panel;
use warp_model::t;
use warp_model::tr;
use warp_model::worked::Worked;
use wasm_bindgen::JsCast;

use crate::check_worker::{Heard, Job};
use crate::components::controls::field_html;
use crate::components::errors::ErrorList;
use crate::components::figures::Figures;
use crate::components::later::AfterFirstPaint;
use crate::components::resume::ResumeQuiz;
use crate::components::scorm_download::ScormDownload;
use crate::components::worked::WorkedSteps;
use crate::{download, embed, solve_worker, storage, url};

/// A new quiz's seed, drawn by the browser (0 at build time, where none is drawn: a prerendered
/// quiz page shows no questions, `drawing` below).
fn random_seed() -> u64 {
    if !crate::browser::present() {
        return 0;
    }
    // Two draws of 26 bits: enough for distinct quizzes; the seed is then in the URL.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let draw = || (js_sys::Math::random() * f64::from(1u32 << 26)) as u64;
    (draw() << 26) | draw()
}

/// The panel as its bundle and the registry draw it.
pub fn view(query: Query, _example: Option<&'static Example>) -> AnyView {
    view! { <QuizPanel query=query /> }.into_any()
}

/// The panel.
#[component]
pub fn QuizPanel(query: Query) -> impl IntoView {
    let (params, mut param_errors) = QuizParams::from_query(&query);
    let under_lms = warp_model::lms::scorm_launch(query.get("lms")).unwrap_or_else(|e| {
        param_errors.push(e);
        false
    });
    // The package's passing score (its launch URL's), which applies when the LMS hands none.
    let package_pass = query.get("pass-score").map_or(PassScore::DEFAULT, |raw| {
        PassScore::parse(raw).unwrap_or_else(|e| {
            param_errors.push(e);
            PassScore::DEFAULT
        })
    });
    // A quiz without a seed on a page prerendered at build time: its questions are drawn by the
    // live app (a random seed is this browser's), and the markup holds their place.
    let drawing = params.seed.is_none() && !crate::browser::present();
    // A graded step (an assignment's frame) is a closed room (issue 43): the quiz its link
    // names and nothing else: no other topic, length or seed, no new quiz, no export, no
    // package, no reset of progress.
    let graded = warp_model::page::presentation(&query).0.graded.is_step();
    let open = !graded;
    let seed = params.seed.unwrap_or_else(random_seed);
    {
        // The address names the seed, so the link reproduces this quiz.
        let mut q = query.clone();
        q.set("panel", Some(Panel::Quiz.name()));
        q.set("seed", Some(&seed.to_string()));
        // And its rules, unless they are those a link with a seed and no `draw` gets.
        if params.draw != Draw::First {
            q.set("draw", Some(&params.draw.number().to_string()));
        }
        url::replace_query(&q);
    }
    let questions = quiz::build(params.topic, seed, params.count, params.draw);
    let qids: Vec<String> = questions.iter().map(|q| q.qid.clone()).collect();
    let spec = QuizSpec::new(&params, seed);
    let key = params.key(seed);
    let lms_notices = RwSignal::new(Vec::<Notice>::new());
    let (loaded, under_lms) =
        open_progress(under_lms, spec, &questions, package_pass, &key, lms_notices);
    let held = held_questions(open && !under_lms, &loaded.progress);
    let held_here = questions.iter().filter(|q| held.contains(&q.qid)).count();
    let progress = RwSignal::new(loaded.progress);
    let notice = RwSignal::new(loaded.notice);
    let topic_name = params.topic.map_or("all", Topic::name);
    let draw = u8::try_from(params.draw.number()).unwrap_or(1);
    let n_questions = u32::try_from(questions.len()).unwrap_or(u32::MAX);

    let score = {
        let (key, qids) = (key.clone(), qids.clone());
        Memo::new(move |_| progress.with(|p| quiz_score(p, &key, &qids)))
    };
    let on_answer = {
        let (key, qids) = (key.clone(), qids.clone());
        move |q: Question, raw: String| {
            let grade = q.grade(&raw);
            progress.update(|p| p.record(&key, &q, &raw, grade.correct));
            if !under_lms && !storage::is_private() && !progress.with_untracked(storage::save) {
                notice.set(Some(tr!("ui.quiz.not-saved")));
            }
            if let Some(position) = qids.iter().position(|id| *id == q.qid) {
                // The newest refusal replaces an older one; the other notices stay.
                if let Some(refused) = crate::lms::answered(position, &raw, grade.correct) {
                    lms_notices.update(|n| {
                        n.retain(|x| !matches!(x, Notice::Refused { .. }));
                        n.push(refused);
                    });
                }
            }
            let (correct, answered) = score.get_untracked();
            embed::post_quiz_score(embed::QuizScore {
                correct,
                answered,
                questions: n_questions,
                count: u32::try_from(params.count).unwrap_or(u32::MAX),
                topic: topic_name,
                seed,
                draw,
            });
        }
    };
    let figures = {
        let (key, qids) = (key.clone(), qids.clone());
        Signal::derive(move || progress.with(|p| quiz::panel::figures(p, &key, &qids)))
    };
    let gift = quiz::to_gift(
        &questions,
        &tr!(
            "ui.quiz.gift.title",
            topic = topic_name,
            seed,
            count = questions.len()
        ),
    );
    let gift_name = format!("warp-lab-quiz-{topic_name}-{seed}.gift.txt");
    let errors = Signal::stored(param_errors);
    let questions_len = questions.len();
    view! {
        <section class="panel quiz" data-panel="quiz">
            <h1>{Panel::Quiz.title()}</h1>
            <p class="question">{Panel::Quiz.question()}</p>
            <ErrorList errors=errors />
            {move || notice.get().map(|n| view! { <p class="notice" role="status" data-notice="">{n}</p> })}
            {move || (open && !under_lms).then(|| resume_offer(progress, params.quiz_key(seed))).flatten()}
            <div class="lms-notices" role="status">
                {move || lms_notices.get().into_iter().map(|n| view! { <p class="notice" data-lms-notice=n.kind() data-lms-note=n.note()>{n.message()}</p> }).collect_view()}
            </div>
            {open.then(|| view! { <QuizControls params=params seed=(!drawing).then_some(seed) /> })}
            <Figures figures=figures />
            {if drawing {
                view! {
                    <ol class="quiz-questions" data-drawing="">
                        <li class="drawing">{t!("ui.quiz.drawing")}</li>
                    </ol>
                }
                .into_any()
            } else {
                view! {
                    <AfterFirstPaint>
                        <ol class="quiz-questions">
                            {questions
                                .into_iter()
                                .map(|q| {
                                    let key = key.clone();
                                    let on_answer = on_answer.clone();
                                    let held = held.contains(&q.qid);
                                    view! { <li><QuestionCard q=q progress=progress quiz_key=key held=held on_answer=on_answer /></li> }
                                })
                                .collect_view()}
                        </ol>
                    </AfterFirstPaint>
                }
                .into_any()
            }}
            {(open && held_here == 0).then(|| export(gift, gift_name, spec, questions_len))}
            {(open && held_here > 0).then(|| view! { <p class="graded-note" data-export-held="">{tr!("ui.quiz.gift.held", count = held_here)}</p> })}
            // The learner's own progress: not an LMS attempt's to export, import or erase.
            {(open && !under_lms).then(|| view! { <ProgressTools progress=progress notice=notice /> })}
            <crate::components::embed_button::EmbedButton panel=Panel::Quiz />
        </section>
    }
}

/// The questions (ids) of an assignment's quiz step this browser has not finished (issue 64,
/// way 4): not checked, nor exported, in another quiz here (`holds`: not a step's own frame
/// nor an LMS's attempt, which hold nothing back). Read as the page opens, as the loader reads
/// predictions.
fn held_questions(holds: bool, progress: &Progress) -> Vec<String> {
    if !holds {
        return Vec::new();
    }
    storage::held_text()
        .map(|t| quiz::panel::held_questions(&t, progress))
        .unwrap_or_default()
}

/// The progress the quiz opens with, and whether an LMS keeps it: under an LMS that answered,
/// the attempt's alone (in memory, from the LMS); else the learner's own, in this browser.
fn open_progress(
    under_lms: bool,
    spec: QuizSpec,
    questions: &[Question],
    pass: PassScore,
    key: &str,
    lms_notices: RwSignal<Vec<Notice>>,
) -> (storage::Loaded, bool) {
    // Under an LMS the LMS is the only memory of the attempt (issue 25): the progress shown is
    // the attempt's alone, in memory, and the learner's own progress in this browser is neither
    // read nor written (a shared computer must never show one learner's answers to another).
    if under_lms {
        let mut attempt = storage::Loaded {
            progress: Progress::default(),
            notice: None,
            persistent: false,
        };
        let started = crate::lms::start(spec, questions, pass, key, &mut attempt.progress);
        // No LMS answered (issue 43): said before the learner starts, and the work is kept in
        // this browser as on an ungraded page, never dropped in silence.
        let missing = started.notices.contains(&Notice::NoLms);
        lms_notices.set(started.notices);
        if missing {
            (storage::load(), false)
        } else {
            (attempt, true)
        }
    } else {
        (storage::load(), false)
    }
}

/// The quiz to take elsewhere: its GIFT text (for Moodle and others) and its SCORM package.
fn export(gift: String, gift_name: String, spec: QuizSpec, questions_len: usize) -> impl IntoView {
    let gift_for_download = gift.clone();
    view! {
        <details class="gift">
            <summary>{t!("ui.quiz.gift.summary")}</summary>
            <p class="note">{tr!("ui.quiz.gift.note", tolerance = warp_model::figure::format_decimal(FRACTION_TOLERANCE))}</p>
            <textarea readonly rows="6" data-gift="" aria-label=t!("ui.quiz.gift.label") prop:value=gift></textarea>
            <button type="button" data-action="download-gift" on:click=move |_| download::download(&gift_name, "text/plain", &gift_for_download)>
                {t!("ui.quiz.gift.download")}
            </button>
        </details>
        <ScormDownload
            sco=Callback::new(move |(v, p): (Version, PassScore)| {
                (spec.file_name(v), warp_model::lms::manifest::Sco {
                    identifier: spec.identifier(),
                    title: spec.title(questions_len),
                    launch: spec.launch_url(warp_model::i18n::lang(), p),
                }, warp_model::package::quiz_bundles(spec.topic))
            })
            note=t!("ui.quiz.scorm.note")
        />
    }
}

/// "Resume your quiz" for the quiz in progress, unless it is the one on screen.
fn resume_offer(progress: RwSignal<Progress>, on_screen: QuizKey) -> Option<AnyView> {
    let r = progress.with(Progress::in_progress)?;
    (r.key != on_screen).then(|| {
        let topic = r.key.topic.map_or(t!("quiz.topic.all"), Topic::label);
        let detail = tr!(
            "ui.quiz.resume.detail",
            answered = r.answered,
            total = r.total,
            topic,
            seed = r.key.seed
        );
        view! { <ResumeQuiz quiz=r.key detail=detail /> }.into_any()
    })
}

/// The quiz's own form (a plain GET form: opening another quiz reloads the page), its controls
/// generated from the quiz's declared parameters like every panel's (`controls::field_html`).
/// Nothing in it follows a signal, so it is one HTML string (issue 46: its fields as view nodes
/// were a second copy of the form's controls); every text is escaped.
#[component]
fn QuizControls(params: QuizParams, seed: Option<u64>) -> impl IntoView {
    use warp_model::markup::Html;
    use warp_model::panel::link;
    use warp_model::quiz::panel::{QuizModel, COUNT, SEED, TOPIC};
    let topic = params.topic_name();
    let lang = warp_model::i18n::lang();
    let mut html = Html::new();
    html.raw(r#"<input type="hidden" name="panel" value="quiz">"#);
    if lang != warp_model::i18n::Lang::En {
        html.raw(r#"<input type="hidden" name="lang""#)
            .attr("value", lang.code())
            .raw(">");
    }
    field_html(&TOPIC, topic, false, &mut html);
    field_html(&COUNT, &params.count.to_string(), false, &mut html);
    let seed = seed.map(|s| s.to_string()).unwrap_or_default();
    field_html(&SEED, &seed, false, &mut html);
    let again = link::<QuizModel>(&[(&TOPIC, topic), (&COUNT, &params.count.to_string())]);
    html.raw(r#"<input type="hidden" name="draw""#)
        .attr_num("value", params.draw.number())
        .raw(r#"><button type="submit">"#)
        .text(t!("ui.quiz.open"))
        .raw("</button><a")
        .attr("href", &warp_model::site::href(&again))
        .raw(">")
        .text(t!("ui.quiz.new"))
        .raw("</a>");
    let html = html.into_string();
    view! { <form class="quiz-controls" method="get" action="./" inner_html=html></form> }
}

#[component]
fn QuestionCard(
    q: Question,
    progress: RwSignal<Progress>,
    quiz_key: String,
    held: bool,
    on_answer: impl Fn(Question, String) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let answered = {
        let (key, qid) = (quiz_key.clone(), q.qid.clone());
        Memo::new(move |_| {
            progress.with(|p| {
                p.quizzes
                    .get(&key)
                    .and_then(|m| m.get(&qid))
                    .map(|a| a.raw.clone())
            })
        })
    };
    let raw = RwSignal::new(answered.get_untracked().unwrap_or_default());
    let qq = q.clone();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if held || answered.get_untracked().is_some() {
            return;
        }
        // Radios report through the form; a text answer through the signal.
        let from_form = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlFormElement>().ok())
            .and_then(|f| {
                f.query_selector("input[name=answer]:checked")
                    .ok()
                    .flatten()
            })
            .and_then(|i| i.dyn_into::<web_sys::HtmlInputElement>().ok())
            .map(|i| i.value());
        let value = from_form.unwrap_or_else(|| raw.get_untracked());
        if value.trim().is_empty() {
            return;
        }
        on_answer(qq.clone(), value);
    };
    let input = match &q.kind {
        AnswerKind::Number { unit, .. } => view! {
            <label class="answer">
                {t!("ui.quiz.answer")} " "
                <input type="text" name="answer" autocomplete="off" prop:value=move || raw.get() on:input=move |ev| raw.set(event_target_value(&ev))
                    disabled=move || held || answered.get().is_some() />
                " " {*unit}
            </label>
        }
        .into_any(),
        AnswerKind::Choice { options, .. } => options
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let value = i.to_string();
                let checked = answered.get_untracked().as_deref() == Some(value.as_str());
                view! { <label class="choice"><input type="radio" name="answer" value=value checked=checked disabled=move || held || answered.get().is_some() /> " " {o.clone()}</label> }
            })
            .collect_view()
            .into_any(),
        AnswerKind::YesNo(_) => ["yes", "no"]
            .into_iter()
            .map(|v| {
                let checked = answered.get_untracked().as_deref() == Some(v);
                let shown = if v == "yes" { t!("common.value.yes") } else { t!("common.value.no") };
                view! { <label class="choice"><input type="radio" name="answer" value=v checked=checked disabled=move || held || answered.get().is_some() /> " " {shown}</label> }
            })
            .collect_view()
            .into_any(),
    };
    let feedback_q = q.clone();
    view! {
        <form class="quiz-question" data-quiz-question="" data-qid=q.qid.clone() data-template=q.template on:submit=submit>
            <p class="prompt">{q.prompt.clone()}</p>
            {input}
            <button type="submit" disabled=move || held || answered.get().is_some()>{t!("ui.quiz.check")}</button>
            // Held questions cannot be answered on this page: the note never changes here.
            {(held && answered.get_untracked().is_none()).then(|| view! { <p class="graded-note" data-quiz-held="">{t!("ui.quiz.held")}</p> })}
            {move || {
                answered.get().map(|raw| {
                    let g = feedback_q.grade(&raw);
                    let q = feedback_q.clone();
                    view! {
                        <div class="feedback" data-quiz-feedback="" data-correct=g.correct.to_string() role="status">
                            <p class:right=g.correct class:wrong=!g.correct>{g.feedback}</p>
                            {q.source.clone().map(|s| view! { <p class="source">{t!("ui.quiz.source")} " " {s}</p> })}
                            {q.link.clone().map(|l| view! { <p><a href=warp_model::site::href(&l) data-action="open-scenario">{t!("ui.quiz.open-scenario")}</a></p> })}
                            {q.link.clone().map(|l| view! { <Solution topic=q.topic link=l /> })}
                        </div>
                    }
                })
            }}
        </form>
    }
}

/// Where a solution is: being worked out, shown, or not to be had here (in words).
#[derive(Clone)]
enum Solved {
    Working,
    Shown(Option<Worked>),
    Missing(String),
}

/// An answered question's solution: its scenario's worked steps, the panel's own, worked out by
/// the solution worker (`crate::solve_worker`; the page links no panel's worked steps) as the
/// page shows the feedback. `[data-solution=working|shown|missing]`.
#[component]
fn Solution(topic: Topic, link: String) -> impl IntoView {
    let solved = RwSignal::new(Solved::Working);
    let job: StoredValue<Option<Job>, LocalStorage> = StoredValue::new_local(None);
    let end = move || crate::check_worker::end_held(job);
    let started = solve_worker::start(solve_worker::query(topic, &link), move |heard| {
        let now = match heard {
            Heard::Report(w) => Solved::Shown(w.into_iter().next()),
            Heard::Broken(why) => Solved::Missing(tr!("ui.quiz.solution.broken", reason = why)),
            Heard::Test(_) => return,
        };
        end();
        solved.try_set(now);
    });
    match started {
        Some(j) => job.set_value(Some(j)),
        None => solved.set(Solved::Missing(
            t!("ui.quiz.solution.no-worker").to_string(),
        )),
    }
    on_cleanup(end);
    move || {
        match solved.get() {
        Solved::Working => view! {
            <p class="solution-wait" data-solution="working" role="status">{t!("ui.quiz.solution.working")}</p>
        }
        .into_any(),
        Solved::Shown(w) => view! {
            <div data-solution="shown">{w.map(|w| view! { <WorkedSteps worked=w /> })}</div>
        }
        .into_any(),
        Solved::Missing(why) => view! { <p class="error" data-solution="missing">{why}</p> }.into_any(),
    }
    }
}

#[component]
fn ProgressTools(progress: RwSignal<Progress>, notice: RwSignal<Option<String>>) -> impl IntoView {
    let confirming = RwSignal::new(false);
    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        let text = file.text();
        leptos::task::spawn_local(async move {
            let result = wasm_bindgen_futures::JsFuture::from(text)
                .await
                .ok()
                .and_then(|v| v.as_string());
            match result.map(|t| storage::parse_import(&t)) {
                Some(Ok(read)) => {
                    let parts = (!read.dropped.is_empty()).then(|| read.places());
                    progress.set(read.progress);
                    let saved = progress.with_untracked(storage::save);
                    notice.set(Some(if let Some(parts) = parts {
                        tr!("ui.quiz.imported-partly", parts)
                    } else if saved {
                        tr!("ui.quiz.imported")
                    } else {
                        tr!("ui.quiz.imported-session")
                    }));
                }
                Some(Err(e)) => notice.set(Some(tr!("ui.quiz.import-failed", reason = e))),
                None => notice.set(Some(tr!("ui.quiz.import-unreadable"))),
            }
        });
    };
    view! {
        <section class="progress-tools" aria-label=t!("ui.quiz.progress")>
            <h2>{t!("ui.quiz.progress")}</h2>
            <p class="note">{t!("ui.quiz.progress.note")}</p>
            <button type="button" data-action="export-progress" on:click=move |_| {
                download::download("warp-lab-progress.json", "application/json", &progress.with_untracked(Progress::to_json));
            }>{t!("ui.quiz.progress.export")}</button>
            <label class="import">{t!("ui.quiz.progress.import")} " " <input type="file" accept="application/json,.json" data-action="import-progress" on:change=import /></label>
            // A closure, not `Show` (whose own code was in no other part of this bundle).
            {move || if confirming.get() {
                view! {
                    <span class="confirm">
                        {t!("ui.quiz.progress.erase-ask")} " "
                        <button type="button" data-action="confirm-reset" on:click=move |_| {
                            progress.set(Progress::default());
                            let _ = progress.with_untracked(storage::save);
                            confirming.set(false);
                            notice.set(Some(tr!("ui.quiz.progress.was-reset")));
                        }>{t!("ui.quiz.progress.erase")}</button>
                        " "
                        <button type="button" on:click=move |_| confirming.set(false)>{t!("ui.quiz.progress.keep")}</button>
                    </span>
                }
                .into_any()
            } else {
                view! { <button type="button" data-action="reset-progress" on:click=move |_| confirming.set(true)>{t!("ui.quiz.progress.reset")}</button> }.into_any()
            }}
        </section>
    }
}
