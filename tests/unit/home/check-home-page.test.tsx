import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { readReportCriteria } from '@/features/reports/report-criteria';
import { defaultDb } from '@/mocks/db';
import type { CheckReport, QuestionnaireResponse, Registration } from '@/types/api';
import { server } from '../../msw-server';
import { renderRoute, signInForTest } from '../support/render-route';
import { page, registration, report } from './fixtures';

const ok = <T,>(responseData: T) =>
  HttpResponse.json({ statusCode: 2000, responseMessage: '操作成功', responseData });

/** Replaces what the backend knows about this user with the given records. */
function serve({
  registrations,
  reports = [],
  drafts = [],
}: {
  registrations: Registration[];
  reports?: CheckReport[];
  drafts?: QuestionnaireResponse[];
}) {
  server.use(
    http.post('*/api/v1/ScreeningRegister/Search', () => ok(page(registrations))),
    http.post('*/api/v1/Sampling/PageCheckReport', () => ok(page(reports))),
    http.post('*/api/v1/Response/Page', () => ok(page(drafts))),
  );
}

async function openCheckHome() {
  await signInForTest('check');
  return renderRoute(paths.checkUser, { session: 'check' });
}

function todoList() {
  return screen.getByRole('region', { name: '待办事项' });
}

describe('/checkUser', () => {
  it('greets the user and shows each registration, its tube and latest result', async () => {
    await openCheckHome();
    expect(await screen.findByText('张秀英，您好')).toBeInTheDocument();

    const own = await screen.findByRole('article', { name: '张秀英的筛查情况' });
    expect(within(own).getByText('本人')).toBeInTheDocument();
    expect(within(own).getByText('已提交')).toBeInTheDocument();
    expect(within(own).getByText('阴性')).toBeInTheDocument();
    const reportId = defaultDb.state.reports.find((r) => r.personName === '张秀英')!.id;
    expect(within(own).getByRole('link', { name: '查看报告' })).toHaveAttribute(
      'href',
      `${paths.checkUserRepoetDetail}?id=${reportId}`,
    );

    const husband = screen.getByRole('article', { name: '陈建国的筛查情况' });
    // Her own registration comes first, then the one she entered for her husband.
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      '张秀英的筛查情况',
      '陈建国的筛查情况',
    ]);
    expect(within(husband).getAllByText(/已采样，等待送到实验室/).length).toBeGreaterThan(0);
    expect(within(husband).getByText('还没有结果')).toBeInTheDocument();
  });

  it('lists the unfinished questionnaire as a to-do with its next step', async () => {
    const draft = defaultDb.state.responses.find((r) => r.ownerUserId === '3' && r.status === 'draft')!;
    await openCheckHome();
    await screen.findByText('张秀英，您好');
    const todos = await screen.findByRole('region', { name: '待办事项' });
    expect(within(todos).getByText('问卷未完成')).toBeInTheDocument();
    expect(within(todos).getByRole('link', { name: '继续填写' })).toHaveAttribute(
      'href',
      `${paths.checkUserQuestionnaireDetail}?responseId=${draft.id}`,
    );
    // Her husband's registration has no health questionnaire yet.
    const husbandId = defaultDb.state.registrations.find((r) => r.name === '陈建国')!.id;
    expect(within(todos).getByText('陈建国还没有填写健康问卷')).toBeInTheDocument();
    expect(within(todos).getByRole('link', { name: '去填写' })).toHaveAttribute(
      'href',
      `${paths.checkUserQuestionnaireDetail}?registrationId=${husbandId}`,
    );
  });

  it('shows the unread message count on the messages entry', async () => {
    const unread = defaultDb.state.messages.filter((m) => m.recipientUserId === '3' && !m.read).length;
    expect(unread).toBeGreaterThan(0);
    await openCheckHome();
    const entries = await screen.findByRole('navigation', { name: '常用功能' });
    expect(
      await within(entries).findByRole('link', { name: new RegExp(`我的消息\\s*${unread}\\s*条未读`) }),
    ).toHaveAttribute('href', paths.messageType);
  });

  it('offers registration, lookup, reports and questionnaires; with two people, 查看报告 is the choice of how', async () => {
    await openCheckHome();
    const entries = await screen.findByRole('navigation', { name: '常用功能' });
    // The demo's 张秀英 and the husband she registered: the overview has come.
    await screen.findByRole('article', { name: '陈建国的筛查情况' });
    expect(within(entries).getByRole('link', { name: /登记信息/ })).toHaveAttribute(
      'href',
      paths.checkUserInfoEnter,
    );
    expect(within(entries).getByRole('link', { name: /查询登记/ })).toHaveAttribute(
      'href',
      paths.checkUserInfoSearch,
    );
    expect(within(entries).getByRole('link', { name: /查看报告/ })).toHaveAttribute(
      'href',
      paths.checkUserSearchType,
    );
    expect(within(entries).getByRole('link', { name: /我的问卷/ })).toHaveAttribute(
      'href',
      paths.checkUserQuestionnaireList,
    );
  });

  it('查看报告 opens one person’s only report at once', async () => {
    serve({
      registrations: [registration({ tube: { code: 'CT2026100001', status: 'reported' } })],
      reports: [report()],
    });
    await openCheckHome();
    await screen.findByRole('article', { name: '张秀英的筛查情况' });
    const entries = screen.getByRole('navigation', { name: '常用功能' });
    expect(within(entries).getByRole('link', { name: /查看报告/ })).toHaveAttribute(
      'href',
      `${paths.checkUserRepoetDetail}?id=rpt-9001`,
    );
  });

  it('查看报告 opens one person’s list of reports, with its criteria set and nothing in the URL', async () => {
    serve({
      registrations: [registration({ tube: { code: 'CT2026100001', status: 'reported' } })],
      reports: [report(), report({ id: 'rpt-9002', reportedAt: '2025-10-08T15:00:00+08:00' })],
    });
    const { router } = await openCheckHome();
    await screen.findByRole('article', { name: '张秀英的筛查情况' });
    const entries = screen.getByRole('navigation', { name: '常用功能' });
    await userEvent.click(within(entries).getByRole('link', { name: /查看报告/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUserRepoetList));
    expect(router.state.location.search).toBe('');
    expect(readReportCriteria('check')).toEqual({ type: 'mine' });
    expect(await screen.findByText('共 2 份')).toBeInTheDocument();
  });

  it('asks someone without a registration to register', async () => {
    serve({ registrations: [] });
    await openCheckHome();
    const todos = await screen.findByRole('region', { name: '待办事项' });
    expect(within(todos).getByText('还没有登记筛查信息')).toBeInTheDocument();
    expect(within(todos).getByRole('link', { name: '去登记' })).toHaveAttribute(
      'href',
      paths.checkUserInfoEnter,
    );
    expect(screen.queryByRole('region', { name: '我的筛查' })).not.toBeInTheDocument();
  });

  it('asks to submit a draft registration', async () => {
    serve({ registrations: [registration({ status: 'draft' })] });
    await openCheckHome();
    const todos = await screen.findByRole('region', { name: '待办事项' });
    expect(within(todos).getByText('您的登记还没有提交')).toBeInTheDocument();
    expect(within(todos).getByRole('link', { name: '去提交' })).toHaveAttribute(
      'href',
      `${paths.checkUserInfoDetail}?id=reg-9001`,
    );
  });

  it('asks to bind a tube after submitting', async () => {
    serve({ registrations: [registration()] });
    await openCheckHome();
    const todos = await screen.findByRole('region', { name: '待办事项' });
    expect(within(todos).getByText('您还没有绑定采样管')).toBeInTheDocument();
    expect(within(todos).getByRole('link', { name: '去绑定' })).toHaveAttribute(
      'href',
      `${paths.checkUserInfoDetail}?id=reg-9001`,
    );
  });

  it('says the tube is bound but not yet sampled, with what to do', async () => {
    serve({ registrations: [registration({ tube: { code: 'CT2026100009', status: 'bound' } })] });
    await openCheckHome();
    const todos = await screen.findByRole('region', { name: '待办事项' });
    expect(within(todos).getByText('采样管已绑定，尚未采样')).toBeInTheDocument();
    expect(within(todos).getByText(/按采样管说明书采集样本/)).toBeInTheDocument();
    const card = screen.getByRole('article', { name: '张秀英的筛查情况' });
    expect(within(card).getByText('采样管已绑定，尚未采样（CT2026100009）')).toBeInTheDocument();
  });

  it('puts a positive result first with the advice', async () => {
    serve({
      registrations: [registration({ tube: { code: 'CT1', status: 'reported' } })],
      reports: [report({ result: 'positive', advice: '建议尽快到医院消化内科做肠镜检查。' })],
    });
    await openCheckHome();
    await screen.findByRole('region', { name: '待办事项' });
    const first = within(todoList()).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('检测结果需要进一步检查');
    expect(first).toHaveTextContent('建议尽快到医院消化内科做肠镜检查。');
    expect(within(first).getByRole('link', { name: '查看报告' })).toHaveAttribute(
      'href',
      `${paths.checkUserRepoetDetail}?id=rpt-9001`,
    );
    expect(
      within(screen.getByRole('article', { name: '张秀英的筛查情况' })).getByText('阳性'),
    ).toBeInTheDocument();
  });

  it('links a report without registrationId by its tube code: 报告已出, its result, 查看报告 and the to-do', async () => {
    serve({
      registrations: [registration({ tube: { code: 'CT2026100001', status: 'reported' } })],
      reports: [report({ result: 'positive', registrationId: undefined })],
    });
    await openCheckHome();
    const card = await screen.findByRole('article', { name: '张秀英的筛查情况' });
    expect(within(card).getByText('报告已出（CT2026100001）')).toBeInTheDocument();
    expect(within(card).getByText('阳性')).toBeInTheDocument();
    expect(within(card).queryByText('还没有结果')).not.toBeInTheDocument();
    const detail = `${paths.checkUserRepoetDetail}?id=rpt-9001`;
    expect(within(card).getByRole('link', { name: '查看报告' })).toHaveAttribute('href', detail);
    const first = within(todoList()).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('您的检测结果需要进一步检查');
    expect(within(first).getByRole('link', { name: '查看报告' })).toHaveAttribute('href', detail);
  });

  it('greets without a name when the profile has none, and shows — for a nameless registration', async () => {
    server.use(http.get('*/api/v1/Account/GetUserManageProfile', () => ok({ id: '3', role: 'check' })));
    serve({ registrations: [registration({ name: '' })] });
    await openCheckHome();
    expect(await screen.findByText('您好')).toBeInTheDocument();
    expect(screen.queryByText(/，您好/)).not.toBeInTheDocument();
    const card = await screen.findByRole('article', { name: '筛查情况' });
    expect(within(card).getByRole('heading', { name: '—' })).toBeInTheDocument();
  });

  it('says there is nothing to do while waiting for a negative result to be read', async () => {
    serve({
      registrations: [registration({ tube: { code: 'CT1', status: 'reported' } })],
      reports: [report()],
      drafts: [],
    });
    await openCheckHome();
    expect(await screen.findByText('现在没有需要您办理的事情。')).toBeInTheDocument();
  });

  it('shows a load failure with a retry that works', async () => {
    let fail = true;
    server.use(
      http.post('*/api/v1/ScreeningRegister/Search', () => (fail ? HttpResponse.error() : undefined)),
    );
    await openCheckHome();
    expect(await screen.findByText('后端接口连接异常')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByRole('region', { name: '我的筛查' })).toBeInTheDocument());
  });
});
