import { request } from '@/lib/http';
import type { CallOptions, MessagePageQuery, Page, SystemMessage } from '@/types/api';

const pageRecipientMessageUrl = '/api/v1/SystemMessage/PageRecipientMessage';

/**
 * 我的消息分页 POST /api/v1/SystemMessage/PageRecipientMessage
 * Unread count of a type: `total` of `{ type, read: false, pageIndex: 1, pageSize: 1 }`.
 */
export function pageRecipientMessage(
  payload: MessagePageQuery,
  options?: CallOptions,
): Promise<Page<SystemMessage>> {
  return request<Page<SystemMessage>>({
    url: pageRecipientMessageUrl,
    method: 'post',
    data: payload,
    ...options,
  });
}
