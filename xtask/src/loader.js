// The page's loader, inlined into index.html by `cargo xtask dist` (the CSP allows this script
// by its hash and no other inline one). Plain ES2017 in one function: it runs before the first
// paint, so it must be small and must not fail on old browsers before it can explain itself.
//
// 1. Picks the bundle the page needs, the way warp_model::page::route does: `assignment=` is
//    an assignment (any value: the page names a wrong one), else a valid `example=` wins (its
//    panel), else a valid `panel=` (`author` included), else the home view (which names any
//    bad value).
// 2. Starts fetching that bundle's JS and wasm at once (one round trip after the HTML), and
//    compiles the wasm while it streams in.
// 3. Says "loading" in the page's language (`lang=`), and, if WebAssembly is missing or the
//    download fails, says what happened and what to do, never a blank page.
// 4. After the app has started, registers the service worker (sw.js) that keeps every file
//    for offline use.
(function () {
  var BUNDLES = __BUNDLES__; // bundle ("warps.en": the warps page in English) → [js, wasm]
  var ROUTES = __ROUTES__; // panel name (and `assignment`, `author`) → bundle
  var HOME = __HOME__; // the bundle of the home view (no valid panel= or example=)
  var EXAMPLES = __EXAMPLES__; // "topic/cell" (cell in lower case) → panel name
  var OFFLINE = __OFFLINE__; // register the service worker (not in `cargo xtask serve`)
  var q = new URLSearchParams(location.search);
  var lang = (q.get('lang') || '').trim().toLowerCase();
  var hi = lang === 'hinglish' || lang === 'hi' || lang === 'hi-latn';
  var root = document.documentElement;
  root.lang = hi ? 'hi-Latn' : 'en';
  var embed = (q.get('embed') || '').trim();
  if (embed === '1' || embed === 'true') root.classList.add('boot-embedded');
  var words = {
    loading: ['Loading Warp Lab…', 'Warp Lab load ho raha hai…'],
    noWasm: [
      'This browser cannot run WebAssembly, which Warp Lab needs to compute its figures. Try a current Chrome, Edge, Firefox or Safari.',
      'Is browser mein WebAssembly nahi chalta, aur Warp Lab ko figures compute karne ke liye WebAssembly chahiye. Koi naya Chrome, Edge, Firefox ya Safari try karo.'
    ],
    failed: [
      'Warp Lab could not be loaded (',
      'Warp Lab load nahi ho paya ('
    ],
    retry: [
      '). Check the connection and reload the page.',
      '). Connection check karo aur page reload karo.'
    ]
  };
  function say(text) {
    var el = document.getElementById('boot-status');
    if (el) el.textContent = text;
  }
  function word(k) { return words[k][hi ? 1 : 0]; }
  function fail(detail) {
    var el = document.getElementById('boot-status');
    say(word('failed') + detail + word('retry'));
    if (el) { el.setAttribute('role', 'alert'); el.setAttribute('data-boot-error', ''); }
  }
  document.addEventListener('DOMContentLoaded', function () { say(word('loading')); });
  if (typeof WebAssembly !== 'object' || typeof fetch !== 'function') {
    document.addEventListener('DOMContentLoaded', function () {
      say(word('noWasm'));
      var el = document.getElementById('boot-status');
      if (el) el.setAttribute('data-boot-error', 'no-wasm');
    });
    return;
  }
  // Everything from here on may throw (a route to a bundle this build lacks, an odd URL, a
  // browser without dynamic import): any exception ends in the failure message, never in a page
  // left on "Loading…" (issue 33).
  function failed(e) {
    var detail = (e && e.message) || String(e);
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', function () { fail(detail); });
    } else {
      fail(detail);
    }
  }
  try {
    var bundle = HOME;
    var ex = (q.get('example') || '').trim().split('/');
    var exKey = ex.length === 2 ? ex[0] + '/' + ex[1].toLowerCase() : '';
    var exPanel = EXAMPLES.hasOwnProperty(exKey) ? EXAMPLES[exKey] : undefined;
    var panel = q.get('assignment') !== null ? 'assignment' : exPanel || (q.get('panel') || '').trim();
    if (ROUTES.hasOwnProperty(panel)) bundle = ROUTES[panel];
    var code = hi ? 'hinglish' : 'en';
    var files = BUNDLES[bundle + '.' + code] || BUNDLES[bundle];
    if (!files) throw new Error('this build has no bundle "' + bundle + '"');
    var wasm = fetch('./' + files[1]);
    // Handled where init awaits it; this keeps an early failure from counting as unhandled.
    wasm.catch(function () {});
    import('./' + files[0])
      .then(function (m) {
        window.wasmBindings = m;
        return m.default({ module_or_path: wasm });
      })
      .then(function (w) {
        dispatchEvent(new CustomEvent('warp-lab-started', { detail: { wasm: w } }));
        if (OFFLINE && 'serviceWorker' in navigator && location.protocol !== 'file:') {
          navigator.serviceWorker.register('./sw.js?lang=' + code, { updateViaCache: 'none' }).catch(function () {});
        }
      })
      .catch(failed);
  } catch (e) {
    failed(e);
  }
})();
