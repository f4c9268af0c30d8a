// A page's first frame (issue 63, src/frame.rs), run by the page under `with/` that carries it:
// `cargo xtask dist` writes this after the module's glue (which defines `warpFirst`), in one
// script after the page's markup and the module's wasm (`#first-wasm`, deflated, as base64),
// and the page's policy allows it by its hash. Where the markup does not show the address
// (`<html data-prerender="stale">`, the loader's verdict), it inflates and runs the module on
// the address and applies what it returns to the markup: `["html", name, markup]` fills
// `[data-frame=name]`, `["attr", selector, attribute, value]` sets an attribute; then the
// markup shows (`data-prerender="first"`) until the app takes the page over as it takes over
// any prerendered page. Nothing once the app has started (`data-started`: it draws the page);
// nothing where the module draws nothing (an address that changes how the page is shown) or
// cannot run (no DecompressionStream): the page waits for the app, as any page would.
(function () {
  var root = document.documentElement;
  var data = document.getElementById('first-wasm');
  // Not a view held behind an assignment's Forecast (`data-held`, the loader's): the live app
  // decides what of it to show.
  if (root.getAttribute('data-prerender') !== 'stale' || root.hasAttribute('data-held') || !data ||
      typeof DecompressionStream !== 'function') return;
  var text = atob(data.textContent), bytes = new Uint8Array(text.length);
  for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate')))
    .arrayBuffer()
    .then(function (module) { return warpFirst.default({ module_or_path: module }); })
    .then(function () {
      var patches = warpFirst.first_frame(root.getAttribute('data-query') || '', location.search);
      var old = document.querySelector('[data-prerendered]');
      if (!patches || !old || root.hasAttribute('data-started')) return;
      JSON.parse(patches).forEach(function (p) {
        if (p[0] === 'html') {
          var el = old.querySelector('[data-frame="' + p[1] + '"]');
          if (el) el.innerHTML = p[2];
        } else {
          old.querySelectorAll(p[1]).forEach(function (el) { el.setAttribute(p[2], p[3]); });
        }
      });
      root.setAttribute('data-prerender', 'first');
    })
    .catch(function () {});
})();
