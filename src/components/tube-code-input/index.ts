export { TubeCodeInput, normalizeTubeCode, type TubeCodeInputProps } from './tube-code-input';
export { SCAN_UNSUPPORTED_MESSAGE } from './camera-support';
