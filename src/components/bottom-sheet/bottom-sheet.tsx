import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './bottom-sheet.module.css';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  /** The sheet's heading, also its accessible name. */
  title: string;
  /** The label of the button in the header that closes the sheet. */
  closeLabel?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal sheet that rises from the bottom of the screen: a heading with a close button, then its
 * content, scrolling within 75% of the screen's height. Focus moves into the sheet when it opens (to
 * the element marked `data-autofocus`, else the sheet itself), stays inside while it is open (Tab wraps)
 * and returns to where it was when it closes; Escape, the close button and a tap on the shade close it.
 * The page behind does not scroll while it is open.
 *
 * Written for the app rather than taken from antd-mobile's Popup, which brings a gesture library that
 * a sheet of buttons does not need.
 */
export function BottomSheet({ open, onClose, title, closeLabel = '取消', children }: BottomSheetProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const body = document.body.style;
    const overflow = body.overflow;
    body.overflow = 'hidden';
    const sheet = panel.current;
    const target = sheet?.querySelector<HTMLElement>('[data-autofocus]') ?? sheet;
    target?.focus({ preventScroll: true });
    target?.scrollIntoView?.({ block: 'nearest' });
    return () => {
      body.overflow = overflow;
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.root}>
      <div className={styles.shade} aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.panel}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose}>
            {closeLabel}
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
