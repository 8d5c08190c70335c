-- Contracts sent for e-signature. Each version of a booking's contract is one row; a signed row is frozen
-- (its signed PDF and hashes are kept here, and the repository refuses to change it). The signing link's token is
-- kept only as its SHA-256, like sign-in tokens.
CREATE TABLE contracts (
  id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'sent', 'viewed', 'signed')),
  form TEXT NOT NULL,
  deal TEXT NOT NULL,
  paper_size TEXT NOT NULL CHECK (paper_size IN ('a4', 'letter')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sent_at TEXT,
  signed_at TEXT,
  signer_name TEXT,
  document_hash TEXT,
  signed_pdf BLOB,
  signed_pdf_hash TEXT,
  UNIQUE (booking_id, version)
);

-- The audit trail: every creation, edit, sending, view and the signature, with the address and browser it came from.
CREATE TABLE contract_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  contract_id TEXT NOT NULL REFERENCES contracts (id),
  type TEXT NOT NULL,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL
);
CREATE INDEX contract_events_contract ON contract_events (contract_id, seq);

-- One live signing link per contract at most: sending again replaces it, signing or a new edit removes it.
CREATE TABLE contract_links (
  token_hash TEXT PRIMARY KEY,
  contract_id TEXT NOT NULL UNIQUE REFERENCES contracts (id),
  expires_at TEXT NOT NULL
);

-- Files a mail carried (the signed contract's PDF), kept with the mail in the local outbox.
CREATE TABLE outbox_attachments (
  outbox_id INTEGER NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  content BLOB NOT NULL,
  PRIMARY KEY (outbox_id, position)
);
