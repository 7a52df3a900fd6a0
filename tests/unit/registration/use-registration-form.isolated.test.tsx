import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserAudience } from '@/config/audience';
import { paths } from '@/config/paths';
import { getQueueSnapshot, reloadQueueFromStorage } from '@/features/offline-queue/queue-store';
import { registrationDraftStore } from '@/features/registration/registration-draft-store';
import { useRegistrationForm, type SubmitPhase } from '@/features/registration/use-registration-form';
import { API_STATUS } from '@/types/api';
import { server } from '../../msw-server';
import { signInForTest, TEST_OWNERS } from '../support/render-route';
import { recordRequests } from '../support/request-log';
import { closeOverlays, NEW_ID_CARD, seededRegistration, SPARE_TUBE } from './helpers';

// Its own worker (*.isolated.test.*), though it replaces no module: in a shared worker it was twice the
// file that a dialog left behind by another file's failure (antd-mobile's closing animation never ending
// in jsdom) made wait out every test, which failed a whole CI run.
vi.setConfig({ testTimeout: 20_000 });
afterEach(closeOverlays);

const AT = new Date(Date.now() - 60 * 60 * 1000).toISOString();
const PERSON = { name: '王小明', idCard: NEW_ID_CARD, phone: '13800138000', tubeCode: SPARE_TUBE };

/**
 * The hook alone, in a router at /infoEnter, with the draft store of the test account holding `person`.
 * Every phase it renders is recorded in order; `where()` is the address it navigated to.
 */
function renderSubmit(person: Partial<typeof PERSON> = {}, audience: UserAudience = 'work') {
  const store = registrationDraftStore(TEST_OWNERS[audience]);
  store.editForm({ ...PERSON, collectedAt: AT, ...person });
  const phases: SubmitPhase[] = [];
  let location = '';
  const result = { current: null as unknown as ReturnType<typeof useRegistrationForm> };
  function Probe() {
    const form = useRegistrationForm(audience);
    const here = useLocation();
    location = here.pathname + here.search;
    result.current = form;
    if (phases.at(-1) !== form.phase) phases.push(form.phase);
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
    initialEntries: [paths.infoEnter],
  });
  render(<RouterProvider router={router} />);
  return { store, phases, result, where: () => location };
}

/** Holds the demo backend's answers to `path` until the returned function is called. */
function hold(path: string): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(`*${path}`, async () => {
      await held;
      return undefined; // on to the demo backend
    }),
  );
  return () => release();
}

async function answer(dialogName: string, button: string) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await userEvent
    .setup({ pointerEventsCheck: 0 })
    .click(within(dialog).getByRole('button', { name: button }));
}

beforeEach(async () => {
  // The queue's module store outlives a test (an entry queued by one would hold its tube for the next).
  reloadQueueFromStorage();
  await signInForTest('work');
});

describe('useRegistrationForm: the submit flow alone, by its named phases', () => {
  it('confirming → saving → binding → done: registers, binds, empties the draft and opens 绑定成功', async () => {
    const requests = recordRequests();
    const releaseSubmit = hold('/api/v1/ScreeningRegister/Submit');
    const releaseBind = hold('/api/v1/Sampling/BindSamplingTube');
    const { store, result, where } = renderSubmit();
    let finished: Promise<void> = Promise.resolve();
    act(() => {
      finished = result.current.submit();
    });
    await waitFor(() => expect(result.current.phase).toBe('confirming'));
    await answer('请确认登记信息', '确认提交');
    await waitFor(() => expect(result.current.phase).toBe('saving'));
    releaseSubmit();
    await waitFor(() => expect(result.current.phase).toBe('binding'));
    expect(store.getState().server).toMatchObject({ status: 'submitted' });
    releaseBind();
    await act(() => finished);

    expect(result.current.phase).toBe('done');
    expect(where()).toMatch(new RegExp(`^${paths.bindSuccess}\\?id=\\d+$`));
    expect(await requests.bodies('/Sampling/BindSamplingTube')).toEqual([
      expect.objectContaining({ tubeCode: SPARE_TUBE, collectedAt: AT }),
    ]);
    expect(store.getState().form.name).toBe('');
  });

  it('sends nothing when a field must be fixed', async () => {
    const requests = recordRequests();
    const { phases, result } = renderSubmit({ name: '' });
    await act(() => result.current.submit());
    expect(phases).toEqual(['idle']);
    expect(requests.count('/ScreeningRegister/Submit')).toBe(0);
  });

  it('checking: waits on the button for an ID-card lookup still under way; a registered one is offered, nothing sent', async () => {
    const requests = recordRequests();
    const existing = seededRegistration((registration) => registration.status !== 'draft');
    const releaseLookup = hold('/api/v1/ScreeningRegister/Search');
    const { phases, result } = renderSubmit({ idCard: existing.idCard });
    let finished: Promise<void> = Promise.resolve();
    act(() => {
      finished = result.current.submit();
    });
    await waitFor(() => expect(result.current.phase).toBe('checking'));
    releaseLookup();
    await answer('该身份证号已登记', '取消');
    await act(() => finished);
    expect(phases).toEqual(['idle', 'checking', 'confirming', 'idle']);
    expect(requests.count('/ScreeningRegister/Submit')).toBe(0);
  });

  it('a second tap while the first submit runs sends nothing more', async () => {
    const requests = recordRequests();
    const { result } = renderSubmit();
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.submit();
      void result.current.submit();
    });
    await answer('请确认登记信息', '确认提交');
    await act(() => first);
    expect(requests.count('/ScreeningRegister/Submit')).toBe(1);
  });

  it('offline: without network, staff are offered the queue; accepted, the work is queued and the form starts afresh', async () => {
    server.use(http.post('*/api/v1/ScreeningRegister/Submit', () => HttpResponse.error()));
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { store, result } = renderSubmit();
    let finished: Promise<void> = Promise.resolve();
    act(() => {
      finished = result.current.submit();
    });
    await answer('请确认登记信息', '确认提交');
    await waitFor(() => expect(result.current.phase).toBe('offline'));
    await answer('网络不可用', '保存到待发送队列');
    await act(() => finished);

    expect(result.current.phase).toBe('idle');
    expect(getQueueSnapshot().entries).toEqual([
      expect.objectContaining({ tubeCode: SPARE_TUBE, collectedAt: AT, status: 'pending' }),
    ]);
    // The form starts afresh for the next person, at the top.
    expect(scrolled).toHaveBeenCalledExactlyOnceWith({ top: 0 });
    expect(store.getState().form.name).toBe('');
  });

  it('a refused tube code goes back to its field; the draft keeps the submitted registration', async () => {
    server.use(
      http.post('*/api/v1/Sampling/BindSamplingTube', () =>
        HttpResponse.json({
          statusCode: API_STATUS.tubeAlreadyBound,
          responseMessage: '该采样管已绑定其他受检者',
          responseData: null,
        }),
      ),
    );
    const { store, result, where } = renderSubmit();
    let finished: Promise<void> = Promise.resolve();
    act(() => {
      finished = result.current.submit();
    });
    await answer('请确认登记信息', '确认提交');
    await act(() => finished);
    expect(result.current.tube.tubeServerProblem).toBe('该采样管已绑定其他受检者');
    expect(where()).toBe(paths.infoEnter);
    expect(store.getState()).toMatchObject({ form: PERSON, server: { status: 'submitted' } });
  });

  it('a check user whose binding is refused reads why on the page (staff go to /bindErr)', async () => {
    await signInForTest('check');
    server.use(
      http.post('*/api/v1/Sampling/BindSamplingTube', () =>
        HttpResponse.json({
          statusCode: API_STATUS.registrationHasTube,
          responseMessage: '已有采样管',
          responseData: null,
        }),
      ),
    );
    const { result } = renderSubmit({}, 'check');
    let finished: Promise<void> = Promise.resolve();
    act(() => {
      finished = result.current.submit();
    });
    await answer('请确认登记信息', '确认提交');
    await act(() => finished);
    expect(result.current.pageError).toBe(
      '这条登记已经绑定了采样管，不能再绑定新的采样管。如需更换，请先在信息查询中解绑原采样管。（已有采样管）',
    );
  });
});
