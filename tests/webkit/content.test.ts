import { expect, test } from 'vitest';
import { setUpWebKitApp } from './support/app';
import { signInAsStaff } from './support/page';

const app = setUpWebKitApp();

test('questionnaire: for a person found first, answered halfway, left, resumed and submitted', async () => {
  const { page, server } = app;
  const person = server.db.state.registrations.find(
    (r) => !server.db.state.responses.some((response) => response.registrationId === r.id),
  )!;
  await signInAsStaff(page);
  await page.open('/questionnaireDetail?questionnaireId=qn-lifestyle');
  await page.waitForText('这份问卷为谁填写？');
  await page.type('姓名', person.name);
  await page.tap('查询');
  await page.tapAt(`//ul[@aria-label="登记查询结果"]//a[contains(., "${person.name}")]`);
  await page.waitForText(`受检者：${person.name}`);
  await page.waitForText('已答 0/6 题');
  const questionnaire = await page.path();

  await page.choose('已戒烟');
  await page.choose('偶尔饮酒（每周少于 1 次）');
  await page.waitForText('已答 2/6 题');
  await page.waitForText('已自动保存');

  // Left for the home page and opened again: the answers are offered back.
  await page.open('/workUser');
  await page.waitForText('待提交登记');
  await page.open(questionnaire);
  await page.waitForText('您上次已回答 2/6 题');
  await page.tap('继续填写');
  expect(await page.checked('已戒烟')).toBe(true);
  expect(await page.checked('偶尔饮酒（每周少于 1 次）')).toBe(true);

  await page.tap('提交问卷');
  await page.waitForText('请回答此题');
  expect(app.requestsTo('/Response/Submit')).toHaveLength(0);
  await page.choose('3～6 次');
  await page.choose('常吃粗粮杂粮');
  await page.tap('提交问卷');
  await page.waitForPath(/^\/questionnaireList$/);
  expect(app.requestsTo('/Response/Submit')).toHaveLength(1);
  expect(app.requestsTo('/Response/Submit')[0].body).toMatchObject({
    questionnaireId: 'qn-lifestyle',
    registrationId: person.id,
    answers: { l1: 'quit', l2: 'sometimes', l3: 'medium', l4: ['grains'] },
  });
  await page.waitForText('已提交');
});

test('a message read from its list, and an announcement attachment shown as pictures', async () => {
  const { page, browser } = app;
  await page.open('/workUser');
  await page.waitForText('待提交登记');
  await page.tapAt('//a[contains(., "条未读消息")]');
  await page.waitForPath(/^\/messageType$/);
  await page.tapAt('//nav[@aria-label="消息类型"]//a[contains(., "系统通知")]');
  await page.tapAt('//a[contains(., "系统维护通知")]');
  await page.waitForText('本周六 22:00 至次日 02:00');
  await browser.waitUntil(
    () => Promise.resolve(app.requestsTo('/SystemMessage/ReadSystemMessage').length === 1),
    {
      timeout: 10_000,
      timeoutMsg: 'the message was not marked read',
    },
  );

  await page.open('/announcement');
  await page.tapAt('//ul[@aria-label="公告列表"]//a[contains(., "便隐血采样操作指南")]');
  await page.waitForText('附件（1）');
  await page.tap('下载 便隐血采样操作指南.pdf');
  await page.waitForPath(/^\/downSuccess\?attachment=[\w-]+$/);
  await page.waitForText('便隐血采样操作指南.pdf');
  await page.waitForFirstPagePicture();
});
