// The app's own Vite plugins, used by vite.config.ts: each small, none rewrites generated code.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connect, Plugin } from 'vite';
import { readHttpsOrigins } from '../src/config/origins.ts';
import { PDF_ASSET_FOLDERS } from '../src/config/pdf-assets.ts';
import { contentTypeOf } from './content-types.mjs';
import { metaContentSecurityPolicy, type PolicyOptions } from './csp.mjs';
import { nginxConf, nginxConfPath } from './nginx-conf.mjs';
import { chunkGraphPath } from './page-bytes.mjs';
import { namesFile } from './static-paths.mjs';

/** Serves msw's service worker in the dev server only, so the demo backend never reaches a build. */
export function mswWorkerInDev(base: string): Plugin {
  const workerPath = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  return {
    name: 'msw-worker-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(`${base}mockServiceWorker.js`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Service-Worker-Allowed', base);
        res.end(readFileSync(workerPath));
      });
    },
  };
}

/**
 * pdf.js's data files (src/config/pdf-assets.ts) from pdfjs-dist, by the path the app serves each at
 * (`pdfjs/cmaps/UniGB-UTF16-H.bcmap`) → the file in node_modules.
 */
function pdfJsAssetFiles(): Map<string, string> {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const files = new Map<string, string>();
  for (const folder of Object.values(PDF_ASSET_FOLDERS)) {
    for (const name of readdirSync(join(root, folder.from))) {
      if ('only' in folder && !folder.only.test(name)) continue;
      files.set(`${folder.to}${name}`, join(root, folder.from, name));
    }
  }
  return files;
}

/**
 * Serves pdf.js's data files under the public base as pdf.js asks for them, by name: copied into the
 * build (all of them; each is fetched only when a PDF needs it), served from node_modules by the dev
 * server, a missing one a 404 in both.
 */
export function pdfJsAssets(base: string): Plugin {
  const files = pdfJsAssetFiles();
  return {
    name: 'pdfjs-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://dev').pathname;
        if (!path.startsWith(`${base}pdfjs/`)) return next();
        const file = files.get(path.slice(base.length));
        if (!file) return notFound(res);
        res.setHeader('Content-Type', contentTypeOf(file));
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [fileName, file] of files) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(file) });
      }
    },
  };
}

function notFound(res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('not found');
}

/**
 * The dev and preview servers answer a request for a file that is not there (scripts/static-paths.mjs)
 * with 404, as deploy/nginx.conf does, not with index.html: Vite's SPA fallback serves index.html for
 * any path, and a chunk loader or pdf.js takes its 200 for the file. Runs after the fallback has
 * pointed the request at index.html; `originalUrl` keeps the path asked for.
 */
export function missingFileIs404(): Plugin {
  const afterFallback: Connect.NextHandleFunction = (
    req: IncomingMessage & { originalUrl?: string },
    res,
    next,
  ) => {
    const asked = new URL(req.originalUrl ?? req.url ?? '/', 'http://dev').pathname;
    const served = new URL(req.url ?? '/', 'http://dev').pathname;
    if (served.endsWith('/index.html') && namesFile(asked)) return notFound(res);
    next();
  };
  return {
    name: 'missing-file-is-404',
    configureServer: (server) => () => server.middlewares.use(afterFallback),
    configurePreviewServer: (server) => () => server.middlewares.use(afterFallback),
  };
}

/**
 * The release error reports name: package.json's name and version, and the commit being built when the
 * build runs in a git checkout (`APP_COMMIT` names it where there is no .git, e.g. a CI's tarball).
 */
export function buildRelease(commit: string | undefined = process.env.APP_COMMIT ?? gitCommit()): string {
  const { name, version } = createRequire(import.meta.url)('../package.json') as {
    name: string;
    version: string;
  };
  return commit ? `${name}@${version}+${commit}` : `${name}@${version}`;
}

function gitCommit(): string | undefined {
  const result = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() || undefined : undefined;
}

/** Writes version.json next to index.html, so a running app can notice a new deploy. */
export function versionFile(version: string): Plugin {
  return {
    name: 'version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

/**
 * Opens the connection to the API's origin while the scripts download: the first call then skips DNS,
 * TCP and TLS set-up. `crossorigin` because the calls are CORS requests without credentials.
 */
export function preconnectApi(apiBaseUrl: string | undefined): Plugin {
  return {
    name: 'preconnect-api',
    transformIndexHtml() {
      if (!apiBaseUrl || !URL.canParse(apiBaseUrl)) return [];
      const href = new URL(apiBaseUrl).origin;
      return [{ tag: 'link', attrs: { rel: 'preconnect', href, crossorigin: '' }, injectTo: 'head-prepend' }];
    },
  };
}

/**
 * What the Content-Security-Policy (scripts/csp.mjs) of a build allows, from its variables and the text of
 * index.html's inline scripts (hashed): index.html's meta tag and the nginx configuration both use this.
 */
export function policyOptions(
  env: Readonly<Record<string, string | undefined>>,
  inlineScripts: string[] = [],
): PolicyOptions {
  const apiBaseUrl = env.VITE_API_BASE_URL;
  return {
    apiOrigin: apiBaseUrl && URL.canParse(apiBaseUrl) ? new URL(apiBaseUrl).origin : '',
    imageOrigins: readHttpsOrigins(env.VITE_CONTENT_IMAGE_ORIGINS),
    sentryDsn: env.VITE_SENTRY_DSN?.trim() || undefined,
    inlineScripts,
  };
}

/**
 * Puts the app's Content-Security-Policy into the built index.html, first in <head>, so the page is
 * protected even where the server sends no CSP header. Builds only: Vite's dev client and React Fast
 * Refresh inject inline scripts that a strict policy would block.
 */
export function contentSecurityPolicyMeta(policy: PolicyOptions): Plugin {
  return {
    name: 'content-security-policy-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: metaContentSecurityPolicy(policy) },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

/** What a deployment of a build must serve; scripts/check-deploy.mjs reads it from this plugin's `api`. */
export interface DeploymentValues {
  publicBase: string;
  policy: PolicyOptions;
}

/**
 * Writes the nginx configuration for this build (deploy/nginx.conf filled in, scripts/nginx-conf.mjs)
 * beside the output directory: `dist` -> `dist-nginx.conf`, outside what gets copied to the web root.
 */
export function nginxConfiguration({ publicBase, policy }: DeploymentValues): Plugin {
  // Vite's own reading of `base`: a trailing slash is implied.
  const deployment = { publicBase: publicBase.endsWith('/') ? publicBase : `${publicBase}/`, policy };
  let outDir = '';
  return {
    name: 'nginx-configuration',
    apply: 'build',
    api: { deployment },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      writeFileSync(nginxConfPath(outDir), nginxConf(deployment));
    },
  };
}

/**
 * Writes the build's chunk graph beside the output directory (scripts/page-bytes.mjs `chunkGraphPath`):
 * for each chunk, the module it starts from, its static and dynamic imports and the modules it holds
 * (paths from the project root). The build-output tests read what the entry evaluates and what each
 * page loads from it; Vite's manifest would name neither the modules in a chunk nor stay out of dist/.
 */
export function chunkGraph(): Plugin {
  let root = '';
  let outDir = '';
  let graph: unknown;
  const fromRoot = (id: string) => (id.startsWith(root) ? relative(root, id).split(sep).join('/') : id);
  return {
    name: 'chunk-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, object> = {};
      let entry = '';
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (chunk.isEntry) entry = chunk.fileName;
        chunks[chunk.fileName] = {
          facade: chunk.facadeModuleId ? fromRoot(chunk.facadeModuleId) : null,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
          modules: chunk.moduleIds.map(fromRoot),
        };
      }
      graph = { entry, chunks };
    },
    writeBundle() {
      writeFileSync(chunkGraphPath(outDir), JSON.stringify(graph));
    },
  };
}

/**
 * The client sends with XHR (src/lib/http/client.ts), but axios's adapter list imports its fetch
 * adapter, which probes the browser when evaluated: code on every page that is never used.
 * Loaded in its place: what axios itself reports where fetch is missing.
 */
export function withoutAxiosFetchAdapter(): Plugin {
  // Through symlinks, as Vite names modules: where node_modules is a link (the bench's baseline
  // checkout), the adapter is still recognised.
  const adapter = realpathSync(
    fileURLToPath(new URL('../node_modules/axios/lib/adapters/fetch.js', import.meta.url)),
  );
  return {
    name: 'without-axios-fetch-adapter',
    apply: 'build',
    enforce: 'pre',
    load: (id) => (id === adapter ? 'export const getFetch = () => false;\nexport default false;\n' : null),
  };
}

/**
 * index.html's first script, built from src/app/early-authorization.ts with this build's values: a check
 * user's page opened without a session leaves for WeChat's authorization before the app's code loads;
 * a page that stays reloads when the back/forward cache restores it for another session than its own.
 * Bundled on its own (the same modules as the app: one implementation of the rule, the state and the
 * URL), lowered to the app's targets and minified; only what authorizeEarly reaches is kept (the
 * modules it imports have no side effects of their own). Empty for the demo, which has no WeChat.
 */
export async function buildEarlyAuthorization({
  wechatAppId,
  publicBase,
  target,
}: {
  wechatAppId: string;
  publicBase: string;
  target: string[];
}): Promise<string> {
  const { build } = await import('vite');
  const entry = 'virtual:early-authorization';
  const module = fileURLToPath(new URL('../src/app/early-authorization.ts', import.meta.url));
  const output = await build({
    configFile: false,
    // What it bundles and then leaves out (react-router, for one) would warn as the app's build does.
    logLevel: 'error',
    resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
    plugins: [
      {
        name: 'early-authorization-entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry
            ? `import { authorizeEarly, reloadRestoredPagesOfOtherSessions } from ${JSON.stringify(module)};\n` +
              `if (!authorizeEarly(${JSON.stringify({ wechatAppId, publicBase })})) reloadRestoredPagesOfOtherSessions();\n`
            : null,
      },
    ],
    build: {
      write: false,
      target,
      minify: true,
      modulePreload: false,
      rolldownOptions: {
        input: entry,
        treeshake: { moduleSideEffects: (id) => id === entry },
        output: { format: 'iife', codeSplitting: false },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const [chunk] = chunks.filter((item) => item.type === 'chunk');
  if (!chunk || chunks.filter((item) => item.type === 'chunk').length !== 1)
    throw new Error('The early authorization script must build to one chunk');
  return chunk.code.trim();
}

/**
 * Puts the early authorization script (buildEarlyAuthorization) into the built index.html where its
 * early-authorization comment is: before the app's scripts, preloads and stylesheet, and after
 * `<meta charset>` (which must stay within the bytes browsers sniff). The policy allows it by its hash (policyOptions'
 * inlineScripts), computed from this same text.
 */
export function earlyAuthorization(script: string): Plugin {
  return {
    name: 'early-authorization',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        const marker = /<!-- early-authorization:[^>]*-->/;
        if (!marker.test(html)) throw new Error('index.html has no early-authorization comment');
        return html.replace(marker, () => (script ? `<script>${script}</script>` : ''));
      },
    },
  };
}
