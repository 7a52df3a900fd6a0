import { request } from '@/lib/http';
import {
  samplingTubeSchema,
  type BindSamplingTubePayload,
  type CallOptions,
  type SamplingTube,
} from '@/types/api';

const bindSamplingTubeUrl = '/api/v1/Sampling/BindSamplingTube';

/**
 * 绑定采样管 POST /api/v1/Sampling/BindSamplingTube
 * Failures: tubeNotFound, tubeAlreadyBound, registrationHasTube, registrationNotSubmitted, and 9001 for a future collectedAt.
 */
export function bindSamplingTube(
  payload: BindSamplingTubePayload,
  options?: CallOptions,
): Promise<SamplingTube> {
  return request({
    schema: samplingTubeSchema,
    url: bindSamplingTubeUrl,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
