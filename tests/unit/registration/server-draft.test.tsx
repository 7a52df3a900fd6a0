import { act, screen, waitFor, within } from '@testing-library/react';
import { getResponse, http, HttpResponse } from 'msw';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addRegistration, getRegistrationDetail } from '@/api/registration';
import { config } from '@/config/env';
import { paths, withQuery } from '@/config/paths';
import { registrationDraftStore } from '@/features/registration/registration-draft-store';
import { useServerDraft } from '@/features/registration/use-server-draft';
import { defaultDb } from '@/mocks/db';
import { handlers } from '@/mocks/handlers';
import { formatIdCardGroups } from '@/lib/id-card';
import { makeIdCard } from '@/mocks/id-card-generator';
import { server } from '../../msw-server';
import { signInForTest, storedTestDraft, storeTestDraft, TEST_OWNERS } from '../support/render-route';
import { renderQueryHook } from '../support/query-wrapper';
import { recordRequests } from '../support/request-log';
import { closeOverlays, fill, NEW_ID_CARD, openPage, SPARE_TUBE, textbox } from './helpers';

vi.setConfig({ testTimeout: 30_000 });
afterEach(closeOverlays);

/** The server's debounce is 1.5 s: a save is awaited with room to spare. */

type User = Awaited<ReturnType<typeof openPage>>['user'];

async function typePerson(user: User, name = '王小明', idCard = NEW_ID_CARD) {
  await fill(user, await screen.findByRole('textbox', { name: '姓名' }), name);
  await fill(user, textbox('身份证号'), idCard);
}

/** Lets time pass with the page live (the ID-card lookup answers meanwhile). */
function restFor(ms: number) {
  return act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

/** Holds the server's answers to ScreeningRegister/Add until the returned function is called. */
function holdSaves(): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post('*/api/v1/ScreeningRegister/Add', async () => {
      await held;
      return undefined; // on to the demo backend
    }),
  );
  return () => release();
}

function recordsOf(idCard: string) {
  return defaultDb.state.registrations.filter((record) => record.idCard === idCard);
}

async function confirmSubmit(user: User) {
  await user.click(screen.getByRole('button', { name: '提交并绑定' }));
  const dialog = await screen.findByRole('dialog', { name: '请确认登记信息' });
  await user.click(within(dialog).getByRole('button', { name: '确认提交' }));
}

/** An unfinished registration saved on the server by this account (Add answers its id). */
async function savedDraft(name: string, idCard: string) {
  const id = await addRegistration({ name, idCard, phone: '' });
  if (!id) throw new Error('the demo answers Add with the id');
  return getRegistrationDetail({ id });
}

describe('信息录入 by default: Add only on an explicit action (staff)', () => {
  it('sends nothing while staff type; 暂存 saves it, says so, and the submit sends that same record', async () => {
    const requests = recordRequests();
    const { user, router } = await openPage(paths.infoEnter);
    await fill(user, await screen.findByRole('textbox', { name: '姓名' }), '王小明');
    expect(screen.getByText('填好姓名和身份证号后，可「暂存」到服务器')).toHaveAttribute('role', 'status');
    await fill(user, textbox('身份证号'), NEW_ID_CARD);
    expect(
      await screen.findByText('点「暂存」保存到服务器，换一部手机登录也能在首页「待提交登记」继续填写'),
    ).toBeInTheDocument();
    await restFor(2500); // past the pause a save while typing would wait for
    expect(requests.count('/ScreeningRegister/Add')).toBe(0);

    await user.click(screen.getByRole('button', { name: '暂存' }));
    expect(
      await screen.findByText(/保存到服务器，换一部手机登录也能在首页「待提交登记」继续填写/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '暂存' })).toBeNull();
    const [added] = await requests.bodies('/ScreeningRegister/Add');
    expect(added).toMatchObject({ name: '王小明', idCard: NEW_ID_CARD, phone: '' });
    const [draft] = recordsOf(NEW_ID_CARD);
    await waitFor(() =>
      expect(storedTestDraft()).toMatchObject({ server: { registrationId: draft.id, status: 'draft' } }),
    );

    await fill(user, textbox('联系电话'), '13800138000');
    await fill(user, textbox('采样管编码'), SPARE_TUBE);
    expect(await screen.findByText('可以绑定')).toBeInTheDocument();
    await confirmSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    expect(await requests.bodies('/ScreeningRegister/Submit')).toEqual([
      expect.objectContaining({ id: draft.id }),
    ]);
    expect(requests.count('/ScreeningRegister/Add')).toBe(1);
    expect(recordsOf(NEW_ID_CARD)).toHaveLength(1);
  });

  it('saves what is unfinished when the page is left', async () => {
    const requests = recordRequests();
    const first = await openPage(paths.infoEnter);
    await typePerson(first.user);
    await restFor(500);
    expect(requests.count('/ScreeningRegister/Add')).toBe(0);
    first.unmount();
    await waitFor(() => expect(recordsOf(NEW_ID_CARD)).toHaveLength(1));
    expect(requests.count('/ScreeningRegister/Add')).toBe(1);
  });

  it('a 暂存 that fails says why and offers 暂存 again; the form keeps everything', async () => {
    server.use(http.post('*/api/v1/ScreeningRegister/Add', () => HttpResponse.error()));
    const { user } = await openPage(paths.infoEnter);
    await typePerson(user);
    await user.click(await screen.findByRole('button', { name: '暂存' }));
    expect(
      await screen.findByText('未能保存到服务器（后端接口连接异常），内容已保存在本机，可稍后再点「暂存」'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '暂存' })).toBeEnabled();
    expect(textbox('姓名')).toHaveValue('王小明');
    await waitFor(() =>
      expect(storedTestDraft()).toMatchObject({ form: { name: '王小明', idCard: NEW_ID_CARD } }),
    );
  });

  it('a server that answers Add without the id: the draft is found by its ID card', async () => {
    server.use(
      http.post('*/api/v1/ScreeningRegister/Add', async ({ request }) => {
        const answered = await getResponse(handlers, request);
        if (!answered) return undefined;
        const body = (await answered.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...body, responseData: null });
      }),
    );
    const requests = recordRequests();
    const { user } = await openPage(paths.infoEnter);
    await typePerson(user);
    await user.click(await screen.findByRole('button', { name: '暂存' }));
    const [draft] = await waitFor(() => {
      const found = recordsOf(NEW_ID_CARD);
      expect(found).toHaveLength(1);
      return found;
    });
    await waitFor(() =>
      expect(storedTestDraft()).toMatchObject({ server: { registrationId: draft.id, status: 'draft' } }),
    );
    expect(await requests.bodies('/ScreeningRegister/Search')).toContainEqual(
      expect.objectContaining({ searchType: 'idCard', keyword: NEW_ID_CARD }),
    );
  });
});

describe('信息录入 saves unfinished work to the server while staff type (switch saveDraftWhileTyping)', () => {
  beforeEach(() => {
    config.assumptions.saveDraftWhileTyping = true;
  });
  afterEach(() => {
    config.assumptions.saveDraftWhileTyping = false;
  });

  it('saves once name and ID card are valid (no phone yet), says so, and the submit sends that same record', async () => {
    const requests = recordRequests();
    const { user, router } = await openPage(paths.infoEnter);
    await fill(user, await screen.findByRole('textbox', { name: '姓名' }), '王小明');
    expect(screen.getByText('填好姓名和身份证号后，会自动保存到服务器')).toHaveAttribute('role', 'status');
    await fill(user, textbox('身份证号'), NEW_ID_CARD);

    expect(
      await screen.findByText(/保存到服务器，换一部手机登录也能在首页「待提交登记」继续填写/),
    ).toBeInTheDocument();
    const [added] = await requests.bodies('/ScreeningRegister/Add');
    expect(added).toMatchObject({ name: '王小明', idCard: NEW_ID_CARD, phone: '' });
    expect(added).not.toHaveProperty('id');
    const [draft] = recordsOf(NEW_ID_CARD);
    expect(draft).toMatchObject({ status: 'draft', phone: '' });
    await waitFor(() =>
      expect(storedTestDraft()).toMatchObject({ server: { registrationId: draft.id, status: 'draft' } }),
    );

    // A change saves again, to the same record.
    await fill(user, textbox('联系电话'), '13800138000');
    await waitFor(() => expect(requests.count('/ScreeningRegister/Add')).toBe(2));
    const bodies = await requests.bodies('/ScreeningRegister/Add');
    expect(bodies[1]).toMatchObject({ id: draft.id, phone: '13800138000' });

    await fill(user, textbox('采样管编码'), SPARE_TUBE);
    expect(await screen.findByText('可以绑定')).toBeInTheDocument();
    await confirmSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    const [submitted] = await requests.bodies('/ScreeningRegister/Submit');
    expect(submitted).toMatchObject({ id: draft.id });
    expect(recordsOf(NEW_ID_CARD)).toEqual([expect.objectContaining({ id: draft.id, status: 'submitted' })]);
    expect(requests.count('/ScreeningRegister/Add')).toBe(2);
  });

  it('a submit tap while the first save is on its way waits for it: one record, never two', async () => {
    const release = holdSaves();
    const requests = recordRequests();
    const { user, router } = await openPage(paths.infoEnter);
    await typePerson(user);
    await fill(user, textbox('联系电话'), '13800138000');
    await fill(user, textbox('采样管编码'), SPARE_TUBE);
    await waitFor(() => expect(requests.count('/ScreeningRegister/Add')).toBe(1));
    await confirmSubmit(user);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    const [added] = recordsOf(NEW_ID_CARD);
    expect(await requests.bodies('/ScreeningRegister/Submit')).toEqual([
      expect.objectContaining({ id: added.id }),
    ]);
    expect(recordsOf(NEW_ID_CARD)).toHaveLength(1);
  });

  it('saves at once when the page is left, without waiting for the pause', async () => {
    const requests = recordRequests();
    const first = await openPage(paths.infoEnter);
    await typePerson(first.user);
    first.unmount();
    await waitFor(() => expect(recordsOf(NEW_ID_CARD)).toHaveLength(1));
    expect(requests.count('/ScreeningRegister/Add')).toBe(1);
    await waitFor(() =>
      expect(storedTestDraft()).toMatchObject({ server: { registrationId: recordsOf(NEW_ID_CARD)[0].id } }),
    );
  });

  it('a save answered after the page was left does not bring back what 清空 emptied on the page opened again', async () => {
    const release = holdSaves();
    const requests = recordRequests();
    const first = await openPage(paths.infoEnter);
    await typePerson(first.user);
    first.unmount(); // saves at once, and the answer is slow
    await waitFor(() => expect(requests.count('/ScreeningRegister/Add')).toBe(1));

    const again = await openPage(paths.infoEnter);
    expect(await screen.findByRole('textbox', { name: '姓名' })).toHaveValue('王小明');
    await again.user.click(screen.getByRole('button', { name: '清空' }));
    expect(storedTestDraft()).toBeNull();

    release();
    await waitFor(() => expect(recordsOf(NEW_ID_CARD)).toHaveLength(1));
    await restFor(400); // past the draft's debounce
    expect(storedTestDraft()).toBeNull();
    expect(textbox('姓名')).toHaveValue('');
  });

  it('a save that fails is named under the form, without a toast, and the form keeps everything', async () => {
    server.use(http.post('*/api/v1/ScreeningRegister/Add', () => HttpResponse.error()));
    const { user } = await openPage(paths.infoEnter);
    await typePerson(user);
    expect(
      await screen.findByText('未能保存到服务器（后端接口连接异常），内容已保存在本机，稍后会再试'),
    ).toBeInTheDocument();
    expect(screen.queryByText('后端接口连接异常')).toBeNull();
    expect(textbox('姓名')).toHaveValue('王小明');
    expect(storedTestDraft()).toMatchObject({ form: { name: '王小明', idCard: NEW_ID_CARD } });
  });

  it('does not save a person whose ID card is registered already (the form offers that registration)', async () => {
    const requests = recordRequests();
    const registered = defaultDb.state.registrations.find((record) => record.status === 'submitted');
    const { user } = await openPage(paths.infoEnter);
    await typePerson(user, '王小明', registered?.idCard);
    expect(await screen.findByText('该身份证号已登记，不需要重复登记。')).toBeInTheDocument();
    await restFor(2000);
    expect(requests.count('/ScreeningRegister/Add')).toBe(0);
  });

  it('the check user’s own form stays on the phone only', async () => {
    const requests = recordRequests();
    const { user } = await openPage(paths.checkUserInfoEnter, 'check');
    await typePerson(user, '王小明', makeIdCard('110105', '1962-03-03', 5, '1'));
    await restFor(2000);
    expect(requests.count('/ScreeningRegister/Add')).toBe(0);
    expect(screen.queryByText(/保存到服务器/)).toBeNull();
  });
});

describe('信息录入 继续填写 a registration saved on the server', () => {
  async function serverDraft(name = '赵建华') {
    const idCard = makeIdCard('110105', '1961-05-05', 9, '1');
    await signInForTest('work');
    return savedDraft(name, idCard);
  }

  it('loads it into the form, drops the id from the address, and submits that record', async () => {
    const draft = await serverDraft();
    const requests = recordRequests();
    const { user, router } = await openPage(withQuery(paths.infoEnter, { draft: draft.id }));
    await waitFor(() => expect(textbox('姓名')).toHaveValue('赵建华'));
    expect(textbox('身份证号')).toHaveValue(formatIdCardGroups(draft.idCard));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await fill(user, textbox('联系电话'), '13800138000');
    await fill(user, textbox('采样管编码'), SPARE_TUBE);
    expect(await screen.findByText('可以绑定')).toBeInTheDocument();
    await confirmSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    expect(await requests.bodies('/ScreeningRegister/Submit')).toEqual([
      expect.objectContaining({ id: draft.id, phone: '13800138000' }),
    ]);
    expect(recordsOf(draft.idCard)).toHaveLength(1);
  });

  it('asks before replacing what the phone holds and the server does not; 保留本机内容 keeps it', async () => {
    const draft = await serverDraft();
    storeTestDraft({ name: '钱小梅', idCard: '1101' });
    const { user, router } = await openPage(withQuery(paths.infoEnter, { draft: draft.id }));
    const dialog = await screen.findByRole('dialog', { name: '替换本机未保存的登记？' });
    expect(dialog).toHaveTextContent('本机还有一份没有保存到服务器的登记（钱小梅）');
    await user.click(within(dialog).getByRole('button', { name: '保留本机内容' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(textbox('姓名')).toHaveValue('钱小梅');
    expect(textbox('身份证号')).toHaveValue('1101');
  });

  it('typing a person this account has a saved draft of continues that record, not a second one', async () => {
    await signInForTest('work');
    const draft = await savedDraft('王小明', NEW_ID_CARD);
    const requests = recordRequests();
    const { user, router } = await openPage(paths.infoEnter);
    await typePerson(user);
    await fill(user, textbox('联系电话'), '13800138000');
    await fill(user, textbox('采样管编码'), SPARE_TUBE);
    expect(await screen.findByText('可以绑定')).toBeInTheDocument();
    await waitFor(() => expect(storedTestDraft()).toMatchObject({ server: { registrationId: draft.id } }));
    expect(screen.queryByText('该身份证号已登记，不需要重复登记。')).toBeNull();
    await confirmSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    expect(await requests.bodies('/ScreeningRegister/Submit')).toEqual([
      expect.objectContaining({ id: draft.id }),
    ]);
    expect(recordsOf(NEW_ID_CARD)).toHaveLength(1);
  });

  it('a registration submitted in the meantime opens its detail instead', async () => {
    const draft = await serverDraft();
    defaultDb.mutate((state) => {
      const stored = state.registrations.find((record) => record.id === draft.id);
      if (stored) stored.status = 'submitted';
    });
    const { router } = await openPage(withQuery(paths.infoEnter, { draft: draft.id }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoDetail));
    expect(router.state.location.search).toBe(`?id=${draft.id}`);
    expect(await screen.findByText('这条登记已经提交，不需要继续填写')).toBeInTheDocument();
  });
});

describe('useServerDraft after a failed save, while staff type (switch saveDraftWhileTyping)', () => {
  beforeEach(() => {
    config.assumptions.saveDraftWhileTyping = true;
  });
  afterEach(() => {
    config.assumptions.saveDraftWhileTyping = false;
    vi.useRealTimers();
  });

  it('tries the same fields again by itself after 15 s (no network for a while)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    server.use(http.post('*/api/v1/ScreeningRegister/Add', () => (fail ? HttpResponse.error() : undefined)));
    await signInForTest('work');
    const requests = recordRequests();
    const store = registrationDraftStore(TEST_OWNERS.work);
    store.editForm({ name: '王小明', idCard: NEW_ID_CARD });
    const { result } = renderQueryHook(() =>
      useServerDraft(store, useSyncExternalStore(store.subscribe, store.getState), true),
    );

    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(result.current.status.kind).toBe('failed'));
    expect(requests.count('/ScreeningRegister/Add')).toBe(1);

    fail = false;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(requests.count('/ScreeningRegister/Add')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    await waitFor(() => expect(result.current.status.kind).toBe('saved'));
    expect(requests.count('/ScreeningRegister/Add')).toBe(2);
    expect(store.getState().server.status).toBe('draft');
    expect(store.getState().server.registrationId).toMatch(/^\d+$/);
  });
});
