// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time; Node's are equivalent.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
