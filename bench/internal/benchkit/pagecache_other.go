//go:build !linux

package benchkit

// dropFromPageCache does nothing where RSS is not read from /proc.
func dropFromPageCache(string) error { return nil }
