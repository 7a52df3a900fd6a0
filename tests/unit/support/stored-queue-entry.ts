/** A queued entry as the queue stores it (lib/stored-queue.ts drops an entry of another shape). */
export function storedQueueEntry<T extends { id: string; status: string }>(fields: T) {
  return {
    createdAt: '2026-01-01T09:00:00+08:00',
    registrationInput: { name: '王小明', idCard: '110105196601010071', phone: '13800138000' },
    tubeCode: `CT-${fields.id}`,
    collectedAt: '2026-01-01T08:00:00+08:00',
    attempts: 0,
    ...fields,
  };
}
