import { request } from '@/lib/http';
import type { CallOptions, QuestionnaireListQuery, QuestionnaireSummary } from '@/types/api';

const getQuestionnaireListUrl = '/api/v1/Questionnaire/GetList';

/**
 * 问卷列表 POST /api/v1/Questionnaire/GetList
 * Assumption: an array, not a page.
 */
export function getQuestionnaireList(
  payload: QuestionnaireListQuery = {},
  options?: CallOptions,
): Promise<QuestionnaireSummary[]> {
  return request<QuestionnaireSummary[]>({
    url: getQuestionnaireListUrl,
    method: 'post',
    data: payload,
    ...options,
  });
}
