import { Button } from 'antd-mobile';
import { labelOf, SAMPLING_TUBE_STATUS_LABELS } from '@/types/api';
import { tubeProblem, type TubeStatusState } from '../use-tube-status';
import styles from './tube-status-card.module.css';

export interface TubeStatusCardProps {
  state: TubeStatusState;
  /** A problem from the server at binding (e.g. already bound meanwhile); shown even when the lookup said "free". */
  serverProblem?: string | null;
}

/**
 * The scanned or typed code in large type with what the tube's status means for binding: free to bind,
 * already bound to someone, or unknown. The warning is announced as it appears.
 */
export function TubeStatusCard({ state, serverProblem }: TubeStatusCardProps) {
  if (!state.code) return null;
  const { result } = state;
  const problem = serverProblem ?? tubeProblem(result);
  const status = result?.exists ? (result.status ?? 'unbound') : null;

  return (
    <section className={styles.card} aria-label="采样管状态">
      <p className={styles.code} aria-label={`采样管编码 ${state.code}`}>
        {state.code}
      </p>
      <div aria-live="polite" className={styles.status}>
        {state.loading ? (
          <span className={styles.hint}>正在查询采样管状态…</span>
        ) : state.error ? (
          <span className={styles.lookupFailed}>
            <span>采样管状态查询失败，提交时会再次核对</span>
            <Button size="small" fill="outline" onClick={state.reload}>
              重新查询
            </Button>
          </span>
        ) : result ? (
          <span className={styles.line}>
            <span>当前状态：</span>
            <span
              className={`${styles.tag} ${styles[status === 'unbound' ? 'free' : status ? 'taken' : 'missing']}`}
            >
              {status ? labelOf(SAMPLING_TUBE_STATUS_LABELS, status) : '未找到'}
            </span>
            {!problem && <span className={styles.ok}>可以绑定</span>}
          </span>
        ) : null}
      </div>
      {problem && !state.loading && (
        <p className={styles.warning} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
