import { readKeys } from '@/api/read-keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGE_TYPE_LABELS,
  type CallOptions,
  type Id,
  type MessageType,
  type Open,
  type SystemMessage,
} from '@/types/api';
import { pageRecipientMessage, readSystemMessage } from '@/api/messages';

/**
 * The unread messages: one page of them (PageRecipientMessage with `read: false`), counted on the phone.
 * The total, the count of each type and whether a message is unread all come from this one answer, so
 * they agree. Every page that shows them shares it (one query), and marking a message read changes it
 * for all at once.
 */
/** One more than a badge shows as a number (99+). */
const COUNTED_PAGE_SIZE = 100;

type UnreadMessages = readonly Pick<SystemMessage, 'id' | 'type'>[];

async function loadUnreadMessages(call: CallOptions): Promise<UnreadMessages> {
  const page = await pageRecipientMessage({ read: false, pageIndex: 1, pageSize: COUNTED_PAGE_SIZE }, call);
  // The filter is ours: a server that ignores it must not make every message unread.
  return page.records.filter((message) => !message.read).map(({ id, type }) => ({ id, type }));
}

export const unreadMessagesQuery = () =>
  queryOptions({
    queryKey: readKeys.unreadMessages,
    queryFn: ({ signal }) => loadUnreadMessages({ signal, silent: true }),
    meta: { silent: true },
  });

export interface UnreadCounts {
  /** The total, from the one answer (0 until it loads). */
  total: number;
  /**
   * Per type, counted from the same answer; empty when a message of it has no type the app knows (a
   * server that leaves the display-only type out): then only the total is known.
   */
  byType: Readonly<Partial<Record<MessageType, number>>>;
  /** The counts have loaded for this session. */
  loaded: boolean;
  /** Whether a listed message is unread: in the answer, or beyond it and unread by its own flag. */
  isUnread: (message: Pick<SystemMessage, 'id' | 'read'>) => boolean;
}

function countByType(messages: UnreadMessages): Partial<Record<MessageType, number>> {
  const types = Object.keys(MESSAGE_TYPE_LABELS) as MessageType[];
  const known = (type: Open<MessageType> | undefined): type is MessageType =>
    types.includes(type as MessageType);
  if (!messages.every((message) => known(message.type))) return {};
  return Object.fromEntries(
    types.map((type) => [type, messages.filter((message) => message.type === type).length]),
  );
}

/** The unread messages' counts, shared by every page that shows them. */
export function useUnreadCounts(): UnreadCounts {
  const { data } = useQuery(unreadMessagesQuery());
  const messages = data ?? [];
  const complete = messages.length < COUNTED_PAGE_SIZE;
  return {
    total: messages.length,
    byType: countByType(messages),
    loaded: data !== undefined,
    isUnread: (message) =>
      data !== undefined &&
      (messages.some((unread) => unread.id === message.id) || (!complete && !message.read)),
  };
}

/**
 * Marks a message read (ReadSystemMessage): every count drops at once, comes back if the server
 * refuses, and is read again from the server either way.
 */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  const { queryKey } = unreadMessagesQuery();
  return useMutation({
    mutationFn: (id: Id) => readSystemMessage({ id }, { silent: true }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (unread) => unread?.filter((message) => message.id !== id));
      return { previous };
    },
    onError: (_error, _id, snapshot) => queryClient.setQueryData(queryKey, snapshot?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
