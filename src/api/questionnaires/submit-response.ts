import { failureData, request } from '@/lib/http';
import {
  questionnaireIncompleteDataSchema,
  questionnaireResponseSchema,
  type CallOptions,
  type Id,
  type QuestionnaireResponse,
  type ResponseSubmitPayload,
} from '@/types/api';

const submitResponseUrl = '/api/v1/Response/Submit';

/**
 * 提交答卷 POST /api/v1/Response/Submit
 * Fails with API_STATUS.questionnaireIncomplete (responseData QuestionnaireIncompleteData) when a required question is unanswered.
 */
export function submitResponse(
  payload: ResponseSubmitPayload,
  options?: CallOptions,
): Promise<QuestionnaireResponse> {
  return request({
    schema: questionnaireResponseSchema,
    url: submitResponseUrl,
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
