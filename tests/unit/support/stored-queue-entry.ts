/** A queued entry as the queue stores it (lib/stored-queue.ts drops an entry of another shape). */
export function storedQueueEntry<T extends { id: string; status: string }>(fields: T) {
  return {
    // Queued just now: an entry waiting longer asks its owner, and is removed later (lib/stored-queue.ts).
    createdAt: new Date().toISOString(),
    registrationInput: { name: '王小明', idCard: '110105196601010071', phone: '13800138000' },
    tubeCode: `CT-${fields.id}`,
    collectedAt: '2026-01-01T08:00:00+08:00',
    attempts: 0,
    ...fields,
  };
}
