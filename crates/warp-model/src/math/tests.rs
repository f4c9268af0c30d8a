use super::*;

#[test]
fn text_reads_like_the_seeds() {
    let m = row(vec![ceil(frac(num(100), num(32))), op("="), num(4)]);
    assert_eq!(m.text(), "⌈100/32⌉ = 4");
    let m = row(vec![
        floor(frac(row(vec![id("P"), op("−"), num(1)]), num(32))),
        op("+"),
        num(1),
    ]);
    assert_eq!(m.text(), "⌊(P − 1)/32⌋ + 1");
    assert_eq!(sub("D", "x").text(), "D_x");
    assert_eq!(call("max", vec![num(12), num(9)]).text(), "max(12, 9)");
    assert_eq!(
        eq(vec![joined(vec![num(1), num(2)], "+"), num(3)]).text(),
        "1 + 2 = 3"
    );
}
