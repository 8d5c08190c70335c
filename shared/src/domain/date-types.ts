// How dates and times travel between the browser, the server and storage: ISO calendar dates ('YYYY-MM-DD'),
// timestamps ISO 8601 strings; a time of day is 'HH:MM' and a slot 'HH:MM-HH:MM'.

export type IsoDate = string;
export type IsoTimestamp = string;
