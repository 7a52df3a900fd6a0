import { validateIdCard } from '@/lib/id-card';
import { isValidPhone } from '@/lib/phone';
import { createDemoDb, DEMO_DB_STORAGE_KEY, type DemoStorage } from '@/mocks/db';
import { idCardCheckCharacter, makeIdCard } from '@/mocks/id-card-generator';
import { SPARE_TUBE_CODES } from '@/mocks/seed';
import { SAMPLING_TUBE_STATUS_FLOW } from '@/types/api';

function memoryStorage(): DemoStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('seed data', () => {
  test('the check character follows the spec weights (GB 11643 example)', () => {
    expect(idCardCheckCharacter('11010519491231002')).toBe('X');
    expect(makeIdCard('310104', '1962-03-15', 4, '2')).toMatch(/^31010419620315\d{2}[02468][\dX]$/);
  });

  test('36 registrations with valid, unique ID cards and phones', () => {
    const { state } = createDemoDb();
    expect(state.registrations).toHaveLength(36);
    const idCards = state.registrations.map((registration) => registration.idCard);
    expect(new Set(idCards).size).toBe(36);
    for (const registration of state.registrations) {
      expect(validateIdCard(registration.idCard), registration.name).toBeNull();
      expect(isValidPhone(registration.phone)).toBe(true);
      expect(Number(registration.idCard[16]) % 2 === 1 ? '1' : '2').toBe(registration.gender);
    }
  });

  test('tubes in every status, spare unbound tubes, both report results', () => {
    const { state } = createDemoDb();
    const statuses = new Set(state.tubes.map((tube) => tube.status));
    for (const status of SAMPLING_TUBE_STATUS_FLOW) expect(statuses).toContain(status);
    for (const code of SPARE_TUBE_CODES) {
      expect(state.tubes.find((tube) => tube.code === code)?.status).toBe('unbound');
    }
    expect(new Set(state.reports.map((report) => report.result))).toEqual(new Set(['negative', 'positive']));
    const positive = state.reports.find((report) => report.result === 'positive')!;
    expect(positive.advice).toMatch(/1 个月内.*结肠镜/);
    expect(positive.advice).toContain('消化内科');
    const reportedTubes = state.tubes.filter((tube) => tube.status === 'reported').map((tube) => tube.code);
    expect(state.reports.map((report) => report.tubeCode).sort()).toEqual(reportedTubes.sort());
  });
});

describe('demo store persistence', () => {
  test('memory only without storage', () => {
    const db = createDemoDb();
    db.mutate((state) => state.usedWeChatCodes.push('x'));
    expect(createDemoDb().state.usedWeChatCodes).toEqual([]);
  });

  test('with storage: every mutation is saved, a new store reloads it, reset restores the seed', () => {
    const storage = memoryStorage();
    const db = createDemoDb({ storage });
    db.mutate((state) => {
      state.registrations[0].address = '已修改的地址';
    });
    expect(storage.data.has(DEMO_DB_STORAGE_KEY)).toBe(true);
    const reloaded = createDemoDb({ storage });
    expect(reloaded.state.registrations[0].address).toBe('已修改的地址');
    reloaded.reset();
    expect(createDemoDb({ storage }).state.registrations[0].address).not.toBe('已修改的地址');
  });

  test('unreadable stored data falls back to the seed', () => {
    const storage = memoryStorage();
    storage.setItem(DEMO_DB_STORAGE_KEY, '{"version":0}');
    expect(createDemoDb({ storage }).state.registrations).toHaveLength(36);
    storage.setItem(DEMO_DB_STORAGE_KEY, 'not json');
    expect(createDemoDb({ storage }).state.registrations).toHaveLength(36);
  });
});
