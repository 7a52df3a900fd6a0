import { downloadAttachment, getAnnouncementDetail, pageAnnouncement } from '@/api/announcements';
import { pageDictionaryItem } from '@/api/dictionary';
import { getMessageDetail, pageRecipientMessage, readSystemMessage } from '@/api/messages';
import {
  addResponse,
  getQuestionnaireDetail,
  getQuestionnaireList,
  getResponseDetail,
  pageResponse,
  submitResponse,
  updateResponse,
} from '@/api/questionnaires';
import {
  API_STATUS,
  DICTIONARY_TYPE_CODES,
  type Id,
  type QuestionnaireIncompleteData,
  type QuestionnaireResponseDetail,
} from '@/types/api';
import { rejection, signInCheckUser, signInStaff } from './helpers';

/** The response a save wrote, as Response/GetDetail answers it (fails the test when the save answered no id). */
async function saved(save: Promise<Id | undefined>): Promise<QuestionnaireResponseDetail> {
  const id = await save;
  if (!id) throw new Error('the save answered no id');
  return getResponseDetail({ id });
}

describe('messages', () => {
  test('reading a message marks it read and lowers the unread count', async () => {
    await signInStaff();
    const unreadBefore = (await pageRecipientMessage({ pageIndex: 1, pageSize: 1, read: false })).total ?? 0;
    expect(unreadBefore).toBeGreaterThan(0);
    const reports = await pageRecipientMessage({ pageIndex: 1, pageSize: 20, type: 'report', read: false });
    const message = reports.records[0];
    expect(message).toMatchObject({ type: 'report', read: false });
    expect(message.reportId).toBeTruthy();

    expect((await getMessageDetail({ id: message.id })).read).toBe(false);
    await readSystemMessage({ id: message.id });
    const read = await getMessageDetail({ id: message.id });
    expect(read).toMatchObject({ id: message.id, read: true });
    expect(read.readAt).toBeTruthy();
    const unreadAfter = await pageRecipientMessage({ pageIndex: 1, pageSize: 1, read: false });
    expect(unreadAfter.total).toBe(unreadBefore - 1);
  });

  test('messages are per recipient, of several types, with HTML content marked as such', async () => {
    await signInStaff();
    const all = await pageRecipientMessage({ pageIndex: 1, pageSize: 50 });
    expect(new Set(all.records.map((message) => message.type))).toEqual(
      new Set(['report', 'system', 'reminder']),
    );
    expect(all.records.some((message) => message.contentFormat === 'html')).toBe(true);
    const other = await signInCheckUser().then(() => pageRecipientMessage({ pageIndex: 1, pageSize: 50 }));
    const ids = new Set(all.records.map((message) => message.id));
    expect(other.records.some((message) => ids.has(message.id))).toBe(false);
    const foreign = await rejection(getMessageDetail({ id: all.records[0].id }, { silent: true }));
    expect(foreign.code).toBe(API_STATUS.notFound);
  });
});

describe('questionnaires', () => {
  test('draft -> update -> submit -> in the history, and a submitted response is final', async () => {
    await signInStaff();
    const list = await getQuestionnaireList();
    expect(list.map((questionnaire) => questionnaire.title)).toEqual([
      '大肠癌筛查风险评估问卷',
      '饮食与生活方式调查',
    ]);
    const questionnaire = await getQuestionnaireDetail({ id: list[1].id });
    expect(new Set(questionnaire.questions.map((question) => question.type))).toEqual(
      new Set(['single', 'multiple', 'text']),
    );

    const draft = await saved(
      addResponse({
        questionnaireId: questionnaire.id,
        registrationId: '1030',
        answers: { l1: 'never' },
      }),
    );
    expect(draft).toMatchObject({
      status: 'draft',
      personName: '傅淑英',
      questionnaireTitle: '饮食与生活方式调查',
    });
    const updated = await saved(updateResponse({ id: draft.id, answers: { l1: 'never', l2: 'sometimes' } }));
    expect(updated.answers).toEqual({ l1: 'never', l2: 'sometimes' });

    const incomplete = await rejection(
      submitResponse(
        { id: draft.id, questionnaireId: questionnaire.id, answers: updated.answers },
        { silent: true },
      ),
    );
    expect(incomplete.code).toBe(API_STATUS.questionnaireIncomplete);
    expect(incomplete.message).toMatch(/^请回答第 3 题：/);
    expect((incomplete.body as { responseData: QuestionnaireIncompleteData }).responseData).toEqual({
      questionId: 'l3',
    });

    const submitted = await saved(
      submitResponse({
        id: draft.id,
        questionnaireId: questionnaire.id,
        answers: { l1: 'never', l2: 'sometimes', l3: 'low', l4: ['vegetables', 'grains'], l6: '  ' },
      }),
    );
    expect(submitted).toMatchObject({ id: draft.id, status: 'submitted' });
    expect(submitted.answers).toEqual({
      l1: 'never',
      l2: 'sometimes',
      l3: 'low',
      l4: ['vegetables', 'grains'],
    });
    expect(submitted.submittedAt).toBeTruthy();

    const history = await pageResponse({ pageIndex: 1, pageSize: 10, status: 'submitted' });
    expect(history.records[0].id).toBe(draft.id);
    const detail = await getResponseDetail({ id: draft.id });
    expect(detail.questionnaire.id).toBe(questionnaire.id);

    const locked = await rejection(updateResponse({ id: draft.id, answers: {} }, { silent: true }));
    expect(locked).toMatchObject({ code: 9001, message: '问卷已提交，不能修改' });
  });

  test('a check user sees only their own responses', async () => {
    await signInCheckUser();
    const own = await pageResponse({ pageIndex: 1, pageSize: 20 });
    expect(own.total).toBe(2);
    expect(new Set(own.records.map((response) => response.status))).toEqual(new Set(['draft', 'submitted']));
  });
});

describe('announcements and dictionaries', () => {
  test('announcements page, detail HTML and the PDF attachment download', async () => {
    await signInStaff();
    const page = await pageAnnouncement({ pageIndex: 1, pageSize: 10 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.records[0]).not.toHaveProperty('content');
    const withPdf = page.records.find((announcement) =>
      announcement.attachments.some((attachment) => attachment.contentType === 'application/pdf'),
    )!;
    const pdfAttachment = withPdf.attachments[0];
    const pdf = await downloadAttachment({ attachmentId: pdfAttachment.id });
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.fileName).toBe(pdfAttachment.fileName);
    expect(pdf.data).toBeInstanceOf(Blob);
    // msw's XHR interceptor hands jsdom a blob rebuilt from text, so only the ASCII start of a binary file survives.
    expect((await pdf.data.text()).slice(0, 5)).toBe('%PDF-');

    const withText = page.records
      .flatMap((announcement) => announcement.attachments)
      .find((attachment) => attachment.contentType.startsWith('text/plain'))!;
    const text = await downloadAttachment({ attachmentId: withText.id });
    expect(text.fileName).toBe(withText.fileName);
    const textBytes = new Uint8Array(await text.data.arrayBuffer());
    expect(textBytes.byteLength).toBe(withText.size);
    expect(await text.data.text()).toContain('结肠镜检查定点医院名单');

    const detail = await getAnnouncementDetail({ id: page.records.at(-1)!.id });
    expect(detail.content).toContain('<img');
    const missing = await rejection(downloadAttachment({ attachmentId: 'att-404' }, { silent: true }));
    expect(missing).toMatchObject({ kind: 'business', code: API_STATUS.notFound });
  });

  test('every dictionary type has items', async () => {
    await signInStaff();
    for (const dictionaryTypeCode of DICTIONARY_TYPE_CODES) {
      const page = await pageDictionaryItem({ dictionaryTypeCode, pageIndex: 1, pageSize: 1000 });
      expect(page.records.length, dictionaryTypeCode).toBeGreaterThan(1);
    }
    const nations = await pageDictionaryItem({ dictionaryTypeCode: 'nation', pageIndex: 1, pageSize: 1000 });
    expect(nations.total).toBe(56);
  });
});
