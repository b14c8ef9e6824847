// A Debian package's files without installing it: `apt-get download` fetches the .deb (kept in a
// cache folder and reused), `dpkg-deb -x` unpacks it, and its machine-readable copyright file
// (DEP-5) says under which licence its files come.
// Non-goals: dependencies (none are needed to read data files), other copyright formats.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new Error(`${command} ${args.join(' ')} failed: ${(err.stderr || err.message).trim()}`);
  }
}

const debIn = (dir, name) => readdirSync(dir).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'));

/**
 * fetchDeb(name, cacheDir) -> the path of name's .deb in cacheDir: the one already there, or one
 * `apt-get download` fetches (after `apt-get update` if the first try fails: a fresh machine
 * may have no package lists yet).
 */
export function fetchDeb(name, cacheDir) {
  mkdirSync(cacheDir, { recursive: true });
  if (!debIn(cacheDir, name)) {
    try {
      run('apt-get', ['download', '-qq', name], cacheDir);
    } catch {
      const [command, ...args] = [...(process.getuid() === 0 ? [] : ['sudo']), 'apt-get', 'update', '-qq'];
      console.error(`apt-get download ${name} failed; running apt-get update and trying again`);
      run(command, args, cacheDir);
      run('apt-get', ['download', '-qq', name], cacheDir);
    }
  }
  return join(cacheDir, debIn(cacheDir, name));
}

/** unpackDeb(deb, dir) -> { dir, version, sha256 }: the .deb's files under dir (emptied first). */
export function unpackDeb(deb, dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  run('dpkg-deb', ['-x', deb, dir]);
  const version = run('dpkg-deb', ['-f', deb, 'Version']).trim();
  const sha256 = createHash('sha256').update(readFileSync(deb)).digest('hex');
  return { dir, version, sha256 };
}

/**
 * parseDcf(text) -> [{ Field: value }], one object per paragraph of a Debian control file (the
 * format of DEP-5 copyright files and of R's DESCRIPTION): continuation lines start with a
 * space, and " ." stands for an empty line.
 */
export function parseDcf(text) {
  return text.split(/\n\s*\n/).map((block) => {
    const fields = {};
    let last = null;
    for (const line of block.split('\n')) {
      if (/^\s/.test(line) && last) fields[last] += `\n${line.trim() === '.' ? '' : line.trim()}`;
      else if (/^[^\s:]+:/.test(line)) {
        last = line.slice(0, line.indexOf(':'));
        fields[last] = line.slice(line.indexOf(':') + 1).trim();
      }
    }
    return fields;
  });
}

/**
 * readCopyright(path) -> { upstream, source, copyright, licence, licenceText } for the files of
 * the package itself ("Files: *"), from a DEP-5 copyright file.
 */
export function readCopyright(path) {
  const paragraphs = parseDcf(readFileSync(path, 'utf8'));
  const header = paragraphs[0];
  const files = paragraphs.find((p) => p.Files === '*');
  if (!header.Format || !files) throw new Error(`${path}: not a DEP-5 copyright file with a "Files: *" paragraph`);
  const [licence, ...inline] = files.License.split('\n');
  const standalone = paragraphs.find((p) => !p.Files && p.License?.split('\n')[0] === licence);
  const licenceText = inline.length ? inline.join('\n') : standalone?.License.split('\n').slice(1).join('\n');
  return {
    upstream: header['Upstream-Name'],
    source: header.Source,
    copyright: files.Copyright,
    licence,
    licenceText: licenceText ?? '',
  };
}
