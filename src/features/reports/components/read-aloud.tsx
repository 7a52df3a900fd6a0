import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';

/** The phone's Chinese voice, when its speech engine has one (the list may arrive after the page). */
function useChineseVoice(): SpeechSynthesisVoice | null {
  const synth = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
  const pick = () => {
    const voices = synth?.getVoices() ?? [];
    const chinese = voices.filter((voice) => /^(zh|cmn)\b/i.test(voice.lang));
    return chinese.find((voice) => /^zh[-_]CN$/i.test(voice.lang)) ?? chinese[0] ?? null;
  };
  const [voice, setVoice] = useState(pick);
  useEffect(() => {
    if (!synth) return;
    const update = () => setVoice(pick);
    synth.addEventListener('voiceschanged', update);
    return () => {
      synth.removeEventListener('voiceschanged', update);
      // Leaving the page stops what it was reading.
      synth.cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the engine is the window's, fixed for the page
  }, []);
  return voice;
}

/**
 * 朗读: reads `text` aloud with the phone's Chinese voice; 停止朗读 while it reads. Without a Chinese
 * voice (or no speech engine at all) there is no button: a voice of another language would read the
 * characters wrongly or not at all.
 */
export function ReadAloud({ text, className }: { text: string; className?: string }) {
  const voice = useChineseVoice();
  const [speaking, setSpeaking] = useState(false);
  if (!voice) return null;
  const synth = window.speechSynthesis;
  const toggle = () => {
    synth.cancel();
    if (speaking) {
      setSpeaking(false);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    setSpeaking(true);
    synth.speak(utterance);
  };
  return (
    <Button className={className} color="primary" fill="outline" aria-pressed={speaking} onClick={toggle}>
      {speaking ? '停止朗读' : '朗读'}
    </Button>
  );
}
