use super::*;
use crate::examples;
use crate::query::Query;
use crate::quiz::{generate, seed_bank, Rng, Topic};
use crate::registry::Panel;

fn crosses(worked: &[Worked], what: &str) {
    let text = encode(worked);
    assert_eq!(decode(&text).as_deref(), Some(worked), "{what}");
}

#[test]
fn every_panels_worked_steps_cross_unchanged_at_its_defaults_and_every_example() {
    let mut formulas = 0;
    for p in Panel::ALL {
        let w = p
            .evaluate_query(&Query::parse(&format!("panel={}", p.name())), &[])
            .worked;
        formulas += w.iter().map(|w| w.formulas().len()).sum::<usize>();
        crosses(&w, p.name());
    }
    for ex in examples::ALL {
        let w = ex.panel.evaluate_query(&Query::parse(""), ex.params).worked;
        crosses(&w, ex.cell);
    }
    // Formulas did cross: the defaults alone hold dozens (warps' worked steps alone a dozen).
    assert!(formulas > 30, "{formulas}");
}

#[test]
fn every_quiz_solution_crosses_unchanged() {
    // Each topic's templates, drawn 40 times, and the seed bank's items with a scenario: the
    // text the worker sends is the solution the quiz showed when it worked it out itself.
    let mut rng = Rng::new(11);
    let mut asked = seed_bank();
    for _ in 0..40 {
        asked.extend(Topic::ALL.iter().map(|t| generate(*t, &mut rng)));
    }
    for q in &asked {
        let solution = q.solution();
        if q.link.is_some() {
            assert!(!solution.is_empty(), "{}", q.qid);
        }
        crosses(&solution, &q.qid);
    }
}

#[test]
fn a_message_not_in_this_form_is_refused() {
    let w = Panel::Warps
        .evaluate_query(&Query::parse("panel=warps"), &[])
        .worked;
    let text = encode(&w);
    // Every cut short message is refused: none is read as fewer steps.
    for end in (0..text.len()).filter(|e| text.is_char_boundary(*e)) {
        assert_eq!(decode(&text[..end]), None, "cut at {end}");
    }
    // Text left over, another version, a formula of no kind.
    assert_eq!(decode(&format!("{text}1:x")), None);
    assert_eq!(decode(&text.replacen("2:w1", "2:w2", 1)), None);
    assert_eq!(decode("2:w11:11:q1:f1:01:a1:11:m1:z"), None);
    // A count the text does not hold.
    assert_eq!(decode("2:w12:99"), None);
    assert_eq!(decode(""), None);
    assert_eq!(decode("2:w11:0"), Some(vec![]));
}

#[test]
fn a_formula_nested_past_any_of_ours_is_refused_without_exhausting_the_stack() {
    let nest = |depth: usize| {
        let mut m = Math::Num("1".into());
        for _ in 0..depth {
            m = Math::Paren(Box::new(m));
        }
        vec![Worked {
            question: "q".into(),
            forecast: String::new(),
            steps: vec![],
            answer: "a".into(),
            verify: vec![Inline::Math(m)],
        }]
    };
    // The deepest read: MAX_DEPTH parentheses around a number (depth 0 … MAX_DEPTH).
    crosses(&nest(MAX_DEPTH), "as deep as read");
    assert_eq!(decode(&encode(&nest(MAX_DEPTH + 1))), None);
    // A message nested 100,000 deep (written as text: a formula that deep could not even be
    // dropped without exhausting the stack).
    let deep = format!("2:w11:11:q0:1:01:a1:11:m{}1:n1:1", "1:p".repeat(100_000));
    assert_eq!(decode(&deep), None);
    assert_eq!(
        decode(&deep.replace(&"1:p".repeat(100_000), "1:p")).map(|w| w.len()),
        Some(1)
    );
}
