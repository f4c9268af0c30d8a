use super::Unavailable;
use warp_model::i18n::{with_lang, Lang};

#[test]
fn why_webgpu_is_missing_speaks_hinglish_and_keeps_the_api_names() {
    let why = Unavailable::NoDevice("OperationError 7".into());
    let en = why.explain();
    let hi = with_lang(Lang::Hinglish, || why.explain());
    assert!(en.starts_with("An adapter was found"), "{en}");
    assert!(hi.contains("mila par") && hi.contains("aksar"), "{hi}");
    for kept in ["requestDevice()", "(OperationError 7)"] {
        assert!(en.contains(kept) && hi.contains(kept), "{kept}: {hi}");
    }
    let hi_api = with_lang(Lang::Hinglish, || Unavailable::NoApi.explain());
    assert!(
        hi_api.contains("navigator.gpu") && hi_api.contains("nahi hai"),
        "{hi_api}"
    );
}
