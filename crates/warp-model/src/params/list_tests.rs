use super::*;

#[test]
fn lists_name_the_bad_item() {
    assert_eq!(
        parse_list("paths", "12, 9", 1, 100, 32, "cycles").unwrap(),
        vec![12, 9]
    );
    let e = parse_list("paths", "12,-5", 1, 100, 32, "cycles").unwrap_err();
    assert_eq!(e.param, "paths");
    assert_eq!(
        e.message,
        "paths item 2 = −5 is out of range: allowed from 1 to 100."
    );
    assert!(parse_list("paths", "", 1, 100, 32, "cycles")
        .unwrap_err()
        .message
        .contains("empty"));
    assert!(parse_list("paths", "1,,2", 1, 100, 32, "cycles")
        .unwrap_err()
        .message
        .contains("item 2"));
    let long = vec!["1"; 33].join(",");
    assert!(parse_list("paths", &long, 1, 100, 32, "cycles")
        .unwrap_err()
        .message
        .contains("33 items"));
}
