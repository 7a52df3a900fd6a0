import { request } from '@/lib/http';
import {
  questionnaireSchema,
  type CallOptions,
  type Questionnaire,
  type QuestionnaireDetailQuery,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 问卷详情 GET /api/v1/Questionnaire/GetDetail */
export function getQuestionnaireDetail(
  query: QuestionnaireDetailQuery,
  options?: CallOptions,
): Promise<Questionnaire> {
  return request({
    schema: questionnaireSchema,
    url: endpoints.getQuestionnaireDetail,
    method: 'get',
    params: query,
    ...options,
  });
}
