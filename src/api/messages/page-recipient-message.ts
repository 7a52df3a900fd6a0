import { readKeys } from '../read-keys';
import { pagedQueryOptions } from '@/lib/paged-query';
import { request } from '@/lib/http';
import {
  systemMessagePageSchema,
  type CallOptions,
  type MessagePageQuery,
  type MessageType,
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

/** 消息列表: the messages of one type, or all, as a paged list. */
export const recipientMessagesQuery = (type: MessageType | undefined) =>
  pagedQueryOptions([...readKeys.messages, 'list', type ?? 'all'], (page, call) =>
    pageRecipientMessage({ type, ...page }, call),
  );
