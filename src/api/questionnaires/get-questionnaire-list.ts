import { request } from '@/lib/http';
import {
  questionnaireListSchema,
  type CallOptions,
  type QuestionnaireListQuery,
  type QuestionnaireSummary,
} from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 问卷列表 POST /api/v1/Questionnaire/GetList
 * Assumption: an array, not a page.
 */
export function getQuestionnaireList(
  payload: QuestionnaireListQuery = {},
  options?: CallOptions,
): Promise<QuestionnaireSummary[]> {
  return request({
    schema: questionnaireListSchema,
    url: endpoints.getQuestionnaireList,
    method: 'post',
    data: payload,
    ...options,
  });
}
