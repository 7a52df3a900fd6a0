import { expect, expectAccessible, signIn, snap, test } from './support/fixtures';
import { formatIdCardGroups } from '../../src/lib/id-card';
import {
  confirmSubmit,
  fillPerson,
  MASKED_NEW_ID_CARD,
  NEW_ID_CARD,
  openOptionalFields,
  spareTube,
} from './support/journeys';

const SUBMIT = '/ScreeningRegister/Submit';
const BIND = '/Sampling/BindSamplingTube';

test.describe('registration (work users)', () => {
  test('a stored draft of the wrong shape is dropped: the empty form, not 页面出错了, on every load', async ({
    page,
    api,
  }) => {
    await signIn(page, api);
    await page.goto('/infoEnter');
    await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toBeVisible();
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('draft:registration:work:'));
      localStorage.setItem(
        key ?? 'draft:registration:work:admin',
        JSON.stringify({ savedAt: Date.now(), value: { name: 42 } }),
      );
    });
    for (let load = 0; load < 2; load += 1) {
      await page.reload();
      await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue('');
      await expect(page.getByText('页面出错了')).toHaveCount(0);
      await expect(page.getByText('已恢复上次未提交的内容')).toHaveCount(0);
    }
  });

  test('register and scan-bind, find it, open it, unbind it', async ({ page, api }) => {
    const tube = spareTube(api, 1);
    await signIn(page, api);
    await page.goto('/infoEnter');
    await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toBeVisible();
    await snap(page, 'infoEnter');
    await expectAccessible(page);

    await fillPerson(page);
    await expect(page.getByRole('textbox', { name: '出生日期', exact: true })).toHaveValue('1966-01-01');
    await expect(page.getByRole('textbox', { name: '性别', exact: true })).toHaveValue('男');
    await openOptionalFields(page);
    await page.getByRole('button', { name: '民族：未选择' }).click();
    await page.getByRole('dialog', { name: '选择民族' }).getByRole('button', { name: '汉族' }).click();
    await expect(page.getByRole('button', { name: '民族：汉族' })).toBeVisible();
    await page.getByRole('radio', { name: '没有' }).check();

    await page.evaluate((code) => window.__setNextScanResult(code), tube);
    await page.getByRole('button', { name: '扫描采样管二维码' }).click();
    await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toHaveValue(tube);
    await expect(page.getByText('可以绑定')).toBeVisible();
    await snap(page, 'infoEnter-filled');
    await expectAccessible(page);

    await page.getByRole('button', { name: '提交并绑定' }).click();
    await confirmSubmit(page);
    await expect(page).toHaveURL(/\/bindSuccess\?id=\d+$/);
    await expect(page.getByText('登记信息已保存，采样管已绑定')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const bound = page.getByRole('region', { name: '绑定信息' });
    await expect(bound.getByText(tube)).toBeVisible();
    await expect(bound.getByText(MASKED_NEW_ID_CARD)).toBeVisible();
    expect(api.requestsTo(SUBMIT)).toHaveLength(1);
    expect(api.requestsTo(BIND)).toHaveLength(1);
    expect(api.requestsTo(BIND)[0].body).toMatchObject({ tubeCode: tube });
    await snap(page, 'bindSuccess');
    await expectAccessible(page);

    await page.getByRole('button', { name: '查看详情' }).click();
    await expect(page).toHaveURL(/\/infoSearchBindSuccess\?id=\d+$/);
    await expect(page.getByText('采样管绑定成功')).toBeVisible();
    await expect(page.getByRole('region', { name: '采样管进度' })).toBeVisible();
    await snap(page, 'infoSearchBindSuccess');
    await expectAccessible(page);

    await page.goto('/infoSearch');
    await expect(page.getByRole('list', { name: '登记查询结果' })).toBeVisible();
    // The segment's radio is visually hidden; a tap lands on its label.
    await page.getByRole('radio', { name: '采样管编码' }).locator('xpath=..').click();
    await expect(page.getByRole('radio', { name: '采样管编码' })).toBeChecked();
    await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page.getByRole('heading', { name: '查询结果（共 1 条）' })).toBeVisible();
    const result = page.getByRole('link', { name: /王小明/ });
    await expect(result).toContainText(MASKED_NEW_ID_CARD);
    await snap(page, 'infoSearch');
    await expectAccessible(page);

    await result.click();
    await expect(page).toHaveURL(/\/infoDetail\?id=\d+$/);
    await expect(page.getByRole('region', { name: '采样管进度' })).toBeVisible();
    await snap(page, 'infoDetail');
    await expectAccessible(page);

    // Back keeps the query and the results (keep-alive).
    await page.goBack();
    await expect(page.getByRole('heading', { name: '查询结果（共 1 条）' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toHaveValue(tube);
    await page.getByRole('link', { name: /王小明/ }).click();

    await page.getByRole('button', { name: '解绑采样管' }).click();
    await expect(page).toHaveURL(/\/unbindTube\?id=\d+$/);
    await page.getByRole('radio', { name: '扫码绑定错误（绑错受检者）' }).check();
    await snap(page, 'unbindTube');
    await expectAccessible(page);
    await page.getByRole('button', { name: '确认解绑' }).click();
    await page
      .getByRole('dialog', { name: '确认解绑采样管' })
      .getByRole('button', { name: '确认解绑' })
      .click();
    await expect(page).toHaveURL(/\/infoDetail\?id=\d+$/);
    await expect(page.getByText(/这条登记还没有绑定采样管/)).toBeVisible();
    expect(api.requestsTo('/Sampling/UpdateSamplingOperation')).toHaveLength(1);
    expect(api.db.state.tubes.find((candidate) => candidate.code === tube)?.status).toBe('unbound');
  });

  test('住址 grows with its text to four lines, then scrolls', async ({ page, api }) => {
    await signIn(page, api);
    await page.goto('/infoEnter');
    await openOptionalFields(page);
    const address = page.getByRole('textbox', { name: '住址', exact: true });
    await expect(address).toBeVisible();
    const height = () => address.evaluate((element) => element.getBoundingClientRect().height);
    const oneLine = await height();
    await address.fill('北京市海淀区\n学院路 1 号');
    await expect.poll(height).toBeCloseTo(oneLine * 2, 0);
    await address.fill('第一行\n第二行\n第三行\n第四行\n第五行\n第六行');
    await expect.poll(height).toBeCloseTo(oneLine * 4, 0);
    expect(await address.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  });

  test('a failed submit keeps every field', async ({ page, api }) => {
    const tube = spareTube(api);
    await signIn(page, api);
    await page.goto('/infoEnter');
    await fillPerson(page);
    await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
    api.fault(SUBMIT, { kind: 'network' }, 1);

    await page.getByRole('button', { name: '提交并绑定' }).click();
    await confirmSubmit(page);
    await expect(page.getByText('后端接口连接异常')).toBeVisible();
    await expect(page).toHaveURL(/\/infoEnter$/);
    await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue('王小明');
    await expect(page.getByRole('textbox', { name: '身份证号', exact: true })).toHaveValue(
      formatIdCardGroups(NEW_ID_CARD),
    );
    await expect(page.getByRole('textbox', { name: '联系电话', exact: true })).toHaveValue('13800138000');
    await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toHaveValue(tube);

    // And after a reload, too.
    await page.reload();
    await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue('王小明');
    await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toHaveValue(tube);
    await expect(page.getByText('已恢复上次未提交的内容')).toBeVisible();

    await page.getByRole('button', { name: '提交并绑定' }).click();
    await confirmSubmit(page);
    await expect(page).toHaveURL(/\/bindSuccess\?id=\d+$/);
  });

  test('an already-bound tube warns and is not sent', async ({ page, api }) => {
    const bound = api.db.state.tubes.find((tube) => tube.status === 'bound')!;
    await signIn(page, api);
    await page.goto('/infoEnter');
    await fillPerson(page);
    await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(bound.code);
    await expect(page.getByRole('alert').filter({ hasText: '该采样管已绑定' })).toBeVisible();
    await snap(page, 'infoEnter-tube-bound');
    await page.getByRole('button', { name: '提交并绑定' }).click();
    await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toBeFocused();
    expect(api.requestsTo(SUBMIT)).toHaveLength(0);
  });

  test('a double tap sends one request', async ({ page, api }) => {
    await signIn(page, api);
    await page.goto('/infoEnter');
    await fillPerson(page);
    await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(spareTube(api));
    await expect(page.getByText('可以绑定')).toBeVisible();
    await page.getByRole('button', { name: '提交并绑定' }).dblclick();
    const dialog = page.getByRole('dialog', { name: '请确认登记信息' });
    await expect(dialog).toHaveCount(1);
    await dialog.getByRole('button', { name: '确认提交' }).dblclick();
    await expect(page).toHaveURL(/\/bindSuccess\?id=\d+$/);
    expect(api.requestsTo(SUBMIT)).toHaveLength(1);
    expect(api.requestsTo(BIND)).toHaveLength(1);
  });

  test('a lost session while submitting returns to the form, filled in, after login', async ({
    page,
    api,
  }) => {
    const tube = spareTube(api);
    await signIn(page, api);
    await page.goto('/infoEnter');
    await fillPerson(page);
    await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
    api.fault(SUBMIT, { kind: 'http', status: 401 }, 1);

    await page.getByRole('button', { name: '提交并绑定' }).click();
    await confirmSubmit(page);
    await expect(page).toHaveURL(/\/login\?redirect=%2FinfoEnter$/);
    await page.getByLabel('账号', { exact: true }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('123456');
    await page.getByRole('button', { name: '登录' }).click();

    await expect(page).toHaveURL(/\/infoEnter$/);
    await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue('王小明');
    await expect(page.getByRole('textbox', { name: '身份证号', exact: true })).toHaveValue(
      formatIdCardGroups(NEW_ID_CARD),
    );
    await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toHaveValue(tube);
    await page.getByRole('button', { name: '提交并绑定' }).click();
    await confirmSubmit(page);
    await expect(page).toHaveURL(/\/bindSuccess\?id=\d+$/);
  });

  test('a bind failure explains itself on /bindErr and 返回修改 keeps everything', async ({ page, api }) => {
    const tube = spareTube(api);
    await signIn(page, api);
    await page.goto('/infoEnter');
    await fillPerson(page);
    await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
    api.fault(BIND, { kind: 'status', statusCode: 500, responseMessage: '服务器内部错误' }, 1);

    await page.getByRole('button', { name: '提交并绑定' }).click();
    await confirmSubmit(page);
    await expect(page).toHaveURL(/\/bindErr\?reason=server$/);
    await expect(page.getByText('服务器暂时无法完成绑定，请稍后重试。')).toBeVisible();
    expect(page.url()).not.toContain('王小明');
    await snap(page, 'bindErr');
    await expectAccessible(page);

    await page.getByRole('button', { name: '返回修改' }).click();
    await expect(page).toHaveURL(/\/infoEnter$/);
    await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue('王小明');
    await expect(page.getByRole('textbox', { name: '采样管编码', exact: true })).toHaveValue(tube);

    await page.getByRole('button', { name: '提交并绑定' }).click();
    await confirmSubmit(page);
    await expect(page).toHaveURL(/\/bindSuccess\?id=\d+$/);
    // The retry bound the registration saved the first time instead of registering the person twice.
    expect(
      api.db.state.registrations.filter((registration) => registration.idCard === NEW_ID_CARD),
    ).toHaveLength(1);
  });
});

test.describe('correcting a registration (work users)', () => {
  test('a mistyped phone is corrected on the same record, typed with dashes and saved as digits; a reload keeps what was typed', async ({
    page,
    api,
  }) => {
    const tube = api.db.state.tubes.find((t) => t.status === 'bound' && t.registrationId);
    const registration = api.db.state.registrations.find((r) => r.id === tube?.registrationId);
    if (!registration) throw new Error('the demo data has no registration with a bound tube');
    await signIn(page, api);
    await page.goto(`/infoDetail?id=${registration.id}`);
    await page.getByRole('button', { name: '修改登记信息' }).click();
    const form = page.getByRole('form', { name: '修改登记信息' });
    await expect(form.getByRole('textbox', { name: '身份证号', exact: true })).toHaveAttribute('readonly');
    await expect(form.getByText(/已绑定采样管，身份证号不能修改/)).toBeVisible();
    // Typed as people write it, with dashes: accepted, and kept as its digits.
    await form.getByRole('textbox', { name: '联系电话', exact: true }).fill('139-1234-5678');
    await expect(form.getByText('空格和横线会自动去掉：13912345678')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.includes('correction'))))
      .toBe(true);
    await page.reload();
    await expect(form.getByRole('textbox', { name: '联系电话', exact: true })).toHaveValue('139-1234-5678');
    await expectAccessible(page);
    await form.getByRole('button', { name: '保存修改' }).click();
    await expect(page.getByText('登记信息已更新')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(page.getByText('13912345678')).toBeVisible();
    const sent = api.requestsTo(SUBMIT);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ id: registration.id, phone: '13912345678' });
    expect(api.db.state.registrations.filter((r) => r.idCard === registration.idCard)).toHaveLength(1);
  });
});

test.describe('registration (check users)', () => {
  test('self-register with a typed tube code', async ({ page, api }) => {
    const tube = spareTube(api, 2);
    await signIn(page, api, 'check');
    await page.goto('/checkUserInfoEnter');
    await expect(page.getByRole('list', { name: '办理步骤' })).toBeVisible();
    await snap(page, 'checkUserInfoEnter');
    await expectAccessible(page);

    await fillPerson(page, '陈小红');
    await page.getByRole('textbox', { name: '采样管编码', exact: true }).fill(tube);
    await expect(page.getByText('可以绑定')).toBeVisible();
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await confirmSubmit(page);

    await expect(page).toHaveURL(/\/checkUserBindSuccess\?id=\d+$/);
    await expect(page.getByRole('heading', { name: '接下来怎么做' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('region', { name: '提交信息' }).getByText(tube)).toBeVisible();
    await snap(page, 'checkUserBindSuccess');
    await expectAccessible(page);

    await page.goto('/checkUserInfoSearch');
    const mine = page.getByRole('list', { name: '我的登记' });
    await expect(mine.getByRole('link', { name: /陈小红/ })).toBeVisible();
    await snap(page, 'checkUserInfoSearch');
    await expectAccessible(page);

    await mine.getByRole('link', { name: /陈小红/ }).click();
    await expect(page).toHaveURL(/\/checkUserInfoDetail\?id=\d+$/);
    await expect(page.getByRole('region', { name: '采样管进度' })).toBeVisible();
    await expect(page.getByRole('button', { name: '解绑采样管' })).toHaveCount(0);
    await snap(page, 'checkUserInfoDetail');
    await expectAccessible(page);
  });
});
