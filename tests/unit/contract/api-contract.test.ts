import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { renderApiContract } from './api-contract-doc';

const DOC = resolve('docs/api-contract.md');

describe('docs/api-contract.md', () => {
  it('says what the schemas in src/types/api.ts accept (regenerate with UPDATE_API_CONTRACT=1)', async () => {
    // As `npm run format` leaves it, so the lint's prettier check and this test agree.
    const rendered = await format(renderApiContract(), { ...(await resolveConfig(DOC)), filepath: DOC });
    if (process.env.UPDATE_API_CONTRACT === '1') writeFileSync(DOC, rendered);
    expect(readFileSync(DOC, 'utf8')).toBe(rendered);
  });
});
