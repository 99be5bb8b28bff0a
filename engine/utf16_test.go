package engine

import "testing"

func TestUTF16(t *testing.T) {
	t.Parallel()
	s := "a😀é" // 1 + 2 + 1 units
	if n := UTF16Len(s); n != 4 {
		t.Errorf("UTF16Len = %d, want 4", n)
	}
	for n, want := range map[int]string{0: "", 1: "a", 2: "a", 3: "a😀", 4: s, 9: s} {
		if got := UTF16Prefix(s, n); got != want {
			t.Errorf("UTF16Prefix(%d) = %q, want %q", n, got, want)
		}
	}
	// A cut inside a surrogate pair leaves the whole character out.
	for n, want := range map[int]string{1: "", 2: "😀", 3: "😀a"} {
		if got := UTF16Prefix("😀ab", n); got != want {
			t.Errorf("UTF16Prefix(😀ab, %d) = %q, want %q", n, got, want)
		}
	}
}
