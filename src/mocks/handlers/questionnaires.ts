import type { HttpHandler } from 'msw';
import {
  API_STATUS,
  type Answers,
  type Questionnaire,
  type QuestionnaireIncompleteData,
  type QuestionnaireResponseDetail,
  type QuestionnaireSummary,
  type ResponseStatus,
} from '@/types/api';
import type { DemoDb, DemoUser, StoredResponse } from '../db';
import { RISK_QUESTIONNAIRE_ID } from '../seed-content';
import {
  BusinessError,
  byNewest,
  canSeeRegistration,
  endpoint,
  invalid,
  notFound,
  nowIso,
  optionalString,
  paginate,
  requiredString,
  warning,
  type HandlerOptions,
} from './shared';
import { responseView } from './views';

const RESPONSE_SUBMITTED_MESSAGE = '问卷已提交，不能修改';
const ANSWER_FORMAT_MESSAGE = '答案格式不正确，请刷新后重试';

function findQuestionnaire(db: DemoDb, id: string): Questionnaire {
  const questionnaire = db.state.questionnaires.find((candidate) => candidate.id === id);
  if (!questionnaire) throw notFound('问卷不存在或已停用');
  return questionnaire;
}

function canSeeResponse(db: DemoDb, user: DemoUser, response: StoredResponse): boolean {
  if (user.role === 'work' || response.ownerUserId === user.id) return true;
  const registration = db.state.registrations.find((candidate) => candidate.id === response.registrationId);
  return !!registration && canSeeRegistration(user, registration);
}

function findResponse(db: DemoDb, user: DemoUser, id: string): StoredResponse {
  const response = db.state.responses.find((candidate) => candidate.id === id);
  if (!response || !canSeeResponse(db, user, response)) throw notFound('答卷不存在');
  return response;
}

function checkRegistration(db: DemoDb, user: DemoUser, registrationId: string | undefined): void {
  if (!registrationId) return;
  const registration = db.state.registrations.find((candidate) => candidate.id === registrationId);
  if (!registration || !canSeeRegistration(user, registration)) throw notFound('登记信息不存在');
}

/** Keeps answers to known questions with known options; drops blanks (an empty answer is no answer). */
function readAnswers(questionnaire: Questionnaire, value: unknown): Answers {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(ANSWER_FORMAT_MESSAGE);
  const answers: Answers = {};
  for (const [questionId, answer] of Object.entries(value as Record<string, unknown>)) {
    const index = questionnaire.questions.findIndex((question) => question.id === questionId);
    if (index < 0) throw invalid(ANSWER_FORMAT_MESSAGE);
    const question = questionnaire.questions[index];
    const allowed = new Set((question.options ?? []).map((option) => option.value));
    if (question.type === 'multiple') {
      if (!Array.isArray(answer) || !answer.every((item) => typeof item === 'string' && allowed.has(item))) {
        throw invalid(ANSWER_FORMAT_MESSAGE);
      }
      const unique = [...new Set(answer as string[])];
      if (unique.length > 0) answers[questionId] = unique;
    } else if (typeof answer !== 'string') {
      throw invalid(ANSWER_FORMAT_MESSAGE);
    } else if (question.type === 'single') {
      if (answer === '') continue;
      if (!allowed.has(answer)) throw invalid(ANSWER_FORMAT_MESSAGE);
      answers[questionId] = answer;
    } else {
      const text = answer.trim();
      if (question.maxLength && Array.from(text).length > question.maxLength) {
        throw invalid(`第 ${index + 1} 题不能超过 ${question.maxLength} 个字`);
      }
      if (text) answers[questionId] = text;
    }
  }
  return answers;
}

function assertComplete(questionnaire: Questionnaire, answers: Answers): void {
  const index = questionnaire.questions.findIndex(
    (question) => question.required && answers[question.id] === undefined,
  );
  if (index < 0) return;
  const question = questionnaire.questions[index];
  const data: QuestionnaireIncompleteData = { questionId: question.id };
  throw new BusinessError(
    API_STATUS.questionnaireIncomplete,
    `请回答第 ${index + 1} 题：${question.title}`,
    data,
  );
}

function detail(db: DemoDb, response: StoredResponse): QuestionnaireResponseDetail {
  return { ...responseView(db, response), questionnaire: findQuestionnaire(db, response.questionnaireId) };
}

export function questionnaireHandlers(db: DemoDb, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(db, options, 'post', '/api/v1/Questionnaire/GetList', ({ input }) => {
      const keyword = optionalString(input, 'keyword');
      return db.state.questionnaires
        .filter((questionnaire) => !keyword || questionnaire.title.includes(keyword))
        .map(({ id, title, description, version, questions }): QuestionnaireSummary => ({
          id,
          title,
          description,
          version,
          questionCount: questions.length,
        }));
    }),

    endpoint(db, options, 'get', '/api/v1/Questionnaire/GetDetail', ({ input }) =>
      findQuestionnaire(db, requiredString(input, 'id', '缺少问卷编号')),
    ),

    endpoint(db, options, 'post', '/api/v1/Response/Add', ({ input, user }) => {
      const questionnaire = findQuestionnaire(db, requiredString(input, 'questionnaireId', '缺少问卷编号'));
      const registrationId = optionalString(input, 'registrationId');
      checkRegistration(db, user, registrationId);
      const answers = readAnswers(questionnaire, input.answers);
      return db.mutate((state) => {
        const at = nowIso(db);
        const response: StoredResponse = {
          id: db.nextId(),
          questionnaireId: questionnaire.id,
          status: 'draft',
          answers,
          createdAt: at,
          updatedAt: at,
          ownerUserId: user.id,
        };
        if (registrationId) response.registrationId = registrationId;
        state.responses.push(response);
        return responseView(db, response);
      });
    }),

    endpoint(db, options, 'post', '/api/v1/Response/Update', ({ input, user }) => {
      const response = findResponse(db, user, requiredString(input, 'id', '缺少答卷编号'));
      if (response.status === 'submitted') throw warning(RESPONSE_SUBMITTED_MESSAGE);
      const answers = readAnswers(findQuestionnaire(db, response.questionnaireId), input.answers);
      return db.mutate(() => {
        response.answers = answers;
        response.updatedAt = nowIso(db);
        return responseView(db, response);
      });
    }),

    endpoint(db, options, 'post', '/api/v1/Response/Submit', ({ input, user }) => {
      const id = optionalString(input, 'id');
      const existing = id ? findResponse(db, user, id) : undefined;
      if (existing?.status === 'submitted') throw warning('问卷已提交，请勿重复提交');
      const questionnaireId =
        existing?.questionnaireId ?? requiredString(input, 'questionnaireId', '缺少问卷编号');
      const requestedQuestionnaire = optionalString(input, 'questionnaireId');
      if (requestedQuestionnaire && requestedQuestionnaire !== questionnaireId)
        throw invalid('答卷与问卷不匹配');
      const questionnaire = findQuestionnaire(db, questionnaireId);
      const registrationId = optionalString(input, 'registrationId') ?? existing?.registrationId;
      checkRegistration(db, user, registrationId);
      const answers = readAnswers(questionnaire, input.answers);
      assertComplete(questionnaire, answers);

      return db.mutate((state) => {
        const at = nowIso(db);
        const response: StoredResponse = existing ?? {
          id: db.nextId(),
          questionnaireId,
          status: 'draft',
          answers,
          createdAt: at,
          updatedAt: at,
          ownerUserId: user.id,
        };
        if (!existing) state.responses.push(response);
        response.answers = answers;
        response.status = 'submitted';
        response.updatedAt = at;
        response.submittedAt = at;
        if (registrationId) {
          response.registrationId = registrationId;
          const registration = state.registrations.find((candidate) => candidate.id === registrationId);
          if (registration && questionnaireId === RISK_QUESTIONNAIRE_ID)
            registration.questionnaireResponseId = response.id;
        }
        return responseView(db, response);
      });
    }),

    endpoint(db, options, 'post', '/api/v1/Response/Page', ({ input, user }) => {
      const status = optionalString(input, 'status') as ResponseStatus | undefined;
      const questionnaireId = optionalString(input, 'questionnaireId');
      const registrationId = optionalString(input, 'registrationId');
      const found = db.state.responses
        .filter((response) => canSeeResponse(db, user, response))
        .filter((response) => !status || response.status === status)
        .filter((response) => !questionnaireId || response.questionnaireId === questionnaireId)
        .filter((response) => !registrationId || response.registrationId === registrationId)
        .sort(byNewest((response) => response.updatedAt));
      const page = paginate(found, input);
      return { ...page, records: page.records.map((response) => responseView(db, response)) };
    }),

    endpoint(db, options, 'get', '/api/v1/Response/GetDetail', ({ input, user }) =>
      detail(db, findResponse(db, user, requiredString(input, 'id', '缺少答卷编号'))),
    ),
  ];
}
