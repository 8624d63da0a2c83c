#!/usr/bin/env node
// Checks that browser/ installs the same tree tomorrow as today (docs/BROWSER.md, "Pinned install").
//
// `npm ci` keeps every version in package-lock.json as long as the lock still satisfies what each
// package.json asks for. A dist-tag ("latest", "next", ...) escapes that: npm asks the registry what the
// tag means today, and once the tag has moved `npm ci` refuses the lock ("Missing: X@new from lock file").
// A bare "*" (or "" / "x") does not break `npm ci` today, but pins nothing either. So every such spec in
// the tree must be overridden in package.json ("overrides") to the exact version the lock holds.
//
// Usage: node check-pins.mjs [DIR]   (DIR defaults to this script's folder)
//   - package.json: every override is an exact version (1.2.3);
//   - package-lock.json: the lock agrees with package.json (dependencies, and every overridden package is
//     locked at its override's version): otherwise the lock is stale;
//   - DIR/node_modules, if present: every installed package is the one the lock names at that path, and
//     every package.json in it that asks for a dist-tag or "*" has an override, whose version is what is installed.
// Dependencies checked: dependencies, optionalDependencies and required peerDependencies (an optional peer
// is not installed on its account). Prints one line per problem, naming the package, and exits 1; exits 0
// with one summary line when all is pinned. Node's standard library only.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** "tag" for a dist-tag, "any" for "*"/""/"x", null for a semver version or range, a URL, a path or git. */
export function floating(spec) {
  let s = String(spec ?? '').trim();
  const alias = /^npm:(@?[^@]+)@(.*)$/.exec(s);
  if (alias) s = alias[2].trim();
  else if (s.startsWith('npm:')) return 'any';   // npm:name with no version
  if (s === '' || s === '*' || s === 'x' || s === 'X' || s === 'latest') return s === 'latest' ? 'tag' : 'any';
  if (/^(?:file|link|git|git\+\w+|https?|workspace|github|gitlab|bitbucket):/.test(s) || s.includes('/')) return null;
  if (/^[A-Za-z][\w.-]*$/.test(s) && !/^[vV]\d/.test(s)) return 'tag';   // a name, not a range: a dist-tag
  return null;
}

/** The package name at a lock/install path such as node_modules/a/node_modules/@s/b. */
function nameAt(path) {
  const i = path.lastIndexOf('node_modules/');
  return path.slice(i + 'node_modules/'.length);
}

/** Node's resolution: the path of [dep] as seen from the package at [from] ('' = the root). */
function resolve(paths, from, dep) {
  let at = from;
  for (;;) {
    const candidate = (at ? at + '/' : '') + 'node_modules/' + dep;
    if (paths.has(candidate)) return candidate;
    if (!at) return null;
    const i = at.lastIndexOf('/node_modules/');
    at = i < 0 ? '' : at.slice(0, i);
  }
}

/** The edges npm installs for: dependencies, optionalDependencies, required peerDependencies. */
function edges(pkg) {
  const out = [];
  for (const [n, s] of Object.entries(pkg.dependencies ?? {})) out.push([n, s, 'dependencies']);
  for (const [n, s] of Object.entries(pkg.optionalDependencies ?? {})) out.push([n, s, 'optionalDependencies']);
  for (const [n, s] of Object.entries(pkg.peerDependencies ?? {}))
    if (!pkg.peerDependenciesMeta?.[n]?.optional) out.push([n, s, 'peerDependencies']);
  return out;
}

/**
 * The override npm applies to the edge parent -> dep: a parent-scoped one ("parent": {"dep": "1.2.3"}, or
 * "parent@version") wins over a global one ("dep": "1.2.3", or {".": "1.2.3"}). Undefined if none.
 */
function overrideFor(overrides, parentName, parentVersion, dep) {
  const value = (v) => (typeof v === 'string' ? v : v && typeof v === 'object' ? v['.'] : undefined);
  for (const key of [parentName + '@' + parentVersion, parentName]) {
    const scope = overrides[key];
    if (scope && typeof scope === 'object' && dep in scope) return value(scope[dep]);
  }
  return value(overrides[dep]);
}

/** Every (path, value) leaf of the overrides object, for the exact-version rule. */
function overrideLeaves(overrides, prefix = []) {
  const out = [];
  for (const [k, v] of Object.entries(overrides ?? {})) {
    if (typeof v === 'string') out.push([[...prefix, k].filter((p) => p !== '.').join(' > '), v]);
    else if (v && typeof v === 'object') out.push(...overrideLeaves(v, [...prefix, k]));
  }
  return out;
}

/** Installed packages under dir/node_modules: Map(relative path -> package.json), nested trees included. */
function installed(dir) {
  const found = new Map();
  const walk = (modules) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
      const dirs = entry.name.startsWith('@')
        ? readdirSync(join(modules, entry.name), { withFileTypes: true }).map((e) => join(modules, entry.name, e.name))
        : [join(modules, entry.name)];
      for (const d of dirs) {
        const file = join(d, 'package.json');
        if (!existsSync(file)) continue;
        found.set(relative(dir, d).split('\\').join('/'), JSON.parse(readFileSync(file, 'utf8')));
        walk(join(d, 'node_modules'));
      }
    }
  };
  walk(join(dir, 'node_modules'));
  return found;
}

/** All problems in dir, one line each; empty when everything is pinned. */
export function check(dir) {
  const problems = [];
  const rel = relative(process.cwd(), dir) || '.';
  const cd = rel === '.' ? '' : `cd ${rel} && `;
  const pkgFile = join(dir, 'package.json');
  const lockFile = join(dir, 'package-lock.json');
  if (!existsSync(pkgFile)) return [`${rel}/package.json is missing`];
  if (!existsSync(lockFile)) return [`${rel}/package-lock.json is missing: run: ${cd}npm install --package-lock-only`];
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  const overrides = pkg.overrides ?? {};
  const stale = `the lock is stale: run: ${cd}npm install --package-lock-only && npm ci`;

  for (const [where, v] of overrideLeaves(overrides))
    if (!EXACT.test(v)) problems.push(`override ${where} is "${v}", not an exact version: give the version package-lock.json holds`);

  const locked = new Map(Object.entries(lock.packages ?? {}).filter(([p]) => p !== ''));
  const root = lock.packages?.[''] ?? {};
  for (const section of ['dependencies', 'optionalDependencies', 'devDependencies']) {
    const want = pkg[section] ?? {}; const have = root[section] ?? {};
    for (const n of new Set([...Object.keys(want), ...Object.keys(have)]))
      if (want[n] !== have[n]) problems.push(`${n}: package.json ${section} asks for ${JSON.stringify(want[n] ?? null)}, package-lock.json has ${JSON.stringify(have[n] ?? null)}; ${stale}`);
  }

  // The lock: every floating spec has an override, and the lock holds that override's version.
  const lockPaths = new Set(locked.keys());
  const edgeProblems = (tree, paths, source) => {
    for (const [path, p] of tree) {
      const name = p.name && source === 'node_modules' ? p.name : nameAt(path);
      for (const [dep, spec, section] of edges(p)) {
        const kind = floating(spec);
        if (!kind) continue;
        const target = resolve(paths, path, dep);
        const version = target ? tree.get(target)?.version : undefined;
        if (!target) { if (section !== 'optionalDependencies') problems.push(`${dep}: ${name}@${p.version} asks for ${dep}@"${spec}" and ${source} has no ${dep} for it`); continue; }
        const pinned = overrideFor(overrides, name, p.version, dep);
        if (pinned === undefined)
          problems.push(`${dep}: ${name}@${p.version} asks for ${dep}@"${spec}" (${kind === 'tag' ? 'a dist-tag, resolved by the registry at install time' : 'any version'}) and ${rel}/package.json has no override for ${dep}: add "overrides": { "${dep}": "${version}" }`);
        else if (pinned !== version)
          problems.push(`${dep}: overridden to ${pinned} in ${rel}/package.json but ${source} has ${dep}@${version} at ${target}; ${stale}`);
      }
    }
  };
  edgeProblems(locked, lockPaths, 'package-lock.json');

  // Global overrides bind every copy of the package.
  for (const [dep, v] of Object.entries(overrides)) {
    const want = typeof v === 'string' ? v : v?.['.'];
    if (want === undefined) continue;
    const copies = [...locked].filter(([path]) => nameAt(path) === dep);
    if (copies.length === 0) problems.push(`${dep}: overridden to ${want} in ${rel}/package.json but package-lock.json has no ${dep}: remove the override or ${stale}`);
    for (const [path, p] of copies)
      if (p.version !== want) problems.push(`${dep}: overridden to ${want} in ${rel}/package.json but package-lock.json has ${dep}@${p.version} at ${path}; ${stale}`);
  }

  // The installed tree, if any: exactly the lock, and the same rule on the package.json files as installed.
  if (existsSync(join(dir, 'node_modules'))) {
    const tree = installed(dir);
    for (const [path, p] of tree) {
      const l = locked.get(path);
      if (!l) problems.push(`${p.name}@${p.version}: installed at ${path} but not in package-lock.json; node_modules is stale: run: ${cd}npm ci`);
      else if (l.version !== p.version) problems.push(`${p.name}: installed ${p.version} at ${path}, package-lock.json has ${l.version}; node_modules is stale: run: ${cd}npm ci`);
    }
    for (const [path, l] of locked)
      if (!tree.has(path) && !l.optional && !l.dev && !l.link)
        problems.push(`${nameAt(path)}@${l.version}: in package-lock.json but not installed at ${path}; run: ${cd}npm ci`);
    edgeProblems(tree, new Set(tree.keys()), 'node_modules');
  }
  return [...new Set(problems)];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? dirname(fileURLToPath(import.meta.url));
  const problems = check(dir);
  if (problems.length > 0) {
    for (const p of problems) console.error('check-pins: ' + p);
    process.exit(1);
  }
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const n = Object.keys(lock.packages ?? {}).length - 1;
  console.log(`check-pins: ${n} packages locked${existsSync(join(dir, 'node_modules')) ? ' and installed as locked' : ''}; every dist-tag or "*" in the tree is overridden to its locked version (${overrideLeaves(pkg.overrides).length} overrides)`);
}
