-- The admin's uploads (server/README.md, media): one row per upload that was processed whole. A row is
-- written only after every public file is in place, and removed before its files are, so a row never names a
-- missing file; files without a row (a crash in between) are swept at the next start (src/media/media-store.ts).
CREATE TABLE media (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'video')),
  -- What the bytes are (sniffed), never what the file name or the browser said.
  format TEXT NOT NULL,
  section TEXT NOT NULL,
  alt TEXT NOT NULL,
  -- Natural size after the EXIF orientation is applied (images); NULL for a video.
  width INTEGER,
  height INTEGER,
  -- The original's size in bytes; the original itself is DATA_DIR/media-originals/<id>.<format>, never served.
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  -- The MediaItem answered to the upload (JSON): public URLs, srcSet, placeholder, poster.
  item TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX media_section ON media (section, created_at);
