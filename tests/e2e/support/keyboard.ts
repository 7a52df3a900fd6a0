/**
 * Whether the user can see the field that has focus: run in the page (Playwright's `page.evaluate`,
 * WebdriverIO's `browser.execute`), so it uses nothing from outside. The field's first line counts:
 * both its top and a line's height below must be on screen with nothing lying over them (a sticky bar).
 */
export function focusedFieldSight(): { field: string; covered: string | null } {
  const field = document.activeElement as HTMLInputElement | HTMLTextAreaElement | null;
  if (!field || field === document.body) return { field: '', covered: 'nothing has focus' };
  const name = (field.labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? field.id).replace(
    /[*＊\s]/g,
    '',
  );
  const box = field.getBoundingClientRect();
  const x = box.left + box.width / 2;
  for (const y of [box.top + 2, Math.min(box.bottom, box.top + 32) - 2]) {
    const hit = document.elementFromPoint(x, y);
    if (!hit)
      return { field: name, covered: `off screen (y ${Math.round(y)}, screen ${window.innerHeight})` };
    if (hit !== field && !field.contains(hit)) {
      const what = `<${hit.tagName.toLowerCase()}> ${(hit.textContent ?? '').trim().slice(0, 20)}`;
      return { field: name, covered: `under ${what}` };
    }
  }
  return { field: name, covered: null };
}
