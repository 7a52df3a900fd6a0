import { act } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { reloadQueueFromStorage } from '@/features/offline-queue/queue-store';
import { defaultDb } from '@/mocks/db';
import { makeIdCard } from '@/mocks/id-card-generator';
import { SPARE_TUBE_CODES } from '@/mocks/seed';
import type { RegistrationInput } from '@/types/api';

/** People the demo backend does not know (seeded people live in Shanghai, 3101xx). */
export function personInput(sequence: number, name = `测试${sequence}`): RegistrationInput {
  return {
    name,
    idCard: makeIdCard('110105', '1985-05-05', sequence, sequence % 2 ? '1' : '2'),
    phone: '13800138000',
  };
}

export const spareTube = (index: number) => SPARE_TUBE_CODES[index];

/** A collection time safely in the past. */
export const COLLECTED_AT = '2020-01-01T09:00:00+08:00';

/** The module-level store outlives a test; tests/setup.ts clears localStorage after each one. */
export function resetQueue(): void {
  reloadQueueFromStorage();
}

export function registrationsWithIdCard(idCard: string) {
  return defaultDb.state.registrations.filter((registration) => registration.idCard === idCard);
}

export function tube(code: string) {
  return defaultDb.state.tubes.find((candidate) => candidate.code === code);
}

export async function closeOverlays(): Promise<void> {
  act(() => {
    Dialog.clear();
    Toast.clear();
  });
  await Promise.resolve();
}
