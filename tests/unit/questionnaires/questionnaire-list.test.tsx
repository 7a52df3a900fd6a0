import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { defaultDb } from '@/mocks/db';
import { CHECK_USER_ID } from '@/mocks/seed';
import { server } from '../../msw-server';
import { renderRoute, signInForTest } from '../support/render-route';

// Lazy routes on a busy two-core machine can take longer than Testing Library's default 1 s.

const PAGE = '*/api/v1/Response/Page';

describe('/questionnaireList (work)', () => {
  it('shows a loading state, then the responses newest first with status, person and time', async () => {
    await signInForTest('work');
    server.use(http.post(PAGE, async () => delay(100).then(() => undefined)));
    renderRoute(paths.questionnaireList, { session: 'work' });
    expect(await screen.findByRole('status')).toHaveTextContent('加载中');
    const list = await screen.findByRole('list', { name: '历史问卷' });
    const newest = [...defaultDb.state.responses].sort(
      (a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
    )[0];
    const first = within(list).getAllByRole('link')[0];
    expect(first).toHaveAttribute('href', withQuery(paths.questionnaireDetail, { responseId: newest.id }));
    const draft = within(list).getByRole('link', { name: /彭志明/ });
    expect(draft).toHaveTextContent('草稿');
    expect(draft).toHaveTextContent('未提交，点击继续填写');
    expect(within(list).getByRole('link', { name: /王桂兰/ })).toHaveTextContent(
      /已提交王桂兰提交于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
    );
  });

  it('填写问卷 asks first whose questionnaire it is (answers that belong to nobody help no one)', async () => {
    await signInForTest('work');
    const { router } = renderRoute(paths.questionnaireList, { session: 'work' });
    await screen.findByRole('list', { name: '历史问卷' });
    await userEvent.click(screen.getByRole('button', { name: '填写问卷' }));
    expect(await screen.findByRole('heading', { name: '这份问卷为谁填写？' })).toBeInTheDocument();
    expect(await screen.findByRole('search', { name: '登记查询' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.questionnaireDetail);
  });

  it('says so when there is no response yet', async () => {
    await signInForTest('work');
    server.use(
      http.post(PAGE, () =>
        HttpResponse.json({
          statusCode: 2000,
          responseData: { records: [], total: 0, pageIndex: 1, pageSize: 10 },
        }),
      ),
    );
    renderRoute(paths.questionnaireList, { session: 'work' });
    expect(await screen.findByText('暂无问卷记录')).toBeInTheDocument();
    expect(screen.getByText('填写的问卷会显示在这里')).toBeInTheDocument();
  });

  it('shows the error with 重试, and 重试 loads the list', async () => {
    await signInForTest('work');
    server.use(
      http.post(
        PAGE,
        () => HttpResponse.json({ statusCode: 500, responseMessage: '问卷服务暂不可用', responseData: null }),
        { once: true },
      ),
    );
    renderRoute(paths.questionnaireList, { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('问卷服务暂不可用');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('list', { name: '历史问卷' })).toBeInTheDocument();
  });
});

describe('/checkUserQuestionnaireList (check)', () => {
  it("shows the check user's own responses, linking to the check-user detail page", async () => {
    await signInForTest('check');
    renderRoute(paths.checkUserQuestionnaireList, { session: 'check' });
    const list = await screen.findByRole('list', { name: '历史问卷' });
    const own = defaultDb.state.responses.filter((r) => r.ownerUserId === CHECK_USER_ID);
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(own.length);
    for (const link of links)
      expect(link.getAttribute('href')).toMatch(
        new RegExp(`^${paths.checkUserQuestionnaireDetail}\\?responseId=`),
      );
  });
});
