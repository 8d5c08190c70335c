// What any API route may answer besides its own statuses: the refusals of the shared hooks (a CSRF 403, a rate-limit
// 429, a 413 or 415 body, malformed JSON) and the server's own failures (500, 503), all in the one error shape.
import { apiErrorSchema } from '@studio/shared/schemas';

export const refusals = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;
