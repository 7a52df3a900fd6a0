import { buildQueryString } from '@/lib/query-string';

describe('buildQueryString', () => {
  it.each([
    [{ id: 1 }, 'id=1'],
    [{ a: 1, b: 'x' }, 'a=1&b=x'],
    [{ a: null, b: '', c: undefined, d: 'kept' }, 'd=kept'],
    [{ zero: 0, no: false }, 'zero=0&no=false'],
    [{ name: '张三', q: 'a b&c=d/?#' }, 'name=%E5%BC%A0%E4%B8%89&q=a%20b%26c%3Dd%2F%3F%23'],
    [{ 'a key': 'v' }, 'a%20key=v'],
    [{ filter: { status: 1, name: 'x' } }, 'filter%5Bstatus%5D=1&filter%5Bname%5D=x'],
    [{ filter: { a: null, b: '', c: undefined, d: 0, e: false } }, 'filter%5Bd%5D=0&filter%5Be%5D=false'],
    [{ filter: {} }, ''],
    [{ ids: [1, 2, 3] }, 'ids=1&ids=2&ids=3'],
    [{ ids: [1, null, '', undefined, 0] }, 'ids=1&ids=0'],
    [{ ids: [] }, ''],
    [
      { pageIndex: 1, pageSize: 10, query: { keyword: '管' } },
      'pageIndex=1&pageSize=10&query%5Bkeyword%5D=%E7%AE%A1',
    ],
  ])('%j -> %s', (params, expected) => {
    expect(buildQueryString(params)).toBe(expected);
  });

  it.each([[undefined], [null], [{}]])('%j -> empty string', (params) => {
    expect(buildQueryString(params)).toBe('');
  });

  it('round-trips through URLSearchParams', () => {
    const query = buildQueryString({ q: '50%+ & 更多', nested: { k: '=' } });
    const parsed = new URLSearchParams(query);
    expect(parsed.get('q')).toBe('50%+ & 更多');
    expect(parsed.get('nested[k]')).toBe('=');
  });
});
