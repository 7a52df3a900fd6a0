import { describe, expect, it } from 'vitest';
import { peopleWithIdCards } from '@/features/home/known-people';
import { maskIdCard } from '@/lib/id-card';
import { makeIdCard } from '@/mocks/id-card-generator';
import { registration } from './fixtures';

const OWN = makeIdCard('310104', '1962-03-15', 0, '2');
const HUSBAND = makeIdCard('310104', '1959-08-02', 1, '1');
/** A number ending in X, as a person may have typed it (x). */
const DAUGHTER = makeIdCard('310104', '1988-05-06', 4, '2');

describe('peopleWithIdCards: the ID numbers the report search offers a check user', () => {
  it('offers the user first, then the family, each once, by the registrations’ names', () => {
    const people = peopleWithIdCards(
      [
        registration({ id: 'b', name: '陈建国', idCard: HUSBAND }),
        registration({ id: 'a', name: '张秀英', idCard: OWN }),
        // 陈建国 again (registered a second time, the name left out of this answer).
        registration({ id: 'c', name: '', idCard: HUSBAND }),
      ],
      'a',
    );
    expect(people).toEqual([
      { idCard: OWN, name: '张秀英', own: true },
      { idCard: HUSBAND, name: '陈建国', own: false },
    ]);
  });

  it('takes a number whole and as the search sends it; a masked, short or missing one is not offered', () => {
    expect(DAUGHTER.endsWith('X')).toBe(true);
    const people = peopleWithIdCards(
      [
        registration({ id: 'a', idCard: maskIdCard(OWN) }),
        registration({ id: 'b', idCard: '' }),
        registration({ id: 'c', idCard: HUSBAND.slice(0, 15) }),
        registration({ id: 'd', name: '陈小红', idCard: DAUGHTER.toLowerCase() }),
      ],
      'a',
    );
    expect(people).toEqual([{ idCard: DAUGHTER, name: '陈小红', own: false }]);
  });

  it('names no one without registrations', () => {
    expect(peopleWithIdCards([], undefined)).toEqual([]);
  });
});
