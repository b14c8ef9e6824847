// The built site as the other-engine tests open it: dist/ over http
// (tools/serve.mjs) or from file://, and the single file alone in a folder of
// its own, as a reader who saved just that file has it.
//   const site = await openSite();  site.url('http', 'index.html');  site.url('file', 'attention-atlas.html', { single: true });
//   await site.close();
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../../tools/serve.mjs';

export const DIST = resolve(new URL('../../dist', import.meta.url).pathname);

export async function openSite() {
  const single = await mkdtemp(join(tmpdir(), 'atlas-engines-single-'));
  await copyFile(join(DIST, 'attention-atlas.html'), join(single, 'attention-atlas.html'));
  const servers = await Promise.all([DIST, single].map((dir) => startServer(dir, 0)));
  const [httpBase, singleHttpBase] = servers.map((s) => `http://127.0.0.1:${s.address().port}/`);
  const bases = {
    http: { dist: httpBase, single: singleHttpBase },
    file: { dist: `${pathToFileURL(DIST).href}/`, single: `${pathToFileURL(single).href}/` },
  };
  return {
    // The address of `path` (may carry ?query) in mode 'http' or 'file', in dist/ or the single file's folder.
    url: (mode, path, { single: alone = false } = {}) => bases[mode][alone ? 'single' : 'dist'] + path,
    async close() {
      await Promise.all(servers.map((s) => new Promise((done) => { s.close(done); s.closeAllConnections(); })));
      await rm(single, { recursive: true, force: true });
    },
  };
}
