package engine

import "unicode/utf16"

// UTF16Len is the length of s as JavaScript counts it (UTF-16 code
// units): what a string's length means to the pi code pigo matches.
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// UTF16Prefix is s cut to at most n UTF-16 code units without splitting a
// character (pi's sliceHead; JavaScript's slice, minus a trailing half
// surrogate pair).
func UTF16Prefix(s string, n int) string {
	units := 0
	for i, r := range s {
		w := utf16.RuneLen(r)
		if units+w > n {
			return s[:i]
		}
		units += w
	}
	return s
}
