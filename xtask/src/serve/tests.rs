use super::*;

fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| (*s).to_string()).collect()
}

#[test]
fn the_port_is_8080_unless_named() {
    assert_eq!(port_from(&[]), Ok(8080));
    assert_eq!(port_from(&args(&["--port", "9000"])), Ok(9000));
    assert_eq!(port_from(&args(&["--port=8181"])), Ok(8181));
    for bad in [
        &["--port"][..],
        &["--port", "0"],
        &["--port", "70000"],
        &["--port", "x"],
    ] {
        let e = port_from(&args(bad)).unwrap_err();
        assert!(e.contains("1 to 65535"), "{bad:?}: {e}");
    }
    assert!(port_from(&args(&["--prot", "1"]))
        .unwrap_err()
        .contains("--prot"));
}

#[test]
fn a_taken_port_is_named() {
    let held = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = held.local_addr().unwrap().port();
    let e = listen(root().join("dist"), port).unwrap_err();
    assert!(e.contains(&format!("port {port} is taken")), "{e}");
    assert!(e.contains("--port N"), "{e}");
}
