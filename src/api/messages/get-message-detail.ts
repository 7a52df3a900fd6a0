import { readKeys } from '../read-keys';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { request } from '@/lib/http';
import {
  systemMessageSchema,
  type CallOptions,
  type MessageDetailQuery,
  type SystemMessage,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 消息详情 GET /api/v1/SystemMessage/GetDetail */
export function getMessageDetail(query: MessageDetailQuery, options?: CallOptions): Promise<SystemMessage> {
  return request({
    schema: systemMessageSchema,
    url: endpoints.getMessageDetail,
    method: 'get',
    params: query,
    ...options,
  });
}

/** One message as a read; nothing is asked without an id. */
export const messageQuery = (id: string) =>
  queryOptions({
    queryKey: [...readKeys.messages, 'detail', id],
    queryFn: id ? ({ signal }) => getMessageDetail({ id }, { signal, silent: true }) : skipToken,
    meta: { silent: true },
  });
