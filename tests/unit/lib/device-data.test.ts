import { beforeEach, describe, expect, it } from 'vitest';
import { KEPT_LOCAL_KEYS, KEPT_SESSION_KEYS, OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import {
  claimDeviceData,
  keepOnSignOut,
  readDataOwner,
  unsentQueueCount,
  wipePersonalData,
} from '@/lib/device-data';
import { DEMO_DB_STORAGE_KEY } from '@/mocks/db';

/** What a staff member leaves on a phone: a draft, a queued binding, a download record, a session. */
function leaveWorkBehind() {
  localStorage.setItem(
    'draft:registration:work',
    JSON.stringify({ savedAt: Date.now(), value: { name: '张三' } }),
  );
  localStorage.setItem(OFFLINE_QUEUE_KEY, JSON.stringify([{ status: 'pending' }, { status: 'sent' }]));
  localStorage.setItem(KEPT_LOCAL_KEYS.rememberedAccount, 'admin');
  localStorage.setItem(DEMO_DB_STORAGE_KEY, '{"version":1}');
  sessionStorage.setItem('download:saved', '{"fileName":"张三的报告.pdf"}');
  sessionStorage.setItem('report-criteria:work', '{"type":"idCard","value":"110105199001010079"}');
  sessionStorage.setItem('token', 'token-of-admin');
  sessionStorage.setItem('session-audience', 'work');
  sessionStorage.setItem(KEPT_SESSION_KEYS.oauthNonces, '["c1"]');
}

const keys = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => storage.key(i)).sort();

// As the demo backend does when it starts (src/mocks/browser.ts).
keepOnSignOut(DEMO_DB_STORAGE_KEY);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('wipePersonalData (sign-out)', () => {
  it('removes drafts, queue, downloads, criteria and the session; keeps only the listed keys', () => {
    claimDeviceData('work', 'admin', 'admin');
    leaveWorkBehind();
    wipePersonalData();
    expect(keys(localStorage)).toEqual([DEMO_DB_STORAGE_KEY, KEPT_LOCAL_KEYS.rememberedAccount].sort());
    expect(keys(sessionStorage)).toEqual([KEPT_SESSION_KEYS.oauthNonces]);
    expect(readDataOwner()).toBeNull();
  });
});

describe('claimDeviceData (sign-in)', () => {
  it.each([
    // [previous owner, who signs in, data kept?]
    [['work', 'admin'], ['work', 'admin', 'admin'], true],
    [['work', 'admin'], ['work', 'worker', 'worker'], false],
    [['work', 'admin'], ['check', 'u-check-1'], false],
    [['check', 'u-check-1'], ['check', 'u-check-1'], true],
    [['check', 'u-check-1'], ['check', 'u-check-2'], false],
    // a check user whose profile did not load: kept within the group, removed across groups
    [['check', 'u-check-1'], ['check', null], true],
    [['work', 'admin'], ['check', null], false],
  ] as const)('owner %j, then %j signs in → kept: %s', (previous, next, kept) => {
    claimDeviceData(previous[0], previous[1]);
    leaveWorkBehind();
    const replaced = claimDeviceData(next[0], next[1], next[2]);
    expect(replaced).toBe(!kept);
    expect(localStorage.getItem('draft:registration:work') !== null).toBe(kept);
    expect(unsentQueueCount()).toBe(kept ? 1 : 0);
    expect(sessionStorage.getItem('download:saved') !== null).toBe(kept);
    // the session just started is never removed
    expect(sessionStorage.getItem('token')).toBe('token-of-admin');
    expect(localStorage.getItem(KEPT_LOCAL_KEYS.rememberedAccount)).toBe('admin');
  });

  it('records who owns the data, with the staff account name to show on the login page', () => {
    expect(claimDeviceData('work', 'admin', 'admin')).toBe(false); // a fresh phone: nothing to remove
    expect(readDataOwner()).toEqual({ audience: 'work', account: 'admin', label: 'admin' });
  });

  it('adopts data written before owners were recorded (the first sign-in after an update keeps drafts)', () => {
    leaveWorkBehind();
    expect(claimDeviceData('work', 'admin', 'admin')).toBe(false);
    expect(localStorage.getItem('draft:registration:work')).not.toBeNull();
    expect(readDataOwner()?.account).toBe('admin');
  });
});

describe('unsentQueueCount', () => {
  it.each([
    [null, 0],
    ['not json', 0],
    ['{}', 0],
    [
      JSON.stringify([
        { status: 'pending' },
        { status: 'sending' },
        { status: 'failed' },
        { status: 'sent' },
      ]),
      3,
    ],
  ])('%s → %d', (stored, count) => {
    if (stored !== null) localStorage.setItem(OFFLINE_QUEUE_KEY, stored);
    expect(unsentQueueCount()).toBe(count);
  });
});
