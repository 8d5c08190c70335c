-- A project's uploaded photos and videos (project galleries are filled by upload, not by pasted addresses), as
-- JSON text of MediaItem[] in her order. NULL for a gallery stored before: read as none.
ALTER TABLE galleries ADD COLUMN media TEXT;
