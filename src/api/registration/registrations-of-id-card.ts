import { normalizeIdCard } from '@/lib/id-card';
import type { CallOptions, Registration } from '@/types/api';
import { searchRegistrations } from './search-registrations';

export interface RegistrationsOfIdCard {
  /** Records whose ID card is the one asked for ("contains" matching finds longer numbers too). */
  same: Registration[];
  /** Records whose ID card the server left out (a display-only field): they may be that person's. */
  unnamed: Registration[];
}

/** ScreeningRegister/Search by an ID card (normalised: no spaces, upper-case X), sorted by what it matched. */
export async function registrationsOfIdCard(
  rawIdCard: string,
  pageSize: number,
  options?: CallOptions,
): Promise<RegistrationsOfIdCard> {
  const idCard = normalizeIdCard(rawIdCard);
  const page = await searchRegistrations(
    { searchType: 'idCard', keyword: idCard, pageIndex: 1, pageSize },
    options,
  );
  return {
    same: page.records.filter((record) => normalizeIdCard(record.idCard) === idCard),
    unnamed: page.records.filter((record) => !record.idCard),
  };
}
