import { request } from '@/lib/http';
import {
  systemMessageSchema,
  type CallOptions,
  type ReadSystemMessagePayload,
  type SystemMessage,
} from '@/types/api';

const readSystemMessageUrl = '/api/v1/SystemMessage/ReadSystemMessage';

/** 标记消息已读 POST /api/v1/SystemMessage/ReadSystemMessage */
export function readSystemMessage(
  payload: ReadSystemMessagePayload,
  options?: CallOptions,
): Promise<SystemMessage> {
  return request({
    schema: systemMessageSchema,
    url: readSystemMessageUrl,
    method: 'post',
    data: payload,
    ...options,
  });
}
