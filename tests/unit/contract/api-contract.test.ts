import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiContractSections } from '../../../scripts/api-contract-doc';
import { withSections } from '../../../scripts/generated-section.mjs';

const DOC = resolve('docs/api-contract.md');

describe('docs/api-contract.md', () => {
  it('holds the switches and field tables the schemas and assumptions give (regenerate with npm run docs)', async () => {
    const committed = readFileSync(DOC, 'utf8');
    expect(committed).toBe(await withSections(DOC, committed, apiContractSections()));
  });

  it('names each field of an answer with its role and what a missing value becomes', () => {
    const { fields, switches } = apiContractSections();
    expect(fields).toContain('| `records[].status` | **essential** | known values | refused |');
    expect(fields).toContain('| `records[].name` | display-only | text | `' + "''" + '` |');
    expect(fields).toContain('| `records[].reportId` | optional | id | absent |');
    expect(fields).toContain('- `records[].tube.status`: `unbound`, `bound`, `sampled`');
    expect(switches).toContain('- `VITE_DICTIONARY_PATH` (default `/api/v1/Dictionary/PageDictionaryItem`)');
  });
});
