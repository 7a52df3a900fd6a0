// Fills in deploy/nginx.conf for one build: its public base, and the headers of scripts/deploy-headers.mjs
// with that build's Content-Security-Policy. The build writes the result beside its output
// (vite.config.ts, scripts/vite-plugins.ts), and the nginx stage of npm test serves the app with it.
import { readFileSync } from 'node:fs';
import { CACHE_CONTROL, securityHeaders } from './deploy-headers.mjs';

const TEMPLATE = new URL('../deploy/nginx.conf', import.meta.url);

/** Where the build writes the configuration for an output directory: `dist` -> `dist-nginx.conf`. */
export function nginxConfPath(outDir) {
  return `${outDir.replace(/[/\\]+$/, '')}-nginx.conf`;
}

/** A value nginx reads as one double-quoted string, as it is: no quote, backslash, `$` or line break. */
function quoted(value) {
  if (/["\\$\r\n]/.test(value)) throw new Error(`nginx-conf: cannot quote ${JSON.stringify(value)}`);
  return `"${value}"`;
}

/** The security headers as `add_header` lines, on error answers too (`always`). */
function securityHeaderLines(policy) {
  return securityHeaders(policy).map(([name, value]) => `add_header ${name} ${quoted(value)} always;`);
}

/** A location's `add_header` lines: Cache-Control (not on error answers) and the security headers. */
function addHeaders(cacheControl, policy) {
  return [`add_header Cache-Control ${quoted(cacheControl)};`, ...securityHeaderLines(policy)];
}

/**
 * deploy/nginx.conf with its `${NAME}` placeholders filled in (nginx's own variables have no braces
 * there). A placeholder alone on its line becomes several lines at its indentation.
 * @param {{ publicBase: string, policy: import('./csp.d.mts').PolicyOptions }} build
 */
export function nginxConf({ publicBase, policy }) {
  if (!/^\/([\w.~-]+\/)*$/.test(publicBase)) {
    throw new Error(`nginx-conf: the public base must be a path like / or /h5/, got "${publicBase}"`);
  }
  const values = {
    PUBLIC_BASE: [publicBase],
    SERVER_HEADERS: securityHeaderLines(policy),
    PAGE_HEADERS: addHeaders(CACHE_CONTROL.page, policy),
    ASSET_HEADERS: addHeaders(CACHE_CONTROL.asset, policy),
  };
  return readFileSync(TEMPLATE, 'utf8')
    .replace(/^([ \t]*)\$\{([A-Z_]+)\}$/gm, (_line, indent, name) => {
      if (!(name in values)) throw new Error(`nginx-conf: no value for \${${name}}`);
      return values[name].map((line) => indent + line).join('\n');
    })
    .replace(/\$\{([A-Z_]+)\}/g, (_placeholder, name) => {
      if (values[name]?.length !== 1) throw new Error(`nginx-conf: no single-line value for \${${name}}`);
      return values[name][0];
    });
}
