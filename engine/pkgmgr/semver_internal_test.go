package pkgmgr

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// npm's node-semver answers for a table of ranges and versions (pi
// resolves with it; the table was checked against it, and is again when
// node and the package are here).
var semverTable = map[string]string{
	"1.2":              "1.2.0 1.2.3 1.2.9",
	"^0.2.3":           "0.2.3 0.2.9",
	"^0.0.3":           "0.0.3",
	"~1.2":             "1.2.0 1.2.3 1.2.9",
	"1.x || >=2.5.0":   "1.0.0 1.2.0 1.2.3 1.2.9 1.3.0 2.5.0 2.9.9",
	">=1.0.0 <2.0.0":   "1.0.0 1.2.0 1.2.3 1.2.9 1.3.0",
	"1.2.3 - 2.3.4":    "1.2.3 1.2.9 1.3.0 2.0.0 2.3.4",
	"*":                "0.0.3 0.2.3 0.2.9 1.0.0 1.2.0 1.2.3 1.2.9 1.3.0 2.0.0 2.3.4 2.5.0 2.9.9",
	"^1.2.3-beta.2":    "1.2.3 1.2.3-beta.4 1.2.9 1.3.0",
	"~1.2.3-beta":      "1.2.3 1.2.3-beta.4 1.2.9",
	"<=1.2":            "0.0.3 0.2.3 0.2.9 1.0.0 1.2.0 1.2.3 1.2.9",
	"=1.2.3":           "1.2.3",
	">1.2":             "1.3.0 2.0.0 2.3.4 2.5.0 2.9.9",
	"1.2 - 2":          "1.2.0 1.2.3 1.2.9 1.3.0 2.0.0 2.3.4 2.5.0 2.9.9",
	"":                 "0.0.3 0.2.3 0.2.9 1.0.0 1.2.0 1.2.3 1.2.9 1.3.0 2.0.0 2.3.4 2.5.0 2.9.9",
	">=2.0.0-0 <3.0.0": "2.0.0 2.3.4 2.5.0 2.9.9",
}

var semverVersions = strings.Fields("0.0.3 0.2.3 0.2.9 1.0.0 1.2.0 1.2.3 1.2.3-beta.4 1.2.4-beta 1.2.9 1.3.0 1.3.0-0 2.0.0 2.3.4 2.5.0 2.9.9 3.0.0-alpha")

func TestRangesAsNpm(t *testing.T) {
	got := map[string]string{}
	for r := range semverTable {
		var in []string
		for _, v := range semverVersions {
			if satisfies(v, r) {
				in = append(in, v)
			}
		}
		got[r] = strings.Join(in, " ")
		if got[r] != semverTable[r] {
			t.Errorf("%q matches %q, npm: %q", r, got[r], semverTable[r])
		}
	}
	// The table itself, against node-semver when it is here.
	mod, _ := filepath.Abs(filepath.Join("..", "..", "node_modules", "semver"))
	node, err := exec.LookPath("node")
	if _, serr := os.Stat(mod); testing.Short() || err != nil || serr != nil {
		return
	}
	script := `const s = require(process.argv[1]); const vs = process.argv[2].split(" ");
for (const r of process.argv.slice(3)) console.log(r + "\t" + vs.filter(v => s.satisfies(v, r)).join(" "));`
	args := []string{"-e", script, mod, strings.Join(semverVersions, " ")}
	for r := range semverTable {
		args = append(args, r)
	}
	out, err := exec.Command(node, args...).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		r, vs, _ := strings.Cut(line, "\t")
		if semverTable[r] != vs {
			t.Errorf("node-semver: %q matches %q, the table says %q", r, vs, semverTable[r])
		}
	}
}
