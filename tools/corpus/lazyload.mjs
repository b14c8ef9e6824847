// R's lazy-load database: how an installed package keeps its data (data/Rdata.rdb + .rdx).
// The .rdx is a gzipped serialized list(variables = list(name = c(offset, length)), references,
// compressed); each variable is a blob at that offset in the .rdb: a 4-byte big-endian
// uncompressed length, then (compressed = 3 only) one byte naming the method, then the
// compressed serialized value (R's lazyLoadDBfetch and R_decompress1/3 in serialize.c and
// connections.c). Non-goals: bzip2 and xz blobs (R's compress = 2, or 3 with '2' / 'Z'), which
// Node cannot inflate; they throw an Error naming the method.
import { readFileSync } from 'node:fs';
import { gunzipSync, inflateSync } from 'node:zlib';
import { byName, unserialize } from './rds.mjs';

/** openLazyLoad(base) -> { names, get(name) } for base.rdx / base.rdb (base without extension). */
export function openLazyLoad(base) {
  const map = byName(unserialize(gunzipSync(readFileSync(`${base}.rdx`))));
  const variables = byName(map.variables);
  const compressed = map.compressed.value[0];
  const db = readFileSync(`${base}.rdb`);
  return {
    names: Object.keys(variables),
    get(name) {
      const key = variables[name];
      if (!key) throw new Error(`lazy-load database ${base}: no variable ${JSON.stringify(name)}`);
      const [offset, length] = key.value;
      if (offset + length > db.length) throw new Error(`lazy-load database ${base}.rdb is truncated`);
      return unserialize(inflateBlob(db.subarray(offset, offset + length), compressed));
    },
  };
}

// One blob -> the serialized bytes. compressed: 0 none, 1 zlib, 2 bzip2, 3 one byte says which.
export function inflateBlob(blob, compressed) {
  if (compressed === 0) return blob;
  const size = new DataView(blob.buffer, blob.byteOffset, 4).getUint32(0);
  let method = compressed === 1 ? '1' : compressed === 2 ? '2' : String.fromCharCode(blob[4]);
  const body = blob.subarray(compressed === 3 ? 5 : 4);
  if (method === '0') return body;
  if (method !== '1') {
    throw new Error(`lazy-load blob compressed with ${method === '2' ? 'bzip2' : 'xz'}: only zlib is read`);
  }
  const out = inflateSync(body);
  if (out.length !== size) throw new Error(`lazy-load blob inflates to ${out.length} bytes, header says ${size}`);
  return out;
}
