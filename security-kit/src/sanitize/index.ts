export { sanitizeInput, sanitizeWithDom } from './sanitize-input';
export { sanitizeWithoutDom, stripMarkup, decodeBasicEntities } from './strip-markup';
export { containsMarkup } from './contains-markup';
