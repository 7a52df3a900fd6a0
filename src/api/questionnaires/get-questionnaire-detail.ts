import { request } from '@/lib/http';
import {
  questionnaireSchema,
  type CallOptions,
  type Questionnaire,
  type QuestionnaireDetailQuery,
} from '@/types/api';

const getQuestionnaireDetailUrl = '/api/v1/Questionnaire/GetDetail';

/** 问卷详情 GET /api/v1/Questionnaire/GetDetail */
export function getQuestionnaireDetail(
  query: QuestionnaireDetailQuery,
  options?: CallOptions,
): Promise<Questionnaire> {
  return request({
    schema: questionnaireSchema,
    url: getQuestionnaireDetailUrl,
    method: 'get',
    params: query,
    ...options,
  });
}
