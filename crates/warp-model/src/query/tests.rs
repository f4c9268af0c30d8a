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
