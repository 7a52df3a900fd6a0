import { request } from '@/lib/http';
import {
  questionnaireResponseSchema,
  type CallOptions,
  type QuestionnaireResponse,
  type ResponseUpdatePayload,
} from '@/types/api';

const updateResponseUrl = '/api/v1/Response/Update';

/** 更新答卷草稿 POST /api/v1/Response/Update */
export function updateResponse(
  payload: ResponseUpdatePayload,
  options?: CallOptions,
): Promise<QuestionnaireResponse> {
  return request({
    schema: questionnaireResponseSchema,
    url: updateResponseUrl,
    method: 'post',
    idempotent: true,
    data: payload,
    ...options,
  });
}
