use super::*;

#[test]
fn plain_values_follow_the_contract() {
    assert_eq!(Value::Int(2_088_960).plain(), "2088960");
    assert_eq!(Value::Int(2_088_960).human(), "2,088,960");
    assert_eq!(
        Value::Frac {
            value: 1.0 / 32.0,
            percent: true
        }
        .plain(),
        "0.03125"
    );
    assert_eq!(
        Value::Frac {
            value: 1.0 / 32.0,
            percent: true
        }
        .human(),
        "3.125%"
    );
    assert_eq!(
        Value::Frac {
            value: 5.0 / 32.0,
            percent: false
        }
        .plain(),
        "0.15625"
    );
    assert_eq!(
        Value::Frac {
            value: 4.0 / 7.0,
            percent: false
        }
        .plain(),
        "0.571429"
    );
    assert_eq!(
        Value::Frac {
            value: 1.0,
            percent: true
        }
        .plain(),
        "1"
    );
    assert_eq!(
        Value::Frac {
            value: 1.0,
            percent: true
        }
        .human(),
        "100%"
    );
    assert_eq!(Value::Coords(vec![6, 0, 2]).plain(), "6,0,2");
    assert_eq!(Value::Coords(vec![6, 0, 2]).human(), "(6, 0, 2)");
    assert_eq!(Value::Bool(true).plain(), "yes");
    assert_eq!(Value::None.plain(), "none");
    assert_eq!(group_thousands(999), "999");
    assert_eq!(group_thousands(1000), "1,000");
    assert_eq!(format_decimal(0.007_352_941), "0.00735294");
}

#[test]
fn human_words_follow_the_language_plain_values_do_not() {
    use crate::i18n::{with_lang, Lang};
    assert_eq!(Value::Bool(false).human(), "no");
    assert_eq!(Value::None.human(), "none");
    with_lang(Lang::Hinglish, || {
        assert_eq!(Value::Bool(true).human(), "haan");
        assert_eq!(Value::None.human(), "koi nahi");
        assert_eq!(Value::Bool(true).plain(), "yes");
        assert_eq!(Value::None.plain(), "none");
        assert_eq!(Value::Int(2_088_960).human(), "2,088,960");
    });
}
