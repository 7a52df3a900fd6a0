import { describe, expect, it } from 'vitest';
import { buildTodos, latestReportFor, stageOf } from '@/features/home/check-overview';
import { draftResponse, registration, report } from './fixtures';

describe('stageOf', () => {
  it('follows the registration, then the tube', () => {
    expect(stageOf(registration({ status: 'draft' }))).toBe('draft');
    expect(stageOf(registration())).toBe('no-tube');
    expect(stageOf(registration({ tube: { code: 'CT1', status: 'unbound' } }))).toBe('no-tube');
    expect(stageOf(registration({ tube: { code: 'CT1', status: 'bound' } }))).toBe('bound');
    expect(stageOf(registration({ tube: { code: 'CT1', status: 'reported' } }))).toBe('reported');
  });
});

describe('latestReportFor', () => {
  it('picks the newest report of that registration', () => {
    const older = report({ id: 'old', reportedAt: '2025-01-01T00:00:00+08:00' });
    const newer = report({ id: 'new', reportedAt: '2026-01-01T00:00:00+08:00' });
    const other = report({ id: 'other', registrationId: 'reg-x', reportedAt: '2027-01-01T00:00:00+08:00' });
    expect(latestReportFor('reg-9001', [older, other, newer])?.id).toBe('new');
    expect(latestReportFor('reg-none', [older])).toBeUndefined();
  });
});

describe('buildTodos', () => {
  const none = { registrations: [], reports: [], draftResponses: [] };

  it('asks someone without a registration to register', () => {
    expect(buildTodos(none)).toEqual([
      expect.objectContaining({ title: '还没有登记筛查信息', action: '去登记', to: '/checkUserInfoEnter' }),
    ]);
  });

  it('gives each stage its next step, the person named when there are several', () => {
    const todos = buildTodos({
      registrations: [
        registration({ id: 'a', status: 'draft' }),
        registration({ id: 'b', name: '陈建国' }),
        registration({ id: 'c', name: '陈小明', tube: { code: 'CT9', status: 'bound' } }),
        registration({ id: 'd', name: '陈大明', tube: { code: 'CT8', status: 'tested' } }),
      ],
      reports: [],
      draftResponses: [],
      ownRegistrationId: 'a',
    });
    expect(todos.map(({ title, action, to }) => ({ title, action, to }))).toEqual([
      { title: '您的登记还没有提交', action: '去提交', to: '/checkUserInfoDetail?id=a' },
      { title: '陈建国还没有绑定采样管', action: '去绑定', to: '/checkUserInfoDetail?id=b' },
      { title: '采样管已绑定，尚未采样', action: '查看详情', to: '/checkUserInfoDetail?id=c' },
    ]);
    expect(todos[2].text).toContain('提醒陈小明');
  });

  it('puts a positive result first with the report advice', () => {
    const todos = buildTodos({
      registrations: [registration({ tube: { code: 'CT1', status: 'reported' } })],
      reports: [report({ result: 'positive', advice: '建议尽快到医院做肠镜检查。' })],
      draftResponses: [draftResponse()],
    });
    expect(todos[0]).toMatchObject({
      urgent: true,
      text: '建议尽快到医院做肠镜检查。',
      to: '/checkUserRepoetDetail?id=rpt-9001',
    });
    expect(todos[1]).toMatchObject({
      title: '问卷未完成',
      to: '/checkUserQuestionnaireDetail?responseId=resp-9001',
    });
  });

  it('asks for the health questionnaire of a registration without one, unless a draft is under way', () => {
    const without = registration({
      id: 'r1',
      questionnaireResponseId: undefined,
      tube: { code: 'CT1', status: 'sampled' },
    });
    expect(buildTodos({ registrations: [without], reports: [], draftResponses: [] })).toEqual([
      expect.objectContaining({
        title: '您还没有填写健康问卷',
        action: '去填写',
        to: '/checkUserQuestionnaireDetail?registrationId=r1',
      }),
    ]);
    const todos = buildTodos({
      registrations: [without],
      reports: [],
      draftResponses: [draftResponse({ registrationId: 'r1' })],
    });
    expect(todos.map((todo) => todo.title)).toEqual(['问卷未完成']);
  });

  it('has nothing to do while the sample is being tested and the result is negative', () => {
    expect(
      buildTodos({
        registrations: [registration({ tube: { code: 'CT1', status: 'reported' } })],
        reports: [report()],
        draftResponses: [],
      }),
    ).toEqual([]);
  });
});
