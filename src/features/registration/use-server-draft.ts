import { useCallback, useEffect } from 'react';
import { config } from '@/config/env';
import { serverDraftSignature, unsavedServerDraft } from './registration-draft';
import type { RegistrationDraftState, RegistrationDraftStore } from './registration-draft-store';
import { useLatest } from '@/lib/use-latest';

/** How long the person fields must rest before the unfinished registration is saved to the server. */
const SERVER_DRAFT_DELAY_MS = 1500;
/** After a save that failed (no network, a server fault), when it is tried again by itself. */
const SERVER_DRAFT_RETRY_MS = 15_000;

/**
 * When the entry form saves its unfinished registration to the server (the draft store does the
 * saving): on 暂存 (`saveNow`) and when the page is left with unfinished work; with the switch
 * config/assumptions.ts saveDraftWhileTyping also by itself, after the fields have rested for
 * SERVER_DRAFT_DELAY_MS and when the page is hidden (off by default: on a server where Add registers
 * the person, it would fill it with half-typed people). Best effort and silent: the phone's copy is
 * the user's safety net, and a failure is shown as the form's status line.
 *
 * `enabled` is false for the check user's own form (only staff keep 待提交登记) and while the ID card
 * is registered already.
 */
export function useServerDraft(
  store: RegistrationDraftStore,
  draft: RegistrationDraftState,
  enabled: boolean,
) {
  const enabledRef = useLatest(enabled);
  const saveNow = useCallback(() => {
    if (enabledRef.current) void store.saveToServer();
  }, [store, enabledRef]);

  const whileTyping = config.assumptions.saveDraftWhileTyping;
  const unsaved = enabled ? unsavedServerDraft(draft) : null;
  const pendingSignature = unsaved && serverDraftSignature(unsaved);
  const { saveStatus } = draft;
  // The same fields again after a failure wait longer; anything typed is saved after the usual rest.
  const failure = saveStatus.kind === 'failed' ? saveStatus : null;
  const retrying = failure?.signature === pendingSignature;
  useEffect(() => {
    if (!pendingSignature || !whileTyping) return;
    const timer = window.setTimeout(saveNow, retrying ? SERVER_DRAFT_RETRY_MS : SERVER_DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pendingSignature, retrying, failure, saveNow, whileTyping]);

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
    status: saveStatus,
    /** Something typed is not on the server yet (暂存 would save it). */
    unsaved: pendingSignature !== null,
    /** 暂存: saves at once; the status says how it went. */
    saveNow,
  };
}
