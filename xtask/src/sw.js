// Warp Lab's service worker, written to dist/sw.js by `cargo xtask dist` with this deployment's
// files. After the first visit every page works offline and opens without touching the network.
//
// - install: keeps this deployment's files (the page, the favicon, every page's bundle in the
//   language the worker was registered for, `sw.js?lang=`, and that language's prerendered
//   pages) in a cache named after the deployment's hash, then takes over at once.
// - activate: deletes the caches of earlier deployments.
// - fetch: a page (any query string) is the cached page of its folder: the root's index.html,
//   or a prerendered page (`warps/`, `warps/index.html`); a file is the cached copy. Both come
//   from the same deployment's cache, so a page never meets the wasm of another version.
//   Anything not cached goes to the network, and a file or page of this deployment that comes
//   back is kept (the other language's bundles and pages, after a language switch; an embed's
//   page). A page the network cannot give (offline) is the kept 404.html, which says so.
// A new deployment changes this file (its VERSION and FILES), so the browser installs it on the
// next visit and the visit after that is the new version.
var VERSION = __VERSION__;
var FILES = __FILES__;
var LANG = new URL(self.location.href).searchParams.get('lang') === 'hinglish' ? 'hinglish' : 'en';
var PREFIX = 'warp-lab-';

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches.open(VERSION)
      .then(function (cache) { return cache.addAll(FILES.common.concat(FILES[LANG], FILES.pages[LANG])); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (keys) {
        return Promise.all(keys.filter(function (k) {
          return k.indexOf(PREFIX) === 0 && k !== VERSION;
        }).map(function (k) { return caches.delete(k); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  var scope = new URL(self.registration.scope);
  if (url.pathname.indexOf(scope.pathname) !== 0) return;
  var name = './' + url.pathname.slice(scope.pathname.length);
  // A page is the page of its folder, whatever its query: `./` and `./index.html` are the
  // root's, `./warps/` and `./warps/index.html` the warps page's.
  var folder = name.replace(/index\.html$/, '');
  var page = request.mode === 'navigate' && /\/$/.test(folder);
  var key = page ? new URL(folder === './' ? './index.html' : folder, scope).href : request;
  event.respondWith(
    caches.open(VERSION).then(function (cache) {
      return cache.match(key).then(function (hit) {
        if (hit) return hit;
        return fetch(request).then(function (response) {
          var ours = page || FILES.en.indexOf(name) >= 0 || FILES.hinglish.indexOf(name) >= 0;
          if (response.ok && ours) cache.put(key, response.clone());
          return response;
        }, function (offline) {
          // Offline, an address this deployment has not kept is answered as a static host
          // answers an unknown one: its 404.html (issue 65), which names the address and,
          // for a page of the site not kept yet, says so.
          if (request.mode !== 'navigate') throw offline;
          return cache.match(new URL('./404.html', scope).href).then(function (missing) {
            if (!missing) throw offline;
            return new Response(missing.body, { status: 404, headers: missing.headers });
          });
        });
      });
    })
  );
});
