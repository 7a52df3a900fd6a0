import { readKeys } from '../read-keys';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { request } from '@/lib/http';
import {
  tubeStatusResultSchema,
  type CallOptions,
  type TubeStatusQuery,
  type TubeStatusResult,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 采样管状态查询 POST /api/v1/Sampling/GetSamplingTubeStatus */
export function getSamplingTubeStatus(
  payload: TubeStatusQuery,
  options?: CallOptions,
): Promise<TubeStatusResult> {
  return request({
    schema: tubeStatusResultSchema,
    url: endpoints.getSamplingTubeStatus,
    method: 'post',
    data: payload,
    ...options,
  });
}

/** A tube's status and progress as a read; nothing is asked without a code. */
export const tubeStatusQuery = (tubeCode: string) =>
  queryOptions({
    queryKey: [...readKeys.tubes, tubeCode],
    queryFn: tubeCode
      ? ({ signal }) => getSamplingTubeStatus({ tubeCode }, { signal, silent: true })
      : skipToken,
    meta: { silent: true },
  });
