import { useQuery } from '@tanstack/react-query';
import { dictionaryQuery } from '@/api/dictionary/dictionary-read';
import { labelOf, MESSAGE_TYPE_LABELS, type MessageType, type Open } from '@/types/api';

export function isMessageType(value: unknown): value is MessageType {
  // Not Object.hasOwn: iOS before 15.4 lacks it, and the build lowers syntax only, not library calls.
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MESSAGE_TYPE_LABELS, value);
}

export interface MessageTypeOption {
  type: MessageType;
  label: string;
}

const FALLBACK: MessageTypeOption[] = (Object.keys(MESSAGE_TYPE_LABELS) as MessageType[]).map((type) => ({
  type,
  label: MESSAGE_TYPE_LABELS[type],
}));

/**
 * The message types in the 'message_type' dictionary's order and wording; the built-in labels stand
 * in while it loads or when it fails, so the types page never waits on the dictionary.
 */
export function useMessageTypes(): MessageTypeOption[] {
  const { data = [] } = useQuery(dictionaryQuery('message_type'));
  const fromDictionary = data
    .filter((item) => isMessageType(String(item.value)))
    .map((item) => ({ type: String(item.value) as MessageType, label: item.label }));
  return fromDictionary.length > 0 ? fromDictionary : FALLBACK;
}

/** A type neither the dictionary nor the app knows is shown as the server's text. */
export function messageTypeLabel(type: Open<MessageType> | undefined, options: MessageTypeOption[]): string {
  return (
    options.find((option) => option.type === type)?.label ?? (labelOf(MESSAGE_TYPE_LABELS, type) || '消息')
  );
}
