// The emulator suite's setup: every Firestore query a test makes is held to firestore.indexes.json as Google's
// Firestore would hold it (support/firestore-index-guard.ts), so a store's query without its index fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { guardQueries, type IndexSpec } from './firestore-index-guard';

guardQueries(JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'firestore.indexes.json'), 'utf8')) as IndexSpec);
