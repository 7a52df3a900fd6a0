import * as v from 'valibot';
import { request } from '@/lib/http';
import { type CallOptions, type UpdateSamplingOperationPayload } from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 解绑采样管 POST /api/v1/Sampling/UpdateSamplingOperation
 * Refused with 9001 once the lab has received the sample (see canUnbind).
 */
export async function updateSamplingOperation(
  payload: UpdateSamplingOperationPayload,
  options?: CallOptions,
): Promise<void> {
  // statusCode 2000 is the success: whatever responseData holds is not read.
  await request({
    schema: v.unknown(),
    url: endpoints.updateSamplingOperation,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
