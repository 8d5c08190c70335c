// One answer to "may this value be submitted?": the phishing phrases plus HTML/script content. SecureForm uses it;
// apps with their own forms can call it too.
import { detectPhishing, type PhishingPhrase } from '../phishing/detect-phishing';
import { containsMarkup } from '../sanitize/contains-markup';

export type SuspiciousReason = 'phishing' | 'markup';

export interface InputInspection {
  suspicious: boolean;
  reasons: SuspiciousReason[];
  phishingMatches: PhishingPhrase[];
}

export function inspectInput(text: string): InputInspection {
  const { matches } = detectPhishing(text);
  const reasons: SuspiciousReason[] = [];
  if (matches.length > 0) reasons.push('phishing');
  if (containsMarkup(text)) reasons.push('markup');
  return { suspicious: reasons.length > 0, reasons, phishingMatches: matches };
}

export const isSuspiciousInput = (text: string): boolean => inspectInput(text).suspicious;
