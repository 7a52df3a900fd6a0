import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { API_STATUS } from '@/types/api';
import { server } from '../../msw-server';
import { testDraftKey } from '../support/render-route';
import { recordRequests } from '../support/request-log';
import { closeOverlays, NEW_ID_CARD, openPage, seededRegistration, SPARE_TUBE } from './helpers';

vi.setConfig({ testTimeout: 30_000 });
afterEach(closeOverlays);

const DRAFT_KEY = testDraftKey();

function storeDraft(value: Record<string, unknown>) {
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ savedAt: Date.now(), value }));
}

const draft = {
  name: '王小明',
  idCard: NEW_ID_CARD,
  phone: '13800138000',
  address: '',
  nation: '',
  education: '',
  occupation: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelation: '',
  tubeCode: SPARE_TUBE,
  collectedAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
};

describe('绑定成功 (work)', () => {
  it('shows the person with a masked ID card, the tube and the next actions', async () => {
    const registration = seededRegistration((r) => r.name === '宋建军');
    const { user, router } = await openPage(withQuery(paths.bindSuccess, { id: registration.id }));
    expect(await screen.findByText('宋建军')).toBeInTheDocument();
    expect(
      screen.getByText(`${registration.idCard.slice(0, 6)} ******** ${registration.idCard.slice(14)}`),
    ).toBeInTheDocument();
    expect(screen.queryByText(registration.idCard)).toBeNull();
    expect(screen.getByText(/^CT/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '查看详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoSearchBindSuccess));
    expect(router.state.location.search).toBe(`?id=${registration.id}`);
  });

  it('继续登记 opens a fresh form', async () => {
    const registration = seededRegistration((r) => r.name === '宋建军');
    const { user, router } = await openPage(withQuery(paths.bindSuccess, { id: registration.id }));
    await user.click(await screen.findByRole('button', { name: '继续登记' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoEnter));
    expect(await screen.findByRole('textbox', { name: '姓名' })).toHaveValue('');
  });

  it('shows a load failure with 重试', async () => {
    server.use(http.get('*/api/v1/ScreeningRegister/GetDetail', () => HttpResponse.error()));
    const { user } = await openPage(withQuery(paths.bindSuccess, { id: '1001' }));
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('登记信息已保存，采样管已绑定')).toBeInTheDocument();
  });
});

describe('提交成功 (check user)', () => {
  it('with a collection time recorded (sampled already), explains returning the sample and when results come', async () => {
    const own = seededRegistration((r) => r.name === '陈建国');
    await openPage(withQuery(paths.checkUserBindSuccess, { id: own.id }), 'check');
    expect(await screen.findByRole('heading', { name: '接下来怎么做' })).toBeInTheDocument();
    // Taking the sample is explained only while no collection time is recorded (check-user-journey.spec.ts).
    expect(screen.queryByText(/放入采样管/)).not.toBeInTheDocument();
    expect(screen.getByText(/天内把采样管交回/)).toBeInTheDocument();
    expect(screen.getByText(/3-5 个工作日/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  });

  it('without an id shows an empty state, not an endless spinner', async () => {
    await openPage(paths.checkUserBindSuccess, 'check');
    expect(await screen.findByText('没有找到登记信息')).toBeInTheDocument();
  });
});

describe('绑定失败', () => {
  it('explains the reason code in plain words and 返回修改 restores the form from the draft', async () => {
    storeDraft(draft);
    const { user, router } = await openPage(withQuery(paths.bindErr, { reason: 'registration-has-tube' }));
    expect(await screen.findByText(/这条登记已经绑定了采样管/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回修改' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoEnter));
    expect(await screen.findByRole('textbox', { name: '姓名' })).toHaveValue('王小明');
    expect(screen.getByRole('textbox', { name: '采样管编码' })).toHaveValue(SPARE_TUBE);
    expect(screen.getByText('已恢复上次未提交的内容')).toBeInTheDocument();
  });

  it('an unknown reason code gets a general explanation', async () => {
    await openPage(`${paths.bindErr}?reason=%3Cscript%3E`);
    expect(await screen.findByText('绑定没有成功，请稍后重试。')).toBeInTheDocument();
  });

  it('重试 sends the saved draft again, once per tap, and opens the result', async () => {
    storeDraft(draft);
    const sent = recordRequests();
    const { user, router } = await openPage(withQuery(paths.bindErr, { reason: 'server' }));
    await user.dblClick(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    expect(sent.count('/ScreeningRegister/Submit')).toBe(1);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('two taps on 重试 within one frame send the draft once and open the result', async () => {
    storeDraft(draft);
    const sent = recordRequests();
    const { router } = await openPage(withQuery(paths.bindErr, { reason: 'server' }));
    const retry = await screen.findByRole('button', { name: '重试' });
    // Both clicks before React renders again (a quick double tap on a slow phone).
    act(() => {
      retry.click();
      retry.click();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    expect(sent.count('/ScreeningRegister/Submit')).toBe(1);
  });

  it('重试 that fails at the tube hands the problem back to the form', async () => {
    storeDraft(draft);
    server.use(
      http.post('*/api/v1/Sampling/BindSamplingTube', () =>
        HttpResponse.json({
          statusCode: API_STATUS.tubeNotFound,
          responseMessage: '采样管编码不存在，请核对后重新扫码',
          responseData: null,
        }),
      ),
    );
    const { user, router } = await openPage(withQuery(paths.bindErr, { reason: 'server' }));
    await user.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoEnter));
    expect(await screen.findByText('采样管编码不存在，请核对后重新扫码')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '姓名' })).toHaveValue('王小明');
  });
});
