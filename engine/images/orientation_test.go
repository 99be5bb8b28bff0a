package images

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// withOrientation puts an EXIF APP1 segment with orientation o (big- or
// little-endian TIFF) right after a JPEG's SOI marker.
func withOrientation(jpg []byte, o uint16, little bool) []byte {
	var order binary.AppendByteOrder = binary.BigEndian
	tiff := []byte("MM\x00\x2a")
	if little {
		order, tiff = binary.LittleEndian, []byte("II\x2a\x00")
	}
	tiff = order.AppendUint32(tiff, 8)
	tiff = order.AppendUint16(tiff, 1)      // one IFD entry
	tiff = order.AppendUint16(tiff, 0x0112) // Orientation
	tiff = order.AppendUint16(tiff, 3)      // SHORT
	tiff = order.AppendUint32(tiff, 1)
	tiff = order.AppendUint16(tiff, o)
	tiff = append(tiff, 0, 0, 0, 0, 0, 0)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := []byte{0xff, 0xe1}
	app1 = binary.BigEndian.AppendUint16(app1, uint16(len(seg)+2))
	out := append([]byte{0xff, 0xd8}, app1...)
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

func TestExifOrientation(t *testing.T) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	for _, little := range []bool{false, true} {
		for o := uint16(1); o <= 8; o++ {
			if got := exifOrientation(withOrientation(b.Bytes(), o, little)); got != int(o) {
				t.Errorf("orientation %d (little-endian %v) read as %d", o, little, got)
			}
		}
	}
	if got := exifOrientation(b.Bytes()); got != 1 {
		t.Errorf("no EXIF: %d", got)
	}
	if got := exifOrientation(withOrientation(b.Bytes(), 9, false)); got != 1 {
		t.Errorf("out of range: %d", got)
	}
}

// TestOrient: where each orientation puts the pixels of a 3x2 image
// (pi's photon flips and quarter turns).
func TestOrient(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for y := range 2 {
		for x := range 3 {
			src.Set(x, y, color.RGBA{uint8(1 + x + 3*y), 0, 0, 255})
		}
	}
	rows := func(img image.Image) string {
		var s string
		for y := range img.Bounds().Dy() {
			for x := range img.Bounds().Dx() {
				r, _, _, _ := img.At(x, y).RGBA()
				s += fmt.Sprint(r >> 8)
			}
			s += "/"
		}
		return s
	}
	for o, want := range map[int]string{1: "123/456/", 2: "321/654/", 3: "654/321/", 4: "456/123/",
		5: "14/25/36/", 6: "41/52/63/", 7: "63/52/41/", 8: "36/25/14/"} {
		if got := rows(orient(src, o)); got != want {
			t.Errorf("orientation %d: %s, want %s", o, got, want)
		}
	}
}

// A large JPEG turned a quarter by its EXIF data is measured and resized
// as shown.
func TestResizeAppliesOrientation(t *testing.T) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, picture(3000, 1000), &jpeg.Options{Quality: 50}); err != nil {
		t.Fatal(err)
	}
	r, ok := Resize(withOrientation(b.Bytes(), 6, false), "image/jpeg", ResizeOptions{})
	if !ok || r.OriginalWidth != 1000 || r.OriginalHeight != 3000 || r.Width != 667 || r.Height != 2000 {
		t.Fatalf("%v %dx%d -> %dx%d", ok, r.OriginalWidth, r.OriginalHeight, r.Width, r.Height)
	}
}
