export { PHISHING_PHRASES, detectPhishing } from './detect-phishing';
export type { PhishingPhrase, PhishingResult } from './detect-phishing';
