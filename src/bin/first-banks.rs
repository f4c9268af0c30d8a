//! The banks page's first frame (`warp_lab::first_frame_bundle`).

warp_lab::first_frame_bundle!(
    warp_model::banks::panel::BanksModel,
    warp_lab::panels::banks::picture_html
);
