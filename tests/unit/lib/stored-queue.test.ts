import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/config/env';
import { OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import { readStoredQueue } from '@/lib/stored-queue';

const VALID = {
  id: 'a1',
  owner: { audience: 'work', account: 'admin' },
  createdAt: new Date().toISOString(),
  registrationInput: { name: '王小明', idCard: '110105196601010071', phone: '13800138000' },
  tubeCode: 'CT2026110001',
  collectedAt: '2026-01-01T08:00:00+08:00',
  status: 'pending',
  attempts: 0,
};

function store(value: unknown): void {
  localStorage.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(value));
}

afterEach(() => localStorage.clear());

describe('the offline queue as stored (one reading for the queue and device-data)', () => {
  it('reads valid entries as they are', () => {
    store([VALID]);
    expect(readStoredQueue()).toEqual([VALID]);
  });

  it.each<[string, unknown]>([
    ['a number for the tube code', { ...VALID, tubeCode: 42 }],
    ['no ID card', { ...VALID, registrationInput: { name: '王小明' } }],
    ['an unknown status', { ...VALID, status: 'done' }],
    ['text for the attempts', { ...VALID, attempts: '1' }],
    ['a number for the last error', { ...VALID, lastError: 5 }],
    ['not an object', 'CT2026110001'],
  ])('drops an entry with %s, keeps the others, and says so on the console', (_, invalid) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    store([invalid, VALID]);
    expect(readStoredQueue()).toEqual([VALID]);
    expect(warn).toHaveBeenCalledExactlyOnceWith('待发送队列中有 1 条记录格式不正确，已忽略');
  });

  it('reads an unreadable list as empty, with a console line', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(OFFLINE_QUEUE_KEY, '[{');
    expect(readStoredQueue()).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('what the queue keeps, and for how long (settleQueue: every reading and change)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const CONFIRM_AFTER = config.queueConfirmAfterMs;
  const QUEUED_AT = Date.parse('2026-03-02T09:00:00+08:00');
  const entry = (fields: Record<string, unknown>) => ({
    ...VALID,
    createdAt: new Date(QUEUED_AT).toISOString(),
    ...fields,
  });
  /** The stored list read `days` after the entries were queued, on the faked clock. */
  function readAfter(days: number, ...entries: unknown[]) {
    store(entries);
    vi.setSystemTime(QUEUED_AT + days * DAY);
    return readStoredQueue();
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks after 7 days by default (VITE_QUEUE_CONFIRM_DAYS)', () => {
    expect(CONFIRM_AFTER).toBe(7 * DAY);
  });

  it('keeps no name, ID number or phone of a sent entry, in storage too, and forgets it a week after', () => {
    const sent = entry({
      status: 'sent',
      settledAt: new Date(QUEUED_AT).toISOString(),
      resultRegistrationId: '9',
    });
    const [read] = readAfter(0, sent)!;
    expect(read).not.toHaveProperty('registrationInput');
    expect(read).toMatchObject({ status: 'sent', tubeCode: VALID.tubeCode, resultRegistrationId: '9' });
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).not.toContain(VALID.registrationInput.idCard);
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).not.toContain(VALID.registrationInput.name);
    expect(readAfter(8, sent)).toEqual([]);
  });

  it('a pending entry unsent for 7 days asks its owner (stale: not sent on its own), for 14 days is removed', () => {
    const waiting = entry({ waitingFor: 'network', nextAttemptAt: new Date(QUEUED_AT + DAY).toISOString() });
    expect(readAfter(6.9, waiting)).toEqual([waiting]);
    const [stale] = readAfter(7, waiting)!;
    expect(stale).toEqual({ ...entry({}), status: 'stale' });
    expect(JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY)!)).toEqual([stale]);

    const [removed] = readAfter(14, stale)!;
    expect(removed).toEqual({
      id: VALID.id,
      owner: VALID.owner,
      createdAt: new Date(QUEUED_AT).toISOString(),
      tubeCode: VALID.tubeCode,
      collectedAt: VALID.collectedAt,
      attempts: 0,
      status: 'removed',
      settledAt: new Date(QUEUED_AT + 14 * DAY).toISOString(),
    });
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).not.toContain(VALID.registrationInput.idCard);
    // The line that says so stays for a week, then goes too.
    expect(readAfter(21, removed)).toEqual([removed]);
    expect(readAfter(21.1, removed)).toEqual([]);
  });

  it('a failed entry already asks: it stays failed, and is removed after 14 days as well', () => {
    const failed = entry({ status: 'failed', lastError: '绑定采样管失败' });
    expect(readAfter(10, failed)).toEqual([failed]);
    expect(readAfter(14, failed)).toMatchObject([{ status: 'removed' }]);
  });

  it('counts from the last time a person chose to send it (重新发送)', () => {
    const resent = entry({ keptSince: new Date(QUEUED_AT + 10 * DAY).toISOString() });
    expect(readAfter(16, resent)).toEqual([resent]);
    expect(readAfter(17, resent)).toMatchObject([{ status: 'stale' }]);
  });

  it('drops an unsent entry stored without its registration', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { registrationInput: _person, ...bare } = VALID;
    expect(readAfter(0, bare, VALID)).toEqual([entry({ createdAt: VALID.createdAt })]);
    expect(warn).toHaveBeenCalledExactlyOnceWith('待发送队列中有 1 条记录格式不正确，已忽略');
  });
});
