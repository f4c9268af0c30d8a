//! Saving text as a file (quiz export, progress export) through a Blob URL: nothing leaves the
//! browser, and the CSP needs no exception.

use wasm_bindgen::JsCast;

/// Offers `text` as a download named `filename`.
pub fn download(filename: &str, mime: &str, text: &str) {
    save(filename, mime, &text.into());
}

/// Offers `bytes` as a download named `filename` (the SCORM package).
pub fn download_bytes(filename: &str, mime: &str, bytes: &[u8]) {
    save(filename, mime, &js_sys::Uint8Array::from(bytes).into());
}

fn save(filename: &str, mime: &str, part: &wasm_bindgen::JsValue) {
    let Some(doc) = crate::browser::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(part);
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_blob_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = doc.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(filename);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}
