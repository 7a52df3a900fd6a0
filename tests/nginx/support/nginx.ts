import { spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { nginxConfPath } from '../../../scripts/nginx-conf.mjs';
import { selfSignedCert } from '../../../scripts/self-signed-cert.mjs';

/** Debian's nginx; NGINX_PATH for another one. */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A port nothing listens on now, for nginx to take. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/**
 * Replaces a directive's arguments in the configuration, as a deployer sets a host's own values; it
 * must be there exactly `count` times (once per server block that has it), so the file and the tests
 * cannot drift apart unnoticed.
 */
function setDirective(conf: string, directive: string, replace: (args: string) => string, count = 1): string {
  const pattern = new RegExp(`^(\\s*${directive}\\s+)([^;]*);`, 'gm');
  const found = conf.match(pattern)?.length ?? 0;
  if (found !== count)
    throw new Error(`the nginx configuration has ${found} "${directive}" lines, not ${count}`);
  return conf.replace(pattern, (_line, start: string, args: string) => `${start}${replace(args)};`);
}

/**
 * The build's nginx configuration with this host's lines set (the ones marked "this host", and the
 * ports of `listen` with their other parameters kept): what a deployer edits, and nothing else.
 */
function forThisHost(
  conf: string,
  host: { port: number; httpPort: number; cert: string; key: string; root: string },
): string {
  let text = setDirective(
    conf,
    'listen',
    (args) => {
      if (/^443\b/.test(args)) return args.replace(/^443/, `127.0.0.1:${host.port}`);
      if (/^80\b/.test(args)) return args.replace(/^80/, `127.0.0.1:${host.httpPort}`);
      throw new Error(`expected "listen 443 …" or "listen 80" in the nginx configuration, got "${args}"`);
    },
    2,
  );
  text = setDirective(text, 'server_name', () => '127.0.0.1', 2);
  text = setDirective(text, 'ssl_certificate', () => host.cert);
  text = setDirective(text, 'ssl_certificate_key', () => host.key);
  return setDirective(text, 'root', () => host.root);
}

/**
 * The rest of a host's nginx.conf, as Debian's wraps the files of conf.d/ (mime.types and a default
 * type in the http block), with every path nginx writes inside `dir`: a foreground process of the test,
 * never the system's service, listening on 127.0.0.1 only (the site's `listen`).
 */
function mainConf(dir: string, site: string): string {
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    // As root (CI), workers would run as nobody, who may not read a checkout under /root.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'events { worker_connections 256; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `    ${kind}_temp_path ${join(dir, kind)};`,
    ),
    `    include ${site};`,
    '}',
    '',
  ].join('\n');
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export interface NginxSite {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** http://127.0.0.1:<port>: the configuration's plain-HTTP server, which redirects to HTTPS. */
  httpOrigin: string;
  /** The site's throwaway certificate (PEM), for a client that checks it (NODE_EXTRA_CA_CERTS). */
  certFile: string;
  /** The build's nginx configuration as this site runs it. */
  confFile: string;
  /** Puts another build at the public base at once, as a deploy that replaces the last one does. */
  deploy: (dist: string) => void;
  stop: () => Promise<void>;
}

export interface SiteOptions {
  /** A build's output directory; its build wrote the configuration beside it. */
  dist: string;
  /** The build's public base (VITE_PUBLIC_BASE). */
  base?: string;
  /** Changes to the configuration after the host's lines are set (a deliberately broken one). */
  edit?: (conf: string) => string;
}

/**
 * Starts Debian's nginx on a free port of 127.0.0.1 with the configuration the build of `dist` wrote,
 * serving that build over HTTPS on a throwaway certificate. Everything it writes is in one temporary
 * folder, removed when it stops or fails to start.
 */
export async function startNginx(options: SiteOptions): Promise<NginxSite> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-e2e-'));
  try {
    return await runNginx(dir, options);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function runNginx(
  dir: string,
  { dist, base = '/', edit = (conf) => conf }: SiteOptions,
): Promise<NginxSite> {
  const { cert, key } = selfSignedCert();
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  writeFileSync(certFile, cert);
  writeFileSync(keyFile, key, { mode: 0o600 });

  // The web root, with the build at the public base as a link that a deploy swaps in one step.
  const root = join(dir, 'www');
  const published = join(root, base.replace(/\/+$/, ''));
  mkdirSync(resolve(published, '..'), { recursive: true });
  const publish = (build: string) => {
    symlinkSync(resolve(build), `${published}.next`);
    renameSync(`${published}.next`, published);
  };
  publish(dist);

  const port = await freePort();
  const httpPort = await freePort();
  const confFile = join(dir, 'site.conf');
  const built = readFileSync(nginxConfPath(dist), 'utf8');
  writeFileSync(confFile, edit(forThisHost(built, { port, httpPort, cert: certFile, key: keyFile, root })));
  writeFileSync(join(dir, 'nginx.conf'), mainConf(dir, confFile));

  const nginx: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => nginx.once('exit', () => done()));
  const failure = () => {
    let log = '';
    try {
      log = readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      // nginx stopped before it opened its log
    }
    return new Error(`nginx did not start (${NGINX}):\n${stderr}${log}`);
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port))) {
    if (nginx.exitCode !== null || nginx.signalCode !== null || Date.now() > deadline) {
      nginx.kill('SIGKILL');
      throw failure();
    }
    await new Promise((done) => setTimeout(done, 50));
  }

  return {
    origin: `https://127.0.0.1:${port}`,
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    certFile,
    confFile,
    deploy: publish,
    stop: async () => {
      // Fast shutdown: no connection is left worth finishing.
      nginx.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
