export { GrowingTextArea, type GrowingTextAreaProps } from './growing-text-area';
