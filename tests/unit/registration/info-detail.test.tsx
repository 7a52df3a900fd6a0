import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { defaultDb } from '@/mocks/db';
import { recordRequests } from '../support/request-log';
import { closeOverlays, fill, openPage, seededRegistration, SLOW, SPARE_TUBE } from './helpers';

vi.setConfig({ testTimeout: 30_000 });
afterEach(closeOverlays);

function withTube(status: string) {
  const tube = defaultDb.state.tubes.find(
    (candidate) => candidate.status === status && candidate.registrationId,
  );
  if (!tube?.registrationId) throw new Error(`no seeded tube in status ${status}`);
  return { tube, registration: seededRegistration((r) => r.id === tube.registrationId) };
}

const masked = (idCard: string) => `${idCard.slice(0, 6)}********${idCard.slice(14)}`;

describe('信息详情 (work)', () => {
  it('shows a bound tube with its history and offers 解绑 before the lab has it', async () => {
    const { tube, registration } = withTube('sampled');
    const { user, router } = await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    expect(await screen.findByText(masked(registration.idCard), {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(registration.idCard)).toBeNull();
    expect(screen.getByText(tube.code)).toBeInTheDocument();
    const progress = await screen.findByRole('region', { name: '采样管进度' }, SLOW);
    expect(within(progress).getByText('已采样')).toBeInTheDocument();
    expect(within(progress).getByText('实验室已接收')).toBeInTheDocument();
    expect(within(progress).getAllByText('待完成')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: '解绑采样管' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.unbindTube), SLOW);
    expect(router.state.location.search).toBe(`?id=${registration.id}`);
  });

  it('does not offer 解绑 once the lab has received the sample', async () => {
    const { registration } = withTube('received');
    await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    expect(await screen.findByText('实验室已接收该样本，不能再解绑采样管。', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '解绑采样管' })).toBeNull();
  });

  it('opens the report of a reported tube', async () => {
    const { registration } = withTube('reported');
    const report = defaultDb.state.reports.find((candidate) => candidate.registrationId === registration.id)!;
    const { user, router } = await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    await user.click(await screen.findByRole('button', { name: '查看检测报告' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.repoetDetail), SLOW);
    expect(router.state.location.search).toBe(`?id=${report.id}`);
  });

  it('binds a tube to a registration that has none, once per double tap', async () => {
    const registration = seededRegistration(
      (r) =>
        r.status === 'submitted' &&
        !defaultDb.state.tubes.some((t) => t.registrationId === r.id && t.status !== 'unbound'),
    );
    const sent = recordRequests();
    const { user } = await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    expect(await screen.findByText(/这条登记还没有绑定采样管/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '解绑采样管' })).toBeNull();

    await fill(user, screen.getByRole('textbox', { name: '采样管编码' }), SPARE_TUBE);
    expect(await screen.findByText('可以绑定')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '绑定采样管' }));
    const dialog = await screen.findByRole('dialog', { name: '请确认绑定信息' });
    await user.dblClick(within(dialog).getByRole('button', { name: '确认提交' }));

    expect(await screen.findByRole('region', { name: '采样管进度' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '解绑采样管' })).toBeInTheDocument();
    expect(await sent.bodies('/Sampling/BindSamplingTube')).toHaveLength(1);
    expect((await sent.bodies('/Sampling/BindSamplingTube'))[0]).toMatchObject({
      registrationId: registration.id,
      tubeCode: SPARE_TUBE,
    });
  });

  it('asks for a tube code before binding', async () => {
    const registration = seededRegistration(
      (r) =>
        r.status === 'submitted' &&
        !defaultDb.state.tubes.some((t) => t.registrationId === r.id && t.status !== 'unbound'),
    );
    const { user } = await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    await user.click(await screen.findByRole('button', { name: '绑定采样管' }, SLOW));
    expect(await screen.findByText('请扫描或输入采样管编码')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers to submit a registration that is still a draft', async () => {
    const registration = seededRegistration((r) => r.status === 'draft');
    const { user } = await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    await user.click(await screen.findByRole('button', { name: '提交登记' }, SLOW));
    expect(await screen.findByText(/这条登记还没有绑定采样管/, {}, SLOW)).toBeInTheDocument();
  });

  it('shows an error with 重试 for an unknown id', async () => {
    await openPage(withQuery(paths.infoDetail, { id: 'reg-404' }));
    expect(await screen.findByText('加载失败', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});

describe('信息详情 (check user)', () => {
  it('shows the own registration without an unbind action', async () => {
    const own = seededRegistration((r) => r.name === '陈建国');
    await openPage(withQuery(paths.checkUserInfoDetail, { id: own.id }), 'check');
    expect(
      await screen.findByText('如果采样管编码不对或采样管有问题，请联系社区工作人员处理。', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '解绑采样管' })).toBeNull();
    expect(screen.getByText(masked(own.idCard))).toBeInTheDocument();
  });
});
