// A tiny static server for the end-to-end tests and the benchmark: dist/ at "/" and again under
// "/gpu/warplab/" and "/sub/dir/", to prove the site works from a sub-path; the benchmark's plain-JS reference
// page and the SCORM harness under "/reference/" (scorm-again under "/scorm-again/", the unzipped
// packages under "/package/"); and, on a second port (another origin), the example course page
// that embeds the app, and at /pasted?html=… a page that is exactly the text given (a course
// page made of nothing but pasted "Embed this view" snippets). Responses are gzipped when the browser accepts it, as static hosts do
// (the throttled phone load is measured over gzip). Written by hand (node's http and zlib, no
// dependency) because it must also serve .wasm as application/wasm and mount folders at paths.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve } from 'node:path';

const dist = resolve(import.meta.dirname, '../../dist');
const port = Number(process.env.PORT ?? 4173);
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png', '.txt': 'text/plain; charset=utf-8',
};

const reference = resolve(import.meta.dirname, 'reference');
// The SCORM harness: scorm-again's runtime, and the packages the tests downloaded and unzipped.
const scormAgain = resolve(import.meta.dirname, 'node_modules/scorm-again/dist');
const packages = resolve(import.meta.dirname, '.packages');
const gzipped = new Map();

function serve(root, mounts) {
  return async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const mount = (mounts ?? []).find((m) => path.startsWith(m));
    if (mount) path = path.slice(mount.length - 1);
    let base = root;
    if (mounts && path.startsWith('/reference/')) { base = reference; path = path.slice('/reference'.length); }
    else if (mounts && path.startsWith('/scorm-again/')) { base = scormAgain; path = path.slice('/scorm-again'.length); }
    else if (mounts && path.startsWith('/package/')) { base = packages; path = path.slice('/package'.length); }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(base, path));
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' };
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && extname(file) !== '.png') {
        const key = file + ':' + body.length + ':' + body.subarray(0, 64).toString('base64') + body.subarray(-64).toString('base64');
        if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 9 }));
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
        res.writeHead(200, headers);
        res.end(gzipped.get(key));
        return;
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      // As static hosts do (issue 65): the site's 404.html, with a 404, for an address of the
      // app that has no file.
      const missing = base === root ? await readFile(join(root, '404.html')).catch(() => null) : null;
      if (missing) res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(missing);
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  };
}

const course = resolve(import.meta.dirname, '../../examples/course');
const coursePort = Number(process.env.COURSE_PORT ?? 4174);
createServer(serve(dist, ['/gpu/warplab/', '/sub/dir/'])).listen(port, '127.0.0.1', () => console.log(`app on http://127.0.0.1:${port}/`));
const courseFiles = serve(course, null);
const pasted = (req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname !== '/pasted') return courseFiles(req, res);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  res.end(url.searchParams.get('html') ?? '');
};
createServer(pasted).listen(coursePort, '127.0.0.1', () => console.log(`course page on http://127.0.0.1:${coursePort}/`));
