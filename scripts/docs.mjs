#!/usr/bin/env node
// `npm run docs`: rewrites the generated sections of docs/api-contract.md (the switches and the field
// tables) from src/config/assumptions.ts and the schemas in src/types/api.ts, through
// scripts/api-contract-doc.ts (run by Vite's module runner); the prose around them stays as written.
// tests/unit/contract/api-contract.test.ts fails while the committed document differs from what this writes.
import { runnerImport } from 'vite';
import { writeSections } from './generated-section.mjs';

const { module } = await runnerImport('/scripts/api-contract-doc.ts', {
  resolve: { tsconfigPaths: true },
  logLevel: 'error',
});
await writeSections('docs/api-contract.md', module.apiContractSections());
