// A child process of the server ends when the server does, however the server ended. A server killed with SIGKILL
// runs no shutdown code, and before this its demo-image renderer went on encoding for minutes (190-345 MB and 60% CPU
// each), so nine crashes in a row left nine of them slowing the next start from 2 s to over 30 s.
//
// The child watches its IPC channel to the server: the kernel closes the server's end when its process is gone, so
// the channel disconnects. (Polling process.ppid would not do: Node 20 reads it once, at start.) The sandboxed page
// renderer, whose event loop a hostile entry may block so that no handler ever runs, is also started with a
// parent-death signal (features/pages/render-process.ts).

/** Calls `stop` (by default: exit at once) once the server that started this process has ended. */
export function exitWithParent(stop: () => void = () => process.exit(0)): void {
  // Started without an IPC channel (by hand, from a shell): nothing to watch, and nobody to outlive.
  if (!process.send) return;
  // The server may be gone before this line ran: under a loader (tsx) the module loads asynchronously, and the
  // channel may have disconnected meanwhile, its event already past.
  if (!process.connected) {
    stop();
    return;
  }
  process.once('disconnect', stop);
}
