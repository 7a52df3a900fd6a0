// The pieces the bench's measurements share: the built app served as Deployment asks, and a JSON POST
// to the local demo API.
import { spawn } from 'node:child_process';
import { request as httpsRequest } from 'node:https';

export function postJson(url, body) {
  return new Promise((resolvePost, reject) => {
    const request = httpsRequest(
      url,
      { method: 'POST', rejectUnauthorized: false, headers: { 'content-type': 'application/json' } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolvePost(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

export function serve(dist, port, apiOrigin) {
  const server = spawn(
    process.execPath,
    ['scripts/serve-static.mjs', '--dir', dist, '--port', String(port), '--api', apiOrigin, '--tls'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // It prints a line once it listens (after compressing the build's files).
  return new Promise((ready, reject) => {
    server.stdout.once('data', () => ready(server));
    server.once('exit', (code) => reject(new Error(`serve-static exited with ${code}`)));
  });
}
