// A small static file server for dist/ (make serve, the browser tests, the bench).
// Usage: node tools/serve.mjs <dir> [port]   (port 0 picks a free one)
// Serves only files inside <dir>; anything else is 404. It answers as a static
// host would: text (HTML, JS, CSS, SVG, JSON, ...) brotli- or gzip-compressed
// when the request's Accept-Encoding allows it (Vary: Accept-Encoding), an ETag
// per file version with 304 for a matching If-None-Match, and
// `Cache-Control: no-cache` (the file names carry no content hash, so a browser
// keeps its copy but asks each time whether it changed). Optional headers (a
// Content-Security-Policy, say) can be set by callers through startServer.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.zip': 'application/zip',
};

// Already compressed formats gain nothing from a second pass.
const INCOMPRESSIBLE = new Set(['.png', '.woff2', '.zip']);

// The encodings this server offers, in its order of preference.
const ENCODERS = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

// The first of our encodings the client accepts (q > 0), or 'identity'.
// Accept-Encoding: "gzip, deflate, br" or "br;q=1.0, gzip;q=0.5, *;q=0".
export function chooseEncoding(header = '') {
  const accepted = new Map();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  for (const name of Object.keys(ENCODERS)) {
    const q = accepted.has(name) ? accepted.get(name) : accepted.get('*');
    if (q > 0) return name;
  }
  return 'identity';
}

export function startServer(dir, port = 0, headers = {}) {
  const root = resolve(dir);
  const cache = new Map(); // `${file} ${encoding}` -> { version, body }: compress each file version once

  async function encoded(file, version, encoding) {
    const key = `${file} ${encoding}`;
    const hit = cache.get(key);
    if (hit && hit.version === version) return hit.body;
    const raw = await readFile(file);
    const body = encoding === 'identity' ? raw : ENCODERS[encoding](raw);
    cache.set(key, { version, body });
    return body;
  }

  const server = createServer(async (req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('Bad request');
      return;
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end('Forbidden');
      return;
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
      const encoding = INCOMPRESSIBLE.has(extname(file)) ? 'identity' : chooseEncoding(req.headers['accept-encoding']);
      const etag = `"${version}${encoding === 'identity' ? '' : `-${encoding}`}"`;
      const common = { ETag: etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', ...headers };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, common).end();
        return;
      }
      const body = await encoded(file, version, encoding);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] || 'application/octet-stream',
        'Content-Length': body.length,
        ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
        ...common,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    }
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = 'dist', port = '8000'] = process.argv.slice(2);
  const server = await startServer(dir, Number(port));
  console.log(`http://localhost:${server.address().port}/`);
}
