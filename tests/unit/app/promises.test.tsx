import { screen } from '@testing-library/react';
import { paths, withQuery } from '@/config/paths';
import {
  QUESTIONNAIRE_MINUTES,
  RESULT_TURNAROUND,
  SAMPLE_RETURN_DAYS,
  SCREENING_AGE,
} from '@/config/screening';
import { createSeed } from '@/mocks/seed';
import { RISK_QUESTIONNAIRE_ID, SAMPLING_GUIDE_LINES } from '@/mocks/seed-content';
import { openPage, seededRegistration } from '../registration/helpers';

/**
 * Every figure the app promises people (result turnaround, sample return window, questionnaire length,
 * age range) must read the same on every screen that states it: the pages and the demo content alike.
 */
const PROMISES = [
  {
    name: 'result turnaround',
    pattern: /(\d+(?:-\d+)?) ?个工作日/g,
    expected: RESULT_TURNAROUND.replace(/ ?个工作日$/, ''),
  },
  {
    name: 'sample return window',
    pattern: /(\d+) ?天内(?:把采样管)?交回/g,
    expected: String(SAMPLE_RETURN_DAYS),
  },
  {
    name: 'questionnaire length',
    pattern: /(?:约需|大约需要) ?(\d+) ?分钟/g,
    expected: String(QUESTIONNAIRE_MINUTES),
  },
  { name: 'age range', pattern: /(\d+-\d+) ?岁/g, expected: `${SCREENING_AGE.min}-${SCREENING_AGE.max}` },
];

function textOf(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element.textContent ?? '';
}

async function checkUserNextStepsText(): Promise<string> {
  const own = seededRegistration((r) => r.name === '陈建国');
  await openPage(withQuery(paths.checkUserBindSuccess, { id: own.id }), 'check');
  await screen.findByRole('heading', { name: '接下来怎么做' });
  return document.body.textContent ?? '';
}

function demoContentTexts(): string[] {
  const seed = createSeed(new Date());
  return [
    ...seed.announcements.flatMap((a) => [a.title, a.summary ?? '', textOf(a.content)]),
    // The screening questionnaire is the one the pages promise; others state their own length.
    ...seed.questionnaires.filter((q) => q.id === RISK_QUESTIONNAIRE_ID).map((q) => q.description ?? ''),
    ...seed.messages.map((m) => textOf(m.content)),
    ...SAMPLING_GUIDE_LINES,
  ];
}

describe('promises stated to people', () => {
  it('every screen states the same figure for each promise', async () => {
    const texts = [await checkUserNextStepsText(), ...demoContentTexts()];
    for (const { name, pattern, expected } of PROMISES) {
      const stated = texts.flatMap((text) => [...text.matchAll(pattern)].map((match) => match[1]));
      expect(stated.length, `${name} is stated somewhere`).toBeGreaterThan(0);
      expect(new Set(stated), `${name} figures`).toEqual(new Set([expected]));
    }
  });
});
