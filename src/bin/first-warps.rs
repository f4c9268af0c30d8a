//! The warps page's first frame (`warp_lab::first_frame_bundle`).

warp_lab::first_frame_bundle!(
    warp_model::warps::panel::WarpsModel,
    warp_lab::panels::warps::picture_html
);
