import { useState, useSyncExternalStore } from 'react';
import { addRegistration, savedRegistrationId } from '@/api/registration';
import { registrationDraftKey } from '@/lib/work-keys';
import { errorMessage, isApiError } from '@/lib/http';
import { getSessionOwner, requireSessionOwner, type SessionOwner } from '@/lib/session';
import { getToken } from '@/lib/token';
import {
  persistedStorageKey,
  readPersisted,
  readPersistedText,
  removePersisted,
  writePersisted,
} from '@/lib/use-persistent-state';
import { API_STATUS, type Id } from '@/types/api';
import {
  EMPTY_REGISTRATION_DRAFT,
  formHasContent,
  registrationDraftSchema,
  serverDraftSignature,
  toRegistrationInput,
  unsavedServerDraft,
  type RegistrationDraft,
  type RegistrationForm,
} from './registration-draft';
import { bindStep, submitStep, type RegisterAndBindOutcome } from './register-and-bind';

/**
 * The one owner of an account's unfinished registration: its form values on this phone and its copy
 * on the server (ScreeningRegister/Add). A module store read with useSyncExternalStore, like the
 * offline queue: the entry form, /bindErr, 待提交登记 and sign-out all see one state, and nothing else
 * reads or writes its storage key (lib/work-keys.ts names it; lib/device-data.ts removes it at the
 * account's sign-out).
 *
 * Every change is written through to storage at once (a reload, a back navigation, a 401 re-login
 * or WeChat killing a backgrounded webview loses nothing), and storage is read again whenever the state
 * is read, so another tab's or a sign-out's change is seen. Where storage refuses the write (full,
 * private browsing), the draft lives on in memory for this page load.
 */

/** How the last save to the server went (this page load only; not stored). */
type ServerSaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** `signature`: what the failed save sent, so the same fields are not tried again at once. */
  | { kind: 'failed'; message: string; signature: string };

export interface RegistrationDraftState extends RegistrationDraft {
  saveStatus: ServerSaveStatus;
}

export interface RegistrationDraftStore {
  getState: () => RegistrationDraftState;
  subscribe: (listener: () => void) => () => void;
  /** The user changed form values. */
  editForm: (patch: Partial<RegistrationForm>) => void;
  /** Replaces the whole draft (继续填写 a registration saved on the server). */
  replace: (draft: RegistrationDraft) => void;
  /** Continue this account's unfinished registration of the typed person instead of creating another. */
  continueServerDraft: (registrationId: Id) => void;
  /** Forgets the draft (submitted and bound, emptied with 清空, or queued for sending). */
  clear: () => void;
  /** Removes the draft when it holds that registration (deleted from 待提交登记). */
  forgetRegistration: (registrationId: Id) => void;
  /** Saves what the server does not have yet; saves run one after another. Resolves with how it went. */
  saveToServer: () => Promise<ServerSaveStatus>;
  /**
   * Submits the draft (the registration saved on the way, or a new one) once the save under way has
   * answered, with no save in between; keeps the saved id, so a retry binds that registration instead of
   * registering the person twice; then binds the tube. The caller forgets the draft once it is bound.
   */
  submitAndBind: () => Promise<RegisterAndBindOutcome>;
}

function createStore(key: string): RegistrationDraftStore {
  const listeners = new Set<() => void>();
  /** The storage text `draft` was read from or written as: storage changed elsewhere when it differs. */
  let raw: string | null | undefined;
  let draft: RegistrationDraft = EMPTY_REGISTRATION_DRAFT;
  let saveStatus: ServerSaveStatus = { kind: 'idle' };
  let state: RegistrationDraftState = { ...draft, saveStatus };
  /** Bumped when the draft is replaced or cleared: a save answering later belongs to the old one. */
  let generation = 0;
  let chain: Promise<ServerSaveStatus> = Promise.resolve(saveStatus);
  let held = false;

  const publish = () => {
    state = { ...draft, saveStatus };
    for (const listener of listeners) listener();
  };

  const readStorage = () => {
    const text = readPersistedText(key);
    if (text === raw) return;
    const stored = readPersisted(key, registrationDraftSchema);
    raw = readPersistedText(key);
    // Emptied elsewhere (another tab's submit, a sign-out): a save answering later is for the old draft.
    if (stored === undefined && draft !== EMPTY_REGISTRATION_DRAFT) {
      generation += 1;
      saveStatus = { kind: 'idle' };
    }
    draft = stored ?? EMPTY_REGISTRATION_DRAFT;
    state = { ...draft, saveStatus };
  };

  /** Stores `next` as the draft. A change of the current draft reads storage first (readStorage). */
  const commit = (next: RegistrationDraft) => {
    draft = next;
    if (!formHasContent(next.form) && !next.server.registrationId) removePersisted(key);
    else writePersisted(key, next);
    raw = readPersistedText(key);
    publish();
  };

  const setStatus = (next: ServerSaveStatus) => {
    saveStatus = next;
    publish();
  };

  const runSave = async (): Promise<ServerSaveStatus> => {
    readStorage();
    const input = held ? null : unsavedServerDraft(draft);
    if (!input) return saveStatus;
    const started = generation;
    const signature = serverDraftSignature(input);
    setStatus({ kind: 'saving' });
    try {
      const id = await savedRegistrationId(await addRegistration(input, { silent: true }), input, 'draft');
      if (started !== generation) return saveStatus;
      readStorage();
      saveStatus = { kind: 'saved', at: new Date() };
      commit({ ...draft, server: { registrationId: id, status: 'draft', saved: signature } });
    } catch (error) {
      if (started !== generation) return saveStatus;
      if (isApiError(error) && error.kind === 'business') {
        // The ID card is registered already: the form's own lookup offers that registration.
        if (error.code === API_STATUS.idCardRegistered) {
          setStatus({ kind: 'idle' });
          return saveStatus;
        }
        // Deleted from another phone (待提交登记's 删除): the next save creates the record again.
        if (error.code === API_STATUS.notFound && input.id) {
          readStorage();
          commit({ ...draft, server: {} });
        }
      }
      setStatus({ kind: 'failed', message: errorMessage(error), signature });
    }
    return saveStatus;
  };

  return {
    getState: () => {
      readStorage();
      return state;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === persistedStorageKey(key)) {
          readStorage();
          listener();
        }
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    editForm: (patch) => {
      readStorage();
      commit({ ...draft, form: { ...draft.form, ...patch } });
    },
    replace: (next) => {
      generation += 1;
      saveStatus = { kind: 'idle' };
      commit(next);
    },
    continueServerDraft: (registrationId) => {
      readStorage();
      commit({ ...draft, server: { registrationId, status: 'draft' } });
    },
    clear: () => {
      generation += 1;
      saveStatus = { kind: 'idle' };
      commit(EMPTY_REGISTRATION_DRAFT);
    },
    forgetRegistration: (registrationId) => {
      readStorage();
      if (draft.server.registrationId !== registrationId) return;
      generation += 1;
      saveStatus = { kind: 'idle' };
      commit(EMPTY_REGISTRATION_DRAFT);
    },
    saveToServer: () => {
      chain = chain.then(runSave, runSave);
      return chain;
    },
    submitAndBind: async () => {
      held = true;
      try {
        await chain;
        readStorage();
        const { form, server } = draft;
        // Both steps go out under the session the tap was made in.
        const token = getToken();
        const submitted = await submitStep(toRegistrationInput(form, server.registrationId), {
          idCardRegistered: 'report',
          token,
        });
        if (submitted.kind !== 'registered') return submitted;
        readStorage();
        commit({ ...draft, server: { registrationId: submitted.registrationId, status: 'submitted' } });
        return await bindStep(
          {
            registrationId: submitted.registrationId,
            tubeCode: form.tubeCode,
            collectedAt: form.collectedAt ?? '',
          },
          { token },
        );
      } finally {
        held = false;
      }
    },
  };
}

const stores = new Map<string, RegistrationDraftStore>();

/** The draft store of an account (one per account and page load). */
export function registrationDraftStore(owner: SessionOwner): RegistrationDraftStore {
  const key = registrationDraftKey(owner);
  let store = stores.get(key);
  if (!store) {
    store = createStore(key);
    stores.set(key, store);
  }
  return store;
}

/**
 * The signed-in account's draft, for a page: the store (kept for the page's life, so a sign-in
 * elsewhere does not switch whose draft the page edits) and its current state.
 */
export function useRegistrationDraft(): [RegistrationDraftState, RegistrationDraftStore] {
  const [store] = useState(() => registrationDraftStore(requireSessionOwner()));
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return [state, store];
}

/** The signed-in staff member's draft store, or null without a staff session. */
function workDraftStore(): RegistrationDraftStore | null {
  const owner = getSessionOwner();
  return owner?.audience === 'work' ? registrationDraftStore(owner) : null;
}

/**
 * True when the staff entry form on this phone holds a registration the server can keep and does not
 * have yet: 退出登录 then offers 保存到服务器后退出.
 */
export function hasUnsavedWorkRegistration(): boolean {
  const store = workDraftStore();
  return store !== null && unsavedServerDraft(store.getState()) !== null;
}

/** Saves that registration, so it is in 待提交登记 after signing in on any phone. Rejects when it fails. */
export async function saveWorkRegistrationToServer(): Promise<void> {
  const status = await workDraftStore()?.saveToServer();
  if (status?.kind === 'failed') throw new Error(status.message);
}

/** Removes the signed-in staff member's draft when it holds that registration (deleted from 待提交登记). */
export function forgetWorkRegistration(registrationId: Id): void {
  workDraftStore()?.forgetRegistration(registrationId);
}
