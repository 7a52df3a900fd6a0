import { request } from '@/lib/http';
import type { CallOptions, MessageDetailQuery, SystemMessage } from '@/types/api';

const getMessageDetailUrl = '/api/v1/SystemMessage/GetDetail';

/** 消息详情 GET /api/v1/SystemMessage/GetDetail */
export function getMessageDetail(query: MessageDetailQuery, options?: CallOptions): Promise<SystemMessage> {
  return request<SystemMessage>({ url: getMessageDetailUrl, method: 'get', params: query, ...options });
}
