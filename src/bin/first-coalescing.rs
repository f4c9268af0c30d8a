//! The coalescing page's first frame (`warp_lab::first_frame_bundle`).

warp_lab::first_frame_bundle!(
    warp_model::coalescing::panel::CoalescingModel,
    warp_lab::panels::coalescing::picture_html
);
