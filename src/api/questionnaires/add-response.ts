import { request } from '@/lib/http';
import {
  questionnaireResponseSchema,
  type CallOptions,
  type QuestionnaireResponse,
  type ResponseAddPayload,
} from '@/types/api';

const addResponseUrl = '/api/v1/Response/Add';

/** 保存答卷草稿 POST /api/v1/Response/Add */
export function addResponse(
  payload: ResponseAddPayload,
  options?: CallOptions,
): Promise<QuestionnaireResponse> {
  return request({
    schema: questionnaireResponseSchema,
    url: addResponseUrl,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
