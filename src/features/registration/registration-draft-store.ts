import { mutationOptions, MutationObserver, type QueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { invalidateReads, readKeys, REGISTRATION_READS } from '@/api/read-keys';
import { addRegistration, savedRegistrationId } from '@/api/registration';
import { registerAndBind } from '@/api/registration/register-and-bind';
import { registrationDraftKey } from '@/lib/work-keys';
import { externalStore } from '@/lib/external-store';
import { isApiError } from '@/lib/http';
import { getSessionOwner, requireSessionOwner, type SessionOwner } from '@/lib/session';
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
  type ServerCopy,
} from './registration-draft';

/**
 * The one owner of an account's unfinished registration: its form values on this phone and what the
 * server holds of it. A module store read with useSyncExternalStore, like the offline queue: the entry
 * form, /bindErr, 待提交登记 and sign-out all see one state, and nothing else reads or writes its
 * storage key (lib/work-keys.ts names it; lib/device-data.ts removes it at the account's sign-out).
 *
 * Every change is written through to storage at once (a reload, a back navigation, a 401 re-login
 * or WeChat killing a backgrounded webview loses nothing), and storage is read again whenever the state
 * is read, so another tab's or a sign-out's change is seen. Where storage refuses the write (full,
 * private browsing), the draft lives on in memory for this page load.
 *
 * Its writes to the server are mutations in the draft's scope (`key`), which TanStack Query runs one
 * after another: a save (ScreeningRegister/Add, draftSaveMutation) and the submit (draftSubmitMutation).
 */
export interface RegistrationDraftState extends RegistrationDraft {
  /** Bumped when the draft is replaced or cleared: a save answering later belongs to the old one. */
  generation: number;
}

export interface RegistrationDraftStore {
  /** The draft's storage key, and the scope its server writes run in one after another. */
  key: string;
  getState: () => RegistrationDraftState;
  subscribe: (listener: () => void) => () => void;
  /** The user changed form values. */
  editForm: (patch: Partial<RegistrationForm>) => void;
  /** Replaces the whole draft (继续填写 a registration saved on the server). */
  replace: (draft: RegistrationDraft) => void;
  /** Continue this account's unfinished registration of the typed person instead of creating another. */
  continueServerDraft: (registrationId: Id) => void;
  /**
   * Keeps what the server now holds of the draft of `generation` (a save's answer, a submit's id, so a
   * retry binds that registration instead of registering the person twice); nothing when the draft was
   * replaced or cleared since.
   */
  keepServerCopy: (server: ServerCopy, generation: number) => void;
  /** Forgets the draft (submitted and bound, emptied with 清空, or queued for sending). */
  clear: () => void;
  /** Removes the draft when it holds that registration (deleted from 待提交登记). */
  forgetRegistration: (registrationId: Id) => void;
}

function createStore(key: string): RegistrationDraftStore {
  /** The storage text `state` was read from or written as: storage changed elsewhere when it differs. */
  let raw: string | null | undefined;
  let state: RegistrationDraftState = { ...EMPTY_REGISTRATION_DRAFT, generation: 0 };

  const readStorage = () => {
    const text = readPersistedText(key);
    if (text === raw) return;
    const stored = readPersisted(key, registrationDraftSchema);
    raw = readPersistedText(key);
    // Emptied elsewhere (another tab's submit, a sign-out): a save answering later is for the old draft.
    const emptied = stored === undefined && state.form !== EMPTY_REGISTRATION_DRAFT.form;
    state = { ...(stored ?? EMPTY_REGISTRATION_DRAFT), generation: state.generation + (emptied ? 1 : 0) };
  };

  /** Stores `next` as the draft (a new generation when `replaced`) and tells the readers. */
  const commit = (next: RegistrationDraft, replaced = false) => {
    if (!formHasContent(next.form) && !next.server.registrationId) removePersisted(key);
    else writePersisted(key, { form: next.form, server: next.server });
    raw = readPersistedText(key);
    state = { form: next.form, server: next.server, generation: state.generation + (replaced ? 1 : 0) };
    changed();
  };

  /** The draft as stored now (another tab may have changed it), for useSyncExternalStore. */
  const {
    get: current,
    subscribe,
    changed,
  } = externalStore(() => {
    readStorage();
    return state;
  });
  // Another tab's change (its submit, a sign-out there) is shown at once.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === persistedStorageKey(key)) changed();
  });

  return {
    key,
    getState: current,
    subscribe,
    editForm: (patch) => {
      const { form, server } = current();
      commit({ form: { ...form, ...patch }, server });
    },
    replace: (next) => commit(next, true),
    continueServerDraft: (registrationId) =>
      commit({ form: current().form, server: { registrationId, status: 'draft' } }),
    keepServerCopy: (server, generation) => {
      const draft = current();
      if (draft.generation === generation) commit({ form: draft.form, server });
    },
    clear: () => commit(EMPTY_REGISTRATION_DRAFT, true),
    forgetRegistration: (registrationId) => {
      if (current().server.registrationId === registrationId) commit(EMPTY_REGISTRATION_DRAFT, true);
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

/**
 * Saves what the server does not have yet of the draft (ScreeningRegister/Add), as it is when the save
 * starts, and keeps the id it answers. Resolves with when it was saved, or null when there was nothing
 * the server could keep; rejects when the save failed.
 */
async function saveDraft(store: RegistrationDraftStore): Promise<Date | null> {
  const { generation, ...draft } = store.getState();
  const input = unsavedServerDraft(draft);
  if (!input) return null;
  const saved = serverDraftSignature(input);
  try {
    const id = await savedRegistrationId(await addRegistration(input, { silent: true }), input, 'draft');
    store.keepServerCopy({ registrationId: id, status: 'draft', saved }, generation);
    return new Date();
  } catch (error) {
    if (isApiError(error) && error.kind === 'business') {
      // The ID card is registered already: the form's own lookup offers that registration.
      if (error.code === API_STATUS.idCardRegistered) return null;
      // Deleted from another phone (待提交登记's 删除): the next save creates the record again.
      if (error.code === API_STATUS.notFound && input.id) store.keepServerCopy({}, generation);
    }
    throw error;
  }
}

/** The draft's save as a mutation, in the draft's scope: saves and the submit run one after another. */
export const draftSaveMutation = (store: RegistrationDraftStore) =>
  mutationOptions({
    scope: { id: store.key },
    mutationFn: () => saveDraft(store),
    // 待提交登记 and the searches list it.
    onSuccess: (saved, _variables, _context, { client }) => {
      if (saved) void invalidateReads(client, [readKeys.registrations]);
    },
  });

/**
 * The draft's submit as a mutation: registers the person and binds the tube (registerAndBind) as the
 * draft is once the save under way (the same scope) has answered, so it takes the id that save got.
 * Bound, the draft is forgotten; stopped at Bind, it keeps the registration Submit saved, so a retry
 * binds that one instead of registering the person twice. The entry form and /bindErr's 重试.
 */
export const draftSubmitMutation = (store: RegistrationDraftStore) =>
  mutationOptions({
    scope: { id: store.key },
    // The draft the person submitted: kept only while it is still the one on the phone.
    onMutate: () => store.getState().generation,
    mutationFn: () => {
      const { form, server } = store.getState();
      return registerAndBind({
        submit: toRegistrationInput(form, server.registrationId),
        tubeCode: form.tubeCode,
        collectedAt: form.collectedAt ?? '',
      });
    },
    onSuccess: (outcome, _variables, generation, { client }) => {
      if (outcome.kind !== 'bound' && outcome.step !== 'bind') return;
      if (outcome.kind === 'bound') store.clear();
      else store.keepServerCopy({ registrationId: outcome.registrationId, status: 'submitted' }, generation);
      // What Submit saved and Bind bound, every page shows; not waited for: the page goes on at once.
      void invalidateReads(client, REGISTRATION_READS);
    },
  });

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

/**
 * Saves that registration (after a save under way), so it is in 待提交登记 after signing in on any
 * phone. Rejects when it fails.
 */
export async function saveWorkRegistrationToServer(queryClient: QueryClient): Promise<void> {
  const store = workDraftStore();
  if (store) await new MutationObserver(queryClient, draftSaveMutation(store)).mutate();
}

/** Removes the signed-in staff member's draft when it holds that registration (deleted from 待提交登记). */
export function forgetWorkRegistration(registrationId: Id): void {
  workDraftStore()?.forgetRegistration(registrationId);
}
