-- Versioned deploys of the remotes (docs/deploy.md "Deploying a remote on its own"). Each uploaded build
-- is an immutable, content-addressed version (its folder is DATA_DIR/remotes/<remote>/<version>); which version is
-- live is one row per remote, so a switch is one transaction; every switch is kept as history. Deploy tokens are kept
-- only as their SHA-256, like sign-in tokens and session ids.

CREATE TABLE remote_versions (
  remote TEXT NOT NULL,
  -- The first 16 hex digits of the SHA-256 over the build's file names and contents: the same build is the same version.
  version TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Who deployed it: the name the deploy command sent, and the label of the token it used.
  deployed_by TEXT NOT NULL,
  token_label TEXT NOT NULL,
  -- JSON: file count, bytes, the shared singletons' versions and the exposed modules the gate read.
  summary TEXT NOT NULL,
  PRIMARY KEY (remote, version)
);

-- No row: the remote's build output (npm run build) is live, as before any deploy.
CREATE TABLE remote_live (
  remote TEXT PRIMARY KEY,
  version TEXT NOT NULL,
  switched_at TEXT NOT NULL
);

CREATE TABLE remote_switches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  remote TEXT NOT NULL,
  from_version TEXT,
  to_version TEXT NOT NULL,
  switched_at TEXT NOT NULL,
  switched_by TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('deploy', 'rollback'))
);
CREATE INDEX remote_switches_remote ON remote_switches (remote, id);

CREATE TABLE deploy_tokens (
  id TEXT PRIMARY KEY,
  remote TEXT NOT NULL,
  label TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX deploy_tokens_remote ON deploy_tokens (remote);
