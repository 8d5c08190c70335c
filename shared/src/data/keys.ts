// Cache keys that more than one app uses. The admin's writes live in admin-app and the pages that show what they
// change live in public-site; both run in one page with one cache, so they meet on these keys.

/** Every public read of availability starts with this, so one invalidation drops them all. */
export const availabilityKey = ['availability'] as const;
export const publicAvailabilityKey = [...availabilityKey, 'public'] as const;

/** The public reads of what the admin edits in her content tab: her saves drop them. */
export const servicesKey = ['services'] as const;
export const portfolioKey = ['portfolio'] as const;
export const siteKey = ['site'] as const;
