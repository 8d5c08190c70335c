// Every admin read is cached under this prefix, so the dashboard can forget them all at once when it goes.
export const adminKey = ['admin'] as const;
