use super::*;
use crate::i18n::{with_lang, Lang};
use crate::math::{eq, num};

fn example() -> Worked {
    Worked {
        question: "Q?".into(),
        forecast: "F".into(),
        steps: vec![Step {
            title: "T".into(),
            body: vec![t("B")],
            why: "W".into(),
        }],
        answer: "A".into(),
        verify: vec![m(eq(vec![num(1), num(1)]))],
    }
}

#[test]
fn labels_follow_the_language() {
    assert_eq!(
        example().text(),
        "Q?\nForecast: F\n1. T. B Why this step? W\nAnswer: A\nVerify: 1 = 1\n"
    );
    assert_eq!(
        with_lang(Lang::Hinglish, || example().text()),
        "Q?\nForecast: F\n1. T. B Yeh step kyun? W\nAnswer: A\nVerify: 1 = 1\n"
    );
}
