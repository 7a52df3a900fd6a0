export { confirmExternalLink } from './external-link';
