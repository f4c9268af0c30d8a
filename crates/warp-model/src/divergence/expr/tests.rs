use super::*;
use proptest::prelude::*;

fn takes(cond: &str, idx: i64) -> bool {
    parse(cond).unwrap().eval(idx).unwrap()
}

#[test]
fn the_seeds_conditions() {
    // Seed 004 Ex 5 and seed 003 Ex 10: threadIdx.x % 2 == 0.
    assert!(takes("threadIdx.x % 2 == 0", 4));
    assert!(!takes("idx % 2 == 0", 5));
    // Seed 003 Ex 10's fix: (idx/32)%2 is constant over a warp.
    for lane in 0..32 {
        assert!(takes("(idx/32)%2==0", lane));
        assert!(!takes("(idx/32)%2==0", 32 + lane));
    }
    assert!(takes("idx < 16 && idx % 4 == 1", 5));
    assert!(takes("idx < 2 || idx > 30", 31));
    assert!(!takes("!(idx < 16)", 3));
    assert!(takes("idx - 2 * 3 == 0", 6));
}

#[test]
fn errors_point_at_the_problem() {
    let e = parse("idx % 2 = 0").unwrap_err();
    assert_eq!(e.column, 8);
    assert!(e.message.contains("=="));
    assert!(parse("idx % 2")
        .unwrap_err()
        .message
        .contains("not a condition"));
    assert!(parse("foo < 3")
        .unwrap_err()
        .message
        .contains("unknown name “foo”"));
    assert!(parse("(idx < 3")
        .unwrap_err()
        .message
        .contains("never closed"));
    assert!(parse("idx <")
        .unwrap_err()
        .message
        .contains("ends too early"));
    assert!(parse("").unwrap_err().message.contains("empty"));
    assert!(parse("idx < 3 3")
        .unwrap_err()
        .message
        .contains("unexpected number 3"));
    assert!(parse("idx & 1").unwrap_err().message.contains("&&"));
    assert!(parse("(idx < 3) + 1 == 2")
        .unwrap_err()
        .message
        .contains("+ needs two numbers"));
    assert!(parse("idx < 99999999999999999999")
        .unwrap_err()
        .message
        .contains("too large"));
    assert!(parse(&"(".repeat(150)).is_err());
    assert_eq!(
        parse("idx % 0 == 0").unwrap().eval(3),
        Err("division by zero when idx = 3".into())
    );
}

#[test]
fn errors_speak_hinglish_and_keep_their_column() {
    use crate::i18n::{with_lang, Lang};
    let (en, hi) = (
        parse("foo < 3").unwrap_err(),
        with_lang(Lang::Hinglish, || parse("foo < 3").unwrap_err()),
    );
    assert_eq!(en.column, hi.column);
    assert!(
        hi.message.contains("“foo” naam unknown hai"),
        "{}",
        hi.message
    );
    let hi = with_lang(Lang::Hinglish, || parse("idx % 0 == 0").unwrap().eval(3));
    assert_eq!(hi, Err("idx = 3 par zero se division".into()));
    let shown = with_lang(Lang::Hinglish, || parse("idx <").unwrap_err().to_string());
    assert!(
        shown.starts_with("column 6 par: condition bahut jaldi"),
        "{shown}"
    );
}

#[test]
fn realignment_makes_the_key_warp_uniform() {
    let e = parse("idx % 2 == 0").unwrap().realigned();
    assert_eq!(e.text(), "(idx / 32) % 2 == 0");
    let already = parse("(idx / 32) % 2 == 0").unwrap();
    assert_eq!(already.realigned(), already);
}

proptest! {
    #[test]
    fn parsing_never_panics(s in ".{0,60}") {
        if let Ok(e) = parse(&s) {
            for idx in 0..64 {
                let _ = e.eval(idx);
            }
        }
    }

    #[test]
    fn evaluation_matches_a_direct_computation(m in 1i64..64, r in 0i64..64, k in 0i64..256, idx in 0i64..4096) {
        prop_assert_eq!(takes(&format!("idx % {m} == {r}"), idx), idx % m == r);
        prop_assert_eq!(takes(&format!("idx < {k}"), idx), idx < k);
        prop_assert_eq!(takes(&format!("(idx / 32) % {m} == {r}"), idx), (idx / 32) % m == r);
        prop_assert_eq!(
            takes(&format!("idx % {m} == {r} && idx < {k} || idx == {r}"), idx),
            (idx % m == r && idx < k) || idx == r
        );
    }

    #[test]
    fn text_round_trips(m in 1i64..64, r in 0i64..64, k in 0i64..256) {
        let src = format!("(idx % {m} == {r} || idx >= {k}) && !(idx / 32 < {m})");
        let e = parse(&src).unwrap();
        prop_assert_eq!(parse(&e.text()).unwrap(), e);
    }
}
