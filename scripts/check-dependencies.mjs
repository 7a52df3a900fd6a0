#!/usr/bin/env node
// Checks package-lock.json against a pinned list of published advisories, offline: `npm audit` needs
// an advisory endpoint these build machines cannot reach. Run by `npm run lint` and by npm test's lint
// stage. Where the registry is reachable, `npm audit --omit=dev` (and `npm audit`) say more; add what it
// finds here, so every machine keeps checking for it.
// Usage: node scripts/check-dependencies.mjs [--lock path/to/package-lock.json]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/**
 * Where the list below comes from and when it was last brought up to date: the check knows nothing
 * published since. Every installed version was newer than every range when the list was pinned, so a
 * pass says only that no version went back into a known range; the live audit (docs/deployment.md,
 * "Dependency advisories") finds the rest. Update the date with the list.
 */
const ADVISORY_SOURCE = 'GitHub Advisory Database (github.com/advisories), copied by hand';
const ADVISORIES_PINNED_ON = '2026-11-25';
/** After this long the output says the list is stale (it still checks what it knows). */
const STALE_AFTER_DAYS = 90;

/**
 * Known-bad versions: each advisory names a package and the version ranges it affects, as
 * [first affected, first fixed) pairs ('0.0.0' for "every version before").
 */
const ADVISORIES = [
  {
    name: 'axios',
    id: 'CVE-2025-27152',
    what: 'SSRF and credential leak through absolute URLs',
    ranges: [
      ['0.0.0', '0.30.0'],
      ['1.0.0', '1.8.2'],
    ],
  },
  {
    name: 'axios',
    id: 'CVE-2023-45857',
    what: 'XSRF-TOKEN cookie sent in a header to every host',
    ranges: [
      ['0.8.1', '0.28.0'],
      ['1.0.0', '1.6.0'],
    ],
  },
  {
    name: 'axios',
    id: 'CVE-2024-39338',
    what: 'SSRF through protocol-relative URLs',
    ranges: [['1.3.2', '1.7.4']],
  },
  {
    name: 'axios',
    id: 'CVE-2025-58754',
    what: 'unbounded memory on data: URLs (DoS)',
    ranges: [
      ['0.0.0', '0.30.2'],
      ['1.0.0', '1.12.0'],
    ],
  },
  {
    name: 'dompurify',
    id: 'CVE-2024-45801',
    what: 'sanitiser bypass by deep nesting',
    ranges: [
      ['0.0.0', '2.5.4'],
      ['3.0.0', '3.1.3'],
    ],
  },
  {
    name: 'dompurify',
    id: 'CVE-2024-47875',
    what: 'nesting-based mXSS',
    ranges: [
      ['0.0.0', '2.5.0'],
      ['3.0.0', '3.1.3'],
    ],
  },
  {
    name: 'dompurify',
    id: 'CVE-2025-26791',
    what: 'mXSS through template literals with SAFE_FOR_TEMPLATES',
    ranges: [['0.0.0', '3.2.4']],
  },
  {
    name: 'pdfjs-dist',
    id: 'CVE-2024-4367',
    what: 'arbitrary JavaScript from a crafted PDF font',
    ranges: [['0.0.0', '4.2.67']],
  },
  {
    name: 'crypto-js',
    id: 'CVE-2023-46233',
    what: 'PBKDF2 defaults 1,000 times weaker than specified',
    ranges: [['0.0.0', '4.2.0']],
  },
  {
    name: 'form-data',
    id: 'CVE-2025-7783',
    what: 'predictable multipart boundary (Math.random)',
    ranges: [
      ['0.0.0', '2.5.4'],
      ['3.0.0', '3.0.4'],
      ['4.0.0', '4.0.4'],
    ],
  },
  {
    name: 'react-router',
    id: 'CVE-2025-43864',
    what: 'cache poisoning by forcing SPA mode through a header (DoS)',
    ranges: [['7.2.0', '7.5.2']],
  },
  {
    name: 'react-router',
    id: 'CVE-2025-43865',
    what: 'pre-render data spoofing through a header',
    ranges: [['7.0.0', '7.5.2']],
  },
  {
    name: 'cookie',
    id: 'CVE-2024-47764',
    what: 'cookie name, path and domain not validated',
    ranges: [['0.0.0', '0.7.0']],
  },
  {
    name: 'vite',
    id: 'CVE-2025-30208',
    what: 'dev server file read past server.fs.deny',
    ranges: [
      ['0.0.0', '4.5.10'],
      ['5.0.0', '5.4.15'],
      ['6.0.0', '6.0.12'],
      ['6.1.0', '6.1.2'],
      ['6.2.0', '6.2.3'],
    ],
  },
  {
    name: 'esbuild',
    id: 'GHSA-67mh-4wv8-2f99',
    what: 'dev server answers any web site',
    ranges: [['0.0.0', '0.25.0']],
  },
  {
    name: 'nanoid',
    id: 'CVE-2024-55565',
    what: 'predictable ids for non-integer sizes',
    ranges: [
      ['0.0.0', '3.3.8'],
      ['4.0.0', '5.0.9'],
    ],
  },
  {
    name: 'ws',
    id: 'CVE-2024-37890',
    what: 'crash on many HTTP headers (DoS)',
    ranges: [
      ['0.0.0', '5.2.4'],
      ['6.0.0', '6.2.3'],
      ['7.0.0', '7.5.10'],
      ['8.0.0', '8.17.1'],
    ],
  },
  {
    name: 'cross-spawn',
    id: 'CVE-2024-21538',
    what: 'regular-expression DoS',
    ranges: [
      ['0.0.0', '6.0.6'],
      ['7.0.0', '7.0.5'],
    ],
  },
  {
    name: 'braces',
    id: 'CVE-2024-4068',
    what: 'unbounded memory on imbalanced braces',
    ranges: [['0.0.0', '3.0.3']],
  },
  { name: 'micromatch', id: 'CVE-2024-4067', what: 'regular-expression DoS', ranges: [['0.0.0', '4.0.8']] },
  {
    name: 'valibot',
    id: 'GHSA-vqpr-j7v3-hqw9',
    what: 'regular-expression DoS in EMOJI_REGEX (the emoji action)',
    ranges: [['0.31.0', '1.2.0']],
  },
  {
    name: 'semver',
    id: 'CVE-2022-25883',
    what: 'regular-expression DoS in new Range',
    ranges: [
      ['0.0.0', '5.7.2'],
      ['6.0.0', '6.3.1'],
      ['7.0.0', '7.5.2'],
    ],
  },
];

/**
 * The versions of the packages above that the list was checked against when it was pinned: for each
 * major line installed then, the version installed then. The list cannot know an advisory published
 * for a later version, so an installed version past these (or of a line not listed) is named: the
 * list is older than what it covers, and wants a live audit before it is pinned again.
 */
const REVIEWED_VERSIONS = {
  axios: ['1.21.1'],
  dompurify: ['3.4.18'],
  'pdfjs-dist': ['5.6.205'],
  'crypto-js': ['4.2.0'],
  'form-data': ['4.0.6'],
  'react-router': ['7.18.5'],
  cookie: ['1.1.1'],
  vite: ['8.3.8'],
  nanoid: ['3.3.20'],
  ws: ['7.5.14', '8.23.0'],
  'cross-spawn': ['7.0.6'],
  semver: ['6.3.2', '7.8.6'],
  valibot: ['1.5.0'],
};

/** -1, 0 or 1; a pre-release ('1.2.3-beta.1') sorts before its release. */
function compareVersions(a, b) {
  const [coreA, preA] = a.split('-', 2);
  const [coreB, preB] = b.split('-', 2);
  const partsA = coreA.split('.').map(Number);
  const partsB = coreB.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const difference = (partsA[i] ?? 0) - (partsB[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (preA && !preB) return -1;
  if (!preA && preB) return 1;
  return 0;
}

/** Every installed package of a lockfile (v2 or v3): its name, version and where it sits. */
function lockedPackages(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(
      ([path, entry]) => path.includes('node_modules/') && typeof entry.version === 'string' && !entry.link,
    )
    .map(([path, entry]) => ({
      name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version,
      path,
    }));
}

const { values } = parseArgs({
  options: {
    lock: { type: 'string', default: 'package-lock.json' },
    // Tests only: the day the check runs, to test the staleness notice.
    today: { type: 'string' },
  },
});
const source = `${ADVISORIES.length} advisories from the ${ADVISORY_SOURCE}, pinned on ${ADVISORIES_PINNED_ON}`;
const ageDays = Math.floor(
  (Date.parse(values.today ?? new Date().toISOString()) - Date.parse(ADVISORIES_PINNED_ON)) / 86_400_000,
);
console.log(`check-dependencies: offline, against ${source}; nothing published since is known here.`);
if (ageDays > STALE_AFTER_DAYS)
  console.warn(
    `check-dependencies: the list is ${ageDays} days old: run a live audit (docs/deployment.md, "Dependency advisories") and update it.`,
  );
const lock = JSON.parse(readFileSync(values.lock, 'utf8'));
if (!lock.packages) {
  console.error(`check-dependencies: ${values.lock} has no "packages" (lockfile v2 or later needed).`);
  process.exit(2);
}
const installed = lockedPackages(lock);
const findings = installed.flatMap((pkg) =>
  ADVISORIES.filter(
    (advisory) =>
      advisory.name === pkg.name &&
      advisory.ranges.some(
        ([from, below]) => compareVersions(pkg.version, from) >= 0 && compareVersions(pkg.version, below) < 0,
      ),
  ).map((advisory) => `${pkg.name}@${pkg.version} (${pkg.path}): ${advisory.id}, ${advisory.what}`),
);
// Installed versions the list was not checked against: newer than it, or of a major line it never saw.
const major = (version) => version.split('.')[0];
const unreviewed = installed.filter((pkg) => {
  if (!ADVISORIES.some((advisory) => advisory.name === pkg.name)) return false;
  const reviewed = (REVIEWED_VERSIONS[pkg.name] ?? []).find(
    (version) => major(version) === major(pkg.version),
  );
  return !reviewed || compareVersions(pkg.version, reviewed) > 0;
});
if (unreviewed.length > 0) {
  console.warn(
    `check-dependencies: the list is older than ${unreviewed.length} installed version(s) it covers ` +
      '(advisories published for them are not in it): run a live audit (docs/deployment.md, ' +
      '"Dependency advisories"), then update the list and REVIEWED_VERSIONS:',
  );
  for (const pkg of unreviewed) {
    const reviewed = REVIEWED_VERSIONS[pkg.name]?.join(', ') ?? 'none';
    console.warn(`  ${pkg.name}@${pkg.version} (${pkg.path}): the list was checked against ${reviewed}`);
  }
}
if (findings.length > 0) {
  console.error(`check-dependencies: ${findings.length} known-bad version(s) in ${values.lock}:`);
  for (const finding of findings) console.error(`  ${finding}`);
  console.error('Update them (npm update <name>, or an "overrides" entry) and commit the new lockfile.');
  process.exit(1);
}
console.log(
  `check-dependencies: ${installed.length} packages in ${values.lock}, none in a range of the ${ADVISORIES.length} pinned advisories.`,
);
