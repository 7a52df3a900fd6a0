import { MutationObserver } from '@tanstack/react-query';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftSaveMutation, registrationDraftStore } from '@/features/registration/registration-draft-store';
import { queryClient } from '@/lib/query-client';
import { server } from '../../msw-server';
import { signInForTest, TEST_OWNERS, testDraftKey } from '../support/render-route';
import { recordRequests } from '../support/request-log';
import { NEW_ID_CARD } from './helpers';

const store = () => registrationDraftStore(TEST_OWNERS.work);
/** A save of the draft, as the form and the sign-out start one. */
const save = () => new MutationObserver(queryClient, draftSaveMutation(store())).mutate();

/** Holds the demo backend's first answer to ScreeningRegister/Add until the returned function is called. */
function holdAdd(): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(
      '*/api/v1/ScreeningRegister/Add',
      async () => {
        await held;
        return undefined; // on to the demo backend
      },
      { once: true },
    ),
  );
  return () => release();
}

afterEach(() => {
  vi.restoreAllMocks();
  // The store of an account lives as long as the module: what a test typed stays in its memory.
  store().clear();
});

describe('the registration draft store', () => {
  it('keeps nothing on the phone once the form is empty again', () => {
    store().editForm({ name: '王小明' });
    store().editForm({ name: '' });
    expect(localStorage.getItem(testDraftKey())).toBeNull();
  });

  it("sees another tab's change and tells its readers", () => {
    const listener = vi.fn();
    const unsubscribe = store().subscribe(listener);
    store().editForm({ name: '王小明' });
    listener.mockClear();
    localStorage.setItem(
      testDraftKey(),
      JSON.stringify({ savedAt: Date.now(), value: { form: { name: '李娜' }, server: {} } }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: testDraftKey() }));
    expect(listener).toHaveBeenCalled();
    expect(store().getState().form.name).toBe('李娜');
    unsubscribe();
  });

  it('keeps what is typed in memory when storage refuses to write (full, private browsing)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store().editForm({ name: '王小明' });
    store().editForm({ phone: '13800138000' });
    expect(store().getState().form).toMatchObject({ name: '王小明', phone: '13800138000' });
  });

  it('a save answering after the draft was emptied does not bring its id back', async () => {
    await signInForTest('work');
    const release = holdAdd();
    const requests = recordRequests();
    store().editForm({ name: '王小明', idCard: NEW_ID_CARD });
    const saving = save();
    await vi.waitFor(() => expect(requests.count('/ScreeningRegister/Add')).toBe(1));
    expect(queryClient.isMutating()).toBe(1);
    store().clear();
    release();
    await saving;
    expect(store().getState()).toMatchObject({ form: { name: '' }, server: {} });
    expect(localStorage.getItem(testDraftKey())).toBeNull();
  });

  it('saves one after another: a change saved while the first save is on its way updates that same record', async () => {
    await signInForTest('work');
    const release = holdAdd();
    const requests = recordRequests();
    store().editForm({ name: '王小明', idCard: NEW_ID_CARD });
    const first = save();
    await vi.waitFor(() => expect(requests.count('/ScreeningRegister/Add')).toBe(1));
    store().editForm({ phone: '13800138000' });
    const second = save();
    release();
    await Promise.all([first, second]);
    const [created, updated] = (await requests.bodies('/ScreeningRegister/Add')) as { id?: string }[];
    expect(created).not.toHaveProperty('id');
    expect(updated).toMatchObject({ phone: '13800138000' });
    expect(updated.id).toBe(store().getState().server.registrationId);
  });
});
