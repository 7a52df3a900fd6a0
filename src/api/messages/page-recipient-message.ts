import { request } from '@/lib/http';
import {
  systemMessagePageSchema,
  type CallOptions,
  type MessagePageQuery,
  type Page,
  type SystemMessage,
} from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 我的消息分页 POST /api/v1/SystemMessage/PageRecipientMessage
 * Unread count of a type: `total` of `{ type, read: false, pageIndex: 1, pageSize: 1 }`.
 */
export function pageRecipientMessage(
  payload: MessagePageQuery,
  options?: CallOptions,
): Promise<Page<SystemMessage>> {
  return request({
    schema: systemMessagePageSchema,
    url: endpoints.pageRecipientMessage,
    method: 'post',
    data: payload,
    ...options,
  });
}
