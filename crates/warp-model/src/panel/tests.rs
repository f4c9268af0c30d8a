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

/// Issue 45 item 10: what an address says that the inputs cannot keep is said, naming its key,
/// and the figures are drawn from what was read.
mod address_notes {
    use crate::i18n::{set_lang, Lang};
    use crate::mma::panel::{evaluate, MmaInput, LANE, PITCH};
    use crate::panel::Inputs;
    use crate::query::Query;

    fn read(search: &str) -> (MmaInput, Vec<crate::params::ParamError>) {
        set_lang(Lang::En);
        let q = Query::parse(search);
        let input = Inputs::from_query(&q, &Inputs::default());
        let notes = input.notes().to_vec();
        assert_eq!(notes, input.address_notes(&q));
        (input, notes)
    }

    #[test]
    fn a_key_given_twice_is_read_from_its_first_value_and_said_so() {
        let (input, notes) = read("panel=mma&lane=3&lane=5");
        assert_eq!(input.get(&LANE), "3");
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].param, "lane");
        assert_eq!(
            notes[0].message,
            "lane is given 2 times in the address: the first, “3”, is used."
        );
        // Lane 3 of C (m16n8k16, f32): groupID 0, tid 3 → its four elements, drawn.
        let out = evaluate(&input);
        assert!(out.errors.is_empty(), "{:?}", out.errors);
        assert_eq!(out.fragment.as_ref().and_then(|p| p.lane), Some(3));
        // Changing the lane ends the notice; setting it to what it is does not.
        assert_eq!(input.clone().with(&LANE, "3").notes().len(), 1);
        assert!(input.clone().with(&LANE, "4").notes().is_empty());
    }

    #[test]
    fn a_key_of_the_other_mode_names_both_modes() {
        // The tensor-core panel opens in fragment mode; pitch is ldmatrix's.
        let (input, notes) = read("panel=mma&pitch=72");
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].param, "pitch");
        assert_eq!(
            notes[0].message,
            "pitch belongs to mode=ldmatrix; this link opens mode=fragment, which does not use it."
        );
        assert!(evaluate(&input).errors.is_empty());
        // Switching to ldmatrix makes it used: the notice no longer holds.
        let mut switched = input.clone();
        switched.switch_mode("ldmatrix");
        assert_eq!(switched.get(&PITCH), "72");
        assert!(switched.notes().is_empty());
        // And the other way round.
        let (_, notes) = read("panel=mma&mode=ldmatrix&lane=3");
        assert_eq!(notes.len(), 1);
        assert!(notes[0]
            .message
            .starts_with("lane belongs to mode=fragment"));
    }

    #[test]
    fn a_plain_address_has_no_notes() {
        for search in [
            "panel=mma",
            "panel=mma&lane=3",
            "panel=mma&mode=ldmatrix&pitch=72",
            "",
        ] {
            assert!(read(search).1.is_empty(), "{search}");
        }
    }
}

/// Issue 65: `block=1,1,1,1` and `block=32,2,2,999` were read as three parts without a word.
#[test]
fn parts_beyond_a_keys_own_are_named() {
    use crate::panel::Inputs;
    use crate::query::Query;
    use crate::warps::panel::WarpsInput;
    for (address, rest) in [
        ("panel=warps&block=1,1,1,1", "“1”"),
        ("panel=warps&block=32,2,2,999", "“999”"),
        ("panel=warps&block=8,8,1,2,3", "“2,3”"),
    ] {
        let q = Query::parse(address);
        let input: WarpsInput = Inputs::from_query(&q, &Inputs::default());
        let notes = input.address_notes(&q);
        assert_eq!(notes.len(), 1, "{address}: {notes:?}");
        assert_eq!(notes[0].param, "block");
        assert!(
            notes[0]
                .message
                .contains(&format!("the rest, {rest}, is not read")),
            "{}",
            notes[0].message
        );
        assert!(notes[0].message.contains("at most 3"));
    }
    // Three parts, or fewer, are the block's own.
    for fine in [
        "panel=warps&block=32,2,2",
        "panel=warps&block=48,4",
        "panel=warps&block=64",
    ] {
        let q = Query::parse(fine);
        let input: WarpsInput = Inputs::from_query(&q, &Inputs::default());
        assert!(input.address_notes(&q).is_empty(), "{fine}");
    }
}
