import { request } from '@/lib/http';
import type { CallOptions, Questionnaire, QuestionnaireDetailQuery } from '@/types/api';

const getQuestionnaireDetailUrl = '/api/v1/Questionnaire/GetDetail';

/** 问卷详情 GET /api/v1/Questionnaire/GetDetail */
export function getQuestionnaireDetail(
  query: QuestionnaireDetailQuery,
  options?: CallOptions,
): Promise<Questionnaire> {
  return request<Questionnaire>({ url: getQuestionnaireDetailUrl, method: 'get', params: query, ...options });
}
