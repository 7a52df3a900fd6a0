import { TextArea, type TextAreaProps, type TextAreaRef } from 'antd-mobile';
import { useMemo, type CSSProperties, type Ref } from 'react';
import styles from './growing-text-area.module.css';

export interface GrowingTextAreaProps extends Omit<TextAreaProps, 'autoSize' | 'rows'> {
  /** Height while short (and when empty), in lines. */
  minRows: number;
  /** Height it grows to before it scrolls, in lines. */
  maxRows: number;
  ref?: Ref<TextAreaRef>;
}

/** Whether the browser itself sizes a textarea to its text (CSS `field-sizing: content`). */
function browserSizesTextAreas(): boolean {
  return (
    typeof CSS !== 'undefined' &&
    typeof CSS.supports === 'function' &&
    CSS.supports('field-sizing', 'content')
  );
}

/**
 * antd-mobile's TextArea that grows with its text between `minRows` and `maxRows` lines.
 *
 * antd-mobile's `autoSize` measures the text in a layout effect: a synchronous layout of the whole
 * page inside React's commit, when the page first renders and on every change of the value (on the
 * registration page, most of a long task in the bench's traces). Where the browser can
 * size the field itself (CSS `field-sizing`: Chromium 123+, which recent WeChat webviews on Android
 * are), it does, and nothing is measured; elsewhere (older webviews, WebKit without field-sizing) it
 * is antd-mobile's autoSize as before, with one options object per field so that a re-render with the
 * same limits does not measure again.
 */
export function GrowingTextArea({ minRows, maxRows, className, style, ...props }: GrowingTextAreaProps) {
  const autoSize = useMemo(() => ({ minRows, maxRows }), [minRows, maxRows]);
  if (!browserSizesTextAreas())
    return <TextArea {...props} className={className} style={style} autoSize={autoSize} />;
  const rows = { ...style, '--min-rows': minRows, '--max-rows': maxRows } as CSSProperties;
  return (
    <TextArea
      {...props}
      className={[styles.native, className].filter(Boolean).join(' ')}
      style={rows}
      rows={minRows}
    />
  );
}
