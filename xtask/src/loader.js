// The page's loader, inlined into every page by `cargo xtask dist` (the CSP allows this script
// by its hash and no other inline one; it is the same in every page). Plain ES2017 in one
// function: it runs before the first paint, so it must be small and must not fail on old
// browsers before it can explain itself.
//
// 1. Reads the page's query: a prerendered page's own state (`<html data-query>`, see
//    warp_model::site) with the address's query read over it (site::page_query). When that
//    query's view (panel or example, language, embed) has a page of its own and this is not it
//    (an old `?panel=kernel` link on the root's page), goes there, the rest of the query
//    kept (site::address, the table of tests/addresses.txt). If the address asks for more than
//    the page's state (site::prerender_fits), the prerendered markup does not show it:
//    `<html data-prerender="stale">` hides the markup and shows the loading frame instead. An
//    address its panel's first frame draws (issue 63: inputs of its panel, nothing that changes
//    how the page is shown) belongs to the page under the view's that carries that first
//    frame (`with/`, site::first_frame_draws); a built-in challenge, its page under the kernel
//    lab's (`kernel/challenge/add-ten/`, site::CHALLENGE_FOLDER).
// 2. Picks the bundle the page needs, the way warp_model::page::route does: `assignment=` is
//    an assignment (any value: the page names a wrong one), else a valid `example=` wins (its
//    panel), else a valid `panel=` (`author` included), else the home view (which names any
//    bad value); the kernel lab with a `challenge=` is the challenge's bundle
//    (page::bundle::of_panel).
// 3. Starts fetching that bundle's JS and wasm at once (one round trip after the HTML), and
//    compiles the wasm while it streams in; links the whole stylesheet when the page's own
//    styles (`<html data-styles>`) are another bundle's. (A page that carries its panel's first
//    frame, `<html data-first>`, runs it with its own script, xtask/src/first.js: the markup
//    then shows the address's state, `data-prerender="first"`, until the app takes it over as
//    it takes over any prerendered page.)
// 4. Says "loading" in the page's language (`lang=`), and, if WebAssembly is missing or the
//    download fails, says what happened and what to do, never a blank page. On a prerendered
//    page the figures are already there: it says that the controls are loading, and keeps a
//    form from being sent before the app can answer it.
// 5. When the app has started (drawn after the markup, in the same task): carries over what the
//    learner typed or chose in the markup's fields, and the focus, removes the markup, presses
//    again in the app what the learner pressed in the markup before it was live (issue 63: a
//    Reveal, a toggle; each button said it was waiting, `aria-busy`), and marks the page
//    `<html data-app="live">`; then registers the service worker (sw.js) that keeps every file
//    for offline use.
(function () {
  // bundle ("warps.en": the warps page in English) → the content hashes of its JS and wasm,
  // whose names are the key's with `-` for `.` (`warps-en-<hash>.js`, `…-<hash>_bg.wasm`).
  var BUNDLES = __BUNDLES__;
  var ROUTES = __ROUTES__; // panel name (and `assignment`, `author`) → bundle
  var HOME = __HOME__; // the bundle of the home view (no valid panel= or example=)
  var EXAMPLES = __EXAMPLES__; // "topic/cell", as declared → panel name
  var PENDING = __PENDING__; // the storage key of the assignments' unanswered predictions
  var VIEWS = __VIEWS__; // the panels that have pages (warp_model::registry)
  var LANGS = __LANGS__; // the languages' codes, English (the root's, no folder) first
  var FIRST = __FIRST__; // the panels whose pages have a first frame (page::bundle::FIRST_FRAMES)
  var PAGE_KEYS = __PAGE_KEYS__; // the page-level keys (page::PAGE_KEYS)
  var CHALLENGES = __CHALLENGES__; // the built-in challenges, each a page (challenge::builtin::NAMES)
  var OFFLINE = __OFFLINE__; // register the service worker (not in `cargo xtask serve`)
  var STYLE = __STYLE__; // the whole stylesheet, for a page whose styles are another bundle's
  var CHALLENGE = __CHALLENGE__; // the kernel lab with a challenge= (null: the panel's own)
  var root = document.documentElement;
  var state = root.getAttribute('data-query');
  var search = new URLSearchParams(location.search);
  var q = new URLSearchParams(state || '');
  var own = new URLSearchParams(state || '');
  var fits = state !== null;
  var replaced = {};
  search.forEach(function (v, k) {
    if (!replaced[k]) { q.delete(k); replaced[k] = true; }
    q.append(k, v);
    if (own.getAll(k).indexOf(v) < 0) fits = false;
  });
  // The page of a query's view and the rest of the query (warp_model::site::address): null when
  // no page draws its view (the root's page reads those, and names what is wrong).
  function address(query) {
    var lang = '', embed = false, view = '', panel = '', seen = {}, rest = new URLSearchParams(), ok = true, drawn = true;
    query.forEach(function (v, k) {
      if (k !== 'lang' && k !== 'embed' && k !== 'panel' && k !== 'example') {
        rest.append(k, v);
        if (PAGE_KEYS.indexOf(k) >= 0) drawn = false;
        return;
      }
      if (seen[k]) ok = false;
      seen[k] = true;
      if (k === 'lang') { if (LANGS.indexOf(v) < 0) ok = false; else if (v !== LANGS[0]) lang = v + '/'; }
      else if (k === 'embed') { if (v === '1') embed = true; else ok = false; }
      else if (k === 'panel') { if (VIEWS.indexOf(v) < 0) ok = false; else { view = v + '/'; panel = v; } }
      else if (EXAMPLES.hasOwnProperty(v)) { view = 'example/' + v + '/'; panel = EXAMPLES[v]; }
      else ok = false;
    });
    if (!ok || (seen.panel && seen.example) || (embed && !view)) return null;
    // An example's graded step (`graded=1&forecast=1`, each once) has its own page under its
    // embed's; an address its panel's first frame draws, the page that carries it.
    var graded = embed && seen.example && rest.getAll('graded').join() === '1' && rest.getAll('forecast').join() === '1';
    if (graded) { rest.delete('graded'); rest.delete('forecast'); }
    // A built-in challenge (said once) has its own page under the kernel lab's (site::take_challenge).
    var named = rest.getAll('challenge');
    var challenge = !graded && seen.panel && panel === 'kernel' && named.length === 1 &&
      CHALLENGES.indexOf(named[0]) >= 0 ? named[0] : '';
    if (challenge) rest.delete('challenge');
    var under = graded ? 'graded/' : challenge ? 'challenge/' + challenge + '/'
      : drawn && rest.toString() !== '' && FIRST.indexOf(panel) >= 0 ? 'with/' : '';
    return { path: lang + (embed ? 'embed/' : '') + view + under, rest: rest };
  }
  var here = state !== null && address(own);
  var there = here && address(q);
  // A page that carries its first frame is its view's page too (at the view's own state).
  if (here && root.hasAttribute('data-first') && there && there.path !== here.path) here.path += 'with/';
  // Offline, the page asked for may not be kept (an embed's is kept once opened): the page
  // here draws any query, as the root's always has.
  if (there && there.path !== here.path && navigator.onLine !== false) {
    var rest = there.rest.toString().replace(/%2C/g, ',').replace(/%2F/g, '/');
    root.setAttribute('data-prerender', 'stale');
    location.replace(new URL(there.path + (rest ? '?' + rest : ''), document.baseURI).href + location.hash);
    return;
  }
  if (state !== null && !fits) root.setAttribute('data-prerender', 'stale');
  // A state an assignment of this browser asks a prediction of, not yet answered (issue 64,
  // `assignment::PENDING_KEY`: `<assignment> <held key>` a line, `assignment::held_key`: the
  // view, a space, the other settings sorted without the page keys). Marked `data-held`: its
  // prerendered figures stay hidden, no first frame draws it, and the live panel's Forecast
  // holds its figures back (`components/forecast.rs`). A step's own frame (`graded=`), where
  // it is answered, is never held.
  try {
    var ex = (q.get('example') || '').trim();
    var settings = [];
    q.forEach(function (v, k) { if (PAGE_KEYS.indexOf(k) < 0) settings.push(k + '=' + v); });
    var mine = (ex ? 'example=' + ex : 'panel=' + (q.get('panel') || '').trim()) + ' ' +
      settings.sort().join('&');
    var held = (localStorage.getItem(PENDING) || '').split('\n').some(function (l) {
      return l.slice(l.indexOf(' ') + 1) === mine;
    });
    if (state !== null && held && !q.get('graded')) {
      root.setAttribute('data-prerender', 'stale');
      root.setAttribute('data-held', '');
    }
  } catch (e) { /* no storage: nothing held */ }
  // Whether the prerendered markup shows what the address asks for: it did from the start, or a
  // first frame has drawn that into it since (`data-prerender="first"`, src/first.js).
  function markup() { return state !== null && root.getAttribute('data-prerender') !== 'stale'; }
  var lang = (q.get('lang') || '').trim().toLowerCase();
  var hi = lang === 'hinglish' || lang === 'hi' || lang === 'hi-latn';
  root.lang = hi ? 'hi-Latn' : 'en';
  var embed = (q.get('embed') || '').trim();
  if (embed === '1' || embed === 'true') root.classList.add('boot-embedded');
  var words = {
    loading: ['Loading Warp Lab…', 'Warp Lab load ho raha hai…'],
    controls: ['The controls are loading…', 'Controls load ho rahe hain…'],
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
  document.addEventListener('DOMContentLoaded', function () { say(word(markup() ? 'controls' : 'loading')); });
  // Until the app is live, a form of the markup (the Forecast's guess, a panel's inputs) has
  // nobody to answer it: Enter must not send it away as a page load. A form with an `action`
  // works without the app (the quiz's), and is left alone.
  document.addEventListener('submit', function (e) {
    if (markup() && !root.hasAttribute('data-app') && !e.target.hasAttribute('action')) e.preventDefault();
  }, true);
  // A button of the markup pressed before the app is live (a Reveal, Enter in the guess, a
  // picture's toggle) is kept, in order, and pressed again in the app's page when it takes over
  // (`takeOver`); meanwhile it says that it is waiting. Buttons are matched as fields are: by
  // tag, type and `data-*` attributes, in document order (the markup is the app's own).
  var pressed = [];
  document.addEventListener('click', function (e) {
    var b = e.target.closest && e.target.closest('[data-prerendered] button');
    if (!markup() || root.hasAttribute('data-app') || !b) return;
    e.preventDefault();
    if (pressed.indexOf(b) < 0) pressed.push(b);
    b.setAttribute('aria-busy', 'true');
  }, true);
  // What the learner did in the markup's fields, carried into the live app's: fields are
  // matched by tag, name and type, in document order (the markup is the app's own), and each
  // one changed is set and announced to the app as the learner's own input.
  function chosenAtFirst(select) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].defaultSelected) return select.options[i].value;
    }
    return select.options.length ? select.options[0].value : '';
  }
  // A button's identity across the markup and the app's page: its tag, type and data attributes.
  function buttonKey(b) {
    var k = b.type;
    for (var i = 0; i < b.attributes.length; i++) {
      var a = b.attributes[i];
      if (a.name.indexOf('data-') === 0) k += '|' + a.name + '=' + a.value;
    }
    return k;
  }
  // The app's buttons for those pressed in the markup `old`: the same key, the same place among
  // the buttons with that key.
  function pressedInApp(old) {
    var all = document.querySelectorAll('button');
    return pressed.map(function (b) {
      var key = buttonKey(b), n = 0, i, mine = [], theirs = [];
      for (i = 0; i < all.length; i++) {
        if (buttonKey(all[i]) !== key) continue;
        (old.contains(all[i]) ? mine : theirs).push(all[i]);
      }
      for (i = 0; i < mine.length; i++) if (mine[i] === b) n = i;
      return theirs[n];
    });
  }
  function takeOver() {
    var old = document.querySelector('[data-prerendered]');
    if (!old) return;
    var again = pressedInApp(old);
    if (markup()) {
      var all = document.querySelectorAll('input,select,textarea');
      var fresh = {}, seen = {}, focused = document.activeElement, i, e;
      var key = function (f) { return f.tagName + '|' + (f.name || '') + '|' + (f.type || ''); };
      for (i = 0; i < all.length; i++) {
        e = all[i];
        if (!old.contains(e)) (fresh[key(e)] = fresh[key(e)] || []).push(e);
      }
      for (i = 0; i < all.length; i++) {
        e = all[i];
        if (!old.contains(e)) continue;
        var k = key(e);
        seen[k] = (seen[k] || 0) + 1;
        var to = (fresh[k] || [])[seen[k] - 1];
        if (!to) continue;
        var box = e.type === 'checkbox' || e.type === 'radio';
        var select = e.tagName === 'SELECT';
        var changed = box ? e.checked !== e.defaultChecked
          : select ? e.value !== chosenAtFirst(e) : e.value !== e.defaultValue;
        // A radio button carries only being chosen: the one checked in its group says the
        // choice. While both are on the page, the app's radios and the markup's of the same name
        // are one group, so the app's checked one unchecks the markup's (a challenge's test),
        // which is no choice of the learner's to press again.
        if (e.type === 'radio' && !e.checked) changed = false;
        if (changed && e.type !== 'hidden' && e.type !== 'file') {
          if (box) to.checked = e.checked; else to.value = e.value;
          to.dispatchEvent(new Event(box || select ? 'change' : 'input', { bubbles: true }));
        }
        if (e === focused) {
          to.focus({ preventScroll: true });
          try { to.setSelectionRange(e.selectionStart, e.selectionEnd); } catch (x) { /* not text */ }
        }
      }
    }
    old.parentNode.removeChild(old);
    again.forEach(function (b) { if (b) b.click(); });
  }
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
    // An example's cell in any case (warp_model::examples::find).
    var ex = (q.get('example') || '').trim().toLowerCase(), exPanel;
    for (var e in EXAMPLES) if (e.toLowerCase() === ex) exPanel = EXAMPLES[e];
    var panel = q.get('assignment') !== null ? 'assignment' : exPanel || (q.get('panel') || '').trim();
    if (ROUTES.hasOwnProperty(panel)) bundle = ROUTES[panel];
    // A challenge's page is its own bundle (warp_model::page::bundle::of_panel).
    if (CHALLENGE && panel === 'kernel' && (q.get('challenge') || '').trim()) bundle = CHALLENGE;
    var code = hi ? 'hinglish' : 'en';
    // A bundle's files in the page's language (the dev build's one bundle has none of its own).
    var named = function (key) {
      var k = BUNDLES[key + '.' + code] ? key + '.' + code : key, h = BUNDLES[k];
      return h && [k.replace('.', '-') + '-' + h[0] + '.js', k.replace('.', '-') + '-' + h[1] + '_bg.wasm'];
    };
    var files = named(bundle);
    // The workers' module scripts, in the page's language (src/check_worker.rs; the keys are
    // warp_model::page::bundle::WORKERS'): the challenge check's, the quiz's solutions', the
    // kernel lab's runs and its runs on the learner's GPU.
    var worker = function (key) { return (named(key) || [''])[0]; };
    window.warpCheck = worker('check-worker');
    window.warpSolve = worker('solve-worker');
    window.warpRun = worker('run-worker');
    window.warpGpu = worker('gpu-worker');
    if (!files) throw new Error('this build has no bundle "' + bundle + '"');
    // A prerendered page carries the styles of its own bundle's views (`data-styles`, see
    // xtask/src/dist/styles.rs): when the address starts another bundle, the whole stylesheet
    // is linked, and the app draws once it has arrived (or failed: then it draws unstyled
    // rather than not at all).
    var styled = root.getAttribute('data-styles');
    var styles = styled && styled !== bundle ? new Promise(function (done) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = './' + STYLE;
      link.onload = link.onerror = done;
      document.head.appendChild(link);
    }) : null;
    var wasm = fetch('./' + files[1]);
    // Handled where init awaits it; this keeps an early failure from counting as unhandled.
    wasm.catch(function () {});
    import('./' + files[0])
      .then(function (m) {
        window.wasmBindings = m;
        return styles ? styles.then(function () { return m; }) : m;
      })
      .then(function (m) {
        return m.default({ module_or_path: wasm });
      })
      .then(function (w) {
        takeOver();
        root.setAttribute('data-app', 'live');
        dispatchEvent(new CustomEvent('warp-lab-started', { detail: { wasm: w } }));
        // Not inside an LMS package (`<html data-package>`, `warp_model::package`), which holds
        // no service worker: asking for one there is a 404 in the LMS's log (issue 64).
        if (OFFLINE && !root.hasAttribute('data-package') && 'serviceWorker' in navigator &&
            location.protocol !== 'file:') {
          navigator.serviceWorker.register('./sw.js?lang=' + code, { updateViaCache: 'none' }).catch(function () {});
        }
      })
      .catch(failed);
  } catch (e) {
    failed(e);
  }
})();
