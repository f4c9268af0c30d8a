use super::link;
use crate::banks::panel::{BanksModel, ELEM, LANES, STRIDE};
use crate::divergence::panel::{DivergenceModel, COND, PATHS};
use crate::warps::map::{BLOCK_X, BLOCK_Y, BLOCK_Z};
use crate::warps::panel::{WarpsModel, N};

#[test]
fn a_link_names_the_panel_then_each_value_under_its_declared_name() {
    assert_eq!(
        link::<BanksModel>(&[(&ELEM, "4"), (&STRIDE, "2"), (&LANES, "16")]),
        "panel=banks&elem=4&stride=2&lanes=16"
    );
    // The three block parameters are the parts of one `block=`, given in order.
    assert_eq!(
        link::<WarpsModel>(&[
            (&BLOCK_X, "16"),
            (&BLOCK_Y, "8"),
            (&BLOCK_Z, "2"),
            (&N, "100")
        ]),
        "panel=warps&block=16,8,2&n=100"
    );
    assert_eq!(
        link::<WarpsModel>(&[(&BLOCK_X, "48"), (&BLOCK_Y, "4")]),
        "panel=warps&block=48,4"
    );
    // Commas stay readable; what a URL cannot carry is encoded (as the app writes its own).
    assert_eq!(
        link::<DivergenceModel>(&[(&PATHS, "10,14"), (&COND, "idx%2==0 && x<3")]),
        "panel=divergence&paths=10,14&cond=idx%252%3D%3D0+%26%26+x%3C3"
    );
}
