import { findRoute } from '@/app/route-table';
import { audiencePages, homePathFor, type AudiencePages, type UserAudience } from '@/config/audience';

const AUDIENCES: readonly UserAudience[] = ['work', 'check'];
const PAGES = Object.keys(audiencePages('work')) as (keyof AudiencePages)[];

describe('audience pages', () => {
  // A shared page sends each group only to routes declared for that group: a check user is never
  // led onto a staff page, nor staff onto a check user's.
  it.each(AUDIENCES.flatMap((audience) => PAGES.map((page) => [audience, page] as const)))(
    '%s %s is a route of that audience',
    (audience, page) => {
      expect(findRoute(audiencePages(audience)[page])?.audience).toBe(audience);
    },
  );

  it('gives the two groups different pages for every job', () => {
    for (const page of PAGES) expect(audiencePages('work')[page]).not.toBe(audiencePages('check')[page]);
  });

  it.each([
    ['check', '/checkUser'],
    ['work', '/workUser'],
    ['public', '/workUser'],
    [null, '/workUser'],
    [undefined, '/workUser'],
  ] as const)('home of %s is %s', (audience, home) => {
    expect(homePathFor(audience)).toBe(home);
  });
});
