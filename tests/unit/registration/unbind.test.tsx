import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { defaultDb } from '@/mocks/db';
import { API_STATUS } from '@/types/api';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { closeOverlays, openPage, seededRegistration } from './helpers';

const OPERATION = '/Sampling/UpdateSamplingOperation';

vi.setConfig({ testTimeout: 30_000 });
afterEach(closeOverlays);

function withTube(status: string) {
  const tube = defaultDb.state.tubes.find(
    (candidate) => candidate.status === status && candidate.registrationId,
  );
  if (!tube?.registrationId) throw new Error(`no seeded tube in status ${status}`);
  return { tube, registration: seededRegistration((r) => r.id === tube.registrationId) };
}

describe('解绑采样管', () => {
  it('asks for a reason, confirms, unbinds and returns to the detail', async () => {
    const { tube, registration } = withTube('bound');
    const sent = recordRequests();
    const { user, router } = await openPage(withQuery(paths.unbindTube, { id: registration.id }));
    expect(await screen.findByText(tube.code)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '确认解绑' }));
    expect(await screen.findByText('请选择解绑原因')).toBeInTheDocument();
    expect(sent.count(OPERATION)).toBe(0);

    await user.click(await screen.findByRole('radio', { name: '采样管破损或污染' }));
    await user.type(screen.getByRole('textbox', { name: '备注（选填）' }), '管盖裂开');
    await user.click(screen.getByRole('button', { name: '确认解绑' }));
    const dialog = await screen.findByRole('dialog', { name: '确认解绑采样管' });
    expect(within(dialog).getByText('解绑原因：采样管破损或污染')).toBeInTheDocument();
    await user.dblClick(within(dialog).getByRole('button', { name: '确认解绑' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoDetail));
    expect(router.state.location.search).toBe(`?id=${registration.id}`);
    expect(sent.count(OPERATION)).toBe(1);
    expect((await sent.bodies(OPERATION))[0]).toEqual({
      tubeCode: tube.code,
      registrationId: registration.id,
      operation: 'unbind',
      reason: '2',
      note: '管盖裂开',
    });
    expect(await screen.findByText('解绑成功')).toBeInTheDocument();
    expect(await screen.findByText(/这条登记还没有绑定采样管/)).toBeInTheDocument();
  });

  it('is refused with the reason once the lab has received the tube', async () => {
    const { registration } = withTube('tested');
    await openPage(withQuery(paths.unbindTube, { id: registration.id }));
    expect(
      await screen.findByText(/实验室已接收该样本（当前状态：已检测），不能解绑采样管/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确认解绑' })).toBeDisabled();
  });

  it('shows the server’s refusal on the page and still lets the user try again', async () => {
    const { registration } = withTube('sampled');
    let refusals = 1;
    const sent = recordRequests();
    server.use(
      http.post('*/api/v1/Sampling/UpdateSamplingOperation', () => {
        if (refusals === 0) return undefined;
        refusals -= 1;
        return HttpResponse.json({
          statusCode: API_STATUS.warning,
          responseMessage: '请稍后再操作',
          responseData: null,
        });
      }),
    );
    const { user, router } = await openPage(withQuery(paths.unbindTube, { id: registration.id }));
    await user.click(await screen.findByRole('radio', { name: '其他原因' }));
    await user.type(screen.getByRole('textbox', { name: '备注（选填）' }), '重新登记');
    const confirmUnbind = async () => {
      await user.click(screen.getByRole('button', { name: '确认解绑' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: '确认解绑采样管' })).getByRole('button', {
          name: '确认解绑',
        }),
      );
    };
    await confirmUnbind();
    expect(await screen.findByText('不能解绑：请稍后再操作')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The tube may still be unbound: the form keeps the input and the button works again.
    expect(screen.getByRole('radio', { name: '其他原因' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: '备注（选填）' })).toHaveValue('重新登记');
    await waitFor(() => expect(screen.getByRole('button', { name: '确认解绑' })).toBeEnabled());

    await confirmUnbind();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoDetail));
    expect(sent.count(OPERATION)).toBe(2);
  });

  it('closes the form when the refusal is because the lab has received the tube meanwhile', async () => {
    const { tube, registration } = withTube('sampled');
    server.use(
      http.post('*/api/v1/Sampling/UpdateSamplingOperation', () => {
        defaultDb.mutate((state) => {
          const current = state.tubes.find((candidate) => candidate.code === tube.code);
          if (current) current.status = 'received';
        });
        return HttpResponse.json({
          statusCode: API_STATUS.warning,
          responseMessage: '实验室已接收该样本，不能解绑',
          responseData: null,
        });
      }),
    );
    const { user } = await openPage(withQuery(paths.unbindTube, { id: registration.id }));
    await user.click(await screen.findByRole('radio', { name: '其他原因' }));
    await user.click(screen.getByRole('button', { name: '确认解绑' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '确认解绑采样管' })).getByRole('button', {
        name: '确认解绑',
      }),
    );
    expect(await screen.findByText('不能解绑：实验室已接收该样本，不能解绑')).toBeInTheDocument();
    expect(await screen.findByText(/实验室已接收该样本（当前状态：/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: '确认解绑' })).toBeDisabled();
  });

  it('keeps the chosen reason and note after the page is opened again', async () => {
    const { registration } = withTube('bound');
    const first = await openPage(withQuery(paths.unbindTube, { id: registration.id }));
    await first.user.click(await screen.findByRole('radio', { name: '其他原因' }));
    await first.user.type(screen.getByRole('textbox', { name: '备注（选填）' }), '重新登记');
    first.unmount();
    await openPage(withQuery(paths.unbindTube, { id: registration.id }));
    expect(await screen.findByRole('radio', { name: '其他原因' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: '备注（选填）' })).toHaveValue('重新登记');
  });

  it('says so when the registration has no tube', async () => {
    const registration = seededRegistration((r) => r.status === 'draft');
    await openPage(withQuery(paths.unbindTube, { id: registration.id }));
    expect(await screen.findByText('这条登记没有绑定采样管')).toBeInTheDocument();
  });
});
