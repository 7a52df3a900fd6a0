import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { config } from '@/config/env';
import { paths, withQuery } from '@/config/paths';
import { formatIdCardGroups, parseIdCard } from '@/lib/id-card';
import { makeIdCard } from '@/mocks/id-card-generator';
import { SPARE_TUBE_CODES } from '@/mocks/seed';
import { API_STATUS } from '@/types/api';
import { server } from '../../msw-server';
import { testDraftKey } from '../support/render-route';
import { recordRequests } from '../support/request-log';
import {
  closeOverlays,
  fill,
  NEW_BIRTH_DATE,
  NEW_ID_CARD,
  openPage,
  seededRegistration,
  seededTube,
  SPARE_TUBE,
  textbox,
  YOUNG_ID_CARD,
} from './helpers';

vi.setConfig({ testTimeout: 30_000 });
afterEach(closeOverlays);

describe('信息录入 (work)', () => {
  it('shows each field message, focuses the first one and sends nothing', async () => {
    const sent = recordRequests();
    const { user } = await openPage(paths.infoEnter);
    await screen.findByRole('textbox', { name: '姓名' });

    await user.click(screen.getByRole('button', { name: '提交并绑定' }));

    expect(await screen.findByText('请填写姓名')).toBeInTheDocument();
    expect(screen.getByText('身份证号不能为空')).toBeInTheDocument();
    expect(screen.getByText('请填写正确的电话')).toBeInTheDocument();
    expect(screen.getByText('请扫描或输入采样管编码')).toBeInTheDocument();
    await waitFor(() => expect(textbox('姓名')).toHaveFocus());
    // A screen reader reads each message with its field, and hears that the field is invalid.
    for (const [field, message] of [
      ['姓名', '请填写姓名'],
      ['身份证号', '身份证号不能为空'],
      ['联系电话', '请填写正确的电话'],
      ['采样管编码', '请扫描或输入采样管编码'],
    ]) {
      expect(textbox(field)).toHaveAccessibleDescription(message);
      expect(textbox(field)).toBeInvalid();
    }
    await user.type(textbox('姓名'), '王小明');
    await user.tab();
    await waitFor(() => expect(textbox('姓名')).not.toHaveAttribute('aria-describedby'));
    expect(textbox('姓名')).toBeValid();
    expect(sent.count('/ScreeningRegister/Submit')).toBe(0);
  });

  it('says 采集时间不能晚于现在 at the collection time, read with the field', async () => {
    await openPage(paths.infoEnter);
    const time = await screen.findByLabelText('采集时间');
    expect(time).toBeValid();
    fireEvent.change(time, { target: { value: dayjs().add(1, 'day').format('YYYY-MM-DDTHH:mm') } });
    expect(await screen.findByRole('alert')).toHaveTextContent('采集时间不能晚于现在');
    expect(time).toHaveAccessibleDescription('采集时间不能晚于现在');
    expect(time).toBeInvalid();
    fireEvent.change(time, { target: { value: '' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('请选择采集时间');
    fireEvent.change(time, { target: { value: dayjs().subtract(1, 'hour').format('YYYY-MM-DDTHH:mm') } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(time).not.toHaveAttribute('aria-invalid');
  });

  it('fills birth date, gender and age from the ID card', async () => {
    const { user } = await openPage(paths.infoEnter);
    await user.type(await screen.findByRole('textbox', { name: '身份证号' }), NEW_ID_CARD);
    const expected = parseIdCard(NEW_ID_CARD)!;
    expect(textbox('出生日期')).toHaveValue(NEW_BIRTH_DATE);
    expect(textbox('性别')).toHaveValue('男');
    expect(textbox('年龄')).toHaveValue(`${expected.age} 岁`);
    expect(textbox('出生日期')).toHaveAttribute('readonly');
  });
});

async function fillRequired(
  user: Awaited<ReturnType<typeof openPage>>['user'],
  idCard = NEW_ID_CARD,
  tube = SPARE_TUBE,
) {
  await fill(user, await screen.findByRole('textbox', { name: '姓名' }), '王小明');
  await fill(user, textbox('身份证号'), idCard);
  await fill(user, textbox('联系电话'), '13800138000');
  await fill(user, textbox('采样管编码'), tube);
}

describe('信息录入 submit (work)', () => {
  it('confirms with a masked ID card, registers, binds, clears the draft and shows the result', async () => {
    const { user, router } = await openPage(paths.infoEnter);
    await fillRequired(user);
    expect(await screen.findByText('可以绑定')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '提交并绑定' }));
    const dialog = await screen.findByRole('dialog', { name: '请确认登记信息' });
    expect(within(dialog).getByText('110105 ******** ' + NEW_ID_CARD.slice(14))).toBeInTheDocument();
    expect(within(dialog).queryByText(NEW_ID_CARD)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '确认提交' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    expect(router.state.location.search).toMatch(/^\?id=\d+$/);
    expect(localStorage.getItem(testDraftKey())).toBeNull();
    // The page's title and the result it shows.
    await waitFor(() => expect(screen.getAllByText('绑定成功')).toHaveLength(2));
  });
});

async function confirmInDialog(user: Awaited<ReturnType<typeof openPage>>['user']) {
  const dialog = await screen.findByRole('dialog', { name: '请确认登记信息' });
  await user.click(within(dialog).getByRole('button', { name: '确认提交' }));
}

describe('信息录入 drafts', () => {
  it('restores the draft after the page is left and opened again, and 清空 empties it', async () => {
    const first = await openPage(paths.infoEnter);
    await fillRequired(first.user);
    first.unmount();

    const { user } = await openPage(paths.infoEnter);
    expect(await screen.findByRole('textbox', { name: '姓名' })).toHaveValue('王小明');
    expect(textbox('身份证号')).toHaveValue(formatIdCardGroups(NEW_ID_CARD));
    expect(textbox('出生日期')).toHaveValue(NEW_BIRTH_DATE);
    expect(textbox('采样管编码')).toHaveValue(SPARE_TUBE);
    expect(screen.getByText('已恢复上次未提交的内容')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '清空' }));
    expect(textbox('姓名')).toHaveValue('');
    expect(textbox('采样管编码')).toHaveValue('');
    expect(screen.queryByText('已恢复上次未提交的内容')).toBeNull();
    expect(localStorage.getItem(testDraftKey())).toBeNull();
  });
});

describe('信息录入 retries', () => {
  it('with the idempotency switch on, a tap on 提交并绑定 again after a lost answer resends Submit with the same key', async () => {
    config.assumptions.idempotencyKey = true;
    onTestFinished(() => {
      config.assumptions.idempotencyKey = false;
    });
    server.use(http.post('*/api/v1/ScreeningRegister/Submit', () => HttpResponse.error(), { once: true }));
    const log = recordRequests();
    const { user, router } = await openPage(paths.infoEnter);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '提交并绑定' }));
    await confirmInDialog(user);
    // Offered the offline queue, the person stays and taps again.
    await user.click(await screen.findByRole('button', { name: '留在本页' }));
    // The first attempt's dialogs close (their animation) before the person taps again: a quicker tap
    // would find the closing 请确认登记信息 instead of the new one.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: '提交并绑定' }));
    await confirmInDialog(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));

    const submits = await log.to('/ScreeningRegister/Submit');
    expect(submits).toHaveLength(2);
    const [first, retry] = submits.map((request) => request.headers.get('Idempotency-Key'));
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(submits[1].headers.get('requestId')).not.toBe(submits[0].headers.get('requestId'));
    const [bind] = await log.to('/Sampling/BindSamplingTube');
    expect(bind.headers.get('Idempotency-Key')).not.toBe(first);
  });
});

describe('信息录入 rules', () => {
  it('checks the ID card strictly when the field is left', async () => {
    const { user } = await openPage(paths.infoEnter);
    await fill(
      user,
      await screen.findByRole('textbox', { name: '身份证号' }),
      NEW_ID_CARD.slice(0, 17) + '0',
    );
    await user.click(textbox('联系电话'));
    expect(await screen.findByText('请输入正确的身份证号')).toBeInTheDocument();
    // Birth date, gender and age show once the ID card gives them.
    expect(screen.queryByRole('textbox', { name: '出生日期' })).toBeNull();
  });

  it('warns when the tube is already bound or unknown', async () => {
    const bound = seededTube((tube) => tube.status === 'bound');
    const { user } = await openPage(paths.infoEnter);
    await fill(user, await screen.findByRole('textbox', { name: '采样管编码' }), bound.code);
    expect(await screen.findByText(/该采样管已绑定.*不能重复绑定/)).toBeInTheDocument();
    expect(screen.getByText('已绑定')).toBeInTheDocument();

    await fill(user, textbox('采样管编码'), 'CT0000000000');
    expect(await screen.findByText('没有找到这个采样管编码，请核对后重新扫描或输入')).toBeInTheDocument();
  });

  it('does not send the registration while the scanned tube is already bound', async () => {
    const bound = seededTube((tube) => tube.status === 'sampled');
    const sent = recordRequests();
    const { user } = await openPage(paths.infoEnter);
    await fillRequired(user, NEW_ID_CARD, bound.code);
    await screen.findByText(/该采样管已绑定/);
    await user.click(screen.getByRole('button', { name: '提交并绑定' }));
    await waitFor(() => expect(textbox('采样管编码')).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.count('/ScreeningRegister/Submit')).toBe(0);
  });

  it('offers the existing registration for an ID card that is already registered', async () => {
    const existing = seededRegistration((registration) => registration.status === 'submitted');
    const { user, router } = await openPage(paths.infoEnter);
    await fill(user, await screen.findByRole('textbox', { name: '身份证号' }), existing.idCard);
    await user.click(textbox('联系电话'));
    expect(await screen.findByText('该身份证号已登记，不需要重复登记。')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '查看已有登记' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        withQuery(paths.infoDetail, { id: existing.id }),
      ),
    );
  });

  it('looks the ID card up while it is typed: the notice needs no blur, and the submit tap waits for nothing', async () => {
    const existing = seededRegistration((registration) => registration.status === 'submitted');
    const log = recordRequests();
    const { user } = await openPage(paths.infoEnter);
    await fill(user, await screen.findByRole('textbox', { name: '身份证号' }), existing.idCard);
    // Still in the field: the lookup ran after the number became valid.
    expect(textbox('身份证号')).toHaveFocus();
    expect(await screen.findByText('该身份证号已登记，不需要重复登记。')).toBeInTheDocument();
    expect(log.count('/ScreeningRegister/Search')).toBe(1);
  });

  it('a submit tap before the lookup has answered shows 正在核对身份证号 on the button, then goes on', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/api/v1/ScreeningRegister/Search', async () => {
        await answered;
        return HttpResponse.json({
          statusCode: 2000,
          responseData: { records: [], total: 0, pageIndex: 1, pageSize: 5 },
        });
      }),
    );
    const log = recordRequests();
    const { user } = await openPage(paths.infoEnter);
    await fillRequired(user);
    expect(await screen.findByText('可以绑定')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '提交并绑定' }));
    const button = await screen.findByRole('button', { name: /正在核对身份证号/ });
    expect(button).toBeDisabled();
    await user.click(button); // a second tap is ignored while it waits
    answer();
    const dialog = await screen.findByRole('dialog', { name: '请确认登记信息' });
    await user.click(within(dialog).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(log.count('/ScreeningRegister/Submit')).toBe(1));
    expect(log.count('/ScreeningRegister/Search')).toBe(1);
  });

  it('offers the existing registration when the server says the ID card is registered', async () => {
    // The pre-check found nothing (e.g. registered a moment ago elsewhere): the server's answer decides.
    server.use(
      http.post('*/api/v1/ScreeningRegister/Search', () =>
        HttpResponse.json({
          statusCode: 2000,
          responseData: { records: [], total: 0, pageIndex: 1, pageSize: 5 },
        }),
      ),
      http.post('*/api/v1/ScreeningRegister/Submit', () =>
        HttpResponse.json({
          statusCode: API_STATUS.idCardRegistered,
          responseMessage: '该身份证号已登记',
          responseData: { registrationId: 1003 },
        }),
      ),
    );
    const { user, router } = await openPage(paths.infoEnter);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '提交并绑定' }));
    await confirmInDialog(user);
    const offer = await screen.findByRole('dialog', { name: '该身份证号已登记' });
    await user.click(within(offer).getByRole('button', { name: '查看已有登记' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=1003'));
    expect(router.state.location.pathname).toBe(paths.infoDetail);
  });

  it('sends one registration for a double tap on 提交 and on 确认提交', async () => {
    const sent = recordRequests();
    const { user, router } = await openPage(paths.infoEnter);
    await fillRequired(user);
    await screen.findByText('可以绑定');
    await user.dblClick(screen.getByRole('button', { name: '提交并绑定' }));
    expect(await screen.findAllByRole('dialog', { name: '请确认登记信息' })).toHaveLength(1);
    await user.dblClick(
      within(screen.getByRole('dialog', { name: '请确认登记信息' })).getByRole('button', {
        name: '确认提交',
      }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    expect(sent.count('/ScreeningRegister/Submit')).toBe(1);
    expect(sent.count('/Sampling/BindSamplingTube')).toBe(1);
  });

  it('shows a tube the server refuses at the tube field; with another tube, the same registration is bound', async () => {
    server.use(
      http.post(
        '*/api/v1/Sampling/BindSamplingTube',
        () =>
          HttpResponse.json({
            statusCode: API_STATUS.tubeAlreadyBound,
            responseMessage: '该采样管已绑定其他受检者',
            responseData: null,
          }),
        { once: true },
      ),
    );
    const sent = recordRequests();
    const { user, router } = await openPage(paths.infoEnter);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '提交并绑定' }));
    await confirmInDialog(user);
    expect(await screen.findByText('该采样管已绑定其他受检者')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.infoEnter);

    await fill(user, textbox('采样管编码'), SPARE_TUBE_CODES[1]);
    expect(await screen.findByText('可以绑定')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: '提交并绑定' }));
    await confirmInDialog(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    // The registration saved the first time is submitted again and bound, not the person registered twice.
    const [first, retry] = (await sent.bodies('/ScreeningRegister/Submit')) as { id?: string }[];
    expect(first.id).toBeUndefined();
    expect(retry.id).toBe(router.state.location.search.replace('?id=', ''));
  });

  it('goes to /bindErr with a reason code (no personal data) when binding fails for another reason', async () => {
    server.use(
      http.post('*/api/v1/Sampling/BindSamplingTube', () =>
        HttpResponse.json({
          statusCode: API_STATUS.serverError,
          responseMessage: '服务器内部错误',
          responseData: null,
        }),
      ),
    );
    const { user, router } = await openPage(paths.infoEnter);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '提交并绑定' }));
    await confirmInDialog(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindErr));
    expect(router.state.location.search).toBe('?reason=server');
    expect(await screen.findByText('服务器暂时无法完成绑定，请稍后重试。')).toBeInTheDocument();
  });
});

describe('信息录入 (check user)', () => {
  it('registers with a typed tube code and shows 提交成功 with the questionnaire next', async () => {
    const { user, router } = await openPage(paths.checkUserInfoEnter, 'check');
    expect(await screen.findByText('提交后填写筛查问卷')).toBeInTheDocument();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '提交' }));
    await confirmInDialog(user);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUserBindSuccess));
    expect(await screen.findByRole('heading', { name: '接下来怎么做' })).toBeInTheDocument();
    expect(localStorage.getItem(testDraftKey('check'))).toBeNull();
    const questionnaire = screen.getByRole('button', { name: '填写筛查问卷' });
    await user.click(questionnaire);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUserQuestionnaireDetail));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('registrationId')).toMatch(/^\d+$/);
    expect(query.get('returnTo')).toMatch(/^\/checkUserBindSuccess\?id=\d+$/);
  });

  it('reads on the form why the binding was refused, where staff would go to /bindErr', async () => {
    server.use(
      http.post('*/api/v1/Sampling/BindSamplingTube', () =>
        HttpResponse.json({
          statusCode: API_STATUS.registrationHasTube,
          responseMessage: '已有采样管',
          responseData: null,
        }),
      ),
    );
    const { user, router } = await openPage(paths.checkUserInfoEnter, 'check');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '提交' }));
    await confirmInDialog(user);

    expect(
      await screen.findByText(
        '这条登记已经绑定了采样管，不能再绑定新的采样管。如需更换，请先在信息查询中解绑原采样管。（已有采样管）',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.checkUserInfoEnter);
  });
});

describe('信息录入 ID card: impossible and unusual ages', () => {
  const FUTURE_BIRTH_MESSAGE = '身份证号中的出生日期晚于今天，请核对';
  const AGE_NOTICE = '不在本次筛查年龄范围（50–74 岁），请核对';
  const submitButton = () => screen.getByRole('button', { name: '提交并绑定' });

  /** Fills the form for a person younger than the screening ages and submits: the age question opens. */
  async function submitYoungPerson() {
    const sent = recordRequests();
    const view = await openPage(paths.infoEnter);
    await fillRequired(view.user, YOUNG_ID_CARD);
    await screen.findByText('可以绑定');
    await view.user.click(submitButton());
    const question = await screen.findByRole('dialog', { name: '年龄不在筛查范围' });
    return { ...view, sent, question };
  }

  it('says a birth date after today at the ID card, shows no age, and does not submit', async () => {
    // Within the spec's "this year + 10": only our lifespan rule stops it.
    const bornTomorrow = makeIdCard('110105', dayjs().add(1, 'day').format('YYYY-MM-DD'), 9, '2');
    const sent = recordRequests();
    const { user } = await openPage(paths.infoEnter);
    await fillRequired(user, bornTomorrow);
    await screen.findByText('可以绑定');

    expect(await screen.findByText(FUTURE_BIRTH_MESSAGE)).toBeInTheDocument();
    expect(textbox('身份证号')).toHaveAccessibleDescription(FUTURE_BIRTH_MESSAGE);
    expect(textbox('身份证号')).toBeInvalid();
    expect(screen.queryByRole('textbox', { name: '出生日期' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: '年龄' })).toBeNull();

    await user.click(submitButton());
    await waitFor(() => expect(textbox('身份证号')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(FUTURE_BIRTH_MESSAGE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.count('/ScreeningRegister/Search')).toBe(0);
    expect(sent.count('/ScreeningRegister/Submit')).toBe(0);
    expect(sent.count('/Sampling/BindSamplingTube')).toBe(0);
  });

  it('notes an age outside 50–74 at the ID card without marking the field invalid', async () => {
    const { user } = await openPage(paths.infoEnter);
    await fill(user, await screen.findByRole('textbox', { name: '身份证号' }), YOUNG_ID_CARD);
    await user.click(textbox('联系电话'));

    expect(await screen.findByText(AGE_NOTICE)).toHaveAttribute('role', 'status');
    expect(textbox('身份证号')).toHaveAccessibleDescription(AGE_NOTICE);
    expect(textbox('身份证号')).toBeValid();
    expect(textbox('年龄')).toHaveValue(`${parseIdCard(YOUNG_ID_CARD)!.age} 岁`);

    await fill(user, textbox('身份证号'), NEW_ID_CARD);
    await waitFor(() => expect(screen.queryByText(AGE_NOTICE)).toBeNull());
    expect(textbox('身份证号')).not.toHaveAttribute('aria-describedby');
  });

  it('仍要登记 goes on to the usual confirmation and registers; the age is asked once', async () => {
    const { user, router, sent, question } = await submitYoungPerson();
    const age = parseIdCard(YOUNG_ID_CARD)!.age;
    expect(
      within(question).getByText(new RegExp(`年龄为 ${age} 岁，不在本次筛查年龄范围（50–74 岁）`)),
    ).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: '仍要登记' }));
    // Back from the confirmation and submitted again: the age question is not repeated.
    const confirmation = await screen.findByRole('dialog', { name: '请确认登记信息' });
    await user.click(within(confirmation).getByRole('button', { name: '返回修改' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(submitButton());
    await confirmInDialog(user);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindSuccess));
    expect(await sent.bodies('/ScreeningRegister/Submit')).toEqual([
      expect.objectContaining({ name: '王小明', idCard: YOUNG_ID_CARD, phone: '13800138000' }),
    ]);
    expect(await sent.bodies('/Sampling/BindSamplingTube')).toEqual([
      expect.objectContaining({ tubeCode: SPARE_TUBE }),
    ]);
  });

  it('返回修改 in the age question keeps everything typed, sends nothing and returns to the ID card', async () => {
    const { user, router, sent, question } = await submitYoungPerson();
    await user.click(within(question).getByRole('button', { name: '返回修改' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(textbox('身份证号')).toHaveFocus());
    expect(router.state.location.pathname).toBe(paths.infoEnter);
    expect(textbox('姓名')).toHaveValue('王小明');
    expect(textbox('身份证号')).toHaveValue(formatIdCardGroups(YOUNG_ID_CARD));
    expect(textbox('联系电话')).toHaveValue('13800138000');
    expect(textbox('采样管编码')).toHaveValue(SPARE_TUBE);
    expect(screen.getByText(AGE_NOTICE)).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(sent.count('/ScreeningRegister/Submit')).toBe(0);
    expect(sent.count('/Sampling/BindSamplingTube')).toBe(0);
  });
});

describe('信息录入: scan first, the optional details folded, the ID card on a digit keypad', () => {
  const fold = () => screen.getByRole('button', { name: /^选填信息/ });

  it('puts the tube right after the required fields and folds 民族…紧急联系人 under 选填信息, remembered on this device', async () => {
    const first = await openPage(paths.infoEnter);
    await screen.findByRole('textbox', { name: '姓名' });
    const tube = textbox('采样管编码');
    // In the page's order: 联系电话, the tube, the family-history question, then the fold.
    const question = screen.getByRole('radiogroup', { name: /直系亲属/ });
    const follows = (first: Element, second: Element) =>
      Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(textbox('联系电话'), tube)).toBe(true);
    expect(follows(tube, question)).toBe(true);
    expect(follows(question, fold())).toBe(true);
    expect(fold()).toHaveAttribute('aria-expanded', 'false');
    for (const name of ['住址', '联系人姓名', '联系人电话']) {
      expect(screen.queryByRole('textbox', { name })).not.toBeInTheDocument();
    }

    await first.user.click(fold());
    expect(fold()).toHaveAttribute('aria-expanded', 'true');
    // The folded fields are loaded on first use.
    expect(await screen.findByRole('textbox', { name: '住址' })).toBeInTheDocument();
    expect(textbox('联系人电话')).toBeInTheDocument();
    first.unmount();

    await openPage(paths.infoEnter);
    await screen.findByRole('textbox', { name: '姓名' });
    expect(fold()).toHaveAttribute('aria-expanded', 'true');
    expect(textbox('住址')).toBeInTheDocument();
  });

  it('does not hide a field whose check failed: the fold stays open and 联系人电话 gets the focus', async () => {
    const { user } = await openPage(paths.infoEnter);
    await screen.findByRole('textbox', { name: '姓名' });
    await user.click(fold());
    await user.type(await screen.findByRole('textbox', { name: '联系人电话' }), '12');
    // 收起 blurs the field, whose check fails: the fold opens again on the field to fix.
    await user.click(fold());
    await waitFor(() => expect(textbox('联系人电话')).toHaveFocus());
    expect(fold()).toHaveAttribute('aria-expanded', 'true');
    expect(textbox('联系人电话')).toHaveAccessibleDescription('请填写正确的电话');

    await user.clear(textbox('联系人电话'));
    await user.click(fold());
    expect(fold()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: '联系人电话' })).not.toBeInTheDocument();
  });

  it.each([
    ['110101 19900307 1234', '110101 19900307 1234'],
    ['110101-19900307-1234', '110101 19900307 1234'],
    ['11010119900307123x', '110101 19900307 123X'],
    ['1101011990030712345', '110101 19900307 12345'],
  ])('keeps %j pasted whole, shown as %j, on the numeric keypad', async (pasted, shown) => {
    const { user } = await openPage(paths.infoEnter);
    await screen.findByRole('textbox', { name: '姓名' });
    const idCard = textbox('身份证号');
    expect(idCard).toHaveAttribute('inputmode', 'numeric');
    expect(idCard).not.toHaveAttribute('maxlength');
    await user.click(idCard);
    await user.paste(pasted);
    expect(idCard).toHaveValue(shown);
  });

  it('offers an X key once 17 digits are in; it adds X and keeps the focus in the field', async () => {
    const { user } = await openPage(paths.infoEnter);
    await screen.findByRole('textbox', { name: '姓名' });
    const withX = '11010519491231002X';
    const idCard = textbox('身份证号');
    await user.type(idCard, withX.slice(0, 16));
    expect(screen.queryByRole('button', { name: '输入末位 X' })).not.toBeInTheDocument();
    await user.type(idCard, withX.slice(16, 17));
    expect(idCard).toHaveValue(formatIdCardGroups(withX.slice(0, 17)));
    await user.click(screen.getByRole('button', { name: '输入末位 X' }));
    expect(idCard).toHaveValue(formatIdCardGroups(withX));
    expect(idCard).toHaveFocus();
    expect(screen.queryByRole('button', { name: '输入末位 X' })).not.toBeInTheDocument();
    expect(textbox('出生日期')).toHaveValue('1949-12-31');
  });
});
