package bundler

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Caching has two levels, both keyed by the entry's absolute path (a
// Bundler's options are fixed, and part of the disk key) and both validated
// against the content stamps of every input (see fileStamp):
//
//   - memory: an LRU bounded by bytes of Code and SourceMap. A hit costs one
//     stat per input.
//   - disk (Options.CacheDir): one record per entry, holding the bundle
//     and the stamps it was built from, so a fresh process with unchanged
//     files skips esbuild (see diskCache.load for its layout). Records are written to a temp file and renamed
//     into place; a record that does not decode, has another format
//     version or belongs to other options is ignored and overwritten.
//
// Only successful bundles are cached: a failing extension is re-bundled on
// every call, which is what an author fixing it wants. Validation sees
// changes to recorded inputs only: a file that appears later and would now
// win resolution (a new package.json in an ancestor directory, helper.ts
// next to the helper.js that was used) goes unnoticed until a recorded
// input changes too.

// cacheRecord is a built bundle and the inputs it was built from.
type cacheRecord struct {
	Format      int         `json:"format"`      // recordFormat; other values are ignored
	Fingerprint string      `json:"fingerprint"` // the Bundler's options fingerprint
	Entry       string      `json:"entry"`
	Stamps      []fileStamp `json:"stamps"`
	Hash        string      `json:"hash"`
	Code        string      `json:"-"` // on disk after the header, CodeLen bytes
	SourceMap   string      `json:"-"` // then MapLen bytes
	CodeLen     int         `json:"codeLen"`
	MapLen      int         `json:"mapLen"`
	Async       bool        `json:"async,omitempty"`
	Warnings    []Message   `json:"warnings,omitempty"`
}

// recordFormat versions cacheRecord and the Code contract: bump it when
// either changes so old disk records are rebuilt. 2: regexp literals with
// Unicode property escapes are lowered to new RegExp. 3: TypeScript UMD
// bodies' require calls are bundled (unshadowUMDRequire). 4: names are
// kept (esbuild KeepNames). 5: lowered async generator functions are
// marked (markAsyncGenerators). 6: Code and SourceMap follow a JSON header
// as they are (diskCache.load). 7: for-of loops go through forOf
// (fastForOf). 8: forOf is read once per module and tells the loop
// whether it got the array (forOf.f); the loop reads a stepper's length
// and elements as an array's. 9: forOf gets V8's error text for a source
// that is not iterable.
const recordFormat = 9

func (r *cacheRecord) bundle(fromCache bool) *Bundle {
	return &Bundle{
		Entry:     r.Entry,
		Code:      r.Code,
		Hash:      r.Hash,
		Inputs:    stampPaths(r.Stamps),
		Async:     r.Async,
		SourceMap: r.SourceMap,
		Warnings:  append([]Message(nil), r.Warnings...),
		FromCache: fromCache,
	}
}

// size is what the record costs the memory cache, in bytes.
func (r *cacheRecord) size() int64 {
	n := len(r.Code) + len(r.SourceMap) + len(r.Entry) + len(r.Hash)
	for _, s := range r.Stamps {
		n += len(s.Path) + len(s.Sum) + 16
	}
	return int64(n)
}

// memCache is an LRU of cache records bounded by their total size. It is
// safe for concurrent use.
type memCache struct {
	limit int64 // in bytes; <= 0 disables the cache

	mu    sync.Mutex
	used  int64
	order *list.List // of *memItem, most recently used first
	items map[string]*list.Element
}

type memItem struct {
	key string
	rec *cacheRecord
}

func newMemCache(limit int64) *memCache {
	return &memCache{limit: limit, order: list.New(), items: make(map[string]*list.Element)}
}

func (c *memCache) get(key string) (*cacheRecord, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*memItem).rec, true
}

// put stores rec under key, evicting least recently used records until the
// total fits. A record larger than the whole limit is not kept.
func (c *memCache) put(key string, rec *cacheRecord) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.removeLocked(key)
	size := rec.size()
	if size > c.limit {
		return
	}
	c.items[key] = c.order.PushFront(&memItem{key: key, rec: rec})
	c.used += size
	for c.used > c.limit {
		c.removeLocked(c.order.Back().Value.(*memItem).key)
	}
}

func (c *memCache) remove(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.removeLocked(key)
}

// removeLocked drops key; c.mu must be held.
func (c *memCache) removeLocked(key string) {
	el, ok := c.items[key]
	if !ok {
		return
	}
	c.order.Remove(el)
	delete(c.items, key)
	c.used -= el.Value.(*memItem).rec.size()
}

// diskCache stores one record per entry under dir. The zero dir disables it.
type diskCache struct {
	dir         string
	fingerprint string
}

// path names the record for entry: a hash of the options fingerprint and
// the entry path, so different Bundler configurations never share records.
func (d diskCache) path(entry string) string {
	h := sha256.Sum256([]byte(d.fingerprint + "\x00" + entry))
	return filepath.Join(d.dir, hex.EncodeToString(h[:16])+".rec")
}

// load returns the record for entry, or false when there is none or it is
// unusable. It never fails: a broken record is just a miss.
//
// A record is a header line (the record as JSON, without the code and
// source map) and then Code and SourceMap as they are: decoding a whole
// bundle and its map as escaped JSON strings cost a fresh process with 20
// extensions about a tenth of its start-up CPU.
func (d diskCache) load(entry string) (*cacheRecord, bool) {
	if d.dir == "" {
		return nil, false
	}
	data, err := os.ReadFile(d.path(entry))
	if err != nil {
		return nil, false
	}
	header, body, ok := bytes.Cut(data, []byte("\n"))
	var rec cacheRecord
	if !ok || json.Unmarshal(header, &rec) != nil || rec.CodeLen < 0 || rec.MapLen < 0 || rec.CodeLen+rec.MapLen != len(body) {
		return nil, false
	}
	rec.Code, rec.SourceMap = string(body[:rec.CodeLen]), string(body[rec.CodeLen:])
	if rec.Format != recordFormat || rec.Fingerprint != d.fingerprint || rec.Entry != entry || rec.Hash == "" || len(rec.Stamps) == 0 {
		return nil, false
	}
	return &rec, true
}

// store writes rec atomically: readers see the old record or the new one,
// never a torn file.
func (d diskCache) store(rec *cacheRecord) error {
	if d.dir == "" {
		return nil
	}
	head := *rec
	head.CodeLen, head.MapLen = len(rec.Code), len(rec.SourceMap)
	header, err := json.Marshal(&head) // no raw newline: JSON escapes them
	if err != nil {
		return fmt.Errorf("encode cache record: %w", err)
	}
	data := make([]byte, 0, len(header)+1+len(rec.Code)+len(rec.SourceMap))
	data = append(append(append(append(data, header...), '\n'), rec.Code...), rec.SourceMap...)
	if err := os.MkdirAll(d.dir, 0o755); err != nil {
		return fmt.Errorf("create cache dir: %w", err)
	}
	dst := d.path(rec.Entry)
	tmp, err := os.CreateTemp(d.dir, filepath.Base(dst)+".tmp*")
	if err != nil {
		return fmt.Errorf("write cache record: %w", err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), dst)
	}
	if werr != nil {
		if rerr := os.Remove(tmp.Name()); rerr != nil && !os.IsNotExist(rerr) {
			return fmt.Errorf("write cache record: %w; additionally, cleanup: %w", werr, rerr)
		}
		return fmt.Errorf("write cache record: %w", werr)
	}
	return nil
}
