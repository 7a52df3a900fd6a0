/** Builds valid 18-character resident ID numbers for demo people (spec §5 check-character rule). */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';

export function idCardCheckCharacter(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('idCardCheckCharacter needs 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARACTERS[sum % 11];
}

/**
 * @param areaCode six-digit administrative division code
 * @param birthDate 'YYYY-MM-DD'
 * @param sequence any non-negative integer; it varies the order code so numbers look like real ones
 * @param gender '1' male (odd 17th digit) or '2' female (even)
 */
export function makeIdCard(areaCode: string, birthDate: string, sequence: number, gender: '1' | '2'): string {
  const order = String((sequence * 37 + 13) % 100).padStart(2, '0');
  const genderDigit = (gender === '1' ? [1, 3, 5, 7, 9] : [0, 2, 4, 6, 8])[sequence % 5];
  const first17 = `${areaCode}${birthDate.replace(/-/g, '')}${order}${genderDigit}`;
  return first17 + idCardCheckCharacter(first17);
}
