// tools/serve.mjs answers as a static host would: compressed text when the client accepts
// it, the bytes unchanged when it does not, ETag revalidation, and nothing outside its folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, startServer } from '../../tools/serve.mjs';

const dir = mkdtempSync(join(tmpdir(), 'serve-'));
const page = `<!doctype html><title>t</title>${'<p>attention is all you need</p>'.repeat(200)}`;
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6, 7, 8]);
writeFileSync(join(dir, 'index.html'), page);
writeFileSync(join(dir, 'a.png'), png);
mkdirSync(join(dir, 'sub'));
writeFileSync(join(dir, 'sub', 'x.js'), 'console.log(1);\n'.repeat(100));
writeFileSync(join(tmpdir(), 'secret-outside.txt'), 'no');

let server;
let port;
before(async () => { server = await startServer(dir, 0, { 'X-Test': 'yes' }); port = server.address().port; });
after(() => new Promise((done) => server.close(done)));

function get(path, headers = {}, method = 'GET') {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers, method }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('chooseEncoding prefers brotli, then gzip, and honours q=0 and *', () => {
  assert.equal(chooseEncoding('gzip, deflate, br'), 'br');
  assert.equal(chooseEncoding('gzip, deflate'), 'gzip');
  assert.equal(chooseEncoding('br;q=0, gzip;q=0.5'), 'gzip');
  assert.equal(chooseEncoding('*;q=0'), 'identity');
  assert.equal(chooseEncoding('*'), 'br');
  assert.equal(chooseEncoding(''), 'identity');
  assert.equal(chooseEncoding(undefined), 'identity');
  assert.equal(chooseEncoding('deflate'), 'identity');
});

test('text is sent brotli- or gzip-compressed when accepted, and decodes to the file', async () => {
  const br = await get('/', { 'Accept-Encoding': 'gzip, br' });
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers.vary, 'Accept-Encoding');
  assert.ok(br.body.length < page.length / 4, `${br.body.length} bytes for ${page.length}`);
  assert.equal(brotliDecompressSync(br.body).toString('utf8'), page);
  const gz = await get('/sub/x.js', { 'Accept-Encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gz.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(gunzipSync(gz.body).toString('utf8'), 'console.log(1);\n'.repeat(100));
  assert.equal(Number(gz.headers['content-length']), gz.body.length);
});

test('without Accept-Encoding, and for images, the bytes are sent as they are', async () => {
  const plain = await get('/index.html');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString('utf8'), page);
  const image = await get('/a.png', { 'Accept-Encoding': 'gzip, br' });
  assert.equal(image.headers['content-encoding'], undefined);
  assert.deepEqual(image.body, png);
  assert.equal(image.headers['x-test'], 'yes', 'callers\' headers are sent');
});

test('an ETag per file version and encoding; a matching If-None-Match gets 304 with no body', async () => {
  const first = await get('/index.html', { 'Accept-Encoding': 'gzip' });
  assert.equal(first.headers['cache-control'], 'no-cache');
  const etag = first.headers.etag;
  assert.match(etag, /^"[0-9a-f]+-[0-9a-f]+-gzip"$/);
  const again = await get('/index.html', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  const other = await get('/index.html', { 'If-None-Match': etag });
  assert.equal(other.status, 200, 'the identity version has its own tag');
  assert.notEqual(other.headers.etag, etag);
  writeFileSync(join(dir, 'index.html'), `${page}<p>changed</p>`);
  const changed = await get('/index.html', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
  assert.equal(changed.status, 200, 'a changed file is sent again');
  assert.equal(gunzipSync(changed.body).toString('utf8'), `${page}<p>changed</p>`);
  writeFileSync(join(dir, 'index.html'), page);
});

test('HEAD sends the headers only; missing files, folders and paths outside are refused', async () => {
  const head = await get('/index.html', {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  assert.equal((await get('/missing.js')).status, 404);
  assert.equal((await get('/sub')).status, 404);
  assert.equal((await get('/..%2fsecret-outside.txt')).status, 403);
  assert.equal((await get('/%E0%A4%A')).status, 400);
});
