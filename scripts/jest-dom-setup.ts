import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder, which react-router needs at import time.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// findBy… and waitFor wait for a condition, polling; their 1 s default ceiling is a guess at speed that a busy two-core
// machine (the whole suite, with the servers these tests call) misses without anything being wrong. The ceiling only
// bounds how long a broken test takes to fail; a passing one still goes on as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });
