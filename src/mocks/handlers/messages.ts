import type { HttpHandler } from 'msw';
import type { MessageType } from '@/types/api';
import type { DemoDb, DemoUser, StoredMessage } from '../db';
import {
  byNewest,
  endpoint,
  invalid,
  notFound,
  nowIso,
  optionalBoolean,
  optionalString,
  paginate,
  requiredString,
  type HandlerOptions,
} from './shared';
import { messageView } from './views';

const MESSAGE_TYPES: readonly MessageType[] = ['report', 'system', 'reminder'];
const MESSAGE_NOT_FOUND_MESSAGE = '消息不存在或已删除';

function findOwn(db: DemoDb, user: DemoUser, id: string): StoredMessage {
  const message = db.state.messages.find(
    (candidate) => candidate.id === id && candidate.recipientUserId === user.id,
  );
  if (!message) throw notFound(MESSAGE_NOT_FOUND_MESSAGE);
  return message;
}

export function messageHandlers(db: DemoDb, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(db, options, 'post', '/api/v1/SystemMessage/PageRecipientMessage', ({ input, user }) => {
      const type = optionalString(input, 'type') as MessageType | undefined;
      if (type && !MESSAGE_TYPES.includes(type)) throw invalid('不支持的消息类型');
      const read = optionalBoolean(input, 'read');
      const found = db.state.messages
        .filter((message) => message.recipientUserId === user.id)
        .filter((message) => !type || message.type === type)
        .filter((message) => read === undefined || message.read === read)
        .sort(byNewest((message) => message.sentAt));
      const page = paginate(found, input);
      return { ...page, records: page.records.map(messageView) };
    }),

    endpoint(db, options, 'get', '/api/v1/SystemMessage/GetDetail', ({ input, user }) =>
      messageView(findOwn(db, user, requiredString(input, 'id', '缺少消息编号'))),
    ),

    endpoint(db, options, 'post', '/api/v1/SystemMessage/ReadSystemMessage', ({ input, user }) => {
      const message = findOwn(db, user, requiredString(input, 'id', '缺少消息编号'));
      return db.mutate(() => {
        if (!message.read) {
          message.read = true;
          message.readAt = nowIso(db);
        }
        return messageView(message);
      });
    }),
  ];
}
