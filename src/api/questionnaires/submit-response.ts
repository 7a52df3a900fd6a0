import { request } from '@/lib/http';
import type { CallOptions, QuestionnaireResponse, ResponseSubmitPayload } from '@/types/api';

const submitResponseUrl = '/api/v1/Response/Submit';

/**
 * 提交答卷 POST /api/v1/Response/Submit
 * Fails with API_STATUS.questionnaireIncomplete (responseData QuestionnaireIncompleteData) when a required question is unanswered.
 */
export function submitResponse(
  payload: ResponseSubmitPayload,
  options?: CallOptions,
): Promise<QuestionnaireResponse> {
  return request<QuestionnaireResponse>({
    url: submitResponseUrl,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
