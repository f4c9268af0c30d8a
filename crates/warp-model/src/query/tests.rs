use super::*;

#[test]
fn parses_and_writes_back() {
    let q = Query::parse("?panel=warps&block=48%2C4&thread=70&embed=1");
    assert_eq!(q.get("panel"), Some("warps"));
    assert_eq!(q.get("block"), Some("48,4"));
    assert_eq!(q.to_search(), "?panel=warps&block=48,4&thread=70&embed=1");
    let mut q = q;
    q.set("thread", None);
    q.set("warp", Some("1"));
    q.set("block", Some("8,4,3"));
    assert_eq!(q.to_search(), "?panel=warps&block=8,4,3&embed=1&warp=1");
    assert_eq!(Query::parse("").to_search(), "");
    assert_eq!(Query::parse("?a=%3Cscript%3E").get("a"), Some("<script>"));
    let q = Query::parse("example=warp-scheduling/C2");
    assert_eq!(q.to_search(), "?example=warp-scheduling/C2");
}

proptest::proptest! {
    /// `encode` swaps the escaped comma and slash back piece by piece: the same text as the
    /// whole-string `replace` it had, for any text (a kernel's source among them), and read
    /// back by `Query::parse` as it was written.
    #[test]
    fn encode_is_the_form_encoding_with_commas_and_slashes_kept(s in "[ -~×é\\n,/%+&=]{0,40}") {
        let by_replace = form_urlencoded::byte_serialize(s.as_bytes())
            .collect::<String>()
            .replace("%2C", ",")
            .replace("%2F", "/");
        proptest::prop_assert_eq!(encode(&s), by_replace);
        let q = Query::parse(&format!("k={}", encode(&s)));
        proptest::prop_assert_eq!(q.get("k"), Some(s.as_str()));
    }
}

#[test]
fn encode_keeps_lists_and_paths_readable() {
    // A block's list and a kernel's comment: commas and slashes stay, spaces are '+', a
    // multiplication sign is its UTF-8 bytes escaped.
    assert_eq!(encode("32,4,1"), "32,4,1");
    assert_eq!(encode("// a / b"), "//+a+/+b");
    assert_eq!(encode("2×3 & x=1"), "2%C3%973+%26+x%3D1");
}
