// Package locale orders strings as JavaScript's String.prototype.localeCompare
// does with no locale given (ICU's root collation), for the lists pi sorts
// that way.
package locale

import (
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

var (
	collatorMu sync.Mutex // a Collator keeps buffers: one comparison at a time
	collator   = collate.New(language.Und)
)

// Compare orders a and b as a.localeCompare(b) does: negative, zero or
// positive.
func Compare(a, b string) int {
	collatorMu.Lock()
	defer collatorMu.Unlock()
	return collator.CompareString(a, b)
}
