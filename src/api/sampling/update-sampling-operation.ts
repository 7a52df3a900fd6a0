import { request } from '@/lib/http';
import {
  samplingTubeSchema,
  type CallOptions,
  type SamplingTube,
  type UpdateSamplingOperationPayload,
} from '@/types/api';

const updateSamplingOperationUrl = '/api/v1/Sampling/UpdateSamplingOperation';

/**
 * 解绑采样管 POST /api/v1/Sampling/UpdateSamplingOperation
 * Refused with 9001 once the lab has received the sample (see canUnbind).
 */
export function updateSamplingOperation(
  payload: UpdateSamplingOperationPayload,
  options?: CallOptions,
): Promise<SamplingTube> {
  return request({
    schema: samplingTubeSchema,
    url: updateSamplingOperationUrl,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
