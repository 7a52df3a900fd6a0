import type { Page } from '@playwright/test';

/**
 * The phone's speech engine as the page sees it (window.speechSynthesis), with the given voices, listed
 * at once or only after a `voiceschanged` (as Chromium and WebKit first answer with none); what it is
 * asked to say is kept in window.spoken.
 */
export async function stubSpeech(
  page: Page,
  voices: { lang: string; name: string }[],
  late = false,
): Promise<void> {
  await page.addInitScript(
    ({ voices, late }) => {
      const spoken: { text: string; lang: string; voice: string | undefined }[] = [];
      let listed = late ? [] : voices;
      const engine = Object.assign(new EventTarget(), {
        getVoices: () => listed,
        speak: (utterance: SpeechSynthesisUtterance) =>
          spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name }),
        cancel: () => spoken.push({ text: '(cancel)', lang: '', voice: undefined }),
        speaking: false,
        pending: false,
        paused: false,
      });
      Object.defineProperty(window, 'speechSynthesis', { value: engine, configurable: true });
      // A real utterance needs a real voice; the stub's voices are plain objects.
      Object.defineProperty(window, 'SpeechSynthesisUtterance', {
        configurable: true,
        value: class {
          text: string;
          lang = '';
          voice: { name: string } | null = null;
          onend: (() => void) | null = null;
          onerror: (() => void) | null = null;
          constructor(text: string) {
            this.text = text;
          }
        },
      });
      Object.assign(window, { spoken });
      if (late)
        setTimeout(() => {
          listed = voices;
          engine.dispatchEvent(new Event('voiceschanged'));
        }, 500);
    },
    { voices, late },
  );
}

export const spoken = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { spoken: { text: string; lang: string; voice?: string }[] }).spoken,
  );
