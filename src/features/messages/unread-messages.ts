import { useCallback } from 'react';
import { preloadable } from '@/lib/preload';
import { getToken } from '@/lib/token';
import { useApiRequest } from '@/lib/use-api-request';
import { MESSAGE_TYPE_LABELS, type Id, type MessageType, type Open, type SystemMessage } from '@/types/api';
import { pageRecipientMessage, readSystemMessage } from '@/api/messages';

/**
 * The unread messages: one page of them (PageRecipientMessage with `read: false`), counted on the phone.
 * The total, the count of each type and whether a message is unread all come from this one answer, so
 * they agree. Every page that shows them shares it (useApiRequest's cacheKey, CACHE_KEY): each loads it
 * again when it mounts or is shown again (keep-alive), and marking a message read changes it for all at once.
 */
const CACHE_KEY = 'unread-messages';
/** One more than a badge shows as a number (99+). */
const COUNTED_PAGE_SIZE = 100;

interface UnreadPage {
  /** Whose messages these are: a new session never sees the previous one's. */
  token: string | null;
  messages: readonly Pick<SystemMessage, 'id' | 'type'>[];
}

async function loadUnreadPage(): Promise<UnreadPage> {
  const token = getToken();
  const page = await pageRecipientMessage(
    { read: false, pageIndex: 1, pageSize: COUNTED_PAGE_SIZE },
    { silent: true },
  );
  // The filter is ours: a server that ignores it must not make every message unread.
  const messages = page.records.filter((message) => !message.read).map(({ id, type }) => ({ id, type }));
  return { token, messages };
}

const unreadPage = preloadable(loadUnreadPage);

/** Asks for the unread messages before a page that shows them has loaded (its first load takes it). */
export const preloadUnreadCounts = unreadPage.start;

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
  /** The last load failed (counts keep their previous values). */
  error: unknown;
  /** Whether a listed message is unread: in the answer, or beyond it and unread by its own flag. */
  isUnread: (message: Pick<SystemMessage, 'id' | 'read'>) => boolean;
  refresh: () => void;
  /**
   * Marks an unread message read on the server, lowering every count at once; a message that is not
   * unread changes nothing. Resolves when the server has answered; on failure the counts are loaded
   * again from the server and the error is rethrown.
   */
  markRead: (id: Id) => Promise<void>;
}

function countByType(messages: UnreadPage['messages']): Partial<Record<MessageType, number>> {
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
  const request = useApiRequest(unreadPage.load, { cacheKey: CACHE_KEY });
  const { mutate, refresh } = request;
  const page = request.data && request.data.token === getToken() ? request.data : undefined;
  const messages = page?.messages ?? [];
  const complete = messages.length < COUNTED_PAGE_SIZE;

  const markRead = useCallback(
    async (id: Id) => {
      if (!page?.messages.some((message) => message.id === id)) return;
      mutate({ ...page, messages: page.messages.filter((message) => message.id !== id) });
      try {
        await readSystemMessage({ id }, { silent: true });
      } finally {
        // Reconciled with the server either way; after a failure this brings the message back.
        refresh();
      }
    },
    [page, mutate, refresh],
  );

  return {
    total: messages.length,
    byType: countByType(messages),
    loaded: page !== undefined,
    error: request.error ?? null,
    isUnread: (message) =>
      page !== undefined &&
      (messages.some((unread) => unread.id === message.id) || (!complete && !message.read)),
    refresh,
    markRead,
  };
}
