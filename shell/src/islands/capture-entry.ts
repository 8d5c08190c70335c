// The head script's part for islands (shell/webpack.config.cjs appends it to /theme-init.js): the capture starts
// before the body is parsed and waits there for the loader (island-loader.ts) under one global.
import { CAPTURE_GLOBAL, installIslandCapture } from './island-capture';

(window as unknown as Record<string, unknown>)[CAPTURE_GLOBAL] = installIslandCapture(document);
