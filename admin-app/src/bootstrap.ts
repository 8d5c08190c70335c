// This remote is consumed through its exposed ./app (see federation.config.cjs); the shell renders it. The entry
// exists so webpack emits the remote with an async boundary; it mounts nothing by itself.
export {};
