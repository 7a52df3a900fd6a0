import * as v from 'valibot';
import { request } from '@/lib/http';
import { type BindSamplingTubePayload, type CallOptions } from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 绑定采样管 POST /api/v1/Sampling/BindSamplingTube
 * Failures: tubeNotFound, tubeAlreadyBound, registrationHasTube, registrationNotSubmitted, and 9001 for a future collectedAt.
 */
export async function bindSamplingTube(
  payload: BindSamplingTubePayload,
  options?: CallOptions,
): Promise<void> {
  // statusCode 2000 is the success: whatever responseData holds is not read.
  await request({
    schema: v.unknown(),
    url: endpoints.bindSamplingTube,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
