package saves

// SyncDir flushes a folder's entries to the disk, so that files created,
// renamed or removed in it stay so after a power cut. It does nothing on
// Windows and on file systems that cannot flush a folder.
func SyncDir(dir string) error { return syncDir(dir) }
