import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { draftStorageKey, localDraftSchema, type LocalDraft } from '@/features/questionnaires/draft-storage';
import { REPEAT_SUBMIT_MESSAGE } from '@/lib/http/messages';
import { readPersisted, writePersisted } from '@/lib/use-persistent-state';
import { defaultDb } from '@/mocks/db';
import { CHECK_USER_ID } from '@/mocks/seed';
import { LIFESTYLE_QUESTIONNAIRE_ID, RISK_QUESTIONNAIRE_ID } from '@/mocks/seed-content';
import { server } from '../../msw-server';
import { renderRoute, signInForTest } from '../support/render-route';
import { recordRequests } from '../support/request-log';
import { tapTwiceInOneFrame, watchForText } from '../support/taps';

// Lazy routes on a busy two-core machine can take longer than Testing Library's default 1 s.

/** A person staff fill in for: registered, with no questionnaire answered yet. */
const PERSON = defaultDb.state.registrations.find(
  (registration) =>
    !defaultDb.state.responses.some((response) => response.registrationId === registration.id),
)!;
const LIFESTYLE = withQuery(paths.questionnaireDetail, {
  questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID,
  registrationId: PERSON.id,
});
const LIFESTYLE_KEY = draftStorageKey('work', LIFESTYLE_QUESTIONNAIRE_ID, PERSON.id);

let scrolled: Element[] = [];
/** Requests the page sent that have not been answered yet (the last autosave on leaving, for one). */
let inFlight = 0;
const started = () => (inFlight += 1);
const ended = () => (inFlight -= 1);
beforeEach(() => {
  inFlight = 0;
  server.events.on('request:start', started);
  server.events.on('request:end', ended);
  scrolled = [];
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this);
  };
});
afterEach(async () => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  // Leaving the page sends pending answers (one last autosave): let it land before the demo data is reset,
  // inside act, as the toasts still on screen go on animating meanwhile.
  cleanup();
  await act(async () => {
    for (let waited = 0; inFlight > 0 && waited < 3000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The answer's own effects (the draft's id written to this device) run after it arrives.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  server.events.removeListener('request:start', started);
  server.events.removeListener('request:end', ended);
});

function question(title: RegExp | string) {
  return screen.getByRole('group', { name: title });
}

async function answerRadio(name: string) {
  await userEvent.click(screen.getByRole('radio', { name }));
}

/** Opens the lifestyle questionnaire's questions and answers every required one. */
async function answerLifestyle() {
  await screen.findByRole('heading', { name: '饮食与生活方式调查' });
  await answerRadio('从不吸烟');
  await answerRadio('不饮酒');
  await answerRadio('少于 3 次');
  await userEvent.click(screen.getByRole('checkbox', { name: '每天吃新鲜蔬菜水果' }));
}

function registrationOf(name: string) {
  const registration = defaultDb.state.registrations.find((candidate) => candidate.name === name);
  if (!registration) throw new Error(`no seeded registration for ${name}`);
  return registration;
}

describe('whose questionnaire it is', () => {
  it('staff starting one without a person first find the registration; the answers then carry its id', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const { router } = renderRoute(
      withQuery(paths.questionnaireDetail, { questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID }),
      { session: 'work' },
    );
    expect(await screen.findByRole('heading', { name: '这份问卷为谁填写？' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '饮食与生活方式调查' })).not.toBeInTheDocument();
    await userEvent.type(await screen.findByRole('textbox', { name: '姓名' }), PERSON.name);
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    const results = await screen.findByRole('list', { name: '登记查询结果' });
    await waitFor(() => expect(within(results).getAllByRole('link')[0]).toHaveTextContent(PERSON.name));
    await userEvent.click(within(results).getAllByRole('link')[0]);

    expect(await screen.findByRole('heading', { name: '饮食与生活方式调查' })).toBeInTheDocument();
    expect(screen.getByText(`受检者：${PERSON.name}`)).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('registrationId')).toBe(PERSON.id);
    await answerRadio('目前吸烟');
    await waitFor(async () => expect(await log.bodies('/Response/Add')).toHaveLength(1));
    expect((await log.bodies('/Response/Add'))[0]).toMatchObject({ registrationId: PERSON.id });
  });

  it("a check user's questionnaire is for their own registration, without asking", async () => {
    await signInForTest('check');
    const own = defaultDb.state.users.find((user) => user.id === CHECK_USER_ID)!;
    const ownRegistration = defaultDb.state.registrations.find((r) => r.idCard === own.idCard)!;
    const log = recordRequests();
    renderRoute(
      withQuery(paths.checkUserQuestionnaireDetail, { questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID }),
      { session: 'check' },
    );
    expect(await screen.findByRole('heading', { name: '饮食与生活方式调查' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '这份问卷为谁填写？' })).not.toBeInTheDocument();
    const lookups = await log.bodies('/Response/Page');
    expect(lookups[0]).toMatchObject({ registrationId: ownRegistration.id });
  });
});

describe('a check user with no registration', () => {
  it('is asked to register first, with the way there', async () => {
    await signInForTest('check');
    const me = defaultDb.state.users.find((user) => user.id === CHECK_USER_ID)!;
    server.use(
      http.get('*/api/v1/Account/GetUserManageProfile', () =>
        HttpResponse.json({
          statusCode: 2000,
          responseData: { id: me.id, name: me.name, role: 'check', institutionName: '' },
        }),
      ),
      http.post('*/api/v1/ScreeningRegister/Search', () =>
        HttpResponse.json({
          statusCode: 2000,
          responseData: { records: [], total: 0, pageIndex: 1, pageSize: 20 },
        }),
      ),
    );
    const log = recordRequests();
    renderRoute(paths.checkUserQuestionnaireDetail, { session: 'check' });
    expect(await screen.findByRole('heading', { name: '这份问卷为谁填写？' })).toBeInTheDocument();
    expect(await screen.findByText('暂无登记信息')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去信息登记' })).toHaveAttribute(
      'href',
      paths.checkUserInfoEnter,
    );
    expect(log.count('/Response/Add')).toBe(0);
  });
});

describe('filling in a questionnaire', () => {
  it('shows a loading state, then the questions with required ones marked and the progress at 0', async () => {
    await signInForTest('work');
    server.use(http.get('*/api/v1/Questionnaire/GetDetail', async () => delay(100).then(() => undefined)));
    renderRoute(LIFESTYLE, { session: 'work' });
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('加载中');
    expect(await screen.findByRole('heading', { name: '饮食与生活方式调查' })).toBeInTheDocument();
    const smoking = question(/您的吸烟情况是/);
    // The * is for the eye; a screen reader hears （必答）.
    expect(smoking).toHaveAccessibleName('1. 您的吸烟情况是？（必答）');
    expect(within(smoking).getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(within(smoking).getByRole('radiogroup')).toHaveAttribute('aria-required', 'true');
    expect(within(smoking).getAllByRole('radio')).toHaveLength(3);
    expect(question(/日常饮食有哪些特点/)).toHaveAccessibleName(/（必答）$/);
    expect(within(question(/日常饮食有哪些特点/)).getAllByRole('checkbox')).toHaveLength(4);
    expect(question(/运动/)).not.toHaveAccessibleName(/必答/);
    expect(within(question(/还有什么想告诉我们/)).getByRole('textbox')).toHaveAttribute(
      'aria-required',
      'false',
    );
    expect(screen.getByText('已答 0/6 题')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '答题进度' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('checks required answers on submit: a message at each, the first one brought into view, nothing sent', async () => {
    await signInForTest('work');
    const log = recordRequests();
    renderRoute(LIFESTYLE, { session: 'work' });
    await screen.findByRole('heading', { name: '饮食与生活方式调查' });
    await answerRadio('已戒烟');
    await userEvent.click(screen.getByRole('button', { name: '提交问卷' }));
    const messages = await screen.findAllByText('请回答此题');
    expect(messages).toHaveLength(3);
    expect(within(question(/您平时饮酒吗/)).getByText('请回答此题')).toBeInTheDocument();
    expect(within(question(/红肉/)).getByText('请回答此题')).toBeInTheDocument();
    expect(within(question(/日常饮食/)).getByText('请回答此题')).toBeInTheDocument();
    expect(within(question(/吸烟/)).queryByText('请回答此题')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(question(/您平时饮酒吗/)));
    expect(scrolled).toContain(question(/您平时饮酒吗/));
    expect(within(question(/您平时饮酒吗/)).getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
    expect(log.count('/Response/Submit')).toBe(0);

    // Answering removes that question's message.
    await answerRadio('不饮酒');
    expect(within(question(/您平时饮酒吗/)).queryByText('请回答此题')).toBeNull();
    expect(screen.getAllByText('请回答此题')).toHaveLength(2);
  });

  it('shows the progress as questions are answered', async () => {
    await signInForTest('work');
    renderRoute(LIFESTYLE, { session: 'work' });
    await screen.findByRole('heading', { name: '饮食与生活方式调查' });
    await answerRadio('从不吸烟');
    await userEvent.click(screen.getByRole('checkbox', { name: '常吃粗粮杂粮' }));
    await userEvent.type(within(question(/还有什么想告诉我们/)).getByRole('textbox'), '少油少盐');
    expect(screen.getByText('已答 3/6 题')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: '答题进度' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuetext', '已答 3 题，共 6 题');
    // Unticking the only choice makes the question unanswered again.
    await userEvent.click(screen.getByRole('checkbox', { name: '常吃粗粮杂粮' }));
    expect(screen.getByText('已答 2/6 题')).toBeInTheDocument();
  });

  it('creates a draft with Response/Add on the first answer and autosaves later answers with Response/Update', async () => {
    await signInForTest('work');
    const log = recordRequests();
    renderRoute(LIFESTYLE, { session: 'work' });
    await screen.findByRole('heading', { name: '饮食与生活方式调查' });
    await answerRadio('目前吸烟');
    expect(log.count('/Response/Add')).toBe(0);
    expect(await screen.findByText('已自动保存')).toBeInTheDocument();
    const added = await log.to('/Response/Add');
    expect(added.map((r) => r.body)).toEqual([
      { questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID, registrationId: PERSON.id, answers: { l1: 'current' } },
    ]);
    const draftId = defaultDb.state.responses.find(
      (r) => r.questionnaireId === LIFESTYLE_QUESTIONNAIRE_ID && r.registrationId === PERSON.id,
    )?.id;
    expect(draftId).toBeTruthy();

    await answerRadio('偶尔饮酒（每周少于 1 次）');
    await userEvent.click(screen.getByRole('checkbox', { name: '口味偏油腻' }));
    await waitFor(async () => expect(await log.to('/Response/Update')).toHaveLength(1));
    expect((await log.to('/Response/Update'))[0].body).toEqual({
      id: draftId,
      answers: { l1: 'current', l2: 'sometimes', l4: ['oily'] },
    });
    expect(log.count('/Response/Add')).toBe(1);
    expect(readPersisted(LIFESTYLE_KEY, localDraftSchema)).toEqual({
      responseId: draftId,
      answers: { l1: 'current', l2: 'sometimes', l4: ['oily'] },
    });
  });

  it('says quietly when autosave fails and retries when the network is back; the answers stay', async () => {
    await signInForTest('work');
    server.use(http.post('*/api/v1/Response/Add', () => HttpResponse.error()));
    renderRoute(LIFESTYLE, { session: 'work' });
    await screen.findByRole('heading', { name: '饮食与生活方式调查' });
    await answerRadio('从不吸烟');
    expect(await screen.findByText('保存失败，将在恢复网络后重试')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '从不吸烟' })).toBeChecked();
    await waitFor(() =>
      expect(readPersisted(LIFESTYLE_KEY, localDraftSchema)?.answers).toEqual({ l1: 'never' }),
    );
    server.resetHandlers();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('已自动保存')).toBeInTheDocument();
    expect(
      defaultDb.state.responses.some(
        (r) => r.questionnaireId === LIFESTYLE_QUESTIONNAIRE_ID && r.registrationId === PERSON.id,
      ),
    ).toBe(true);
  });

  it('two taps on 提交问卷 within one frame submit once', async () => {
    await signInForTest('work');
    const log = recordRequests();
    const { router } = renderRoute(LIFESTYLE, { session: 'work' });
    await answerLifestyle();
    server.use(http.post('*/api/v1/Response/Submit', () => delay(300).then(() => undefined)));
    const submit = screen.getByRole('button', { name: '提交问卷' });
    const refused = watchForText(REPEAT_SUBMIT_MESSAGE);
    tapTwiceInOneFrame(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.questionnaireList));
    expect(log.count('/Response/Submit')).toBe(1);
    // The second tap did nothing: not a second request, nor the client's refusal of one.
    expect(refused()).toBe(false);
  });

  it('submits with Response/Submit (button busy meanwhile), says so, and shows the new response in the history', async () => {
    await signInForTest('work');
    const log = recordRequests();
    server.use(http.post('*/api/v1/Response/Submit', async () => delay(200).then(() => undefined)));
    const { router } = renderRoute(LIFESTYLE, { session: 'work' });
    await answerLifestyle();
    const submit = screen.getByRole('button', { name: '提交问卷' });
    await userEvent.click(submit);
    expect(await screen.findByRole('button', { name: '正在提交…' })).toBeDisabled();
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.questionnaireList));
    const [sent] = await log.to('/Response/Submit');
    expect(sent.body).toMatchObject({
      questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID,
      answers: { l1: 'never', l2: 'never', l3: 'low', l4: ['vegetables'] },
    });
    expect(readPersisted(LIFESTYLE_KEY, localDraftSchema)).toBeUndefined();
    const list = await screen.findByRole('list', { name: '历史问卷' });
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('饮食与生活方式调查');
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('已提交');
  });

  it('says so at a question type the app does not know, and still shows the others', async () => {
    await signInForTest('work');
    const questionnaire = defaultDb.state.questionnaires.find((q) => q.id === LIFESTYLE_QUESTIONNAIRE_ID)!;
    server.use(
      http.get('*/api/v1/Questionnaire/GetDetail', () =>
        HttpResponse.json({
          statusCode: 2000,
          responseData: {
            ...questionnaire,
            questions: [
              { id: 'x1', type: 'slider', title: '疼痛程度', required: false },
              ...questionnaire.questions,
            ],
          },
        }),
      ),
    );
    renderRoute(LIFESTYLE, { session: 'work' });
    expect(
      await within(await screen.findByRole('group', { name: /疼痛程度/ })).findByText(
        '此题型暂不支持在手机上作答，请联系工作人员。',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '从不吸烟' })).toBeInTheDocument();
  });

  it('shows the contract message, not a blank form, when the questionnaire arrives in a shape the app does not expect', async () => {
    await signInForTest('work');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/api/v1/Questionnaire/GetDetail', () =>
        HttpResponse.json({ statusCode: 2000, responseData: { questionnaireTitle: '饮食与生活方式调查' } }),
      ),
    );
    renderRoute(LIFESTYLE, { session: 'work' });
    // The message names the call, so that a screenshot tells the integrator where to look.
    const message = '服务器返回的数据格式有误（Questionnaire/GetDetail），请稍后重试或联系客服';
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(consoleError.mock.calls.join('\n')).toContain('GET /api/v1/Questionnaire/GetDetail');
  });

  it('marks the question the server says is unanswered', async () => {
    await signInForTest('work');
    server.use(
      http.post('*/api/v1/Response/Submit', () =>
        HttpResponse.json({
          statusCode: 7001,
          responseMessage: '请回答第 3 题',
          responseData: { questionId: 'l3' },
        }),
      ),
    );
    const { router } = renderRoute(LIFESTYLE, { session: 'work' });
    await screen.findByRole('heading', { name: '饮食与生活方式调查' });
    await answerRadio('从不吸烟');
    await answerRadio('不饮酒');
    await answerRadio('少于 3 次');
    await userEvent.click(screen.getByRole('checkbox', { name: '口味偏油腻' }));
    await userEvent.click(screen.getByRole('button', { name: '提交问卷' }));
    expect(await within(question(/红肉/)).findByText('请回答此题')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.questionnaireDetail);
    expect(screen.getByRole('radio', { name: '少于 3 次' })).toBeChecked();
  });

  it('goes back to returnTo with the response id after a submit from the registration form', async () => {
    await signInForTest('work');
    const registration = registrationOf('彭志明');
    const returnTo = withQuery(paths.infoEnter, { id: registration.id });
    const { router } = renderRoute(
      withQuery(paths.questionnaireDetail, {
        questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID,
        registrationId: registration.id,
        returnTo,
      }),
      { session: 'work' },
    );
    await screen.findByRole('heading', { name: '饮食与生活方式调查' });
    await answerRadio('从不吸烟');
    await answerRadio('不饮酒');
    await answerRadio('少于 3 次');
    await userEvent.click(screen.getByRole('checkbox', { name: '口味偏油腻' }));
    await userEvent.click(screen.getByRole('button', { name: '提交问卷' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoEnter));
    const submitted = defaultDb.state.responses.find(
      (r) => r.registrationId === registration.id && r.questionnaireId === LIFESTYLE_QUESTIONNAIRE_ID,
    );
    expect(submitted?.status).toBe('submitted');
    expect(new URLSearchParams(router.state.location.search).get('questionnaireResponseId')).toBe(
      submitted?.id,
    );
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe(registration.id);
  });

  it('shows the error with 重试 when the questionnaire cannot load', async () => {
    await signInForTest('work');
    // A refusal: shown after its one try (a dropped connection is asked again by itself first).
    server.use(
      http.get('*/api/v1/Questionnaire/GetDetail', () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
    );
    renderRoute(LIFESTYLE, { session: 'work' });
    expect(await screen.findByRole('alert')).toHaveTextContent('系统接口500异常');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '饮食与生活方式调查' })).toBeInTheDocument();
  });

  it('offers the questionnaires to choose from when the link names none and several apply', async () => {
    await signInForTest('check');
    const registration = registrationOf('陈建国');
    // Started, not submitted: the lifestyle survey still applies, beside the risk questionnaire.
    defaultDb.mutate((state) => {
      state.responses.push({
        id: 'resp-unit-lifestyle',
        questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID,
        registrationId: registration.id,
        status: 'draft',
        answers: { l1: 'never' },
        createdAt: registration.registeredAt,
        updatedAt: registration.registeredAt,
        ownerUserId: CHECK_USER_ID,
      });
    });
    renderRoute(
      withQuery(paths.checkUserQuestionnaireDetail, {
        registrationId: registration.id,
        returnTo: paths.checkUserInfoEnter,
      }),
      {
        session: 'check',
      },
    );
    const list = await screen.findByRole('list', { name: '可填写的问卷' });
    const risk = within(list).getByRole('link', { name: /大肠癌筛查风险评估问卷/ });
    expect(risk).not.toHaveTextContent(/已提交|未完成/);
    const lifestyle = within(list).getByRole('link', { name: /饮食与生活方式调查/ });
    expect(lifestyle).toHaveTextContent('未完成');
    expect(lifestyle).toHaveAttribute(
      'href',
      withQuery(paths.checkUserQuestionnaireDetail, {
        questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID,
        registrationId: registration.id,
        returnTo: paths.checkUserInfoEnter,
      }),
    );
  });

  it('opens the one questionnaire a registration has not submitted, with no choice first', async () => {
    await signInForTest('work');
    // The screening site's 赵美玲 answered the lifestyle survey only.
    const registration = registrationOf('赵美玲');
    renderRoute(withQuery(paths.questionnaireDetail, { registrationId: registration.id }), {
      session: 'work',
    });
    expect(await screen.findByRole('heading', { name: '大肠癌筛查风险评估问卷' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '填写问卷' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '可填写的问卷' })).not.toBeInTheDocument();
  });

  it('still offers the choice when the registration has submitted every questionnaire', async () => {
    await signInForTest('check');
    const registration = registrationOf('张秀英');
    defaultDb.mutate((state) => {
      for (const response of state.responses) {
        if (response.registrationId === registration.id) response.status = 'submitted';
      }
    });
    renderRoute(withQuery(paths.checkUserQuestionnaireDetail, { registrationId: registration.id }), {
      session: 'check',
    });
    const list = await screen.findByRole('list', { name: '可填写的问卷' });
    expect(within(list).getByRole('link', { name: /大肠癌筛查风险评估问卷/ })).toHaveTextContent('已提交');
    expect(within(list).getByRole('link', { name: /饮食与生活方式调查/ })).toHaveTextContent('已提交');
  });
});

describe('resuming a draft', () => {
  it('offers the server draft of a returning user; 继续填写 restores its answers and autosaves to it', async () => {
    await signInForTest('check');
    const log = recordRequests();
    const registration = registrationOf('张秀英');
    const draft = defaultDb.state.responses.find(
      (r) => r.registrationId === registration.id && r.status === 'draft' && r.ownerUserId === CHECK_USER_ID,
    );
    expect(draft?.questionnaireId).toBe(LIFESTYLE_QUESTIONNAIRE_ID);
    renderRoute(
      withQuery(paths.checkUserQuestionnaireDetail, {
        questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID,
        registrationId: registration.id,
      }),
      {
        session: 'check',
      },
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('继续上次的填写？');
    expect(dialog).toHaveTextContent('您上次已回答 3/6 题');
    await userEvent.click(within(dialog).getByRole('button', { name: '继续填写' }));
    expect(await screen.findByText('已答 3/6 题')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '从不吸烟' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '每天吃新鲜蔬菜水果' })).toBeChecked();
    await answerRadio('少于 3 次');
    await waitFor(async () => expect(await log.to('/Response/Update')).toHaveLength(1));
    expect((await log.to('/Response/Update'))[0].body).toMatchObject({
      id: draft?.id,
      answers: { l3: 'low' },
    });
    expect(log.count('/Response/Add')).toBe(0);
  });

  it('重新开始 empties the sheet and the server draft', async () => {
    await signInForTest('check');
    const log = recordRequests();
    const registration = registrationOf('张秀英');
    const draft = defaultDb.state.responses.find(
      (r) => r.registrationId === registration.id && r.status === 'draft',
    )!;
    renderRoute(
      withQuery(paths.checkUserQuestionnaireDetail, {
        questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID,
        registrationId: registration.id,
      }),
      {
        session: 'check',
      },
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '重新开始' }),
    );
    expect(await screen.findByText('已答 0/6 题')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '从不吸烟' })).not.toBeChecked();
    await waitFor(async () =>
      expect((await log.to('/Response/Update')).map((r) => r.body)).toEqual([{ id: draft.id, answers: {} }]),
    );
    expect(defaultDb.state.responses.find((r) => r.id === draft.id)?.answers).toEqual({});
  });

  it('keeps answers on this device across a reload (before autosave reached the server) and offers them', async () => {
    await signInForTest('work');
    server.use(http.post('*/api/v1/Response/Add', () => HttpResponse.error()));
    const first = renderRoute(LIFESTYLE, { session: 'work' });
    await screen.findByRole('heading', { name: '饮食与生活方式调查' });
    await answerRadio('已戒烟');
    await userEvent.type(within(question(/还有什么想告诉我们/)).getByRole('textbox'), '爱吃辣');
    fireEvent(window, new Event('pagehide'));
    first.unmount();
    server.resetHandlers();

    renderRoute(LIFESTYLE, { session: 'work' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('您上次已回答 2/6 题');
    await userEvent.click(within(dialog).getByRole('button', { name: '继续填写' }));
    expect(await screen.findByRole('radio', { name: '已戒烟' })).toBeChecked();
    expect(within(question(/还有什么想告诉我们/)).getByRole('textbox')).toHaveValue('爱吃辣');
  });

  it('continues a draft opened from the history without asking', async () => {
    await signInForTest('check');
    const registration = registrationOf('张秀英');
    const draft = defaultDb.state.responses.find(
      (r) => r.registrationId === registration.id && r.status === 'draft',
    )!;
    writePersisted<LocalDraft>(draftStorageKey('check', draft.questionnaireId, registration.id), {
      responseId: draft.id,
      answers: { ...draft.answers, l5: '3+' },
    });
    renderRoute(withQuery(paths.checkUserQuestionnaireDetail, { responseId: draft.id }), {
      session: 'check',
    });
    expect(await screen.findByText('已答 4/6 题')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('radio', { name: '3 天及以上' })).toBeChecked();
  });
});

describe('a submitted response', () => {
  it('is shown read-only, each answer next to its question', async () => {
    await signInForTest('check');
    const registration = registrationOf('张秀英');
    const submitted = defaultDb.state.responses.find(
      (r) => r.registrationId === registration.id && r.questionnaireId === RISK_QUESTIONNAIRE_ID,
    )!;
    expect(submitted.status).toBe('submitted');
    renderRoute(withQuery(paths.checkUserQuestionnaireDetail, { responseId: submitted.id }), {
      session: 'check',
    });
    expect(
      await screen.findByRole('heading', { name: '大肠癌筛查风险评估问卷', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByText('已提交')).toBeInTheDocument();
    const answers = screen.getByRole('list', { name: '答题情况' });
    const first = within(answers).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('1. 近两年内，您是否有慢性腹泻');
    expect(first).toHaveTextContent(submitted.answers.q1 === 'yes' ? '是' : '否');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: '提交问卷' })).toBeNull();
  });

  it('is what a registration link shows when that registration already submitted it', async () => {
    await signInForTest('check');
    const registration = registrationOf('张秀英');
    const returnTo = paths.checkUserInfoEnter;
    const { router } = renderRoute(
      withQuery(paths.checkUserQuestionnaireDetail, {
        questionnaireId: RISK_QUESTIONNAIRE_ID,
        registrationId: registration.id,
        returnTo,
      }),
      { session: 'check' },
    );
    expect(await screen.findByText('该问卷已提交，以下是提交的答案。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回上一页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.checkUserInfoEnter));
  });
});
