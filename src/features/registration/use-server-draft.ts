import { useLatest } from 'ahooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addRegistration, savedRegistrationId } from '@/api/registration';
import { config } from '@/config/env';
import { errorMessage, isApiError } from '@/lib/http';
import { API_STATUS, type Id } from '@/types/api';
import { serverDraftSignature, unsavedServerDraft, type RegistrationDraft } from './registration-draft';

/** How long the person fields must rest before the unfinished registration is saved to the server. */
const SERVER_DRAFT_DELAY_MS = 1500;
/** After a save that failed (no network, a server fault), when it is tried again by itself. */
const SERVER_DRAFT_RETRY_MS = 15_000;

export type ServerDraftStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string };

type ServerFields = Pick<RegistrationDraft, 'registrationId' | 'serverStatus' | 'serverSaved'>;

/**
 * Saves an unfinished registration to the server (ScreeningRegister/Add) as well as on the phone, so
 * work survives a change of phone, once the name and ID card are valid: on 暂存 (`saveNow`) and when
 * the page is left with unfinished work; with the switch config/assumptions.ts saveDraftWhileTyping
 * also by itself, after the fields have rested for SERVER_DRAFT_DELAY_MS and when the page is hidden
 * (off by default: on a server where Add registers the person, it would fill it with half-typed
 * people). Saves run one after another
 * (the first creates the record, the rest update it by its id) and only when something changed.
 * Best effort and silent: the phone's copy is the user's safety net, a failure is shown as a status
 * line, and the submit goes on with Submit whatever happened here.
 *
 * `record` writes the server's id and what it accepted into the draft. `enabled` is false for the
 * check user's own form (only staff keep 待提交登记) and while the ID card is registered already.
 */
export function useServerDraft(
  draft: RegistrationDraft,
  record: (fields: ServerFields) => void,
  enabled: boolean,
) {
  const [status, setStatus] = useState<ServerDraftStatus>({ kind: 'idle' });
  /** The last failed save (what it sent, and a count so each failure schedules the next try). */
  const [lastFailure, setLastFailure] = useState<{ signature: string; count: number } | null>(null);
  const latest = useRef(draft);
  const recordRef = useLatest(record);
  const enabledRef = useLatest(enabled);
  // The committed draft, read by saves that run later (timers, the page being left).
  useEffect(() => {
    latest.current = draft;
  }, [draft]);
  /** The saves in order: a save waits for the one before (it needs that one's id). */
  const chain = useRef<Promise<void>>(Promise.resolve());
  const stopped = useRef(false);
  const mounted = useRef(true);

  const saveNow = useCallback((): Promise<void> => {
    chain.current = chain.current.then(async () => {
      const current = latest.current;
      const input = stopped.current || !enabledRef.current ? null : unsavedServerDraft(current);
      if (!input) return;
      const signature = serverDraftSignature(input);
      if (mounted.current) setStatus({ kind: 'saving' });
      try {
        const saved = await savedRegistrationId(
          await addRegistration(input, { silent: true }),
          input,
          'draft',
        );
        const fields: ServerFields = {
          registrationId: saved,
          serverStatus: 'draft',
          serverSaved: signature,
        };
        // Seen by the next save at once, before React renders the recorded fields.
        latest.current = { ...latest.current, ...fields };
        if (!stopped.current) recordRef.current(fields);
        if (mounted.current) setStatus({ kind: 'saved', at: new Date() });
      } catch (error) {
        if (!mounted.current) return;
        if (isApiError(error) && error.kind === 'business') {
          if (error.code === API_STATUS.idCardRegistered) {
            // The form's own lookup shows the existing registration; nothing to say twice.
            setStatus({ kind: 'idle' });
            return;
          }
          if (error.code === API_STATUS.notFound && input.id) {
            // Deleted from another phone (待提交登记's 删除): the next save creates the record again.
            const fields: ServerFields = {
              registrationId: undefined,
              serverStatus: undefined,
              serverSaved: undefined,
            };
            latest.current = { ...latest.current, ...fields };
            recordRef.current(fields);
          }
        }
        setStatus({ kind: 'failed', message: errorMessage(error) });
        setLastFailure((previous) => ({ signature, count: (previous?.count ?? 0) + 1 }));
      }
    });
    return chain.current;
  }, [enabledRef, recordRef]);

  const whileTyping = config.assumptions.saveDraftWhileTyping;
  const unsaved = enabled ? unsavedServerDraft(draft) : null;
  const pendingSignature = unsaved && serverDraftSignature(unsaved);
  // The same fields again after a failure wait longer; anything typed is saved after the usual rest.
  const retrying = lastFailure !== null && lastFailure.signature === pendingSignature;
  const failureCount = lastFailure?.count ?? 0;
  useEffect(() => {
    if (!pendingSignature || !whileTyping) return;
    const delay = retrying ? SERVER_DRAFT_RETRY_MS : SERVER_DRAFT_DELAY_MS;
    const timer = window.setTimeout(() => void saveNow(), delay);
    return () => window.clearTimeout(timer);
  }, [pendingSignature, retrying, failureCount, saveNow, whileTyping]);

  // Leaving the page saves what is pending; while typing is saved too, so is the phone locking or
  // WeChat going to the background.
  useEffect(() => {
    const onHide = () => {
      if (whileTyping && document.visibilityState === 'hidden') void saveNow();
    };
    const onPageHide = () => void saveNow();
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onHide);
    mounted.current = true;
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onHide);
      mounted.current = false;
      void saveNow();
    };
  }, [saveNow, whileTyping]);

  /** Waits for the save under way (the submit needs its id, or it would register the person twice). */
  const settle = useCallback(async (): Promise<Id | undefined> => {
    await chain.current;
    return latest.current.registrationId;
  }, []);

  /** No more saves: the registration is being submitted, or the form was emptied. */
  const stop = useCallback(() => {
    stopped.current = true;
  }, []);

  /** Saves again after stop() (a submit that failed before the registration was saved). */
  const resume = useCallback(() => {
    stopped.current = false;
  }, []);

  return {
    status,
    /** Something typed is not on the server yet (暂存 would save it). */
    unsaved: pendingSignature !== null,
    /** 暂存: saves at once; the status says how it went. */
    saveNow,
    settle,
    stop,
    resume,
  };
}
