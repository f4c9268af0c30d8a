// The site's 404.html (issue 65, `folders.rs`): a static host sends it for an address the site
// has no page for, at any depth, and the service worker answers it offline. It writes the
// address in (as text), finds the site's root so that its links work (`<base>`), and suggests
// the page meant: the same address but for case or a repeated folder (`WARPS/`,
// `hinglish/hinglish/warps/`), else the nearest folder that holds pages. `__KNOWN__`: every
// page and folder index of the site, relative to its root (`warps/`, `example/divergence/`).
(function () {
  var KNOWN = __KNOWN__;
  var lower = {};
  for (var k = 0; k < KNOWN.length; k++) lower[KNOWN[k].toLowerCase()] = KNOWN[k];
  var address = location.pathname + location.search;
  try { address = decodeURIComponent(address); } catch (e) { /* shown as sent */ }
  var shown = document.querySelectorAll('[data-address]');
  for (var a = 0; a < shown.length; a++) shown[a].textContent = address;
  var segments = location.pathname.split('/').filter(function (s) { return s !== ''; });
  if (segments.length && /\.html?$/.test(segments[segments.length - 1])) segments.pop();
  // A path of segments as the site names its pages, repeated folders once
  // (`embed/embed/warps` → `embed/warps/`), lower case.
  function key(parts) {
    var out = [];
    for (var i = 0; i < parts.length; i++) {
      if (i === 0 || parts[i].toLowerCase() !== parts[i - 1].toLowerCase()) out.push(parts[i]);
    }
    return (out.join('/') + '/').toLowerCase();
  }
  function prefix(i) { return '/' + segments.slice(0, i).join('/') + (i ? '/' : ''); }
  function show(root, page) {
    var base = document.querySelector('base');
    if (base) base.href = root;
    if (page === null) return;
    var links = document.querySelectorAll('[data-suggestion]');
    for (var i = 0; i < links.length; i++) {
      links[i].setAttribute('href', './' + page);
      links[i].textContent = page;
    }
    var lines = document.querySelectorAll('[data-suggest]');
    for (var j = 0; j < lines.length; j++) lines[j].hidden = false;
  }
  // The page meant, when the rest of the address after some root names one.
  for (var i = 0; i < segments.length; i++) {
    var meant = lower[key(segments.slice(i))];
    if (meant) {
      // Offline, a page of the site that this browser has not kept is answered here too.
      if (navigator.onLine === false && meant === segments.slice(i).join('/') + '/') {
        var off = document.querySelectorAll('[data-offline]');
        for (var o = 0; o < off.length; o++) off[o].hidden = false;
      }
      show(prefix(i), meant);
      return;
    }
  }
  // Else the root is the deepest folder of the address that holds the site's file list, and the
  // nearest folder of the rest that the site has is suggested.
  function nearest(rest) {
    for (var n = rest.length - 1; n > 0; n--) {
      var near = lower[key(rest.slice(0, n))];
      if (near) return near;
    }
    return null;
  }
  function probe(i) {
    if (i < 0) { show('/', null); return; }
    fetch(prefix(i) + 'files.txt', { cache: 'no-store' }).then(function (r) {
      // A host that answers every address with a page (200, HTML) is not the file list.
      if (r.ok && !/html/.test(r.headers.get('content-type') || '')) show(prefix(i), nearest(segments.slice(i)));
      else probe(i - 1);
    }, function () { probe(i - 1); });
  }
  probe(segments.length);
})();
