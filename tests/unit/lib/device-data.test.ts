import { beforeEach, describe, expect, it } from 'vitest';
import { KEPT_LOCAL_KEYS, KEPT_SESSION_KEYS, OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import {
  claimDeviceData,
  isSharedPhone,
  keepOnSignOut,
  removeOwnerlessWork,
  signOutDraftCount,
  wipePersonalData,
  workOnPhone,
} from '@/lib/device-data';
import { setSessionOwner, type SessionOwner } from '@/lib/session';
import { setToken } from '@/lib/token';
import { DEMO_DB_STORAGE_KEY } from '@/mocks/db';
import { storedQueueEntry } from '../support/stored-queue-entry';

const ADMIN: SessionOwner = { audience: 'work', account: 'admin' };
const WORKER: SessionOwner = { audience: 'work', account: 'worker' };
const CHECK_1: SessionOwner = { audience: 'check', account: '3' };
const CHECK_2: SessionOwner = { audience: 'check', account: '4' };

const draftKey = (owner: SessionOwner) => `draft:registration:${owner.audience}:${owner.account}`;
const draft = (name: string) => JSON.stringify({ savedAt: Date.now(), value: { name } });

function queue(...entries: { id: string; status: string; owner?: SessionOwner }[]) {
  localStorage.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(entries.map(storedQueueEntry)));
}
const queuedIds = () =>
  (JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY) ?? '[]') as { id: string }[]).map((entry) => entry.id);

/**
 * What a shared phone holds: admin's and worker's unsent work, a check user's draft, work from before
 * owners were recorded, and the last account's other personal data (a bind draft, a download record,
 * report criteria).
 */
function phoneInUse() {
  localStorage.setItem(draftKey(ADMIN), draft('管一'));
  localStorage.setItem(draftKey(WORKER), draft('李二'));
  localStorage.setItem(draftKey(CHECK_1), draft('张三'));
  localStorage.setItem('hidden-server-drafts:work:admin', '["r-1"]');
  localStorage.setItem('draft:registration:work', draft('旧四'));
  localStorage.setItem('draft:bind:work:r-9', draft('CT0001'));
  queue(
    { id: 'admin-1', status: 'pending', owner: ADMIN },
    { id: 'admin-2', status: 'sent', owner: ADMIN },
    { id: 'worker-1', status: 'failed', owner: WORKER },
    { id: 'old-1', status: 'pending' },
  );
  localStorage.setItem(KEPT_LOCAL_KEYS.optionalFieldsOpen, '1');
  localStorage.setItem(DEMO_DB_STORAGE_KEY, '{"version":1}');
  sessionStorage.setItem('download:saved', '{"fileName":"张三的报告.pdf"}');
  sessionStorage.setItem('report-criteria:work', '{"type":"idCard","value":"110105199001010079"}');
  sessionStorage.setItem(KEPT_SESSION_KEYS.oauthNonces, '["c1"]');
}

/**
 * The work of every staff account on the phone, and work nobody owns: never removed by another account's
 * sign-in. (A check user's draft is kept only on a person's own phone: 'a shared phone' below.)
 */
function expectAllWorkKept() {
  for (const owner of [ADMIN, WORKER]) expect(localStorage.getItem(draftKey(owner))).not.toBeNull();
  expect(localStorage.getItem('hidden-server-drafts:work:admin')).not.toBeNull();
  expect(localStorage.getItem('draft:registration:work')).not.toBeNull();
  expect(queuedIds()).toEqual(['admin-1', 'admin-2', 'worker-1', 'old-1']);
}

const keys = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => storage.key(i)).sort();

// As the demo backend does when it starts (src/mocks/browser.ts).
keepOnSignOut(DEMO_DB_STORAGE_KEY);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('wipePersonalData (sign-out)', () => {
  it("removes the account's own work, the other personal data and the session; other accounts' work stays", () => {
    claimDeviceData(ADMIN);
    phoneInUse();
    setToken('token-of-admin');
    setSessionOwner(ADMIN);
    wipePersonalData(ADMIN);
    expect(queuedIds()).toEqual(['worker-1', 'old-1']);
    expect(keys(localStorage)).toEqual(
      [
        DEMO_DB_STORAGE_KEY,
        KEPT_LOCAL_KEYS.optionalFieldsOpen,
        OFFLINE_QUEUE_KEY,
        draftKey(WORKER),
        'draft:registration:work',
        'device-shared-phone',
      ].sort(),
    );
    expect(keys(sessionStorage)).toEqual([KEPT_SESSION_KEYS.oauthNonces]);
  });

  it('of a session whose account is unknown: removes no one’s work', () => {
    phoneInUse();
    wipePersonalData(null);
    expect(queuedIds()).toEqual(['admin-1', 'admin-2', 'worker-1', 'old-1']);
    expect(localStorage.getItem(draftKey(ADMIN))).not.toBeNull();
    expect(localStorage.getItem('draft:bind:work:r-9')).toBeNull();
  });

  it('counts the drafts it will remove: the own registration draft and other forms, not others’ work', () => {
    phoneInUse();
    expect(signOutDraftCount(ADMIN)).toBe(2);
    expect(signOutDraftCount(WORKER)).toBe(2);
    expect(signOutDraftCount(null)).toBe(1);
  });
});

describe('claimDeviceData (sign-in)', () => {
  it.each([
    // [previous owner, who signs in, the previous owner's other personal data kept?]
    [ADMIN, ADMIN, true],
    [ADMIN, WORKER, false],
    [ADMIN, CHECK_1, false],
    [CHECK_1, CHECK_1, true],
    [CHECK_1, CHECK_2, false],
    [CHECK_1, ADMIN, false],
  ] as const)(
    'owner %j, then %j signs in → other data kept: %s; all unsent work kept',
    (previous, next, kept) => {
      claimDeviceData(previous);
      phoneInUse();
      // The session just started (a WeChat sign-in claims once its token and profile are known).
      setToken('new-token');
      setSessionOwner(next);
      const replaced = claimDeviceData(next);
      expect(replaced).toBe(!kept);
      expectAllWorkKept();
      expect(localStorage.getItem('draft:bind:work:r-9') !== null).toBe(kept);
      expect(sessionStorage.getItem('download:saved') !== null).toBe(kept);
      expect(sessionStorage.getItem('report-criteria:work') !== null).toBe(kept);
      expect(sessionStorage.getItem('token')).toBe('new-token');
      expect(sessionStorage.getItem('session-account')).toBe(next.account);
      expect(sessionStorage.getItem(KEPT_SESSION_KEYS.oauthNonces)).toBe('["c1"]');
      expect(localStorage.getItem(KEPT_LOCAL_KEYS.optionalFieldsOpen)).toBe('1');
    },
  );

  it('adopts other data written before owners were recorded (the first sign-in after an update keeps it)', () => {
    phoneInUse();
    expect(claimDeviceData(ADMIN)).toBe(false);
    expect(localStorage.getItem('draft:bind:work:r-9')).not.toBeNull();
    expectAllWorkKept();
  });
});

describe('a shared phone (a staff account signed in on it) forgets each screened person', () => {
  const checkDraftKept = () => localStorage.getItem(draftKey(CHECK_1)) !== null;
  const ANSWERS_KEY = 'draft:questionnaire:check:1:7';
  /** A new webview: its sessionStorage is its own. */
  const newTab = () => sessionStorage.clear();
  /** The session ends by a 401 only: the token goes, the tab stays (app/session-expiry.ts). */
  const tokenExpires = () => {
    sessionStorage.removeItem('token');
    sessionStorage.removeItem('session-audience');
    sessionStorage.removeItem('session-account');
  };

  it.each([
    // [who signs in, and where; CHECK_1's registration draft kept; the last person's other data (answers
    //  typed into a questionnaire) kept; staff who signed in before; the next owner; the tab]
    ['own phone: CHECK_1 signs in again in a new webview', true, true, [], CHECK_1, 'new tab'],
    ['own phone: CHECK_2 signs in', true, false, [], CHECK_2, 'new tab'],
    ['shared: ADMIN signs in', false, false, [ADMIN], ADMIN, 'same tab'],
    ['shared: WORKER signs in', false, false, [ADMIN], WORKER, 'new tab'],
    ['shared: CHECK_1 (the next person) in a new webview', false, false, [ADMIN], CHECK_1, 'new tab'],
    ['shared: CHECK_1 again in its expired tab', true, true, [ADMIN], CHECK_1, 'token expired'],
    ['shared: CHECK_2 in CHECK_1’s expired tab', false, false, [ADMIN], CHECK_2, 'token expired'],
  ] as const)(
    '%s → registration draft kept: %s, other data kept: %s',
    (_label, kept, otherKept, staffBefore, next, tab) => {
      for (const staff of staffBefore) claimDeviceData(staff);
      claimDeviceData(CHECK_1);
      phoneInUse();
      localStorage.setItem(ANSWERS_KEY, draft('每周运动三次'));
      if (tab === 'new tab') newTab();
      if (tab === 'token expired') tokenExpires();
      setToken('new-token');
      setSessionOwner(next);
      const replaced = claimDeviceData(next);
      expect(localStorage.getItem(ANSWERS_KEY) !== null).toBe(otherKept);
      expect(replaced).toBe(!otherKept);
      expect(checkDraftKept()).toBe(kept);
      expect(isSharedPhone()).toBe(staffBefore.length > 0 || next.audience === 'work');
      // Staff work and work nobody owns stay, whoever signs in.
      expectAllWorkKept();
    },
  );

  it('a staff sign-out removes every check user’s draft and hidden drafts, never other staff work', () => {
    claimDeviceData(ADMIN);
    phoneInUse();
    localStorage.setItem(draftKey(CHECK_2), draft('李四'));
    localStorage.setItem('hidden-server-drafts:check:3', '["r-2"]');
    setToken('token-of-admin');
    setSessionOwner(ADMIN);
    wipePersonalData(ADMIN);
    for (const key of [draftKey(CHECK_1), draftKey(CHECK_2), 'hidden-server-drafts:check:3'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(draftKey(WORKER))).not.toBeNull();
    expect(queuedIds()).toEqual(['worker-1', 'old-1']);
    expect(isSharedPhone()).toBe(true);
  });

  it('a check user’s sign-out (退出, idle) removes their draft and the tab’s record of them; the phone stays shared', () => {
    claimDeviceData(ADMIN);
    claimDeviceData(CHECK_1);
    phoneInUse();
    setToken('token-of-check');
    setSessionOwner(CHECK_1);
    wipePersonalData(CHECK_1);
    expect(checkDraftKept()).toBe(false);
    expect(localStorage.getItem(draftKey(ADMIN))).not.toBeNull();
    expect(keys(sessionStorage)).toEqual([KEPT_SESSION_KEYS.oauthNonces]);
    expect(isSharedPhone()).toBe(true);
  });

  it('a check user’s sign-out on a person’s own phone keeps it their own', () => {
    claimDeviceData(CHECK_1);
    wipePersonalData(CHECK_1);
    claimDeviceData(CHECK_1);
    expect(isSharedPhone()).toBe(false);
  });
});

describe('work on the phone (the login page)', () => {
  it('counts each staff account’s unsent entries, and the entries and drafts nobody owns', () => {
    phoneInUse();
    const work = workOnPhone();
    expect([...work.unsentByAccount]).toEqual([
      ['admin', 1],
      ['worker', 1],
    ]);
    expect(work.ownerless).toBe(2);
  });

  it('counts no sent or removed entry: what remains of them names no one and waits for nothing', () => {
    const settledAt = new Date().toISOString();
    localStorage.setItem(
      OFFLINE_QUEUE_KEY,
      JSON.stringify([
        { ...storedQueueEntry({ id: 'sent-1', status: 'sent', owner: ADMIN }), settledAt },
        { ...storedQueueEntry({ id: 'removed-1', status: 'removed', owner: ADMIN }), settledAt },
        storedQueueEntry({ id: 'stale-1', status: 'stale', owner: ADMIN }),
      ]),
    );
    expect([...workOnPhone().unsentByAccount]).toEqual([['admin', 1]]);
  });

  it('removes only what nobody owns', () => {
    phoneInUse();
    removeOwnerlessWork();
    expect(queuedIds()).toEqual(['admin-1', 'admin-2', 'worker-1']);
    expect(localStorage.getItem('draft:registration:work')).toBeNull();
    expect(localStorage.getItem(draftKey(ADMIN))).not.toBeNull();
    expect(localStorage.getItem(draftKey(CHECK_1))).not.toBeNull();
    expect(workOnPhone().ownerless).toBe(0);
  });

  it.each([null, 'not json', '{}'])('reads a queue stored as %j as empty', (stored) => {
    if (stored !== null) localStorage.setItem(OFFLINE_QUEUE_KEY, stored);
    expect(workOnPhone()).toEqual({ unsentByAccount: new Map(), ownerless: 0 });
  });
});
