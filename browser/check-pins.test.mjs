// The pin check (check-pins.mjs) on small made-up trees: `node --test browser/check-pins.test.mjs`.
// The real tree is checked by ./pssr test and ./pssr browser after `npm ci`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, floating } from './check-pins.mjs';

/** A folder like browser/: app -> engine@1.0.0, which asks for data@"latest"; data@0.27.0 locked and installed. */
function tree({ overrides = { data: '0.27.0' }, lockedData = '0.27.0', installedData = '0.27.0', engineDeps = { data: 'latest' },
                enginePeers, install = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'check-pins-'));
  const write = (file, json) => { mkdirSync(join(dir, file, '..'), { recursive: true }); writeFileSync(join(dir, file), JSON.stringify(json)); };
  write('package.json', { name: 'app', dependencies: { engine: '1.0.0' }, ...(overrides ? { overrides } : {}) });
  const engine = { name: 'engine', version: '1.0.0', dependencies: engineDeps, ...(enginePeers ?? {}) };
  write('package-lock.json', { lockfileVersion: 3, packages: {
    '': { name: 'app', dependencies: { engine: '1.0.0' } },
    'node_modules/engine': { version: '1.0.0', dependencies: engineDeps, ...(enginePeers ?? {}) },
    'node_modules/data': { version: lockedData },
  } });
  if (install) {
    write('node_modules/engine/package.json', engine);
    write('node_modules/data/package.json', { name: 'data', version: installedData });
  }
  return dir;
}

function problems(options) {
  const dir = tree(options);
  try { return check(dir); } finally { rmSync(dir, { recursive: true, force: true }); }
}

test('a tree whose dist-tags are all overridden to the locked version passes', () => {
  assert.deepEqual(problems(), []);
});

test('a dist-tag without an override fails and names the package and the version to pin', () => {
  const p = problems({ overrides: null });
  assert.ok(p.length > 0);
  assert.ok(p.every((line) => line.startsWith('data: ')), p.join('\n'));
  assert.match(p[0], /engine@1\.0\.0 asks for data@"latest".*no override for data: add "overrides": \{ "data": "0\.27\.0" \}/);
});

test('"*" needs an override too', () => {
  const p = problems({ overrides: null, engineDeps: { data: '*' } });
  assert.match(p[0], /^data: engine@1\.0\.0 asks for data@"\*" \(any version\)/);
});

test('an override the lock does not hold means a stale lock, named', () => {
  const p = problems({ overrides: { data: '0.30.0' } });
  assert.ok(p.length > 0);
  for (const line of p) assert.match(line, /^data: overridden to 0\.30\.0 .* has data@0\.27\.0 .*the lock is stale/);
});

test('an override must be an exact version', () => {
  const p = problems({ overrides: { data: '^0.27.0' } });
  assert.ok(p.some((line) => line.startsWith('override data is "^0.27.0", not an exact version')), p.join('\n'));
});

test('an installed package that differs from the lock fails, named', () => {
  const p = problems({ installedData: '0.30.0' });
  assert.ok(p.some((line) => /^data: installed 0\.30\.0 at node_modules\/data, package-lock.json has 0\.27\.0/.test(line)), p.join('\n'));
});

test('a parent-scoped override counts', () => {
  assert.deepEqual(problems({ overrides: { engine: { data: '0.27.0' } } }), []);
});

test('an optional peer dependency is not installed on its own account and needs no override', () => {
  assert.deepEqual(problems({ overrides: null, engineDeps: {}, enginePeers: { peerDependencies: { data: '*' }, peerDependenciesMeta: { data: { optional: true } } } }), []);
});

test('a required peer dependency asking for "*" needs an override', () => {
  const p = problems({ overrides: null, engineDeps: {}, enginePeers: { peerDependencies: { data: '*' } } });
  assert.match(p[0], /^data: engine@1\.0\.0 asks for data@"\*"/);
});

test('without node_modules the lock alone is checked', () => {
  assert.deepEqual(problems({ install: false }), []);
  assert.match(problems({ install: false, overrides: null })[0], /^data: .*no override for data/);
});

test('dist-tags and "*" float; versions, ranges, URLs and paths do not', () => {
  for (const s of ['latest', 'next', 'beta', 'npm:other@latest']) assert.equal(floating(s), 'tag', s);
  for (const s of ['*', '', 'x', 'npm:other']) assert.equal(floating(s), 'any', s);
  for (const s of ['1.2.3', '^1.2.3', '~1.2', '>=1.0.0 <1.10.0', '^1.30.1 || ^2.0.0', '0.0.1507524', 'v1.2.3', 'file:../x', 'git+https://h/r.git', 'user/repo'])
    assert.equal(floating(s), null, s);
});
