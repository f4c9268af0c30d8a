//! The memory page's first frame (`warp_lab::first_frame_bundle`).

warp_lab::first_frame_bundle!(
    warp_model::memory::panel::MemoryModel,
    warp_lab::panels::memory::picture_html
);
