import * as v from 'valibot';
import { request } from '@/lib/http';
import type { CallOptions, ReadSystemMessagePayload } from '@/types/api';
import * as endpoints from '../endpoints';

/** 标记消息已读 POST /api/v1/SystemMessage/ReadSystemMessage */
export async function readSystemMessage(
  payload: ReadSystemMessagePayload,
  options?: CallOptions,
): Promise<void> {
  // statusCode 2000 is the success: whatever responseData holds is not read.
  await request({
    schema: v.unknown(),
    url: endpoints.readSystemMessage,
    method: 'post',
    data: payload,
    ...options,
  });
}
