// A tiny static server for the end-to-end tests: dist/ at "/" and again under "/gpu/warplab/",
// to prove the site works from a sub-path; and, on a second port (another origin), the example
// course page that embeds the app. Written by hand (node's http, no dependency) because
// it must also serve .wasm as application/wasm and mount one folder at two paths.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const dist = resolve(import.meta.dirname, '../../dist');
const port = Number(process.env.PORT ?? 4173);
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png',
};

function serve(root, mount) {
  return async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (mount && path.startsWith(mount)) path = path.slice(mount.length - 1);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  };
}

const course = resolve(import.meta.dirname, '../../examples/course');
const coursePort = Number(process.env.COURSE_PORT ?? 4174);
createServer(serve(dist, '/gpu/warplab/')).listen(port, '127.0.0.1', () => console.log(`app on http://127.0.0.1:${port}/`));
createServer(serve(course, null)).listen(coursePort, '127.0.0.1', () => console.log(`course page on http://127.0.0.1:${coursePort}/`));
