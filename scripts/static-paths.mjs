// Which request paths name a file of the build (a chunk, a CMap, a wasm decoder, version.json) rather
// than a page of the app: a file that is not there is a 404 in every server the project configures
// (scripts/serve-static.mjs, the dev and preview servers: scripts/vite-plugins.ts, deploy/nginx.conf's
// `location ~ \.[^/]*$`), never index.html, whose 200 a chunk loader or pdf.js would take for the file.
// The app's routes are plain paths with no dot in their last segment.

/** Whether `pathname` names a file: its last segment has a dot (index.html is the page itself). */
export function namesFile(pathname) {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.') && last !== 'index.html';
}
