package bundled_test

import (
	"testing"

	"github.com/pigo-dev/pigo/bundled"
)

func TestManifestMatchesSources(t *testing.T) {
	srcs := bundled.Sources()
	for _, id := range bundled.DefaultManifest() {
		if srcs[id] == "" {
			t.Errorf("manifest lists %s but no source is embedded", id)
		}
	}
	if len(srcs) != len(bundled.DefaultManifest()) {
		t.Errorf("%d sources, %d in the manifest", len(srcs), len(bundled.DefaultManifest()))
	}
}
