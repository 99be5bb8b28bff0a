package pkgmgr_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// The install root's package-lock.json has npm 11's form (what
// TestRootLockfileMatchesNpm checks against npm itself, kept here for
// machines without npm): lockfileVersion 3, the root entry, entries with
// the metadata npm copies (license type, funding as an object, an alias's
// real name, an optional peer, the platform of an optional package left
// out) in json-stringify-nice's order, no "resolved" with
// omit-lockfile-registry-resolved.
func TestRootLockfileFormat(t *testing.T) {
	e := newEnv(t)
	publishLockPackages(e)
	os.WriteFile(filepath.Join(e.m.Home, ".npmrc"), []byte("omit-lockfile-registry-resolved=true\n"), 0o644)
	for _, p := range []string{"npm:a", "npm:b", "npm:@sc/peer"} {
		e.install(p, pkgmgr.User)
	}
	b, err := os.ReadFile(filepath.Join(e.m.AgentDir, "npm", "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	got := regexp.MustCompile(`"sha512-[^"]+"`).ReplaceAllString(string(b), `"sha512"`)
	_, other := nodeOS()
	if want := strings.ReplaceAll(wantRootLock, "OTHER", other); got != want {
		t.Errorf("package-lock.json:\n%s\nwant\n%s", got, want)
	}
}

const wantRootLock = `{
  "name": "pi-extensions",
  "lockfileVersion": 3,
  "requires": true,
  "packages": {
    "": {
      "name": "pi-extensions",
      "dependencies": {
        "@sc/peer": "^1.0.0",
        "a": "^1.0.0",
        "b": "^1.0.0"
      }
    },
    "node_modules/@sc/peer": {
      "version": "1.0.0",
      "integrity": "sha512",
      "deprecated": "use something else",
      "hasInstallScript": true,
      "peerDependencies": {
        "host": "*"
      },
      "peerDependenciesMeta": {
        "host": {
          "optional": true
        }
      }
    },
    "node_modules/a": {
      "version": "1.0.0",
      "integrity": "sha512",
      "license": "MIT",
      "dependencies": {
        "dep": "^1.0.0"
      },
      "bin": {
        "a": "cli.js"
      },
      "engines": {
        "node": ">=18"
      },
      "funding": {
        "url": "https://example.test/fund"
      },
      "optionalDependencies": {
        "far": "^1.0.0",
        "opt": "^1.0.0"
      }
    },
    "node_modules/al": {
      "name": "dep",
      "version": "1.0.0",
      "integrity": "sha512"
    },
    "node_modules/b": {
      "version": "1.0.0",
      "integrity": "sha512",
      "dependencies": {
        "al": "npm:dep@^1.0.0",
        "dep": "^2.0.0"
      }
    },
    "node_modules/b/node_modules/dep": {
      "version": "2.0.0",
      "integrity": "sha512"
    },
    "node_modules/dep": {
      "version": "1.0.0",
      "integrity": "sha512"
    },
    "node_modules/far": {
      "version": "1.0.0",
      "integrity": "sha512",
      "optional": true,
      "os": [
        "OTHER"
      ]
    },
    "node_modules/opt": {
      "version": "1.0.0",
      "integrity": "sha512",
      "optional": true
    }
  }
}
`
