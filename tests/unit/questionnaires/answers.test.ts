import { describe, expect, it } from 'vitest';
import {
  answerLabels,
  cleanAnswers,
  countAnswered,
  hasAnyAnswer,
  isAnswered,
  unansweredRequired,
} from '@/features/questionnaires/answers';
import { draftStorageKey } from '@/features/questionnaires/draft-storage';
import { returnWithResponse, safeReturnTo } from '@/features/questionnaires/questionnaire-paths';
import type { Questionnaire } from '@/types/api';

const QUESTIONNAIRE: Questionnaire = {
  id: 'qn',
  title: '问卷',
  description: '',
  version: '1',
  questions: [
    {
      id: 'a',
      type: 'single',
      title: '单选',
      required: true,
      options: [
        { value: 'y', label: '是' },
        { value: 'n', label: '否' },
      ],
    },
    {
      id: 'b',
      type: 'multiple',
      title: '多选',
      required: true,
      options: [
        { value: 'x', label: '甲' },
        { value: 'z', label: '乙' },
      ],
    },
    { id: 'c', type: 'text', title: '文字', required: false },
  ],
};

describe('answers', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['   ', false],
    ['y', true],
    [[], false],
    [['x'], true],
  ])('isAnswered(%j) is %s', (answer, expected) => {
    expect(isAnswered(answer)).toBe(expected);
  });

  it('counts answered questions and lists the unanswered required ones in order', () => {
    expect(countAnswered(QUESTIONNAIRE, { a: 'y', b: [], c: ' ' })).toBe(1);
    expect(unansweredRequired(QUESTIONNAIRE, { c: '备注' }).map((q) => q.id)).toEqual(['a', 'b']);
    expect(unansweredRequired(QUESTIONNAIRE, { a: 'n', b: ['z'] })).toEqual([]);
  });

  it('shows choices by their labels', () => {
    expect(answerLabels(QUESTIONNAIRE.questions[0], 'n')).toEqual(['否']);
    expect(answerLabels(QUESTIONNAIRE.questions[1], ['x', 'z'])).toEqual(['甲', '乙']);
    expect(answerLabels(QUESTIONNAIRE.questions[2], '按时服药')).toEqual(['按时服药']);
    expect(answerLabels(QUESTIONNAIRE.questions[2], undefined)).toEqual([]);
  });

  it('sends only answers to this questionnaire, without blanks', () => {
    expect(cleanAnswers(QUESTIONNAIRE, { a: 'y', b: [], c: '', stale: 'old' })).toEqual({ a: 'y' });
    expect(hasAnyAnswer({ a: '', b: [] })).toBe(false);
    expect(hasAnyAnswer({ c: '备注' })).toBe(true);
  });

  it('keys local drafts by audience, questionnaire and registration (ids only)', () => {
    expect(draftStorageKey('work', 'qn', undefined)).toBe('questionnaire:work:qn:-');
    expect(draftStorageKey('check', 'qn', 'reg-1')).toBe('questionnaire:check:qn:reg-1');
  });
});

describe('questionnaire paths', () => {
  it.each([
    ['/infoEnter?id=reg-1', '/infoEnter?id=reg-1'],
    ['/checkUserInfoEnter', '/checkUserInfoEnter'],
    [null, undefined],
    ['', undefined],
    ['https://evil.example/infoEnter', undefined],
    ['//evil.example/infoEnter', undefined],
    ['/\\evil.example', undefined],
    ['javascript:alert(1)', undefined],
    ['/not-a-page', undefined],
  ])('safeReturnTo(%j) is %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it('adds the submitted response to returnTo', () => {
    expect(returnWithResponse('/infoEnter?id=reg-1', 'resp-9')).toBe(
      '/infoEnter?id=reg-1&questionnaireResponseId=resp-9',
    );
  });
});
