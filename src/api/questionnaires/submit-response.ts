import { failureData, request } from '@/lib/http';
import {
  questionnaireIncompleteDataSchema,
  savedIdSchema,
  type CallOptions,
  type Id,
  type ResponseSubmitPayload,
} from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 提交答卷 POST /api/v1/Response/Submit
 * Fails with API_STATUS.questionnaireIncomplete (responseData QuestionnaireIncompleteData) when a required question is unanswered.
 * Resolves with the response's id when the answer carries one.
 */
export function submitResponse(
  payload: ResponseSubmitPayload,
  options?: CallOptions,
): Promise<Id | undefined> {
  return request({
    schema: savedIdSchema,
    url: endpoints.submitResponse,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}

/** The unanswered question a 'questionnaire incomplete' refusal names (ApiError.body), if any. */
export function incompleteQuestionFrom(body: unknown): Id | undefined {
  return failureData(body, questionnaireIncompleteDataSchema)?.questionId;
}
