import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_QUEUE_KEY } from '@/config/storage-keys';
import { readStoredQueue } from '@/lib/stored-queue';

const VALID = {
  id: 'a1',
  owner: { audience: 'work', account: 'admin' },
  createdAt: '2026-01-01T09:00:00+08:00',
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
