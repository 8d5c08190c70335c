// The Cloud Storage stand-in of the server's tests (server/test/cloud-storage-stand-in.ts, loaded through tsx so there
// is one stand-in) as a process of its own, for the emulated Firebase home: Google's Storage emulator cannot run on
// these machines (firebase/README.md, "What runs and what stands in"). It keeps the bucket in memory until it is
// stopped, listens on a free port of 127.0.0.1, prints `listening on <url>` once it answers, then a line per request
// (`?` before one it does not understand, which the function's upload then fails on). emulators.mjs starts and stops it.
//   node firebase/scripts/storage-stand-in.mjs <bucket name>
import { tsImport } from 'tsx/esm/api';

const bucketName = process.argv[2];
if (!bucketName) {
  console.error('usage: node firebase/scripts/storage-stand-in.mjs <bucket name>');
  process.exit(2);
}

const { startCloudStorageStandIn } = await tsImport('../../server/test/cloud-storage-stand-in.ts', import.meta.url);
const standIn = await startCloudStorageStandIn(bucketName, {
  onRequest: (line, understood) => console.log(`${understood ? ' ' : '?'} ${line}`),
});
console.log(`listening on ${standIn.url}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    standIn.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
