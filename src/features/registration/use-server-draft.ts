import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { config } from '@/config/env';
import { errorMessage } from '@/lib/http';
import { useLatest } from '@/lib/use-latest';
import { unsavedServerDraft } from './registration-draft';
import {
  draftSaveMutation,
  type RegistrationDraftState,
  type RegistrationDraftStore,
} from './registration-draft-store';

/** How long the person fields must rest before the unfinished registration is saved to the server. */
const SERVER_DRAFT_DELAY_MS = 1500;
/** After a save that failed (no network, a server fault), when it is tried again by itself. */
const SERVER_DRAFT_RETRY_MS = 15_000;

/** How the last save of this draft went, as the form's status line says it. */
export type ServerSaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string };

/**
 * When the entry form saves its unfinished registration to the server (draftSaveMutation): on 暂存
 * (`saveNow`) and when the page is left with unfinished work; with the switch config/assumptions.ts
 * saveDraftWhileTyping also by itself, after the fields have rested for SERVER_DRAFT_DELAY_MS (after a
 * failed save, SERVER_DRAFT_RETRY_MS) and when the page is hidden (off by default: on a server where Add
 * registers the person, it would fill it with half-typed people). Best effort and silent: the phone's
 * copy is the user's safety net, and a failure is shown as the form's status line.
 *
 * `enabled` is false for the check user's own form (only staff keep 待提交登记) and while the ID card
 * is registered already.
 */
export function useServerDraft(
  store: RegistrationDraftStore,
  draft: RegistrationDraftState,
  enabled: boolean,
) {
  const save = useMutation(draftSaveMutation(store));
  const { mutate, reset, isPending, isError } = save;
  const enabledRef = useLatest(enabled);
  const saveNow = useCallback(() => {
    if (enabledRef.current && unsavedServerDraft(store.getState())) mutate();
  }, [store, enabledRef, mutate]);

  // A draft replaced or cleared has not been saved yet: the status line starts afresh.
  useEffect(() => reset(), [draft.generation, reset]);

  const status: ServerSaveStatus = isPending
    ? { kind: 'saving' }
    : isError
      ? { kind: 'failed', message: errorMessage(save.error) }
      : save.data
        ? { kind: 'saved', at: save.data }
        : { kind: 'idle' };

  const whileTyping = config.assumptions.saveDraftWhileTyping;
  const unsaved = enabled && unsavedServerDraft(draft) !== null;
  const { form } = draft;
  useEffect(() => {
    if (!unsaved || !whileTyping || isPending) return;
    const timer = window.setTimeout(saveNow, isError ? SERVER_DRAFT_RETRY_MS : SERVER_DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [form, unsaved, isPending, isError, saveNow, whileTyping]);

  // Leaving the page saves what is pending; while typing is saved too, so is the phone locking or
  // WeChat going to the background.
  useEffect(() => {
    const onHide = () => {
      if (whileTyping && document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('pagehide', saveNow);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      document.removeEventListener('visibilitychange', onHide);
      saveNow();
    };
  }, [saveNow, whileTyping]);

  return {
    status,
    /** Something typed is not on the server yet (暂存 would save it). */
    unsaved,
    /** 暂存: saves at once; the status says how it went. */
    saveNow,
  };
}
