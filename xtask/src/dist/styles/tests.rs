use super::{prune, required_classes};

/// A bundle that names these classes and no other.
fn names(classes: &'static [&'static str]) -> impl Fn(&str) -> bool {
    move |c| classes.contains(&c)
}

#[test]
fn a_selector_requires_its_classes_but_not_those_it_negates() {
    assert_eq!(
        required_classes(".panel.kernel .figure"),
        ["panel", "kernel", "figure"]
    );
    assert_eq!(
        required_classes(".panel.kernel .figure:not(.key) .value"),
        ["panel", "kernel", "figure", "value"]
    );
    // Inside :not() a class is one that must be absent, nested parentheses included.
    assert_eq!(required_classes("a:not(.x:is(.y)) .z"), ["z"]);
    // An attribute's value is no class; :has() requires what it holds.
    assert_eq!(
        required_classes(":root:not([data-theme=\"a.b\"]) .c"),
        ["c"]
    );
    assert_eq!(
        required_classes(".code:has(.lines>:nth-child(100))"),
        ["code", "lines"]
    );
    assert_eq!(required_classes("html body"), Vec::<&str>::new());
}

#[test]
fn a_rule_stays_when_one_of_its_selectors_can_match() {
    let css = ".a{color:red}.b,.c .a{margin:0}.d{top:0}body{margin:0}";
    // `.b` is drawn, `.c .a` is not (no .c): the rule keeps the selector that can match.
    assert_eq!(
        prune(css, &names(&["a", "b"])).unwrap(),
        ".a{color:red}.b{margin:0}body{margin:0}"
    );
    // Nothing named: only the rules that require no class.
    assert_eq!(prune(css, &names(&[])).unwrap(), "body{margin:0}");
}

#[test]
fn media_blocks_are_pruned_inside_and_dropped_empty_other_at_rules_kept() {
    let css = "@media (max-width:600px){.a{top:0}.b{top:1px}}@media print{.b{top:0}}\
               @keyframes spin{to{transform:rotate(1turn)}}";
    assert_eq!(
        prune(css, &names(&["a"])).unwrap(),
        "@media (max-width:600px){.a{top:0}}@keyframes spin{to{transform:rotate(1turn)}}"
    );
}

#[test]
fn composed_classes_are_kept_whatever_the_strings_say() {
    // `c3` (a warp's colour) and `m2` (an mma register) are written by format! at run time.
    let css = ".lane.c3{fill:red}.m2{fill:blue}.c3x{top:0}.cc{top:0}";
    assert_eq!(
        prune(css, &names(&["lane"])).unwrap(),
        ".lane.c3{fill:red}.m2{fill:blue}"
    );
}

#[test]
fn unbalanced_braces_are_an_error_not_a_guess() {
    assert!(prune(".a{top:0", &names(&["a"])).is_err());
    assert!(prune(".a{top:0}}", &names(&["a"])).is_err());
}
