#!/usr/bin/env node
// `npm run contract`: checks a live API against the app's contract (scripts/contract/cli.ts; its layout:
// docs/api-contract.md, "The contract tool"). The tool is TypeScript and reads the app's own modules
// (schemas, endpoints, the envelope rule, the rules for ID cards, phones and tube codes): Node runs
// neither, so Vite loads them, as it loads the app's sources in development, and stops before any call.
import { createServer } from 'vite';

const vite = await createServer({
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
  mode: 'test',
});
let cli;
try {
  cli = await vite.ssrLoadModule('/scripts/contract/cli.ts');
} catch (error) {
  // Exit code 2, as for any run that could not start.
  console.error(
    `npm run contract could not load its modules: ${error instanceof Error ? error.message : error}`,
  );
} finally {
  await vite.close();
}
process.exitCode = cli ? await cli.main(process.argv.slice(2)) : 2;
