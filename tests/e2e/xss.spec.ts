import type { Page } from '@playwright/test';
import { cleanFileName } from '../../src/lib/http/content-disposition';
import type { DemoState } from '../../src/mocks/db';
import { expect, signIn, test, type ApiMock } from './support/fixtures';
import { overflowingElements } from './support/layout';

/**
 * Cross-site scripting: a corpus of payloads seeded through the demo backend into every text field the
 * server sends and a page shows (people, reports, messages, announcements, questionnaires, dictionaries,
 * profiles, file names). Every page that shows them is opened: nothing runs, no native dialog opens, no
 * dangerous element or attribute reaches the DOM, and plain-text fields show the payload as text.
 *
 * Every field carries the whole corpus, one payload after another, and so does the rich content (the
 * sanitiser meets each payload alone in its unit tests). One pass runs with the Content-Security-Policy
 * bypassed, so the app's own escaping and sanitising are the only defence under test; the other under
 * the CSP that serve-static sends (the production policy), where any attempt that got through would
 * also show up as a CSP violation.
 */

interface Payload {
  name: string;
  text: string;
}

const PAYLOADS: readonly Payload[] = [
  // First, so that the rich content parses them as markup: a payload further on leaves the parser inside
  // an attribute or a raw-text element, and what follows it is text. These need a real browser: it
  // would fetch the images and follow the image map's link.
  {
    name: 'SVG images and filters from another host',
    text: `<svg width="24" height="24"><image href="https://evil.example/svg-image.png" width="24" height="24"/><image xlink:href="https://evil.example/svg-xlink.png" width="24" height="24"/><filter id="f"><feImage href="https://evil.example/fe-image.png"/></filter><rect filter="url(#f)" width="24" height="24"/></svg>`,
  },
  {
    name: 'SVG and MathML links',
    text: `<svg width="80" height="24"><a href="https://evil.example/svg-link"><text y="16">矢量图链接</text></a></svg><math href="https://evil.example/math-link"><mi>公式链接</mi></math>`,
  },
  {
    name: 'image map',
    text: `<img usemap="#user-content-evil-map" width="80" height="24" alt="图片链接" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"><map name="evil-map"><area shape="default" href="https://evil.example/area-link" alt="区域链接"></map>`,
  },
  { name: 'script element', text: `<script>window.__xss=1;alert('xss')</script>` },
  { name: 'img onerror', text: `<img src=x onerror="window.__xss=1;alert('xss')">` },
  { name: 'svg onload', text: `<svg/onload="window.__xss=1;alert('xss')"><circle r=9></circle></svg>` },
  { name: 'javascript: link', text: `<a href="javascript:window.__xss=1;alert('xss')">点我查看</a>` },
  {
    name: 'attribute breakout',
    text: `"'><script>window.__xss=1</script><img src=x onerror=window.__xss=1 x="`,
  },
  {
    name: 'iframe srcdoc',
    text: `<iframe srcdoc="<script>parent.__xss=1;parent.alert('xss')</script>"></iframe>`,
  },
  {
    name: 'template and declarative shadow root',
    text: `<template><img src=x onerror="window.__xss=1"></template><div><template shadowrootmode="open"><img src=x onerror="window.__xss=1"></template></div>`,
  },
  {
    name: 'style tricks',
    text: `<style>@import "javascript:window.__xss=1";*{background:url("javascript:window.__xss=1")}</style><div style="position:fixed;inset:0;z-index:99999;background:url(javascript:window.__xss=1)">覆盖层</div>`,
  },
  {
    name: 'mXSS namespace confusion',
    text: `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">`,
  },
  { name: 'noscript mXSS', text: `<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">` },
  {
    name: 'entity-encoded javascript: URL',
    text: `<a href="&#106;avascript&colon;window.__xss=1">链接一</a><a href="jav&#x09;ascript:window.__xss=1">链接二</a>`,
  },
  {
    name: 'object and embed',
    text: `<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">`,
  },
  {
    name: 'meta refresh and base',
    text: `<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1"><base href="javascript:window.__xss=1//">`,
  },
  {
    name: 'form action and formaction',
    text: `<form action="javascript:window.__xss=1"><button>提交</button></form><button formaction="javascript:window.__xss=1">确定</button>`,
  },
  {
    name: 'details ontoggle and autofocus',
    text: `<details open ontoggle="window.__xss=1"><summary>详情</summary></details><input autofocus onfocus="window.__xss=1">`,
  },
  {
    name: 'media onerror',
    text: `<video><source onerror="window.__xss=1"></video><audio src=x onerror="window.__xss=1"></audio>`,
  },
  { name: 'data: URL link', text: `<a href="data:text/html,<script>alert('xss')</script>">打开附件</a>` },
  {
    name: 'template expressions',
    text: "{{constructor.constructor('window.__xss=1')()}} ${window.__xss=1} <%= window.__xss=1 %>",
  },
  {
    name: 'CSS-escaped url()',
    text: `<p style="background:u\\72l(https://evil.example/css.png) #fff;background-image:u\\72l(https://evil.example/css2.png)">背景图</p>`,
  },
  {
    name: 'transform overlay',
    text: `<div style="transform:translateY(-400px) scale(4);transform-origin:top">假的登录框</div>`,
  },
  {
    name: 'viewport-sized block',
    text: `<div style="height:100vh;width:100vw;padding-top:100vh;margin-top:-100vh;background:#fff">遮挡层</div>`,
  },
  {
    name: 'id and name clobbering',
    text: `<a id="root" name="root">锚点</a><img name="getElementById" id="app-load-check" src="pixel.gif">`,
  },
  {
    name: 'image from another host',
    text: `<img src="https://evil.example/track.gif?who=1" alt="追踪"><table><tr><td background="https://evil.example/bg.gif">表格</td></tr></table>`,
  },
  {
    name: 'look-alike link',
    text: `<a href="https://evil.example/login" target="_blank">重新登录</a>`,
  },
];

/** Seeded values carry a field marker, so each field's text can be found on the page. */
const FIELDS = {
  workerName: '【工作人员】',
  workerInstitution: '【机构】',
  person: '【受检者】',
  address: '【住址】',
  contact: '【联系人】',
  registeredBy: '【登记人】',
  nation: '【民族】',
  timelineNote: '【进度】',
  unbindReason: '【解绑原因】',
  reportPerson: '【报告人】',
  lab: '【检测机构】',
  advice: '【建议】',
  doctor: '【医生】',
  testItem: '【项目】',
  reportFile: '【报告文件】',
  messageTitle: '【消息标题】',
  messageSummary: '【消息摘要】',
  messageText: '【消息正文】',
  htmlMessageTitle: '【富文本消息】',
  messageType: '【消息类型】',
  announcementTitle: '【公告标题】',
  announcementSummary: '【公告摘要】',
  attachment: '【附件】',
  questionnaireTitle: '【问卷】',
  questionnaireDescription: '【问卷说明】',
  questionTitle: '【题目】',
  optionLabel: '【选项】',
  respondent: '【答卷人】',
  checkUserName: '【本人】',
  family: '【家人】',
} as const;

type Field = keyof typeof FIELDS;

/** Marks rich (HTML) content so the test can see it was rendered. */
const HTML_MARKER = '富文本已显示';

interface Seeded {
  registrationId: string;
  reportId: string;
  reportIdCard: string;
  textMessageId: string;
  htmlMessageId: string;
  announcementId: string;
  attachmentAnnouncementId: string;
  responseId: string;
  checkReportId: string;
  value: (field: Field) => string;
}

function one<T>(items: readonly T[], predicate: (item: T) => boolean, what: string): T {
  const found = items.find(predicate);
  if (!found) throw new Error(`the demo data has no ${what}`);
  return found;
}

/** Puts the payload into every server-rendered text field the pages below show. */
function seed(api: ApiMock, payload: (field: Field) => string, html: string): Seeded {
  return api.db.mutate((state: DemoState) => {
    const now = Date.now();
    const value = payload;

    const admin = one(state.users, (u) => u.id === '1', 'admin');
    admin.name = value('workerName');
    admin.institutionName = value('workerInstitution');
    const checkUser = one(state.users, (u) => u.role === 'check', 'check user');
    checkUser.name = value('checkUserName');

    // A registration whose tube can still be unbound, newest, so it heads the search list.
    const tube = one(state.tubes, (t) => t.status === 'bound' && !!t.registrationId, 'bound tube');
    const registration = one(
      state.registrations,
      (r) => r.id === tube.registrationId,
      'registration of the bound tube',
    );
    Object.assign(registration, {
      name: value('person'),
      address: value('address'),
      emergencyContactName: value('contact'),
      registeredByName: value('registeredBy'),
      institutionName: value('workerInstitution'),
      registeredAt: new Date(now - 60_000).toISOString(),
    });
    tube.timeline[tube.timeline.length - 1].note = value('timelineNote');
    const nation = one(
      state.dictionaries.nation,
      (item) => item.itemValue === registration.nation,
      'nation item',
    );
    nation.itemText = value('nation');
    state.dictionaries.unbind_reason[0].itemText = value('unbindReason');

    // A positive report (its detail names the lab) and the registration behind it.
    const report = one(state.reports, (r) => r.result === 'positive', 'positive report');
    Object.assign(report, {
      personName: value('reportPerson'),
      institution: value('lab'),
      advice: value('advice'),
      doctor: value('doctor'),
      testItem: value('testItem'),
      fileName: value('reportFile'),
    });
    one(state.registrations, (r) => r.id === report.registrationId, 'report registration').name =
      value('reportPerson');

    // The check user's own registration and report, and the one entered for family.
    const own = one(state.registrations, (r) => r.idCard === checkUser.idCard, 'own registration');
    own.name = value('checkUserName');
    const checkReport = one(state.reports, (r) => r.registrationId === own.id, 'own report');
    checkReport.personName = value('checkUserName');
    checkReport.advice = value('advice');
    one(
      state.registrations,
      (r) => r.createdByUserId === checkUser.id && r.id !== own.id,
      'family registration',
    ).name = value('family');

    // Messages: one plain text, one HTML, both newest; the type's dictionary label.
    const system = state.messages.filter((m) => m.recipientUserId === admin.id && m.type === 'system');
    const textMessage = one(system, (m) => m.contentFormat !== 'html', 'text message');
    const htmlMessage = one(system, (m) => m.contentFormat === 'html', 'HTML message');
    Object.assign(textMessage, {
      title: value('messageTitle'),
      summary: value('messageSummary'),
      content: value('messageText'),
      sentAt: new Date(now - 60_000).toISOString(),
    });
    Object.assign(htmlMessage, {
      title: value('htmlMessageTitle'),
      summary: value('messageSummary'),
      content: `<p>${HTML_MARKER}</p>${html}`,
      sentAt: new Date(now - 120_000).toISOString(),
    });
    one(
      state.dictionaries.message_type,
      (item) => item.itemValue === 'system',
      'system message type',
    ).itemText = value('messageType');

    // Announcements: the newest one, and an attachment's file name.
    const announcement = [...state.announcements].sort(
      // The seed dates every announcement (the type lets a real server leave the date out).
      (a, b) => Date.parse(b.publishedAt ?? '') - Date.parse(a.publishedAt ?? ''),
    )[0];
    Object.assign(announcement, {
      title: value('announcementTitle'),
      summary: value('announcementSummary'),
      content: `<p>${HTML_MARKER}</p>${html}`,
    });
    const withAttachment = one(
      state.announcements,
      (a) => a.attachments.length > 0,
      'announcement with an attachment',
    );
    withAttachment.attachments[0].fileName = value('attachment');

    // A questionnaire: title, description, a question, the option the admin's response chose.
    const response = one(
      state.responses,
      (r) => r.ownerUserId === admin.id && r.status === 'submitted' && r.questionnaireId === 'qn-lifestyle',
      'submitted lifestyle response',
    );
    const questionnaire = one(
      state.questionnaires,
      (q) => q.id === response.questionnaireId,
      'questionnaire',
    );
    questionnaire.title = value('questionnaireTitle');
    questionnaire.description = value('questionnaireDescription');
    const question = questionnaire.questions[0];
    question.title = value('questionTitle');
    const chosen = response.answers[question.id];
    one(question.options ?? [], (o) => o.value === chosen, 'chosen option').label = value('optionLabel');
    one(state.registrations, (r) => r.id === response.registrationId, 'respondent').name =
      value('respondent');

    return {
      registrationId: registration.id,
      reportId: report.id,
      reportIdCard: report.idCard,
      textMessageId: textMessage.id,
      htmlMessageId: htmlMessage.id,
      announcementId: announcement.id,
      attachmentAnnouncementId: withAttachment.id,
      responseId: response.id,
      checkReportId: checkReport.id,
      value,
    };
  });
}

/** What a page may not contain once server text is in it: scripts, frames, handlers, script URLs. */
function domHazards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const scriptUrl = /^\s*(javascript|vbscript|data):/i;
    const rasterDataUrl = /^data:image\/(png|jpeg|gif|webp);base64,/;
    // Inert <template> content is looked into as well: it is one innerHTML away from being live.
    const elements = Array.from(document.querySelectorAll('*'));
    for (const template of Array.from(document.querySelectorAll('template')))
      elements.push(...Array.from(template.content.querySelectorAll('*')));
    for (const element of elements) {
      const tag = element.tagName.toLowerCase();
      // index.html's own <noscript> note is a child of <body>; anything else like it came from content.
      const inBody = !!element.closest('body') || !element.isConnected;
      const fromContent = inBody && !(tag === 'noscript' && element.parentElement === document.body);
      if (
        fromContent &&
        ['iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'style', 'noscript'].includes(tag)
      ) {
        found.push(`<${tag}>`);
      }
      // The app's scripts: the build's (/assets/), and in <head> index.html's entry-failure check and
      // its first script, the inline early authorization (allowed by its hash).
      const src = element.getAttribute('src') ?? '';
      const inHead = element.parentElement === document.head;
      const appScript =
        src.startsWith('/assets/') ||
        (src === '/app-load-check.js' && inHead) ||
        (!element.hasAttribute('src') && inHead && element === document.head.querySelector('script'));
      if (tag === 'script' && !appScript) found.push('<script> not from the app');
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${tag}[${name}]`);
        const urlAttribute = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'].includes(
          name,
        );
        // The app's own pictures of PDF pages (kept with a long press in WeChat) are raster data: images,
        // which cannot run anything.
        const rasterPicture = tag === 'img' && name === 'src' && rasterDataUrl.test(attribute.value);
        if (
          urlAttribute &&
          inBody &&
          !rasterPicture &&
          (name === 'srcdoc' || scriptUrl.test(attribute.value))
        ) {
          found.push(`${tag}[${name}=${attribute.value.slice(0, 40)}]`);
        }
      }
      if (element.shadowRoot) found.push(`shadow root on <${tag}>`);
    }
    // Rich content: only harmless looks, no element that shadows the app's ids, no image from elsewhere.
    for (const element of Array.from(document.querySelectorAll('[data-rich-content] *'))) {
      const style = (element as HTMLElement).style;
      for (const property of ['position', 'transform', 'height', 'width', 'background-image'])
        if (style?.getPropertyValue(property)) found.push(`style ${property} on <${element.tagName}>`);
      if (/vh|vw/.test(element.getAttribute('style') ?? ''))
        found.push(`viewport units on <${element.tagName}>`);
    }
    for (const id of ['root', 'app-load-check'])
      if (document.querySelectorAll(`[id="${id}"], [name="${id}"]`).length > (id === 'root' ? 1 : 0))
        found.push(`a second #${id}`);
    // SVG and MathML fetch images and follow links past the sanitiser's image and link rules.
    for (const element of Array.from(document.querySelectorAll('[data-rich-content] :is(svg, math)')))
      found.push(`<${element.tagName}> in rich content`);
    if (document.querySelector('[name="getElementById"]'))
      found.push('a name that shadows document.getElementById');
    for (const image of Array.from(document.images))
      if (/evil\.example/.test(image.src)) found.push(`image from ${image.src}`);
    return found;
  });
}

interface Watch {
  dialogs: string[];
  errors: string[];
  cspViolations: string[];
  /** Requests to a host the payloads name (a tracking image, a CSS background, a followed link). */
  foreignRequests: string[];
}

function watch(page: Page): Watch {
  const watched: Watch = { dialogs: [], errors: [], cspViolations: [], foreignRequests: [] };
  page.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('evil.example')) watched.foreignRequests.push(request.url());
  });
  page.on('dialog', (dialog) => {
    watched.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => watched.errors.push(error.message));
  page.on('console', (message) => {
    if (!/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(message.text())) return;
    // Chromium checks the policy for each inline handler attribute while DOMParser builds the sanitiser's
    // inert copy of the content, and reports it from inside the sanitiser's call. Nothing runs there
    // (the document has no scripting) and the attributes never reach the page (domHazards). Any other
    // report means something on the page tried to run.
    const fromSanitiserParse =
      /\/assets\/safe-html-[\w-]+\.js$/.test(message.location().url) &&
      /inline event handler/.test(message.text());
    if (!fromSanitiserParse) watched.cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  return watched;
}

/**
 * After a page has shown the seeded text: images have loaded or failed (so an onerror would have run),
 * rich-content links have been tapped, and still nothing ran.
 */
async function expectNothingRan(page: Page, where: string, watched: Watch) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'),
        ),
      { message: `${where}: images settle` },
    )
    .toBe(true);
  // Let queued load/error events run before looking.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  expect(await domHazards(page), `${where}: dangerous markup in the DOM`).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
    `${where}: a payload ran`,
  ).toBeUndefined();
  expect(watched.dialogs, `${where}: native dialogs`).toEqual([]);
  expect(watched.foreignRequests, `${where}: requests to a payload's host`).toEqual([]);
}

function savedName(name: string): string {
  const saved = cleanFileName(name);
  if (!saved) throw new Error(`no file name left of ${name}`);
  return saved;
}

async function expectTexts(page: Page, seeded: Seeded, fields: Field[]) {
  for (const field of fields) {
    await expect(
      page.getByText(seeded.value(field), { exact: false }).first(),
      `${field} shown as text`,
    ).toBeVisible();
  }
}

/**
 * Taps every link inside rich content (where a javascript: URL would be), and every image map (a tap on
 * its picture follows the map's link), and checks the page stayed; a link to another site asks first,
 * naming the host, and is cancelled.
 */
async function tapRichLinks(page: Page) {
  const url = page.url();
  const links = page.locator('article :is(a, img[usemap])');
  for (let i = 0; i < (await links.count()); i += 1) {
    const link = links.nth(i);
    if (!(await link.isVisible())) continue;
    // Whether the tap leaves for another site (an image map's through its area): then the question must
    // come, and is awaited, not glanced at (it opens with an animation after the tap).
    const toAnotherSite = await link.evaluate((element) => {
      const target =
        element instanceof HTMLImageElement
          ? document.querySelector(`map[name="${element.useMap.replace(/^#/, '')}"] area[href]`)
          : element;
      const href = target?.getAttribute('href');
      if (!href || !URL.canParse(href, location.href)) return false;
      const destination = new URL(href, location.href);
      return /^https?:$/.test(destination.protocol) && destination.origin !== location.origin;
    });
    await link.click();
    if (toAnotherSite) {
      const leaving = page.getByRole('dialog').filter({ hasText: '即将离开本应用' });
      await expect(leaving).toContainText('evil.example');
      await leaving.getByRole('button', { name: '取消' }).click();
      await expect(leaving).toBeHidden();
    }
  }
  await expect(page).toHaveURL(url);
}

async function open(page: Page, path: string, ready: () => Promise<void>) {
  await page.goto(path);
  await ready();
}

/** Every page that shows the seeded fields, as a work user and then as a check user. */
async function visitEverything(page: Page, api: ApiMock, seeded: Seeded, watched: Watch) {
  const check = async (where: string, fields: Field[]) => {
    await expectTexts(page, seeded, fields);
    await expectNothingRan(page, where, watched);
    // Long unbroken server text wraps instead of widening the page.
    expect.soft(await overflowingElements(page), `${where}: elements wider than the screen`).toEqual([]);
  };

  await signIn(page, api, 'work');

  await open(page, '/workUser', () => expect(page.getByText(seeded.value('workerName'))).toBeVisible());
  await check('/workUser', ['workerName', 'workerInstitution', 'announcementTitle', 'announcementSummary']);

  await open(page, '/infoSearch', () =>
    expect(page.getByRole('list', { name: '登记查询结果' }).getByRole('link').first()).toBeVisible(),
  );
  await check('/infoSearch', ['person']);

  await open(page, `/infoDetail?id=${seeded.registrationId}`, () =>
    expect(page.getByText(seeded.value('timelineNote'))).toBeVisible(),
  );
  await check('/infoDetail', [
    'person',
    'address',
    'contact',
    'registeredBy',
    'workerInstitution',
    'nation',
    'timelineNote',
  ]);

  await open(page, `/bindSuccess?id=${seeded.registrationId}`, () =>
    expect(page.getByText('登记信息已保存，采样管已绑定')).toBeVisible(),
  );
  await check('/bindSuccess', ['person']);

  await open(page, `/unbindTube?id=${seeded.registrationId}`, () =>
    expect(page.getByRole('radio').first()).toBeAttached(),
  );
  await check('/unbindTube', ['person', 'unbindReason']);
  await page.getByRole('radio', { name: seeded.value('unbindReason') }).check();
  await page.getByRole('button', { name: '确认解绑' }).click();
  await expect(page.getByRole('dialog', { name: '确认解绑采样管' })).toBeVisible();
  await check('/unbindTube confirm dialog', ['person', 'unbindReason']);
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

  await open(page, '/reportSearch?type=idCard', () => expect(page.getByLabel('身份证号')).toBeVisible());
  await page.getByLabel('身份证号').fill(seeded.reportIdCard);
  await page.getByRole('button', { name: '查询报告' }).click();
  await expect(page.getByRole('list', { name: '检测报告列表' }).getByRole('link')).toHaveCount(1);
  await check('/repoetList', ['reportPerson', 'testItem']);

  await open(page, `/repoetDetail?id=${seeded.reportId}`, () =>
    expect(page.getByRole('heading', { name: '建议尽快做结肠镜检查' })).toBeVisible(),
  );
  await check('/repoetDetail', ['reportPerson', 'lab', 'advice', 'doctor', 'testItem']);
  await page.getByRole('button', { name: '保存报告图片' }).click();
  await expect(page).toHaveURL(/\/downSuccess\?(report|attachment)=[\w-]+$/);
  // The name is shown as the phone saves it: path separators and refused characters become '_'.
  await expect(page.getByText(savedName(seeded.value('reportFile')))).toBeVisible();
  await check('/downSuccess (report)', []);

  await open(page, '/messageType', () => expect(page.getByText(seeded.value('messageType'))).toBeVisible());
  await check('/messageType', ['messageType']);

  await open(page, '/messageList?type=system', () =>
    expect(page.getByText(seeded.value('messageTitle'))).toBeVisible(),
  );
  await check('/messageList', ['messageTitle', 'messageSummary', 'htmlMessageTitle']);

  await open(page, `/messageDetail?id=${seeded.textMessageId}`, () =>
    expect(page.getByRole('heading', { name: seeded.value('messageTitle') })).toBeVisible(),
  );
  await check('/messageDetail (text)', ['messageTitle', 'messageText', 'messageType']);

  await open(page, `/messageDetail?id=${seeded.htmlMessageId}`, () =>
    expect(page.getByText(HTML_MARKER)).toBeVisible(),
  );
  await check('/messageDetail (HTML)', ['htmlMessageTitle']);
  await tapRichLinks(page);
  await expectNothingRan(page, '/messageDetail (HTML) after tapping its links', watched);

  await open(page, '/announcement', () =>
    expect(page.getByText(seeded.value('announcementTitle'))).toBeVisible(),
  );
  await check('/announcement', ['announcementTitle', 'announcementSummary']);

  await open(page, `/announcementDetail?id=${seeded.announcementId}`, () =>
    expect(page.getByText(HTML_MARKER)).toBeVisible(),
  );
  await check('/announcementDetail', ['announcementTitle']);
  await tapRichLinks(page);
  await expectNothingRan(page, '/announcementDetail after tapping its links', watched);

  // A file name is shown as the phone saves it (display-safe: no path separators or refused characters).
  const attachmentName = savedName(seeded.value('attachment'));
  await open(page, `/announcementDetail?id=${seeded.attachmentAnnouncementId}`, () =>
    expect(page.getByText(attachmentName)).toBeVisible(),
  );
  await check('/announcementDetail (attachment)', []);
  await page.getByRole('button', { name: `下载 ${attachmentName}` }).click();
  await expect(page).toHaveURL(/\/downSuccess\?(report|attachment)=[\w-]+$/);
  await expect(page.getByText(attachmentName)).toBeVisible();
  await check('/downSuccess (attachment)', []);

  await open(page, '/questionnaireList', () =>
    expect(page.getByText(seeded.value('questionnaireTitle')).first()).toBeVisible(),
  );
  await check('/questionnaireList', ['questionnaireTitle', 'respondent']);

  // A questionnaire is always for a registration: one with no answers yet shows the chooser and the form.
  const unanswered = api.db.state.registrations.find(
    (r) => !api.db.state.responses.some((response) => response.registrationId === r.id),
  )!.id;
  await open(page, `/questionnaireDetail?registrationId=${unanswered}`, () =>
    expect(page.getByRole('list', { name: '可填写的问卷' })).toBeVisible(),
  );
  await check('/questionnaireDetail (chooser)', ['questionnaireTitle', 'questionnaireDescription']);

  await open(page, `/questionnaireDetail?questionnaireId=qn-lifestyle&registrationId=${unanswered}`, () =>
    expect(page.getByText(seeded.value('questionTitle'))).toBeVisible(),
  );
  await check('/questionnaireDetail (form)', ['questionnaireTitle', 'questionTitle', 'optionLabel']);

  await open(page, `/questionnaireDetail?responseId=${seeded.responseId}`, () =>
    expect(page.getByRole('list', { name: '答题情况' })).toBeVisible(),
  );
  await check('/questionnaireDetail (read-only)', [
    'questionnaireTitle',
    'questionTitle',
    'optionLabel',
    'respondent',
  ]);

  await signIn(page, api, 'check');
  await open(page, '/checkUser', () =>
    expect(page.getByText(`${seeded.value('checkUserName')}，您好`)).toBeVisible(),
  );
  await expect(page.getByRole('region', { name: '待办事项' })).toBeVisible();
  await check('/checkUser', ['checkUserName', 'family']);

  await open(page, '/checkUserInfoSearch', () =>
    expect(page.getByRole('list', { name: '我的登记' }).getByRole('link').first()).toBeVisible(),
  );
  await check('/checkUserInfoSearch', ['checkUserName', 'family']);

  await open(page, `/checkUserRepoetDetail?id=${seeded.checkReportId}`, () =>
    expect(page.getByRole('heading', { name: '本次未发现异常' })).toBeVisible(),
  );
  await check('/checkUserRepoetDetail', ['checkUserName', 'advice']);
}

// A control that cannot be tapped fails with its reason instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

const CORPUS = PAYLOADS.map((payload) => payload.text).join(' ');

/** Every field: its marker, then the whole corpus. */
const seedCorpus = (api: ApiMock) => seed(api, (field) => `${FIELDS[field]}${CORPUS}`, CORPUS);

test.describe('XSS corpus, app defences alone (CSP bypassed)', () => {
  test.use({ bypassCSP: true });
  test.describe.configure({ timeout: 120_000 });

  test('every field and the rich content carry the whole corpus: it runs nowhere and shows as text', async ({
    page,
    api,
  }) => {
    const watched = watch(page);
    const seeded = seedCorpus(api);
    await visitEverything(page, api, seeded, watched);
    expect(watched.errors, 'uncaught page errors').toEqual([]);
  });
});

test.describe('XSS corpus under the production Content-Security-Policy', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the whole corpus at once: nothing runs and the policy blocks nothing on the page', async ({
    page,
    api,
  }) => {
    const watched = watch(page);
    const seeded = seedCorpus(api);
    await page.goto('/login');
    const csp = await page.evaluate(async () =>
      (await fetch(location.href)).headers.get('content-security-policy'),
    );
    expect(csp).toContain("script-src 'self'");
    // The app's files, pdf.js's wasm decoders and index.html's one inline script by its hash: nothing
    // inline besides.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[\w+/]+=*'(;|$)/);

    await visitEverything(page, api, seeded, watched);
    expect(watched.cspViolations, 'CSP violations').toEqual([]);
    expect(watched.errors, 'uncaught page errors').toEqual([]);
  });
});
