export { TubeCodeInput, type TubeCodeInputProps } from './tube-code-input';
