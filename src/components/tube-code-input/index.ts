export { TubeCodeInput, normalizeTubeCode, type TubeCodeInputProps } from './tube-code-input';
