import { describe, expect, it, vi } from 'vitest';
import {
  draftFromServerDraft,
  EMPTY_REGISTRATION_FORM,
  readStoredDraft,
  serverDraftInput,
  unsavedServerDraft,
  type RegistrationForm,
  type ServerCopy,
} from '@/features/registration/registration-draft';
import type { Registration } from '@/types/api';
import { NEW_ID_CARD } from './helpers';

const person: RegistrationForm = { ...EMPTY_REGISTRATION_FORM, name: '王小明', idCard: NEW_ID_CARD };

describe('what the entry form saves to the server as an unfinished registration', () => {
  it.each<[string, Partial<RegistrationForm & ServerCopy>, Record<string, unknown> | null]>([
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
    ['its server draft, by id', { registrationId: '77', status: 'draft' }, { id: '77' }],
    ['a registration submitted already', { registrationId: '77', status: 'submitted' }, null],
    ['an id from before server drafts (submitted)', { registrationId: '77' }, null],
  ])('%s', (_, patch, expected) => {
    const { registrationId, status, saved, ...form } = patch;
    const input = serverDraftInput({
      form: { ...person, ...form },
      server: { registrationId, status, saved },
    });
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
    expect(loaded.server).toMatchObject({ registrationId: '91', status: 'draft' });
    expect(unsavedServerDraft(loaded)).toBeNull();
    expect(
      unsavedServerDraft({ ...loaded, form: { ...loaded.form, address: '枫林路 180 号' } }),
    ).toMatchObject({
      id: '91',
      address: '枫林路 180 号',
    });
  });
});

describe('a stored draft as this version reads it', () => {
  it('reads the form and its server copy apart', () => {
    const stored = { form: { name: '王小明' }, server: { registrationId: '5', status: 'draft' } };
    expect(readStoredDraft(stored)).toEqual({
      form: { ...EMPTY_REGISTRATION_FORM, name: '王小明' },
      server: { registrationId: '5', status: 'draft' },
    });
  });

  it('reads a draft written before they were kept apart, so nobody loses what they typed', () => {
    const flat = {
      name: '王小明',
      tubeCode: 'CT1',
      registrationId: '5',
      serverStatus: 'submitted',
      serverSaved: 's',
    };
    expect(readStoredDraft(flat)).toEqual({
      form: { ...EMPTY_REGISTRATION_FORM, name: '王小明', tubeCode: 'CT1' },
      server: { registrationId: '5', status: 'submitted', saved: 's' },
    });
  });

  it('reads a flat draft that was never saved to the server', () => {
    expect(readStoredDraft({ name: '王小明', tubeCode: 'CT1', collectedAt: null })).toEqual({
      form: { ...EMPTY_REGISTRATION_FORM, name: '王小明', tubeCode: 'CT1' },
      server: {},
    });
  });

  it.each([null, 'text', 3])('reads nothing from %s', (stored) => {
    expect(readStoredDraft(stored)).toBeUndefined();
  });

  // A draft of the wrong shape made the form fail on every load (页面出错了, no way out): it is dropped.
  it.each<[string, unknown]>([
    ['a number for the name (flat)', { name: 42 }],
    ['a number for the name', { form: { name: 42 }, server: {} }],
    ['an object for the tube code', { form: { tubeCode: { code: 'CT1' } } }],
    ['text for the family history', { form: { familyHistory: 'yes' } }],
    ['a number for the collection time', { form: { collectedAt: 5 } }],
    ['an unknown server status', { form: { name: '王小明' }, server: { status: 'sent' } }],
    ['a list', [{ name: '王小明' }]],
  ])('drops a stored draft with %s, with a console line', (_, stored) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readStoredDraft(stored)).toBeUndefined();
    expect(warn).toHaveBeenCalledExactlyOnceWith('本机保存的登记草稿格式不正确，已忽略');
  });
});
