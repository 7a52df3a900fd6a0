import { uuidV4 } from '@/lib/uuid';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function expectThousandUniqueV4(): void {
  const ids = Array.from({ length: 1000 }, () => uuidV4());
  for (const id of ids) expect(id).toMatch(UUID_V4);
  expect(new Set(ids).size).toBe(1000);
}

describe('uuidV4', () => {
  it('with crypto.randomUUID: 1000 unique v4 ids', () => {
    const randomUUID = vi.spyOn(globalThis.crypto, 'randomUUID');
    expectThousandUniqueV4();
    expect(randomUUID).toHaveBeenCalledTimes(1000);
  });

  it('without randomUUID (insecure context): getRandomValues gives 1000 unique v4 ids', () => {
    const realCrypto = globalThis.crypto;
    const getRandomValues = vi.fn((array: Uint8Array<ArrayBuffer>) => realCrypto.getRandomValues(array));
    vi.stubGlobal('crypto', { getRandomValues });
    try {
      expectThousandUniqueV4();
      expect(getRandomValues).toHaveBeenCalledTimes(1000);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each([
    [0x00, '00000000-0000-4000-8000-000000000000'],
    [0xff, 'ffffffff-ffff-4fff-bfff-ffffffffffff'],
  ])('sets the version and variant bits whatever the random bytes (all 0x%s)', (byte, expected) => {
    vi.stubGlobal('crypto', {
      getRandomValues: (array: Uint8Array) => array.fill(byte),
    });
    try {
      expect(uuidV4()).toBe(expected);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('without any crypto (very old webview): still 1000 unique v4 ids', () => {
    vi.stubGlobal('crypto', undefined);
    try {
      expectThousandUniqueV4();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
