import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import {
  enqueueBind,
  getQueueSnapshot,
  QUEUE_STORAGE_KEY,
  updateQueueEntry,
} from '@/features/offline-queue/queue-store';
import { setSessionOwner } from '@/lib/session';
import { submitRegistration } from '@/api/registration';
import { bindSamplingTube } from '@/api/sampling';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { renderRoute, signInForTest } from '../support/render-route';
import { closeOverlays, COLLECTED_AT, personInput, resetQueue, spareTube } from './helpers';

beforeEach(resetQueue);
// Entries are queued by the signed-in account, and shown to it.
beforeEach(async () => {
  await signInForTest('work');
});
afterEach(closeOverlays);
afterEach(() => {
  vi.useRealTimers();
});

const setupUser = () => userEvent.setup({ pointerEventsCheck: 0 });

function queue(sequence: number, tubeIndex = sequence) {
  const result = enqueueBind({
    registrationInput: personInput(sequence),
    tubeCode: spareTube(tubeIndex),
    collectedAt: COLLECTED_AT,
  });
  if (!result.ok) throw new Error(result.message);
  return result.entry;
}

/** The network is down for registrations until `restore()`. */
function networkDown() {
  let down = true;
  server.use(http.post('*/api/v1/ScreeningRegister/Submit', () => (down ? HttpResponse.error() : undefined)));
  return { restore: () => (down = false) };
}

function openHome() {
  return renderRoute(paths.workUser, { session: 'work' });
}

describe('/workUser offline queue card', () => {
  it('shows nothing when the queue is empty', async () => {
    openHome();
    await screen.findByText('您好，王医生');
    expect(screen.queryByRole('region', { name: /待发送|发送失败|离线登记/ })).toBeNull();
  });

  it('counts what waits, lists it masked, and 立即发送 sends it once', async () => {
    const network = networkDown();
    const log = recordRequests();
    const first = queue(1);
    queue(2);
    openHome();
    const user = setupUser();

    const card = await screen.findByRole('region', { name: '待发送 2 条' });
    // Shown = a send attempt; the network is still down, so both still wait.
    await waitFor(() => expect(log.count('/ScreeningRegister/Submit')).toBe(1));
    await waitFor(() => expect(getQueueSnapshot().entries[0].waitingFor).toBe('network'));
    // The queue's own timer (its backoff) is not this test's subject: 立即发送 is.
    act(() => updateQueueEntry(first.id, { nextAttemptAt: new Date(Date.now() + 3_600_000).toISOString() }));
    // The first entry waits for the network, the one behind it for the first.
    expect(within(card).getByText('网络不可用，恢复网络后自动重试')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: '查看明细' }));
    const list = within(card).getByRole('list', { name: '待发送登记明细' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const idCard = personInput(1).idCard;
    expect(
      within(items[0]).getByText(`${idCard.slice(0, 6)} ******** ${idCard.slice(14)}`),
    ).toBeInTheDocument();
    expect(within(list).queryByText(idCard)).toBeNull();
    expect(within(items[0]).getByText(spareTube(1))).toBeInTheDocument();
    expect(within(items[0]).getByText('待发送')).toBeInTheDocument();
    expect(within(items[0]).getByText('上次尝试：后端接口连接异常')).toBeInTheDocument();
    expect(within(items[0]).getByRole('button', { name: '立即重试' })).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button', { name: '立即重试' })).toBeNull();

    network.restore();
    await user.click(within(card).getByRole('button', { name: '立即发送' }));

    expect(await screen.findByRole('heading', { name: '离线登记已全部发送' })).toBeInTheDocument();
    expect(await screen.findByText('已提交 2 条登记')).toBeInTheDocument();
    expect(within(list).getAllByText('已发送')).toHaveLength(2);
    expect(log.count('/Sampling/BindSamplingTube')).toBe(2);
    const links = within(list).getAllByRole('link', { name: '查看登记' });
    expect(links[0].getAttribute('href')).toMatch(/^\/infoDetail\?id=\d+$/);

    await user.click(within(card).getByRole('button', { name: '清除已完成' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '离线登记已全部发送' })).toBeNull());
    expect(getQueueSnapshot().entries).toHaveLength(0);
  });

  it('keeps an entry that met a busy server waiting, says when it is tried again, and 立即重试 sends it', async () => {
    let busy = true;
    server.use(
      http.post('*/api/v1/ScreeningRegister/Submit', () =>
        busy ? new HttpResponse('busy', { status: 503, headers: { 'Retry-After': '90' } }) : undefined,
      ),
    );
    const log = recordRequests();
    queue(1);
    openHome();
    const user = setupUser();

    const card = await screen.findByRole('region', { name: '待发送 1 条' });
    await waitFor(() => expect(log.count('/ScreeningRegister/Submit')).toBe(1));
    // Retry-After: 90 s; no "发送失败", nothing for a person to fix.
    expect(await within(card).findByText('服务器繁忙，约 2 分钟后自动重试')).toBeInTheDocument();
    expect(getQueueSnapshot().entries[0]).toMatchObject({ status: 'pending', waitingFor: 'server' });
    await user.click(within(card).getByRole('button', { name: '查看明细' }));
    const [item] = within(card).getAllByRole('listitem');
    expect(within(item).getByText('上次尝试：系统接口503异常')).toBeInTheDocument();

    busy = false;
    await user.click(within(item).getByRole('button', { name: '立即重试' }));
    expect(await screen.findByRole('heading', { name: '离线登记已全部发送' })).toBeInTheDocument();
    expect(log.count('/ScreeningRegister/Submit')).toBe(2);
    expect(log.count('/Sampling/BindSamplingTube')).toBe(1);
  });

  it('lists a failed entry with its reason, resends it, and asks before clearing it', async () => {
    const other = await submitRegistration(personInput(9));
    if (!other) throw new Error('the save answered no id');
    await bindSamplingTube({ registrationId: other, tubeCode: spareTube(1), collectedAt: COLLECTED_AT });
    const failed = queue(1);
    renderRoute(paths.workUser, { session: 'work' });
    const user = setupUser();

    const card = await screen.findByRole('region', { name: '发送失败 1 条' });
    await user.click(within(card).getByRole('button', { name: '查看明细' }));
    expect(within(card).getByText('发送失败', { selector: 'span' })).toBeInTheDocument();
    expect(within(card).getByText('原因：绑定采样管失败：该采样管已绑定其他受检者')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: '重新发送' }));
    await waitFor(() =>
      expect(getQueueSnapshot().entries[0]).toMatchObject({ id: failed.id, status: 'failed', attempts: 2 }),
    );

    await user.click(within(card).getByRole('button', { name: '清除已完成' }));
    const dialog = await screen.findByRole('dialog', { name: '清除已完成' });
    expect(within(dialog).getByText(/1 条发送失败的记录/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(getQueueSnapshot().entries).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: '清除已完成' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '清除已完成' })).getByRole('button', { name: '清除' }),
    );
    await waitFor(() => expect(getQueueSnapshot().entries).toHaveLength(0));
    await waitFor(() => expect(screen.queryByRole('region', { name: '发送失败 1 条' })).toBeNull());
  });

  it('at sign-in, an entry unsent for 7 days asks to be resent or deleted; one unsent for 14 days is gone, with a line', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const log = recordRequests();
    const network = networkDown();
    const kept = queue(1);
    queue(2);
    const older = queue(3);
    // Only the clock is faked: the page and its requests keep their own timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 8 * DAY);
    // The oldest had been waiting a week longer.
    updateQueueEntry(older.id, { createdAt: new Date(Date.now() - 15 * DAY).toISOString() });
    // Her session of a week ago is long over: she signs in again.
    await signInForTest('work');
    resetQueue();
    openHome();
    const user = setupUser();

    const card = await screen.findByRole('region', { name: '待确认 2 条' });
    expect(
      within(card).getByText(
        '2 条登记保存已超过 7 天仍未发送，请核对后重新发送或删除；1 条登记保存超过 14 天没有发送，已从本机删除，如需登记请重新录入',
      ),
    ).toBeInTheDocument();
    // Nothing is sent on its own: the card's own send at sight finds nothing due.
    const items = within(within(card).getByRole('list', { name: '待发送登记明细' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText('待确认')).toBeInTheDocument();
    expect(within(items[2]).getByText(`采样管 ${spareTube(3)}`)).toBeInTheDocument();
    expect(within(items[2]).getByText(/已从本机删除，没有保存到系统/)).toBeInTheDocument();
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).not.toContain(personInput(3).idCard);

    // 删除 the second, after its dialog; 重新发送 the first: sent now.
    await user.click(within(items[1]).getByRole('button', { name: '删除' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '删除这条登记' })).getByRole('button', {
        name: '删除',
      }),
    );
    network.restore();
    await user.click(within(items[0]).getByRole('button', { name: '重新发送' }));
    expect(await screen.findByRole('heading', { name: '已删除 1 条' })).toBeInTheDocument();
    expect(await log.bodies('/ScreeningRegister/Submit')).toEqual([
      expect.objectContaining({ idCard: personInput(1).idCard }),
    ]);
    expect(getQueueSnapshot().entries.map((entry) => [entry.id, entry.status])).toEqual([
      [kept.id, 'sent'],
      [older.id, 'removed'],
    ]);
    // Sent: the phone keeps no name or ID number of it.
    for (const sequence of [1, 2, 3])
      expect(localStorage.getItem(QUEUE_STORAGE_KEY)).not.toContain(personInput(sequence).idCard);
  });

  it("shows, counts and sends only the signed-in account's entries", async () => {
    const log = recordRequests();
    setSessionOwner({ audience: 'work', account: 'worker' });
    const workers = queue(1);
    setSessionOwner({ audience: 'work', account: 'admin' });
    const { owner: _owner, ...ownerless } = queue(3);
    localStorage.setItem(
      QUEUE_STORAGE_KEY,
      JSON.stringify([...getQueueSnapshot().entries.filter((entry) => entry.id !== ownerless.id), ownerless]),
    );
    resetQueue();
    const admins = queue(2);
    openHome();
    const user = setupUser();

    const card = await screen.findByRole('region', { name: /待发送 1 条|离线登记已全部发送/ });
    await user.click(within(card).getByRole('button', { name: '查看明细' }));
    const items = within(within(card).getByRole('list', { name: '待发送登记明细' })).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(within(items[0]).getByText(spareTube(2), { exact: false })).toBeInTheDocument();
    await screen.findByRole('heading', { name: '离线登记已全部发送' });
    expect(await log.bodies('/ScreeningRegister/Submit')).toEqual([
      expect.objectContaining({ idCard: personInput(2).idCard }),
    ]);
    const byId = (id: string) => getQueueSnapshot().entries.find((entry) => entry.id === id);
    expect(byId(admins.id)?.status).toBe('sent');
    expect(byId(workers.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(byId(ownerless.id)).toMatchObject({ status: 'pending', attempts: 0 });

    await user.click(within(card).getByRole('button', { name: '清除已完成' }));
    await waitFor(() =>
      expect(getQueueSnapshot().entries.map((entry) => entry.id)).toEqual([workers.id, ownerless.id]),
    );
  });
});
