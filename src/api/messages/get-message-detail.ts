import { request } from '@/lib/http';
import {
  systemMessageSchema,
  type CallOptions,
  type MessageDetailQuery,
  type SystemMessage,
} from '@/types/api';

const getMessageDetailUrl = '/api/v1/SystemMessage/GetDetail';

/** 消息详情 GET /api/v1/SystemMessage/GetDetail */
export function getMessageDetail(query: MessageDetailQuery, options?: CallOptions): Promise<SystemMessage> {
  return request({
    schema: systemMessageSchema,
    url: getMessageDetailUrl,
    method: 'get',
    params: query,
    ...options,
  });
}
