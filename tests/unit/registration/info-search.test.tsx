import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { paths, withQuery } from '@/config/paths';
import { formatIdCardGroups } from '@/lib/id-card';
import { defaultDb } from '@/mocks/db';
import { server } from '../../msw-server';
import { recordRequests } from '../support/request-log';
import { closeOverlays, fill, openPage, seededRegistration } from './helpers';

const SEARCH = '/ScreeningRegister/Search';

vi.setConfig({ testTimeout: 30_000 });
afterEach(closeOverlays);

const results = () => screen.findByRole('list', { name: '登记查询结果' });

describe('信息查询 (work)', () => {
  it('查询 shows 正在查询 on the button while the results load, and ignores a second tap', async () => {
    const person = seededRegistration(() => true);
    const { user } = await openPage(paths.infoSearch);
    await results();
    server.use(http.post(`*/api/v1${SEARCH}`, async () => delay(400).then(() => undefined)));
    const sent = recordRequests();
    await fill(user, screen.getByRole('textbox', { name: '姓名' }), person.name);
    await user.click(screen.getByRole('button', { name: '查询' }));
    const busy = await screen.findByRole('button', { name: /正在查询/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    await waitFor(() => expect(screen.getByRole('button', { name: '查询' })).toBeEnabled());
    expect(sent.count(SEARCH)).toBe(1);
  });

  it('lists the newest registrations with masked ID cards and loads further pages', async () => {
    // jsdom has no layout: give elements an offsetParent so InfiniteScroll sees its sentinel on screen.
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    onTestFinished(() => {
      if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
    });
    const sent = recordRequests();
    await openPage(paths.infoSearch);
    const list = await results();
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();

    // Every submitted registration and this account's own drafts (another account's draft is theirs).
    const admin = defaultDb.state.users.find((user) => user.accountName === 'admin');
    const visible = defaultDb.state.registrations.filter(
      (r) => r.status === 'submitted' || r.createdByUserId === admin?.id,
    );
    expect(visible.length).toBeLessThan(defaultDb.state.registrations.length);
    expect(within(list).getAllByRole('listitem')).toHaveLength(visible.length);
    const pageIndexes = (await sent.bodies(SEARCH)).map((body) => (body as { pageIndex: number }).pageIndex);
    expect(pageIndexes.slice(0, 2)).toEqual([1, 2]);
    for (const registration of defaultDb.state.registrations) {
      expect(screen.queryByText(registration.idCard, { exact: false })).toBeNull();
    }
    const first = defaultDb.state.registrations[0];
    expect(
      screen.getAllByText(`身份证号：${first.idCard.slice(0, 6)} ******** ${first.idCard.slice(14)}`).length,
    ).toBeGreaterThan(0);
  });

  it('checks an ID card or phone with the spec rules before searching', async () => {
    const sent = recordRequests();
    const { user } = await openPage(paths.infoSearch);
    await results();
    const before = sent.count(SEARCH);

    await user.click(screen.getByRole('radio', { name: '身份证号' }));
    await fill(user, screen.getByRole('textbox', { name: '身份证号' }), '123');
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请输入正确的身份证号')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '手机号' }));
    await fill(user, screen.getByRole('textbox', { name: '手机号' }), '12345');
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请填写正确的电话')).toBeInTheDocument();
    expect(sent.count(SEARCH)).toBe(before);
  });

  it('finds a person by ID card and keeps query, results and input after a detail and Back', async () => {
    const person = seededRegistration((r) => r.name === '谢桂芳');
    const sent = recordRequests();
    const { user, router } = await openPage(paths.infoSearch);
    await results();

    await user.click(screen.getByRole('radio', { name: '身份证号' }));
    // The digit keypad, as in the entry form; after 17 digits the X key is beside the field.
    const field = screen.getByRole('textbox', { name: '身份证号' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await fill(user, field, person.idCard.slice(0, 17));
    expect(screen.getByRole('button', { name: '输入末位 X' })).toBeInTheDocument();
    await fill(user, field, person.idCard.toLowerCase());
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByRole('heading', { name: '查询结果（共 1 条）' })).toBeInTheDocument();
    expect((await sent.bodies(SEARCH)).at(-1)).toMatchObject({
      keyword: person.idCard,
      searchType: 'idCard',
      pageIndex: 1,
    });

    await user.click(screen.getByRole('link', { name: /谢桂芳/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoDetail));
    expect(router.state.location.search).toBe(`?id=${person.id}`);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.infoSearch));
    expect(await screen.findByRole('heading', { name: '查询结果（共 1 条）' })).toBeVisible();
    // As the ID-card field shows a number: in the card's 6-8-4 groups, a typed x as X.
    expect(screen.getByRole('textbox', { name: '身份证号' })).toHaveValue(formatIdCardGroups(person.idCard));
    expect(screen.getByRole('link', { name: /谢桂芳/ })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const { user } = await openPage(paths.infoSearch);
    await results();
    await fill(user, screen.getByRole('textbox', { name: '姓名' }), '不存在的人');
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('没有找到符合条件的登记信息')).toBeInTheDocument();
  });
});

describe('信息查询 (check user)', () => {
  it('lists only the person’s own registrations, without a search box', async () => {
    const { user, router } = await openPage(paths.checkUserInfoSearch, 'check');
    const list = await screen.findByRole('list', { name: '我的登记' });
    expect(screen.queryByRole('search')).toBeNull();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const own = seededRegistration((r) => r.name === '张秀英');
    await user.click(within(list).getByRole('link', { name: /张秀英/ }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        withQuery(paths.checkUserInfoDetail, { id: own.id }),
      ),
    );
    // The detail page has loaded its registration (and nothing of it is left running after the test).
    expect(
      await screen.findByText(`${own.idCard.slice(0, 6)} ******** ${own.idCard.slice(14)}`),
    ).toBeInTheDocument();
  });
});
