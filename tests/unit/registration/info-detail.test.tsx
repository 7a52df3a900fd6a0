import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { REPEAT_SUBMIT_MESSAGE } from '@/lib/http/messages';
import { formatIdCardGroups } from '@/lib/id-card';
import { defaultDb } from '@/mocks/db';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { tapTwiceInOneFrame, watchForText } from '../support/taps';
import { closeOverlays, fill, openPage, seededRegistration, SPARE_TUBE } from './helpers';

vi.setConfig({ testTimeout: 30_000 });
afterEach(closeOverlays);

function withTube(status: string) {
  const tube = defaultDb.state.tubes.find(
    (candidate) => candidate.status === status && candidate.registrationId,
  );
  if (!tube?.registrationId) throw new Error(`no seeded tube in status ${status}`);
  return { tube, registration: seededRegistration((r) => r.id === tube.registrationId) };
}

/** As the page shows it: masked, in the card's 6-8-4 groups. */
const masked = (idCard: string) => `${idCard.slice(0, 6)} ******** ${idCard.slice(14)}`;

describe('信息详情 (work)', () => {
  it('shows a bound tube with its history and offers 解绑 before the lab has it', async () => {
    const { tube, registration } = withTube('sampled');
    const { user, router } = await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    expect(await screen.findByText(masked(registration.idCard))).toBeInTheDocument();
    expect(screen.queryByText(registration.idCard)).toBeNull();
    expect(screen.getByText(tube.code)).toBeInTheDocument();
    const progress = await screen.findByRole('region', { name: '采样管进度' });
    expect(within(progress).getByText('已采样')).toBeInTheDocument();
    expect(within(progress).getByText('实验室已接收')).toBeInTheDocument();
    expect(within(progress).getAllByText('待完成')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: '解绑采样管' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.unbindTube));
    expect(router.state.location.search).toBe(`?id=${registration.id}`);
  });

  it('does not offer 解绑 once the lab has received the sample', async () => {
    const { registration } = withTube('received');
    await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    expect(await screen.findByText('实验室已接收该样本，不能再解绑采样管。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '解绑采样管' })).toBeNull();
  });

  it('opens the report of a reported tube', async () => {
    const { registration } = withTube('reported');
    const report = defaultDb.state.reports.find((candidate) => candidate.registrationId === registration.id)!;
    const { user, router } = await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    await user.click(await screen.findByRole('button', { name: '查看检测报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.repoetDetail));
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
    expect(await screen.findByText(/这条登记还没有绑定采样管/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '解绑采样管' })).toBeNull();

    await fill(user, screen.getByRole('textbox', { name: '采样管编码' }), SPARE_TUBE);
    expect(await screen.findByText('可以绑定')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '绑定采样管' }));
    const dialog = await screen.findByRole('dialog', { name: '请确认绑定信息' });
    await user.dblClick(within(dialog).getByRole('button', { name: '确认提交' }));

    expect(await screen.findByRole('region', { name: '采样管进度' })).toBeInTheDocument();
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
    await user.click(await screen.findByRole('button', { name: '绑定采样管' }));
    expect(await screen.findByText('请扫描或输入采样管编码')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('submits a registration that is still a draft to its own record, once for a double tap', async () => {
    const registration = seededRegistration((r) => r.status === 'draft' && r.phone !== '');
    const sent = recordRequests();
    await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    const submit = await screen.findByRole('button', { name: '提交登记' });
    server.use(
      http.post('*/api/v1/ScreeningRegister/Submit', () => delay(300).then(() => undefined), { once: true }),
    );
    const refused = watchForText(REPEAT_SUBMIT_MESSAGE);
    tapTwiceInOneFrame(submit);
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
    expect(sent.count('/ScreeningRegister/Submit')).toBe(1);
    expect((await sent.bodies('/ScreeningRegister/Submit'))[0]).toMatchObject({ id: registration.id });
    expect(refused()).toBe(false);
  });

  it('shows an error with 重试 for an unknown id', async () => {
    await openPage(withQuery(paths.infoDetail, { id: 'reg-404' }));
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});

describe('修改登记信息 (a submitted registration, until the lab has the sample)', () => {
  function withoutTube() {
    return seededRegistration(
      (r) =>
        r.status === 'submitted' &&
        !defaultDb.state.tubes.some((t) => t.registrationId === r.id && t.status !== 'unbound'),
    );
  }

  /** 信息详情 of `id` with 修改登记信息 opened. */
  async function openCorrection(id: string) {
    const { user } = await openPage(withQuery(paths.infoDetail, { id }));
    await user.click(await screen.findByRole('button', { name: '修改登记信息' }));
    return { user, form: screen.getByRole('form', { name: '修改登记信息' }) };
  }

  it('opens prefilled, re-submits the same record with the new phone, and the detail shows it', async () => {
    const registration = withoutTube();
    const sent = recordRequests();
    const { user, form } = await openCorrection(registration.id);
    expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveValue(registration.name);
    const idCard = within(form).getByRole('textbox', { name: '身份证号' });
    expect(idCard).toHaveValue(formatIdCardGroups(registration.idCard));
    expect(idCard).not.toHaveAttribute('readonly'); // no tube yet: the number can still be corrected
    await fill(user, within(form).getByRole('textbox', { name: '联系电话' }), '13912345678');
    await user.click(within(form).getByRole('button', { name: '保存修改' }));

    expect(await screen.findByText('13912345678')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '修改登记信息' })).toBeNull();
    const bodies = (await sent.bodies('/ScreeningRegister/Submit')) as Record<string, unknown>[];
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ id: registration.id, phone: '13912345678', name: registration.name });
    expect(defaultDb.state.registrations.filter((r) => r.idCard === registration.idCard)).toHaveLength(1);
  });

  it('two taps on 保存修改 within one frame save the record once', async () => {
    const registration = withoutTube();
    const sent = recordRequests();
    const { user, form } = await openCorrection(registration.id);
    await fill(user, within(form).getByRole('textbox', { name: '联系电话' }), '13912345678');
    server.use(http.post('*/api/v1/ScreeningRegister/Submit', () => delay(300).then(() => undefined)));
    const save = within(form).getByRole('button', { name: '保存修改' });
    const refused = watchForText(REPEAT_SUBMIT_MESSAGE);
    tapTwiceInOneFrame(save);
    expect(await screen.findByText('13912345678')).toBeInTheDocument();
    expect(sent.count('/ScreeningRegister/Submit')).toBe(1);
    // The second tap did nothing: not a second request, nor the client's refusal of one.
    expect(refused()).toBe(false);
  });

  it('keeps a bad value at its field with the message, and sends nothing', async () => {
    const registration = withoutTube();
    const sent = recordRequests();
    const { user, form } = await openCorrection(registration.id);
    await fill(user, within(form).getByRole('textbox', { name: '联系电话' }), '12345');
    await user.click(within(form).getByRole('button', { name: '保存修改' }));
    expect(await within(form).findByText('请填写正确的电话')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: '联系电话' })).toHaveValue('12345');
    expect(sent.count('/ScreeningRegister/Submit')).toBe(0);
  });

  it('locks the ID card once a tube is bound, and says why', async () => {
    const { registration } = withTube('bound');
    const sent = recordRequests();
    const { user, form } = await openCorrection(registration.id);
    const idCard = within(form).getByRole('textbox', { name: '身份证号' });
    expect(idCard).toHaveAttribute('readonly');
    expect(within(form).getByText(/已绑定采样管，身份证号不能修改/)).toBeInTheDocument();
    await fill(user, within(form).getByRole('textbox', { name: '姓名' }), '王改名');
    await user.click(within(form).getByRole('button', { name: '保存修改' }));
    expect(await screen.findByText('王改名')).toBeInTheDocument();
    const bodies = (await sent.bodies('/ScreeningRegister/Submit')) as Record<string, unknown>[];
    expect(bodies[0]).toMatchObject({ id: registration.id, idCard: registration.idCard, name: '王改名' });
  });

  it('is not offered once the lab has received the sample', async () => {
    const { registration } = withTube('received');
    await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    expect(
      await screen.findByText('实验室已接收样本，登记信息不能再修改。如有错误，请联系工作人员。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改登记信息' })).toBeNull();
  });

  it('what was typed survives leaving the page: the correction reopens with it', async () => {
    const registration = withoutTube();
    const first = await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    await first.user.click(await screen.findByRole('button', { name: '修改登记信息' }));
    // The optional fields load on first use.
    await fill(first.user, await screen.findByRole('textbox', { name: '住址' }), '上海市徐汇区枫林路 1 号');
    await new Promise((resolve) => setTimeout(resolve, 400)); // the draft is written after 300 ms
    first.unmount();
    await openPage(withQuery(paths.infoDetail, { id: registration.id }));
    const form = await screen.findByRole('form', { name: '修改登记信息' });
    expect(await within(form).findByRole('textbox', { name: '住址' })).toHaveValue('上海市徐汇区枫林路 1 号');
  });
});

describe('信息详情 (check user)', () => {
  it('shows the own registration without an unbind action', async () => {
    const own = seededRegistration((r) => r.name === '陈建国');
    await openPage(withQuery(paths.checkUserInfoDetail, { id: own.id }), 'check');
    expect(
      await screen.findByText('如果采样管编码不对或采样管有问题，请联系社区工作人员处理。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '解绑采样管' })).toBeNull();
    expect(screen.getByText(masked(own.idCard))).toBeInTheDocument();
  });
});
