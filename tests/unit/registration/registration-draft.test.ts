import { describe, expect, it } from 'vitest';
import {
  draftFromServerDraft,
  EMPTY_REGISTRATION_DRAFT,
  serverDraftInput,
  unsavedServerDraft,
  type RegistrationDraft,
} from '@/features/registration/registration-draft';
import type { Registration } from '@/types/api';
import { NEW_ID_CARD } from './helpers';

const person: RegistrationDraft = { ...EMPTY_REGISTRATION_DRAFT, name: '王小明', idCard: NEW_ID_CARD };

describe('what the entry form saves to the server as an unfinished registration', () => {
  it.each<[string, Partial<RegistrationDraft>, Record<string, unknown> | null]>([
    ['a name and a valid ID card', {}, { name: '王小明', idCard: NEW_ID_CARD, phone: '' }],
    ['no name yet', { name: '  ' }, null],
    ['a name over 30 characters', { name: '王'.repeat(31) }, null],
    ['an ID card still being typed', { idCard: NEW_ID_CARD.slice(0, 17) }, null],
    ['a lower-case x, trimmed', { idCard: ` ${NEW_ID_CARD.toLowerCase()} ` }, { idCard: NEW_ID_CARD }],
    ['a phone still being typed: left out', { phone: '138' }, { phone: '' }],
    ['a valid phone, normalised', { phone: '138 0013 8000' }, { phone: '13800138000' }],
    [
      'a contact phone still being typed: left out',
      { emergencyContactPhone: '139' },
      { emergencyContactPhone: undefined },
    ],
    ['its server draft, by id', { registrationId: '77', serverStatus: 'draft' }, { id: '77' }],
    ['a registration submitted already', { registrationId: '77', serverStatus: 'submitted' }, null],
    ['an id from before server drafts (submitted)', { registrationId: '77' }, null],
  ])('%s', (_, patch, expected) => {
    const input = serverDraftInput({ ...person, ...patch });
    if (expected === null) expect(input).toBeNull();
    else expect(input).toMatchObject(expected);
  });

  it('only changes are saved again: a draft loaded from the server has nothing unsaved until edited', () => {
    const registration = {
      id: '91',
      name: '赵建华',
      idCard: NEW_ID_CARD,
      phone: '',
      familyHistory: false,
      status: 'draft',
    } as unknown as Registration;
    const loaded = draftFromServerDraft(registration);
    expect(loaded).toMatchObject({ registrationId: '91', serverStatus: 'draft' });
    expect(unsavedServerDraft(loaded)).toBeNull();
    expect(unsavedServerDraft({ ...loaded, address: '枫林路 180 号' })).toMatchObject({
      id: '91',
      address: '枫林路 180 号',
    });
  });
});
