import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidateReads, readKeys } from '@/api/read-keys';
import { isApiError } from '@/lib/http';
import { getToken } from '@/lib/token';
import { API_STATUS, type Answers, type Id } from '@/types/api';
import { addResponse, updateResponse } from '@/api/questionnaires';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface AutosaveOptions {
  questionnaireId: Id;
  registrationId?: Id;
  /** The server draft to update; none until the first answer creates it (Response/Add). */
  responseId?: Id;
  /** The answers to save, read when a save starts (always the latest). */
  getAnswers: () => Answers;
  /** A draft was created (or the old one vanished: undefined). */
  onResponseId: (id: Id | undefined) => void;
  delayMs?: number;
  /** After a failure, try again this long later (and at once when the browser comes back online). */
  retryMs?: number;
}

export interface Autosave {
  status: SaveStatus;
  /** Save after `delayMs` without another change. */
  schedule: () => void;
  /** Stop waiting; wait for a save in flight; resolve with the draft's id (before a submit). */
  settle: () => Promise<Id | undefined>;
  /** Forget pending changes (after a submit: the submitted answers must not be saved as a draft). */
  cancel: () => void;
}

/** One save: Response/Add without a draft yet, else Response/Update. Resolves with the draft's id. */
interface SaveInput {
  id: Id | undefined;
  questionnaireId: Id;
  registrationId?: Id;
  answers: Answers;
}

type Save = (input: SaveInput) => Promise<Id | undefined>;

interface Saver {
  /** The latest props and save (callbacks read them when a save starts). */
  update: (options: AutosaveOptions, save: Save) => void;
  schedule: () => void;
  settle: () => Promise<Id | undefined>;
  cancel: () => void;
  /** Retry a failed save now (the browser is back online). */
  retry: () => void;
  /** The page is going away: stop the timers and send what is pending, once. */
  dispose: () => void;
}

/**
 * The save queue behind useAutosave: Response/Add on the first save, then Response/Update, one
 * request at a time, debounced. Plain code (no React) so the queue's rules read in one place.
 */
function createSaver(
  initial: AutosaveOptions,
  initialSave: Save,
  setStatus: (status: SaveStatus) => void,
): Saver {
  let current = initial;
  let saveNow = initialSave;
  const options = () => current;
  let responseId = initial.responseId;
  let timer: number | undefined;
  let retryTimer: number | undefined;
  let inFlight: Promise<void> | null = null;
  let dirty = false;
  let failed = false;
  let stopped = false;
  /**
   * The server answered Add without the new draft's id: later saves would each create another draft,
   * so the answers stay on the phone from here, and 提交 creates and submits in one call.
   */
  let localOnly = false;

  const clearTimers = () => {
    window.clearTimeout(timer);
    window.clearTimeout(retryTimer);
  };

  const run = (): Promise<void> => {
    clearTimers();
    if (inFlight) return inFlight;
    if (!dirty || stopped || localOnly) return Promise.resolve();
    dirty = false;
    setStatus('saving');
    const { questionnaireId, registrationId, getAnswers, onResponseId, retryMs = 15_000 } = options();
    const answers = getAnswers();
    const id = responseId;
    const job = saveNow({ id, questionnaireId, registrationId, answers })
      .then((savedId) => {
        failed = false;
        if (!id) {
          if (savedId === undefined) localOnly = true;
          responseId = savedId;
          onResponseId(savedId);
        }
        if (!dirty) setStatus('saved');
      })
      .catch((error: unknown) => {
        dirty = true;
        if (id && isApiError(error) && error.kind === 'business' && error.code === API_STATUS.notFound) {
          // The draft is gone on the server: the next save creates a new one.
          responseId = undefined;
          onResponseId(undefined);
          return;
        }
        failed = true;
        setStatus('failed');
        // A lost session sends the user to sign in; the local copy brings the answers back after it.
        if (isApiError(error) && error.kind === 'unauthorized') return;
        retryTimer = window.setTimeout(() => void run(), retryMs);
      })
      .finally(() => {
        inFlight = null;
        if (dirty && !failed && !stopped) void run();
      });
    inFlight = job;
    return job;
  };

  return {
    update: (next, save) => {
      current = next;
      saveNow = save;
    },
    schedule: () => {
      stopped = false;
      dirty = true;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void run(), options().delayMs ?? 800);
    },
    settle: async () => {
      clearTimers();
      while (inFlight) await inFlight;
      return responseId;
    },
    cancel: () => {
      stopped = true;
      dirty = false;
      clearTimers();
    },
    retry: () => {
      if (failed) void run();
    },
    dispose: () => {
      clearTimers();
      // Leaving with unsaved changes (Back): one last save. Not after a lost session (no token).
      if (dirty && !stopped && getToken()) void run();
    },
  };
}

/**
 * Saves an answer sheet to the server while the user answers. Failures are quiet (the page shows a
 * status line; the local copy keeps the answers) and retried later and when the network returns.
 */
export function useAutosave(options: AutosaveOptions): Autosave {
  const queryClient = useQueryClient();
  const { mutateAsync: save } = useMutation({
    mutationFn: ({ id, questionnaireId, registrationId, answers }: SaveInput) =>
      id
        ? updateResponse({ id, answers }, { silent: true })
        : addResponse({ questionnaireId, registrationId, answers }, { silent: true }),
    // A saved draft is in the history and the person's to-dos.
    onSuccess: () => invalidateReads(queryClient, [readKeys.responses, readKeys.checkHome]),
  });
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [saver] = useState(() => createSaver(options, save, setStatus));
  useEffect(() => {
    saver.update(options, save);
  });

  useEffect(() => {
    window.addEventListener('online', saver.retry);
    return () => {
      window.removeEventListener('online', saver.retry);
      saver.dispose();
    };
  }, [saver]);

  return { status, schedule: saver.schedule, settle: saver.settle, cancel: saver.cancel };
}
