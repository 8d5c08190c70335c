-- Passkeys for the admin (docs/architecture.md, sign-in): her WebAuthn credentials, the one-time recovery code, the
-- short-lived state between the e-mail link and the passkey, and the single-use challenges. Secrets (recovery codes,
-- pending states) are kept only as their SHA-256, like sign-in tokens and session ids.

-- The WebAuthn user handle: one random id per e-mail, the same for every passkey she adds.
CREATE TABLE passkey_users (
  email TEXT PRIMARY KEY,
  user_handle TEXT NOT NULL UNIQUE
);

CREATE TABLE passkeys (
  -- The credential id, base64url, as the authenticator names it.
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL CHECK (counter >= 0),
  transports TEXT NOT NULL DEFAULT '[]',
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX passkeys_email ON passkeys (email);

CREATE TABLE recovery_codes (
  code_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX recovery_codes_email ON recovery_codes (email);

-- After the e-mail link, before the passkey: not a session. Ends at the passkey, the recovery code, too many wrong
-- answers, or its expiry.
CREATE TABLE pending_sign_ins (
  id_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0
);

-- One live challenge per owner (a session's or a pending sign-in's hash) and purpose; spent by its first use.
CREATE TABLE webauthn_challenges (
  owner_hash TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('registration', 'authentication')),
  challenge TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (owner_hash, purpose)
);
