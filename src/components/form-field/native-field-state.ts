/**
 * Marks a native <input> or <textarea> invalid and described by its message, or clears both.
 * antd-mobile's Input and TextArea put ARIA props on their wrapper <div>, where a screen reader never
 * reads them with the field; their `nativeElement` is where these states belong.
 */
export function setNativeFieldState(
  element: HTMLElement,
  { invalid, describedBy }: { invalid?: boolean; describedBy?: string },
): void {
  if (invalid) element.setAttribute('aria-invalid', 'true');
  else element.removeAttribute('aria-invalid');
  if (describedBy) element.setAttribute('aria-describedby', describedBy);
  else element.removeAttribute('aria-describedby');
}
