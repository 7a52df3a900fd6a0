import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { tubeStatusQuery } from '@/api/sampling/get-sampling-tube-status';
import type { TubeStatusResult } from '@/types/api';
import { normalizeTubeCode } from '@/lib/tube-code';
import { useSettledValue } from '@/lib/use-settled-value';

export const TUBE_REQUIRED_MESSAGE = '请扫描或输入采样管编码';

export interface TubeStatusState {
  /** The trimmed code the state describes ('' when there is none). */
  code: string;
  loading: boolean;
  result: TubeStatusResult | null;
  error: unknown;
  reload: () => void;
  /** The scanner gave this code: look it up without the typing pause. */
  scanned: (code: string) => void;
}

/**
 * The current status of a tube code, looked up as the code changes: typed codes after a short pause
 * (the code is still being typed), a scanned code at once (`scanned`, called with the code the scanner
 * gave). Silent: the form shows a failed lookup next to the code, and the lookup never blocks typing.
 */
export function useTubeStatus(rawCode: string, typingPauseMs = 400): TubeStatusState {
  const code = normalizeTubeCode(rawCode);
  const [scannedCode, setScannedCode] = useState<string | null>(null);
  const lookedUp = useSettledValue(code, code === scannedCode ? 0 : typingPauseMs);
  const lookup = useQuery(tubeStatusQuery(lookedUp));

  // While the code is still being typed the read is of an earlier code: nothing to show for this one.
  // While it is read again, the form shows the lookup running, not the answer it doubts.
  const current = code !== '' && lookedUp === code && !lookup.isFetching;
  return {
    code,
    loading: code !== '' && (!current || lookup.isPending),
    result: current ? (lookup.data ?? null) : null,
    error: current ? lookup.error : null,
    reload: () => void lookup.refetch(),
    scanned: (scanned: string) => setScannedCode(normalizeTubeCode(scanned)),
  };
}

/** Why a looked-up tube cannot be bound, in plain words; null when it can (or is not known yet). */
export function tubeProblem(result: TubeStatusResult | null): string | null {
  if (!result) return null;
  if (!result.exists) return '没有找到这个采样管编码，请核对后重新扫描或输入';
  if ((result.status ?? 'unbound') !== 'unbound') {
    const who = result.boundPersonName ? `（${result.boundPersonName}）` : '';
    return `该采样管已绑定${who}，不能重复绑定，请更换采样管`;
  }
  return null;
}
