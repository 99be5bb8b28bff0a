package session

// EncodeEntry exposes encodeEntry to the black-box tests: an entry as pi
// would write it, without the newline.
func EncodeEntry(e Entry) []byte { return encodeEntry(e) }
