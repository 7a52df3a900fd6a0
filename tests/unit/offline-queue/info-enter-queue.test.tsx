import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { getQueueSnapshot, QUEUE_STORAGE_KEY, type QueueEntry } from '@/features/offline-queue/queue-store';
import { server } from '../../msw-server';
import { closeOverlays, fill, NEW_ID_CARD, openPage, SPARE_TUBE, textbox } from '../registration/helpers';
import { renderRoute } from '../support/render-route';
import { recordRequests } from '../support/request-log';
import { resetQueue } from './helpers';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(resetQueue);
afterEach(closeOverlays);

type User = Awaited<ReturnType<typeof openPage>>['user'];

async function fillRequired(user: User) {
  await fill(user, await screen.findByRole('textbox', { name: '姓名' }), '王小明');
  await fill(user, textbox('身份证号'), NEW_ID_CARD);
  await fill(user, textbox('联系电话'), '13800138000');
  await fill(user, textbox('采样管编码'), SPARE_TUBE);
}

async function submitAndConfirm(user: User, button = '提交并绑定') {
  await user.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: '请确认登记信息' });
  await user.click(within(dialog).getByRole('button', { name: '确认提交' }));
}

function stored(): readonly QueueEntry[] {
  return getQueueSnapshot().entries;
}

/** 信息录入 left and opened again: what the form shows then. */
async function reopenForm(unmount: () => void) {
  unmount();
  renderRoute(paths.infoEnter, { session: 'work' });
  return screen.findByRole('textbox', { name: '姓名' });
}

describe('信息录入 without network (staff)', () => {
  it('offers the queue; accepted, it queues the registration and starts a fresh form', async () => {
    server.use(http.post('*/api/v1/ScreeningRegister/Submit', () => HttpResponse.error()));
    const sent = recordRequests();
    const { user, router, unmount } = await openPage(paths.infoEnter);
    await fillRequired(user);
    await submitAndConfirm(user);

    const offer = await screen.findByRole('dialog', { name: '网络不可用' });
    expect(within(offer).getByText('后端接口连接异常')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: '保存到待发送队列' }));

    expect(
      await screen.findByText('网络不可用，已保存到待发送队列，恢复网络后将自动提交'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.infoEnter);
    await waitFor(() => expect(textbox('姓名')).toHaveValue(''));
    expect(textbox('身份证号')).toHaveValue('');
    expect(textbox('采样管编码')).toHaveValue('');
    // Nor does anything of the queued person come back when the form is opened again.
    expect(await reopenForm(unmount)).toHaveValue('');
    expect(textbox('身份证号')).toHaveValue('');
    expect(textbox('采样管编码')).toHaveValue('');
    expect(stored()).toEqual([
      expect.objectContaining({
        status: 'pending',
        tubeCode: SPARE_TUBE,
        registrationInput: expect.objectContaining({
          name: '王小明',
          idCard: NEW_ID_CARD,
          phone: '13800138000',
        }) as unknown,
      }),
    ]);
    expect(stored()[0].registrationId).toBeUndefined();
    expect(sent.count('/Sampling/BindSamplingTube')).toBe(0);
    // On a slow machine the queue's own timed retry may be on its way by now (the line says 正在发送…):
    // once it fails too, the line names the reason again.
    expect(await screen.findByText('有 1 条登记待发送，网络不可用，恢复网络后自动重试')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '在首页查看' })).toHaveAttribute('href', paths.workUser);

    // The queued tube cannot be bound to the next person.
    await fill(user, textbox('采样管编码'), SPARE_TUBE);
    expect(
      await screen.findByText('该采样管已在待发送队列中，不能再绑定给其他人，请更换采样管'),
    ).toBeInTheDocument();
  });

  it('keeps the saved registration id when only the binding failed', async () => {
    server.use(http.post('*/api/v1/Sampling/BindSamplingTube', () => HttpResponse.error()));
    const { user } = await openPage(paths.infoEnter);
    await fillRequired(user);
    await submitAndConfirm(user);

    const offer = await screen.findByRole('dialog', { name: '网络不可用' });
    expect(within(offer).getByText(/登记信息已保存，采样管还没有绑定/)).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: '保存到待发送队列' }));

    await waitFor(() => expect(getQueueSnapshot().entries).toHaveLength(1));
    const [entry] = getQueueSnapshot().entries;
    expect(entry.registrationId).toMatch(/^\d+$/);
    expect(entry.registrationInput?.id).toBe(entry.registrationId);
  });

  it('declined, everything stays as typed, also when the form is opened again', async () => {
    server.use(http.post('*/api/v1/ScreeningRegister/Submit', () => HttpResponse.error()));
    const { user, unmount } = await openPage(paths.infoEnter);
    await fillRequired(user);
    await submitAndConfirm(user);
    await user.click(
      within(await screen.findByRole('dialog', { name: '网络不可用' })).getByRole('button', {
        name: '留在本页',
      }),
    );

    expect(textbox('姓名')).toHaveValue('王小明');
    expect(textbox('采样管编码')).toHaveValue(SPARE_TUBE);
    expect(getQueueSnapshot().entries).toHaveLength(0);
    expect(await reopenForm(unmount)).toHaveValue('王小明');
    expect(textbox('采样管编码')).toHaveValue(SPARE_TUBE);
  });

  // The retry policy's transient answers (lib/http/retry-policy.ts): the server decided nothing.
  it.each([
    ['503 with Retry-After', '/ScreeningRegister/Submit', 503, { 'Retry-After': '120' }, '系统接口503异常'],
    ['429', '/ScreeningRegister/Submit', 429, {}, '系统接口429异常'],
    ['504', '/Sampling/BindSamplingTube', 504, {}, '系统接口504异常'],
  ])(
    'a busy server (%s) offers the queue too, with the status as the reason; accepted, a fresh form',
    async (_, path, status, headers: Record<string, string>, reason) => {
      server.use(
        http.post(`*/api/v1${path}`, () => new HttpResponse('<html>busy</html>', { status, headers })),
      );
      const { user } = await openPage(paths.infoEnter);
      await fillRequired(user);
      const before = Date.now();
      await submitAndConfirm(user);

      const offer = await screen.findByRole('dialog', { name: '服务器暂时繁忙' });
      expect(within(offer).getByText(reason)).toBeInTheDocument();
      expect(within(offer).getByText(/稍后自动提交/)).toBeInTheDocument();
      await user.click(within(offer).getByRole('button', { name: '保存到待发送队列' }));

      expect(
        await screen.findByText('服务器暂时繁忙，已保存到待发送队列，稍后将自动提交'),
      ).toBeInTheDocument();
      await waitFor(() => expect(textbox('姓名')).toHaveValue(''));
      const [entry] = stored();
      expect(entry).toMatchObject({
        status: 'pending',
        waitingFor: 'server',
        lastError: reason,
        registrationInput: expect.objectContaining({ name: '王小明', idCard: NEW_ID_CARD }) as unknown,
      });
      // Not sent again before the server's Retry-After (without one, the queue may already have tried
      // again: its first backoff is up to 2 s).
      if (headers['Retry-After']) {
        expect(Date.parse(entry.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(before + 120_000);
        // The banner says what the queue waits for: the server, not the network (Retry-After 120 s
        // plus the backoff's jitter: 3 minutes, rounded up, until the first seconds have passed).
        expect(
          await screen.findByText(/^有 1 条登记待发送，服务器繁忙，约 [23] 分钟后自动重试$/),
        ).toBeInTheDocument();
      }
      // A failed Bind: the registration was saved, and the queue only binds it.
      expect(entry.registrationId !== undefined).toBe(path === '/Sampling/BindSamplingTube');
    },
  );

  it('does not offer the queue when the server answered (a refusal needs the user now)', async () => {
    server.use(
      http.post('*/api/v1/ScreeningRegister/Submit', () =>
        HttpResponse.json({ statusCode: 500, responseMessage: '服务器内部错误', responseData: null }),
      ),
    );
    const { user, router } = await openPage(paths.infoEnter);
    await fillRequired(user);
    await submitAndConfirm(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindErr));
    expect(screen.queryByRole('dialog', { name: '网络不可用' })).toBeNull();
    expect(getQueueSnapshot().entries).toHaveLength(0);
  });
});

describe('信息录入 without network (check users)', () => {
  it('keeps the old behaviour: a failure toast, the form kept, nothing queued', async () => {
    server.use(http.post('*/api/v1/ScreeningRegister/Submit', () => HttpResponse.error()));
    const { user, router } = await openPage(paths.checkUserInfoEnter, 'check');
    await fillRequired(user);
    await submitAndConfirm(user, '提交');

    expect(await screen.findByText('后端接口连接异常')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '网络不可用' })).toBeNull();
    expect(router.state.location.pathname).toBe(paths.checkUserInfoEnter);
    expect(textbox('姓名')).toHaveValue('王小明');
    expect(getQueueSnapshot().entries).toHaveLength(0);
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });
});
