import { request } from '@/lib/http';
import { savedIdSchema, type CallOptions, type Id, type ResponseUpdatePayload } from '@/types/api';
import * as endpoints from '../endpoints';

/** 更新答卷草稿 POST /api/v1/Response/Update. Resolves with the id when the answer carries one. */
export function updateResponse(
  payload: ResponseUpdatePayload,
  options?: CallOptions,
): Promise<Id | undefined> {
  return request({
    schema: savedIdSchema,
    url: endpoints.updateResponse,
    method: 'post',
    idempotent: true,
    data: payload,
    ...options,
  });
}
