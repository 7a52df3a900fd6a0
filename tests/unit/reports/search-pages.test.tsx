import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { readReportCriteria } from '@/features/reports/report-criteria';
import { ID_CARD_EMPTY_MESSAGE, ID_CARD_INVALID_MESSAGE } from '@/lib/id-card';
import { readKeys } from '@/api/read-keys';
import { formatMaskedIdCard } from '@/lib/id-card';
import { queryClient } from '@/lib/query-client';
import { defaultDb } from '@/mocks/db';
import { server } from '../../msw-server';
import { renderRoute, signInForTest } from '../support/render-route';
import { resetReportState, seededReport } from './helpers';

beforeEach(resetReportState);

describe('/searchType and /checkUserSearchType: choosing how to look reports up', () => {
  it('offers ID card and tube code to a work user, leading to the input page with the type only', async () => {
    await signInForTest('work');
    renderRoute(paths.searchType, { session: 'work' });
    const choices = await screen.findByRole('list', { name: '查询方式' });
    expect(within(choices).queryByRole('button', { name: /查看我的报告/ })).not.toBeInTheDocument();
    expect(within(choices).getByRole('link', { name: /按身份证号查询/ })).toHaveAttribute(
      'href',
      withQuery(paths.reportSearch, { type: 'idCard' }),
    );
    expect(within(choices).getByRole('link', { name: /按采样管编码查询/ })).toHaveAttribute(
      'href',
      withQuery(paths.reportSearch, { type: 'tubeCode' }),
    );
    expect(document.title).toBe('报告查询');
  });

  it('lets a check user open "my reports" directly, with nothing personal in the URL', async () => {
    await signInForTest('check');
    const { router } = renderRoute(paths.checkUserSearchType, { session: 'check' });
    expect(await screen.findByRole('link', { name: /按身份证号查询/ })).toHaveAttribute(
      'href',
      withQuery(paths.checkReportSearch, { type: 'idCard' }),
    );
    await userEvent.click(screen.getByRole('button', { name: /查看我的报告/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUserRepoetList));
    expect(router.state.location.search).toBe('');
    expect(readReportCriteria('check')).toEqual({ type: 'mine' });
  });
});

describe('/reportSearch and /checkReportSearch: entering the value', () => {
  it('shows the spec messages for an empty and a wrong ID card, at the field', async () => {
    await signInForTest('work');
    const { router } = renderRoute(withQuery(paths.reportSearch, { type: 'idCard' }), { session: 'work' });
    const input = await screen.findByLabelText('身份证号');
    await userEvent.click(screen.getByRole('button', { name: '查询报告' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ID_CARD_EMPTY_MESSAGE);
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(input, '110105194912310021'); // wrong check character
    await userEvent.click(screen.getByRole('button', { name: '查询报告' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ID_CARD_INVALID_MESSAGE);
    expect(router.state.location.pathname).toBe(paths.reportSearch);
    expect(readReportCriteria('work')).toBeNull();
  });

  it('searches with a valid ID card: criteria to sessionStorage, not the URL', async () => {
    await signInForTest('work');
    const report = seededReport('positive');
    const { router } = renderRoute(withQuery(paths.reportSearch, { type: 'idCard' }), { session: 'work' });
    await userEvent.type(await screen.findByLabelText('身份证号'), report.idCard);
    await userEvent.click(screen.getByRole('button', { name: '查询报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.repoetList));
    expect(router.state.location.search).toBe('');
    expect(JSON.stringify(router.state.location.state ?? null)).not.toContain(report.idCard);
    expect(readReportCriteria('work')).toEqual({ type: 'idCard', value: report.idCard });
    expect(await screen.findByRole('link', { name: new RegExp(report.tubeCode) })).toBeInTheDocument();
  });

  it('asks for a tube code when none is given, and searches by the code as typed (a server may tell cases apart)', async () => {
    await signInForTest('check');
    const { router } = renderRoute(withQuery(paths.checkReportSearch, { type: 'tubeCode' }), {
      session: 'check',
    });
    await userEvent.click(await screen.findByRole('button', { name: '查询报告' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入或扫描采样管编码');
    await userEvent.type(screen.getByLabelText('采样管编码'), 'ct2026100001');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '查询报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUserRepoetList));
    expect(readReportCriteria('check')).toEqual({ type: 'tubeCode', value: 'ct2026100001' });
  });

  it('offers a check user their own ID number and their family’s, masked, each searching in one tap', async () => {
    await signInForTest('check');
    const own = defaultDb.state.registrations.find((registration) => registration.name === '张秀英')!;
    const husband = defaultDb.state.registrations.find((registration) => registration.name === '陈建国')!;
    const { router } = renderRoute(withQuery(paths.checkReportSearch, { type: 'idCard' }), {
      session: 'check',
    });
    const people = await screen.findByRole('region', { name: '点选要查询的人，也可以在下面输入号码' });
    const choices = within(people).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      `张秀英（本人）身份证号 ${formatMaskedIdCard(own.idCard)}`,
      `陈建国身份证号 ${formatMaskedIdCard(husband.idCard)}`,
    ]);
    expect(people).not.toHaveTextContent(own.idCard);
    // Typing stays possible.
    expect(screen.getByLabelText('身份证号')).toBeEnabled();

    await userEvent.click(choices[1]);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUserRepoetList));
    expect(router.state.location.search).toBe('');
    expect(JSON.stringify(router.state.location.state ?? null)).not.toContain(husband.idCard);
    expect(readReportCriteria('check')).toEqual({ type: 'idCard', value: husband.idCard });
  });

  it('offers no ID numbers to staff, nor to a check user whose registrations carry none', async () => {
    await signInForTest('work');
    const staff = renderRoute(withQuery(paths.reportSearch, { type: 'idCard' }), { session: 'work' });
    await screen.findByLabelText('身份证号');
    expect(screen.queryByRole('region', { name: /点选要查询的人/ })).not.toBeInTheDocument();
    staff.unmount();

    await signInForTest('check');
    server.use(
      http.post('*/api/v1/ScreeningRegister/Search', () =>
        HttpResponse.json({
          statusCode: 2000,
          responseMessage: '操作成功',
          responseData: { records: [{ id: '1001', status: 'submitted' }], total: 1 },
        }),
      ),
    );
    renderRoute(withQuery(paths.checkReportSearch, { type: 'idCard' }), { session: 'check' });
    await screen.findByLabelText('身份证号');
    await waitFor(() => expect(queryClient.getQueryState(readKeys.checkHome)?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: /点选要查询的人/ })).not.toBeInTheDocument();
  });

  it('switches between ID card and tube code, keeping what was typed in each', async () => {
    await signInForTest('work');
    const { router } = renderRoute(withQuery(paths.reportSearch, { type: 'idCard' }), { session: 'work' });
    await userEvent.type(await screen.findByLabelText('身份证号'), '1101');
    await userEvent.click(screen.getByRole('button', { name: '按采样管编码' }));
    // The type is in the address: the switch is a navigation (the route's access check runs first).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '按采样管编码' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(router.state.location.search).toBe('?type=tubeCode');
    await userEvent.type(screen.getByLabelText('采样管编码'), 'CT9');
    await userEvent.click(screen.getByRole('button', { name: '按身份证号' }));
    expect(await screen.findByLabelText('身份证号')).toHaveValue('1101');
  });

  it('keeps a typed value across a reload (draft), and the last criteria when coming back', async () => {
    await signInForTest('work');
    const first = renderRoute(withQuery(paths.reportSearch, { type: 'idCard' }), { session: 'work' });
    await userEvent.type(await screen.findByLabelText('身份证号'), '110105');
    first.unmount(); // the draft is written when the page goes away
    renderRoute(withQuery(paths.reportSearch, { type: 'idCard' }), { session: 'work' });
    expect(await screen.findByLabelText('身份证号')).toHaveValue('110105');
  });
});
