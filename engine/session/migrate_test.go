package session_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// The fixtures follow pi's migration code (session-manager.js
// migrateV1ToV2 / migrateV2ToV3): v1 files have no version and no ids,
// compaction points at the first kept entry by its index among the file's
// parsed lines (header = 0); v2 files have ids but may hold role
// "hookMessage".

const v1Fixture = `{"type":"session","id":"11111111-1111-4111-8111-111111111111","timestamp":"2025-01-01T00:00:00.000Z","cwd":"/w"}
{"type":"message","timestamp":"2025-01-01T00:00:01.000Z","message":{"role":"user","content":"hi","timestamp":1}}
{"type":"message","timestamp":"2025-01-01T00:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":"yo"}],"provider":"p","model":"m","timestamp":2}}
{"type":"compaction","timestamp":"2025-01-01T00:00:03.000Z","summary":"sum","firstKeptEntryIndex":2,"tokensBefore":100}
{"type":"message","timestamp":"2025-01-01T00:00:04.000Z","message":{"role":"hookMessage","customType":"h","content":"x","display":true,"timestamp":4}}
`

// v1Want is the migrated file as pi writes it; I<n> stands for the n-th
// generated id.
const v1Want = `{"type":"session","id":"11111111-1111-4111-8111-111111111111","timestamp":"2025-01-01T00:00:00.000Z","cwd":"/w","version":3}
{"type":"message","timestamp":"2025-01-01T00:00:01.000Z","message":{"role":"user","content":"hi","timestamp":1},"id":"I1","parentId":null}
{"type":"message","timestamp":"2025-01-01T00:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":"yo"}],"provider":"p","model":"m","timestamp":2},"id":"I2","parentId":"I1"}
{"type":"compaction","timestamp":"2025-01-01T00:00:03.000Z","summary":"sum","tokensBefore":100,"id":"I3","parentId":"I2","firstKeptEntryId":"I2"}
{"type":"message","timestamp":"2025-01-01T00:00:04.000Z","message":{"role":"custom","customType":"h","content":"x","display":true,"timestamp":4},"id":"I4","parentId":"I3"}
`

const v2Fixture = `{"type":"session","version":2,"id":"22222222-2222-4222-8222-222222222222","timestamp":"2025-01-01T00:00:00.000Z","cwd":"/w"}
{"type":"message","id":"aaaaaaaa","parentId":null,"timestamp":"2025-01-01T00:00:01.000Z","message":{"role":"hookMessage","customType":"h","content":[{"type":"text","text":"x"}],"display":false,"timestamp":1}}
{"type":"message","id":"bbbbbbbb","parentId":"aaaaaaaa","timestamp":"2025-01-01T00:00:02.000Z","message":{"role":"user","content":"u","timestamp":2}}
`

const v2Want = `{"type":"session","version":3,"id":"22222222-2222-4222-8222-222222222222","timestamp":"2025-01-01T00:00:00.000Z","cwd":"/w"}
{"type":"message","id":"aaaaaaaa","parentId":null,"timestamp":"2025-01-01T00:00:01.000Z","message":{"role":"custom","customType":"h","content":[{"type":"text","text":"x"}],"display":false,"timestamp":1}}
{"type":"message","id":"bbbbbbbb","parentId":"aaaaaaaa","timestamp":"2025-01-01T00:00:02.000Z","message":{"role":"user","content":"u","timestamp":2}}
`

// normalizeIDs replaces the 8-hex-char ids of a migrated file by I1, I2…
// in order of first appearance.
func normalizeIDs(s string, keep ...string) string {
	names := map[string]string{}
	for _, k := range keep {
		names[k] = k
	}
	return regexp.MustCompile(`"[0-9a-f]{8}"`).ReplaceAllStringFunc(s, func(q string) string {
		if n, ok := names[q[1:9]]; ok {
			return `"` + n + `"`
		}
		n := "I" + string(rune('0'+len(names)+1-len(keep)))
		names[q[1:9]] = n
		return `"` + n + `"`
	})
}

func TestMigrateV1(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "v1.jsonl")
	if err := os.WriteFile(path, []byte(v1Fixture), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, warns, err := session.Open(path, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if len(warns) != 1 || !strings.Contains(warns[0].Text, "migrated from version 1 to 3") {
		t.Fatalf("warnings %v", warns)
	}
	b, _ := os.ReadFile(path)
	if got := normalizeIDs(string(b)); got != v1Want {
		t.Fatalf("migrated file\n%s\nwant\n%s", got, v1Want)
	}
	es := tr.Entries()
	if len(es) != 4 || tr.LeafID() != id(es[3]) || tr.Header().Version != 3 {
		t.Fatalf("entries %v leaf %s", es, tr.LeafID())
	}
	ctx := tr.BuildContext(tr.LeafID())
	roles := []string{}
	for _, m := range ctx.Messages {
		roles = append(roles, m["role"].(string))
	}
	if strings.Join(roles, ",") != "compactionSummary,assistant,custom" {
		t.Fatalf("context roles %v", roles)
	}
	// Reopening a migrated file changes nothing.
	again := mustOpen(t, path)
	if len(again.Entries()) != 4 {
		t.Fatal("reopen")
	}
	if b2, _ := os.ReadFile(path); string(b2) != string(b) {
		t.Fatal("second open rewrote the file")
	}
}

func TestMigrateV2(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "v2.jsonl")
	if err := os.WriteFile(path, []byte(v2Fixture), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, warns, err := session.Open(path, session.Options{})
	if err != nil || len(warns) != 1 {
		t.Fatal(err, warns)
	}
	defer tr.Close()
	if b, _ := os.ReadFile(path); string(b) != v2Want {
		t.Fatalf("migrated file\n%s\nwant\n%s", b, v2Want)
	}
	if tr.LeafID() != "bbbbbbbb" {
		t.Fatalf("leaf %s", tr.LeafID())
	}
}
