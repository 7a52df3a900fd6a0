import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { draftStorageKey } from '@/features/questionnaires/draft-storage';
import { persistedStorageKey } from '@/lib/use-persistent-state';
import { registrationDraftKey } from '@/lib/work-keys';
import { defaultDb } from '@/mocks/db';
import { LIFESTYLE_QUESTIONNAIRE_ID } from '@/mocks/seed-content';
import { closeOverlays, openPage, seededRegistration } from '../registration/helpers';
import { TEST_OWNERS } from '../support/render-route';

/**
 * Every stored draft is read through its schema (lib/use-persistent-state readPersisted): a value
 * planted under a draft's key, or left by another version, is dropped, and its page opens as if there
 * were none, never 页面出错了.
 */
vi.setConfig({ testTimeout: 30_000 });
afterEach(closeOverlays);

const unbound = seededRegistration(
  (r) =>
    r.status === 'submitted' &&
    !defaultDb.state.tubes.some((t) => t.registrationId === r.id && t.status !== 'unbound'),
);
const boundTube = defaultDb.state.tubes.find((t) => t.status === 'bound' && t.registrationId);
const bound = seededRegistration((r) => r.id === boundTube?.registrationId);
const unanswered = seededRegistration(
  (r) => !defaultDb.state.responses.some((response) => response.registrationId === r.id),
);

const field = (name: string) => screen.findByRole('textbox', { name });

/** Each stored draft: the page that reads it, who opens it, and what that page shows without one. */
const DRAFTS: readonly {
  name: string;
  key: string;
  path: string;
  audience: 'work' | 'check';
  shownEmpty: () => Promise<void>;
}[] = [
  {
    name: 'the report search (check user)',
    key: 'report-search:check',
    path: paths.checkReportSearch,
    audience: 'check',
    shownEmpty: async () => expect(await field('身份证号')).toHaveValue(''),
  },
  {
    name: 'the report search (staff)',
    key: 'report-search:work',
    path: paths.reportSearch,
    audience: 'work',
    shownEmpty: async () => expect(await field('身份证号')).toHaveValue(''),
  },
  {
    name: 'the registration form',
    key: registrationDraftKey(TEST_OWNERS.work),
    path: paths.infoEnter,
    audience: 'work',
    shownEmpty: async () => expect(await field('姓名')).toHaveValue(''),
  },
  {
    name: 'a registration’s tube binding',
    key: `bind:work:${unbound.id}`,
    path: withQuery(paths.infoDetail, { id: unbound.id }),
    audience: 'work',
    shownEmpty: async () => expect(await field('采样管编码')).toHaveValue(''),
  },
  {
    name: 'a registration’s correction',
    key: `registration-correction:${unbound.id}`,
    path: withQuery(paths.infoDetail, { id: unbound.id }),
    audience: 'work',
    // Without a draft the correction form stays closed behind its button.
    shownEmpty: async () => {
      expect(await screen.findByRole('button', { name: '修改登记信息' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: '修改登记信息' })).toBeNull();
    },
  },
  {
    name: 'an unbinding',
    key: `unbind:${bound.id}`,
    path: withQuery(paths.unbindTube, { id: bound.id }),
    audience: 'work',
    shownEmpty: async () => expect(await field('备注（选填）')).toHaveValue(''),
  },
  {
    name: 'a questionnaire’s answers',
    key: draftStorageKey('work', LIFESTYLE_QUESTIONNAIRE_ID, unanswered.id),
    path: withQuery(paths.questionnaireDetail, {
      questionnaireId: LIFESTYLE_QUESTIONNAIRE_ID,
      registrationId: unanswered.id,
    }),
    audience: 'work',
    shownEmpty: async () => expect(await screen.findByText('已答 0/6 题')).toBeInTheDocument(),
  },
];

/** What may be found under a draft's key: not JSON, not a stored draft, a value of another shape. */
const PLANTED: readonly [string, () => string][] = [
  ['text that is not JSON', () => 'oops'],
  ['a JSON string', () => '"oops"'],
  ['a stored "oops"', () => JSON.stringify({ savedAt: Date.now(), value: 'oops' })],
  ['a stored list', () => JSON.stringify({ savedAt: Date.now(), value: [] })],
  [
    'a stored value of the wrong shape',
    () => JSON.stringify({ savedAt: Date.now(), value: { idCard: 5, tubeCode: null, answers: 'x' } }),
  ],
];

describe.each(DRAFTS)('$name', ({ key, path, audience, shownEmpty }) => {
  it.each(PLANTED)('with %s stored: the page opens without it, and it is gone', async (_, planted) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storageKey = persistedStorageKey(key);
    localStorage.setItem(storageKey, planted());
    await openPage(path, audience);
    await shownEmpty();
    expect(screen.queryByText('页面出错了')).toBeNull();
    expect(localStorage.getItem(storageKey)).toBeNull();
    expect(warn).toHaveBeenCalledWith(`本机保存的数据格式不正确，已忽略（${key.split(':')[0]}）`);
    warn.mockRestore();
  });
});
