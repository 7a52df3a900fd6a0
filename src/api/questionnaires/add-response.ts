import { request } from '@/lib/http';
import { savedIdSchema, type CallOptions, type Id, type ResponseAddPayload } from '@/types/api';
import * as endpoints from '../endpoints';

/** 保存答卷草稿 POST /api/v1/Response/Add. Resolves with the new draft's id when the answer carries one. */
export function addResponse(payload: ResponseAddPayload, options?: CallOptions): Promise<Id | undefined> {
  return request({
    schema: savedIdSchema,
    url: endpoints.addResponse,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
